// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=capset: the capability-set and securebits rules (capset(2),
 * prctl).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/*
 * A capability set as auparse interprets it ("chown,net_raw", "none"):
 * "CAP_CHOWN, CAP_NET_RAW", "none"; the raw value when auparse does not
 * name it.
 */
static void cap_set_names(struct auxerr_buf *b, const struct auxerr_facts *f,
			  const char *field)
{
	const struct auxerr_record *r = f->rec;
	const char *i = auxerr__auxi(r, field), *raw = auxerr__aux(r, field);

	if (!i || !raw) {
		auxerr__buf_printf(b, "%s", "?");
		return;
	}
	if (strcmp(i, "none") == 0) {
		auxerr__buf_printf(b, "%s", _("none"));
		return;
	}
	if (strcmp(i, raw) == 0 || strspn(i, "abcdefghijklmnopqrstuvwxyz_0123456789,") != strlen(i)) {
		auxerr__buf_printf(b, "%s", raw);
		return;
	}
	auxerr__buf_printf(b, "CAP_");
	for (const char *p = i; *p; p++) {
		if (*p == ',')
			auxerr__buf_printf(b, ", CAP_");
		else
			auxerr__buf_printf(b, "%c", *p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
	}
}

/* the record's capability is in the set @field (16 hex digits): 1, 0,
 * or -1 when either is not known */
static int cap_in_set(const struct auxerr_facts *f, const char *field)
{
	const char *v = auxerr__aux(f->rec, field);
	unsigned long long set;
	unsigned long c;
	char *end;

	if (!v || !*v || !auxerr__id_num(&f->subject.cap, &c) || c > 63)
		return -1;
	set = strtoull(v, &end, 16);
	if (*end)
		return -1;
	return (int)((set >> c) & 1);
}

static const char *const secbit_names[] = {
	"SECBIT_NOROOT", "SECBIT_NO_SETUID_FIXUP", "SECBIT_KEEP_CAPS",
	"SECBIT_NO_CAP_AMBIENT_RAISE", "SECBIT_EXEC_RESTRICT_FILE",
	"SECBIT_EXEC_DENY_INTERACTIVE",
};

/*
 * The securebits a refused change would alter although locked: bit pair
 * i (base 2i, lock 2i+1) when its lock is set and the base or the lock
 * would change.  op=keepcaps: SECBIT_KEEP_CAPS.  A mask of pairs.
 */
static unsigned locked_pairs(const struct auxerr_record *r)
{
	const char *op = auxerr__aux(r, "op");
	unsigned long old, new;
	char *end;
	unsigned mask = 0;

	if (op && strcmp(op, "keepcaps") == 0)
		return 1u << 2;
	if (!auxerr__aux(r, "securebits") || !auxerr__aux(r, "new_securebits"))
		return 0;
	old = strtoul(auxerr__aux(r, "securebits"), &end, 10);
	if (*end)
		return 0;
	new = strtoul(auxerr__aux(r, "new_securebits"), &end, 10);
	if (*end)
		return 0;
	for (unsigned i = 0; i < sizeof(secbit_names) / sizeof(secbit_names[0]); i++)
		if ((old >> (2 * i + 1) & 1) && ((old ^ new) >> (2 * i) & 3))
			mask |= 1u << i;
	return mask;
}

static void capset_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *rule = auxerr__aux(r, "rule");

	if (!rule)
		rule = "";
	if (strcmp(rule, "permitted_not_held") == 0) {
		auxerr__buf_printf(b, "%s", _("a process can only drop capabilities from its permitted set, never add them: "));
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(" is not among those it holds ("));
		cap_set_names(b, f, "cap_pp");
		auxerr__buf_printf(b, ")");
	} else if (strcmp(rule, "effective_not_permitted") == 0) {
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(" cannot be made effective: it is not in the permitted set ("));
		cap_set_names(b, f, "new_pp");
		auxerr__buf_printf(b, ")");
	} else if (strcmp(rule, "inheritable_not_bounding") == 0) {
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(" was removed from this session's bounding set (by whoever started it), so no process below can make it inheritable again"));
	} else if (strcmp(rule, "inheritable_not_permitted") == 0) {
		auxerr__buf_printf(b, "%s", _("adding "));
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(" to the inheritable set needs it in the permitted set ("));
		cap_set_names(b, f, "cap_pp");
		auxerr__buf_printf(b, "%s", _(") or CAP_SETPCAP, and this process has neither"));
	} else if (strcmp(rule, "ambient_not_permitted") == 0 ||
		   strcmp(rule, "ambient_not_inheritable") == 0) {
		int pi = cap_in_set(f, "cap_pi");

		auxerr__buf_printf(b, "%s", _("raising "));
		auxerr__cap_name(b, f);
		auxerr__buf_printf(b, "%s", _(" into the ambient set needs it in both the permitted and the inheritable set: "));
		if (strcmp(rule, "ambient_not_permitted") == 0 && pi == 0) {
			auxerr__buf_printf(b, "%s", _("it is in neither (permitted: "));
			cap_set_names(b, f, "cap_pp");
			auxerr__buf_printf(b, "%s", _("; inheritable: "));
			cap_set_names(b, f, "cap_pi");
			auxerr__buf_printf(b, ")");
		} else if (strcmp(rule, "ambient_not_permitted") == 0) {
			auxerr__buf_printf(b, "%s", _("it is not in the permitted set ("));
			cap_set_names(b, f, "cap_pp");
			auxerr__buf_printf(b, ")");
		} else {
			auxerr__buf_printf(b, "%s", _("it is not in the inheritable set ("));
			cap_set_names(b, f, "cap_pi");
			auxerr__buf_printf(b, ")");
		}
	} else if (strcmp(rule, "no_ambient_raise") == 0) {
		const char *sbits = auxerr__aux(r, "securebits");
		char *end;
		unsigned long v = sbits ? strtoul(sbits, &end, 10) : 0;

		auxerr__buf_printf(b, "%s", _("SECBIT_NO_CAP_AMBIENT_RAISE forbids raising ambient capabilities in this process and its children"));
		if (sbits && *sbits && !*end && (v & 0x80))
			auxerr__buf_printf(b, "%s", _(", and it is locked (SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)"));
	} else if (strcmp(rule, "locked") == 0) {
		unsigned mask = locked_pairs(r), n = 0, k = 0;
		const size_t nb = sizeof(secbit_names) / sizeof(secbit_names[0]);

		for (size_t i = 0; i < nb; i++)
			n += mask >> i & 1;
		if (!n) {
			auxerr__buf_printf(b, "%s", _("a securebit that would change is locked: no process can change it, here or in children"));
			return;
		}
		for (size_t i = 0; i < nb; i++)
			if (mask >> i & 1)
				auxerr__buf_printf(b, "%s%s", k++ ? (k == n ? _(" and ") : ", ") : "",
					  secbit_names[i]);
		auxerr__buf_printf(b, "%s", n == 1 ? _(" is locked (") : _(" are locked ("));
		k = 0;
		for (size_t i = 0; i < nb; i++)
			if (mask >> i & 1)
				auxerr__buf_printf(b, "%s%s_LOCKED", k++ ? ", " : "", secbit_names[i]);
		auxerr__buf_printf(b, "%s", n == 1 ?
			  _("): no process can change it, here or in children") :
			  _("): no process can change them, here or in children"));
	} else if (strcmp(rule, "unknown_bits") == 0) {
		const char *nsb = auxerr__aux(r, "new_securebits");

		auxerr__buf_printf(b, _("the securebits asked for (%s) include bits this kernel does not know"),
			  nsb ? nsb : "?");
	} else if (strcmp(rule, "no_setpcap") == 0) {
		auxerr__buf_printf(b, "%s", _("changing securebits needs "));
		auxerr__cap_or(b, f, "CAP_SETPCAP");
		auxerr__buf_printf(b, "%s", _(", and uid "));
		auxerr__buf_str(b, auxerr__id_said(&f->subject.euid));
		auxerr__buf_printf(b, "%s", _(" does not have it"));
	} else if (strcmp(rule, "other_process") == 0) {
		auxerr__buf_printf(b, "%s", _("capset() can change only the caller's own capabilities (since Linux 2.6.25)"));
	} else {
		auxerr__generic_sentence(b, f);
	}
}

/*
 * A process may only lower its own capability sets (cap_capset(),
 * prctl's securebits and ambient rules).  Where the capability is what
 * is missing, root gives one run of the program that one capability
 * (setpriv puts it in the permitted, inheritable and ambient sets);
 * where a lock or the bounding set inherited from the session decides,
 * only a process started outside it escapes it: POLICY, with its cost.
 */
static void capset_remedy(struct auxerr_remedy *m,
			  const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *rule = auxerr__aux(r, "rule") ? auxerr__aux(r, "rule") : "";
	const char *cap = f->subject.cap_name;
	char *CAP = cap ? auxerr__cap_upper(&m->oom, cap) : NULL;
	const char *euid = f->subject.euid.text ? f->subject.euid.text : "?";
	struct auxerr_buf b = { 0 };

	if (strcmp(rule, "effective_not_permitted") == 0) {
		/* new pE within new pP: whatever the process holds, this
		 * call can never succeed as made */
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		if (cap_in_set(f, "cap_pp") == 1)
			auxerr__buf_printf(&b, _("The program asks to make %s effective while dropping it from its permitted set in the same call: only a change to its capset() call allows it"),
					   CAP ? CAP : "?");
		else
			auxerr__buf_printf(&b, _("The program asks to make %s effective without it in the permitted set it asks for, which no process may do: only a change to its capset() call allows it (and, as it does not hold %s, the capability given to it when it starts)"),
					   CAP ? CAP : "?", CAP ? CAP : "?");
	} else if (strcmp(rule, "permitted_not_held") == 0 ||
		   strcmp(rule, "inheritable_not_permitted") == 0 ||
		   strcmp(rule, "ambient_not_permitted") == 0 ||
		   strcmp(rule, "no_ambient_raise") == 0 ||
		   strcmp(rule, "no_setpcap") == 0) {
		char *why;

		if (!cap) {
			auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
			auxerr__buf_printf(&b, _("No remedy: capability %s has no name here"),
					   f->subject.cap.text ? f->subject.cap.text : "?");
			goto out;
		}
		if (strcmp(rule, "no_setpcap") == 0)
			why = auxerr__xprintf(&m->oom, _("Changing securebits needs %s"),
				      CAP ? CAP : "?");
		else if (strcmp(rule, "no_ambient_raise") == 0)
			why = auxerr__xprintf(&m->oom, "%s", _("SECBIT_NO_CAP_AMBIENT_RAISE forbids ambient capabilities in this process and its children, but not in a program root starts anew"));
		else
			why = auxerr__xprintf(&m->oom, _("A process cannot give itself %s, only receive it when the program starts"),
				      CAP ? CAP : "?");
		auxerr__one_capability(m, f, &b, cap, why);
		free(why);
	} else if (strcmp(rule, "ambient_not_inheritable") == 0) {
		/* in pP: the program may add it to pI itself first */
		unsigned long u;

		auxerr__remedy_set(m, AUXERR_REMEDY_COMMAND,
		    auxerr__xprintf(&m->oom, _("the program itself (uid %s)"), euid),
		    auxerr__num(euid, 10, &u) ? (long long)u : -1);
		auxerr__buf_printf(&b, _("%s is in the process's permitted set, so the program may add it to its inheritable set itself, and then raise it into the ambient set (setpriv --inh-caps=+%s --ambient-caps=+%s; capsh --inh=cap_%s --addamb=cap_%s)"),
				   CAP ? CAP : "?", cap ? cap : "?", cap ? cap : "?",
				   cap ? cap : "?", cap ? cap : "?");
	} else if (strcmp(rule, "inheritable_not_bounding") == 0) {
		auxerr__remedy_set(m, AUXERR_REMEDY_POLICY,
		    auxerr__xstrdup(&m->oom, _("whoever starts the session (its bounding set is inherited)")), -1);
		auxerr__buf_printf(&b, _("%s was dropped from the bounding set by a process this one descends from, and no process can put it back: the program must be started from a session whose bounding set keeps %s (for a systemd service, CapabilityBoundingSet= must list it)"),
				   CAP ? CAP : "?", CAP ? CAP : "?");
		m->weakens = auxerr__xprintf(&m->oom, _("processes of that session may then gain %s again (through file capabilities or setuid-root programs), which dropping it from the bounding set prevents"),
				     CAP ? CAP : "?");
	} else if (strcmp(rule, "locked") == 0) {
		auxerr__remedy_set(m, AUXERR_REMEDY_POLICY,
		    auxerr__xstrdup(&m->oom, _("whoever starts this process tree with the lock (systemd's SecureBits=, capsh --secbits)")), -1);
		auxerr__buf_str(&b, _("A locked securebit stays as it is in this process and every process it starts, even root's: only a program started outside this process tree, without the lock, can change it"));
		m->weakens = auxerr__xstrdup(&m->oom, _("processes started without the lock may change the securebit, which the lock keeps fixed for the whole process tree"));
	} else if (strcmp(rule, "unknown_bits") == 0) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("No remedy: the program asks for securebits this kernel does not know; only a change to the program (or a kernel that knows them) allows it"));
	} else if (strcmp(rule, "other_process") == 0) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("No remedy: no process may change another process's capabilities; the program must call capset() on itself (pid 0), or the other process be started with the capabilities it needs"));
	} else {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: the capability-set rule \"%s\" is not known here"),
				   rule);
	}
out:
	auxerr__remedy_say(m, &b);
	free(CAP);
}

const struct auxerr_mech auxerr__mech_capset = {
	.name = "capset",
	.sentence = capset_sentence,
	.remedy = capset_remedy,
};
