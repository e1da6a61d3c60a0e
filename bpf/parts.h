/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What each of auxerr-bpfd's noting programs gives, and what this kernel
 * left out (parts.c): the loader leaves out, by program name, what the
 * kernel lacks or refuses, and writes the status lines from it.
 */
#ifndef AUXERR_BPF_PARTS_H
#define AUXERR_BPF_PARTS_H

#include <stddef.h>
#include <bpf/btf.h>

/*
 * A noting program's part of a mechanism: its status line (NULL: none,
 * a stand-in for another program), what is lost without it (NULL: the
 * whole mechanism), the functions it may attach to (the first this
 * kernel has; kernels renamed some), and for a function that exists only
 * since the kernel gained the feature it serves, that version (major *
 * 100 + minor): on an older kernel nothing is lost without it.
 */
struct part {
	const char *prog;
	const char *mech;
	const char *gives;
	const char *funcs[3];
	int since;
};

extern const struct part parts[];
extern const size_t nparts;

/* the first part of program @name, NULL for a program of no mechanism */
const struct part *parts_of(const char *name);
/* the programs without which the backend does not load */
int parts_required(const char *name);
/* leave program @name out, for @why ("-": nothing lost); says so */
void parts_leave_out(const char *name, const char *why);
int parts_left_out(const char *name);
/* @name's parts are in after all (a stand-in took its place) */
void parts_put_back(const char *name);
/* @name's parts are out for @why, said by the caller */
void parts_set_why(const char *name, const char *why);

/* why an attach failed, for errno @e */
const char *parts_attach_error(int e);
/* the running kernel, major * 100 + minor */
int parts_kernel_version(void);

/* libbpf's messages, watched for the program a failed load names */
void parts_watch_libbpf(void);
const char *parts_failed_prog(void);
const char *parts_failed_why(void);
void parts_forget_failure(void);

/*
 * The status lines into @buf (of @size): "kernel RELEASE", "exit
 * @exit_prog", then per mechanism "NAME live", "NAME partial: WHAT: WHY;
 * ..." or "NAME unavailable: WHY" (docs/bpf-backend.md).  Returns the
 * length.
 */
size_t parts_status(const struct btf *btf, const char *exit_prog, char *buf, size_t size);

#endif
