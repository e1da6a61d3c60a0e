// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=signal: a signal to another user's process.
 */
#include <string.h>

#include "mech.h"
#include "text.h"

static void signal_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *sig = auxerr__auxi(r, "sig"), *raw = auxerr__aux(r, "sig");

	auxerr__buf_printf(b, "%s", _("denied by the signal permission rules: "));
	auxerr__target_owner(b, f);
	auxerr__buf_printf(b, "%s", _(", and "));
	auxerr__caller_ids(b, f);
	if (raw && strcmp(raw, "0") == 0)
		auxerr__buf_printf(b, "%s", _(" may not send it signal 0 (the existence check) without "));
	else if (sig && raw && strcmp(sig, raw) != 0 && strncmp(sig, "unknown", 7) != 0)
		auxerr__buf_printf(b, _(" may not send it %s without "), sig);
	else
		auxerr__buf_printf(b, _(" may not send it signal %s without "), raw ? raw : "?");
	auxerr__cap_or(b, f, "CAP_KILL");
}

static void signal_remedy(struct auxerr_remedy *m,
			  const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *opid = auxerr__aux(r, "opid"), *sig = auxerr__aux(r, "sig");
	const char *signame = auxerr_record_interpret(r, "AUXERR", "sig");
	unsigned long pid, nsig;
	long long uid;
	struct auxerr_buf b = { 0 };
	char *who;

	if (!auxerr__num(opid, 10, &pid) || !auxerr__num(sig, 10, &nsig)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the process or the signal"));
		auxerr__remedy_say(m, &b);
		return;
	}
	who = auxerr__process_owner(&m->oom, f, opid, &uid);
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, who, uid);
	if (nsig == 0)
		m->command = auxerr__xprintf(&m->oom, "kill -0 %lu", pid);
	else if (signame && strncmp(signame, "SIG", 3) == 0 && signame[3] &&
		 strspn(signame + 3, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-") ==
		 strlen(signame + 3))
		m->command = auxerr__xprintf(&m->oom, "kill -s %s %lu", signame + 3, pid);
	else
		m->command = auxerr__xprintf(&m->oom, "kill -s %lu %lu", nsig, pid);
	auxerr__buf_printf(&b, _("Only a process of the same user as process %s, or one with CAP_KILL, may signal it: %s can send the signal"),
		   opid, who ? who : "?");
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_signal = {
	.name = "signal",
	.sentence = signal_sentence,
	.remedy = signal_remedy,
};
