// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=ptrace: the ptrace access rules (other ids, not dumpable).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* the record names the target's ids (ouid=...), or says they are hidden */
static int has_ids(const struct auxerr_record *r)
{
	return auxerr__aux(r, "ouid") || auxerr__aux(r, "ids");
}

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
	if (reason && strcmp(reason, "creds") == 0 && has_ids(r)) {
		/* "...: process 812 belongs to another user (root): its user
		 * and group ids must all be the caller's, and uid 65534 lacks
		 * CAP_SYS_PTRACE" */
		auxerr__buf_str(b, _("denied by the ptrace access rules: "));
		auxerr__target_owner(b, f);
		auxerr__buf_printf(b, _(": its real, effective and saved user and group ids must all be the caller's, and uid %s lacks CAP_SYS_PTRACE"),
				   uid);
	} else if (reason && strcmp(reason, "creds") == 0)
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
	else if (has_ids(r)) {
		struct auxerr_buf o = { 0 };

		auxerr__target_owner(&o, f);
		if (o.oom)
			m->oom = 1;
		/* "Process 812 belongs to another user (root), and ..." */
		why = auxerr__xprintf(&m->oom, _("%s, and only CAP_SYS_PTRACE passes that check for a process whose ids are not all the caller's"),
				      o.s ? o.s : "?");
		if (why && why[0] >= 'a' && why[0] <= 'z')
			why[0] = (char)(why[0] - 'a' + 'A');
		free(o.s);
	} else
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
