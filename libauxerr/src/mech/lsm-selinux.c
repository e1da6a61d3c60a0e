// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lsm=selinux: SELinux's sentence and remedy, from its own record of the
 * denial (the AVC) and audit2why's analysis of it on the policy installed
 * where the event is read (selinux.c, libsepol).
 *
 * The sentence says what audit2why would say, and names what it names:
 * the capability a domain may not use although the process holds it; the
 * MLS/MCS levels of both sides and the constraint that compares them; the
 * roles and the missing role allow rule.  The remedy is the boolean to set
 * when there is one, else the one-rule local module that gives every
 * permission the system call needs and the policy lacks (open() for
 * reading needs read and open: allowing only the denied read would meet
 * the next denial), else a label or a level; never "setenforce 0".
 *
 * What the caller may know: kernel.auxerr.lsm_detail 1 hides the target's
 * label (tcontext=?) unless the caller may read it; then there is no type
 * to analyse, and the sentence says so.  Where this process may not read
 * the policy (policy_config_t, to most confined domains), audit2why's
 * reason is not this process's to compute: the sentence says that, and
 * who can.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>

#include "mech.h"
#include "selinux-account.h"
#include "selinux.h"
#include "text.h"

/* A field of "user:role:type[:level]": 0 user, 1 role, 2 type, 3 the
 * level (the rest, "s0-s0:c0.c1023" included), or NULL */
static char *context_part(const char *context, int part)
{
	const char *p = context, *end;

	for (int i = 0; p && i < part; i++)
		if ((p = strchr(p, ':')))
			p++;
	if (!p)
		return NULL;
	end = part < 3 ? strchr(p, ':') : NULL;
	return strndup(p, end ? (size_t)(end - p) : strlen(p));
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

/* whether the space-separated @list names @word */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; p && (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ' || p[-1] == ',') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == ','))
			return 1;
	return 0;
}

/* @words (space-separated) added to the set @set, each once */
static int add_words(char **set, const char *words)
{
	char *copy = strdup(words), *save = NULL, *w;
	int rc = 0;

	if (!copy)
		return -1;
	for (w = strtok_r(copy, " ,", &save); w && rc == 0;
	     w = strtok_r(NULL, " ,", &save))
		if (!has_word(*set, w))
			rc = append(set, "%s%s", *set && **set ? " " : "", w);
	free(copy);
	return rc;
}

/* ---- what the system call needs -------------------------------------- */

/* SELinux's capability classes: the object is the domain itself */
static int is_capability_class(const char *tclass)
{
	return strcmp(tclass, "capability") == 0 ||
	       strcmp(tclass, "capability2") == 0 ||
	       strcmp(tclass, "cap_userns") == 0 ||
	       strcmp(tclass, "cap2_userns") == 0;
}

static int is_file_class(const char *tclass)
{
	static const char *const classes[] = { "file", "lnk_file", "chr_file",
		"blk_file", "sock_file", "fifo_file", NULL };

	for (int i = 0; classes[i]; i++)
		if (strcmp(tclass, classes[i]) == 0)
			return 1;
	return 0;
}

static int syscall_is(const char *sc, const char *const *names)
{
	for (int i = 0; sc && names[i]; i++)
		if (strcmp(sc, names[i]) == 0)
			return 1;
	return 0;
}

/* the flags of an open(), openat() or creat() in @r, 1 when known */
static int open_flags(const struct auxerr_record *r, const char *sc,
		      unsigned long *flags)
{
	if (strcmp(sc, "openat") == 0)
		return auxerr__num(auxerr__sys(r, "a2"), 16, flags);
	if (strcmp(sc, "open") == 0)
		return auxerr__num(auxerr__sys(r, "a1"), 16, flags);
	if (strcmp(sc, "creat") == 0) {
		*flags = O_WRONLY | O_CREAT | O_TRUNC;
		return 1;
	}
	return 0;
}

/*
 * The permissions of @tclass the system call of @r needs on its object,
 * the denied ones among them: SELinux checks them one after the other
 * (open() checks read, then open), so allowing only the denied one meets
 * the next denial.  NULL when the call is not one known here: then the
 * denied permissions alone.
 */
static const char *call_needs(const struct auxerr_record *r,
			      const char *tclass, char *buf, size_t len)
{
	static const char *const stats[] = { "stat", "lstat", "fstat",
		"newfstatat", "statx", NULL };
	static const char *const reads[] = { "read", "pread64", "readv",
		"preadv", "preadv2", "sendfile", NULL };
	static const char *const makes[] = { "mkdir", "mkdirat", "mknod",
		"mknodat", "symlink", "symlinkat", "link", "linkat", NULL };
	static const char *const removes[] = { "unlink", "unlinkat", "rmdir",
		NULL };
	static const char *const renames[] = { "rename", "renameat",
		"renameat2", NULL };
	const char *sc = r ? auxerr_record_syscall_name(r) : NULL;
	unsigned long flags;
	int dir = strcmp(tclass, "dir") == 0;

	if (!sc || (!dir && !is_file_class(tclass)))
		return NULL;
	if (syscall_is(sc, stats))
		return "getattr";
	if (syscall_is(sc, reads))
		return "read";
	if (strcmp(sc, "execve") == 0 || strcmp(sc, "execveat") == 0)
		return dir ? "search" : "read open execute";
	if (open_flags(r, sc, &flags)) {
		const char *w = flags & O_APPEND ? "append" : "write";

		if (dir && (flags & O_CREAT))
			return "search write add_name";
		switch (flags & O_ACCMODE) {
		case O_RDONLY:
			return "read open";
		case O_WRONLY:
			snprintf(buf, len, "%s open", w);
			return buf;
		default:
			snprintf(buf, len, "read %s open", w);
			return buf;
		}
	}
	if (!dir)
		return NULL;
	if (syscall_is(sc, makes))
		return "search write add_name";
	if (syscall_is(sc, removes))
		return "search write remove_name";
	if (syscall_is(sc, renames))
		return "search write add_name remove_name";
	return NULL;
}

/*
 * The permissions the remedy's rule gives: the denied ones, and those the
 * system call also needs and the policy does not allow now (all of them
 * when the policy cannot say).  *@extra: whether that is more than the
 * denied ones.
 */
static char *rule_perms(const struct auxerr_record *r, const char *scon,
			const char *tcon, const char *tclass,
			const char *perms, int *extra)
{
	char buf[64], *set = NULL, *missing = NULL;
	const char *needs = call_needs(r, tclass, buf, sizeof(buf));

	*extra = 0;
	if (add_words(&set, perms) < 0)
		goto fail;
	if (!needs)
		return set;
	if (auxerr__selinux_not_allowed(NULL, scon, tcon, tclass, needs,
					&missing) < 0) {
		if (errno == ENOMEM)
			goto fail;
		missing = strdup(needs);
		if (!missing)
			goto fail;
	}
	for (char *save = NULL, *w = strtok_r(missing, " ", &save); w;
	     w = strtok_r(NULL, " ", &save))
		if (!has_word(set, w)) {
			if (append(&set, " %s", w) < 0)
				goto fail;
			*extra = 1;
		}
	free(missing);
	return set;
fail:
	free(missing);
	free(set);
	return NULL;
}

/* ---- constraints: which comparison failed, in words ------------------ */

struct levels {
	char *s_low, *s_high, *t_low, *t_high;
};

static void levels_free(struct levels *l)
{
	free(l->s_low);
	free(l->s_high);
	free(l->t_low);
	free(l->t_high);
}

/* "s0-s0:c0.c1023" -> low "s0", high "s0:c0.c1023"; "s0:c7" both */
static int split_level(const char *context, char **low, char **high)
{
	char *level = context_part(context, 3), *dash;

	*low = *high = NULL;
	if (!level)
		return 0;
	dash = strchr(level, '-');
	*low = dash ? strndup(level, dash - level) : strdup(level);
	*high = strdup(dash ? dash + 1 : level);
	free(level);
	return *low && *high ? 0 : -1;
}

/* "h1" -> "the process's high level s0:c0.c1023" (a single level: "the
 * process's level s0") */
static int level_words(char **s, const char *name, const struct levels *l)
{
	int process = name[1] == '1', high = name[0] == 'h';
	const char *low_v = process ? l->s_low : l->t_low;
	const char *high_v = process ? l->s_high : l->t_high;
	const char *who = process ? _("the process's") : _("the object's");

	if (!low_v || !high_v)
		return append(s, "%s %s", who, name);
	if (strcmp(low_v, high_v) == 0)
		return append(s, _("%s level %s"), who, low_v);
	return append(s, high ? _("%s high level %s") : _("%s low level %s"),
		      who, high ? high_v : low_v);
}

/*
 * One failed comparison of libsepol's account ("h1 dom h2 -Fail-",
 * "t1 != mcs_constrained_type -Fail-", "u1 == u2 -Fail-") in words
 */
static int atom_words(char **s, const char *a, const char *op, const char *b,
		      const struct levels *l, const char *scon,
		      const char *tcon)
{
	static const struct { const char *op, *words; } level_ops[] = {
		{ "dom", N_("does not dominate") },
		{ "domby", N_("is not dominated by") },
		{ "eq", N_("differs from") },
		{ "==", N_("differs from") },
		{ "incomp", N_("is comparable to") },
		{ "!=", N_("is the same as") },
	};
	static const char *const kinds[] = { N_("SELinux user"),
		N_("SELinux role"), N_("type") };
	int k;

	if ((a[0] == 'l' || a[0] == 'h') && (a[1] == '1' || a[1] == '2') &&
	    !a[2] && (b[0] == 'l' || b[0] == 'h') &&
	    (b[1] == '1' || b[1] == '2') && !b[2]) {
		for (size_t i = 0; i < sizeof(level_ops) / sizeof(level_ops[0]); i++)
			if (strcmp(op, level_ops[i].op) == 0)
				return level_words(s, a, l) < 0 ||
				       append(s, " %s ", _(level_ops[i].words)) < 0 ||
				       level_words(s, b, l) < 0 ? -1 : 0;
	}
	k = a[0] == 'u' ? 0 : a[0] == 'r' ? 1 : a[0] == 't' ? 2 : -1;
	if (k >= 0 && (a[1] == '1' || a[1] == '2') && !a[2]) {
		char *v = context_part(a[1] == '1' ? scon : tcon, k);
		int rc;

		if (!v)
			return -1;
		if (b[0] == a[0] && (b[1] == '1' || b[1] == '2') && !b[2]) {
			char *w = context_part(b[1] == '1' ? scon : tcon, k);

			rc = w ? append(s, strcmp(op, "==") == 0 ?
					_("the %s %s of the process and %s of the object differ") :
					_("the %s %s of the process and %s of the object are the same"),
					_(kinds[k]), v, w) : -1;
			free(w);
		} else {
			rc = append(s, strcmp(op, "==") == 0 ?
				    _("the %s %s of the %s is not %s") :
				    _("the %s %s of the %s is in %s"),
				    _(kinds[k]), v,
				    a[1] == '1' ? _("process") : _("object"), b);
		}
		free(v);
		return rc;
	}
	return append(s, "%s %s %s", a, op, b);
}

/*
 * libsepol's account of a failed constraint ("mlsconstrain file { read
 * ... } ((h1 dom h2 -Fail-) or (t1 != x -Fail-)); Constraint DENIED"):
 * *@why, its failed comparisons in words; *@rule, the constraint without
 * libsepol's marks; *@mls, whether it is an MLS/MCS constraint.
 */
static int constraint_words(const char *text, const char *scon,
			    const char *tcon, char **why, char **rule,
			    int *mls)
{
	struct levels l = { 0 };
	const char *end, *p;
	int rc = -1, n = 0;

	*why = *rule = NULL;
	*mls = text && strncmp(text, "mlsconstrain", 12) == 0;
	if (!text)
		return 0;
	if (split_level(scon, &l.s_low, &l.s_high) < 0 ||
	    split_level(tcon, &l.t_low, &l.t_high) < 0)
		goto out;
	end = strstr(text, "; Constraint DENIED");
	if (!end)
		end = text + strlen(text);
	/* the rule, without " -Fail-" and doubled spaces */
	for (p = text; p < end; p++) {
		if (strncmp(p, " -Fail-", 7) == 0) {
			p += 6;
			continue;
		}
		if (*p == ' ' && (p[1] == ' ' || p[1] == ')'))
			continue;
		if (append(rule, "%c", *p) < 0)
			goto out;
	}
	/* the comparisons of the process with the object: the others are
	 * the exemptions (t1 != mcs_constrained_type) that did not apply */
	for (int pass = 0; pass < 2 && !n; pass++)
		for (p = text; (p = strstr(p, "-Fail-")) && p < end; p += 6) {
			const char *open = p;
			char a[128], op[16], b[128];

			while (open > text && *open != '(')
				open--;
			if (sscanf(open, "(%127s %15s %127s -Fail-)", a, op, b) != 3)
				continue;
			if (!pass && !(strlen(b) == 2 && (b[1] == '1' || b[1] == '2')))
				continue;
			if ((n++ && append(why, "%s", _(", and ")) < 0) ||
			    atom_words(why, a, op, b, &l, scon, tcon) < 0)
				goto out;
		}
	rc = 0;
out:
	levels_free(&l);
	if (rc < 0) {
		free(*why);
		free(*rule);
		*why = *rule = NULL;
	}
	return rc;
}

/*
 * The kernel's answer, made at the denial on the policy that decided
 * (lsm_reason=, lsm_bools=: Documentation/userspace-api/auxerr.rst): what
 * a confined process, which may not read the policy, has instead of
 * audit2why.  0 and *@why filled, or -1 (none in the record, or ENOMEM).
 */
static int kernel_why(const struct auxerr_record *r,
		      struct auxerr_selinux_why *why)
{
	static const struct {
		const char *name;
		enum auxerr_selinux_verdict verdict;
	} reasons[] = {
		{ "te", AUXERR_SELINUX_TE_RULE },
		{ "boolean", AUXERR_SELINUX_BOOLEAN },
		{ "constraint", AUXERR_SELINUX_CONSTRAINT },
		{ "mls", AUXERR_SELINUX_CONSTRAINT },
		{ "rbac", AUXERR_SELINUX_RBAC },
		{ "bounds", AUXERR_SELINUX_BOUNDS },
	};
	const char *reason = r ? auxerr__aux(r, "lsm_reason") : NULL;
	const char *bools = r ? auxerr__auxi(r, "lsm_bools") : NULL;
	const char *audited = r ? auxerr__aux(r, "lsm_audited") : NULL;
	char *copy = NULL, *item, *save = NULL;
	size_t i;

	memset(why, 0, sizeof(*why));
	for (i = 0; reason && i < sizeof(reasons) / sizeof(reasons[0]); i++)
		if (strcmp(reason, reasons[i].name) == 0)
			break;
	if (!reason || i == sizeof(reasons) / sizeof(reasons[0])) {
		errno = ENOENT;
		return -1;
	}
	why->verdict = reasons[i].verdict;
	why->mls = strcmp(reason, "mls") == 0;
	why->from_kernel = 1;
	if (why->verdict == AUXERR_SELINUX_TE_RULE && audited &&
	    strcmp(audited, "0") == 0)
		why->verdict = AUXERR_SELINUX_DONTAUDIT;
	if (why->verdict != AUXERR_SELINUX_BOOLEAN)
		return 0;
	/* "name=1,other=0"; "?" for each the reader may not know */
	if (bools && !(copy = strdup(bools)))
		goto oom;
	for (item = copy ? strtok_r(copy, ",", &save) : NULL; item;
	     item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');
		struct auxerr_selinux_boolean *grown;

		if (!eq || eq == item || (strcmp(eq + 1, "0") && strcmp(eq + 1, "1"))) {
			why->nhidden++;	/* "?", or not a name=value */
			continue;
		}
		grown = realloc(why->booleans,
				(why->nbooleans + 1) * sizeof(*grown));
		if (!grown)
			goto oom;
		why->booleans = grown;
		why->booleans[why->nbooleans].value = eq[1] == '1';
		why->booleans[why->nbooleans].name = strndup(item, (size_t)(eq - item));
		if (!why->booleans[why->nbooleans++].name)
			goto oom;
	}
	free(copy);
	if (!why->nbooleans && !why->nhidden)
		why->nhidden = 1;	/* a boolean, not named */
	return 0;
oom:
	free(copy);
	auxerr__selinux_why_free(why);
	errno = ENOMEM;
	return -1;
}

/* ---- the remedies ------------------------------------------------------ */

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

/*
 * A local policy module of one statement, as a command: its name says
 * what it allows, so that a second remedy does not replace the first
 * (semodule -i replaces a module of the same name)
 */
static int module_command(char **command, const char *statement,
			  const char *name)
{
	char *file = NULL;
	int rc;

	if (asprintf(&file, "auxerr_%s", name) < 0)
		return -1;
	for (char *p = file; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9')))
			*p = '_';
	rc = asprintf(command, "printf '%s\\n' > %s.cil && semodule -i %s.cil",
		      statement, file, file);
	free(file);
	return rc < 0 ? -1 : 0;
}

/* The least change when no boolean helps: a local module of one rule,
 * with every permission the call needs that the policy lacks */
static int remedy_module(struct auxerr_selinux_account *a, const char *stype,
			 const char *ttype, const char *tclass,
			 const char *perms, int extra, const char *syscall,
			 const char *caps)
{
	char *words = in_words(perms), *rule = NULL, *name = NULL;
	int self = strcmp(stype, ttype) == 0, rc = -1;
	const char *target = self ? "self" : ttype;

	if (!words ||
	    asprintf(&rule, "(allow %s %s (%s (%s)))", stype, target, tclass,
		     perms) < 0 ||
	    asprintf(&name, "%s_%s_%s_%s", stype, target, tclass, perms) < 0 ||
	    module_command(&a->command, rule, name) < 0)
		goto out;
	if ((extra ? asprintf(&a->remedy,
			      _("root can add a local SELinux policy module with the one rule %s, which gives every permission %s needs: %s"),
			      rule, syscall, a->command) :
		     asprintf(&a->remedy,
			      _("root can add a local SELinux policy module with the one rule %s: %s"),
			      rule, a->command)) < 0)
		goto out;
	if (is_capability_class(tclass)) {
		if (asprintf(&a->weakens,
			     _("every process in the domain %s may then use the capability %s where it holds it"),
			     stype, caps ? caps : words) < 0)
			goto out;
	} else if (asprintf(&a->weakens,
			    _("every process in the domain %s may then %s every %s labeled %s"),
			    stype, words, tclass, ttype) < 0)
		goto out;
	a->kind = AUXERR_SELINUX_REMEDY_MODULE;
	rc = 0;
out:
	free(words);
	free(rule);
	free(name);
	return rc;
}

/* RBAC: the role allow rule that is missing */
static int remedy_role(struct auxerr_selinux_account *a, const char *srole,
		       const char *trole)
{
	char *rule = NULL, *name = NULL;
	int rc = -1;

	if (asprintf(&rule, "(roleallow %s %s)", srole, trole) < 0 ||
	    asprintf(&name, "roleallow_%s_%s", srole, trole) < 0 ||
	    module_command(&a->command, rule, name) < 0 ||
	    asprintf(&a->remedy,
		     _("root can add a local SELinux policy module with the role allow rule %s: %s"),
		     rule, a->command) < 0 ||
	    asprintf(&a->weakens,
		     _("every process in the role %s may then change to the role %s where its type rules let it"),
		     srole, trole) < 0)
		goto out;
	a->kind = AUXERR_SELINUX_REMEDY_MODULE;
	rc = 0;
out:
	free(rule);
	free(name);
	return rc;
}

/* Where root sees a hidden label, by the class of the object */
static const char *where_labels_show(const char *tclass)
{
	if (is_file_class(tclass) || strcmp(tclass, "dir") == 0)
		return _("ls -Z on the object");
	if (strcmp(tclass, "process") == 0)
		return _("ps -Z on the process");
	return _("the full record, kernel.auxerr.lsm_detail = 2");
}

/* ---- the sentence and the remedy --------------------------------------- */

/* a port's permission (its object is a port number's label), in words */
static const char *port_perm(const char *perms)
{
	if (strcmp(perms, "name_bind") == 0)
		return _("bind a socket to");
	if (strcmp(perms, "name_connect") == 0)
		return _("connect a socket to");
	return NULL;
}

/*
 * Why the analysis could not be made here (the policy is not readable,
 * is missing, or is not the policy that decided), as a clause
 */
static const char *unanalysed(int err)
{
	switch (err) {
	case EACCES:
	case EPERM:
		return _("; the policy that decided is not this process's to read (a confined domain's usual lot), so audit2why's reason cannot be computed here: root can run auxerr explain on this record for it");
	case ENOENT:
		return _("; no SELinux policy is installed where this runs, so audit2why's reason cannot be computed here");
	case EINVAL:
		return _("; the SELinux policy installed here does not know these contexts: it is not the policy that decided, so audit2why's reason cannot be computed here");
	default:
		return _("; audit2why's reason cannot be computed here (the policy could not be read)");
	}
}

static int account(struct auxerr_selinux_account *a,
		   const struct auxerr_record *r, const char *scon,
		   const char *tcon, const char *tclass, const char *perms,
		   int permissive)
{
	char *stype = context_part(scon, 2), *ttype = context_part(tcon, 2);
	char *plist = in_words(perms), *CAPS = NULL, *rperms = NULL;
	const char *syscall = r ? auxerr_record_syscall_name(r) : NULL;
	int capability = is_capability_class(tclass), extra = 0;
	struct auxerr_selinux_why why;
	int rc = -1;

	if (!stype || !plist) {
		errno = stype && plist ? EINVAL : errno;
		goto out;
	}
	if (capability) {
		char *w, *save = NULL, *copy = spaced(perms);

		/* "chown" is CAP_CHOWN: SELinux names a capability so */
		for (w = copy ? strtok_r(copy, " ", &save) : NULL; w;
		     w = strtok_r(NULL, " ", &save)) {
			for (char *p = w; *p; p++)
				if (*p >= 'a' && *p <= 'z')
					*p -= 'a' - 'A';
			if (append(&CAPS, "%sCAP_%s", CAPS ? ", " : "", w) < 0)
				break;
		}
		free(copy);
		if (!CAPS)
			goto out;
	}
	if (tcon && strcmp(tcon, "?") == 0) {
		/* kernel.auxerr.lsm_detail 1 and a domain that may not
		 * getattr the object: its label is not the caller's to know,
		 * so there is no type to analyse or to write a rule for */
		a->hidden = 1;
		if (append(&a->sentence, permissive ?
			   _("SELinux (permissive for it) logged that its policy does not let the domain %s %s this object of class %s, whose label is hidden from the caller") :
			   _("SELinux's policy does not let the domain %s %s this object of class %s, whose label is hidden from the caller"),
			   stype, plist, tclass) < 0 ||
		    append(&a->sentence, "%s", _(" (so neither the rule nor a boolean that would allow it can be named here)")) < 0 ||
		    asprintf(&a->remedy,
			     _("root can see the object's label (%s) and then allow the domain %s to %s objects of class %s with that label in a local SELinux policy module, or give the object a label the domain may use"),
			     where_labels_show(tclass), stype, plist, tclass) < 0)
			goto out;
		rc = 0;
		goto out;
	}
	if (!ttype) {
		errno = EINVAL;
		goto out;
	}
	if (strcmp(tclass, "process") == 0 &&
	    (strcmp(perms, "transition") == 0 ||
	     strcmp(perms, "dyntransition") == 0)) {
		/* the object is the domain the process asked to enter */
		if (append(&a->sentence, permissive ?
			   _("SELinux (permissive for it) logged that its policy does not let the domain %s change to the domain %s (process %s)") :
			   _("SELinux's policy does not let the domain %s change to the domain %s (process %s)"),
			   stype, ttype, perms) < 0)
			goto out;
	} else if (!capability && port_perm(perms)) {
		if (append(&a->sentence, permissive ?
			   _("SELinux (permissive for it) logged that its policy does not let the domain %s %s (class %s) a port labeled %s") :
			   _("SELinux's policy does not let the domain %s %s (class %s) a port labeled %s"),
			   stype, port_perm(perms), tclass, ttype) < 0)
			goto out;
	} else if (capability ?
	    append(&a->sentence, permissive ?
		   _("SELinux (permissive for it) logged that its policy does not let the domain %s use the capability %s (class %s), which the process holds") :
		   _("SELinux's policy does not let the domain %s use the capability %s (class %s), which the process holds"),
		   stype, CAPS, tclass) < 0 :
	    append(&a->sentence, permissive ?
		   _("SELinux (permissive for it) logged that its policy does not let the domain %s %s an object of class %s labeled %s") :
		   _("SELinux's policy does not let the domain %s %s an object of class %s labeled %s"),
		   stype, plist, tclass, ttype) < 0)
		goto out;

	if (auxerr__selinux_why(NULL, scon, tcon, tclass, perms, &why) < 0) {
		int err = errno;

		/* the policy is not readable here, or is not the one that
		 * decided: the kernel's answer, made on the one that did */
		if (err == ENOMEM || kernel_why(r, &why) < 0) {
			if (err == ENOMEM || errno == ENOMEM)
				goto out;
			rc = append(&a->sentence, "%s", unanalysed(err));
			goto out;
		}
	} else if (why.verdict == AUXERR_SELINUX_ALLOWED) {
		struct auxerr_selinux_why then;

		/* allowed now: what the policy lacked when it decided */
		if (kernel_why(r, &then) == 0) {
			auxerr__selinux_why_free(&why);
			why = then;
		} else if (errno == ENOMEM) {
			auxerr__selinux_why_free(&why);
			goto out;
		}
	}
	switch (why.verdict) {
	case AUXERR_SELINUX_TE_RULE:
	case AUXERR_SELINUX_DONTAUDIT:
		rc = append(&a->sentence, "%s", why.verdict == AUXERR_SELINUX_TE_RULE ?
			    _(": it has no allow rule for it") :
			    _(": it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log"));
		a->silent = why.verdict == AUXERR_SELINUX_DONTAUDIT;
		rperms = rc == 0 ? rule_perms(r, scon, tcon, tclass, perms, &extra) : NULL;
		if (rc == 0 && !rperms)
			rc = -1;
		if (rc == 0)
			rc = remedy_module(a, stype, ttype, tclass, rperms, extra,
					   syscall ? syscall : "the call", CAPS);
		break;
	case AUXERR_SELINUX_BOOLEAN:
		if (!why.nbooleans) {
			/* the kernel's answer: no boolean this process may read */
			rc = append(&a->sentence, "%s",
				    _(": it allows it only with a boolean changed, one this process may not read (getsebool)"));
			if (rc == 0)
				rc = asprintf(&a->remedy, "%s",
					      _("root can name the boolean (audit2why, or auxerr explain on this record) and set it with setsebool -P")) < 0 ? -1 : 0;
			a->kind = AUXERR_SELINUX_REMEDY_BOOLEAN;
			break;
		}
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
		if (rc == 0 && why.nhidden)
			rc = append(&a->sentence, "%s",
				    _(" (or another boolean, one this process may not read)"));
		if (rc == 0)
			rc = remedy_boolean(a, &why);
		break;
	case AUXERR_SELINUX_CONSTRAINT: {
		char *words = NULL, *rule = NULL;
		int mls = 0;

		rc = constraint_words(why.constraint, scon, tcon, &words, &rule, &mls);
		if (rc == 0 && why.from_kernel) {
			/* the kernel names the kind, not the constraint's text */
			char *slevel = context_part(scon, 3), *tlevel = context_part(tcon, 3);

			mls = why.mls;
			if (mls && slevel && tlevel)
				rc = asprintf(&words, _("it compares the process's level %s with the object's level %s"),
					      slevel, tlevel) < 0 ? -1 : 0;
			else if (!mls && !(words = strdup(_("it compares the SELinux users, roles or types of the process and the object"))))
				rc = -1;
			if (rc == 0)
				rule = strdup(_("the policy's text is root's to read: seinfo --constrain"));
			if (!rule)
				rc = -1;
			free(slevel);
			free(tlevel);
		}
		if (rc == 0)
			rc = append(&a->sentence, mls ?
				    _(": an MLS/MCS constraint forbids it: %s (%s)") :
				    _(": a constraint forbids it: %s (%s)"),
				    words ? words : _("a comparison failed"),
				    rule ? rule : _("the constraint is not known"));
		if (rc == 0 && mls)
			rc = asprintf(&a->remedy, "%s",
				      _("the levels decide, not a missing rule: root can give the object a level the process's dominates (chcon -l), or run the process at a level that dominates the object's (runcon -l, or the user's range: semanage login -m -r)")) < 0 ? -1 : 0;
		else if (rc == 0)
			rc = asprintf(&a->remedy, "%s",
				      _("a constraint is part of the policy's design, not a missing rule: give the process or the object the SELinux user, role or type the constraint asks for (root)")) < 0 ? -1 : 0;
		a->kind = AUXERR_SELINUX_REMEDY_LABEL;
		free(words);
		free(rule);
		break;
	}
	case AUXERR_SELINUX_RBAC: {
		char *srole = context_part(scon, 1), *trole = context_part(tcon, 1);

		if (!srole || !trole)
			rc = -1;
		else
			rc = append(&a->sentence, _(": no role allow rule lets the role %s change to the role %s"),
				    srole, trole);
		if (rc == 0)
			rc = remedy_role(a, srole, trole);
		free(srole);
		free(trole);
		break;
	}
	case AUXERR_SELINUX_BOUNDS:
		rc = append(&a->sentence, "%s",
			    _(": the domain is bounded by another, and the rule that allows it is not within that domain's rights"));
		if (rc == 0)
			rc = asprintf(&a->remedy, "%s",
				      _("a bounded domain may not hold more than its bounding domain: root can allow the access to the bounding domain too, in a local SELinux policy module")) < 0 ? -1 : 0;
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
	free(CAPS);
	free(rperms);
	return rc;
}

int auxerr__selinux_account(const struct auxerr_record *r,
			    struct auxerr_selinux_account *a)
{
	const char *scon, *tcon, *tclass, *perms, *result, *permissive;
	int err;

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
	errno = 0;
	if (account(a, r, scon, tcon, tclass, perms,
		    permissive && strcmp(permissive, "1") == 0) < 0) {
		err = errno ? errno : ENOMEM;
		auxerr__selinux_account_free(a);
		errno = err;
		return -1;
	}
	return 0;
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
	if (account(a, NULL, scontext, tcontext, tclass, perms, permissive) < 0) {
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

/* ---- the mechanism's entry points (mech/lsm.c hands them over) -------- */

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
		/* the sentence says why audit2why's reason is missing */
		auxerr__buf_str(&b, _("Only a change to SELinux's policy, which is root's, can allow it; audit2why's reason, computed where the policy can be read (root: auxerr explain on this record), names the change"));
	}
	if (!m->weakens && a.kind != AUXERR_SELINUX_REMEDY_LABEL)
		m->weakens = auxerr__xstrdup(&m->oom, _("the policy then allows the same to every process in the domain"));
	auxerr__selinux_account_free(&a);
	auxerr__remedy_say(m, &b);
}
