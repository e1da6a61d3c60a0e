// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lsm=selinux with SELinux's own AVC record: audit2why's answer
 * (selinux-account.c).
 */
#include <errno.h>
#include <string.h>

#include "mech.h"
#include "selinux-account.h"
#include "text.h"

/* SELinux's own record (the AVC) and audit2why's answer
 * (selinux-account.c) */
void auxerr__selinux_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *audited = auxerr__aux(r, "lsm_audited");
	struct auxerr_selinux_account a;
	int silent = 0;

	if (auxerr__selinux_account(r, &a) < 0) {
		static const char *const used[] = { "lsm", "lsm_hook", NULL };

		if (errno == ENOMEM)
			b->oom = 1;
		auxerr__buf_printf(b, "%s", _("denied by SELinux"));
		auxerr__facts_list(b, f, used);
	} else {
		auxerr__buf_printf(b, "%s", a.sentence);
		silent = a.silent;
		auxerr__selinux_account_free(&a);
	}
	if (audited && strcmp(audited, "0") == 0 && !silent)
		auxerr__buf_printf(b, "%s", _("; SELinux did not log it, a silent (dontaudit) denial: nothing was written to the audit log"));
}

/* SELinux, from its own record (the AVC): audit2why's answer and its
 * remedy (selinux-account.c): the boolean, else a one-rule module */
void auxerr__selinux_remedy(struct auxerr_remedy *m,
			       const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	struct auxerr_selinux_account a;
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (auxerr__selinux_account(r, &a) < 0) {
		if (errno == ENOMEM)
			m->oom = 1;
		auxerr__buf_str(&b, _("SELinux refused it: only a change to SELinux's policy, which is root's, can allow it"));
		m->weakens = auxerr__xstrdup(&m->oom, _("the policy then allows the same to every process it treats alike"));
		auxerr__remedy_say(m, &b);
		return;
	}
	if (a.remedy) {
		size_t n = strlen(a.remedy), c = a.command ? strlen(a.command) : 0;

		/* the account's text ends in ": COMMAND"; auxerr__remedy_say() adds it */
		if (c && n > c + 2 && strcmp(a.remedy + n - c, a.command) == 0 &&
		    strncmp(a.remedy + n - c - 2, ": ", 2) == 0)
			a.remedy[n - c - 2] = '\0';
		auxerr__buf_str(&b, a.remedy);
		m->command = a.command;
		a.command = NULL;
		m->weakens = a.weakens;
		a.weakens = NULL;
	} else {
		auxerr__buf_str(&b, _("The SELinux policy installed here cannot say why (it is not the policy that decided): only a change to SELinux's policy, which is root's, can allow it"));
	}
	if (!m->weakens && a.kind != AUXERR_SELINUX_REMEDY_LABEL)
		m->weakens = auxerr__xstrdup(&m->oom, _("the policy then allows the same to every process in the domain"));
	auxerr__selinux_account_free(&a);
	auxerr__remedy_say(m, &b);
}
