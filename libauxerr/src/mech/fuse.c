// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=fuse: a FUSE mount without allow_other.
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* a FUSE mount without allow_other: only the mounting user may use it */
static void fuse_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *mu = auxerr__aux(r, "mount_uid"), *mg = auxerr__aux(r, "mount_gid");
	const char *uid = f->subject.uid.text;
	const char *euid = f->subject.euid.text;
	const char *suid = f->subject.suid.text;
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
 * FUSE without allow_other: only the mounting user's processes may use
 * the mount (fuse_allow_current_process()).  That user runs the command;
 * allow_other, the loosening, comes last with its cost.
 */
static void fuse_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	unsigned long mu;
	char *owner;
	struct auxerr_buf b = { 0 };

	if (!auxerr__num(auxerr__aux(r, "mount_uid"), 10, &mu)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the user who mounted the FUSE file system"));
		auxerr__remedy_say(m, &b);
		return;
	}
	owner = auxerr__user_label(&m->oom, mu);
	if (auxerr__aux(r, "allow_other") && strcmp(auxerr__aux(r, "allow_other"), "1") == 0) {
		/* allow_other already: the user namespace keeps it out */
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("The FUSE file system here (mounted by %s with allow_other) lets in only processes of the user namespace it was mounted in: run the command in that namespace"),
				   owner ? owner : "?");
		auxerr__remedy_say(m, &b);
		free(owner);
		return;
	}
	auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
	    auxerr__xprintf(&m->oom, _("the user who mounted it (%s)"), owner ? owner : "?"),
	    (long long)mu);
	m->command = auxerr__program_command(&m->oom, f, NULL, NULL);
	auxerr__buf_printf(&b, _("Only the user who mounted this FUSE file system without allow_other (%s) may use it, not even root: that user can run the command; failing that, it can mount the file system again with -o allow_other (root must allow that option with user_allow_other in /etc/fuse.conf), which exposes every user's processes, root's included, to a daemon that user controls"),
			   owner ? owner : "?");
	auxerr__remedy_say(m, &b);
	free(owner);
}

const struct auxerr_mech auxerr__mech_fuse = {
	.name = "fuse",
	.sentence = fuse_sentence,
	.remedy = fuse_remedy,
};
