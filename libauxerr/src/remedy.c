// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr_record_remedy(): from the facts of a parsed record, the least
 * change that would allow the call, and who can make it.  The record is
 * decoded once (facts.c), as for auxerr_explain(), and its mechanism's
 * entry in the table (mech.h) builds the remedy; here are the remedy
 * object, the API and the pieces more than one mechanism builds with.
 *
 * Rules (every remedy follows them):
 * - Specific: the command names the very file, directory, mount point,
 *   capability or program of the record, its path made absolute with the
 *   CWD record and quoted for the shell.
 * - Least: one ACL entry for the one user rather than mode bits for a
 *   whole class; one capability for one run of the program rather than
 *   root; one mount's flags rather than the file system's.
 * - A protection is never the first thing turned off: where only loosening
 *   a policy allows the call (a sysctl, a mount option such as noexec, an
 *   LSM profile), the kind is AUXERR_REMEDY_POLICY, the text first names
 *   what works without it, and auxerr_remedy_weakens() says what it costs.
 * - Sandboxes (Landlock, seccomp) can only be widened by the program that
 *   made them: no command, the sandboxing program is named.
 *
 * Nothing here looks at the running process (no /proc, no stat() of the
 * object): a record handed on by auditd is remedied the same way on any
 * host that has the same policies.  Looked up: user names, as
 * auxerr_explain() does; for an AppArmor AVC, the profile files under
 * /etc/apparmor.d ($AUXERR_APPARMOR_DIR, apparmor-account.c); for an
 * SELinux AVC, the installed policy ($AUXERR_SELINUX_POLICY, selinux.c).
 * - AppArmor and SELinux, when the event carries the LSM's own AVC record:
 *   the rule line and the profile's file (a deny rule that refuses the
 *   path must go first: deny wins over allow); audit2why's answer (the
 *   boolean, else a one-rule local module, never setenforce 0).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

void auxerr__remedy_set(struct auxerr_remedy *m, enum auxerr_remedy_kind kind,
			char *who, long long uid)
{
	m->kind = kind;
	free(m->who);
	m->who = who;
	m->uid = uid;
}

void auxerr__remedy_say(struct auxerr_remedy *m, struct auxerr_buf *b)
{
	if (b->s && b->s[0] >= 'a' && b->s[0] <= 'z')
		b->s[0] = (char)(b->s[0] - 'a' + 'A');
	if (m->command) {
		auxerr__buf_str(b, ": ");
		auxerr__buf_str(b, m->command);
	}
	free(m->text);
	m->text = auxerr__buf_take(b, &m->oom);
}

char *auxerr__owner_who(int *oom, unsigned long ouid, int dir)
{
	char *l = auxerr__user_label(oom, ouid);
	char *s;

	if (!l)
		return NULL;
	if (ouid == 0)
		s = auxerr__xprintf(oom, dir ? _("the directory's owner (%s)") :
			    _("the file's owner (%s)"), l);
	else
		s = auxerr__xprintf(oom, dir ? _("the directory's owner (%s) or root") :
			    _("the file's owner (%s) or root"), l);
	free(l);
	return s;
}

/*
 * root runs the program again, as the caller, with that capability
 * alone: "cd CWD && setpriv --reuid=U --regid=G --init-groups
 * --inh-caps=+CAP --ambient-caps=+CAP -- ARGV...".  The PROCTITLE
 * record is cut at 128 bytes: no command from one that may be.  argv[0]
 * without a slash is the program's exe= when that is its name.
 */
char *auxerr__program_command(int *oom, const struct auxerr_facts *f,
			      const char *cap, const char *wrap)
{
	const struct auxerr_record *r = f->rec;
	unsigned long euid, egid;
	size_t len = 0;
	char *argv = auxerr__decode_len(oom, auxerr_record_field(r, "PROCTITLE",
							  "proctitle"), &len);
	char *exe = auxerr__decode(oom, auxerr__sys(r, "exe"));
	char *cwd = auxerr__decode(oom, auxerr_record_field(r, "CWD", "cwd"));
	char *user = NULL, *s = NULL;
	struct auxerr_buf b = { 0 };
	int named = 0;

	if (!argv || len == 0 || len >= 128 || !cwd || cwd[0] != '/')
		goto out;
	if (cap) {
		if (!f->subject.euid.ok || !f->subject.egid.ok)
			goto out;
		euid = f->subject.euid.v;
		egid = f->subject.egid.v;
		user = auxerr__user_word(oom, euid, &named);
		if (!user)
			goto out;
	}
	auxerr__buf_str(&b, "cd ");
	auxerr__shell_word(&b, cwd);
	if (cap)
		auxerr__buf_printf(&b, " && setpriv --reuid=%lu --regid=%lu %s --inh-caps=+%s --ambient-caps=+%s --",
				   euid, egid, named ? "--init-groups" : "--clear-groups",
				   cap, cap);
	else if (wrap)
		auxerr__buf_printf(&b, " && %s", wrap);
	else
		auxerr__buf_str(&b, " &&");
	for (size_t i = 0; i < len;) {
		const char *arg = argv + i;
		size_t n = strnlen(arg, len - i);
		char *a = strndup(arg, n);

		if (!a) {
			b.oom = 1;
			break;
		}
		auxerr__buf_str(&b, " ");
		if (i == 0 && !strchr(a, '/') && exe) {
			const char *base = strrchr(exe, '/');

			auxerr__shell_word(&b, base && strcmp(base + 1, a) == 0 ? exe : a);
		} else {
			auxerr__shell_word(&b, a);
		}
		free(a);
		i += n + 1;
	}
	s = auxerr__buf_take(&b, oom);
out:
	free(argv);
	free(exe);
	free(cwd);
	free(user);
	return s;
}

void auxerr__one_capability(struct auxerr_remedy *m,
			    const struct auxerr_facts *f, struct auxerr_buf *b,
			    const char *cap, const char *why)
{
	const struct auxerr_record *r = f->rec;
	const char *euid = auxerr__id_text(&f->subject.euid);
	char *CAP = auxerr__cap_upper(&m->oom, cap), *exe;

	m->command = auxerr__program_command(&m->oom, f, cap, NULL);
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (why)
		auxerr__buf_printf(b, "%s: ", why);
	if (m->command) {
		auxerr__buf_printf(b, _("root can run the program again as uid %s with %s alone, rather than as root"),
			   euid, CAP ? CAP : "?");
	} else {
		exe = auxerr__decode(&m->oom, auxerr__sys(r, "exe"));
		auxerr__buf_printf(b, _("root can run %s as uid %s with %s alone, rather than as root (setpriv --inh-caps=+%s --ambient-caps=+%s)"),
			   exe ? exe : _("the program"),
			   euid, CAP ? CAP : "?",
			   cap, cap);
		free(exe);
	}
	free(CAP);
}


AUXERR_API void auxerr_remedy_free(struct auxerr_remedy *rem)
{
	int saved = errno;

	if (!rem)
		return;
	free(rem->text);
	free(rem->command);
	free(rem->who);
	free(rem->weakens);
	free(rem);
	errno = saved;
}

AUXERR_API struct auxerr_remedy *
auxerr_record_remedy(const struct auxerr_record *rec)
{
	int saved = errno;
	struct auxerr_remedy *m;
	struct auxerr_facts f;
	const struct auxerr_mech *mech;

	if (!rec) {
		errno = EINVAL;
		return NULL;
	}
	auxerr__text_domain();
	m = calloc(1, sizeof(*m));
	if (!m) {
		errno = ENOMEM;
		return NULL;
	}
	m->uid = -1;
	if (auxerr__facts_decode(&f, rec) < 0) {
		auxerr__facts_free(&f);
		auxerr_remedy_free(m);
		errno = ENOMEM;
		return NULL;
	}
	mech = auxerr__mech(f.mechanism);
	if (mech) {
		mech->remedy(m, &f);
	} else {
		struct auxerr_buf b = { 0 };

		auxerr__buf_printf(&b, _("No remedy is known for the mechanism \"%s\""),
				   f.mechanism);
		auxerr__remedy_say(m, &b);
	}
	if (!m->oom && (!m->text || !*m->text)) {
		/* a remedy that found nothing to say: still an answer */
		struct auxerr_buf b = { 0 };

		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		free(m->command);
		m->command = NULL;
		free(m->weakens);
		m->weakens = NULL;
		auxerr__buf_printf(&b, _("No remedy can be derived: the record does not hold the facts that the mechanism \"%s\" needs"),
				   f.mechanism);
		auxerr__remedy_say(m, &b);
	}
	auxerr__facts_free(&f);
	if (m->oom) {
		auxerr_remedy_free(m);
		errno = ENOMEM;
		return NULL;
	}
	errno = saved;
	return m;
}

AUXERR_API enum auxerr_remedy_kind
auxerr_remedy_kind(const struct auxerr_remedy *rem)
{
	return rem ? rem->kind : AUXERR_REMEDY_NONE;
}

AUXERR_API const char *auxerr_remedy_kind_name(enum auxerr_remedy_kind kind)
{
	switch (kind) {
	case AUXERR_REMEDY_COMMAND:
		return "command";
	case AUXERR_REMEDY_POLICY:
		return "policy";
	case AUXERR_REMEDY_SANDBOX:
		return "sandbox";
	case AUXERR_REMEDY_NONE:
		break;
	}
	return "none";
}

AUXERR_API const char *auxerr_remedy_text(const struct auxerr_remedy *rem)
{
	return rem ? rem->text : NULL;
}

AUXERR_API const char *auxerr_remedy_command(const struct auxerr_remedy *rem)
{
	return rem ? rem->command : NULL;
}

AUXERR_API const char *auxerr_remedy_who(const struct auxerr_remedy *rem)
{
	return rem ? rem->who : NULL;
}

AUXERR_API long long auxerr_remedy_uid(const struct auxerr_remedy *rem)
{
	return rem ? rem->uid : -1;
}

AUXERR_API const char *auxerr_remedy_weakens(const struct auxerr_remedy *rem)
{
	return rem ? rem->weakens : NULL;
}
