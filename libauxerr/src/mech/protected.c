// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=protected: fs.protected_symlinks, _hardlinks, _fifos and
 * _regular.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mech.h"
#include "text.h"

/* "world-writable" or "group-writable" for the sticky directory's mode */
static const char *writable_by(const struct auxerr_facts *f)
{
	const struct auxerr_num *m = &f->object.dir_mode;

	if (!m->ok || (m->v & S_IWOTH))
		return _("world-writable");
	if (m->v & S_IWGRP)
		return _("group-writable");
	return _("writable");
}

/* the caller's fsuid: the AUXERR record's (compared), else SYSCALL's */
static const char *fsuid_of(const struct auxerr_facts *f)
{
	const char *u = auxerr__aux(f->rec, "fsuid");

	if (!u)
		u = f->subject.fsuid.text;
	return u ? u : "?";
}

/*
 * fs.protected_symlinks, _hardlinks, _fifos, _regular refused: name the
 * sysctl and its level, the owners compared and the sticky directory.
 */
static void protected_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *sysctl = auxerr__auxi(r, "sysctl");
	const char *level = auxerr__aux(r, "level");
	const char *uid = fsuid_of(f);
	const char *dmode = f->object.dir_mode_bits;

	if (!sysctl || !*sysctl) {
		auxerr__buf_printf(b, "%s", _("denied by an fs.protected_* sysctl"));
		auxerr__facts_list(b, f, NULL);
		return;
	}
	auxerr__buf_printf(b, _("denied by %s = %s: "), sysctl, level ? level : "?");
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
			  writable_by(f), dmode,
			  auxerr__id_name(r, "dir_ouid"), auxerr__id_name(r, "ouid"), uid);
	} else if (strcmp(sysctl, "fs.protected_fifos") == 0 ||
		   strcmp(sysctl, "fs.protected_regular") == 0) {
		int fifo = strcmp(sysctl, "fs.protected_fifos") == 0;

		auxerr__buf_printf(b, fifo ?
			  _("the FIFO is in a sticky %s directory (mode %s, owner %s), and its owner (%s) is neither uid %s nor the directory's owner; it may not be opened with O_CREAT") :
			  _("the file is in a sticky %s directory (mode %s, owner %s), and its owner (%s) is neither uid %s nor the directory's owner; it may not be opened with O_CREAT"),
			  writable_by(f), dmode,
			  auxerr__id_name(r, "dir_ouid"), auxerr__id_name(r, "ouid"), uid);
	} else {
		static const char *const used[] = { "sysctl", "level", NULL };

		auxerr__buf_printf(b, "%s", _("the protection refused it"));
		auxerr__facts_list(b, f, used);
	}
}

static void protected_remedy(struct auxerr_remedy *m,
			     const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *sysctl = auxerr__aux(r, "sysctl"), *level = auxerr__aux(r, "level");
	const char *path = f->object.path;
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	const char *what = qpath ? qpath : _("the file");
	unsigned long ouid = 0, lvl = 0, dmode = 0;
	char *owner = auxerr__id_num(&f->object.ouid, &ouid) ?
		auxerr__user_label(&m->oom, ouid) : NULL;
	struct auxerr_buf b = { 0 };
	int have_lvl = auxerr__num(level, 10, &lvl);

	auxerr__id_num(&f->object.dir_mode, &dmode);
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	if (!sysctl) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
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
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy is known for the sysctl %s"), sysctl);
	}
	auxerr__remedy_say(m, &b);
	free(qpath);
	free(owner);
}

const struct auxerr_mech auxerr__mech_protected = {
	.name = "protected",
	.sentence = protected_sentence,
	.remedy = protected_remedy,
};
