// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr_record_remedy(): from the facts of a parsed record, the least
 * change that would allow the call, and who can make it.
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
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libaudit.h>

#include "apparmor-account.h"
#include "auxerr-shared.h"
#include "internal.h"
#include "selinux-account.h"
#include "text.h"

struct auxerr_remedy {
	enum auxerr_remedy_kind kind;
	char *text;		/* one sentence, never NULL */
	char *command;		/* a shell command line, or NULL */
	char *who;		/* the party that can make the change, or NULL */
	char *weakens;		/* what the change also allows, or NULL */
	long long uid;		/* the uid of @who, -1 if not one user */
	int oom;
};

/* ------------------------------------------------------------------ */
/* facts                                                              */
/* ------------------------------------------------------------------ */

static int is_parent_item(const struct auxerr_record *r, unsigned i)
{
	const char *nt = auxerr_record_field_nth(r, "PATH", i, "nametype", 0);

	return nt && strcmp(nt, "PARENT") == 0;
}

/*
 * The PATH item the denial concerns: the one with the AUXERR object's
 * inode; only when the AUXERR record names no inode, the first item that
 * is not the parent of a create or delete, else the first name at all.
 * -1 when none.
 */
static int object_item(const struct auxerr_record *r)
{
	const char *ino = auxerr__aux(r, "inode");
	unsigned n = auxerr_record_count(r, "PATH");

	for (int pass = 0; pass < 3; pass++) {
		if (pass > 0 && ino)
			break;
		for (unsigned i = 0; i < n; i++) {
			const char *nm = auxerr_record_field_nth(r, "PATH", i,
								 "name", 0);
			const char *pi = auxerr_record_field_nth(r, "PATH", i,
								 "inode", 0);

			if (!nm || !*nm || strcmp(nm, "(null)") == 0)
				continue;
			if (pass == 0 && !(ino && pi && strcmp(pi, ino) == 0))
				continue;
			if (pass == 1 && is_parent_item(r, i))
				continue;
			return (int)i;
		}
	}
	return -1;
}

/*
 * Whether a relative name of this system call is relative to the working
 * directory: the *at() calls (and statx, open_tree, ...) take it relative
 * to their dirfd, a0 (a1 for symlinkat), known only when that is
 * AT_FDCWD.  (creat and stat end in "at" too: hence the list.)
 */
static int relative_to_cwd(const struct auxerr_record *r)
{
	static const char *const dirfd_calls[] = {
		"openat", "openat2", "mkdirat", "mknodat", "fchownat",
		"futimesat", "newfstatat", "fstatat64", "unlinkat", "renameat",
		"renameat2", "linkat", "readlinkat", "fchmodat", "fchmodat2",
		"faccessat", "faccessat2", "utimensat", "execveat",
		"name_to_handle_at", "statx", "open_tree", "mount_setattr",
		"fspick", "move_mount", "symlinkat", NULL
	};
	const char *sc = auxerr_record_syscall_name(r);
	const char *fd;
	int i;

	for (i = 0; dirfd_calls[i]; i++)
		if (strcmp(sc, dirfd_calls[i]) == 0)
			break;
	if (!dirfd_calls[i])
		return 1;
	fd = auxerr__sys(r, strcmp(sc, "symlinkat") == 0 ? "a1" : "a0");
	/* AT_FDCWD (-100) as audit writes a register */
	return fd && (strcmp(fd, "ffffff9c") == 0 ||
		      strcmp(fd, "ffffffffffffff9c") == 0);
}

/*
 * @name as an absolute path: as is, or joined to the CWD record's
 * directory; NULL when it cannot be known.  Trailing slashes go (audit
 * names a parent directory "/d/").
 */
static char *absolute(int *oom, const struct auxerr_record *r,
		      const char *name)
{
	char *p, *cwd;
	size_t n;

	if (!name || !*name)
		return NULL;
	if (name[0] == '/') {
		p = auxerr__xstrdup(oom, name);
	} else {
		if (!relative_to_cwd(r))
			return NULL;
		cwd = auxerr__decode(oom, auxerr_record_field(r, "CWD", "cwd"));
		if (!cwd || cwd[0] != '/') {
			free(cwd);
			return NULL;
		}
		if (strncmp(name, "./", 2) == 0 && name[2])
			name += 2;
		p = strcmp(name, ".") == 0 ? auxerr__xstrdup(oom, cwd) :
			auxerr__xprintf(oom, "%s%s%s", cwd,
				cwd[strlen(cwd) - 1] == '/' ? "" : "/", name);
		free(cwd);
	}
	if (!p)
		return NULL;
	n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	return p;
}

/* the object's absolute path, NULL if the record does not give it */
static char *object_path(int *oom, const struct auxerr_record *r)
{
	int i = object_item(r);
	char *name, *p;

	if (i < 0)
		return NULL;
	name = auxerr__decode(oom, auxerr_record_field_nth(r, "PATH", (unsigned)i,
						   "name", 0));
	p = absolute(oom, r, name);
	free(name);
	return p;
}

static const char *cap_lower(const struct auxerr_record *r)
{
	const char *c = auxerr_record_interpret(r, "AUXERR", "capability");
	const char *raw = auxerr__aux(r, "capability");

	if (!c || !raw || strcmp(c, raw) == 0 || strncmp(c, "unknown", 7) == 0)
		return NULL;
	for (const char *p = c; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || *p == '_' ||
		      (*p >= '0' && *p <= '9')))
			return NULL;
	return c;
}

/* ------------------------------------------------------------------ */
/* the remedy being built                                             */
/* ------------------------------------------------------------------ */

static void set(struct auxerr_remedy *m, enum auxerr_remedy_kind kind,
		char *who, long long uid)
{
	m->kind = kind;
	free(m->who);
	m->who = who;
	m->uid = uid;
}

/* the text: @b as a sentence, then ": COMMAND" when there is a command */
static void say(struct auxerr_remedy *m, struct auxerr_buf *b)
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

/* "the file's owner (uid 0, root)" / "... (uid 1000, alice) or root" */
static char *owner_who(int *oom, unsigned long ouid, int dir)
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

/* ------------------------------------------------------------------ */
/* dac and path: one ACL entry, or the owner's own mode bit           */
/* ------------------------------------------------------------------ */

/*
 * The object's class did not grant @missing of the requested bits.
 * - The caller owns it: it sets the bit itself (chmod u+w).
 * - Its own ACL entry, a group entry, the owning group or "other"
 *   decided: one ACL entry naming the caller, with what the deciding class
 *   granted plus what is missing (a named user entry takes precedence over
 *   the group and other classes, so it must keep what they gave).  The
 *   mode bits of a class, or membership of a group, would give it to
 *   everyone in the class or every file of the group.
 * - The ACL mask removed it: the mask, widened by the missing bits (it is
 *   the group bits of the mode), which the group class then shares.
 */
static void remedy_dac(struct auxerr_remedy *m, const struct auxerr_record *r,
		       const char *path_raw, int path_search)
{
	const char *cls = auxerr__aux(r, "class");
	unsigned long perm, granted = 0, mode = 0, ouid, fsuid, missing;
	int dir, named, *oom = &m->oom;
	char letters[4], *path, *qpath = NULL, *who, *uword, *ulabel;
	struct auxerr_buf b = { 0 }, words = { 0 };

	if (!cls || !auxerr__num(auxerr__aux(r, "perm"), 0, &perm) ||
	    !auxerr__num(auxerr__aux(r, "ouid"), 10, &ouid) ||
	    !auxerr__num(auxerr__sys(r, "fsuid"), 10, &fsuid)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record lacks the facts a remedy needs (class, perm, ouid, fsuid)"));
		say(m, &b);
		return;
	}
	auxerr__num(auxerr__aux(r, "granted"), 0, &granted);
	auxerr__num(auxerr__aux(r, "mode"), 8, &mode);
	dir = path_search || S_ISDIR((mode_t)mode);
	missing = auxerr__perm_missing(auxerr__aux(r, "perm"),
				       auxerr__aux(r, "granted"));
	path = path_raw ? absolute(oom, r, path_raw) : object_path(oom, r);
	if (path)
		qpath = auxerr__quoted(oom, path);
	auxerr__perm_words(&words, missing, dir);
	ulabel = auxerr__user_label(oom, fsuid);

	if (strcmp(cls, "owner") == 0) {
		auxerr__perm_letters(letters, missing);
		if (qpath)
			m->command = auxerr__xprintf(oom, "chmod u+%s %s", letters, qpath);
		who = auxerr__xprintf(oom, _("the caller (%s), the owner"), ulabel ? ulabel : "?");
		set(m, AUXERR_REMEDY_COMMAND, who, (long long)fsuid);
		auxerr__buf_printf(&b, dir ?
			   _("The caller (%s) owns the directory %s and may give itself %s permission on it") :
			   _("The caller (%s) owns the file %s and may give itself %s permission on it"),
			   ulabel ? ulabel : "?", qpath ? qpath : _("(path unknown)"),
			   words.s ? words.s : "?");
	} else if (strcmp(cls, "acl_mask") == 0) {
		unsigned long mask = (mode >> 3) & 7;
		const char *tag = auxerr__aux(r, "acl_tag");
		char *entry;
		unsigned long id;

		auxerr__perm_letters(letters, mask | missing);
		if (qpath)
			m->command = auxerr__xprintf(oom, "setfacl -m m::%s %s", letters, qpath);
		set(m, AUXERR_REMEDY_COMMAND, owner_who(oom, ouid, dir),
		    (long long)ouid);
		if (auxerr__num(auxerr__aux(r, "acl_id"), 10, &id) && tag && strcmp(tag, "group") == 0) {
			struct group gr, *res = NULL;
			char tmp[1024];

			if (getgrgid_r((gid_t)id, &gr, tmp, sizeof(tmp), &res) == 0 && res)
				entry = auxerr__xprintf(oom, "group:%s", res->gr_name);
			else
				entry = auxerr__xprintf(oom, "group:%lu", id);
		}
		else if (auxerr__num(auxerr__aux(r, "acl_id"), 10, &id)) {
			char *u = auxerr__user_word(oom, id, &named);
			entry = auxerr__xprintf(oom, "user:%s", u ? u : "?");
			free(u);
		} else
			entry = auxerr__xstrdup(oom, _("of the caller"));
		auxerr__buf_printf(&b, _("%s can widen the ACL mask of %s so that the entry %s grants uid %lu the %s permission it holds"),
			   m->who ? m->who : "?", qpath ? qpath : _("(path unknown)"),
			   entry ? entry : "?", fsuid, words.s ? words.s : "?");
		m->weakens = auxerr__xprintf(oom, _("the mask limits the owning group and every named ACL entry: those that hold %s permission get it too"),
				     words.s ? words.s : "?");
		free(entry);
	} else {
		/* other, group, acl_user, acl_group, acl: one user entry */
		uword = auxerr__user_word(oom, fsuid, &named);
		auxerr__perm_letters(letters, (granted & 7) | missing);
		if (qpath && uword)
			m->command = auxerr__xprintf(oom, "setfacl -m u:%s:%s %s", uword,
					     letters, qpath);
		set(m, AUXERR_REMEDY_COMMAND, owner_who(oom, ouid, dir),
		    (long long)ouid);
		auxerr__buf_printf(&b, dir ?
			   _("%s can give uid %lu %s permission on the directory %s with one ACL entry for that user") :
			   _("%s can give uid %lu %s permission on %s with one ACL entry for that user"),
			   m->who ? m->who : "?", fsuid, words.s ? words.s : "?",
			   qpath ? qpath : _("(path unknown)"));
		free(uword);
	}
	say(m, &b);
	free(words.s);
	free(ulabel);
	free(qpath);
	free(path);
}

/*
 * path: search permission on a directory of the walk.  component= is the
 * prefix of the name the caller gave (absolute, or relative to the working
 * directory), or, inside a symlink, the directory's own name: only when it
 * is a prefix of the PATH name is it taken as a path.
 */
static void remedy_path(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	char *c = auxerr__decode(&m->oom, auxerr__aux(r, "component"));
	char *name = auxerr__decode(&m->oom, auxerr_record_field_nth(r, "PATH", 0,
							     "name", 0));
	const char *use = NULL;

	if (c && c[0] == '/')
		use = c;
	else if (c && name) {
		size_t n = strlen(c);

		if (strncmp(name, c, n) == 0 && (name[n] == '/' || !name[n]))
			use = c;
	}
	remedy_dac(m, r, use ? use : "", 1);
	free(c);
	free(name);
}

/* ------------------------------------------------------------------ */
/* capabilities: one capability for one run of the program            */
/* ------------------------------------------------------------------ */

/*
 * "cd CWD && setpriv --reuid=U --regid=G --init-groups --inh-caps=+CAP
 * --ambient-caps=+CAP -- ARGV...": root runs the program again, as the
 * caller, with that capability alone.  The command line comes from the
 * PROCTITLE record; none when it may be cut (128 bytes) or is missing.
 * argv[0] without a slash is the program's exe= when that is its name.
 */
static char *program_command_as(int *oom, const struct auxerr_record *r,
				 const char *cap, const char *wrap);

static char *setpriv_command(int *oom, const struct auxerr_record *r,
			     const char *cap)
{
	return program_command_as(oom, r, cap, NULL);
}

static char *program_command(int *oom, const struct auxerr_record *r,
			     const char *cap)
{
	return program_command_as(oom, r, cap, NULL);
}

/*
 * "cd CWD && ARGV...", the command line itself (the PROCTITLE record),
 * with "setpriv ... --" before it when @cap is not NULL (above), or
 * @wrap ("setpriv --no-new-privs --") when that is not NULL.
 */
static char *program_command_as(int *oom, const struct auxerr_record *r,
				const char *cap, const char *wrap)
{
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
		if (!auxerr__num(auxerr__sys(r, "euid"), 10, &euid) ||
		    !auxerr__num(auxerr__sys(r, "egid"), 10, &egid))
			goto out;
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

/* root grants @cap_lower (CAP_@CAP) to one run of the program */
static void one_capability(struct auxerr_remedy *m,
			   const struct auxerr_record *r, struct auxerr_buf *b,
			   const char *cap, const char *why)
{
	char *CAP = auxerr__cap_upper(&m->oom, cap), *exe;

	m->command = setpriv_command(&m->oom, r, cap);
	set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (why)
		auxerr__buf_printf(b, "%s: ", why);
	if (m->command) {
		auxerr__buf_printf(b, _("root can run the program again as uid %s with %s alone, rather than as root"),
			   auxerr__sys(r, "euid") ? auxerr__sys(r, "euid") : "?", CAP ? CAP : "?");
	} else {
		exe = auxerr__decode(&m->oom, auxerr__sys(r, "exe"));
		auxerr__buf_printf(b, _("root can run %s as uid %s with %s alone, rather than as root (setpriv --inh-caps=+%s --ambient-caps=+%s)"),
			   exe ? exe : _("the program"),
			   auxerr__sys(r, "euid") ? auxerr__sys(r, "euid") : "?", CAP ? CAP : "?",
			   cap, cap);
		free(exe);
	}
	free(CAP);
}

static void remedy_owner_op(struct auxerr_remedy *m,
			    const struct auxerr_record *r, const char *op);
static void remedy_cap_policy(struct auxerr_remedy *m,
			      const struct auxerr_record *r,
			      const char *policy);
static void remedy_sysctl_write(struct auxerr_remedy *m,
				const struct auxerr_record *r, const char *name);
static void remedy_rlimit(struct auxerr_remedy *m,
			  const struct auxerr_record *r, const char *rl);
static void remedy_no_new_privs(struct auxerr_remedy *m,
				const struct auxerr_record *r);

static void remedy_userfaultfd(struct auxerr_remedy *m,
			       const struct auxerr_record *r);

static void remedy_cap(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *cap = cap_lower(r);
	const char *lvl = auxerr__aux(r, "userns_level");
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	struct auxerr_buf b = { 0 };

	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "owner_op") &&
	    *auxerr__aux(r, "owner_op")) {
		free(CAP);
		remedy_owner_op(m, r, auxerr__aux(r, "owner_op"));
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "rlimit") &&
	    (strcmp(auxerr__aux(r, "rlimit"), "RLIMIT_NICE") == 0 ||
	     strcmp(auxerr__aux(r, "rlimit"), "RLIMIT_RTPRIO") == 0)) {
		free(CAP);
		remedy_rlimit(m, r, auxerr__aux(r, "rlimit"));
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "sysctl_write") &&
	    *auxerr__aux(r, "sysctl_write")) {
		/* quoted (or hex) as the kernel writes a string */
		char *sw = auxerr__decode(&m->oom, auxerr__aux(r, "sysctl_write"));

		free(CAP);
		remedy_sysctl_write(m, r, sw ? sw : "?");
		free(sw);
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "policy") &&
	    strcmp(auxerr__aux(r, "policy"), "no_new_privs") == 0) {
		/* in any user namespace: the thread sets it itself */
		free(CAP);
		remedy_no_new_privs(m, r);
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "policy") &&
	    strcmp(auxerr__aux(r, "policy"), "vm.unprivileged_userfaultfd") == 0) {
		free(CAP);
		remedy_userfaultfd(m, r);
		return;
	}
	if (!auxerr_record_is_weak(r) && auxerr__aux(r, "policy") && *auxerr__aux(r, "policy") &&
	    cap && !(lvl && strcmp(lvl, "0") != 0)) {
		free(CAP);
		remedy_cap_policy(m, r, auxerr__aux(r, "policy"));
		return;
	}
	if (auxerr_record_is_weak(r)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the record is only a probe of %s, which may not be what failed %s"),
			   CAP ? CAP : _("a capability"),
			   auxerr_record_syscall_name(r));
	} else if (!cap) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: capability %s has no name here"),
			   auxerr__aux(r, "capability") ? auxerr__aux(r, "capability") : "?");
	} else if (lvl && strcmp(lvl, "0") != 0) {
		/* the capability is needed in a child user namespace: only
		 * its own processes can hold it there */
		set(m, AUXERR_REMEDY_NONE,
		    auxerr__xprintf(&m->oom, _("a process with %s in user namespace %s"),
			    CAP ? CAP : "?", auxerr__aux(r, "userns") ? auxerr__aux(r, "userns") : "?"),
		    -1);
		auxerr__buf_printf(&b, _("Only a process holding %s in user namespace %s (level %s, owned by uid %s), such as one its owner started in it without dropping capabilities, may make this call"),
			   CAP ? CAP : "?", auxerr__aux(r, "userns") ? auxerr__aux(r, "userns") : "?",
			   lvl, auxerr__aux(r, "userns_owner") ? auxerr__aux(r, "userns_owner") : "?");
	} else {
		one_capability(m, r, &b, cap, NULL);
	}
	say(m, &b);
	free(CAP);
}

/* the local port of the SOCKADDR record (auparse: "lport=80"), or NULL */
static char *sockaddr_port(int *oom, const struct auxerr_record *r)
{
	const char *in = auxerr_record_interpret(r, "SOCKADDR", "saddr");
	const char *p = in ? strstr(in, " lport=") : NULL;
	size_t n;

	if (!p)
		return NULL;
	p += 7;
	n = strspn(p, "0123456789");
	if (!n)
		return NULL;
	{
		char *s = strndup(p, n);

		if (!s)
			*oom = 1;
		return s;
	}
}

/* what lowering the sysctl @policy gives away, NULL if not known here */
static const char *policy_weakens_known(const char *policy)
{
	static const struct {
		const char *policy, *weakens;
	} t[] = {
		{ "kernel.perf_event_paranoid",
		  N_("every user may then observe the kernel and other processes with perf, which exposes kernel addresses and side channels") },
		{ "kernel.dmesg_restrict",
		  N_("every user may then read the kernel log, which can hold kernel addresses and traces of other users' activity") },
		{ "kernel.kptr_restrict",
		  N_("every user may then see kernel addresses, which helps an exploit defeat KASLR") },
		{ "kernel.unprivileged_bpf_disabled",
		  N_("every user may then load BPF programs, a large part of the kernel to attack") },
		{ "user.max_user_namespaces",
		  N_("every user may then create user namespaces, which expose much more of the kernel to unprivileged code") },
		{ "kernel.unprivileged_userns_clone",
		  N_("every user may then create user namespaces, which expose much more of the kernel to unprivileged code") },
		{ "vm.mmap_min_addr",
		  N_("a NULL pointer dereference in the kernel may then become an exploit") },
		{ "net.ipv4.ip_unprivileged_port_start",
		  N_("every program of every user may then take the ports below the old limit, which clients trust as the system's own services") },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (strcmp(policy, t[i].policy) == 0)
			return _(t[i].weakens);
	return NULL;
}

/* what lowering the sysctl @policy gives away */
static const char *policy_weakens(const char *policy)
{
	const char *w = policy_weakens_known(policy);

	return w ? w : _("every process the policy covers may then do the same");
}

/*
 * cap with sysctl_write=: the sysctl's own handler checks a capability
 * on write, whatever the file's mode lets open it.  Root with that
 * capability writes it; the value wanted is not in the record.
 */
static void remedy_sysctl_write(struct auxerr_remedy *m,
				const struct auxerr_record *r, const char *name)
{
	const char *cap = cap_lower(r);
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	const char *w = policy_weakens_known(name);
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	auxerr__buf_printf(&b, _("Only a process with %s in the initial user namespace may change the sysctl %s, whoever may open its file: root, with its full capabilities (not in a container or with capabilities dropped), runs sysctl -w %s=VALUE with the value wanted"),
			   CAP ? CAP : _("the capability"), name, name);
	if (w)
		m->weakens = auxerr__xprintf(&m->oom, _("if the new value is lower, %s"), w);
	say(m, &b);
	free(CAP);
}

/*
 * cap with rlimit=: raising one's own priority beyond RLIMIT_NICE or
 * RLIMIT_RTPRIO.  The record has the soft limit, not the hard one nor the
 * value wanted: root raises the limit for new logins (limits.conf), a
 * service (systemd) or the running process (prlimit).
 */
static void remedy_rlimit(struct auxerr_remedy *m,
			  const struct auxerr_record *r, const char *rl)
{
	int nice = strcmp(rl, "RLIMIT_NICE") == 0, named;
	const char *euid = auxerr__sys(r, "euid"), *pid = auxerr__sys(r, "pid");
	unsigned long uid = 0;
	char *who = euid && auxerr__num(euid, 10, &uid) ? auxerr__user_word(&m->oom, uid, &named)
						: auxerr__xstrdup(&m->oom, "USER");
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (nice)
		auxerr__buf_printf(&b, _("Root can raise RLIMIT_NICE: for new logins of %s, a line \"%s - nice N\" in /etc/security/limits.conf, N the lowest nice value wanted (-20 to 19); for a service, LimitNICE=N in its systemd unit; for the running process, prlimit --pid %s --nice=L, L = 20 - N. If the hard limit is already high enough, the process may raise its own soft limit (ulimit -e, setrlimit())"),
				   who, who, pid ? pid : "PID");
	else
		auxerr__buf_printf(&b, _("Root can raise RLIMIT_RTPRIO: for new logins of %s, a line \"%s - rtprio N\" in /etc/security/limits.conf, N the highest real-time priority wanted (1 to 99); for a service, LimitRTPRIO=N in its systemd unit; for the running process, prlimit --pid %s --rtprio=N. If the hard limit is already high enough, the process may raise its own soft limit (ulimit -r, setrlimit())"),
				   who, who, pid ? pid : "PID");
	m->weakens = auxerr__xstrdup(&m->oom, nice
		? _("the user's processes may then take CPU time ahead of other processes")
		: _("the user's processes may then run real-time and take the CPU from every other process, which can stall the system"));
	say(m, &b);
	free(who);
}

/*
 * cap with policy=no_new_privs: a seccomp filter refused to a thread
 * without no_new_privs (a thread attribute, not a sysctl) and without
 * CAP_SYS_ADMIN.  The program sets it before its filter, or whoever
 * starts the program runs it with it set: no privilege is needed, and
 * the capability would be far more than a filter needs.
 */
static void remedy_no_new_privs(struct auxerr_remedy *m,
				const struct auxerr_record *r)
{
	unsigned long euid = 0;
	int have = auxerr__num(auxerr__sys(r, "euid"), 10, &euid);
	char *me = have ? auxerr__user_label(&m->oom, euid) : NULL;
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_COMMAND,
	    auxerr__xprintf(&m->oom, _("the caller (%s)"), me ? me : "?"),
	    have ? (long long)euid : -1);
	m->command = program_command_as(&m->oom, r, NULL,
					"setpriv --no-new-privs --");
	auxerr__buf_str(&b, _("A seccomp filter needs no_new_privs set on the thread that installs it, which needs no privilege: the program can call prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) before it installs its filter, or whoever starts it can run it with no_new_privs set; the cost: set-user-ID and set-group-ID programs and file capabilities no longer raise privileges across exec for it and its children"));
	say(m, &b);
	free(me);
}

/*
 * cap with policy=: a sysctl made the capability necessary.  The least
 * change is the capability for one program (one run, or for a low port
 * the program file); lowering the sysctl comes last, with its cost.
 */
static void remedy_cap_policy(struct auxerr_remedy *m,
			      const struct auxerr_record *r,
			      const char *policy)
{
	const char *cap = cap_lower(r);
	const char *value = auxerr__aux(r, "policy_value");
	char *CAP = auxerr__cap_upper(&m->oom, cap), *why;
	struct auxerr_buf b = { 0 };

	if (strcmp(policy, "net.ipv4.ip_unprivileged_port_start") == 0) {
		char *exe = auxerr__decode(&m->oom, auxerr__sys(r, "exe"));
		char *qexe = exe && exe[0] == '/' ? auxerr__quoted(&m->oom, exe) : NULL;
		char *port = sockaddr_port(&m->oom, r);

		set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
		if (qexe)
			m->command = auxerr__xprintf(&m->oom, "setcap cap_%s=+ep %s", cap, qexe);
		if (port)
			auxerr__buf_printf(&b, _("Port %s is below net.ipv4.ip_unprivileged_port_start = %s, and only %s binds below it: use a port of %s or above, or root can give %s that capability, for every user who runs it"),
				   port, value ? value : "?", CAP ? CAP : "?",
				   value ? value : "?", qexe ? qexe : _("the program"));
		else
			auxerr__buf_printf(&b, _("Ports below net.ipv4.ip_unprivileged_port_start = %s need %s: use a port of %s or above, or root can give %s that capability, for every user who runs it"),
				   value ? value : "?", CAP ? CAP : "?",
				   value ? value : "?", qexe ? qexe : _("the program"));
		auxerr__buf_printf(&b, _("; lowering %s instead would allow it to every program"),
			   policy);
		m->weakens = auxerr__xprintf(&m->oom, _("every run of %s, by any user, may then bind ports below %s"),
				     exe ? exe : _("the program"), value ? value : "?");
		say(m, &b);
		free(exe);
		free(qexe);
		free(port);
		free(CAP);
		return;
	}
	why = auxerr__xprintf(&m->oom, _("With %s = %s, this needs %s"), policy,
		      value ? value : "?", CAP ? CAP : "?");
	one_capability(m, r, &b, cap, why);
	if (strcmp(policy, "kernel.unprivileged_bpf_disabled") == 0 &&
	    value && strcmp(value, "1") == 0)
		/* 1 locks the setting (bpf_unpriv_handler()) */
		auxerr__buf_printf(&b, _("; the setting 1 cannot be changed until the next boot, not even by root, and lowering it from then on (in /etc/sysctl.d) would allow it to every user, and %s"),
				   policy_weakens(policy));
	else if (strcmp(policy, "kernel.unprivileged_bpf_disabled") == 0)
		auxerr__buf_printf(&b, _("; root may instead set %s to 0 (sysctl -w %s=0), which would allow it to every user, and %s"),
				   policy, policy, policy_weakens(policy));
	else
		auxerr__buf_printf(&b, _("; lowering %s instead would allow it to every user, and %s"),
				   policy, policy_weakens(policy));
	say(m, &b);
	free(why);
	free(CAP);
}

/* the mode a chmod asked for, from its arguments */
static int chmod_mode(const struct auxerr_record *r, unsigned long *mode)
{
	const char *sc = auxerr_record_syscall_name(r);

	if (strcmp(sc, "chmod") == 0 || strcmp(sc, "fchmod") == 0)
		return auxerr__num(auxerr__sys(r, "a1"), 16, mode);
	if (strcmp(sc, "fchmodat") == 0 || strcmp(sc, "fchmodat2") == 0)
		return auxerr__num(auxerr__sys(r, "a2"), 16, mode);
	return 0;
}

/* the owner and group a chown asked for (-1: unchanged) */
static int chown_ids(const struct auxerr_record *r, long long *uid,
		     long long *gid)
{
	const char *sc = auxerr_record_syscall_name(r);
	const char *a = "a1", *b = "a2";
	unsigned long u, g;

	if (strcmp(sc, "fchownat") == 0)
		a = "a2", b = "a3";
	else if (strcmp(sc, "chown") != 0 && strcmp(sc, "lchown") != 0 &&
		 strcmp(sc, "fchown") != 0)
		return 0;
	if (!auxerr__num(auxerr__sys(r, a), 16, &u) || !auxerr__num(auxerr__sys(r, b), 16, &g))
		return 0;
	*uid = (u & 0xffffffffUL) == 0xffffffffUL ? -1 : (long long)u;
	*gid = (g & 0xffffffffUL) == 0xffffffffUL ? -1 : (long long)g;
	return 1;
}

/*
 * cap with owner_op=: the capability only stands in for ownership, so
 * the owner makes the change (chown: only root).
 */
static void remedy_owner_op(struct auxerr_remedy *m,
			    const struct auxerr_record *r, const char *op)
{
	char *path = object_path(&m->oom, r);

	/* the kernel may name the file without its inode (the check comes
	 * after the walk): the call's one name is the file */
	if (!path && auxerr_record_count(r, "PATH") == 1) {
		char *name = auxerr__decode(&m->oom, auxerr_record_field_nth(r, "PATH", 0,
								     "name", 0));

		path = absolute(&m->oom, r, name);
		free(name);
	}
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	const char *what = qpath ? qpath : _("the file");
	unsigned long ouid, mode = 0, fsuid;
	const char *cap = cap_lower(r);
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	char *owner = NULL;
	struct auxerr_buf b = { 0 };
	long long nu, ng;

	if (!auxerr__num(auxerr__aux(r, "ouid"), 10, &ouid)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the file's owner"));
		goto out;
	}
	auxerr__num(auxerr__aux(r, "mode"), 8, &mode);
	owner = auxerr__user_label(&m->oom, ouid);
	if (strcmp(op, "chown") == 0) {
		set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
		if (qpath && chown_ids(r, &nu, &ng) && nu >= 0)
			m->command = ng >= 0 ?
				auxerr__xprintf(&m->oom, "chown %lld:%lld %s", nu, ng, qpath) :
				auxerr__xprintf(&m->oom, "chown %lld %s", nu, qpath);
		auxerr__buf_printf(&b, _("Only root (%s) may give %s another owner (now %s): root can do it"),
			   CAP ? CAP : "CAP_CHOWN", what, owner ? owner : "?");
	} else if (strcmp(op, "chgrp") == 0) {
		unsigned long ngid;

		set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
		if (qpath && auxerr__num(auxerr__aux(r, "ngid"), 10, &ngid))
			m->command = auxerr__xprintf(&m->oom, "chgrp %lu %s", ngid, qpath);
		auxerr__buf_printf(&b, _("The owner of %s (%s) may give it only a group the owner is a member of, and root any group: root can do it"),
			   what, owner ? owner : "?");
	} else if (strcmp(op, "noatime") == 0) {
		char *me = auxerr__num(auxerr__sys(r, "fsuid"), 10, &fsuid) ?
			auxerr__user_label(&m->oom, fsuid) : NULL;

		set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xprintf(&m->oom, _("the caller (%s)"), me ? me : "?"),
		    me ? (long long)fsuid : -1);
		auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may open it with O_NOATIME: open it without O_NOATIME"),
			   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER");
		free(me);
	} else {
		unsigned long want;

		set(m, AUXERR_REMEDY_COMMAND,
		    owner_who(&m->oom, ouid, S_ISDIR((mode_t)mode)),
		    (long long)ouid);
		if (strcmp(op, "chmod") == 0) {
			if (qpath && chmod_mode(r, &want))
				m->command = auxerr__xprintf(&m->oom, "chmod %04lo %s",
						     want & 07777, qpath);
			auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may change its mode: the owner can do it"),
				   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER");
		} else if (strcmp(op, "utimes") == 0) {
			auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may set its times to other than now: the owner can set them (touch -d)"),
				   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER");
		} else {
			auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may make this change (%s): the owner can make it"),
				   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER", op);
		}
	}
out:
	say(m, &b);
	free(path);
	free(qpath);
	free(owner);
	free(CAP);
}

/* ------------------------------------------------------------------ */
/* ptrace and Yama                                                    */
/* ------------------------------------------------------------------ */

static const char sys_ptrace_weakens[] =
	N_("CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included");

static void remedy_ptrace(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *reason = auxerr__aux(r, "reason"), *opid = auxerr__aux(r, "opid");
	struct auxerr_buf b = { 0 };
	char *why;

	if (!opid)
		opid = "?";
	if (reason && strcmp(reason, "not_dumpable") == 0)
		why = auxerr__xprintf(&m->oom, _("Process %s is not dumpable (it changed its ids or made itself so), and only CAP_SYS_PTRACE passes that check"),
			      opid);
	else
		why = auxerr__xprintf(&m->oom, _("Process %s runs with other user or group ids than the caller, and only CAP_SYS_PTRACE passes that check"),
			      opid);
	one_capability(m, r, &b, "sys_ptrace", why);
	m->weakens = auxerr__xstrdup(&m->oom, _(sys_ptrace_weakens));
	say(m, &b);
	free(why);
}

static void remedy_yama(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *scope = auxerr__aux(r, "ptrace_scope"), *opid = auxerr__aux(r, "opid");
	const char *rel = auxerr__aux(r, "relation");
	struct auxerr_buf b = { 0 };

	if (!opid)
		opid = "?";
	if (scope && strcmp(scope, "1") == 0 && rel &&
	    strcmp(rel, "not_descendant") == 0) {
		/* the protection works as meant: first what needs no change */
		m->command = auxerr__xstrdup(&m->oom, "sysctl -w kernel.yama.ptrace_scope=0");
		set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
		m->weakens = auxerr__xstrdup(&m->oom, _("any process may then trace every other process of the same user, and read its memory and secrets"));
		auxerr__buf_printf(&b, _("Yama lets a process trace only its descendants: start the program under the tracer, or have process %s allow the tracer with prctl(PR_SET_PTRACER); failing that, root can loosen the policy for every process (kernel.yama.ptrace_scope = 1 becomes 0)"),
			   opid);
	} else if (scope && strcmp(scope, "2") == 0) {
		one_capability(m, r, &b, "sys_ptrace",
			       _("Yama (kernel.yama.ptrace_scope = 2) lets only a process with CAP_SYS_PTRACE attach"));
		m->weakens = auxerr__xstrdup(&m->oom, _(sys_ptrace_weakens));
	} else if (scope && strcmp(scope, "3") == 0) {
		set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
		m->weakens = auxerr__xstrdup(&m->oom, _("processes of the same user may then trace each other"));
		auxerr__buf_str(&b, _("Yama (kernel.yama.ptrace_scope = 3) forbids attaching until the next boot: only booting with a lower kernel.yama.ptrace_scope, which root sets in /etc/sysctl.d, allows it"));
	} else {
		set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
		auxerr__buf_printf(&b, _("Yama (kernel.yama.ptrace_scope = %s) does not let the caller trace process %s"),
			   scope ? scope : "?", opid);
	}
	say(m, &b);
}

/* ------------------------------------------------------------------ */
/* sandboxes and other LSMs                                           */
/* ------------------------------------------------------------------ */

/* the sandbox's maker as the record names it (creator_exe=, else
 * creator_comm=; creator_pid=, 0: not visible here): "/usr/bin/bwrap
 * (pid 812)", "/usr/bin/bwrap", "pid 812", or NULL */
static char *maker(int *oom, const struct auxerr_record *r)
{
	char *exe = auxerr__decode(oom, auxerr__aux(r, "creator_exe"));
	const char *pid = auxerr__aux(r, "creator_pid");
	char *s;

	if (!exe || !*exe) {
		free(exe);
		exe = auxerr__decode(oom, auxerr__aux(r, "creator_comm"));
	}
	if (pid && strcmp(pid, "0") == 0)
		pid = NULL;
	if (exe && *exe && pid)
		s = auxerr__xprintf(oom, _("%s (pid %s)"), exe, pid);
	else if (exe && *exe)
		s = auxerr__xstrdup(oom, exe);
	else if (pid)
		s = auxerr__xprintf(oom, _("pid %s"), pid);
	else
		s = NULL;
	free(exe);
	return s;
}

/* "the sandboxing program", with its maker when the record names it */
static char *sandbox_who(int *oom, const char *made_by)
{
	if (made_by)
		return auxerr__xprintf(oom, _("the sandboxing program (%s)"), made_by);
	return auxerr__xstrdup(oom, _("the sandboxing program"));
}

/* " (domain 1a2b3c, layer 2 of 2)" / " (layer 2 of 2)" / "" */
static void landlock_layer(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *layer = auxerr__aux(r, "layer"), *layers = auxerr__aux(r, "layers");
	const char *domain = auxerr__aux(r, "domain");

	if (domain && layer && layers)
		auxerr__buf_printf(b, _(" (domain %s, layer %s of %s)"), domain, layer, layers);
	else if (domain)
		auxerr__buf_printf(b, _(" (domain %s)"), domain);
	else if (layer && layers)
		auxerr__buf_printf(b, _(" (layer %s of %s)"), layer, layers);
}

static void remedy_landlock(struct auxerr_remedy *m,
			    const struct auxerr_record *r)
{
	const char *blockers = auxerr_record_interpret(r, "AUXERR", "blockers");
	char *path = object_path(&m->oom, r), *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	struct auxerr_buf b = { 0 };

	char *made_by = maker(&m->oom, r);

	set(m, AUXERR_REMEDY_SANDBOX, sandbox_who(&m->oom, made_by), -1);
	auxerr__buf_str(&b, _("Only the program that made the Landlock sandbox"));
	landlock_layer(&b, r);
	if (made_by)
		auxerr__buf_printf(&b, ", %s,", made_by);
	free(made_by);
	auxerr__buf_printf(&b, _(" can allow %s"), blockers && *blockers ? blockers :
		   _("this access"));
	if (qpath)
		auxerr__buf_printf(&b, _(" on %s"), qpath);
	auxerr__buf_str(&b, _(": its ruleset must grant it, or the program must run outside that sandbox"));
	say(m, &b);
	free(path);
	free(qpath);
}

/* seccomp's code= is the filter's return value: action | data */
#define SECCOMP_ACTION_ERRNO 0x00050000UL

static void remedy_seccomp(struct auxerr_remedy *m,
			   const struct auxerr_record *r)
{
	const char *filter = auxerr__aux(r, "filter"), *filters = auxerr__aux(r, "filters");
	const char *sc = auxerr_record_interpret(r, "AUXERR", "nr");
	const char *ename = NULL;
	char *made_by;
	unsigned long v;
	struct auxerr_buf b = { 0 };

	if (auxerr__num(auxerr__aux(r, "code"), 0, &v) &&
	    (v & 0xffff0000UL) == SECCOMP_ACTION_ERRNO)
		ename = audit_errno_to_name((int)(v & 0xffff));
	if (!sc)
		sc = auxerr_record_syscall_name(r);
	made_by = maker(&m->oom, r);
	set(m, AUXERR_REMEDY_SANDBOX, sandbox_who(&m->oom, made_by), -1);
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
	say(m, &b);
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

/* an AVC field, decoded ("quoted" or hex), NULL if absent or empty */
static char *avc(int *oom, const struct auxerr_record *r, const char *name)
{
	return auxerr__decode(oom, auxerr_record_field(r, "AVC", name));
}

/* the permission letters of an AppArmor file rule for a denied mask:
 * create and delete are w in a rule, execute is ix (inherit) */
static char *aa_rule_perms(int *oom, const char *mask)
{
	char out[32];
	size_t n = 0;

	for (const char *p = mask; *p && n + 2 < sizeof(out); p++) {
		const char *add;
		char one[2] = { *p, '\0' };

		if (*p == ':')
			continue;
		add = (*p == 'c' || *p == 'd') ? "w" : *p == 'x' ? "ix" : one;
		for (; *add; add++)
			if (!memchr(out, *add, n))
				out[n++] = *add;
	}
	out[n] = '\0';
	return n ? auxerr__xstrdup(oom, out) : NULL;
}

/* a path as an AppArmor rule names it exactly: glob characters escaped,
 * in double quotes when it has blanks */
static char *aa_rule_path(int *oom, const char *path)
{
	struct auxerr_buf b = { 0 };
	int q = strpbrk(path, " \t") != NULL;

	if (q)
		auxerr__buf_str(&b, "\"");
	for (const char *p = path; *p; p++) {
		if (strchr("*?[]{}\\\"", *p))
			auxerr__buf_str(&b, "\\");
		auxerr__buf_put(&b, p, 1);
	}
	if (q)
		auxerr__buf_str(&b, "\"");
	return auxerr__buf_take(&b, oom);
}

/*
 * AppArmor, from its own record (the AVC): the rule line to add, the
 * file it belongs in (the profile's local/ include, else its own block),
 * and the deny rule that must go first when one refuses the path.
 */
static void remedy_apparmor_avc(struct auxerr_remedy *m,
				const struct auxerr_record *r)
{
	char *profile = avc(&m->oom, r, "profile");
	char *class = avc(&m->oom, r, "class");
	char *name = avc(&m->oom, r, "name");
	char *op = avc(&m->oom, r, "operation");
	char *mask = avc(&m->oom, r, "denied_mask");
	char *cap = avc(&m->oom, r, "capname");
	char *rule = NULL, *line = NULL, *qline = NULL, *perms = NULL;
	const char *prof = profile ? profile : "?";
	struct auxerr_apparmor_profile p;
	struct auxerr_buf b = { 0 };
	int file_class;

	if (!mask)
		mask = avc(&m->oom, r, "requested_mask");
	file_class = class ? strcmp(class, "file") == 0 : name && mask;
	set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	auxerr__buf_printf(&b, _("The AppArmor profile '%s' does not allow "), prof);
	if (file_class && name && mask && (perms = aa_rule_perms(&m->oom, mask))) {
		char *rp = aa_rule_path(&m->oom, name);

		auxerr__buf_printf(&b, _("'%s' access to %s"), mask, name);
		rule = rp ? auxerr__xprintf(&m->oom, "%s %s,", rp, perms) : NULL;
		free(rp);
	} else if (class && strcmp(class, "cap") == 0 && cap) {
		auxerr__buf_printf(&b, _("the capability %s"), cap);
		rule = auxerr__xprintf(&m->oom, "capability %s,", cap);
	} else {
		auxerr__buf_printf(&b, _("the operation %s"), op ? op : "?");
		if (class)
			auxerr__buf_printf(&b, _(" (class %s)"), class);
	}
	m->weakens = auxerr__xprintf(&m->oom, _("every process confined by '%s' may then do the same"),
			     prof);
	if (!rule) {
		auxerr__buf_str(&b, _(": only a change to that profile, which is root's, can allow it; root adds a rule for it where the profile is defined and reloads it with apparmor_parser -r"));
		goto out;
	}
	line = auxerr__xprintf(&m->oom, "  %s", rule);
	qline = line ? auxerr__quoted(&m->oom, line) : NULL;
	if (auxerr__apparmor_find(profile, file_class ? name : NULL, mask, &p) < 0) {
		if (errno == ENOMEM)
			m->oom = 1;
		auxerr__buf_printf(&b, _(": root can add the rule '%s' to it where it is defined (no file here defines it) and reload it with apparmor_parser -r"),
			   rule);
		goto out;
	}
	char *qfile = auxerr__quoted(&m->oom, p.file);
	char *qlocal = p.local ? auxerr__quoted(&m->oom, p.local) : NULL;
	char *ins = auxerr__xprintf(&m->oom, "%ui\\%s", p.close_line, line ? line : "");
	char *qins = ins ? auxerr__quoted(&m->oom, ins) : NULL;

	if (p.deny_line) {
		char *del = auxerr__xprintf(&m->oom, "%ud", p.deny_line);

		auxerr__buf_printf(&b, _(": its deny rule '%s' (%s, line %u) refuses it, and a deny rule wins over every allow rule, so root must remove that deny rule and add the rule '%s'"),
			   p.deny_rule, p.file, p.deny_line, rule);
		if (p.local) {
			auxerr__buf_printf(&b, _(" in %s, which it includes, then reload it"), p.local);
			m->command = auxerr__xprintf(&m->oom, "sed -i %s %s && echo %s >> %s && apparmor_parser -r %s",
					     del, qfile, qline, qlocal, qfile);
		} else {
			auxerr__buf_str(&b, _(", then reload it"));
			m->command = auxerr__xprintf(&m->oom, "sed -i -e %s -e %s %s && apparmor_parser -r %s",
					     del, qins, qfile, qfile);
		}
		free(m->weakens);
		m->weakens = auxerr__xprintf(&m->oom, _("the deny rule '%s' no longer refuses anything it matched, and every process confined by '%s' may then do the same"),
				     p.deny_rule, prof);
		free(del);
	} else if (p.local) {
		auxerr__buf_printf(&b, _(": root can add the rule '%s' to %s, which the profile's file %s includes, and reload it"),
			   rule, p.local, p.file);
		m->command = auxerr__xprintf(&m->oom, "echo %s >> %s && apparmor_parser -r %s",
				     qline, qlocal, qfile);
	} else {
		auxerr__buf_printf(&b, _(": root can add the rule '%s' to its block in %s and reload it"),
			   rule, p.file);
		m->command = auxerr__xprintf(&m->oom, "sed -i %s %s && apparmor_parser -r %s",
				     qins, qfile, qfile);
	}
	free(qfile);
	free(qlocal);
	free(ins);
	free(qins);
	auxerr__apparmor_free(&p);
out:
	say(m, &b);
	free(profile);
	free(class);
	free(name);
	free(op);
	free(mask);
	free(cap);
	free(rule);
	free(line);
	free(qline);
	free(perms);
}

/* SELinux, from its own record (the AVC): audit2why's answer and its
 * remedy (selinux-account.c): the boolean, else a one-rule module */
static void remedy_selinux_avc(struct auxerr_remedy *m,
			       const struct auxerr_record *r)
{
	struct auxerr_selinux_account a;
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (auxerr__selinux_account(r, &a) < 0) {
		if (errno == ENOMEM)
			m->oom = 1;
		auxerr__buf_str(&b, _("SELinux refused it: only a change to SELinux's policy, which is root's, can allow it"));
		m->weakens = auxerr__xstrdup(&m->oom, _("the policy then allows the same to every process it treats alike"));
		say(m, &b);
		return;
	}
	if (a.remedy) {
		size_t n = strlen(a.remedy), c = a.command ? strlen(a.command) : 0;

		/* the account's text ends in ": COMMAND"; say() adds it */
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
	say(m, &b);
}

static void remedy_lsm(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *lsm = auxerr__aux(r, "lsm"), *hook = auxerr__aux(r, "lsm_hook");
	struct auxerr_buf b = { 0 };
	enum auxerr_lsm_kind kind = auxerr__lsm_kind(r);

	switch (kind) {
	case AUXERR_LSM_LANDLOCK:
		remedy_landlock(m, r);
		return;
	case AUXERR_LSM_YAMA:
		remedy_yama(m, r);
		return;
	case AUXERR_LSM_APPARMOR_AVC:
		remedy_apparmor_avc(m, r);
		return;
	case AUXERR_LSM_SELINUX_AVC:
		remedy_selinux_avc(m, r);
		return;
	case AUXERR_LSM_APPARMOR:
	case AUXERR_LSM_OTHER:
		break;
	}
	set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
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
		if (hook)
			auxerr__buf_printf(&b, _(" in its %s check"), hook);
		auxerr__buf_str(&b, _(": only a change to that module's policy, which is root's, can allow it"));
		m->weakens = auxerr__xstrdup(&m->oom, _("the policy then allows the same to every process it treats alike"));
	}
	say(m, &b);
}

/* ------------------------------------------------------------------ */
/* mounts, inode flags, sticky directories                            */
/* ------------------------------------------------------------------ */

static int read_only_by_design(const char *fstype)
{
	static const char *const ro[] = {
		"squashfs", "iso9660", "erofs", "cramfs", "romfs", NULL
	};

	for (const char *const *p = ro; fstype && *p; p++)
		if (strcmp(fstype, *p) == 0)
			return 1;
	return 0;
}

static void remedy_mount(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *flag = auxerr__aux(r, "flag");
	char *mp = auxerr__decode(&m->oom, auxerr__aux(r, "mnt_point"));
	char *fstype = auxerr__decode(&m->oom, auxerr__aux(r, "fstype"));
	char *qmp = mp && mp[0] == '/' ? auxerr__quoted(&m->oom, mp) : NULL;
	const char *where = qmp ? qmp : _("its mount point");
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (flag && strcmp(flag, "ro") == 0) {
		/* the mount's own flag: this mount only, the file system
		 * stays as it is for its other mounts */
		if (qmp)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,bind,rw %s", qmp);
		auxerr__buf_printf(&b, _("Root can make the mount on %s writable, that mount only"),
			   where);
	} else if (flag && strcmp(flag, "ro_sb") == 0) {
		if (read_only_by_design(fstype)) {
			set(m, AUXERR_REMEDY_NONE, NULL, -1);
			auxerr__buf_printf(&b, _("The %s file system on %s cannot be written: make the change in a copy on a writable file system"),
				   fstype, where);
		} else {
			if (qmp)
				m->command = auxerr__xprintf(&m->oom, "mount -o remount,rw %s", qmp);
			auxerr__buf_printf(&b, _("Root can remount the %s file system on %s read-write"),
				   fstype ? fstype : "?", where);
		}
	} else if (flag && strcmp(flag, "noexec") == 0) {
		m->kind = AUXERR_REMEDY_POLICY;
		if (qmp)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,bind,exec %s", qmp);
		auxerr__buf_printf(&b, _("Programs do not run from %s (noexec): copy the program to a file system that allows it, or run a script through its interpreter; failing that, root can lift the option on that mount"),
			   where);
		m->weakens = auxerr__xprintf(&m->oom, _("any file on %s may then be run as a program, which noexec is there to prevent"),
				     where);
	} else if (flag && strcmp(flag, "nodev") == 0) {
		m->kind = AUXERR_REMEDY_POLICY;
		if (qmp)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,bind,dev %s", qmp);
		auxerr__buf_printf(&b, _("Device files do not work on %s (nodev): use the device's node under /dev; failing that, root can lift the option on that mount"),
			   where);
		m->weakens = auxerr__xprintf(&m->oom, _("every device file on %s then works, so whoever can create one there reaches that device"),
				     where);
	} else {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy is known for the mount flag %s"),
			   flag ? flag : "?");
	}
	say(m, &b);
	free(mp);
	free(fstype);
	free(qmp);
}

/* open(2)/openat(2) flags, when the system call is one of them */
#define O_ACCMODE_ 03
#define O_TRUNC_ 01000
#define O_APPEND_ 02000

static int open_flags(const struct auxerr_record *r, unsigned long *flags)
{
	const char *sc = auxerr_record_syscall_name(r);

	if (strcmp(sc, "openat") == 0)
		return auxerr__num(auxerr__sys(r, "a2"), 16, flags);
	if (strcmp(sc, "open") == 0)
		return auxerr__num(auxerr__sys(r, "a1"), 16, flags);
	return 0;
}

static void remedy_inode(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *flag = auxerr__aux(r, "flag");
	char *path = object_path(&m->oom, r);
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	const char *what = qpath ? qpath : _("the file");
	unsigned long of;
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_COMMAND,
	    auxerr__xstrdup(&m->oom, _("root (CAP_LINUX_IMMUTABLE)")), 0);
	if (flag && strcmp(flag, "immutable") == 0) {
		if (qpath)
			m->command = auxerr__xprintf(&m->oom, "chattr -i %s", qpath);
		auxerr__buf_printf(&b, _("Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of %s"),
			   what);
	} else if (flag && strcmp(flag, "append") == 0) {
		if (qpath)
			m->command = auxerr__xprintf(&m->oom, "chattr -a %s", qpath);
		if (open_flags(r, &of) && (of & O_ACCMODE_) &&
		    !(of & (O_APPEND_ | O_TRUNC_)))
			auxerr__buf_printf(&b, _("%s is append-only: opening it to append (O_APPEND, >> in the shell) needs no change; to write elsewhere in it, root, with CAP_LINUX_IMMUTABLE, can clear the flag"),
				   what);
		else
			auxerr__buf_printf(&b, _("Root, with CAP_LINUX_IMMUTABLE, can clear the append-only flag of %s"),
				   what);
	} else {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy is known for the inode flag %s"),
			   flag ? flag : "?");
	}
	say(m, &b);
	free(path);
	free(qpath);
}

/*
 * A sticky directory lets only the file's owner, the directory's owner
 * or root remove or rename a name in it.  For a removal, the file's owner
 * can do it; a rename names two paths the record need not both have.
 */
static void remedy_sticky(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	unsigned long ouid, downer, mode = 0;
	const char *sc = auxerr_record_syscall_name(r);
	char *path = object_path(&m->oom, r);
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	char *fo = NULL, *dowho = NULL, *dir = NULL, *qdir = NULL;
	int remove = strcmp(sc, "unlink") == 0 || strcmp(sc, "unlinkat") == 0 ||
		     strcmp(sc, "rmdir") == 0;
	struct auxerr_buf b = { 0 };

	if (!auxerr__num(auxerr__aux(r, "ouid"), 10, &ouid) || !auxerr__num(auxerr__aux(r, "dir_ouid"), 10, &downer)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("Only the file's owner, the directory's owner or root may remove or rename a name in a sticky directory"));
		say(m, &b);
		free(path);
		free(qpath);
		return;
	}
	auxerr__num(auxerr__aux(r, "mode"), 8, &mode);
	fo = auxerr__user_label(&m->oom, ouid);
	dowho = auxerr__user_label(&m->oom, downer);
	if (path && strrchr(path, '/')) {
		size_t n = (size_t)(strrchr(path, '/') - path);

		dir = strndup(path, n ? n : 1);
		if (!dir)
			m->oom = 1;
		qdir = dir ? auxerr__quoted(&m->oom, dir) : NULL;
	}
	set(m, AUXERR_REMEDY_COMMAND,
	    auxerr__xprintf(&m->oom, _("the file's owner (%s), the directory's owner (%s) or root"),
		    fo ? fo : "?", dowho ? dowho : "?"),
	    (long long)ouid);
	if (remove && qpath)
		m->command = auxerr__xprintf(&m->oom, "%s %s",
				     S_ISDIR((mode_t)mode) ? "rmdir" : "rm -f", qpath);
	auxerr__buf_printf(&b, _("Only the file's owner (%s), the owner of the sticky directory %s (%s) or root may remove or rename %s"),
		   fo ? fo : "?", qdir ? qdir : _("(path unknown)"),
		   dowho ? dowho : "?", qpath ? qpath : _("the file"));
	if (m->command)
		auxerr__buf_str(&b, _(", and the file's owner can remove it"));
	else
		auxerr__buf_str(&b, _(": ask one of them"));
	say(m, &b);
	free(fo);
	free(dowho);
	free(dir);
	free(qdir);
	free(path);
	free(qpath);
}

/* ------------------------------------------------------------------ */
/* the API                                                            */
/* ------------------------------------------------------------------ */

/*
 * A file under /proc/sys (permission=proc_sys): its mode cannot be
 * changed and it takes no ACL; root changes the setting with sysctl.
 */
static void remedy_proc_sys(struct auxerr_remedy *m,
			    const struct auxerr_record *r)
{
	char *path = object_path(&m->oom, r), *name = NULL;
	unsigned long perm = 0;
	struct auxerr_buf b = { 0 };

	if (path && strncmp(path, "/proc/sys/", 10) == 0 && path[10]) {
		name = auxerr__xstrdup(&m->oom, path + 10);
		for (char *p = name; p && *p; p++)
			if (*p == '/')
				*p = '.';
	}
	auxerr__num(auxerr__aux(r, "perm"), 0, &perm);
	set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (name && !(perm & 2))
		m->command = auxerr__xprintf(&m->oom, "sysctl %s", name);
	if (perm & 2)
		auxerr__buf_printf(&b, _("Only root may change the sysctl %s (its file under /proc/sys allows no one else to write it): root runs sysctl -w %s=VALUE with the value wanted"),
			   name ? name : "?", name ? name : "?");
	else
		auxerr__buf_printf(&b, _("Only root may read the sysctl %s"),
			   name ? name : "?");
	say(m, &b);
	free(path);
	free(name);
}

static void remedy_dac_entry(struct auxerr_remedy *m,
			     const struct auxerr_record *r)
{
	const char *method = auxerr__aux(r, "permission");

	if (method && strcmp(method, "proc_sys") == 0) {
		remedy_proc_sys(m, r);
		return;
	}
	remedy_dac(m, r, NULL, 0);
}

/* ------------------------------------------------------------------ */
/* issue 19: fs.protected_*, signals, other users' processes,         */
/* policies behind a capability, ownership, census                   */
/* ------------------------------------------------------------------ */

static void remedy_protected(struct auxerr_remedy *m,
			     const struct auxerr_record *r)
{
	const char *sysctl = auxerr__aux(r, "sysctl"), *level = auxerr__aux(r, "level");
	char *path = object_path(&m->oom, r);
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	const char *what = qpath ? qpath : _("the file");
	unsigned long ouid = 0, lvl = 0, dmode = 0;
	char *owner = auxerr__num(auxerr__aux(r, "ouid"), 10, &ouid) ?
		auxerr__user_label(&m->oom, ouid) : NULL;
	struct auxerr_buf b = { 0 };
	int have_lvl = auxerr__num(level, 10, &lvl);

	auxerr__num(auxerr__aux(r, "dir_mode"), 8, &dmode);
	set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (!sysctl) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the fs.protected_* sysctl that refused the call"));
	} else if (strcmp(sysctl, "fs.protected_symlinks") == 0) {
		m->command = auxerr__xstrdup(&m->oom, "sysctl -w fs.protected_symlinks=0");
		auxerr__buf_printf(&b, _("With fs.protected_symlinks = %s, a symlink in a sticky world-writable directory is followed only by its owner or when the directory's owner owns it: open the file it points to by its own name (readlink %s names it), or have the link's owner (%s) replace it with the file; failing that, root can turn the protection off for every process"),
			   level ? level : "?", what, owner ? owner : "?");
		m->weakens = auxerr__xstrdup(&m->oom, _("every process may then follow symlinks other users plant in sticky world-writable directories such as /tmp, the link races the setting prevents"));
	} else if (strcmp(sysctl, "fs.protected_hardlinks") == 0) {
		m->command = auxerr__xstrdup(&m->oom, "sysctl -w fs.protected_hardlinks=0");
		auxerr__buf_printf(&b, _("With fs.protected_hardlinks = %s, only the owner (%s) or a process with CAP_FOWNER may link to %s: copy the file instead where you may read it, or ask its owner to make the link; failing that, root can turn the protection off for every process"),
			   level ? level : "?", owner ? owner : "?", what);
		m->weakens = auxerr__xstrdup(&m->oom, _("any user may then hard-link other users' files, which keeps a setuid program or a file its owner deletes alive under a new name and feeds races in sticky directories"));
	} else if (strcmp(sysctl, "fs.protected_fifos") == 0 ||
		   strcmp(sysctl, "fs.protected_regular") == 0) {
		int fifo = strcmp(sysctl, "fs.protected_fifos") == 0;
		/* level 2 also covers group-writable sticky directories: in
		 * one that is not world-writable, level 1 is enough */
		unsigned long to = have_lvl && lvl == 2 && !(dmode & S_IWOTH) &&
			(dmode & S_IWGRP) ? 1 : 0;

		m->command = auxerr__xprintf(&m->oom, "sysctl -w %s=%lu", sysctl, to);
		auxerr__buf_printf(&b, fifo ?
			   _("With %s = %s, an O_CREAT open of the FIFO %s, which another user (%s) owns in a sticky directory, is refused: open it without O_CREAT (it exists already), or have its owner remove it; failing that, root can lower the protection for every process (%s = %lu)") :
			   _("With %s = %s, an O_CREAT open of the file %s, which another user (%s) owns in a sticky directory, is refused: open it without O_CREAT (it exists already), or have its owner remove it; failing that, root can lower the protection for every process (%s = %lu)"),
			   sysctl, level ? level : "?", what, owner ? owner : "?",
			   sysctl, to);
		m->weakens = auxerr__xstrdup(&m->oom, fifo ?
				     _("programs may then open with O_CREAT FIFOs other users planted in sticky directories, and read or write data an attacker controls") :
				     _("programs may then open with O_CREAT files other users planted in sticky directories, and read or write data an attacker controls"));
	} else {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy is known for the sysctl %s"), sysctl);
	}
	say(m, &b);
	free(path);
	free(qpath);
	free(owner);
}

/* "the owner of process 812 (uid 0, root)" and its uid; root when the
 * ids are hidden or the owner is root */
static char *process_owner(int *oom, const struct auxerr_record *r,
			   const char *opid, long long *uid)
{
	unsigned long ouid;
	char *l, *s;

	if (!auxerr__num(auxerr__aux(r, "ouid"), 10, &ouid) || ouid == 0) {
		*uid = 0;
		return auxerr__xstrdup(oom, _("root"));
	}
	*uid = (long long)ouid;
	l = auxerr__user_label(oom, ouid);
	s = auxerr__xprintf(oom, _("the owner of process %s (%s) or root"), opid,
		    l ? l : "?");
	free(l);
	return s;
}

static void remedy_signal(struct auxerr_remedy *m,
			  const struct auxerr_record *r)
{
	const char *opid = auxerr__aux(r, "opid"), *sig = auxerr__aux(r, "sig");
	const char *signame = auxerr_record_interpret(r, "AUXERR", "sig");
	unsigned long pid, nsig;
	long long uid;
	struct auxerr_buf b = { 0 };
	char *who;

	if (!auxerr__num(opid, 10, &pid) || !auxerr__num(sig, 10, &nsig)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the process or the signal"));
		say(m, &b);
		return;
	}
	who = process_owner(&m->oom, r, opid, &uid);
	set(m, AUXERR_REMEDY_COMMAND, who, uid);
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
	say(m, &b);
}

static void remedy_task(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *opid = auxerr__aux(r, "opid"), *op = auxerr__aux(r, "op");
	const char *cap = cap_lower(r);
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	long long uid;
	struct auxerr_buf b = { 0 };
	char *who;

	if (!opid)
		opid = "?";
	if (!op)
		op = auxerr_record_syscall_name(r);
	who = process_owner(&m->oom, r, opid, &uid);
	set(m, AUXERR_REMEDY_COMMAND, who, uid);
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
	say(m, &b);
	free(CAP);
}

/* ------------------------------------------------------------------ */
/* a file system's own rule: procfs hidepid, FUSE, the device cgroup  */
/* ------------------------------------------------------------------ */

/* the /proc mount of the refused directory ("/proc/812/status": "/proc") */
static char *proc_mount(int *oom, const struct auxerr_record *r,
			const char *opid)
{
	char *path = object_path(oom, r);
	size_t n = opid ? strlen(opid) : 0;

	for (char *p = path; n && p && (p = strchr(p, '/')); p++)
		if (p > path && strncmp(p + 1, opid, n) == 0 &&
		    (p[n + 1] == '/' || p[n + 1] == '\0')) {
			*p = '\0';
			return path;
		}
	free(path);
	return auxerr__xstrdup(oom, "/proc");
}

/*
 * hidepid= on /proc: the process's owner sees it; the least loosening
 * is the mount's gid= for one user: the group it names, else a group
 * the caller is in (its own fsgid, which in_group_p() checks).
 */
static void remedy_hidepid(struct auxerr_remedy *m,
			   const struct auxerr_record *r)
{
	const char *opid = auxerr__aux(r, "opid"), *hp = auxerr__aux(r, "hidepid");
	unsigned long gid, fsuid, fsgid;
	int have_gid = auxerr__num(auxerr__aux(r, "proc_gid"), 10, &gid);
	char *mnt = proc_mount(&m->oom, r, opid);
	char *qmnt = mnt ? auxerr__quoted(&m->oom, mnt) : NULL;
	char *me = auxerr__num(auxerr__sys(r, "fsuid"), 10, &fsuid) ?
		auxerr__user_label(&m->oom, fsuid) : NULL;
	struct auxerr_buf b = { 0 };

	if (!opid)
		opid = "?";
	if (!hp || !*hp)
		hp = "1";
	set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (have_gid && gid <= 0xfffffffeUL) {
		int named = 0;
		char *user = auxerr__num(auxerr__sys(r, "fsuid"), 10, &fsuid) ?
			auxerr__user_word(&m->oom, fsuid, &named) : NULL;

		if (user && named)
			m->command = auxerr__xprintf(&m->oom, "usermod -a -G %lu %s", gid, user);
		auxerr__buf_printf(&b, _("With hidepid=%s on %s, the /proc directory of process %s is open to its owner, to processes that may ptrace it and to members of group %lu: the owner of process %s or root can look at it; failing that, root can add the caller (%s) to group %lu, from its next login"),
				   hp, qmnt ? qmnt : "/proc", opid, gid, opid,
				   me ? me : "?", gid);
		m->weakens = auxerr__xprintf(&m->oom, _("the caller (%s) may then read the /proc directory of every process (command lines, ids, status), which hidepid hides from other users"),
				     me ? me : "?");
		free(user);
	} else if (auxerr__num(auxerr__sys(r, "fsgid"), 10, &fsgid)) {
		if (qmnt)
			m->command = auxerr__xprintf(&m->oom, "mount -o remount,hidepid=%s,gid=%lu %s",
					     hp, fsgid, qmnt);
		auxerr__buf_printf(&b, _("With hidepid=%s on %s and no gid= exempted, the /proc directory of process %s is open only to its owner and to processes that may ptrace it: the owner of process %s or root can look at it; failing that, root can exempt a group the caller is in, its group %lu"),
				   hp, qmnt ? qmnt : "/proc", opid, opid, fsgid);
		m->weakens = auxerr__xprintf(&m->oom, _("every member of group %lu may then read the /proc directory of every process (command lines, ids, status), which hidepid hides from other users"),
				     fsgid);
	} else {
		auxerr__buf_printf(&b, _("With hidepid=%s on %s, the /proc directory of process %s is open only to its owner and to processes that may ptrace it: the owner of process %s or root can look at it"),
				   hp, qmnt ? qmnt : "/proc", opid, opid);
	}
	say(m, &b);
	free(mnt);
	free(qmnt);
	free(me);
}

/*
 * FUSE without allow_other: only the mounting user's processes may use
 * the mount (fuse_allow_current_process()).  That user runs the command;
 * allow_other, the loosening, comes last with its cost.
 */
static void remedy_fuse(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	unsigned long mu;
	char *owner;
	struct auxerr_buf b = { 0 };

	if (!auxerr__num(auxerr__aux(r, "mount_uid"), 10, &mu)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the user who mounted the FUSE file system"));
		say(m, &b);
		return;
	}
	owner = auxerr__user_label(&m->oom, mu);
	if (auxerr__aux(r, "allow_other") && strcmp(auxerr__aux(r, "allow_other"), "1") == 0) {
		/* allow_other already: the user namespace keeps it out */
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("The FUSE file system here (mounted by %s with allow_other) lets in only processes of the user namespace it was mounted in: run the command in that namespace"),
				   owner ? owner : "?");
		say(m, &b);
		free(owner);
		return;
	}
	set(m, AUXERR_REMEDY_COMMAND,
	    auxerr__xprintf(&m->oom, _("the user who mounted it (%s)"), owner ? owner : "?"),
	    (long long)mu);
	m->command = program_command(&m->oom, r, NULL);
	auxerr__buf_printf(&b, _("Only the user who mounted this FUSE file system without allow_other (%s) may use it, not even root: that user can run the command; failing that, it can mount the file system again with -o allow_other (root must allow that option with user_allow_other in /etc/fuse.conf), which exposes every user's processes, root's included, to a daemon that user controls"),
			   owner ? owner : "?");
	say(m, &b);
	free(owner);
}

/*
 * The device cgroup: one rule for the one device and the access asked
 * for.  cgroup v1: devices.allow of the cgroup (the devices hierarchy at
 * /sys/fs/cgroup/devices); v2 (a BPF device program, prog_id=): the
 * manager that attached the program.
 */
static void remedy_device(struct auxerr_remedy *m,
			  const struct auxerr_record *r)
{
	const char *type = auxerr__aux(r, "dev_type"), *acc = auxerr__aux(r, "access");
	const char *prog = auxerr__aux(r, "prog_id");
	unsigned long major, minor;
	char *cg = auxerr__decode(&m->oom, auxerr__aux(r, "cgroup"));
	char *qcg = NULL, *dev = NULL, *rule = NULL;
	int v2 = prog && *prog && strcmp(prog, "0") != 0;
	struct auxerr_buf b = { 0 };

	/* a bare path (the kernel quotes only what needs it) */
	if (!cg && auxerr__aux(r, "cgroup") && auxerr__aux(r, "cgroup")[0] == '/')
		cg = auxerr__xstrdup(&m->oom, auxerr__aux(r, "cgroup"));
	if (!type || (strcmp(type, "c") && strcmp(type, "b")) ||
	    !auxerr__num(auxerr__aux(r, "major"), 10, &major) || !auxerr__num(auxerr__aux(r, "minor"), 10, &minor) ||
	    !acc || !*acc || strspn(acc, "rwm") != strlen(acc)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the device and the access the device cgroup refused"));
		goto out;
	}
	dev = auxerr__xprintf(&m->oom, strcmp(type, "b") == 0 ? _("block device %lu:%lu") :
		      _("character device %lu:%lu"), major, minor);
	set(m, AUXERR_REMEDY_POLICY,
	    auxerr__xprintf(&m->oom, _("root or the manager of the cgroup %s"), cg ? cg : "?"), 0);
	m->weakens = auxerr__xprintf(&m->oom, _("every process in the cgroup %s may then use %s that way (%s), which the cgroup's device policy is there to confine"),
			     cg ? cg : "?", dev ? dev : "?", acc);
	if (v2) {
		auxerr__buf_printf(&b, _("The BPF device program %s attached to the cgroup %s refuses %s (%s): only a change to that program allows it, by the manager that attached it (systemd's DeviceAllow=, docker --device)"),
				   prog, cg ? cg : "?", dev ? dev : "?", acc);
		goto out;
	}
	if (cg && cg[0] == '/') {
		struct auxerr_buf c = { 0 };

		rule = auxerr__xprintf(&m->oom, "%s %lu:%lu %s", type, major, minor, acc);
		auxerr__buf_str(&c, "echo ");
		auxerr__shell_word(&c, rule ? rule : "");
		auxerr__buf_str(&c, " > ");
		{
			char *f = auxerr__xprintf(&m->oom, "/sys/fs/cgroup/devices%s/devices.allow",
					  strcmp(cg, "/") == 0 ? "" : cg);

			auxerr__shell_word(&c, f ? f : "");
			free(f);
		}
		m->command = auxerr__buf_take(&c, &m->oom);
	}
	auxerr__buf_printf(&b, _("The device cgroup %s does not allow %s (%s): root or the manager of the cgroup can allow that one device in it (cgroup v1); with a BPF device program (cgroup v2) the manager that attached it must allow it instead (systemd's DeviceAllow=, docker --device)"),
			   cg ? cg : "?", dev ? dev : "?", acc);
out:
	say(m, &b);
	free(cg);
	free(qcg);
	free(dev);
	free(rule);
}

/* ------------------------------------------------------------------ */
/* capset: the capability-set rules                                   */
/* ------------------------------------------------------------------ */

/* capability= is in the set @field (16 hex digits): 1, 0, or -1 */
static int capset_has(const struct auxerr_record *r, const char *field)
{
	unsigned long long set;
	unsigned long c;
	char *end;
	const char *v = auxerr__aux(r, field);

	if (!v || !*v || !auxerr__num(auxerr__aux(r, "capability"), 10, &c) || c > 63)
		return -1;
	set = strtoull(v, &end, 16);
	if (*end)
		return -1;
	return (int)((set >> c) & 1);
}

/*
 * A process may only lower its own capability sets (cap_capset(),
 * prctl's securebits and ambient rules).  Where the capability is what
 * is missing, root gives one run of the program that one capability
 * (setpriv puts it in the permitted, inheritable and ambient sets);
 * where a lock or the bounding set inherited from the session decides,
 * only a process started outside it escapes it: POLICY, with its cost.
 */
static void remedy_capset(struct auxerr_remedy *m,
			  const struct auxerr_record *r)
{
	const char *rule = auxerr__aux(r, "rule") ? auxerr__aux(r, "rule") : "";
	const char *cap = cap_lower(r);
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	const char *euid = auxerr__sys(r, "euid") ? auxerr__sys(r, "euid") : "?";
	struct auxerr_buf b = { 0 };

	if (strcmp(rule, "effective_not_permitted") == 0) {
		/* new pE within new pP: whatever the process holds, this
		 * call can never succeed as made */
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		if (capset_has(r, "cap_pp") == 1)
			auxerr__buf_printf(&b, _("The program asks to make %s effective while dropping it from its permitted set in the same call: only a change to its capset() call allows it"),
					   CAP ? CAP : "?");
		else
			auxerr__buf_printf(&b, _("The program asks to make %s effective without it in the permitted set it asks for, which no process may do: only a change to its capset() call allows it (and, as it does not hold %s, the capability given to it when it starts)"),
					   CAP ? CAP : "?", CAP ? CAP : "?");
	} else if (strcmp(rule, "permitted_not_held") == 0 ||
		   strcmp(rule, "inheritable_not_permitted") == 0 ||
		   strcmp(rule, "ambient_not_permitted") == 0 ||
		   strcmp(rule, "no_ambient_raise") == 0 ||
		   strcmp(rule, "no_setpcap") == 0) {
		char *why;

		if (!cap) {
			set(m, AUXERR_REMEDY_NONE, NULL, -1);
			auxerr__buf_printf(&b, _("No remedy: capability %s has no name here"),
					   auxerr__aux(r, "capability") ? auxerr__aux(r, "capability") : "?");
			goto out;
		}
		if (strcmp(rule, "no_setpcap") == 0)
			why = auxerr__xprintf(&m->oom, _("Changing securebits needs %s"),
				      CAP ? CAP : "?");
		else if (strcmp(rule, "no_ambient_raise") == 0)
			why = auxerr__xprintf(&m->oom, "%s", _("SECBIT_NO_CAP_AMBIENT_RAISE forbids ambient capabilities in this process and its children, but not in a program root starts anew"));
		else
			why = auxerr__xprintf(&m->oom, _("A process cannot give itself %s, only receive it when the program starts"),
				      CAP ? CAP : "?");
		one_capability(m, r, &b, cap, why);
		free(why);
	} else if (strcmp(rule, "ambient_not_inheritable") == 0) {
		/* in pP: the program may add it to pI itself first */
		unsigned long u;

		set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xprintf(&m->oom, _("the program itself (uid %s)"), euid),
		    auxerr__num(euid, 10, &u) ? (long long)u : -1);
		auxerr__buf_printf(&b, _("%s is in the process's permitted set, so the program may add it to its inheritable set itself, and then raise it into the ambient set (setpriv --inh-caps=+%s --ambient-caps=+%s; capsh --inh=cap_%s --addamb=cap_%s)"),
				   CAP ? CAP : "?", cap ? cap : "?", cap ? cap : "?",
				   cap ? cap : "?", cap ? cap : "?");
	} else if (strcmp(rule, "inheritable_not_bounding") == 0) {
		set(m, AUXERR_REMEDY_POLICY,
		    auxerr__xstrdup(&m->oom, _("whoever starts the session (its bounding set is inherited)")), -1);
		auxerr__buf_printf(&b, _("%s was dropped from the bounding set by a process this one descends from, and no process can put it back: the program must be started from a session whose bounding set keeps %s (for a systemd service, CapabilityBoundingSet= must list it)"),
				   CAP ? CAP : "?", CAP ? CAP : "?");
		m->weakens = auxerr__xprintf(&m->oom, _("processes of that session may then gain %s again (through file capabilities or setuid-root programs), which dropping it from the bounding set prevents"),
				     CAP ? CAP : "?");
	} else if (strcmp(rule, "locked") == 0) {
		set(m, AUXERR_REMEDY_POLICY,
		    auxerr__xstrdup(&m->oom, _("whoever starts this process tree with the lock (systemd's SecureBits=, capsh --secbits)")), -1);
		auxerr__buf_str(&b, _("A locked securebit stays as it is in this process and every process it starts, even root's: only a program started outside this process tree, without the lock, can change it"));
		m->weakens = auxerr__xstrdup(&m->oom, _("processes started without the lock may change the securebit, which the lock keeps fixed for the whole process tree"));
	} else if (strcmp(rule, "unknown_bits") == 0) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("No remedy: the program asks for securebits this kernel does not know; only a change to the program (or a kernel that knows them) allows it"));
	} else if (strcmp(rule, "other_process") == 0) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("No remedy: no process may change another process's capabilities; the program must call capset() on itself (pid 0), or the other process be started with the capabilities it needs"));
	} else {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the capability-set rule \"%s\" is not known here"),
				   rule);
	}
out:
	say(m, &b);
	free(CAP);
}

/* ------------------------------------------------------------------ */
/* ipc: System V IPC permissions                                      */
/* ------------------------------------------------------------------ */

/* the kind of object, from the system call (the record does not say):
 * its name, ipcrm's option and its IPC_SET call; 0 if not known */
static int ipc_kind(const struct auxerr_record *r, const char **name,
		    const char **opt, const char **set_fmt)
{
	const char *sc = auxerr_record_syscall_name(r);

	if (strncmp(sc, "shm", 3) == 0) {
		*name = _("shared memory segment");
		*opt = "-m";
		*set_fmt = "shmctl(%s, IPC_SET)";
		return 1;
	}
	if (strncmp(sc, "msg", 3) == 0) {
		*name = _("message queue");
		*opt = "-q";
		*set_fmt = "msgctl(%s, IPC_SET)";
		return 1;
	}
	if (strncmp(sc, "sem", 3) == 0) {
		*name = _("semaphore set");
		*opt = "-s";
		*set_fmt = "semctl(%s, 0, IPC_SET)";
		return 1;
	}
	*name = _("System V IPC object");
	*opt = NULL;
	*set_fmt = "shmctl/msgctl/semctl(%s, IPC_SET)";
	return 0;
}

/* "its owner and creator (uid 0, root)" / "its owner (uid 1000, alice),
 * its creator (uid 0, root)" (to which "or root" is added) */
static char *ipc_owners(int *oom, unsigned long ou, unsigned long cu)
{
	char *o = auxerr__user_label(oom, ou), *c = NULL, *s;

	if (ou == cu) {
		s = auxerr__xprintf(oom, _("its owner and creator (%s)"), o ? o : "?");
	} else {
		c = auxerr__user_label(oom, cu);
		s = auxerr__xprintf(oom, _("its owner (%s), its creator (%s)"),
			    o ? o : "?", c ? c : "?");
	}
	free(o);
	free(c);
	return s;
}

/*
 * op=access: the object's mode did not grant the class the bits asked.
 * No util-linux command changes an IPC object's mode: the program that
 * owns it does (IPC_SET), or creates it so.  Where the caller is "other"
 * and the group bits would grant it, root adding the caller to the
 * object's group changes no mode at all.
 * op=ctl: the owner or the creator removes it (ipcrm), or root.
 */
static void remedy_ipc(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	const char *op = auxerr__aux(r, "op"), *cls = auxerr__aux(r, "class");
	const char *kind, *opt, *set_fmt;
	const char *id = auxerr__aux(r, "ipc_id"), *key = auxerr__aux(r, "ipc_key");
	unsigned long ou, og, cu, cg, mode, perm, granted, euid, cmd, idn;
	int known = ipc_kind(r, &kind, &opt, &set_fmt);
	struct auxerr_buf b = { 0 };
	char *owners, *me, *call, *object;

	if (!auxerr__num(auxerr__aux(r, "ouid"), 10, &ou) || !auxerr__num(auxerr__aux(r, "ogid"), 10, &og) ||
	    !auxerr__num(auxerr__aux(r, "cuid"), 10, &cu) || !auxerr__num(auxerr__aux(r, "cgid"), 10, &cg) ||
	    !auxerr__num(auxerr__aux(r, "mode"), 8, &mode) || !auxerr__num(id, 10, &idn) || !key ||
	    !op) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the System V IPC object's owner, creator and mode"));
		say(m, &b);
		return;
	}
	owners = ipc_owners(&m->oom, ou, cu);
	/* "... or root" unless root is the owner and the creator */
	if (owners && (ou || cu)) {
		char *o = auxerr__xprintf(&m->oom, _("%s or root"), owners);

		free(owners);
		owners = o;
	}
	object = strcmp(key, "0x00000000") == 0 ?
		auxerr__xprintf(&m->oom, _("the %s key IPC_PRIVATE (id %s)"), kind, id) :
		auxerr__xprintf(&m->oom, _("the %s key %s (id %s)"), kind, key, id);
	call = auxerr__xprintf(&m->oom, set_fmt, id);
	me = auxerr__num(auxerr__sys(r, "euid"), 10, &euid) ? auxerr__user_label(&m->oom, euid) : NULL;

	if (strcmp(op, "ctl") == 0) {
		set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xstrdup(&m->oom, owners ? owners : "?"),
		    ou == cu ? (long long)ou : -1);
		if (auxerr__num(auxerr__aux(r, "cmd"), 10, &cmd) && cmd == 0) {
			if (known)
				m->command = auxerr__xprintf(&m->oom, "ipcrm %s %lu", opt, idn);
			auxerr__buf_printf(&b, ou == cu ? _("Only %s may remove %s: that user can run the command") :
					   _("Only %s may remove %s: one of them can run the command"),
					   owners ? owners : "?",
					   object ? object : "?");
		} else {
			auxerr__buf_printf(&b, ou == cu ? _("Only %s may change the owner or the mode of %s: a program that runs as that user can do it with %s") :
					   _("Only %s may change the owner or the mode of %s: a program that runs as one of them can do it with %s"),
					   owners ? owners : "?",
					   object ? object : "?", call ? call : "?");
		}
		goto out;
	}
	if (strcmp(op, "access") != 0 || !cls ||
	    !auxerr__num(auxerr__aux(r, "perm"), 10, &perm) ||
	    !auxerr__num(auxerr__aux(r, "granted"), 10, &granted)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the record does not say how %s refused the caller"),
				   object ? object : "?");
		goto out;
	}
	unsigned long miss = auxerr__perm_missing(auxerr__aux(r, "perm"),
						  auxerr__aux(r, "granted"));
	struct auxerr_buf pw = { 0 };

	if (!(miss & 6)) {
		/* ipcperms() asks for read (4) or write (2), never more */
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the record asks for permission bits %03lo (octal) on %s, which are not read or write"),
				   perm, object ? object : "?");
		goto out;
	}
	auxerr__perm_words(&pw, miss, 0);
	char *what = auxerr__buf_take(&pw, &m->oom);

	if (strcmp(cls, "owner") == 0) {
		/* the caller owns or created it: it sets the owner's bits */
		set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xprintf(&m->oom, _("the caller (%s)"), me ? me : "?"),
		    auxerr__num(auxerr__sys(r, "euid"), 10, &euid) ? (long long)euid : -1);
		auxerr__buf_printf(&b, _("The caller owns or created %s and its mode %04lo gives the owner no %s permission: the caller's program can set mode %04lo with %s, or create it so"),
				   object ? object : "?", mode & 0777,
				   what ? what : "?", (mode | miss << 6) & 0777,
				   call ? call : "?");
	} else if (strcmp(cls, "group") == 0) {
		char *g = auxerr__group_label(&m->oom, og);

		set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xstrdup(&m->oom, owners ? owners : "?"),
		    ou == cu ? (long long)ou : -1);
		auxerr__buf_printf(&b, _("Mode %04lo of %s gives its group no %s permission, and there is no command to change it: a program running as %s can set mode %04lo with %s, or whoever creates it can create it so"),
				   mode & 0777, object ? object : "?",
				   what ? what : "?", owners ? owners : "?",
				   (mode | miss << 3) & 0777, call ? call : "?");
		if (og == cg) {
			m->weakens = auxerr__xprintf(&m->oom, _("every member of its group (%s) may then %s it"),
					     g ? g : "?", what ? what : "?");
		} else {
			char *g2 = auxerr__group_label(&m->oom, cg);

			m->weakens = auxerr__xprintf(&m->oom, _("every member of its group (%s) and of its creator's group (%s) may then %s it"),
					     g ? g : "?", g2 ? g2 : "?", what ? what : "?");
			free(g2);
		}
		free(g);
	} else {
		/* other: the object's group, if its bits grant it, else a
		 * mode for a group, or for every user */
		char *g = auxerr__group_label(&m->oom, og);
		int named = 0;
		char *user = auxerr__num(auxerr__sys(r, "euid"), 10, &euid) ?
			auxerr__user_word(&m->oom, euid, &named) : NULL;

		if (((mode >> 3) & miss) == miss && og != 0) {
			set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
			if (user && named)
				m->command = auxerr__xprintf(&m->oom, "usermod -a -G %lu %s", og, user);
			auxerr__buf_printf(&b, _("Mode %04lo of %s gives its group (%s) %s permission and others none: root can add the caller (%s) to that group, from its next login, if it should have it; else a program running as %s can change the mode with %s"),
					   mode & 0777, object ? object : "?",
					   g ? g : "?", what ? what : "?",
					   me ? me : "?", owners ? owners : "?",
					   call ? call : "?");
			m->weakens = auxerr__xprintf(&m->oom, _("the caller (%s) also gets what group %lu has on every other file and object of that group"),
					     me ? me : "?", og);
		} else {
			set(m, AUXERR_REMEDY_COMMAND,
			    auxerr__xstrdup(&m->oom, owners ? owners : "?"),
			    ou == cu ? (long long)ou : -1);
			auxerr__buf_printf(&b, _("Mode %04lo of %s gives others no %s permission, and there is no command to change it: a program running as %s can give it a group the caller (%s) is in and mode %04lo with %s, or whoever creates it can create it so; mode %04lo would let every user in"),
					   mode & 0777, object ? object : "?",
					   what ? what : "?", owners ? owners : "?",
					   me ? me : "?", (mode | miss << 3) & 0777,
					   call ? call : "?", (mode | miss) & 0777);
			m->weakens = auxerr__xprintf(&m->oom, _("every member of that group may then %s it (with mode %04lo, every user)"),
					     what ? what : "?", (mode | miss) & 0777);
		}
		free(g);
		free(user);
	}
	free(what);
out:
	say(m, &b);
	free(owners);
	free(object);
	free(call);
	free(me);
}

/* ------------------------------------------------------------------ */
/* ping: net.ipv4.ping_group_range                                    */
/* ------------------------------------------------------------------ */

/*
 * ping_init_sock() refused an ICMP echo socket: neither the caller's
 * group nor a supplementary group lies in net.ipv4.ping_group_range (per
 * network namespace, IPv6 too).  No capability overrides it.  The least
 * change to the system: the smallest range that holds the old one (if it
 * is not empty) and the caller's group.  Else a group in the range for
 * the user, or CAP_NET_RAW for a program that falls back to a raw socket
 * as ping does (much more).
 */
static void remedy_ping(struct auxerr_remedy *m, const struct auxerr_record *r)
{
	unsigned long lo, hi, gid, euid, nl, nh;
	int empty, named = 0;
	char *g, *user, *exe, *qexe, *in;
	struct auxerr_buf b = { 0 };

	if (!auxerr__num(auxerr__aux(r, "group_low"), 10, &lo) ||
	    !auxerr__num(auxerr__aux(r, "group_high"), 10, &hi)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not give the range of net.ipv4.ping_group_range"));
		say(m, &b);
		return;
	}
	if (!auxerr__num(auxerr__sys(r, "egid"), 10, &gid)) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the caller's group"));
		say(m, &b);
		return;
	}
	empty = hi < lo;
	if (!empty && lo <= gid && gid <= hi) {
		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: gid %lu lies in net.ipv4.ping_group_range = %lu %lu as the record gives it, so the process's group or the range has changed since"),
				   gid, lo, hi);
		say(m, &b);
		return;
	}
	nl = empty || gid < lo ? gid : lo;
	nh = empty || gid > hi ? gid : hi;
	g = auxerr__group_paren(&m->oom, gid);
	exe = auxerr__decode(&m->oom, auxerr__sys(r, "exe"));
	qexe = exe && exe[0] == '/' ? auxerr__quoted(&m->oom, exe) : NULL;
	set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	m->command = auxerr__xprintf(&m->oom, "sysctl -w net.ipv4.ping_group_range=\"%lu %lu\"",
			     nl, nh);
	if (empty) {
		auxerr__buf_printf(&b, _("The range net.ipv4.ping_group_range = %lu %lu is empty: no process may open an ICMP echo (ping) socket, whatever its groups or capabilities; "),
				   lo, hi);
	} else {
		user = auxerr__num(auxerr__sys(r, "euid"), 10, &euid) ?
			auxerr__user_word(&m->oom, euid, &named) : NULL;
		char *gl = auxerr__group_label(&m->oom, gid);

		auxerr__buf_printf(&b, _("The range net.ipv4.ping_group_range = %lu %lu takes in neither the caller's group (%s) nor any of its supplementary groups: root can make the user a member of a group whose gid lies in %lu..%lu (usermod -a -G GROUP %s), from its next login; "),
				   lo, hi, gl ? gl : "?", lo, hi,
				   named && user ? user : "USER");
		free(user);
		free(gl);
	}
	auxerr__buf_printf(&b, _("if the program falls back to a raw socket as ping does, root can give it CAP_NET_RAW (setcap cap_net_raw+ep %s), with which it may send and receive any raw packet, much more than it needs; "),
			   qexe ? qexe : "PROGRAM");
	if (empty)
		auxerr__buf_printf(&b, _("the least change: root sets the range to the caller's group alone, %s, in this network namespace (a container sets its own), and persists it with the line \"net.ipv4.ping_group_range = %lu %lu\" in a file under /etc/sysctl.d/"),
				   g ? g : "?", nl, nh);
	else
		auxerr__buf_printf(&b, _("the least change to the system: root widens the range to %lu %lu, the least that also takes in %s, in this network namespace (a container sets its own), and persists it with the line \"net.ipv4.ping_group_range = %lu %lu\" in a file under /etc/sysctl.d/"),
				   nl, nh, g ? g : "?", nl, nh);
	in = nl == nh ? auxerr__xprintf(&m->oom, _("is %s"), g ? g : "?") :
		auxerr__xprintf(&m->oom, _("lies in %lu..%lu"), nl, nh);
	m->weakens = auxerr__xprintf(&m->oom, _("every process whose group or a supplementary group %s may then open ICMP echo sockets (send pings and receive their replies, no raw packets), a low cost: systemd's default range, 0 2147483647, takes in every group"),
			     in ? in : "?");
	say(m, &b);
	free(in);
	free(g);
	free(exe);
	free(qexe);
}

/*
 * cap with policy=vm.unprivileged_userfaultfd: userfaultfd() without
 * UFFD_USER_MODE_ONLY asks to handle kernel faults too, which needs
 * CAP_SYS_PTRACE unless the sysctl is 1.  First the caller's own fix
 * (user-mode faults only: no privilege); else /dev/userfaultfd, whose
 * mode governs it (not the sysctl), opened to the caller's group; the
 * sysctl last, with its cost.  CAP_SYS_PTRACE would be far more.
 */
static void remedy_userfaultfd(struct auxerr_remedy *m,
			       const struct auxerr_record *r)
{
	unsigned long egid;
	int have = auxerr__num(auxerr__sys(r, "egid"), 10, &egid);
	char *g = have ? auxerr__group_paren(&m->oom, egid) : NULL;
	char *gl = have ? auxerr__group_label(&m->oom, egid) : NULL;
	char *gw = have ? auxerr__group_word(&m->oom, egid) : NULL;
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (gw)
		m->command = auxerr__xprintf(&m->oom, "chgrp %s /dev/userfaultfd && chmod 0660 /dev/userfaultfd",
				     gw);
	auxerr__buf_printf(&b, _("If the program needs faults in user mode only, it can pass UFFD_USER_MODE_ONLY to userfaultfd(), which needs no privilege at all; for kernel faults too, /dev/userfaultfd (Linux 6.1 and later: open it, then ioctl USERFAULTFD_IOC_NEW) is governed by its mode, not by vm.unprivileged_userfaultfd, so root can let the caller's group (%s) open it, persistently with the udev rule KERNEL==\"userfaultfd\", GROUP=\"%s\", MODE=\"0660\" in a file under /etc/udev/rules.d/; only as a last resort root sets vm.unprivileged_userfaultfd = 1, and then every user may stall the kernel's accesses to its memory, a classic way to widen race windows in kernel exploits (CAP_SYS_PTRACE for the program would be far more than it needs: it may then trace every process); root opens /dev/userfaultfd to the group with the command"),
			   gl ? gl : "?", gw ? gw : "GROUP");
	m->weakens = auxerr__xprintf(&m->oom, _("every process whose group or a supplementary group is %s may then create userfaultfds that handle kernel faults and stall the kernel's accesses to its memory, a classic way to widen race windows in kernel exploits"),
			     g ? g : "?");
	say(m, &b);
	free(g);
	free(gl);
	free(gw);
}

static void remedy_unknown(struct auxerr_remedy *m,
			   const struct auxerr_record *r)
{
	int e = auxerr_record_errno(r);
	const char *name = e > 0 ? audit_errno_to_name(e) : NULL;
	struct auxerr_buf b = { 0 };

	set(m, AUXERR_REMEDY_NONE, NULL, -1);
	auxerr__buf_printf(&b, _("No remedy: the kernel gave no reason for this %s"),
		   name ? name : _("error"));
	say(m, &b);
}

static const struct {
	const char *mechanism;
	void (*fn)(struct auxerr_remedy *, const struct auxerr_record *);
} remedies[] = {
	{ "dac", remedy_dac_entry },
	{ "path", remedy_path },
	{ "cap", remedy_cap },
	{ "lsm", remedy_lsm },
	{ "seccomp", remedy_seccomp },
	{ "mount", remedy_mount },
	{ "inode", remedy_inode },
	{ "sticky", remedy_sticky },
	{ "ptrace", remedy_ptrace },
	{ "protected", remedy_protected },
	{ "signal", remedy_signal },
	{ "task", remedy_task },
	{ "hidepid", remedy_hidepid },
	{ "fuse", remedy_fuse },
	{ "device", remedy_device },
	{ "capset", remedy_capset },
	{ "ipc", remedy_ipc },
	{ "ping", remedy_ping },
	{ "unknown", remedy_unknown },
};

#ifndef AUXERR_LOCALEDIR
#define AUXERR_LOCALEDIR "/usr/share/locale"
#endif

static void bind_domain(void)
{
	int saved = errno;

	bindtextdomain(AUXERR_DOMAIN, AUXERR_LOCALEDIR);
	errno = saved;
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
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	int saved = errno;
	struct auxerr_remedy *m;
	const char *mech;
	size_t i;

	if (!rec) {
		errno = EINVAL;
		return NULL;
	}
	pthread_once(&once, bind_domain);
	m = calloc(1, sizeof(*m));
	if (!m) {
		errno = ENOMEM;
		return NULL;
	}
	m->uid = -1;
	mech = auxerr_record_mechanism(rec);
	for (i = 0; i < sizeof(remedies) / sizeof(remedies[0]); i++)
		if (strcmp(mech, remedies[i].mechanism) == 0) {
			remedies[i].fn(m, rec);
			break;
		}
	if (i == sizeof(remedies) / sizeof(remedies[0])) {
		struct auxerr_buf b = { 0 };

		auxerr__buf_printf(&b, _("No remedy is known for the mechanism \"%s\""), mech);
		say(m, &b);
	}
	if (!m->oom && (!m->text || !*m->text)) {
		/* a remedy that found nothing to say: still an answer */
		struct auxerr_buf b = { 0 };

		set(m, AUXERR_REMEDY_NONE, NULL, -1);
		free(m->command);
		m->command = NULL;
		free(m->weakens);
		m->weakens = NULL;
		auxerr__buf_printf(&b, _("No remedy can be derived: the record does not hold the facts that the mechanism \"%s\" needs"),
				   mech);
		say(m, &b);
	}
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
