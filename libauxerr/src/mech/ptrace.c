// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=ptrace: the ptrace access rules (other ids, not dumpable).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static void ptrace_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *reason = auxerr__aux(r, "reason");
	const char *opid = auxerr__aux(r, "opid");
	const char *uid = f->subject.uid.text;

	if (!opid)
		opid = "?";
	if (!uid)
		uid = "?";
	if (reason && strcmp(reason, "creds") == 0)
		auxerr__buf_printf(b, _("denied by the ptrace access rules: process %s runs with other user or group ids than uid %s, which lacks CAP_SYS_PTRACE"),
			  opid, uid);
	else if (reason && strcmp(reason, "not_dumpable") == 0)
		auxerr__buf_printf(b, _("denied by the ptrace access rules: process %s is not dumpable, and uid %s lacks CAP_SYS_PTRACE"),
			  opid, uid);
	else {
		auxerr__buf_printf(b, "%s", _("denied by the ptrace access rules"));
		auxerr__facts_list(b, f, NULL);
	}
}

static void ptrace_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *reason = auxerr__aux(r, "reason"), *opid = auxerr__aux(r, "opid");
	struct auxerr_buf b = { 0 };
	char *why;

	if (!opid)
		opid = "?";
	if (reason && strcmp(reason, "not_dumpable") == 0)
		why = auxerr__xprintf(&m->oom, _("Process %s is not dumpable (it changed its ids or made itself so), and only CAP_SYS_PTRACE passes that check"),
			      opid);
	else
		why = auxerr__xprintf(&m->oom, _("Process %s runs with other user or group ids than the caller, and only CAP_SYS_PTRACE passes that check"),
			      opid);
	auxerr__one_capability(m, f, &b, "sys_ptrace", why);
	m->weakens = auxerr__xstrdup(&m->oom, _(AUXERR_SYS_PTRACE_WEAKENS));
	auxerr__remedy_say(m, &b);
	free(why);
}

const struct auxerr_mech auxerr__mech_ptrace = {
	.name = "ptrace",
	.sentence = ptrace_sentence,
	.remedy = ptrace_remedy,
};
