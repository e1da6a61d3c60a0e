// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=dac: the file's mode bits or ACL (generic_permission()), a
 * file under /proc/sys whose mode refused (permission=proc_sys), and
 * another file than the descriptor's (fd_name=, dac-other-file.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mech.h"
#include "text.h"

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
	char *end, tmp[1024];
	unsigned long v;

	if (!id)
		return NULL;
	v = strtoul(id, &end, 10);
	if (*end || !*id) {
		snprintf(buf, len, "%s:%s", user ? "user" : "group", id);
		return buf;
	}
	if (user) {
		const char *n = auxerr__user_name(v, tmp, sizeof(tmp));

		if (n)
			snprintf(buf, len, "user:%s", n);
		else
			snprintf(buf, len, "user:%lu", v);
	} else {
		const char *n = auxerr__group_name(v, tmp, sizeof(tmp));

		if (n)
			snprintf(buf, len, "group:%s", n);
		else
			snprintf(buf, len, "group:%lu", v);
	}
	return buf;
}

/* "uid 1000 is "other" and has no read permission" and the like */
void auxerr__dac_clause(struct auxerr_buf *b, const struct auxerr_facts *f, int dir)
{
	const struct auxerr_record *r = f->rec;
	const char *cls = auxerr__aux(r, "class");
	const char *uid = auxerr__id_said(&f->subject.fsuid);
	struct auxerr_buf p = { 0 };
	char name[256];
	const char *entry;

	if (auxerr__perm_unnamed(&p, auxerr__aux(r, "perm"), 7)) {
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
static char *sysctl_name(int *oom, const char *path)
{
	static const char pfx[] = "/proc/sys/";
	char *s;

	if (!path || strncmp(path, pfx, sizeof(pfx) - 1) != 0 ||
	    !path[sizeof(pfx) - 1])
		return NULL;
	s = auxerr__xstrdup(oom, path + sizeof(pfx) - 1);
	for (char *p = s; p && *p; p++)
		if (*p == '/')
			*p = '.';
	return s;
}

static void dac_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *method = auxerr__auxi(r, "permission");
	const char *mode = f->object.mode_bits;
	int dir = f->object.is_dir;

	if (auxerr__dac_other_file(f)) {
		auxerr__dac_other_file_sentence(b, f);
		return;
	}
	if (method && strcmp(method, "proc_sys") == 0) {
		char *name = sysctl_name(&b->oom, f->object.path);

		if (name)
			auxerr__buf_printf(b, _("denied by the permissions of the sysctl %s: mode %s %s:%s; "),
				  name, mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
		else
			auxerr__buf_printf(b, _("denied by the permissions of a sysctl file: mode %s %s:%s; "),
				  mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
		free(name);
		auxerr__dac_clause(b, f, dir);
		return;
	}
	if (method && *method) {
		auxerr__buf_printf(b, _("denied by the permissions the file system's %s method checks: mode %s %s:%s; "),
			  method, mode, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"));
		auxerr__dac_clause(b, f, dir);
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
	auxerr__dac_clause(b, f, dir);
}

/*
 * A socket whose group may write it (docker.sock 0660 root:docker): the
 * way its owner meant it to be opened is membership of that group, which
 * also survives the socket being made anew, as an ACL entry does not.
 */
static void group_way(struct auxerr_buf *b, const struct auxerr_facts *f,
		      const char *uword, int named)
{
	const char *g = auxerr__id_name(f->rec, "ogid");

	auxerr__buf_printf(b, _("; the socket's group (%s) has that permission, and the socket may be made anew with its daemon, without the entry: root can make the user a member of that group instead, from its next login (usermod -aG %s %s), which opens to it every other file that group may use"),
			   g, g, named && uword ? uword : "USER");
}

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
void auxerr__dac_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f,
			int dir)
{
	const struct auxerr_record *r = f->rec;
	const char *cls = auxerr__aux(r, "class");
	unsigned long perm, granted = 0, mode = 0, ouid, fsuid, missing;
	int named, *oom = &m->oom;
	char letters[4], *qpath = NULL, *who, *uword, *ulabel;
	struct auxerr_buf b = { 0 }, words = { 0 };

	if (!cls || !auxerr__num(auxerr__aux(r, "perm"), 0, &perm) ||
	    !auxerr__id_num(&f->object.ouid, &ouid) ||
	    !auxerr__id_num(&f->subject.fsuid, &fsuid)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record lacks the facts a remedy needs (class, perm, ouid, fsuid)"));
		auxerr__remedy_say(m, &b);
		return;
	}
	auxerr__num(auxerr__aux(r, "granted"), 0, &granted);
	auxerr__id_num(&f->object.mode, &mode);
	missing = auxerr__perm_missing(auxerr__aux(r, "perm"),
				       auxerr__aux(r, "granted"));
	if (f->object.path)
		qpath = auxerr__quoted(oom, f->object.path);
	auxerr__perm_words(&words, missing, dir);
	ulabel = auxerr__user_label(oom, fsuid);

	if (strcmp(cls, "owner") == 0) {
		auxerr__perm_letters(letters, missing);
		if (qpath)
			m->command = auxerr__xprintf(oom, "chmod u+%s %s", letters, qpath);
		who = auxerr__xprintf(oom, _("the caller (%s), the owner"), ulabel ? ulabel : "?");
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, who, (long long)fsuid);
		auxerr__buf_printf(&b, dir ?
			   _("The caller (%s) owns the directory %s and may give itself %s permission on it") :
			   _("The caller (%s) owns the file %s and may give itself %s permission on it"),
			   ulabel ? ulabel : "?", qpath ? qpath : _("(path unknown)"),
			   words.s ? words.s : "?");
	} else if (strcmp(cls, "acl_mask") == 0) {
		unsigned long mask = (mode >> 3) & 7;
		char name[256];
		const char *entry = acl_entry_name(r, 1, name, sizeof(name));

		auxerr__perm_letters(letters, mask | missing);
		if (qpath)
			m->command = auxerr__xprintf(oom, "setfacl -m m::%s %s", letters, qpath);
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__owner_who(oom, ouid, dir),
		    (long long)ouid);
		if (!entry)
			entry = _("of the caller");
		auxerr__buf_printf(&b, _("%s can widen the ACL mask of %s so that the entry %s grants uid %lu the %s permission it holds"),
			   m->who ? m->who : "?", qpath ? qpath : _("(path unknown)"),
			   entry ? entry : "?", fsuid, words.s ? words.s : "?");
		m->weakens = auxerr__xprintf(oom, _("the mask limits the owning group and every named ACL entry: those that hold %s permission get it too"),
				     words.s ? words.s : "?");
	} else {
		/* other, group, acl_user, acl_group, acl: one user entry */
		uword = auxerr__user_word(oom, fsuid, &named);
		auxerr__perm_letters(letters, (granted & 7) | missing);
		if (qpath && uword)
			m->command = auxerr__xprintf(oom, "setfacl -m u:%s:%s %s", uword,
					     letters, qpath);
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__owner_who(oom, ouid, dir),
		    (long long)ouid);
		auxerr__buf_printf(&b, dir ?
			   _("%s can give uid %lu %s permission on the directory %s with one ACL entry for that user") :
			   _("%s can give uid %lu %s permission on %s with one ACL entry for that user"),
			   m->who ? m->who : "?", fsuid, words.s ? words.s : "?",
			   qpath ? qpath : _("(path unknown)"));
		if (S_ISSOCK((mode_t)mode) && strcmp(cls, "other") == 0 &&
		    ((mode >> 3) & missing) == missing)
			group_way(&b, f, uword, named);
		free(uword);
	}
	auxerr__remedy_say(m, &b);
	free(words.s);
	free(ulabel);
	free(qpath);
}

/*
 * A file under /proc/sys (permission=proc_sys): its mode cannot be
 * changed and it takes no ACL; root changes the setting with sysctl.
 */
static void remedy_proc_sys(struct auxerr_remedy *m,
			    const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	char *name = sysctl_name(&m->oom, f->object.path);
	unsigned long perm = 0;
	struct auxerr_buf b = { 0 };

	auxerr__num(auxerr__aux(r, "perm"), 0, &perm);
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (name && !(perm & 2))
		m->command = auxerr__xprintf(&m->oom, "sysctl %s", name);
	if (perm & 2)
		auxerr__buf_printf(&b, _("Only root may change the sysctl %s (its file under /proc/sys allows no one else to write it): root runs sysctl -w %s=VALUE with the value wanted"),
			   name ? name : "?", name ? name : "?");
	else
		auxerr__buf_printf(&b, _("Only root may read the sysctl %s"),
			   name ? name : "?");
	auxerr__remedy_say(m, &b);
	free(name);
}

static void dac_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *method = auxerr__aux(r, "permission");

	if (method && strcmp(method, "proc_sys") == 0) {
		remedy_proc_sys(m, f);
		return;
	}
	if (auxerr__dac_other_file(f)) {
		auxerr__dac_other_file_remedy(m, f);
		return;
	}
	auxerr__dac_remedy(m, f, f->object.is_dir);
}

const struct auxerr_mech auxerr__mech_dac = {
	.name = "dac",
	.decode = auxerr__dac_other_file_decode,
	.sentence = dac_sentence,
	.remedy = dac_remedy,
};
