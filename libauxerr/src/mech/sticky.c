// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=sticky: removing or renaming another user's name in a sticky
 * directory.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mech.h"
#include "text.h"

static void sticky_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *uid = f->subject.fsuid.text;

	if (auxerr__aux(r, "ouid") && auxerr__aux(r, "dir_ouid") && uid)
		auxerr__buf_printf(b, _("denied by the sticky bit of the directory: uid %s owns neither the file (owner %s) nor the directory (owner %s)"),
			  uid, auxerr__id_name(r, "ouid"), auxerr__id_name(r, "dir_ouid"));
	else
		auxerr__buf_printf(b, "%s", _("denied by the sticky bit of the directory: only the owner of the file or of the directory may remove or rename it"));
}

/*
 * Whether the file's owner @ouid may write in the sticky directory
 * (owner @downer, mode @dmode), which removing a name needs before the
 * sticky bit is asked: 1, 0, or -1 when it depends on membership of the
 * directory's group, which the record does not give (and which the
 * library does not read from the live directory: a remedy must be the
 * same on every host that gets the record).
 */
static int owner_may_write_dir(unsigned long ouid, unsigned long downer,
			       unsigned long dmode)
{
	if (ouid == 0 || (dmode & S_IWOTH))
		return 1;
	if (ouid == downer)
		return (dmode & S_IWUSR) != 0;
	return (dmode & S_IWGRP) ? -1 : 0;
}

/*
 * A sticky directory lets only the file's owner, the directory's owner
 * or root remove or rename a name in it, and only one who may also write
 * in the directory: in one that is not writable by all (1755, 1770) the
 * file's owner often may not, so the command goes to the directory's
 * owner unless the file's owner surely may.  A rename names two paths
 * the record need not both have: no command.
 */
static void sticky_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	unsigned long ouid, downer, mode = 0, dmode;
	int may;
	const char *sc = auxerr_record_syscall_name(r);
	const char *path = f->object.path;
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	char *fo = NULL, *dowho = NULL, *dir = NULL, *qdir = NULL;
	int remove = strcmp(sc, "unlink") == 0 || strcmp(sc, "unlinkat") == 0 ||
		     strcmp(sc, "rmdir") == 0;
	struct auxerr_buf b = { 0 };

	if (!auxerr__id_num(&f->object.ouid, &ouid) || !auxerr__id_num(&f->object.dir_ouid, &downer)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("Only the file's owner, the directory's owner or root may remove or rename a name in a sticky directory"));
		auxerr__remedy_say(m, &b);
		free(qpath);
		return;
	}
	auxerr__id_num(&f->object.mode, &mode);
	fo = auxerr__user_label(&m->oom, ouid);
	dowho = auxerr__user_label(&m->oom, downer);
	if (path && strrchr(path, '/')) {
		size_t n = (size_t)(strrchr(path, '/') - path);

		dir = strndup(path, n ? n : 1);
		if (!dir)
			m->oom = 1;
		qdir = dir ? auxerr__quoted(&m->oom, dir) : NULL;
	}
	may = auxerr__id_num(&f->object.dir_mode, &dmode) ?
	      owner_may_write_dir(ouid, downer, dmode) : 1;
	/* the command goes to the file's owner when it surely may write in
	 * the directory, else to the directory's owner (root for root's) */
	if (may > 0)
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xprintf(&m->oom, _("the file's owner (%s), the directory's owner (%s) or root"),
			    fo ? fo : "?", dowho ? dowho : "?"),
		    (long long)ouid);
	else
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    downer ? auxerr__xprintf(&m->oom, _("the directory's owner (%s) or root"),
					     dowho ? dowho : "?") :
			     auxerr__xstrdup(&m->oom, "root"),
		    (long long)downer);
	if (remove && qpath)
		m->command = auxerr__xprintf(&m->oom, "%s %s",
				     S_ISDIR((mode_t)mode) ? "rmdir" : "rm -f", qpath);
	if (may > 0)
		auxerr__buf_printf(&b, _("Only the file's owner (%s), the owner of the sticky directory %s (%s) or root may remove or rename %s"),
			   fo ? fo : "?", qdir ? qdir : _("(path unknown)"),
			   dowho ? dowho : "?", qpath ? qpath : _("the file"));
	else if (may < 0)
		auxerr__buf_printf(&b, _("Only the file's owner (%s), if it is in the group of the sticky directory %s (mode %s: only its group may write there), the directory's owner (%s) or root may remove or rename %s"),
			   fo ? fo : "?", qdir ? qdir : _("(path unknown)"),
			   f->object.dir_mode_bits, dowho ? dowho : "?",
			   qpath ? qpath : _("the file"));
	else if (downer)
		auxerr__buf_printf(&b, _("Only the owner of the sticky directory %s (%s) or root may remove or rename %s: the file's owner (%s) may not write in that directory (mode %s)"),
			   qdir ? qdir : _("(path unknown)"), dowho ? dowho : "?",
			   qpath ? qpath : _("the file"), fo ? fo : "?",
			   f->object.dir_mode_bits);
	else
		auxerr__buf_printf(&b, _("Only root, the owner of the sticky directory %s, may remove or rename %s: the file's owner (%s) may not write in that directory (mode %s)"),
			   qdir ? qdir : _("(path unknown)"),
			   qpath ? qpath : _("the file"), fo ? fo : "?",
			   f->object.dir_mode_bits);
	if (m->command)
		auxerr__buf_printf(&b, _(", and %s can remove it"),
			   may > 0 ? _("the file's owner") :
			   downer ? _("the directory's owner") : _("root"));
	else
		auxerr__buf_str(&b, _(": ask one of them"));
	auxerr__remedy_say(m, &b);
	free(fo);
	free(dowho);
	free(dir);
	free(qdir);
	free(qpath);
}

const struct auxerr_mech auxerr__mech_sticky = {
	.name = "sticky",
	.sentence = sticky_sentence,
	.remedy = sticky_remedy,
};
