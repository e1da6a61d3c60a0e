// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The SELinux part of an explanation and of a remedy: what an event's AVC
 * record (SELinux's own record of the denial) says, and why the policy
 * denied it (selinux.c, audit2why's analysis on the policy installed where
 * the event is read).  The sentence says what audit2why would say; the
 * remedy is the boolean to set when there is one, otherwise the one-rule
 * local module, and never "setenforce 0".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selinux-account.h"
#include "selinux.h"

/* The type of "user:role:type[:level]", or NULL */
static char *context_type(const char *context)
{
	const char *t, *end;

	if (!context)
		return NULL;
	t = strchr(context, ':');
	if (!t || !(t = strchr(t + 1, ':')))
		return NULL;
	t++;
	end = strchr(t, ':');
	return strndup(t, end ? (size_t)(end - t) : strlen(t));
}

/* The user of "user:role:type[:level]", or NULL */
static char *context_user(const char *context)
{
	const char *end = context ? strchr(context, ':') : NULL;

	return end ? strndup(context, end - context) : NULL;
}

/* "read,open" -> "read open" (the AVC's own spelling, for a CIL rule) */
static char *spaced(const char *perms)
{
	char *s = strdup(perms);

	for (char *p = s; p && *p; p++)
		if (*p == ',')
			*p = ' ';
	return s;
}

/* "read,open,write" -> "read, open and write" (for a sentence) */
static char *in_words(const char *perms)
{
	char *copy = spaced(perms), *save = NULL, *out = NULL, *w, *next;
	size_t n = 0;

	if (!copy)
		return NULL;
	for (w = strtok_r(copy, " ", &save); w; w = next, n++) {
		char *joined;

		next = strtok_r(NULL, " ", &save);
		if (asprintf(&joined, "%s%s%s", out ? out : "",
			     !n ? "" : next ? ", " : _(" and "), w) < 0) {
			free(out);
			out = NULL;
			break;
		}
		free(out);
		out = joined;
	}
	free(copy);
	return out;
}

static int append(char **s, const char *fmt, ...)
{
	char *more, *joined;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&more, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if (asprintf(&joined, "%s%s", *s ? *s : "", more) < 0) {
		free(more);
		return -1;
	}
	free(more);
	free(*s);
	*s = joined;
	return 0;
}

/* Why a constraint failed, in words, from libsepol's account of it */
static const char *constraint_cause(const char *text)
{
	if (!text)
		return NULL;
	if (strstr(text, "(u1 == u2 -Fail-)"))
		return _("the SELinux users of the process and the object differ");
	if (strstr(text, "(r1 == r2 -Fail-)"))
		return _("the SELinux roles of the process and the object differ");
	if (strstr(text, "(t1 == t2 -Fail-)"))
		return _("the SELinux types of the process and the object differ");
	if (strstr(text, " dom ") || strstr(text, " domby ") ||
	    strstr(text, " eq "))
		return _("the MLS levels of the process and the object do not allow it");
	return NULL;
}

static int booleans_clause(char **s, const struct auxerr_selinux_why *why)
{
	for (size_t i = 0; i < why->nbooleans; i++)
		if (append(s, "%s%s", i ? ", " : "", why->booleans[i].name) < 0)
			return -1;
	return 0;
}

static int remedy_boolean(struct auxerr_selinux_account *a,
			  const struct auxerr_selinux_why *why)
{
	const struct auxerr_selinux_boolean *b = &why->booleans[0];

	if (asprintf(&a->command, "setsebool -P %s %d", b->name, b->value) < 0)
		return -1;
	if (why->nbooleans == 1) {
		if (asprintf(&a->remedy, _("root can set the SELinux boolean %s to %s: %s"),
			     b->name, b->value ? "on" : "off", a->command) < 0)
			return -1;
	} else {
		char *names = NULL;

		if (booleans_clause(&names, why) < 0)
			return -1;
		if (asprintf(&a->remedy, _("root can set one of the SELinux booleans %s; the first: %s"),
			     names, a->command) < 0) {
			free(names);
			return -1;
		}
		free(names);
	}
	if (asprintf(&a->weakens, _("the boolean %s turns on every rule it guards, not only this one"),
		     b->name) < 0)
		return -1;
	a->kind = AUXERR_SELINUX_REMEDY_BOOLEAN;
	return 0;
}

/* The least change when no boolean helps: a local module of one rule */
static int remedy_module(struct auxerr_selinux_account *a, const char *stype,
			 const char *ttype, const char *tclass,
			 const char *perms)
{
	char *p = spaced(perms), *words = in_words(perms);

	if (!p || !words) {
		free(p);
		free(words);
		return -1;
	}
	if (asprintf(&a->command,
		     "printf '(allow %s %s (%s (%s)))\\n' > auxerr_local.cil && semodule -i auxerr_local.cil",
		     stype, ttype, tclass, p) < 0 ||
	    asprintf(&a->remedy,
		     _("root can add a local SELinux policy module with the one rule (allow %s %s (%s (%s))): %s"),
		     stype, ttype, tclass, p, a->command) < 0 ||
	    asprintf(&a->weakens,
		     _("every process in the domain %s may then %s every %s labeled %s"),
		     stype, words, tclass, ttype) < 0) {
		free(p);
		free(words);
		return -1;
	}
	free(p);
	free(words);
	a->kind = AUXERR_SELINUX_REMEDY_MODULE;
	return 0;
}

static int account(struct auxerr_selinux_account *a, const char *scon,
		   const char *tcon, const char *tclass, const char *perms,
		   int permissive)
{
	char *stype = context_type(scon), *ttype = context_type(tcon);
	char *plist = in_words(perms);
	struct auxerr_selinux_why why;
	int rc = -1, analysed;

	if (stype && plist && tcon && strcmp(tcon, "?") == 0) {
		/* kernel.auxerr.lsm_detail 1 and a domain that may not
		 * getattr the object: its label is not the caller's to know,
		 * so there is no type to analyse or to write a rule for */
		a->hidden = 1;
		if (append(&a->sentence, permissive ?
			   _("SELinux (permissive for it) logged that its policy does not let the domain %s %s this object of class %s, whose label is hidden from the caller") :
			   _("SELinux's policy does not let the domain %s %s this object of class %s, whose label is hidden from the caller"),
			   stype, plist, tclass) < 0 ||
		    asprintf(&a->remedy,
			     _("root can see the object's label (ls -Z, or kernel.auxerr.lsm_detail = 2) and then allow the domain %s to %s objects of class %s with that label in a local SELinux policy module, or give the object a label the domain may use"),
			     stype, plist, tclass) < 0)
			goto out;
		rc = 0;
		goto out;
	}
	if (!stype || !ttype || !plist) {
		errno = EINVAL;
		goto out;
	}
	if (append(&a->sentence, permissive ?
		   _("SELinux (permissive for it) logged that its policy does not let the domain %s %s an object of class %s labeled %s") :
		   _("SELinux's policy does not let the domain %s %s an object of class %s labeled %s"),
		   stype, plist, tclass, ttype) < 0)
		goto out;

	analysed = auxerr__selinux_why(NULL, scon, tcon, tclass, perms, &why) == 0;
	if (!analysed) {
		/* no policy here, or not the one that decided: say no more */
		rc = 0;
		goto out;
	}
	switch (why.verdict) {
	case AUXERR_SELINUX_TE_RULE:
		rc = append(&a->sentence, "%s", _(": it has no allow rule for it"));
		if (rc == 0)
			rc = remedy_module(a, stype, ttype, tclass, perms);
		break;
	case AUXERR_SELINUX_DONTAUDIT:
		rc = append(&a->sentence, "%s",
			    _(": it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log"));
		a->silent = 1;
		if (rc == 0)
			rc = remedy_module(a, stype, ttype, tclass, perms);
		break;
	case AUXERR_SELINUX_BOOLEAN:
		if (why.nbooleans == 1)
			rc = append(&a->sentence, _(": it allows it only with the boolean %s %s"),
				    why.booleans[0].name,
				    why.booleans[0].value ? "on" : "off");
		else {
			char *names = NULL;

			rc = booleans_clause(&names, &why);
			if (rc == 0)
				rc = append(&a->sentence, _(": it allows it only with one of the booleans %s changed"),
					    names);
			free(names);
		}
		if (rc == 0)
			rc = remedy_boolean(a, &why);
		break;
	case AUXERR_SELINUX_CONSTRAINT: {
		const char *cause = constraint_cause(why.constraint);
		char *su = context_user(scon), *tu = context_user(tcon);

		if (cause && su && tu && strstr(cause, "users"))
			rc = append(&a->sentence, _(": a constraint forbids it (%s: %s and %s)"),
				    cause, su, tu);
		else
			rc = append(&a->sentence, _(": a constraint forbids it%s%s%s"),
				    cause ? " (" : "", cause ? cause : "",
				    cause ? ")" : "");
		free(su);
		free(tu);
		if (rc == 0 && asprintf(&a->remedy, "%s",
					_("a constraint is part of the policy's design, not a missing rule: give the process or the object the SELinux user, role or level the constraint asks for (root)")) < 0)
			rc = -1;
		a->kind = AUXERR_SELINUX_REMEDY_LABEL;
		break;
	}
	case AUXERR_SELINUX_RBAC:
		rc = append(&a->sentence, "%s", _(": its role rules forbid it"));
		if (rc == 0 && asprintf(&a->remedy, "%s",
					_("run the program in a role the policy allows for this domain (root decides which roles a user may take)")) < 0)
			rc = -1;
		a->kind = AUXERR_SELINUX_REMEDY_LABEL;
		break;
	case AUXERR_SELINUX_ALLOWED:
		rc = append(&a->sentence, "%s",
			    _("; the policy installed here allows it now (the policy or its booleans changed since)"));
		break;
	}
	auxerr__selinux_why_free(&why);
out:
	free(stype);
	free(ttype);
	free(plist);
	return rc;
}

int auxerr__selinux_account(const struct auxerr_record *r,
			    struct auxerr_selinux_account *a)
{
	const char *scon, *tcon, *tclass, *perms, *result, *permissive;

	memset(a, 0, sizeof(*a));
	if (!r) {
		errno = EINVAL;
		return -1;
	}
	result = auxerr_record_field(r, "AVC", "seresult");
	scon = auxerr_record_field(r, "AVC", "scontext");
	tcon = auxerr_record_field(r, "AVC", "tcontext");
	tclass = auxerr_record_field(r, "AVC", "tclass");
	perms = auxerr_record_field(r, "AVC", "seperms");
	permissive = auxerr_record_field(r, "AVC", "permissive");
	if (!result || strcmp(result, "denied") != 0 || !scon || !tcon ||
	    !tclass || !perms) {
		errno = ENOENT;	/* no SELinux denial in this event */
		return -1;
	}
	return auxerr__selinux_account_avc(scon, tcon, tclass, perms,
					   permissive && strcmp(permissive, "1") == 0,
					   a);
}

int auxerr__selinux_account_avc(const char *scontext, const char *tcontext,
				const char *tclass, const char *perms,
				int permissive,
				struct auxerr_selinux_account *a)
{
	int err;

	memset(a, 0, sizeof(*a));
	if (!scontext || !tcontext || !tclass || !perms) {
		errno = EINVAL;
		return -1;
	}
	errno = 0;
	if (account(a, scontext, tcontext, tclass, perms, permissive) < 0) {
		err = errno ? errno : ENOMEM;
		auxerr__selinux_account_free(a);
		errno = err;
		return -1;
	}
	return 0;
}

void auxerr__selinux_account_free(struct auxerr_selinux_account *a)
{
	if (!a)
		return;
	free(a->sentence);
	free(a->remedy);
	free(a->command);
	free(a->weakens);
	memset(a, 0, sizeof(*a));
}
