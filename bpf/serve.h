/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef AUXERR_BPF_SERVE_H
#define AUXERR_BPF_SERVE_H

#include <stddef.h>

#include "auxerr.h"

/* auxerr-bpfd --serve: the flush service (serve.c); @map_path is the
 * pinned task-storage map of the threads' records.  Runs until killed. */
int auxerr_bpf_serve(const char *map_path);

/* The single-line text of record @r of thread @tid of process @pid (its
 * /proc entries give auid, ses, tty, exe, cwd and proctitle), as the audit
 * user message AUXB_AUDIT_TYPE carries it (docs/bpf-backend.md).
 * Returns its length, or -1 when it does not fit in @len. */
int auxerr_bpf_render(const struct auxb_rec *r, int pid, int tid, char *out,
		      size_t len);

#endif
