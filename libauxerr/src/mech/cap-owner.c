// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cap with owner_op=: a capability that only stands in for ownership
 * (chmod, chown, utimes, O_NOATIME, ... of another user's file).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mech.h"
#include "text.h"

/*
 * cap with owner_op=: a capability that only stands in for ownership.
 * "only the owner (root) or a process with CAP_FOWNER may chmod /srv/x"
 */
void auxerr__owner_op_sentence(struct auxerr_buf *b, const struct auxerr_facts *f,
			     const char *op)
{
	const struct auxerr_record *r = f->rec;
	const char *path = f->object.name;
	const char *uid = f->subject.fsuid.text;
	struct auxerr_buf c = { 0 };
	const char *cap;

	if (!path)
		path = _("the file");
	if (!uid)
		uid = "?";
	auxerr__cap_or(&c, f, "CAP_FOWNER");
	cap = c.s ? c.s : "?";
	if (strcmp(op, "chown") == 0) {
		auxerr__buf_printf(b, _("denied for lack of a capability: only a process with %s may change the owner of %s (now %s), and uid %s does not have it"),
			  cap, path, auxerr__id_name(r, "ouid"), uid);
	} else if (strcmp(op, "chgrp") == 0) {
		if (auxerr__aux(r, "ngid"))
			auxerr__buf_printf(b, _("denied for lack of ownership: only the owner (%s), and only to a group it is a member of, or a process with %s may change the group of %s to %s, and uid %s is neither"),
				  auxerr__id_name(r, "ouid"), cap, path, auxerr__id_name(r, "ngid"), uid);
		else
			auxerr__buf_printf(b, _("denied for lack of ownership: only the owner (%s), and only to a group it is a member of, or a process with %s may change the group of %s, and uid %s is neither"),
				  auxerr__id_name(r, "ouid"), cap, path, uid);
	} else {
		const char *what;

		if (strcmp(op, "chmod") == 0)
			what = _("chmod %s");
		else if (strcmp(op, "utimes") == 0)
			what = _("set the times of %s to other than now");
		else if (strcmp(op, "noatime") == 0)
			what = _("open %s with O_NOATIME");
		else if (strcmp(op, "setxattr") == 0)
			what = _("set extended attributes of %s");
		else if (strcmp(op, "set_acl") == 0)
			what = _("change the ACL of %s");
		else if (strcmp(op, "fileattr") == 0)
			what = _("change the inode flags (chattr) of %s");
		else
			what = _("make this change to %s");
		auxerr__buf_printf(b, _("denied for lack of ownership: only the owner (%s) or a process with %s may "),
			  auxerr__id_name(r, "ouid"), cap);
		auxerr__buf_printf(b, what, path);
		auxerr__buf_printf(b, _(", and uid %s is neither"), uid);
	}
	free(c.s);
}

/* the mode a chmod asked for, from its arguments */
static int chmod_mode(const struct auxerr_record *r, unsigned long *mode)
{
	const char *sc = auxerr_record_syscall_name(r);

	if (strcmp(sc, "chmod") == 0 || strcmp(sc, "fchmod") == 0)
		return auxerr__num(auxerr__sys(r, "a1"), 16, mode);
	if (strcmp(sc, "fchmodat") == 0 || strcmp(sc, "fchmodat2") == 0)
		return auxerr__num(auxerr__sys(r, "a2"), 16, mode);
	return 0;
}

/* the owner and group a chown asked for (-1: unchanged) */
static int chown_ids(const struct auxerr_record *r, long long *uid,
		     long long *gid)
{
	const char *sc = auxerr_record_syscall_name(r);
	const char *a = "a1", *b = "a2";
	unsigned long u, g;

	if (strcmp(sc, "fchownat") == 0)
		a = "a2", b = "a3";
	else if (strcmp(sc, "chown") != 0 && strcmp(sc, "lchown") != 0 &&
		 strcmp(sc, "fchown") != 0)
		return 0;
	if (!auxerr__num(auxerr__sys(r, a), 16, &u) || !auxerr__num(auxerr__sys(r, b), 16, &g))
		return 0;
	*uid = (u & 0xffffffffUL) == 0xffffffffUL ? -1 : (long long)u;
	*gid = (g & 0xffffffffUL) == 0xffffffffUL ? -1 : (long long)g;
	return 1;
}

/*
 * cap with owner_op=: the capability only stands in for ownership, so
 * the owner makes the change (chown: only root).
 */
void auxerr__owner_op_remedy(struct auxerr_remedy *m,
			    const struct auxerr_facts *f, const char *op)
{
	const struct auxerr_record *r = f->rec;
	const char *path = f->object.path;
	char *qpath = path ? auxerr__quoted(&m->oom, path) : NULL;
	const char *what = qpath ? qpath : _("the file");
	unsigned long ouid, mode = 0, fsuid;
	const char *cap = f->subject.cap_name;
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	char *owner = NULL;
	struct auxerr_buf b = { 0 };
	long long nu, ng;

	if (!auxerr__id_num(&f->object.ouid, &ouid)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the file's owner"));
		goto out;
	}
	auxerr__id_num(&f->object.mode, &mode);
	owner = auxerr__user_label(&m->oom, ouid);
	if (strcmp(op, "chown") == 0) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
		if (qpath && chown_ids(r, &nu, &ng) && nu >= 0)
			m->command = ng >= 0 ?
				auxerr__xprintf(&m->oom, "chown %lld:%lld %s", nu, ng, qpath) :
				auxerr__xprintf(&m->oom, "chown %lld %s", nu, qpath);
		auxerr__buf_printf(&b, _("Only root (%s) may give %s another owner (now %s): root can do it"),
			   CAP ? CAP : "CAP_CHOWN", what, owner ? owner : "?");
	} else if (strcmp(op, "chgrp") == 0) {
		unsigned long ngid;

		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
		if (qpath && auxerr__num(auxerr__aux(r, "ngid"), 10, &ngid))
			m->command = auxerr__xprintf(&m->oom, "chgrp %lu %s", ngid, qpath);
		auxerr__buf_printf(&b, _("The owner of %s (%s) may give it only a group the owner is a member of, and root any group: root can do it"),
			   what, owner ? owner : "?");
	} else if (strcmp(op, "noatime") == 0) {
		char *me = auxerr__id_num(&f->subject.fsuid, &fsuid) ?
			auxerr__user_label(&m->oom, fsuid) : NULL;

		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xprintf(&m->oom, _("the caller (%s)"), me ? me : "?"),
		    me ? (long long)fsuid : -1);
		auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may open it with O_NOATIME: open it without O_NOATIME"),
			   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER");
		free(me);
	} else {
		unsigned long want;

		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__owner_who(&m->oom, ouid, S_ISDIR((mode_t)mode)),
		    (long long)ouid);
		if (strcmp(op, "chmod") == 0) {
			if (qpath && chmod_mode(r, &want))
				m->command = auxerr__xprintf(&m->oom, "chmod %04lo %s",
						     want & 07777, qpath);
			auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may change its mode: the owner can do it"),
				   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER");
		} else if (strcmp(op, "utimes") == 0) {
			auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may set its times to other than now: the owner can set them (touch -d)"),
				   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER");
		} else {
			auxerr__buf_printf(&b, _("Only the owner of %s (%s) or a process with %s may make this change (%s): the owner can make it"),
				   what, owner ? owner : "?", CAP ? CAP : "CAP_FOWNER", op);
		}
	}
out:
	auxerr__remedy_say(m, &b);
	free(qpath);
	free(owner);
	free(CAP);
}
