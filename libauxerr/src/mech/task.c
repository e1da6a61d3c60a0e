// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=task: the rules for other users' processes (setpriority,
 * prlimit, ...).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static void task_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *op = auxerr__auxi(r, "op");

	auxerr__buf_printf(b, "%s", _("denied by the rules for other users' processes: "));
	auxerr__target_owner(b, f);
	auxerr__buf_printf(b, "%s", _(", and "));
	auxerr__caller_ids(b, f);
	auxerr__buf_printf(b, _(" may not use %s on it without "),
		  op ? op : auxerr_record_syscall_name(r));
	auxerr__cap_or(b, f, _("a capability"));
}

static void task_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *opid = auxerr__aux(r, "opid"), *op = auxerr__aux(r, "op");
	const char *cap = f->subject.cap_name;
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	long long uid;
	struct auxerr_buf b = { 0 };
	char *who;

	if (!opid)
		opid = "?";
	if (!op)
		op = auxerr_record_syscall_name(r);
	who = auxerr__process_owner(&m->oom, f, opid, &uid);
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, who, uid);
	if (strcmp(op, "setpriority") == 0) {
		unsigned long which, prio;
		unsigned long pid;

		/* setpriority(PRIO_PROCESS, pid, prio): renice */
		if (auxerr__num(auxerr__sys(r, "a0"), 16, &which) && which == 0 &&
		    auxerr__num(opid, 10, &pid) && auxerr__num(auxerr__sys(r, "a2"), 16, &prio))
			m->command = auxerr__xprintf(&m->oom, "renice -n %d -p %lu",
					     (int)(unsigned)prio, pid);
	}
	auxerr__buf_printf(&b, _("Only a process of the same user as process %s, or one with %s, may use %s on it: %s can do it"),
		   opid, CAP ? CAP : _("the capability"), op, who ? who : "?");
	auxerr__remedy_say(m, &b);
	free(CAP);
}

const struct auxerr_mech auxerr__mech_task = {
	.name = "task",
	.sentence = task_sentence,
	.remedy = task_remedy,
};
