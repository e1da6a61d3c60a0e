// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=seccomp: a filter's SECCOMP_RET_ERRNO.
 */
#include <errno.h>
#include <stdlib.h>

#include <libaudit.h>

#include "mech.h"
#include "text.h"

/* seccomp's code= is the filter's return value: action | data */
#define SECCOMP_ACTION_ERRNO 0x00050000UL

/* the filter's verdict: the system call it refused ("mkdir") and the
 * errno it returns ("EPERM", NULL when code= is not SECCOMP_RET_ERRNO) */
struct seccomp_verdict {
	const char *syscall, *errno_name;
};

static struct seccomp_verdict seccomp_verdict(const struct auxerr_facts *f)
{
	struct seccomp_verdict v = { auxerr__auxi(f->rec, "nr"), NULL };
	unsigned long code;

	if (auxerr__num(auxerr__aux(f->rec, "code"), 0, &code) &&
	    (code & 0xffff0000UL) == SECCOMP_ACTION_ERRNO)
		v.errno_name = audit_errno_to_name((int)(code & 0xffff));
	if (!v.syscall)
		v.syscall = f->syscall;
	return v;
}

static void seccomp_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *filter = auxerr__aux(r, "filter"), *filters = auxerr__aux(r, "filters");
	struct seccomp_verdict v = seccomp_verdict(f);
	const char *sc = v.syscall, *ename = v.errno_name;

	if (auxerr__aux(r, "creator_pid") || auxerr__aux(r, "creator_exe")) {
		/* "seccomp filter 2 of 2, installed by /usr/bin/bwrap (pid
		 * 812), makes mkdir fail with EPERM" */
		if (filter && filters)
			auxerr__buf_printf(b, _("seccomp filter %s of %s"), filter, filters);
		else if (filter)
			auxerr__buf_printf(b, _("seccomp filter %s"), filter);
		else
			auxerr__buf_printf(b, "%s", _("a seccomp filter"));
		auxerr__creator_clause(b, f, 1);
		if (ename)
			auxerr__buf_printf(b, _(" makes %s fail with %s"), sc, ename);
		else
			auxerr__buf_printf(b, _(" makes %s fail"), sc);
		return;
	}
	if (filter && filters)
		auxerr__buf_printf(b, _("denied by seccomp filter %s of %s"), filter, filters);
	else if (filter)
		auxerr__buf_printf(b, _("denied by seccomp filter %s"), filter);
	else
		auxerr__buf_printf(b, "%s", _("denied by a seccomp filter"));
	if (ename)
		auxerr__buf_printf(b, _(": it makes %s fail with %s"), sc, ename);
	else
		auxerr__buf_printf(b, _(": it makes %s fail"), sc);
}

static void seccomp_remedy(struct auxerr_remedy *m,
			   const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *filter = auxerr__aux(r, "filter"), *filters = auxerr__aux(r, "filters");
	struct seccomp_verdict v = seccomp_verdict(f);
	const char *sc = v.syscall, *ename = v.errno_name;
	char *made_by;
	struct auxerr_buf b = { 0 };

	made_by = auxerr__sandbox_maker(&m->oom, f);
	auxerr__remedy_set(m, AUXERR_REMEDY_SANDBOX, auxerr__sandbox_who(&m->oom, made_by), -1);
	auxerr__buf_str(&b, _("Only the program that installed seccomp filter"));
	if (filter && filters)
		auxerr__buf_printf(&b, _(" %s of %s"), filter, filters);
	else if (filter)
		auxerr__buf_printf(&b, " %s", filter);
	if (made_by)
		auxerr__buf_printf(&b, ", %s,", made_by);
	free(made_by);
	auxerr__buf_printf(&b, _(" can allow %s"), sc);
	if (ename)
		auxerr__buf_printf(&b, _(", which the filter makes fail with %s"), ename);
	auxerr__buf_str(&b, _(": its filter must let the call through, or the program must run without that filter"));
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_seccomp = {
	.name = "seccomp",
	.sentence = seccomp_sentence,
	.remedy = seccomp_remedy,
};
