// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lsm=yama: kernel.yama.ptrace_scope.
 */
#include <string.h>

#include "mech.h"
#include "text.h"

void auxerr__yama_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *scope = auxerr__aux(r, "ptrace_scope");
	const char *rel = auxerr__aux(r, "relation");
	const char *opid = auxerr__aux(r, "opid");

	static const char *const used[] = { "lsm", NULL };

	if (!scope) {
		auxerr__buf_printf(b, "%s", _("denied by Yama"));
		auxerr__facts_list(b, f, used);
		return;
	}
	auxerr__buf_printf(b, _("denied by Yama (kernel.yama.ptrace_scope = %s): "), scope);
	if (rel && strcmp(rel, "not_descendant") == 0)
		auxerr__buf_printf(b, _("process %s is not a descendant of the caller and has not declared it as its tracer"),
			  opid ? opid : "?");
	else if (strcmp(scope, "2") == 0)
		auxerr__buf_printf(b, "%s", _("only a process with CAP_SYS_PTRACE may attach"));
	else if (strcmp(scope, "3") == 0)
		auxerr__buf_printf(b, "%s", _("no process may attach"));
	else
		auxerr__buf_printf(b, _("process %s may not be traced by the caller"),
			  opid ? opid : "?");
}

void auxerr__yama_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *scope = auxerr__aux(r, "ptrace_scope"), *opid = auxerr__aux(r, "opid");
	const char *rel = auxerr__aux(r, "relation");
	struct auxerr_buf b = { 0 };

	if (!opid)
		opid = "?";
	if (scope && strcmp(scope, "1") == 0 && rel &&
	    strcmp(rel, "not_descendant") == 0) {
		/* the protection works as meant: first what needs no change */
		m->command = auxerr__xstrdup(&m->oom, "sysctl -w kernel.yama.ptrace_scope=0");
		auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
		m->weakens = auxerr__xstrdup(&m->oom, _("any process may then trace every other process of the same user, and read its memory and secrets"));
		auxerr__buf_printf(&b, _("Yama lets a process trace only its descendants: start the program under the tracer, or have process %s allow the tracer with prctl(PR_SET_PTRACER); failing that, root can loosen the policy for every process (kernel.yama.ptrace_scope = 1 becomes 0)"),
			   opid);
	} else if (scope && strcmp(scope, "2") == 0) {
		auxerr__one_capability(m, f, &b, "sys_ptrace",
			       _("Yama (kernel.yama.ptrace_scope = 2) lets only a process with CAP_SYS_PTRACE attach"));
		m->weakens = auxerr__xstrdup(&m->oom, _(AUXERR_SYS_PTRACE_WEAKENS));
	} else if (scope && strcmp(scope, "3") == 0) {
		auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
		m->weakens = auxerr__xstrdup(&m->oom, _("processes of the same user may then trace each other"));
		auxerr__buf_str(&b, _("Yama (kernel.yama.ptrace_scope = 3) forbids attaching until the next boot: only booting with a lower kernel.yama.ptrace_scope, which root sets in /etc/sysctl.d, allows it"));
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
		auxerr__buf_printf(&b, _("Yama (kernel.yama.ptrace_scope = %s) does not let the caller trace process %s"),
			   scope ? scope : "?", opid);
	}
	auxerr__remedy_say(m, &b);
}
