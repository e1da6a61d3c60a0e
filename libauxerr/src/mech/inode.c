// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=inode: the immutable and append-only inode flags.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* open(2)/openat(2) flags, when the system call is one of them */
#define O_ACCMODE_ 03
#define O_TRUNC_ 01000
#define O_APPEND_ 02000

/*
 * A directory's flag refuses a name made or removed in it (a write asked
 * of the directory, as dac's parent), except where the named directory
 * itself is the immutable or append-only one.  The kernel says PARENT
 * where it is the directory of the name (also for rmdir and rename);
 * otherwise, and in records that do not say (the BPF backend's, an older
 * series'), the system call tells: rmdir and rename of a directory
 * refuse the directory itself, and so do changes of its own attributes;
 * a call that makes or removes a name cannot refuse a directory that is
 * that name.
 */
static int flag_on_parent(const struct auxerr_facts *f)
{
	static const char *const own_calls[] = {
		"rmdir", "rename", "renameat", "renameat2", "chmod",
		"fchmod", "fchmodat", "fchmodat2", "chown", "fchown",
		"lchown", "fchownat", "utime", "utimes", "futimesat",
		"utimensat", "setxattr", "lsetxattr", "fsetxattr",
		"removexattr", "lremovexattr", "fremovexattr", NULL,
	};

	if (f->object.parent_item)
		return 1;
	if (!f->object.is_dir)
		return 0;
	for (const char *const *c = own_calls; *c; c++)
		if (strcmp(f->syscall, *c) == 0)
			return 0;
	return 1;
}

/*
 * The kernel writes the PATH item of a name refused by its directory's
 * flag with that name, the directory's inode and nametype NORMAL: the
 * object is then the name's directory.
 */
static void inode_decode(struct auxerr_facts *f)
{
	char *dir;

	if (!flag_on_parent(f) || f->object.parent_item || !f->object.dir)
		return;
	dir = strdup(f->object.dir);
	if (!dir) {
		f->oom = 1;
		return;
	}
	auxerr__facts_set_path(f, dir);
}

static void inode_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *flag = auxerr__auxi(r, "flag");

	/* the sentence opens with the name; a directory's flag is named
	 * with the directory */
	if (f->object.is_dir && flag && strcmp(flag, "immutable") == 0)
		auxerr__buf_printf(b, _("denied by an inode flag: the directory %s is immutable (chattr +i)"),
				   f->object.path ? f->object.path : "?");
	else if (flag_on_parent(f) && flag && strcmp(flag, "append") == 0)
		auxerr__buf_printf(b, _("denied by an inode flag: the directory %s is append-only (chattr +a): names may be added to it, not removed or renamed"),
				   f->object.path ? f->object.path : "?");
	else if (flag && strcmp(flag, "immutable") == 0)
		auxerr__buf_printf(b, "%s", _("denied by an inode flag: the file is immutable (chattr +i)"));
	else if (flag && strcmp(flag, "append") == 0)
		auxerr__buf_printf(b, "%s", _("denied by an inode flag: the file is append-only (chattr +a)"));
	else {
		auxerr__buf_printf(b, "%s", _("denied by an inode flag"));
		auxerr__facts_list(b, f, NULL);
	}
}

static int open_flags(const struct auxerr_record *r, unsigned long *flags)
{
	const char *sc = auxerr_record_syscall_name(r);

	if (strcmp(sc, "openat") == 0)
		return auxerr__num(auxerr__sys(r, "a2"), 16, flags);
	if (strcmp(sc, "open") == 0)
		return auxerr__num(auxerr__sys(r, "a1"), 16, flags);
	return 0;
}

static void inode_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *flag = auxerr__aux(r, "flag");
	const char *path = f->object.path;
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	const char *what = qpath ? qpath : _("the file");
	unsigned long of;
	struct auxerr_buf b = { 0 };

	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
	    auxerr__xstrdup(&m->oom, _("root (CAP_LINUX_IMMUTABLE)")), 0);
	if (flag && strcmp(flag, "immutable") == 0) {
		if (qpath)
			m->command = auxerr__xprintf(&m->oom, "chattr -i %s", qpath);
		auxerr__buf_printf(&b, _("Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of %s"),
			   what);
		m->weakens = flag_on_parent(f) ?
			auxerr__xprintf(&m->oom, _("names in %s may then be made, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)"),
					what) :
			auxerr__xprintf(&m->oom, _("%s may then be changed, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)"),
					what);
	} else if (flag && strcmp(flag, "append") == 0) {
		if (qpath)
			m->command = auxerr__xprintf(&m->oom, "chattr -a %s", qpath);
		m->weakens = flag_on_parent(f) ?
			auxerr__xprintf(&m->oom, _("names in %s may then be removed or renamed, not only added, which the append-only flag prevents even for root (chattr +a sets it again)"),
					what) :
			auxerr__xprintf(&m->oom, _("%s may then be overwritten, truncated or removed, not only appended to, which the append-only flag prevents even for root (chattr +a sets it again)"),
					what);
		if (open_flags(r, &of) && (of & O_ACCMODE_) &&
		    !(of & (O_APPEND_ | O_TRUNC_)))
			auxerr__buf_printf(&b, _("%s is append-only: opening it to append (O_APPEND, >> in the shell) needs no change; to write elsewhere in it, root, with CAP_LINUX_IMMUTABLE, can clear the flag"),
				   what);
		else
			auxerr__buf_printf(&b, _("Root, with CAP_LINUX_IMMUTABLE, can clear the append-only flag of %s"),
				   what);
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy is known for the inode flag %s"),
			   flag ? flag : "?");
	}
	auxerr__remedy_say(m, &b);
	free(qpath);
}

const struct auxerr_mech auxerr__mech_inode = {
	.name = "inode",
	.decode = inode_decode,
	.sentence = inode_sentence,
	.remedy = inode_remedy,
};
