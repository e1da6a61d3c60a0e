// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The interpretations libauparse lacks, for AUXERR facts it has no name
 * for (see auxerr_record_interpret(3)):
 *  - The kernel avoids names auparse would misread (syscall=, hook=,
 *    data=: docs/stock-tools.md).  Seccomp's nr= is interpreted here as a
 *    system call name (with the record's arch=, else the SYSCALL
 *    record's), the sticky directory's dir_mode= and dir_ouid= as auparse
 *    interprets mode= and ouid=, a signal target's saved uid osuid= as
 *    ouid=, the group a chgrp asked for, ngid=, as ogid=, and capset's
 *    bounding set cap_bnd= as the capability set cap_pp= (auparse names
 *    cap_pi/cap_pp/cap_pe and new_pi/new_pp/new_pe itself), and a System
 *    V IPC object's creator cuid= and cgid= as ouid= and ogid=.
 *  - String fields it does not know (component=, mnt_point=, sb=, the
 *    sandbox maker's creator_comm= and creator_exe=, fd_name=, key_type=,
 *    key_desc=) are not
 *    decoded: a quoted value keeps its quotes, a hex one stays hex.  We let
 *    auparse decode them as the cwd= of a one-line CWD record: those
 *    names whether quoted or hex, any other name when quoted.
 * Called with the auparse lock held (auparse.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <auparse.h>
#include <libaudit.h>

#include "record.h"

/*
 * A value as auparse interprets field @as: "cwd" decodes a string that
 * auparse does not know by name (component=, mnt_point=), "mode" and
 * "ouid" give dir_mode= and dir_ouid= the interpretation of their
 * namesakes.  A one-line record of that field, so that no decoding is
 * done by hand here.  NULL if it does not work out.
 */
static char *interpret_as(const char *as, const char *raw)
{
	char line[8192];
	char *out = NULL;
	int n = snprintf(line, sizeof(line),
			 "type=CWD msg=audit(1.000:1): %s=%s\n", as, raw);

	if (n < 0 || (size_t)n >= sizeof(line) || strpbrk(raw, " \n"))
		return NULL;
	auparse_state_t *au = auxerr__auparse_state(line, (size_t)n);
	if (!au)
		return NULL;
	if (auparse_next_event(au) > 0 && auparse_find_field(au, as)) {
		const char *v = auparse_interpret_field(au);
		if (v)
			out = strdup(v);
	}
	return out;
}

/* the field auparse should interpret an AUXERR field @name as, or NULL */
static const char *interpret_like(const char *name)
{
	static const struct {
		const char *name, *as;
	} like[] = {
		{ "component", "cwd" },
		{ "mnt_point", "cwd" },
		{ "sb", "cwd" },
		{ "creator_comm", "cwd" },
		{ "creator_exe", "cwd" },
		{ "dir_mode", "mode" },
		{ "dir_ouid", "ouid" },
		{ "osuid", "ouid" },
		{ "ngid", "ogid" },
		{ "oruid", "ouid" },
		{ "orgid", "ogid" },
		{ "osgid", "ogid" },
		{ "proc_gid", "ogid" },
		{ "mount_uid", "ouid" },
		{ "mount_gid", "ogid" },
		{ "cgroup", "cwd" },
		{ "sysctl_write", "cwd" },
		{ "fd_name", "cwd" },
		{ "key_type", "cwd" },
		{ "key_desc", "cwd" },
		{ "lsm_bools", "cwd" },
		{ "cap_bnd", "cap_pp" },
		{ "cuid", "ouid" },
		{ "cgid", "ogid" },
	};
	for (size_t i = 0; i < sizeof(like) / sizeof(like[0]); i++)
		if (strcmp(name, like[i].name) == 0)
			return like[i].as;
	return NULL;
}

/* the interpretations described at the top of this file */
int auxerr__interpret_extra(struct auxerr_record *r)
{
	for (unsigned i = 0; i < r->nrecs; i++) {
		struct rec *c = &r->recs[i];
		if (c->type != AUXERR_RECORD_TYPE)
			continue;
		unsigned arch = r->arch;
		for (unsigned j = 0; j < c->nfields; j++) {
			if (strcmp(c->fields[j].name, "arch") == 0) {
				char *end;
				unsigned long a = strtoul(c->fields[j].raw, &end, 16);
				if (!*end && a <= UINT32_MAX)
					arch = (unsigned)a;
			}
		}
		for (unsigned j = 0; j < c->nfields; j++) {
			struct field *f = &c->fields[j];
			const char *as;
			char *v = NULL;
			if (strcmp(f->name, "nr") == 0) {
				char *end;
				long nr = strtol(f->raw, &end, 10);
				int mach = audit_elf_to_machine(arch);
				const char *s = (*end || mach < 0) ? NULL :
					audit_syscall_to_name((int)nr, mach);
				if (!s)
					continue;
				v = strdup(s);
			} else if (strcmp(f->raw, f->interp) == 0 &&
				   ((as = interpret_like(f->name)) ||
				    (f->raw[0] == '"' && (as = "cwd")))) {
				/* known names, and any other quoted string */
				v = interpret_as(as, f->raw);
				if (!v)
					continue;
			} else {
				continue;
			}
			if (!v)
				return -1;
			free(f->interp);
			f->interp = v;
		}
	}
	return 0;
}
