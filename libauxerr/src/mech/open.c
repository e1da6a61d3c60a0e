// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=open: a check of open(), openat(), openat2() or fcntl() failed
 * the call (kernel/auxerr/open.c): check= names it, arg= the argument it
 * judged where it judged one, value= and limit= what decided, fstype= and
 * the object the file when the check was about one.  Not a permission
 * decision, although two of the seal checks return EPERM: the remedy is a
 * change to the call, which only the program can make.
 */
#include <string.h>

#include "mech.h"
#include "text.h"

/* "the flags 0x18040" and, when both are numbers, their bits beyond limit */
static void unknown_bits(struct auxerr_buf *b, const struct auxerr_check *x,
			 const char *what)
{
	auxerr__buf_printf(b, _("%s %s have bits"), what, x->value);
	if (x->v_ok && x->l_ok)
		auxerr__buf_printf(b, _(" (0x%lx)"), x->v & ~x->l);
	auxerr__buf_printf(b, _(" beyond the ones this kernel knows, %s"),
			   x->limit);
}

/* the clause after "EINVAL because "; 0 when the check is not known */
static int open_clause(struct auxerr_buf *b, const struct auxerr_check *x)
{
	const char *c = x->check;

	if (!strcmp(c, "how_size"))
		auxerr__buf_printf(b, _("openat2()'s size %s is below %s, the size of the first struct open_how"),
				   x->value, x->limit);
	else if (!strcmp(c, "flags_unknown"))
		unknown_bits(b, x, _("the flags"));
	else if (!strcmp(c, "resolve_unknown"))
		unknown_bits(b, x, _("the resolve flags"));
	else if (!strcmp(c, "resolve_scope"))
		auxerr__buf_printf(b, _("RESOLVE_BENEATH and RESOLVE_IN_ROOT exclude each other (resolve %s)"),
				   x->value);
	else if (!strcmp(c, "mode_bits"))
		auxerr__buf_printf(b, _("the mode %s has bits beyond the permission bits %s: openat2() takes no file type in the mode"),
				   x->value, x->limit);
	else if (!strcmp(c, "mode_without_create"))
		auxerr__buf_printf(b, _("the mode %s is given without O_CREAT or O_TMPFILE, and only they take a mode"),
				   x->value);
	else if (!strcmp(c, "directory_creat"))
		auxerr__buf_printf(b, _("O_CREAT and O_DIRECTORY do not go together (flags %s): open() creates no directory"),
				   x->value);
	else if (!strcmp(c, "tmpfile_directory"))
		auxerr__buf_printf(b, _("__O_TMPFILE is set without O_DIRECTORY (flags %s), and O_TMPFILE is both"),
				   x->value);
	else if (!strcmp(c, "tmpfile_not_writable"))
		auxerr__buf_printf(b, _("O_TMPFILE makes an unnamed file that only writing can fill, and the flags open it %s"),
				   auxerr__check_accmode(x));
	else if (!strcmp(c, "path_flags"))
		auxerr__buf_printf(b, _("O_PATH takes no other flags than O_DIRECTORY, O_NOFOLLOW and O_CLOEXEC (%s), and the flags are %s"),
				   x->limit, x->value);
	else if (!strcmp(c, "direct_io") || !strcmp(c, "setfl_direct_io")) {
		auxerr__check_the_file(b, x);
		auxerr__buf_printf(b, _(" has no direct I/O, which O_DIRECT asks for (flags %s)"),
				   x->value);
	} else if (!strcmp(c, "fcntl_cmd"))
		auxerr__buf_printf(b, _("fcntl() has no command %s for this file (a command this kernel does not know, or one for another kind of file)"),
				   x->value);
	else if (!strcmp(c, "signal"))
		auxerr__buf_printf(b, _("F_SETSIG's signal %s is no signal: the highest is %s"),
				   x->value, x->limit);
	else if (!strcmp(c, "lock_type"))
		auxerr__buf_printf(b, _("the lock type %s is none of F_RDLCK (0), F_WRLCK (1) and F_UNLCK (2)"),
				   x->value);
	else if (!strcmp(c, "lock_whence"))
		auxerr__buf_printf(b, _("the lock's l_whence %s is none of SEEK_SET (0), SEEK_CUR (1) and SEEK_END (2)"),
				   x->value);
	else if (!strcmp(c, "lease_file")) {
		auxerr__buf_str(b, _("F_SETLEASE takes only a regular file, and "));
		auxerr__check_the_file(b, x);
		auxerr__buf_str(b, _(" is not one"));
	} else if (!strcmp(c, "pipe_size"))
		auxerr__buf_printf(b, _("F_SETPIPE_SZ's size %s is beyond any a pipe can have"),
				   x->value);
	else if (!strcmp(c, "pipe_busy"))
		auxerr__buf_printf(b, _("the pipe holds data in %s bytes of buffers, more than the new size %s can hold"),
				   x->limit, x->value);
	else if (!strcmp(c, "seals_unknown"))
		auxerr__buf_printf(b, _("the seals %s have bits no F_SEAL_ flag has (they are %s)"),
				   x->value, x->limit);
	else if (!strcmp(c, "seals_file")) {
		auxerr__check_the_file(b, x);
		auxerr__buf_str(b, _(" takes no seals: only a memfd or a file on tmpfs or hugetlbfs does"));
	} else if (!strcmp(c, "seals_not_writable"))
		auxerr__buf_printf(b, _("F_ADD_SEALS needs the file open for writing, and the descriptor is open %s"),
				   auxerr__check_accmode(x));
	else if (!strcmp(c, "sealed"))
		auxerr__buf_printf(b, _("the file has F_SEAL_SEAL (seals %s), which forbids adding any: a memfd made without MFD_ALLOW_SEALING has it from the start"),
				   x->value);
	else
		return 0;
	return 1;
}

/* "EINVAL because O_CREAT and O_DIRECTORY do not go together ..." */
static void open_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	auxerr__check_sentence(b, f, open_clause, _("the open file's flags"));
}

/* what the call should pass instead, after "The program must change its
 * call: " */
static int open_fix(struct auxerr_buf *b, const struct auxerr_check *x)
{
	const char *c = x->check;

	if (!strcmp(c, "how_size"))
		auxerr__buf_str(b, _("pass sizeof(struct open_how) as the size"));
	else if (!strcmp(c, "flags_unknown") || !strcmp(c, "resolve_unknown") ||
		 !strcmp(c, "seals_unknown"))
		auxerr__buf_printf(b, _("pass only the bits in %s"), x->limit);
	else if (!strcmp(c, "resolve_scope"))
		auxerr__buf_str(b, _("pass one of RESOLVE_BENEATH and RESOLVE_IN_ROOT"));
	else if (!strcmp(c, "mode_bits"))
		auxerr__buf_printf(b, _("pass only the permission bits of the mode (mode & %s)"),
				   x->limit);
	else if (!strcmp(c, "mode_without_create"))
		auxerr__buf_str(b, _("pass a mode of 0, or add O_CREAT to create the file"));
	else if (!strcmp(c, "directory_creat"))
		auxerr__buf_str(b, _("create a directory with mkdir(), or drop O_DIRECTORY to create a file"));
	else if (!strcmp(c, "tmpfile_directory"))
		auxerr__buf_str(b, _("pass O_TMPFILE as <fcntl.h> defines it (it includes O_DIRECTORY)"));
	else if (!strcmp(c, "tmpfile_not_writable"))
		auxerr__buf_str(b, _("open it O_TMPFILE | O_RDWR (or O_WRONLY)"));
	else if (!strcmp(c, "path_flags"))
		auxerr__buf_printf(b, _("drop the flags other than %s, or drop O_PATH"),
				   x->limit);
	else if (!strcmp(c, "direct_io") || !strcmp(c, "setfl_direct_io"))
		auxerr__buf_str(b, _("drop O_DIRECT, or use a file on a filesystem with direct I/O (ext4, xfs, btrfs, tmpfs)"));
	else if (!strcmp(c, "signal") && x->l_ok)
		auxerr__buf_printf(b, _("pass a signal from 1 to %lu, or 0 for SIGIO"), x->l);
	else if (!strcmp(c, "lock_type"))
		auxerr__buf_str(b, _("set l_type to F_RDLCK, F_WRLCK or F_UNLCK"));
	else if (!strcmp(c, "lock_whence"))
		auxerr__buf_str(b, _("set l_whence to SEEK_SET, SEEK_CUR or SEEK_END"));
	else if (!strcmp(c, "pipe_busy"))
		auxerr__buf_printf(b, _("read what the pipe holds first, or pass a size of at least %s"),
				   x->limit);
	else if (!strcmp(c, "pipe_size"))
		auxerr__buf_str(b, _("pass a size up to fs.pipe-max-size (cat /proc/sys/fs/pipe-max-size)"));
	else if (!strcmp(c, "seals_not_writable"))
		auxerr__buf_str(b, _("add the seals through a descriptor open O_RDWR"));
	else if (!strcmp(c, "sealed") || !strcmp(c, "seals_file"))
		auxerr__buf_str(b, _("seal a memfd made with memfd_create(name, MFD_ALLOW_SEALING)"));
	else
		return 0;
	return 1;
}

static void open_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	auxerr__check_remedy(m, f, open_fix);
}

const struct auxerr_mech auxerr__mech_open = {
	.name = "open",
	.sentence = open_sentence,
	.remedy = open_remedy,
};
