// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr_explain(): one sentence per record, naming the deciding fact.
 *
 *   <syscall> <path>: denied by <mechanism>: <facts>
 *
 * Every piece of text a person reads goes through _() (dgettext, domain
 * "auxerr"); field values are auparse's interpretations (control
 * characters escaped).
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

#include "internal.h"
#include "selinux-account.h"
#include "text.h"

/* the object's permission bits, "0640" */
static void mode_bits(const struct auxerr_record *r, char out[8], int *is_dir)
{
	const char *m = auxerr__aux(r, "mode");
	char *end;
	unsigned long v;

	*is_dir = 0;
	if (!m) {
		strcpy(out, "?");
		return;
	}
	v = strtoul(m, &end, 8);
	if (*end) {
		strcpy(out, "?");
		return;
	}
	*is_dir = S_ISDIR((mode_t)v);
	snprintf(out, 8, "%04lo", v & 07777);
}

static int is_parent(const struct auxerr_record *r, unsigned i)
{
	const char *nt = auxerr_record_field_nth(r, "PATH", i, "nametype", 0);

	return nt && strcmp(nt, "PARENT") == 0;
}

/*
 * The name the denial concerns: the PATH item of the AUXERR inode (a
 * directory whose permissions refused a create or delete: the PARENT
 * item), else the first item that is not the parent directory of a
 * create or delete, else the first name at all.
 */
static const char *object_path(const struct auxerr_record *r)
{
	const char *ino = auxerr__aux(r, "inode");
	unsigned n = auxerr_record_count(r, "PATH");

	for (int pass = 0; pass < 3; pass++)
		for (unsigned i = 0; i < n; i++) {
			const char *nm = auxerr_record_field_nth(r, "PATH", i,
								 "name", 1);
			const char *pi = auxerr_record_field_nth(r, "PATH", i,
								 "inode", 0);
			if (!nm || !*nm || strcmp(nm, "(null)") == 0)
				continue;
			if (pass == 1 && is_parent(r, i))
				continue;
			if (pass == 0 && !(ino && pi && strcmp(pi, ino) == 0))
				continue;
			return nm;
		}
	return NULL;
}

static void subject(struct auxerr_buf *b, const struct auxerr_record *r,
		    const char *field)
{
	const char *u = auxerr_record_field(r, "SYSCALL", field);

	auxerr__buf_printf(b, "%s", u ? u : auxerr__unrecorded());
}

/*
 * The ACL entry as "user:alice" / "group:staff": acl_tag= says whether
 * acl_id= is a uid or a gid; without it, @user_default decides.
 */
static const char *acl_entry_name(const struct auxerr_record *r,
				  int user_default, char *buf, size_t len)
{
	const char *id = auxerr__aux(r, "acl_id");
	const char *tag = auxerr__aux(r, "acl_tag");
	int user = tag ? strcmp(tag, "user") == 0 : user_default;
	char *end;
	unsigned long v;

	if (!id)
		return NULL;
	v = strtoul(id, &end, 10);
	if (*end || !*id) {
		snprintf(buf, len, "%s:%s", user ? "user" : "group", id);
		return buf;
	}
	if (user) {
		struct passwd pw, *res = NULL;
		char tmp[1024];
		if (getpwuid_r((uid_t)v, &pw, tmp, sizeof(tmp), &res) == 0 && res)
			snprintf(buf, len, "user:%s", res->pw_name);
		else
			snprintf(buf, len, "user:%lu", v);
	} else {
		struct group gr, *res = NULL;
		char tmp[1024];
		if (getgrgid_r((gid_t)v, &gr, tmp, sizeof(tmp), &res) == 0 && res)
			snprintf(buf, len, "group:%s", res->gr_name);
		else
			snprintf(buf, len, "group:%lu", v);
	}
	return buf;
}

/* "uid 1000 is "other" and has no read permission" and the like */
static void dac_clause(struct auxerr_buf *b, const struct auxerr_record *r, int dir)
{
	const char *cls = auxerr__aux(r, "class");
	const char *perm = auxerr__aux(r, "perm");
	const char *uid = auxerr_record_field(r, "SYSCALL", "fsuid");
	struct auxerr_buf p = { 0 };
	char name[256];
	const char *entry;

	if (!uid)
		uid = auxerr__unrecorded();
	if (auxerr__perm_unnamed(&p, perm, 7)) {
		auxerr__buf_printf(b, _("uid %s was refused %s"), uid, p.s ? p.s : "?");
		free(p.s);
		return;
	}
	auxerr__missing_words(&p, r, dir);
	const char *pw = p.s ? p.s : "?";

	if (!cls) {
		auxerr__buf_printf(b, _("uid %s has no %s permission"), uid, pw);
	} else if (strcmp(cls, "owner") == 0) {
		auxerr__buf_printf(b, _("uid %s is the owner and the owner has no %s permission"),
			  uid, pw);
	} else if (strcmp(cls, "group") == 0) {
		auxerr__buf_printf(b, _("uid %s is in group %s and the group has no %s permission"),
			  uid, auxerr__id_name(r, "ogid"), pw);
	} else if (strcmp(cls, "other") == 0) {
		auxerr__buf_printf(b, _("uid %s is \"other\" and has no %s permission"),
			  uid, pw);
	} else if (strcmp(cls, "acl_user") == 0) {
		entry = acl_entry_name(r, 1, name, sizeof(name));
		if (!entry) {
			snprintf(name, sizeof(name), "user:%s", uid);
			entry = name;
		}
		auxerr__buf_printf(b, _("uid %s has the ACL entry %s, which grants no %s permission"),
			  uid, entry, pw);
	} else if (strcmp(cls, "acl_group") == 0) {
		entry = acl_entry_name(r, 0, name, sizeof(name));
		if (!entry) {
			snprintf(name, sizeof(name), "group:%s", auxerr__id_name(r, "ogid"));
			entry = name;
		}
		auxerr__buf_printf(b, _("uid %s matches the ACL entry %s, which grants no %s permission"),
			  uid, entry, pw);
	} else if (strcmp(cls, "acl_mask") == 0) {
		entry = acl_entry_name(r, 1, name, sizeof(name));
		if (entry)
			auxerr__buf_printf(b, _("uid %s matches the ACL entry %s, which would grant %s permission, but the ACL mask removes it"),
				  uid, entry, pw);
		else
			auxerr__buf_printf(b, _("uid %s matches an ACL entry that would grant %s permission, but the ACL mask removes it"),
				  uid, pw);
	} else if (strcmp(cls, "acl") == 0) {
		auxerr__buf_printf(b, _("the file's ACL grants uid %s no %s permission"),
			  uid, pw);
	} else {
		auxerr__buf_printf(b, _("uid %s (class %s) has no %s permission"), uid,
			  cls, pw);
	}
	free(p.s);
}

static int is_acl(const struct auxerr_record *r)
{
	const char *cls = auxerr__aux(r, "class");

	return cls && strncmp(cls, "acl", 3) == 0;
}

/* "/proc/sys/kernel/dmesg_restrict" -> "kernel.dmesg_restrict", or NULL */
static char *sysctl_name(const char *path)
{
	static const char pfx[] = "/proc/sys/";
	char *s;

	if (!path || strncmp(path, pfx, sizeof(pfx) - 1) != 0 ||
	    !path[sizeof(pfx) - 1])
		return NULL;
	s = strdup(path + sizeof(pfx) - 1);
	for (char *p = s; p && *p; p++)
		if (*p == '/')
			*p = '.';
	return s;
}

static void explain_dac(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *method = auxerr__auxi(r, "permission");
	char mode[8];
	int dir;

	mode_bits(r, mode, &dir);
	if (method && strcmp(method, "proc_sys") == 0) {
		const char *obj = object_path(r);
		const char *cwd = auxerr_record_interpret(r, "CWD", "cwd");
		char *name = NULL, *full = NULL;

		/* a relative name: the working directory's (no *at() dirfd
		 * other than AT_FDCWD is assumed: it is only a name) */
		if (obj && obj[0] != '/' && cwd && cwd[0] == '/' &&
		    asprintf(&full, "%s/%s", cwd, obj) < 0)
			full = NULL;
		name = sysctl_name(full ? full : obj);
		free(full);

		if (name)
			auxerr__buf_printf(b, _("denied by the permissions of the sysctl %s: mode %s %s:%s; "),
				  name, mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
		else
			auxerr__buf_printf(b, _("denied by the permissions of a sysctl file: mode %s %s:%s; "),
				  mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
		free(name);
		dac_clause(b, r, dir);
		return;
	}
	if (method && *method) {
		auxerr__buf_printf(b, _("denied by the permissions the file system's %s method checks: mode %s %s:%s; "),
			  method, mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
		dac_clause(b, r, dir);
		return;
	}
	if (dir)
		auxerr__buf_printf(b, is_acl(r) ?
			  _("denied by the directory's ACL: mode %s %s:%s; ") :
			  _("denied by directory permissions: mode %s %s:%s; "),
			  mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
	else
		auxerr__buf_printf(b, is_acl(r) ?
			  _("denied by the file's ACL: mode %s %s:%s; ") :
			  _("denied by file permissions: mode %s %s:%s; "),
			  mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
	dac_clause(b, r, dir);
}

static void explain_path(struct auxerr_buf *b, const struct auxerr_record *r)
{
	char mode[8];
	int dir;
	const char *c = auxerr__auxi(r, "component");

	mode_bits(r, mode, &dir);
	auxerr__buf_printf(b, _("denied by the permissions of directory %s: mode %s %s:%s; "),
		  c ? c : "?", mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
	dac_clause(b, r, 1);
}

/* "chown" -> "CAP_CHOWN" */
static void cap_name(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *c = auxerr__auxi(r, "capability"), *raw = auxerr__aux(r, "capability");

	if (!c || !raw) {
		auxerr__buf_printf(b, "%s", _("an unknown capability"));
		return;
	}
	if (strcmp(c, raw) == 0 || strncmp(c, "unknown", 7) == 0) {
		auxerr__buf_printf(b, _("capability %s"), raw);
		return;
	}
	auxerr__buf_printf(b, "CAP_");
	for (const char *p = c; *p; p++)
		auxerr__buf_printf(b, "%c", *p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
}

/* "CAP_X, and uid N does not have it": the tail of a clause that has
 * just said what the capability is needed for */
static void cap_and_lack(struct auxerr_buf *b, const struct auxerr_record *r)
{
	cap_name(b, r);
	auxerr__buf_printf(b, "%s", _(", and uid "));
	subject(b, r, "euid");
	auxerr__buf_printf(b, "%s", _(" does not have it"));
}

static void explain_owner_op(struct auxerr_buf *b, const struct auxerr_record *r,
			     const char *op);

static void explain_cap(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *lvl = auxerr__aux(r, "userns_level");
	const char *ns = auxerr__aux(r, "userns");
	const char *owner = auxerr__aux(r, "userns_owner");
	const char *policy = auxerr__auxi(r, "policy");
	const char *value = auxerr__aux(r, "policy_value");
	const char *op = auxerr__aux(r, "owner_op");

	const char *sw = auxerr__auxi(r, "sysctl_write");
	const char *rl = auxerr__aux(r, "rlimit");
	const char *rc = auxerr__aux(r, "rlimit_cur");
	char *end = NULL;
	unsigned long long cur = 0;
	int have_cur = 0;

	if (op && *op) {
		explain_owner_op(b, r, op);
		return;
	}
	if (rc && *rc >= '0' && *rc <= '9') {
		errno = 0;
		cur = strtoull(rc, &end, 10);
		have_cur = !*end && !errno;
	}
	if (rl && strcmp(rl, "RLIMIT_NICE") == 0 && have_cur && cur < 40) {
		/* raising one's own priority: RLIMIT_NICE counts 20 - nice */
		if (cur == 0)
			auxerr__buf_printf(b, "%s", _("RLIMIT_NICE (0) does not let this process lower its nice value at all; that needs "));
		else
			auxerr__buf_printf(b, _("RLIMIT_NICE (%llu) lets this process lower its nice value only down to %lld; going lower needs "),
				  cur, 20 - (long long)cur);
		cap_and_lack(b, r);
	} else if (rl && strcmp(rl, "RLIMIT_RTPRIO") == 0 && have_cur) {
		if (cur == 0)
			auxerr__buf_printf(b, "%s", _("RLIMIT_RTPRIO (0) does not let this process use a real-time scheduling policy at all; that needs "));
		else
			auxerr__buf_printf(b, _("RLIMIT_RTPRIO (%llu) lets this process use real-time priorities only up to %llu; a higher one needs "),
				  cur, cur);
		cap_and_lack(b, r);
	} else if (rl && *rl) {
		auxerr__buf_printf(b, _("denied by the resource limit %s (%s): going beyond it needs "),
			  rl, rc ? rc : "?");
		cap_and_lack(b, r);
	} else if (sw && *sw) {
		/* the sysctl's own handler checks a capability on write */
		auxerr__buf_printf(b, _("denied for lack of a capability: writing the sysctl %s needs "),
			  sw);
		cap_name(b, r);
		auxerr__buf_printf(b, "%s", _(", even for a process that could open the file, and uid "));
		subject(b, r, "euid");
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else if (policy && strcmp(policy, "no_new_privs") == 0) {
		/* a thread attribute, not a sysctl: seccomp_prepare_filter()
		 * takes a filter only from a thread with no_new_privs set or
		 * with CAP_SYS_ADMIN in its user namespace */
		if (value && strcmp(value, "0") == 0)
			auxerr__buf_printf(b, "%s", _("denied because the thread has not set no_new_privs: "));
		else
			auxerr__buf_printf(b, _("denied with no_new_privs = %s: "),
				  value ? value : "?");
		auxerr__buf_printf(b, "%s", _("a seccomp filter may be installed only by a thread that has set no_new_privs or has "));
		cap_and_lack(b, r);
	} else if (policy && strcmp(policy, "vm.unprivileged_userfaultfd") == 0) {
		/* userfaultfd() without UFFD_USER_MODE_ONLY: kernel faults too */
		auxerr__buf_printf(b, _("denied by %s = %s: a userfaultfd that also handles page faults in kernel mode needs "),
			  policy, value ? value : "?");
		cap_and_lack(b, r);
	} else if (policy && *policy) {
		/* the policy decided: it made the capability necessary */
		auxerr__buf_printf(b, _("denied by %s = %s, which requires "), policy,
			  value ? value : "?");
		cap_name(b, r);
		auxerr__buf_printf(b, "%s", _(": uid "));
		subject(b, r, "euid");
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else {
		auxerr__buf_printf(b, "%s", _("denied for lack of a capability: uid "));
		subject(b, r, "euid");
		auxerr__buf_printf(b, "%s", _(" does not have "));
		cap_name(b, r);
	}
	if (lvl && strcmp(lvl, "0") == 0)
		auxerr__buf_printf(b, "%s", _(" in the initial user namespace"));
	else if (ns)
		auxerr__buf_printf(b, _(" in user namespace %s (level %s, owned by uid %s)"),
			  ns, lvl ? lvl : "?", owner ? owner : "?");
	if (!(sw && *sw) && policy && value &&
	    strcmp(policy, "kernel.unprivileged_bpf_disabled") == 0 &&
	    strcmp(value, "1") == 0)
		auxerr__buf_printf(b, "%s", _("; the setting 1 cannot be changed until the next boot, not even by root"));
	if (!(sw && *sw) && policy &&
	    strcmp(policy, "vm.unprivileged_userfaultfd") == 0)
		auxerr__buf_printf(b, "%s", _("; one for faults in user mode only (UFFD_USER_MODE_ONLY) needs neither the capability nor the sysctl"));
	if (auxerr_record_is_weak(r))
		auxerr__buf_printf(b, "%s", _(" (only a probe: this check may not be what failed the call)"));
}

/* ", name=value" for every AUXERR fact not in @skip */
static void facts(struct auxerr_buf *b, const struct auxerr_record *r,
		  const char *const *skip)
{
	int first = 1;

	for (unsigned i = 0;; i++) {
		/* walk the AUXERR record's fields in order */
		const char *name = NULL, *val = NULL;
		if (auxerr__aux_field_at(r, i, &name, &val) < 0)
			break;
		if (strcmp(name, "type") == 0 || strcmp(name, "mechanism") == 0 ||
		    strcmp(name, "inode") == 0 || strcmp(name, "dev") == 0 ||
		    strcmp(name, "lsm_audited") == 0 ||
		    strncmp(name, "creator_", 8) == 0 ||
		    strcmp(name, "domain") == 0)
			continue;	/* the creator and silence: said apart */
		int skipped = 0;
		for (const char *const *s = skip; s && *s; s++)
			if (strcmp(*s, name) == 0)
				skipped = 1;
		if (skipped)
			continue;
		auxerr__buf_printf(b, "%s%s=%s", first ? " (" : ", ", name, val);
		first = 0;
	}
	if (!first)
		auxerr__buf_printf(b, ")");
}

/*
 * Who made the sandbox (creator_pid= creator_comm= creator_exe=):
 * ", created by /usr/bin/sandboxer (pid 812),", the comm when there is
 * no exe, "a process not visible here" for pid 0; @installed: "installed
 * by" (seccomp).  Nothing when the record does not say.
 */
static void creator_clause(struct auxerr_buf *b, const struct auxerr_record *r,
			   int installed)
{
	const char *pid = auxerr__aux(r, "creator_pid");
	const char *exe = auxerr__aux(r, "creator_exe") ? auxerr__auxi(r, "creator_exe") : NULL;
	const char *comm = auxerr__aux(r, "creator_comm") ? auxerr__auxi(r, "creator_comm") : NULL;
	const char *who = exe && *exe ? exe : comm && *comm ? comm : NULL;
	int hidden = pid && strcmp(pid, "0") == 0;

	if (!pid && !who)
		return;
	auxerr__buf_printf(b, "%s", installed ? _(", installed by ") : _(", created by "));
	if (hidden && who)
		auxerr__buf_printf(b, _("%s (a process not visible here)"), who);
	else if (hidden)
		auxerr__buf_printf(b, "%s", _("a process not visible here"));
	else if (who && pid)
		auxerr__buf_printf(b, _("%s (pid %s)"), who, pid);
	else if (who)
		auxerr__buf_printf(b, "%s", who);
	else
		auxerr__buf_printf(b, _("a process (pid %s)"), pid);
	auxerr__buf_printf(b, ",");
}

static void explain_landlock(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *blockers = auxerr__auxi(r, "blockers");
	const char *layer = auxerr__aux(r, "layer"), *layers = auxerr__aux(r, "layers");
	const char *domain = auxerr__aux(r, "domain");
	const char *path = object_path(r);

	static const char *const used[] = { "lsm", NULL };

	if (domain || auxerr__aux(r, "creator_pid")) {
		/* the domain and its maker (Landlock's own audit, 6.15) */
		if (domain)
			auxerr__buf_printf(b, _("Landlock domain %s"), domain);
		else
			auxerr__buf_printf(b, "%s", _("the Landlock sandbox"));
		if (layer && layers)
			auxerr__buf_printf(b, _(" (layer %s of %s)"), layer, layers);
		creator_clause(b, r, 0);
		if (!blockers || !*blockers) {
			auxerr__buf_printf(b, "%s", _(" does not allow this access"));
			facts(b, r, used);
			return;
		}
		auxerr__buf_printf(b, "%s", _(" does not allow "));
		auxerr__word_list(b, blockers);
		if (path)
			auxerr__buf_printf(b, _(" on %s"), path);
		return;
	}
	if (!blockers || !*blockers) {
		auxerr__buf_printf(b, "%s", _("denied by Landlock"));
		facts(b, r, used);
		return;
	}
	auxerr__buf_printf(b, "%s", _("denied by Landlock: the sandbox does not allow "));
	auxerr__word_list(b, blockers);
	if (layer && layers)
		auxerr__buf_printf(b, _(" (layer %s of %s)"), layer, layers);
}

static void explain_yama(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *scope = auxerr__aux(r, "ptrace_scope");
	const char *rel = auxerr__aux(r, "relation");
	const char *opid = auxerr__aux(r, "opid");

	static const char *const used[] = { "lsm", NULL };

	if (!scope) {
		auxerr__buf_printf(b, "%s", _("denied by Yama"));
		facts(b, r, used);
		return;
	}
	auxerr__buf_printf(b, _("denied by Yama (kernel.yama.ptrace_scope = %s): "), scope);
	if (rel && strcmp(rel, "not_descendant") == 0)
		auxerr__buf_printf(b, _("process %s is not a descendant of the caller and has not declared it as its tracer"),
			  opid ? opid : "?");
	else if (strcmp(scope, "2") == 0)
		auxerr__buf_printf(b, "%s", _("only a process with CAP_SYS_PTRACE may attach"));
	else if (strcmp(scope, "3") == 0)
		auxerr__buf_printf(b, "%s", _("no process may attach"));
	else
		auxerr__buf_printf(b, _("process %s may not be traced by the caller"),
			  opid ? opid : "?");
}

/*
 * An AVC field's value as auparse interprets it (names decoded), without
 * the quotes it leaves on the names it does not know (class=, peer=);
 * NULL when absent.  The AVC text is at most 1024 bytes.
 */
static const char *avc_field(const struct auxerr_record *r, const char *name,
			     char *buf, size_t len)
{
	const char *v = auxerr_record_interpret(r, "AVC", name);
	size_t n = v ? strlen(v) : 0;

	if (v && n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		snprintf(buf, len, "%.*s", (int)(n - 2), v + 1);
		return buf;
	}
	return v;
}

/* AppArmor's file permission letters (aa_file_perm_chrs) in words:
 * "rw" is "read and write (rw)"; a word mask ("send") as it is */
static void aa_mask_words(struct auxerr_buf *b, const char *mask)
{
	static const struct {
		char c;
		const char *word;
	} letters[] = {
		{ 'r', N_("read") }, { 'w', N_("write") }, { 'a', N_("append") },
		{ 'x', N_("execute") }, { 'm', N_("mmap exec") },
		{ 'k', N_("lock") }, { 'l', N_("link") }, { 'c', N_("create") },
		{ 'd', N_("delete") },
	};
	const char *w[16];
	unsigned n = 0;

	for (const char *p = mask; *p && n < 16; p++) {
		size_t i;

		if (*p == ':')
			continue;
		for (i = 0; i < sizeof(letters) / sizeof(letters[0]); i++)
			if (letters[i].c == *p)
				break;
		if (i == sizeof(letters) / sizeof(letters[0])) {
			auxerr__buf_printf(b, "%s", mask);	/* not letters we know */
			return;
		}
		w[n++] = _(letters[i].word);
	}
	for (unsigned i = 0; i < n; i++) {
		if (i)
			auxerr__buf_printf(b, "%s", i == n - 1 ? _(" and ") : ", ");
		auxerr__buf_printf(b, "%s", w[i]);
	}
	auxerr__buf_printf(b, " (%s)", mask);
}

/* "a process confined by 'X'", or the hidden peer (lsm_detail 1) */
static void aa_peer(struct auxerr_buf *b, const char *peer)
{
	if (!peer || strcmp(peer, "?") == 0)
		auxerr__buf_printf(b, "%s", _("a process whose profile is hidden from the caller"));
	else
		auxerr__buf_printf(b, _("a process confined by '%s'"), peer);
}

/*
 * AppArmor's own record of the denial (the AVC, docs/record-format.md):
 * "AppArmor profile 'X' does not allow read (r) of /path", and whether
 * AppArmor itself logged it.
 */
static void explain_apparmor(struct auxerr_buf *b, const struct auxerr_record *r)
{
	char pb[1024], cb[64], nb[1024], ob[64], mb[64], xb[1024];
	const char *profile = avc_field(r, "profile", pb, sizeof(pb));
	const char *class = avc_field(r, "class", cb, sizeof(cb));
	const char *name = avc_field(r, "name", nb, sizeof(nb));
	const char *op = avc_field(r, "operation", ob, sizeof(ob));
	const char *mask = avc_field(r, "denied_mask", mb, sizeof(mb));
	const char *audited = auxerr__aux(r, "lsm_audited");

	if (!mask || !*mask)
		mask = avc_field(r, "requested_mask", mb, sizeof(mb));
	auxerr__buf_printf(b, _("AppArmor profile '%s' does not allow "),
		  profile ? profile : "?");
	if ((class && strcmp(class, "file") == 0) || (!class && name && mask)) {
		if (mask && *mask)
			aa_mask_words(b, mask);
		else
			auxerr__buf_printf(b, "%s", op ? op : "?");
		if (name)
			auxerr__buf_printf(b, _(" of %s"), name);
	} else if (class && strcmp(class, "cap") == 0) {
		const char *cap = avc_field(r, "capname", xb, sizeof(xb));

		auxerr__buf_printf(b, _("the capability %s"), cap ? cap : "?");
	} else if (class && strcmp(class, "signal") == 0) {
		const char *sig = avc_field(r, "signal", xb, sizeof(xb));

		auxerr__buf_printf(b, _("sending signal %s to "), sig ? sig : "?");
		aa_peer(b, avc_field(r, "peer", nb, sizeof(nb)));
	} else if (class && strcmp(class, "ptrace") == 0) {
		auxerr__buf_printf(b, _("ptrace %s of "), mask ? mask : "?");
		aa_peer(b, avc_field(r, "peer", nb, sizeof(nb)));
	} else if (class && strcmp(class, "mount") == 0) {
		const char *fs = avc_field(r, "fstype", xb, sizeof(xb));

		auxerr__buf_printf(b, "%s", _("this mount"));
		if (fs)
			auxerr__buf_printf(b, _(" of a %s file system"), fs);
		if (name)
			auxerr__buf_printf(b, _(" on %s"), name);
	} else {
		auxerr__buf_printf(b, "%s", op ? op : "?");
		if (class)
			auxerr__buf_printf(b, _(" (class %s%s%s)"), class,
				  mask ? ", " : "", mask ? mask : "");
	}
	if (audited && strcmp(audited, "0") == 0)
		auxerr__buf_printf(b, "%s", _("; AppArmor did not log it (nothing was written to the audit log)"));
}

/* SELinux's own record (the AVC) and audit2why's answer
 * (selinux-account.c) */
static void explain_selinux(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *audited = auxerr__aux(r, "lsm_audited");
	struct auxerr_selinux_account a;
	int silent = 0;

	if (auxerr__selinux_account(r, &a) < 0) {
		static const char *const used[] = { "lsm", "lsm_hook", NULL };

		if (errno == ENOMEM)
			b->oom = 1;
		auxerr__buf_printf(b, "%s", _("denied by SELinux"));
		facts(b, r, used);
	} else {
		auxerr__buf_printf(b, "%s", a.sentence);
		silent = a.silent;
		auxerr__selinux_account_free(&a);
	}
	if (audited && strcmp(audited, "0") == 0 && !silent)
		auxerr__buf_printf(b, "%s", _("; SELinux did not log it, a silent (dontaudit) denial: nothing was written to the audit log"));
}

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

static void explain_lsm(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *lsm = auxerr__auxi(r, "lsm");
	const char *hook = auxerr__auxi(r, "lsm_hook");
	static const char *const used[] = { "lsm", "lsm_hook", NULL };

	switch (auxerr__lsm_kind(r)) {
	case AUXERR_LSM_LANDLOCK:
		explain_landlock(b, r);
		return;
	case AUXERR_LSM_YAMA:
		explain_yama(b, r);
		return;
	case AUXERR_LSM_APPARMOR_AVC:
		explain_apparmor(b, r);
		return;
	case AUXERR_LSM_SELINUX_AVC:
		explain_selinux(b, r);
		return;
	case AUXERR_LSM_APPARMOR:
	case AUXERR_LSM_OTHER:
		break;
	}
	auxerr__buf_printf(b, _("denied by the security module %s"), lsm ? lsm : "?");
	if (hook)
		auxerr__buf_printf(b, _(" in its %s check"), hook);
	facts(b, r, used);
}

static void explain_mount(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *flag = auxerr__auxi(r, "flag");
	const char *mp = auxerr__auxi(r, "mnt_point");
	const char *what = NULL;

	if (flag && strcmp(flag, "ro_sb") == 0) {
		const char *fs = auxerr__auxi(r, "fstype"), *dev = auxerr__auxi(r, "sb");
		if (!fs) {
			auxerr__buf_printf(b, "%s", _("denied by a read-only file system"));
			return;
		}
		auxerr__buf_printf(b, _("denied by a read-only file system: the %s file system"), fs);
		if (dev && strcmp(fs, dev) != 0)
			auxerr__buf_printf(b, _(" on %s"), dev);
		if (mp)
			auxerr__buf_printf(b, _(" mounted on %s"), mp);
		auxerr__buf_printf(b, "%s", _(" is read-only"));
		return;
	}
	if (flag && strcmp(flag, "ro") == 0)
		what = _("read-only");
	else if (flag && strcmp(flag, "noexec") == 0)
		what = _("noexec (no programs run from it)");
	else if (flag && strcmp(flag, "nodev") == 0)
		what = _("nodev (device files do not work on it)");
	if (what && mp)
		auxerr__buf_printf(b, _("denied by a mount option: %s is mounted %s"),
			  mp, what);
	else if (what)
		auxerr__buf_printf(b, _("denied by a mount option: the file system is mounted %s"),
			  what);
	else {
		auxerr__buf_printf(b, "%s", _("denied by a mount option"));
		facts(b, r, NULL);
	}
}

static void explain_inode(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *flag = auxerr__auxi(r, "flag");

	if (flag && strcmp(flag, "immutable") == 0)
		auxerr__buf_printf(b, "%s", _("denied by an inode flag: the file is immutable (chattr +i)"));
	else if (flag && strcmp(flag, "append") == 0)
		auxerr__buf_printf(b, "%s", _("denied by an inode flag: the file is append-only (chattr +a)"));
	else {
		auxerr__buf_printf(b, "%s", _("denied by an inode flag"));
		facts(b, r, NULL);
	}
}

/* seccomp's code= is the filter's return value: action | data */
#define SECCOMP_ACTION_ERRNO 0x00050000UL

static void explain_seccomp(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *filter = auxerr__aux(r, "filter"), *filters = auxerr__aux(r, "filters");
	const char *code = auxerr__aux(r, "code");
	const char *sc = auxerr__auxi(r, "nr");
	char *end = NULL;
	unsigned long v = code ? strtoul(code, &end, 0) : 0;
	const char *ename = NULL;

	if (code && !*end && (v & 0xffff0000UL) == SECCOMP_ACTION_ERRNO)
		ename = audit_errno_to_name((int)(v & 0xffff));
	if (!sc)
		sc = auxerr_record_syscall_name(r);
	if (auxerr__aux(r, "creator_pid") || auxerr__aux(r, "creator_exe")) {
		/* "seccomp filter 2 of 2, installed by /usr/bin/bwrap (pid
		 * 812), makes mkdir fail with EPERM" */
		if (filter && filters)
			auxerr__buf_printf(b, _("seccomp filter %s of %s"), filter, filters);
		else if (filter)
			auxerr__buf_printf(b, _("seccomp filter %s"), filter);
		else
			auxerr__buf_printf(b, "%s", _("a seccomp filter"));
		creator_clause(b, r, 1);
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

static void explain_sticky(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *uid = auxerr_record_field(r, "SYSCALL", "fsuid");

	if (auxerr__aux(r, "ouid") && auxerr__aux(r, "dir_ouid") && uid)
		auxerr__buf_printf(b, _("denied by the sticky bit of the directory: uid %s owns neither the file (owner %s) nor the directory (owner %s)"),
			  uid, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "dir_ouid"));
	else
		auxerr__buf_printf(b, "%s", _("denied by the sticky bit of the directory: only the owner of the file or of the directory may remove or rename it"));
}

static void explain_ptrace(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *reason = auxerr__aux(r, "reason");
	const char *opid = auxerr__aux(r, "opid");
	const char *uid = auxerr_record_field(r, "SYSCALL", "uid");

	if (!opid)
		opid = "?";
	if (!uid)
		uid = "?";
	if (reason && strcmp(reason, "creds") == 0)
		auxerr__buf_printf(b, _("denied by the ptrace access rules: process %s runs with other user or group ids than uid %s, which lacks CAP_SYS_PTRACE"),
			  opid, uid);
	else if (reason && strcmp(reason, "not_dumpable") == 0)
		auxerr__buf_printf(b, _("denied by the ptrace access rules: process %s is not dumpable, and uid %s lacks CAP_SYS_PTRACE"),
			  opid, uid);
	else {
		auxerr__buf_printf(b, "%s", _("denied by the ptrace access rules"));
		facts(b, r, NULL);
	}
}

/* the 4 permission digits of an octal mode field, "1777"; "?" if none */
static void octal_bits(const char *raw, char out[8])
{
	char *end;
	unsigned long v;

	if (!raw || !*raw) {
		strcpy(out, "?");
		return;
	}
	v = strtoul(raw, &end, 8);
	if (*end) {
		strcpy(out, "?");
		return;
	}
	snprintf(out, 8, "%04lo", v & 07777);
}

/* "world-writable" or "group-writable" for a sticky directory's mode */
static const char *writable_by(const char *raw)
{
	char *end;
	unsigned long v = raw ? strtoul(raw, &end, 8) : 0;

	if (!raw || !*raw || *end)
		return _("world-writable");
	if (v & S_IWOTH)
		return _("world-writable");
	if (v & S_IWGRP)
		return _("group-writable");
	return _("writable");
}

/* the caller's fsuid: the AUXERR record's (compared), else SYSCALL's */
static const char *fsuid_of(const struct auxerr_record *r)
{
	const char *u = auxerr__aux(r, "fsuid");

	if (!u)
		u = auxerr_record_field(r, "SYSCALL", "fsuid");
	return u ? u : "?";
}

/*
 * fs.protected_symlinks, _hardlinks, _fifos, _regular refused: name the
 * sysctl and its level, the owners compared and the sticky directory.
 */
static void explain_protected(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *sysctl = auxerr__auxi(r, "sysctl");
	const char *level = auxerr__aux(r, "level");
	const char *uid = fsuid_of(r);
	char dmode[8];

	if (!sysctl || !*sysctl) {
		auxerr__buf_printf(b, "%s", _("denied by an fs.protected_* sysctl"));
		facts(b, r, NULL);
		return;
	}
	auxerr__buf_printf(b, _("denied by %s = %s: "), sysctl, level ? level : "?");
	octal_bits(auxerr__aux(r, "dir_mode"), dmode);
	if (strcmp(sysctl, "fs.protected_hardlinks") == 0) {
		const char *unsafe = auxerr__aux(r, "unsafe");

		auxerr__buf_printf(b, _("uid %s does not own the file (owner %s), and "),
			  uid, auxerr__id_name(r, "ouid"));
		if (unsafe && strcmp(unsafe, "not_regular") == 0)
			auxerr__buf_printf(b, "%s", _("it is not a regular file"));
		else if (unsafe && strcmp(unsafe, "setuid") == 0)
			auxerr__buf_printf(b, "%s", _("it is set-user-ID"));
		else if (unsafe && strcmp(unsafe, "setgid") == 0)
			auxerr__buf_printf(b, "%s", _("it is set-group-ID and group-executable"));
		else if (unsafe && strcmp(unsafe, "no_access") == 0)
			auxerr__buf_printf(b, _("uid %s may not both read and write it"), uid);
		else
			auxerr__buf_printf(b, _("it is not safe to link (%s)"),
				  unsafe ? unsafe : "?");
		auxerr__buf_printf(b, "%s", _("; only its owner or a process with CAP_FOWNER may link to it"));
	} else if (strcmp(sysctl, "fs.protected_symlinks") == 0) {
		auxerr__buf_printf(b, _("the symlink is in a sticky %s directory (mode %s, owner %s), and its owner (%s) is neither uid %s nor the directory's owner"),
			  writable_by(auxerr__aux(r, "dir_mode")), dmode,
			  auxerr__id_name(r, "dir_ouid"), auxerr__id_name(r, "ouid"), uid);
	} else if (strcmp(sysctl, "fs.protected_fifos") == 0 ||
		   strcmp(sysctl, "fs.protected_regular") == 0) {
		int fifo = strcmp(sysctl, "fs.protected_fifos") == 0;

		auxerr__buf_printf(b, fifo ?
			  _("the FIFO is in a sticky %s directory (mode %s, owner %s), and its owner (%s) is neither uid %s nor the directory's owner; it may not be opened with O_CREAT") :
			  _("the file is in a sticky %s directory (mode %s, owner %s), and its owner (%s) is neither uid %s nor the directory's owner; it may not be opened with O_CREAT"),
			  writable_by(auxerr__aux(r, "dir_mode")), dmode,
			  auxerr__id_name(r, "dir_ouid"), auxerr__id_name(r, "ouid"), uid);
	} else {
		static const char *const used[] = { "sysctl", "level", NULL };

		auxerr__buf_printf(b, "%s", _("the protection refused it"));
		facts(b, r, used);
	}
}

/* "uid 1000" or "uid 1000 (euid 0)" */
static void caller_ids(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *uid = auxerr_record_field(r, "SYSCALL", "uid");
	const char *euid = auxerr_record_field(r, "SYSCALL", "euid");

	auxerr__buf_printf(b, _("uid %s"), uid ? uid : "?");
	if (uid && euid && strcmp(uid, euid) != 0)
		auxerr__buf_printf(b, _(" (euid %s)"), euid);
}

/* "process 812 belongs to another user (root)" and the hidden case */
static void target_owner(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *opid = auxerr__aux(r, "opid");
	const char *ouid = auxerr__aux(r, "ouid"), *osuid = auxerr__aux(r, "osuid");
	const char *oruid = auxerr__aux(r, "oruid");
	const char *ids = auxerr__aux(r, "ids");
	const char *caller = auxerr_record_field(r, "SYSCALL", "uid");

	if (!opid)
		opid = "?";
	if (!ouid && ids && strcmp(ids, "hidden") == 0)
		auxerr__buf_printf(b, _("process %s belongs to another user, whose ids are hidden from the caller"),
			  opid);
	else if (ouid && oruid && strcmp(ouid, oruid) != 0)
		/* task: ouid= the effective uid, oruid= the real one */
		auxerr__buf_printf(b, _("process %s belongs to another user (real uid %s, effective uid %s)"),
			  opid, auxerr__id_name(r, "oruid"), auxerr__id_name(r, "ouid"));
	else if (ouid && oruid && osuid && strcmp(ouid, osuid) != 0)
		auxerr__buf_printf(b, _("process %s belongs to another user (uid %s, saved uid %s)"),
			  opid, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "osuid"));
	else if (ouid && oruid && auxerr__aux(r, "ogid") && caller &&
		 strcmp(caller, ouid) == 0)
		/* prlimit64: the user ids match, the group ids do not */
		auxerr__buf_printf(b, _("process %s has the caller's user ids but other group ids (real gid %s, effective gid %s, saved gid %s)"),
			  opid, auxerr__aux(r, "orgid") ? auxerr__aux(r, "orgid") : "?",
			  auxerr__aux(r, "ogid"), auxerr__aux(r, "osgid") ? auxerr__aux(r, "osgid") : "?");
	else if (ouid && osuid && strcmp(ouid, osuid) != 0)
		auxerr__buf_printf(b, _("process %s belongs to another user (real uid %s, saved uid %s)"),
			  opid, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "osuid"));
	else if (ouid)
		auxerr__buf_printf(b, _("process %s belongs to another user (%s)"),
			  opid, auxerr__id_name(r, "ouid"));
	else
		auxerr__buf_printf(b, _("process %s belongs to another user"), opid);
}

/* "CAP_KILL" from capability=, or @fallback */
static void cap_or(struct auxerr_buf *b, const struct auxerr_record *r,
		   const char *fallback)
{
	if (auxerr__aux(r, "capability"))
		cap_name(b, r);
	else
		auxerr__buf_printf(b, "%s", fallback);
}

static void explain_signal(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *sig = auxerr__auxi(r, "sig"), *raw = auxerr__aux(r, "sig");

	auxerr__buf_printf(b, "%s", _("denied by the signal permission rules: "));
	target_owner(b, r);
	auxerr__buf_printf(b, "%s", _(", and "));
	caller_ids(b, r);
	if (raw && strcmp(raw, "0") == 0)
		auxerr__buf_printf(b, "%s", _(" may not send it signal 0 (the existence check) without "));
	else if (sig && raw && strcmp(sig, raw) != 0 && strncmp(sig, "unknown", 7) != 0)
		auxerr__buf_printf(b, _(" may not send it %s without "), sig);
	else
		auxerr__buf_printf(b, _(" may not send it signal %s without "), raw ? raw : "?");
	cap_or(b, r, "CAP_KILL");
}

static void explain_task(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *op = auxerr__auxi(r, "op");

	auxerr__buf_printf(b, "%s", _("denied by the rules for other users' processes: "));
	target_owner(b, r);
	auxerr__buf_printf(b, "%s", _(", and "));
	caller_ids(b, r);
	auxerr__buf_printf(b, _(" may not use %s on it without "),
		  op ? op : auxerr_record_syscall_name(r));
	cap_or(b, r, _("a capability"));
}

/*
 * The /proc mount the refused directory is in, from the name the caller
 * gave ("/tmp/p/812/status" with opid 812: "/tmp/p"), made absolute with
 * the CWD record; "/proc" when the name does not tell.
 */
static char *proc_mount(const struct auxerr_record *r, const char *opid)
{
	const char *obj = object_path(r);
	const char *cwd = auxerr_record_interpret(r, "CWD", "cwd");
	char *full = NULL, *p;
	size_t n = opid ? strlen(opid) : 0;

	if (obj && obj[0] != '/' && cwd && cwd[0] == '/') {
		if (asprintf(&full, "%s%s%s", cwd,
			     cwd[strlen(cwd) - 1] == '/' ? "" : "/", obj) < 0)
			full = NULL;
	} else if (obj && obj[0] == '/') {
		full = strdup(obj);
	}
	for (p = full; n && p && (p = strchr(p, '/')); p++) {
		if (p > full && strncmp(p + 1, opid, n) == 0 &&
		    (p[n + 1] == '/' || p[n + 1] == '\0')) {
			*p = '\0';
			return full;
		}
	}
	free(full);
	return strdup("/proc");
}

/* hidepid=: "1 (noaccess)", "4 (ptraceable)" */
static const char *hidepid_word(const char *v)
{
	if (v && strcmp(v, "1") == 0)
		return "noaccess";
	if (v && strcmp(v, "2") == 0)
		return "invisible";
	if (v && strcmp(v, "4") == 0)
		return "ptraceable";
	return NULL;
}

/* procfs hidepid= refused a process's /proc directory */
static void explain_hidepid(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *hp = auxerr__aux(r, "hidepid"), *gid = auxerr__aux(r, "proc_gid");
	const char *opid = auxerr__aux(r, "opid"), *word = hidepid_word(hp);
	char *mnt = proc_mount(r, opid);

	if (!mnt) {
		b->oom = 1;
		return;
	}
	if (!opid)
		opid = "?";
	if (word)
		auxerr__buf_printf(b, _("%s is mounted with hidepid=%s (%s): "), mnt, hp, word);
	else
		auxerr__buf_printf(b, _("%s is mounted with hidepid=%s: "), mnt, hp ? hp : "?");
	if (hp && strcmp(hp, "4") == 0)
		auxerr__buf_printf(b, _("you may not ptrace process %s, so its /proc directory is closed to you"),
			  opid);
	else
		auxerr__buf_printf(b, _("process %s is not yours and you may not ptrace it, so its /proc directory is closed to you"),
			  opid);
	if (gid && *gid && strcmp(gid, "-1") != 0)
		auxerr__buf_printf(b, _(" (members of group %s may see all processes)"), gid);
	free(mnt);
}

/* a FUSE mount without allow_other: only the mounting user may use it */
static void explain_fuse(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *mu = auxerr__aux(r, "mount_uid"), *mg = auxerr__aux(r, "mount_gid");
	const char *uid = auxerr_record_field(r, "SYSCALL", "uid");
	const char *euid = auxerr_record_field(r, "SYSCALL", "euid");
	const char *suid = auxerr_record_field(r, "SYSCALL", "suid");
	const char *ao = auxerr__aux(r, "allow_other");

	if (!mu) {
		auxerr__buf_printf(b, "%s", _("denied by FUSE: the file system was mounted by another user without allow_other"));
		return;
	}
	if (ao && strcmp(ao, "1") == 0) {
		/* allow_other, but only within the mount's user namespace */
		auxerr__buf_printf(b, _("the FUSE file system here was mounted by uid %s with allow_other in another user namespace: only processes in that namespace may use it, and this one is outside it"),
			  mu);
		return;
	}
	if (mg && uid && euid && suid && strcmp(uid, mu) == 0 &&
	    strcmp(euid, mu) == 0 && strcmp(suid, mu) == 0)
		/* the user is the mount's, its group ids are not */
		auxerr__buf_printf(b, _("the FUSE file system here was mounted by uid %s and group %s without allow_other: only processes whose user and group ids are all theirs may use it, even root, and this process's group ids are not all %s"),
			  mu, mg, mg);
	else
		auxerr__buf_printf(b, _("the FUSE file system here was mounted by uid %s without allow_other: only that user may use it, even root"),
			  mu);
}

/*
 * A string field the kernel writes quoted or hex (audit's untrusted
 * string) or, when harmless, bare: decoded by auparse (interpret.c) or
 * as it is.
 */
static const char *string_field(const struct auxerr_record *r,
				const char *name)
{
	const char *i = auxerr__auxi(r, name), *raw = auxerr__aux(r, name);

	return i && *i ? i : raw;
}

/* the device cgroup (v1 devices controller, v2 BPF program) refused */
static void explain_device(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *type = auxerr__aux(r, "dev_type"), *major = auxerr__aux(r, "major");
	const char *minor = auxerr__aux(r, "minor"), *acc = auxerr__aux(r, "access");
	const char *cg = string_field(r, "cgroup"), *prog = auxerr__aux(r, "prog_id");
	struct auxerr_buf w = { 0 };
	int n = 0;

	for (const char *p = acc; p && *p; p++) {
		const char *word = *p == 'r' ? _("read") : *p == 'w' ? _("write") :
			*p == 'm' ? _("mknod") : NULL;

		if (!word)
			continue;
		auxerr__buf_printf(&w, "%s%s", n++ ? "/" : "", word);
	}
	if (cg && *cg)
		auxerr__buf_printf(b, _("the device cgroup %s"), cg);
	else
		auxerr__buf_printf(b, "%s", _("the device cgroup"));
	if (prog && *prog && strcmp(prog, "0") != 0)
		auxerr__buf_printf(b, _(" (BPF device program %s)"), prog);
	auxerr__buf_printf(b, _(" does not allow %s of "), w.s ? w.s : acc ? acc : _("access"));
	if (type && strcmp(type, "b") == 0)
		auxerr__buf_printf(b, _("block device %s:%s"), major ? major : "?",
			  minor ? minor : "?");
	else
		auxerr__buf_printf(b, _("character device %s:%s"), major ? major : "?",
			  minor ? minor : "?");
	if (w.oom)
		b->oom = 1;
	free(w.s);
}

/* ---- capset: the capability-set rules (capset(2), prctl) ------------- */

/*
 * A capability set as auparse interprets it ("chown,net_raw", "none"):
 * "CAP_CHOWN, CAP_NET_RAW", "none"; the raw value when auparse does not
 * name it.
 */
static void cap_set_names(struct auxerr_buf *b, const struct auxerr_record *r,
			  const char *field)
{
	const char *i = auxerr__auxi(r, field), *raw = auxerr__aux(r, field);

	if (!i || !raw) {
		auxerr__buf_printf(b, "%s", "?");
		return;
	}
	if (strcmp(i, "none") == 0) {
		auxerr__buf_printf(b, "%s", _("none"));
		return;
	}
	if (strcmp(i, raw) == 0 || strspn(i, "abcdefghijklmnopqrstuvwxyz_0123456789,") != strlen(i)) {
		auxerr__buf_printf(b, "%s", raw);
		return;
	}
	auxerr__buf_printf(b, "CAP_");
	for (const char *p = i; *p; p++) {
		if (*p == ',')
			auxerr__buf_printf(b, ", CAP_");
		else
			auxerr__buf_printf(b, "%c", *p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
	}
}

/* capability number @cap is in the set @field (16 hex digits); -1 unknown */
static int cap_in_set(const struct auxerr_record *r, const char *field,
		      const char *cap)
{
	const char *v = auxerr__aux(r, field);
	char *end;
	unsigned long long set;
	unsigned long c;

	if (!v || !cap || !*v || !*cap)
		return -1;
	set = strtoull(v, &end, 16);
	if (*end)
		return -1;
	c = strtoul(cap, &end, 10);
	if (*end || c > 63)
		return -1;
	return (int)((set >> c) & 1);
}

static const char *const secbit_names[] = {
	"SECBIT_NOROOT", "SECBIT_NO_SETUID_FIXUP", "SECBIT_KEEP_CAPS",
	"SECBIT_NO_CAP_AMBIENT_RAISE", "SECBIT_EXEC_RESTRICT_FILE",
	"SECBIT_EXEC_DENY_INTERACTIVE",
};

/*
 * The securebits a refused change would alter although locked: bit pair
 * i (base 2i, lock 2i+1) when its lock is set and the base or the lock
 * would change.  op=keepcaps: SECBIT_KEEP_CAPS.  A mask of pairs.
 */
static unsigned locked_pairs(const struct auxerr_record *r)
{
	const char *op = auxerr__aux(r, "op");
	unsigned long old, new;
	char *end;
	unsigned mask = 0;

	if (op && strcmp(op, "keepcaps") == 0)
		return 1u << 2;
	if (!auxerr__aux(r, "securebits") || !auxerr__aux(r, "new_securebits"))
		return 0;
	old = strtoul(auxerr__aux(r, "securebits"), &end, 10);
	if (*end)
		return 0;
	new = strtoul(auxerr__aux(r, "new_securebits"), &end, 10);
	if (*end)
		return 0;
	for (unsigned i = 0; i < sizeof(secbit_names) / sizeof(secbit_names[0]); i++)
		if ((old >> (2 * i + 1) & 1) && ((old ^ new) >> (2 * i) & 3))
			mask |= 1u << i;
	return mask;
}

static void explain_generic(struct auxerr_buf *b, const struct auxerr_record *r,
			    const char *mech);

static void explain_capset(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *rule = auxerr__aux(r, "rule");
	const char *cap = auxerr__aux(r, "capability");

	if (!rule)
		rule = "";
	if (strcmp(rule, "permitted_not_held") == 0) {
		auxerr__buf_printf(b, "%s", _("a process can only drop capabilities from its permitted set, never add them: "));
		cap_name(b, r);
		auxerr__buf_printf(b, "%s", _(" is not among those it holds ("));
		cap_set_names(b, r, "cap_pp");
		auxerr__buf_printf(b, ")");
	} else if (strcmp(rule, "effective_not_permitted") == 0) {
		cap_name(b, r);
		auxerr__buf_printf(b, "%s", _(" cannot be made effective: it is not in the permitted set ("));
		cap_set_names(b, r, "new_pp");
		auxerr__buf_printf(b, ")");
	} else if (strcmp(rule, "inheritable_not_bounding") == 0) {
		cap_name(b, r);
		auxerr__buf_printf(b, "%s", _(" was removed from this session's bounding set (by whoever started it), so no process below can make it inheritable again"));
	} else if (strcmp(rule, "inheritable_not_permitted") == 0) {
		auxerr__buf_printf(b, "%s", _("adding "));
		cap_name(b, r);
		auxerr__buf_printf(b, "%s", _(" to the inheritable set needs it in the permitted set ("));
		cap_set_names(b, r, "cap_pp");
		auxerr__buf_printf(b, "%s", _(") or CAP_SETPCAP, and this process has neither"));
	} else if (strcmp(rule, "ambient_not_permitted") == 0 ||
		   strcmp(rule, "ambient_not_inheritable") == 0) {
		int pi = cap_in_set(r, "cap_pi", cap);

		auxerr__buf_printf(b, "%s", _("raising "));
		cap_name(b, r);
		auxerr__buf_printf(b, "%s", _(" into the ambient set needs it in both the permitted and the inheritable set: "));
		if (strcmp(rule, "ambient_not_permitted") == 0 && pi == 0) {
			auxerr__buf_printf(b, "%s", _("it is in neither (permitted: "));
			cap_set_names(b, r, "cap_pp");
			auxerr__buf_printf(b, "%s", _("; inheritable: "));
			cap_set_names(b, r, "cap_pi");
			auxerr__buf_printf(b, ")");
		} else if (strcmp(rule, "ambient_not_permitted") == 0) {
			auxerr__buf_printf(b, "%s", _("it is not in the permitted set ("));
			cap_set_names(b, r, "cap_pp");
			auxerr__buf_printf(b, ")");
		} else {
			auxerr__buf_printf(b, "%s", _("it is not in the inheritable set ("));
			cap_set_names(b, r, "cap_pi");
			auxerr__buf_printf(b, ")");
		}
	} else if (strcmp(rule, "no_ambient_raise") == 0) {
		const char *sbits = auxerr__aux(r, "securebits");
		char *end;
		unsigned long v = sbits ? strtoul(sbits, &end, 10) : 0;

		auxerr__buf_printf(b, "%s", _("SECBIT_NO_CAP_AMBIENT_RAISE forbids raising ambient capabilities in this process and its children"));
		if (sbits && *sbits && !*end && (v & 0x80))
			auxerr__buf_printf(b, "%s", _(", and it is locked (SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)"));
	} else if (strcmp(rule, "locked") == 0) {
		unsigned mask = locked_pairs(r), n = 0, k = 0;
		const size_t nb = sizeof(secbit_names) / sizeof(secbit_names[0]);

		for (size_t i = 0; i < nb; i++)
			n += mask >> i & 1;
		if (!n) {
			auxerr__buf_printf(b, "%s", _("a securebit that would change is locked: no process can change it, here or in children"));
			return;
		}
		for (size_t i = 0; i < nb; i++)
			if (mask >> i & 1)
				auxerr__buf_printf(b, "%s%s", k++ ? (k == n ? _(" and ") : ", ") : "",
					  secbit_names[i]);
		auxerr__buf_printf(b, "%s", n == 1 ? _(" is locked (") : _(" are locked ("));
		k = 0;
		for (size_t i = 0; i < nb; i++)
			if (mask >> i & 1)
				auxerr__buf_printf(b, "%s%s_LOCKED", k++ ? ", " : "", secbit_names[i]);
		auxerr__buf_printf(b, "%s", n == 1 ?
			  _("): no process can change it, here or in children") :
			  _("): no process can change them, here or in children"));
	} else if (strcmp(rule, "unknown_bits") == 0) {
		const char *nsb = auxerr__aux(r, "new_securebits");

		auxerr__buf_printf(b, _("the securebits asked for (%s) include bits this kernel does not know"),
			  nsb ? nsb : "?");
	} else if (strcmp(rule, "no_setpcap") == 0) {
		auxerr__buf_printf(b, "%s", _("changing securebits needs "));
		cap_or(b, r, "CAP_SETPCAP");
		auxerr__buf_printf(b, "%s", _(", and uid "));
		subject(b, r, "euid");
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else if (strcmp(rule, "other_process") == 0) {
		auxerr__buf_printf(b, "%s", _("capset() can change only the caller's own capabilities (since Linux 2.6.25)"));
	} else {
		explain_generic(b, r, "capset");
	}
}

/* census mode: the system call failed and nothing noted why */
/* ---- ipc: System V IPC permissions (ipcperms(), ipcctl_obtain_check()) */

/* the kind of object, from the system call (the record does not say) */
static const char *ipc_kind(const struct auxerr_record *r)
{
	const char *sc = auxerr_record_syscall_name(r);

	if (strncmp(sc, "shm", 3) == 0)
		return _("shared memory segment");
	if (strncmp(sc, "msg", 3) == 0)
		return _("message queue");
	if (strncmp(sc, "sem", 3) == 0)
		return _("semaphore set");
	return _("System V IPC object");
}

/* "the shared memory segment key 0x00005eed (id 0)" */
static void ipc_object(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *key = auxerr__aux(r, "ipc_key"), *id = auxerr__aux(r, "ipc_id");

	if (key && strcmp(key, "0x00000000") == 0)
		auxerr__buf_printf(b, _("the %s key IPC_PRIVATE (id %s)"), ipc_kind(r),
			  id ? id : "?");
	else
		auxerr__buf_printf(b, _("the %s key %s (id %s)"), ipc_kind(r),
			  key ? key : "?", id ? id : "?");
}

/* "owner and creator root:root" / "owner alice:staff, creator root:root" */
static void ipc_owners(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *ou = auxerr__aux(r, "ouid"), *og = auxerr__aux(r, "ogid");
	const char *cu = auxerr__aux(r, "cuid"), *cg = auxerr__aux(r, "cgid");

	if (ou && og && cu && cg && strcmp(ou, cu) == 0 && strcmp(og, cg) == 0)
		auxerr__buf_printf(b, _("owner and creator %s:%s"), auxerr__id_name(r, "ouid"),
			  auxerr__id_name(r, "ogid"));
	else
		auxerr__buf_printf(b, _("owner %s:%s, creator %s:%s"), auxerr__id_name(r, "ouid"),
			  auxerr__id_name(r, "ogid"), auxerr__id_name(r, "cuid"),
			  auxerr__id_name(r, "cgid"));
}

static void explain_ipc(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *op = auxerr__aux(r, "op"), *mode = auxerr__aux(r, "mode");
	const char *euid = auxerr_record_field(r, "SYSCALL", "euid");

	if (!euid)
		euid = auxerr__unrecorded();
	if (op && strcmp(op, "ctl") == 0) {
		const char *cmd = auxerr__aux(r, "cmd");

		auxerr__buf_printf(b, "%s", _("only the owner or the creator of "));
		ipc_object(b, r);
		if (cmd && strcmp(cmd, "0") == 0)
			auxerr__buf_printf(b, "%s", _(", root, or CAP_SYS_ADMIN may remove it: "));
		else if (cmd && strcmp(cmd, "1") == 0)
			auxerr__buf_printf(b, "%s", _(", root, or CAP_SYS_ADMIN may change its owner or mode: "));
		else
			auxerr__buf_printf(b, _(", root, or CAP_SYS_ADMIN may use command %s on it: "),
				  cmd ? cmd : "?");
		ipc_owners(b, r);
		auxerr__buf_printf(b, _(", and uid %s is neither"), euid);
		return;
	}
	if (!op || strcmp(op, "access") != 0) {
		explain_generic(b, r, "ipc");
		return;
	}

	const char *cls = auxerr__aux(r, "class");
	struct auxerr_buf p = { 0 };

	auxerr__buf_printf(b, "%s", _("denied by the permissions of "));
	ipc_object(b, r);
	auxerr__buf_printf(b, _(": mode %s, "), mode ? mode : "?");
	ipc_owners(b, r);
	auxerr__buf_printf(b, "%s", "; ");
	if (auxerr__perm_unnamed(&p, auxerr__aux(r, "perm"), 6)) {
		auxerr__buf_printf(b, _("uid %s was refused %s"), euid, p.s ? p.s : "?");
		free(p.s);
		return;
	}
	auxerr__missing_words(&p, r, 0);
	const char *pw = p.s ? p.s : "?";

	if (cls && strcmp(cls, "owner") == 0) {
		const char *ou = auxerr__aux(r, "ouid");

		if (ou && strcmp(ou, euid) != 0)
			auxerr__buf_printf(b, _("uid %s is the creator, which has the owner's permissions, and the owner has no %s permission"),
				  euid, pw);
		else
			auxerr__buf_printf(b, _("uid %s is the owner and the owner has no %s permission"),
				  euid, pw);
	} else if (cls && strcmp(cls, "group") == 0) {
		const char *og = auxerr__aux(r, "ogid"), *cg = auxerr__aux(r, "cgid");

		if (og && cg && strcmp(og, cg) != 0)
			auxerr__buf_printf(b, _("uid %s is in group %s or the creator's group %s and the group has no %s permission"),
				  euid, auxerr__id_name(r, "ogid"), auxerr__id_name(r, "cgid"), pw);
		else
			auxerr__buf_printf(b, _("uid %s is in group %s and the group has no %s permission"),
				  euid, auxerr__id_name(r, "ogid"), pw);
	} else if (cls && strcmp(cls, "other") == 0) {
		auxerr__buf_printf(b, _("uid %s is \"other\" and has no %s permission"),
			  euid, pw);
	} else {
		auxerr__buf_printf(b, _("uid %s (class %s) has no %s permission"), euid,
			  cls ? cls : "?", pw);
	}
	free(p.s);
}

/* ---- ping: net.ipv4.ping_group_range (ping_init_sock()) */

/* a number of the record, 0 if it is not one */
static int ping_num(const char *s, unsigned long *v)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return 0;
	errno = 0;
	*v = strtoul(s, &end, 10);
	return !*end && !errno;
}

/*
 * "denied by net.ipv4.ping_group_range = 100 200: an ICMP echo (ping)
 * socket is open only to a process whose group or a supplementary group
 * lies in that range, and neither gid 65534 (nogroup) nor any
 * supplementary group of the process does"; "..., and the range is
 * empty" when it is (the kernel's default, 1 0).  The supplementary
 * groups are not in the record: the refusal proves none is in range.
 */
static void explain_ping(struct auxerr_buf *b, const struct auxerr_record *r)
{
	const char *policy = auxerr__aux(r, "policy");
	const char *lo = auxerr__aux(r, "group_low"), *hi = auxerr__aux(r, "group_high");
	const char *egid = auxerr_record_field(r, "SYSCALL", "egid");
	const char *gname = auxerr_record_interpret(r, "SYSCALL", "egid");
	const char *a0 = auxerr_record_field(r, "SYSCALL", "a0");
	unsigned long l, h, g;
	int range = ping_num(lo, &l) && ping_num(hi, &h);

	if (!policy || !*policy)
		policy = "net.ipv4.ping_group_range";
	auxerr__buf_printf(b, _("denied by %s = %s %s"), policy, lo ? lo : "?",
		  hi ? hi : "?");
	if (a0 && strcmp(a0, "a") == 0)	/* AF_INET6 */
		auxerr__buf_printf(b, "%s", _(", which governs IPv6 too"));
	auxerr__buf_printf(b, "%s", _(": an ICMP echo (ping) socket is open only to a process whose group or a supplementary group lies in that range"));
	if (range && h < l) {
		auxerr__buf_printf(b, "%s", _(", and the range is empty"));
	} else if (ping_num(egid, &g) && !(range && l <= g && g <= h)) {
		if (gname && *gname && strcmp(gname, egid) != 0 &&
		    strncmp(gname, "unknown(", 8) != 0)
			auxerr__buf_printf(b, _(", and neither gid %s (%s) nor any supplementary group of the process does"),
				  egid, gname);
		else
			auxerr__buf_printf(b, _(", and neither gid %s nor any supplementary group of the process does"),
				  egid);
	} else {
		auxerr__buf_printf(b, "%s", _(", and no group of the process did"));
	}
}

static void explain_unknown(struct auxerr_buf *b, const struct auxerr_record *r)
{
	int e = auxerr_record_errno(r);
	const char *name = e > 0 ? audit_errno_to_name(e) : NULL;

	if (name)
		auxerr__buf_printf(b, _("the kernel gave no reason for this %s"), name);
	else
		auxerr__buf_printf(b, "%s", _("the kernel gave no reason for this error"));
}

/*
 * cap with owner_op=: a capability that only stands in for ownership.
 * "only the owner (root) or a process with CAP_FOWNER may chmod /srv/x"
 */
static void explain_owner_op(struct auxerr_buf *b, const struct auxerr_record *r,
			     const char *op)
{
	const char *path = object_path(r);
	const char *uid = auxerr_record_field(r, "SYSCALL", "fsuid");
	struct auxerr_buf c = { 0 };
	const char *cap;

	if (!path)
		path = _("the file");
	if (!uid)
		uid = "?";
	cap_or(&c, r, "CAP_FOWNER");
	cap = c.s ? c.s : "?";
	if (strcmp(op, "chown") == 0) {
		auxerr__buf_printf(b, _("denied for lack of a capability: only a process with %s may change the owner of %s (now %s), and uid %s does not have it"),
			  cap, path, auxerr__id_name(r, "ouid"), uid);
	} else if (strcmp(op, "chgrp") == 0) {
		if (auxerr__aux(r, "ngid"))
			auxerr__buf_printf(b, _("denied for lack of ownership: only the owner (%s), and only to a group it is a member of, or a process with %s may change the group of %s to %s, and uid %s is neither"),
				  auxerr__id_name(r, "ouid"), cap, path, auxerr__id_name(r, "ngid"), uid);
		else
			auxerr__buf_printf(b, _("denied for lack of ownership: only the owner (%s), and only to a group it is a member of, or a process with %s may change the group of %s, and uid %s is neither"),
				  auxerr__id_name(r, "ouid"), cap, path, uid);
	} else {
		const char *what;

		if (strcmp(op, "chmod") == 0)
			what = _("chmod %s");
		else if (strcmp(op, "utimes") == 0)
			what = _("set the times of %s to other than now");
		else if (strcmp(op, "noatime") == 0)
			what = _("open %s with O_NOATIME");
		else if (strcmp(op, "setxattr") == 0)
			what = _("set extended attributes of %s");
		else if (strcmp(op, "set_acl") == 0)
			what = _("change the ACL of %s");
		else if (strcmp(op, "fileattr") == 0)
			what = _("change the inode flags (chattr) of %s");
		else
			what = _("make this change to %s");
		auxerr__buf_printf(b, _("denied for lack of ownership: only the owner (%s) or a process with %s may "),
			  auxerr__id_name(r, "ouid"), cap);
		auxerr__buf_printf(b, what, path);
		auxerr__buf_printf(b, _(", and uid %s is neither"), uid);
	}
	free(c.s);
}

static void explain_generic(struct auxerr_buf *b, const struct auxerr_record *r,
			    const char *mech)
{
	auxerr__buf_printf(b, _("denied by the mechanism \"%s\""), mech);
	facts(b, r, NULL);
}

/*
 * The address of the SOCKADDR record, from auparse's interpretation of
 * saddr= ("{ saddr_fam=inet laddr=0.0.0.0 lport=80 }"): "0.0.0.0 port
 * 80", "[::1] port 80", a socket path, "@name" for an abstract unix
 * socket (its raw address starts with a NUL byte).  NULL when there is no
 * SOCKADDR record or nothing to name.
 */
static char *sockaddr_text(const struct auxerr_record *r)
{
	const char *in = auxerr_record_interpret(r, "SOCKADDR", "saddr");
	const char *raw = auxerr_record_field(r, "SOCKADDR", "saddr");
	char fam[32] = "", addr[256] = "", port[16] = "", path[256] = "";
	const char *p;
	char *s = NULL;

	if (!in || !raw || in[0] != '{')
		return NULL;
	for (p = in + 1; *p;) {
		const char *eq, *end;
		char *dst = NULL;
		size_t cap = 0, n;

		while (*p == ' ')
			p++;
		eq = strchr(p, '=');
		if (!eq || *p == '}')
			break;
		/* a path may hold spaces: it runs to the closing " }" */
		if ((size_t)(eq - p) == 4 && strncmp(p, "path", 4) == 0) {
			end = strstr(eq, " }");
			if (!end)
				end = eq + strlen(eq);
		} else {
			end = strchr(eq, ' ');
			if (!end)
				end = eq + strlen(eq);
		}
		n = (size_t)(end - eq - 1);
		if ((size_t)(eq - p) == 9 && strncmp(p, "saddr_fam", 9) == 0)
			dst = fam, cap = sizeof(fam);
		else if ((size_t)(eq - p) == 5 && strncmp(p, "laddr", 5) == 0)
			dst = addr, cap = sizeof(addr);
		else if ((size_t)(eq - p) == 5 && strncmp(p, "lport", 5) == 0)
			dst = port, cap = sizeof(port);
		else if ((size_t)(eq - p) == 4 && strncmp(p, "path", 4) == 0)
			dst = path, cap = sizeof(path);
		if (dst && n < cap) {
			memcpy(dst, eq + 1, n);
			dst[n] = '\0';
		}
		p = end;
	}
	if (strcmp(fam, "inet") == 0 && *addr && *port) {
		if (asprintf(&s, _("%s port %s"), addr, port) < 0)
			s = NULL;
	} else if (strcmp(fam, "inet6") == 0 && *addr && *port) {
		if (asprintf(&s, _("[%s] port %s"), addr, port) < 0)
			s = NULL;
	} else if (strcmp(fam, "local") == 0 && *path) {
		/* sun_family 0x0001 little-endian, then a NUL: abstract */
		int abstract = strlen(raw) > 6 && strncmp(raw + 4, "00", 2) == 0;

		if (asprintf(&s, "%s%s", abstract ? "@" : "", path) < 0)
			s = NULL;
	}
	return s;
}

#ifndef AUXERR_LOCALEDIR
#define AUXERR_LOCALEDIR "/usr/share/locale"
#endif

static void bind_domain(void)
{
	int saved = errno;

	bindtextdomain(AUXERR_DOMAIN, AUXERR_LOCALEDIR);
	errno = saved;
}

static char *build(const struct auxerr_record *r)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	struct auxerr_buf b = { 0 };

	pthread_once(&once, bind_domain);
	const char *mech = auxerr_record_mechanism(r);
	const char *path = object_path(r);

	if (strcmp(mech, "path") == 0) {
		/* the full name the caller gave */
		const char *nm = auxerr_record_field_nth(r, "PATH", 0, "name", 1);
		if (nm)
			path = nm;
	}
	char *addr = sockaddr_text(r);

	auxerr__buf_printf(&b, "%s", auxerr_record_syscall_name(r));
	if (addr)
		auxerr__buf_printf(&b, " %s", addr);
	else if (path)
		auxerr__buf_printf(&b, " %s", path);
	free(addr);
	auxerr__buf_printf(&b, ": ");

	if (strcmp(mech, "dac") == 0)
		explain_dac(&b, r);
	else if (strcmp(mech, "path") == 0)
		explain_path(&b, r);
	else if (strcmp(mech, "cap") == 0)
		explain_cap(&b, r);
	else if (strcmp(mech, "lsm") == 0)
		explain_lsm(&b, r);
	else if (strcmp(mech, "mount") == 0)
		explain_mount(&b, r);
	else if (strcmp(mech, "inode") == 0)
		explain_inode(&b, r);
	else if (strcmp(mech, "seccomp") == 0)
		explain_seccomp(&b, r);
	else if (strcmp(mech, "sticky") == 0)
		explain_sticky(&b, r);
	else if (strcmp(mech, "ptrace") == 0)
		explain_ptrace(&b, r);
	else if (strcmp(mech, "protected") == 0)
		explain_protected(&b, r);
	else if (strcmp(mech, "signal") == 0)
		explain_signal(&b, r);
	else if (strcmp(mech, "task") == 0)
		explain_task(&b, r);
	else if (strcmp(mech, "hidepid") == 0)
		explain_hidepid(&b, r);
	else if (strcmp(mech, "fuse") == 0)
		explain_fuse(&b, r);
	else if (strcmp(mech, "device") == 0)
		explain_device(&b, r);
	else if (strcmp(mech, "capset") == 0)
		explain_capset(&b, r);
	else if (strcmp(mech, "ipc") == 0)
		explain_ipc(&b, r);
	else if (strcmp(mech, "ping") == 0)
		explain_ping(&b, r);
	else if (strcmp(mech, "unknown") == 0)
		explain_unknown(&b, r);
	else
		explain_generic(&b, r, mech);
	if (b.oom) {
		free(b.s);
		errno = ENOMEM;
		return NULL;
	}
	return b.s;
}

AUXERR_API ssize_t auxerr_explain_r(const struct auxerr_record *rec, char *buf,
				    size_t len)
{
	int saved = errno;
	char *s;
	size_t n;

	if (!rec || (!buf && len)) {
		errno = EINVAL;
		return -1;
	}
	s = build(rec);
	if (!s)
		return -1;
	n = strlen(s);
	if (len) {
		size_t c = n < len - 1 ? n : len - 1;
		memcpy(buf, s, c);
		buf[c] = '\0';
	}
	free(s);
	errno = saved;
	return (ssize_t)n;
}

AUXERR_API const char *auxerr_explain(struct auxerr_record *rec)
{
	int saved = errno;
	char *s;

	if (!rec) {
		errno = EINVAL;
		return NULL;
	}
	s = build(rec);
	if (!s)
		return NULL;
	auxerr__record_set_explanation(rec, s);
	errno = saved;
	return s;
}
