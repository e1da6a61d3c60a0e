// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The check families' shared part (vm, open, vfsop): the facts every
 * such record has, the sentence's frame and the remedy's.  A family's
 * file gives only what is its own: the clause that says why its check
 * refused and the change to the call that would pass it.  Not a
 * mechanism of its own (mech.c lists none by this name).
 */
#include <libaudit.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static struct auxerr_check check_read(int *oom, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	struct auxerr_check x = { 0 };
	int e = auxerr_record_errno(r);

	x.check = auxerr__aux(r, "check");
	if (!x.check)
		x.check = "";
	x.value = auxerr__aux(r, "value");
	x.limit = auxerr__aux(r, "limit");
	x.v_ok = x.value && auxerr__num(x.value, 0, &x.v);
	x.l_ok = x.limit && auxerr__num(x.limit, 0, &x.l);
	if (!x.value)
		x.value = "?";
	if (!x.limit)
		x.limit = "?";
	x.fstype = auxerr__decode(oom, auxerr__aux(r, "fstype"));
	x.message = auxerr__decode(oom, auxerr__aux(r, "message"));
	x.err = e > 0 ? audit_errno_to_name(e) : NULL;
	if (!x.err)
		x.err = "the error";
	return x;
}

void auxerr__check_sentence(struct auxerr_buf *b, const struct auxerr_facts *f,
			    auxerr_check_words clause, const char *checked)
{
	int oom = 0;
	struct auxerr_check x = check_read(&oom, f);

	auxerr__buf_printf(b, _("%s because "), x.err);
	if (!clause(b, &x)) {
		auxerr__buf_printf(b, _("a check of %s refused it (check %s)"),
				   checked, *x.check ? x.check : "?");
		auxerr__facts_list(b, f, (const char *const[]){ "check", NULL });
	}
	if (oom)
		b->oom = 1;
	free(x.fstype);
	free(x.message);
}

void auxerr__check_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f,
			  auxerr_check_words fix)
{
	struct auxerr_check x = check_read(&m->oom, f);
	struct auxerr_buf b = { 0 };
	struct auxerr_buf change = { 0 };

	if (fix(&change, &x)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xstrdup(&m->oom, _("the program")), -1);
		auxerr__buf_printf(&b, _("The program must change its call: %s"),
				   change.s ? change.s : "?");
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy to derive: the call must satisfy the check %s"),
				   *x.check ? x.check : "?");
	}
	if (change.oom)
		m->oom = 1;
	free(change.s);
	auxerr__remedy_say(m, &b);
	free(x.fstype);
	free(x.message);
}

void auxerr__check_the_file(struct auxerr_buf *b, const struct auxerr_check *x)
{
	if (x->fstype)
		auxerr__buf_printf(b, _("the file (on %s)"), x->fstype);
	else
		auxerr__buf_str(b, _("the file"));
}

const char *auxerr__check_accmode(const struct auxerr_check *x)
{
	static const char *const names[] = { "O_RDONLY", "O_WRONLY", "O_RDWR" };

	return x->v_ok && x->v < 3 ? names[x->v] : "?";
}
