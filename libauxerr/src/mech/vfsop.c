// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=vfsop: a check of the file or path a call works on failed it
 * (kernel/auxerr/vfsop.c): ETXTBSY of a running program opened for
 * writing or of a program executed while open for writing, ELOOP of
 * O_NOFOLLOW, RESOLVE_NO_SYMLINKS, a nosymfollow mount or a loop of
 * links, EXDEV of rename() or link() across mounts, EBUSY of umount()
 * (mounts on the mount, the caller's working directory in it, other
 * users, its propagated copy in use) and of removing a mount point,
 * ETXTBSY of truncating a running program or of writing, truncating or
 * allocating an active swap file, EBUSY of swapon() of one, and the
 * EINVAL of a mount whose file system logged why (fs_message: message=
 * as fsopen()'s log gives it, "tmpfs: Bad value for 'size'").
 * check= names it, value= and limit= the link count, the mount ids or
 * the number of mounts on the mount where there are some, the object the
 * file.  The remedy is a change to the call.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/*
 * Split a file system's message, "tmpfs: Bad value for 'size'", into
 * who said it (tmpfs; NULL when the message names no one: "No source
 * specified") and what, which points into @msg.  The logger's prefix is
 * a file system's name (or VFS), one word without a slash: a message
 * that starts with a path ("/dev/x: Can't open blockdev") is all text.
 */
static const char *fs_message_split(const char *msg, char *who, size_t size)
{
	size_t n = strspn(msg, "abcdefghijklmnopqrstuvwxyz"
			       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-");

	who[0] = '\0';
	if (!n || n >= size || strncmp(msg + n, ": ", 2))
		return msg;
	memcpy(who, msg, n);
	who[n] = '\0';
	return msg + n + 2;
}

/* The first name in quotes in @text ('size', "foo"), or NULL; free it */
static char *fs_message_option(const char *text)
{
	const char *open = strpbrk(text, "'\""), *close;
	char *name;

	if (!open)
		return NULL;
	close = strchr(open + 1, *open);
	if (!close || close == open + 1)
		return NULL;
	name = malloc(close - open);
	if (!name)
		return NULL;
	memcpy(name, open + 1, close - open - 1);
	name[close - open - 1] = '\0';
	return name;
}

/* "tmpfs said: Bad value for 'size'" */
static void fs_message_clause(struct auxerr_buf *b, const char *msg)
{
	char who[64];
	const char *text = fs_message_split(msg, who, sizeof(who));

	if (*who)
		auxerr__buf_printf(b, _("%s said: %s"), who, text);
	else
		auxerr__buf_printf(b, _("the file system said: %s"), text);
}

/* "fix or drop the option 'size' (tmpfs's options: man 5 tmpfs, mount(8))" */
static void fs_message_fix(struct auxerr_buf *b, const char *msg)
{
	char who[64];
	const char *text = fs_message_split(msg, who, sizeof(who));
	char *option = fs_message_option(text);

	if (option)
		auxerr__buf_printf(b, _("fix or drop the option '%s'"), option);
	else
		auxerr__buf_str(b, _("fix the mount's source or options as the message says"));
	if (*who && strcmp(who, "VFS"))
		auxerr__buf_printf(b, _(" (the options of %s: its manual page, man 5 %s, and mount(8))"),
				   who, who);
	else
		auxerr__buf_str(b, _(" (each file system's options: mount(8))"));
	free(option);
}

/* the clause after "ETXTBSY because "; 0 when the check is not known */
static int vfsop_clause(struct auxerr_buf *b, const struct auxerr_check *x)
{
	const char *c = x->check, *value = x->value, *limit = x->limit;

	if (!strcmp(c, "text_busy"))
		auxerr__buf_str(b, _("the file is a program that is running (or that the kernel is loading), and a running program cannot be opened for writing or truncated"));
	else if (!strcmp(c, "exec_open_for_writing"))
		auxerr__buf_str(b, _("a file descriptor, of this process or another, has the program open for writing, and a program being written cannot be run"));
	else if (!strcmp(c, "nofollow"))
		auxerr__buf_str(b, _("the last component is a symbolic link and O_NOFOLLOW forbids following it"));
	else if (!strcmp(c, "link_count"))
		auxerr__buf_printf(b, _("the path walk met %s symbolic links, more than the %s it follows: a link leads back to itself, directly or through others"),
				   value, limit);
	else if (!strcmp(c, "resolve_no_symlinks"))
		auxerr__buf_str(b, _("the path has a symbolic link and RESOLVE_NO_SYMLINKS forbids following any"));
	else if (!strcmp(c, "nosymfollow"))
		auxerr__buf_str(b, _("the path has a symbolic link on a mount with the nosymfollow option, which follows none"));
	else if (!strcmp(c, "rename_across_mounts") || !strcmp(c, "link_across_mounts"))
		auxerr__buf_printf(b, _("the two paths are on different mounts (mount %s and mount %s, as /proc/self/mountinfo numbers them), and %s does not cross mounts, not even two of one filesystem (a bind mount)"),
				   value, limit,
				   !strcmp(c, "rename_across_mounts") ? "rename()" : "link()");
	else if (!strcmp(c, "umount_has_submounts"))
		auxerr__buf_printf(b, _("mount %s has %s other mount(s) on it, and a mount does not go from under others"),
				   value, limit);
	else if (!strcmp(c, "umount_own_cwd"))
		auxerr__buf_printf(b, _("this process's own working directory is in mount %s"),
				   value);
	else if (!strcmp(c, "umount_in_use"))
		auxerr__buf_printf(b, _("mount %s is in use: a process has a file open in it, or its working directory or root there (which process is not said)"),
				   value);
	else if (!strcmp(c, "umount_peer_in_use"))
		auxerr__buf_printf(b, _("mount propagation copied mount %s to another place (a peer or a slave mount, perhaps in another mount namespace), and that copy is in use"),
				   value);
	else if (!strcmp(c, "mount_point"))
		auxerr__buf_str(b, _("the file is a mount point: a mount of this mount namespace sits on it, and a mount point is not removed or renamed"));
	else if (!strcmp(c, "swapfile"))
		auxerr__buf_str(b, _("the file is an active swap area, which is not written, truncated or allocated while it is on"));
	else if (!strcmp(c, "swapon_active"))
		auxerr__buf_str(b, _("the file is already an active swap area"));
	else if (!strcmp(c, "fs_message") && x->message)
		fs_message_clause(b, x->message);
	else
		return 0;
	return 1;
}

/* "ETXTBSY because the file is a program that is running ..." */
static void vfsop_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	auxerr__check_sentence(b, f, vfsop_clause, _("the file or path"));
}

/* what to do instead, after "The program must change its call: " */
static int vfsop_fix(struct auxerr_buf *b, const struct auxerr_check *x)
{
	const char *c = x->check;

	if (!strcmp(c, "text_busy"))
		auxerr__buf_str(b, _("write the new version to a new file and rename() it over the old one (install, cp --remove-destination), which leaves the running program its own copy"));
	else if (!strcmp(c, "exec_open_for_writing"))
		auxerr__buf_str(b, _("close every descriptor that has the program open for writing before running it (open it O_CLOEXEC where other processes are started)"));
	else if (!strcmp(c, "nofollow"))
		auxerr__buf_str(b, _("drop O_NOFOLLOW to open what the link points to, or open the link itself with O_PATH | O_NOFOLLOW"));
	else if (!strcmp(c, "resolve_no_symlinks"))
		auxerr__buf_str(b, _("pass the path the links lead to (realpath), or drop RESOLVE_NO_SYMLINKS"));
	else if (!strcmp(c, "nosymfollow"))
		auxerr__buf_str(b, _("pass the path the links lead to (realpath)"));
	else if (!strcmp(c, "rename_across_mounts"))
		auxerr__buf_str(b, _("copy the file to the other mount and remove the original (as mv does), or rename it within one mount"));
	else if (!strcmp(c, "link_across_mounts"))
		auxerr__buf_str(b, _("copy the file to the other mount, or make a symbolic link (ln -s) instead"));
	else if (!strcmp(c, "umount_has_submounts"))
		auxerr__buf_str(b, _("unmount the mounts on it first (umount -R unmounts the whole tree), or detach it all with MNT_DETACH (umount -l)"));
	else if (!strcmp(c, "umount_own_cwd"))
		auxerr__buf_str(b, _("leave the mount first (chdir() out of it, cd /), or detach it with MNT_DETACH (umount -l)"));
	else if (!strcmp(c, "umount_in_use"))
		auxerr__buf_str(b, _("stop what uses the mount (fuser -vm and lsof name the processes you may see), or detach it with MNT_DETACH (umount -l): it then goes when its last user does"));
	else if (!strcmp(c, "umount_peer_in_use"))
		auxerr__buf_str(b, _("make the mount private first (mount --make-private) or unmount the copy, or detach it with MNT_DETACH (umount -l)"));
	else if (!strcmp(c, "mount_point"))
		auxerr__buf_str(b, _("unmount what is mounted on the file first (umount), then remove or rename it"));
	else if (!strcmp(c, "swapfile"))
		auxerr__buf_str(b, _("turn the swap area off first (swapoff), or write to another file"));
	else if (!strcmp(c, "swapon_active"))
		auxerr__buf_str(b, _("leave it on, as swapon --show lists it, or turn it off first (swapoff) to turn it on anew"));
	else if (!strcmp(c, "fs_message") && x->message)
		fs_message_fix(b, x->message);
	else
		return 0;
	return 1;
}

static void vfsop_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	auxerr__check_remedy(m, f, vfsop_fix);
}

const struct auxerr_mech auxerr__mech_vfsop = {
	.name = "vfsop",
	.sentence = vfsop_sentence,
	.remedy = vfsop_remedy,
};
