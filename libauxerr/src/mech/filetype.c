// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=filetype: only a regular file can be executed (may_open()
 * refuses a directory, a FIFO, a socket or a device node, whatever its
 * mode bits say).
 */
#include <stdlib.h>
#include <sys/stat.h>

#include "mech.h"
#include "text.h"

/* "a directory", "a FIFO", ...: the object's type from mode= */
static const char *type_words(const struct auxerr_facts *f)
{
	mode_t m = (mode_t)f->object.mode.v;

	if (!f->object.mode.ok)
		return _("not a regular file");
	if (S_ISDIR(m))
		return _("a directory");
	if (S_ISFIFO(m))
		return _("a FIFO (named pipe)");
	if (S_ISSOCK(m))
		return _("a socket");
	if (S_ISCHR(m))
		return _("a character device");
	if (S_ISBLK(m))
		return _("a block device");
	return _("not a regular file");
}

/* "only a regular file can be executed, and /srv/tools is a directory
 * (its mode bits do not matter)" */
static void filetype_sentence(struct auxerr_buf *b,
			      const struct auxerr_facts *f)
{
	auxerr__buf_printf(b, _("only a regular file can be executed, and %s is %s (its mode bits %s do not matter)"),
			   f->object.path ? f->object.path : _("the object"),
			   type_words(f), f->object.mode_bits);
}

/* Nobody's change allows it: the caller names the wrong object. */
static void filetype_remedy(struct auxerr_remedy *m,
			    const struct auxerr_facts *f)
{
	struct auxerr_buf b = { 0 };
	const char *path = f->object.path;

	auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
	if (f->object.is_dir)
		auxerr__buf_printf(&b, _("No change of permissions allows executing a directory: run a program inside %s by its full name (%s/PROGRAM), or add %s to PATH"),
				   path ? path : _("it"), path ? path : "DIR",
				   path ? path : _("it"));
	else
		auxerr__buf_printf(&b, _("No change of permissions allows executing %s, which is %s: run the program that serves it instead"),
				   path ? path : _("the object"), type_words(f));
	auxerr__remedy_say(m, &b);
}

const struct auxerr_mech auxerr__mech_filetype = {
	.name = "filetype",
	.sentence = filetype_sentence,
	.remedy = filetype_remedy,
};
