// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=key: a key's permission mask (key_task_permission()) did not
 * grant the permission a keyctl() needed.  The mask has four bytes,
 * possessor, user (owner), group and other, each with the bits view,
 * read, write, search, link and setattr; the byte of the caller's class
 * applies, plus the possessor's when the key is in one of its keyrings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

static const char *const key_perms[] = {
	"view", "read", "write", "search", "link", "setattr",
};

#define KEY_PERMS (sizeof(key_perms) / sizeof(key_perms[0]))

/* the bit of need= (one of key_perms), 0 when unknown */
static unsigned long need_bit(const char *need)
{
	for (size_t i = 0; need && i < KEY_PERMS; i++)
		if (strcmp(need, key_perms[i]) == 0)
			return 1UL << i;
	return 0;
}

/* "view, write and search", or "nothing" */
static void perm_list(struct auxerr_buf *b, unsigned long bits)
{
	size_t n = 0, done = 0;

	for (size_t i = 0; i < KEY_PERMS; i++)
		n += !!(bits & (1UL << i));
	if (!n) {
		auxerr__buf_str(b, _("nothing"));
		return;
	}
	for (size_t i = 0; i < KEY_PERMS; i++) {
		if (!(bits & (1UL << i)))
			continue;
		if (done)
			auxerr__buf_str(b, done + 1 == n ? _(" and ") : ", ");
		auxerr__buf_str(b, key_perms[i]);
		done++;
	}
}

struct key_facts {
	const char *serial, *type, *need, *class;
	unsigned long perm, granted, needbit;
	int possessed, ok;
};

static void key_decode(const struct auxerr_facts *f, struct key_facts *k)
{
	const struct auxerr_record *r = f->rec;
	const char *p = auxerr__aux(r, "possessed");

	memset(k, 0, sizeof(*k));
	k->serial = auxerr__aux(r, "key_serial");
	k->type = auxerr__auxi(r, "key_type");
	k->need = auxerr__aux(r, "need");
	k->class = auxerr__aux(r, "class");
	k->possessed = p && strcmp(p, "yes") == 0;
	k->needbit = need_bit(k->need);
	k->ok = k->serial && k->class && k->needbit &&
		auxerr__num(auxerr__aux(r, "key_perm"), 16, &k->perm) &&
		auxerr__num(auxerr__aux(r, "granted"), 16, &k->granted);
}

static void key_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *uid = auxerr__id_said(&f->subject.fsuid);
	const char *desc = auxerr__auxi(r, "key_desc");
	struct key_facts k;

	key_decode(f, &k);
	auxerr__buf_printf(b, _("denied by the permissions of key %s (%s"),
			   k.serial ? k.serial : "?", k.type ? k.type : "?");
	if (desc)
		auxerr__buf_printf(b, " \"%s\"", desc);
	auxerr__buf_printf(b, _("): owner %s, group %s, mask %s; "),
			   auxerr__id_name(r, "ouid"), auxerr__id_name(r, "ogid"),
			   auxerr__aux(r, "key_perm") ? auxerr__aux(r, "key_perm") : "?");
	if (k.class && strcmp(k.class, "user") == 0)
		auxerr__buf_printf(b, _("uid %s owns it"), uid);
	else if (k.class && strcmp(k.class, "group") == 0)
		auxerr__buf_printf(b, _("uid %s is in its group"), uid);
	else
		auxerr__buf_printf(b, _("uid %s is \"other\" to it"), uid);
	auxerr__buf_str(b, k.possessed ?
			_(" and possesses it (it is in one of its keyrings)") :
			_(" and does not possess it"));
	auxerr__buf_str(b, _(", which grants "));
	perm_list(b, k.granted);
	auxerr__buf_printf(b, _(", not %s"), k.need ? k.need : "?");
}

/*
 * The owner adds the bit to the byte that applied (keyctl setperm), if
 * it may: setperm needs setattr, from the owner's byte or, in a shell
 * that possesses the key, the possessor's.  For "other" that gives the
 * permission to every user who can name the key: it weakens.
 */
static void key_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	struct auxerr_buf b = { 0 };
	struct key_facts k;
	unsigned long ouid = 0, fsuid = 0, want;
	int shift, own, *oom = &m->oom;
	char *ulabel = NULL;

	key_decode(f, &k);
	if (!k.ok || !auxerr__id_num(&f->object.ouid, &ouid) ||
	    !auxerr__id_num(&f->subject.fsuid, &fsuid)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record lacks the facts a remedy needs (key_serial, key_perm, need, class, granted)"));
		auxerr__remedy_say(m, &b);
		return;
	}
	own = strcmp(k.class, "user") == 0;
	shift = own ? 16 : strcmp(k.class, "group") == 0 ? 8 : 0;
	want = k.perm | (k.needbit << shift);
	/* the owner's setattr: its own byte, or the possessor's */
	if (!((k.perm >> 16) & 0x20) && !((k.perm >> 24) & 0x20)) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No one may change the permissions of key %s: its mask grants setattr neither to its owner nor to a possessor; its owner can make the key anew with the permissions wanted"),
				   k.serial);
		auxerr__remedy_say(m, &b);
		return;
	}
	m->command = auxerr__xprintf(oom, "keyctl setperm %s 0x%08lx", k.serial, want);
	ulabel = auxerr__user_label(oom, ouid);
	if (own) {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xprintf(oom, _("the caller (%s), the key's owner"),
						   ulabel ? ulabel : "?"),
				   (long long)ouid);
		auxerr__buf_printf(&b, _("The caller (%s) owns key %s and may give its owner's byte %s permission"),
				   ulabel ? ulabel : "?", k.serial, k.need);
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
				   auxerr__xprintf(oom, _("the key's owner (%s)"),
						   ulabel ? ulabel : "?"),
				   (long long)ouid);
		auxerr__buf_printf(&b, _("The key's owner (%s) can give the %s byte of key %s %s permission%s"),
				   ulabel ? ulabel : "?",
				   shift ? _("group") : _("other"), k.serial, k.need,
				   (k.perm >> 16) & 0x20 ? "" :
				   _(", from a shell that possesses the key"));
		m->weakens = shift ?
			auxerr__xprintf(oom, _("every member of the key's group (%s) may then %s key %s"),
					auxerr__id_name(f->rec, "ogid"), k.need, k.serial) :
			auxerr__xprintf(oom, _("every user who knows its serial may then %s key %s, not only uid %lu"),
					k.need, k.serial, fsuid);
	}
	auxerr__remedy_say(m, &b);
	free(ulabel);
}

const struct auxerr_mech auxerr__mech_key = {
	.name = "key",
	.sentence = key_sentence,
	.remedy = key_remedy,
};
