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
 * A sticky directory lets only the file's owner, the directory's owner
 * or root remove or rename a name in it.  For a removal, the file's owner
 * can do it; a rename names two paths the record need not both have.
 */
static void sticky_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	unsigned long ouid, downer, mode = 0;
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
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
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
