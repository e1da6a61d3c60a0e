// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=ipc: System V IPC permissions (ipcperms(),
 * ipcctl_obtain_check()).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* the kind of object, from the system call (the record does not say):
 * its name, ipcrm's option and its IPC_SET call; @opt NULL if not known */
struct ipc_kind {
	const char *prefix, *name, *opt, *set_fmt;
};

static const struct ipc_kind *ipc_kind(const struct auxerr_record *r)
{
	static const struct ipc_kind kinds[] = {
		{ "shm", N_("shared memory segment"), "-m", "shmctl(%s, IPC_SET)" },
		{ "msg", N_("message queue"), "-q", "msgctl(%s, IPC_SET)" },
		{ "sem", N_("semaphore set"), "-s", "semctl(%s, 0, IPC_SET)" },
		{ "", N_("System V IPC object"), NULL,
		  "shmctl/msgctl/semctl(%s, IPC_SET)" },
	};
	const char *sc = auxerr_record_syscall_name(r);
	size_t i;

	for (i = 0; i + 1 < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strncmp(sc, kinds[i].prefix, 3) == 0)
			break;
	return &kinds[i];
}

/* "the shared memory segment key 0x00005eed (id 0)" */
static void ipc_object(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *key = auxerr__aux(r, "ipc_key"), *id = auxerr__aux(r, "ipc_id");

	if (key && strcmp(key, "0x00000000") == 0)
		auxerr__buf_printf(b, _("the %s key IPC_PRIVATE (id %s)"),
				   _(ipc_kind(r)->name), id ? id : "?");
	else
		auxerr__buf_printf(b, _("the %s key %s (id %s)"),
				   _(ipc_kind(r)->name), key ? key : "?",
				   id ? id : "?");
}

/* "owner and creator root:root" / "owner alice:staff, creator root:root" */
static void ipc_owners(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *ou = auxerr__aux(r, "ouid"), *og = auxerr__aux(r, "ogid");
	const char *cu = auxerr__aux(r, "cuid"), *cg = auxerr__aux(r, "cgid");

	if (ou && og && cu && cg && strcmp(ou, cu) == 0 && strcmp(og, cg) == 0)
		auxerr__buf_printf(b, _("owner and creator %s:%s"), auxerr__id_name(r, "ouid"),
			  auxerr__id_name(r, "ogid"));
	else
		auxerr__buf_printf(b, _("owner %s:%s, creator %s:%s"), auxerr__id_name(r, "ouid"),
			  auxerr__id_name(r, "ogid"), auxerr__id_name(r, "cuid"),
			  auxerr__id_name(r, "cgid"));
}

static void ipc_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *op = auxerr__aux(r, "op"), *mode = auxerr__aux(r, "mode");
	const char *euid = auxerr__id_said(&f->subject.euid);

	if (op && strcmp(op, "ctl") == 0) {
		const char *cmd = auxerr__aux(r, "cmd");

		auxerr__buf_printf(b, "%s", _("only the owner or the creator of "));
		ipc_object(b, f);
		if (cmd && strcmp(cmd, "0") == 0)
			auxerr__buf_printf(b, "%s", _(", root, or CAP_SYS_ADMIN may remove it: "));
		else if (cmd && strcmp(cmd, "1") == 0)
			auxerr__buf_printf(b, "%s", _(", root, or CAP_SYS_ADMIN may change its owner or mode: "));
		else
			auxerr__buf_printf(b, _(", root, or CAP_SYS_ADMIN may use command %s on it: "),
				  cmd ? cmd : "?");
		ipc_owners(b, f);
		auxerr__buf_printf(b, _(", and uid %s is neither"), euid);
		return;
	}
	if (!op || strcmp(op, "access") != 0) {
		auxerr__generic_sentence(b, f);
		return;
	}

	const char *cls = auxerr__aux(r, "class");
	struct auxerr_buf p = { 0 };

	auxerr__buf_printf(b, "%s", _("denied by the permissions of "));
	ipc_object(b, f);
	auxerr__buf_printf(b, _(": mode %s, "), mode ? mode : "?");
	ipc_owners(b, f);
	auxerr__buf_printf(b, "%s", "; ");
	if (auxerr__perm_unnamed(&p, auxerr__aux(r, "perm"), 6)) {
		auxerr__buf_printf(b, _("uid %s was refused %s"), euid, p.s ? p.s : "?");
		free(p.s);
		return;
	}
	auxerr__missing_words(&p, r, 0);
	const char *pw = p.s ? p.s : "?";

	if (cls && strcmp(cls, "owner") == 0) {
		const char *ou = auxerr__aux(r, "ouid");

		if (ou && strcmp(ou, euid) != 0)
			auxerr__buf_printf(b, _("uid %s is the creator, which has the owner's permissions, and the owner has no %s permission"),
				  euid, pw);
		else
			auxerr__buf_printf(b, _("uid %s is the owner and the owner has no %s permission"),
				  euid, pw);
	} else if (cls && strcmp(cls, "group") == 0) {
		const char *og = auxerr__aux(r, "ogid"), *cg = auxerr__aux(r, "cgid");

		if (og && cg && strcmp(og, cg) != 0)
			auxerr__buf_printf(b, _("uid %s is in group %s or the creator's group %s and the group has no %s permission"),
				  euid, auxerr__id_name(r, "ogid"), auxerr__id_name(r, "cgid"), pw);
		else
			auxerr__buf_printf(b, _("uid %s is in group %s and the group has no %s permission"),
				  euid, auxerr__id_name(r, "ogid"), pw);
	} else if (cls && strcmp(cls, "other") == 0) {
		auxerr__buf_printf(b, _("uid %s is \"other\" and has no %s permission"),
			  euid, pw);
	} else {
		auxerr__buf_printf(b, _("uid %s (class %s) has no %s permission"), euid,
			  cls ? cls : "?", pw);
	}
	free(p.s);
}

/* "its owner and creator (uid 0, root)" / "its owner (uid 1000, alice),
 * its creator (uid 0, root)" (to which "or root" is added) */
static char *ipc_owners_who(int *oom, unsigned long ou, unsigned long cu)
{
	char *o = auxerr__user_label(oom, ou), *c = NULL, *s;

	if (ou == cu) {
		s = auxerr__xprintf(oom, _("its owner and creator (%s)"), o ? o : "?");
	} else {
		c = auxerr__user_label(oom, cu);
		s = auxerr__xprintf(oom, _("its owner (%s), its creator (%s)"),
			    o ? o : "?", c ? c : "?");
	}
	free(o);
	free(c);
	return s;
}

/*
 * op=access: the object's mode did not grant the class the bits asked.
 * No util-linux command changes an IPC object's mode: the program that
 * owns it does (IPC_SET), or creates it so.  Where the caller is "other"
 * and the group bits would grant it, root adding the caller to the
 * object's group changes no mode at all.
 * op=ctl: the owner or the creator removes it (ipcrm), or root.
 */
static void ipc_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *op = auxerr__aux(r, "op"), *cls = auxerr__aux(r, "class");
	const struct ipc_kind *kind = ipc_kind(r);
	const char *opt = kind->opt;
	const char *id = auxerr__aux(r, "ipc_id"), *key = auxerr__aux(r, "ipc_key");
	unsigned long ou, og, cu, cg, mode, perm, granted, euid, cmd, idn;
	int known = opt != NULL;
	struct auxerr_buf b = { 0 };
	char *owners, *me, *call, *object;

	if (!auxerr__id_num(&f->object.ouid, &ou) || !auxerr__id_num(&f->object.ogid, &og) ||
	    !auxerr__num(auxerr__aux(r, "cuid"), 10, &cu) || !auxerr__num(auxerr__aux(r, "cgid"), 10, &cg) ||
	    !auxerr__id_num(&f->object.mode, &mode) || !auxerr__num(id, 10, &idn) || !key ||
	    !op) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the System V IPC object's owner, creator and mode"));
		auxerr__remedy_say(m, &b);
		return;
	}
	owners = ipc_owners_who(&m->oom, ou, cu);
	/* "... or root" unless root is the owner and the creator */
	if (owners && (ou || cu)) {
		char *o = auxerr__xprintf(&m->oom, _("%s or root"), owners);

		free(owners);
		owners = o;
	}
	{
		struct auxerr_buf ob = { 0 };

		ipc_object(&ob, f);
		object = auxerr__buf_take(&ob, &m->oom);
	}
	call = auxerr__xprintf(&m->oom, kind->set_fmt, id);
	me = auxerr__id_num(&f->subject.euid, &euid) ? auxerr__user_label(&m->oom, euid) : NULL;

	if (strcmp(op, "ctl") == 0) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xstrdup(&m->oom, owners ? owners : "?"),
		    ou == cu ? (long long)ou : -1);
		if (auxerr__num(auxerr__aux(r, "cmd"), 10, &cmd) && cmd == 0) {
			if (known)
				m->command = auxerr__xprintf(&m->oom, "ipcrm %s %lu", opt, idn);
			auxerr__buf_printf(&b, ou == cu ? _("Only %s may remove %s: that user can run the command") :
					   _("Only %s may remove %s: one of them can run the command"),
					   owners ? owners : "?",
					   object ? object : "?");
		} else {
			auxerr__buf_printf(&b, ou == cu ? _("Only %s may change the owner or the mode of %s: a program that runs as that user can do it with %s") :
					   _("Only %s may change the owner or the mode of %s: a program that runs as one of them can do it with %s"),
					   owners ? owners : "?",
					   object ? object : "?", call ? call : "?");
		}
		goto out;
	}
	if (strcmp(op, "access") != 0 || !cls ||
	    !auxerr__num(auxerr__aux(r, "perm"), 10, &perm) ||
	    !auxerr__num(auxerr__aux(r, "granted"), 10, &granted)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the record does not say how %s refused the caller"),
				   object ? object : "?");
		goto out;
	}
	unsigned long miss = auxerr__perm_missing(auxerr__aux(r, "perm"),
						  auxerr__aux(r, "granted"));
	struct auxerr_buf pw = { 0 };

	if (!(miss & 6)) {
		/* ipcperms() asks for read (4) or write (2), never more */
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the record asks for permission bits %03lo (octal) on %s, which are not read or write"),
				   perm, object ? object : "?");
		goto out;
	}
	auxerr__perm_words(&pw, miss, 0);
	char *what = auxerr__buf_take(&pw, &m->oom);

	if (strcmp(cls, "owner") == 0) {
		/* the caller owns or created it: it sets the owner's bits */
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xprintf(&m->oom, _("the caller (%s)"), me ? me : "?"),
		    auxerr__id_num(&f->subject.euid, &euid) ? (long long)euid : -1);
		auxerr__buf_printf(&b, _("The caller owns or created %s and its mode %04lo gives the owner no %s permission: the caller's program can set mode %04lo with %s, or create it so"),
				   object ? object : "?", mode & 0777,
				   what ? what : "?", (mode | miss << 6) & 0777,
				   call ? call : "?");
	} else if (strcmp(cls, "group") == 0) {
		char *g = auxerr__group_label(&m->oom, og);

		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xstrdup(&m->oom, owners ? owners : "?"),
		    ou == cu ? (long long)ou : -1);
		auxerr__buf_printf(&b, _("Mode %04lo of %s gives its group no %s permission, and there is no command to change it: a program running as %s can set mode %04lo with %s, or whoever creates it can create it so"),
				   mode & 0777, object ? object : "?",
				   what ? what : "?", owners ? owners : "?",
				   (mode | miss << 3) & 0777, call ? call : "?");
		if (og == cg) {
			m->weakens = auxerr__xprintf(&m->oom, _("every member of its group (%s) may then %s it"),
					     g ? g : "?", what ? what : "?");
		} else {
			char *g2 = auxerr__group_label(&m->oom, cg);

			m->weakens = auxerr__xprintf(&m->oom, _("every member of its group (%s) and of its creator's group (%s) may then %s it"),
					     g ? g : "?", g2 ? g2 : "?", what ? what : "?");
			free(g2);
		}
		free(g);
	} else {
		/* other: the object's group, if its bits grant it, else a
		 * mode for a group, or for every user */
		char *g = auxerr__group_label(&m->oom, og);
		int named = 0;
		char *user = auxerr__id_num(&f->subject.euid, &euid) ?
			auxerr__user_word(&m->oom, euid, &named) : NULL;

		if (((mode >> 3) & miss) == miss && og != 0) {
			auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND, auxerr__xstrdup(&m->oom, _("root")), 0);
			if (user && named)
				m->command = auxerr__xprintf(&m->oom, "usermod -a -G %lu %s", og, user);
			auxerr__buf_printf(&b, _("Mode %04lo of %s gives its group (%s) %s permission and others none: root can add the caller (%s) to that group, from its next login, if it should have it; else a program running as %s can change the mode with %s"),
					   mode & 0777, object ? object : "?",
					   g ? g : "?", what ? what : "?",
					   me ? me : "?", owners ? owners : "?",
					   call ? call : "?");
			m->weakens = auxerr__xprintf(&m->oom, _("the caller (%s) also gets what group %lu has on every other file and object of that group"),
					     me ? me : "?", og);
		} else {
			auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
			    auxerr__xstrdup(&m->oom, owners ? owners : "?"),
			    ou == cu ? (long long)ou : -1);
			auxerr__buf_printf(&b, _("Mode %04lo of %s gives others no %s permission, and there is no command to change it: a program running as %s can give it a group the caller (%s) is in and mode %04lo with %s, or whoever creates it can create it so; mode %04lo would let every user in"),
					   mode & 0777, object ? object : "?",
					   what ? what : "?", owners ? owners : "?",
					   me ? me : "?", (mode | miss << 3) & 0777,
					   call ? call : "?", (mode | miss) & 0777);
			m->weakens = auxerr__xprintf(&m->oom, _("every member of that group may then %s it (with mode %04lo, every user)"),
					     what ? what : "?", (mode | miss) & 0777);
		}
		free(g);
		free(user);
	}
	free(what);
out:
	auxerr__remedy_say(m, &b);
	free(owners);
	free(object);
	free(call);
	free(me);
}

const struct auxerr_mech auxerr__mech_ipc = {
	.name = "ipc",
	.sentence = ipc_sentence,
	.remedy = ipc_remedy,
};
