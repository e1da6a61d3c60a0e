// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=lsm: which security module refused (auxerr__lsm_kind()),
 * handed to its own file; any other module by name and hook.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* the module's name as the kernel writes it (lsm=), and its own AVC
 * record where AppArmor and SELinux wrote one (internal.h) */
enum auxerr_lsm_kind auxerr__lsm_kind(const struct auxerr_record *r)
{
	const char *lsm = auxerr__aux(r, "lsm");

	if (!lsm)
		return AUXERR_LSM_OTHER;
	if (strcmp(lsm, "landlock") == 0)
		return AUXERR_LSM_LANDLOCK;
	if (strcmp(lsm, "yama") == 0)
		return AUXERR_LSM_YAMA;
	if (strcmp(lsm, "apparmor") == 0)
		return auxerr_record_field(r, "AVC", "apparmor") ?
			AUXERR_LSM_APPARMOR_AVC : AUXERR_LSM_APPARMOR;
	if (strcmp(lsm, "selinux") == 0 &&
	    auxerr_record_field(r, "AVC", "seresult"))
		return AUXERR_LSM_SELINUX_AVC;
	return AUXERR_LSM_OTHER;
}

static void lsm_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *lsm = auxerr__auxi(r, "lsm");
	const char *hook = auxerr__auxi(r, "lsm_hook");
	static const char *const used[] = { "lsm", "lsm_hook", NULL };

	switch (auxerr__lsm_kind(r)) {
	case AUXERR_LSM_LANDLOCK:
		auxerr__landlock_sentence(b, f);
		return;
	case AUXERR_LSM_YAMA:
		auxerr__yama_sentence(b, f);
		return;
	case AUXERR_LSM_APPARMOR_AVC:
		auxerr__apparmor_sentence(b, f);
		return;
	case AUXERR_LSM_SELINUX_AVC:
		auxerr__selinux_sentence(b, f);
		return;
	case AUXERR_LSM_APPARMOR:
	case AUXERR_LSM_OTHER:
		break;
	}
	auxerr__buf_printf(b, _("denied by the security module %s"), lsm ? lsm : "?");
	if (f->subject.CAP) {
		/* capability=: it refused a capability the process holds */
		static const char *const cap_used[] = { "lsm", "lsm_hook",
			"capability", NULL };

		auxerr__buf_printf(b, _(", which refused the capability %s although the process holds it"),
				   f->subject.CAP);
		auxerr__facts_list(b, f, cap_used);
		return;
	}
	if (hook)
		auxerr__buf_printf(b, _(" in its %s check"), hook);
	auxerr__facts_list(b, f, used);
}

/* an AppArmor profile file: /usr/bin/foo is /etc/apparmor.d/usr.bin.foo */
static char *apparmor_file(int *oom, const char *profile)
{
	char *s;

	if (!profile || profile[0] != '/')
		return NULL;
	s = auxerr__xprintf(oom, "/etc/apparmor.d/%s", profile + 1);
	for (char *p = s ? s + strlen("/etc/apparmor.d/") : NULL; p && *p; p++)
		if (*p == '/')
			*p = '.';
	return s;
}

static void lsm_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *lsm = auxerr__aux(r, "lsm"), *hook = auxerr__aux(r, "lsm_hook");
	struct auxerr_buf b = { 0 };
	enum auxerr_lsm_kind kind = auxerr__lsm_kind(r);

	switch (kind) {
	case AUXERR_LSM_LANDLOCK:
		auxerr__landlock_remedy(m, f);
		return;
	case AUXERR_LSM_YAMA:
		auxerr__yama_remedy(m, f);
		return;
	case AUXERR_LSM_APPARMOR_AVC:
		auxerr__apparmor_remedy(m, f);
		return;
	case AUXERR_LSM_SELINUX_AVC:
		auxerr__selinux_remedy(m, f);
		return;
	case AUXERR_LSM_APPARMOR:
	case AUXERR_LSM_OTHER:
		break;
	}
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (kind == AUXERR_LSM_APPARMOR) {
		/* profile= and the denied access when the record carries
		 * AppArmor's own audit data; else the task's own context */
		char *profile = auxerr__decode(&m->oom, auxerr__aux(r, "profile"));
		char *name = auxerr__decode(&m->oom, auxerr__aux(r, "name"));
		char *mask = auxerr__decode(&m->oom, auxerr__aux(r, "denied_mask"));
		char *file;

		if (!profile)
			profile = auxerr__decode(&m->oom, auxerr__sys(r, "subj"));
		file = apparmor_file(&m->oom, profile);
		auxerr__buf_printf(&b, _("The AppArmor profile '%s' confining the process does not allow this"),
			   profile ? profile : "?");
		if (hook)
			auxerr__buf_printf(&b, _(" (its %s check)"), hook);
		if (name && mask)
			auxerr__buf_printf(&b, _(": root can add the rule '%s %s,' to it"),
				   name, mask);
		else
			auxerr__buf_str(&b, _(": root can add a rule allowing it"));
		if (file)
			auxerr__buf_printf(&b, _(" in %s and reload it with apparmor_parser -r %s"),
				   file, file);
		else
			auxerr__buf_str(&b, _(" in the file under /etc/apparmor.d that defines it, and reload that file with apparmor_parser -r"));
		m->weakens = auxerr__xprintf(&m->oom, _("every process confined by '%s' may then do the same"),
				     profile ? profile : "?");
		free(profile);
		free(name);
		free(mask);
		free(file);
	} else {
		auxerr__buf_printf(&b, _("The security module %s refused it"),
			   lsm ? lsm : "?");
		if (f->subject.CAP)
			auxerr__buf_printf(&b, _(" (the capability %s, which the process holds)"),
					   f->subject.CAP);
		else if (hook)
			auxerr__buf_printf(&b, _(" in its %s check"), hook);
		auxerr__buf_str(&b, _(": only a change to that module's policy, which is root's, can allow it"));
		m->weakens = auxerr__xstrdup(&m->oom, _("the policy then allows the same to every process it treats alike"));
	}
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_lsm = {
	.name = "lsm",
	.sentence = lsm_sentence,
	.remedy = lsm_remedy,
};
