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

static void inode_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *flag = auxerr__auxi(r, "flag");

	if (flag && strcmp(flag, "immutable") == 0)
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
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy is known for the inode flag %s"),
			   flag ? flag : "?");
	}
	auxerr__remedy_say(m, &b);
	free(qpath);
}

const struct auxerr_mech auxerr__mech_inode = {
	.name = "inode",
	.sentence = inode_sentence,
	.remedy = inode_remedy,
};
