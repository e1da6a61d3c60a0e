// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=ping: net.ipv4.ping_group_range (ping_init_sock()).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* the range as the record gives it and where the caller's group stands:
 * one reading for the sentence and the remedy */
struct ping_range {
	int known;		/* group_low= and group_high= are numbers */
	unsigned long lo, hi;
	int empty;		/* hi < lo, as the kernel's default "1 0" */
	int gid_in;		/* egid lies in it: the record is stale */
};

static int group_number(const char *s, unsigned long *v)
{
	return s && *s >= '0' && *s <= '9' && auxerr__num(s, 10, v);
}

static struct ping_range ping_range(const struct auxerr_facts *f)
{
	struct ping_range p = { 0 };
	const struct auxerr_num *gid = &f->subject.egid;

	p.known = group_number(auxerr__aux(f->rec, "group_low"), &p.lo) &&
		  group_number(auxerr__aux(f->rec, "group_high"), &p.hi);
	p.empty = p.known && p.hi < p.lo;
	p.gid_in = p.known && gid->ok && p.lo <= gid->v && gid->v <= p.hi;
	return p;
}

/*
 * "denied by net.ipv4.ping_group_range = 100 200: an ICMP echo (ping)
 * socket is open only to a process whose group or a supplementary group
 * lies in that range, and neither gid 65534 (nogroup) nor any
 * supplementary group of the process does"; "..., and the range is
 * empty" when it is (the kernel's default, 1 0).  The supplementary
 * groups are not in the record: the refusal proves none is in range.
 */
static void ping_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	const char *policy = auxerr__aux(r, "policy");
	const char *lo = auxerr__aux(r, "group_low"), *hi = auxerr__aux(r, "group_high");
	const char *egid = f->subject.egid.text;
	const char *gname = f->subject.egid_name;
	const char *a0 = auxerr__sys(r, "a0");
	struct ping_range p = ping_range(f);

	if (!policy || !*policy)
		policy = "net.ipv4.ping_group_range";
	auxerr__buf_printf(b, _("denied by %s = %s %s"), policy, lo ? lo : "?",
		  hi ? hi : "?");
	if (a0 && strcmp(a0, "a") == 0)	/* AF_INET6 */
		auxerr__buf_printf(b, "%s", _(", which governs IPv6 too"));
	auxerr__buf_printf(b, "%s", _(": an ICMP echo (ping) socket is open only to a process whose group or a supplementary group lies in that range"));
	if (p.empty) {
		auxerr__buf_printf(b, "%s", _(", and the range is empty"));
	} else if (f->subject.egid.ok && !p.gid_in) {
		if (gname && *gname && strcmp(gname, egid) != 0 &&
		    strncmp(gname, "unknown(", 8) != 0)
			auxerr__buf_printf(b, _(", and neither gid %s (%s) nor any supplementary group of the process does"),
				  egid, gname);
		else
			auxerr__buf_printf(b, _(", and neither gid %s nor any supplementary group of the process does"),
				  egid);
	} else {
		auxerr__buf_printf(b, "%s", _(", and no group of the process did"));
	}
}

/*
 * ping_init_sock() refused an ICMP echo socket: neither the caller's
 * group nor a supplementary group lies in net.ipv4.ping_group_range (per
 * network namespace, IPv6 too).  No capability overrides it.  The least
 * change to the system: the smallest range that holds the old one (if it
 * is not empty) and the caller's group.  Else a group in the range for
 * the user, or CAP_NET_RAW for a program that falls back to a raw socket
 * as ping does (much more).
 */
static void ping_remedy(struct auxerr_remedy *m, const struct auxerr_facts *f)
{
	const struct auxerr_record *r = f->rec;
	struct ping_range p = ping_range(f);
	unsigned long lo = p.lo, hi = p.hi, gid = f->subject.egid.v, euid, nl, nh;
	int empty = p.empty, named = 0;
	char *g, *user, *exe, *qexe, *in;
	struct auxerr_buf b = { 0 };

	if (!p.known) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not give the range of net.ipv4.ping_group_range"));
		auxerr__remedy_say(m, &b);
		return;
	}
	if (!f->subject.egid.ok) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_str(&b, _("The record does not name the caller's group"));
		auxerr__remedy_say(m, &b);
		return;
	}
	if (p.gid_in) {
		auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
		auxerr__buf_printf(&b, _("No remedy: gid %lu lies in net.ipv4.ping_group_range = %lu %lu as the record gives it, so the process's group or the range has changed since"),
				   gid, lo, hi);
		auxerr__remedy_say(m, &b);
		return;
	}
	nl = empty || gid < lo ? gid : lo;
	nh = empty || gid > hi ? gid : hi;
	g = auxerr__group_paren(&m->oom, gid);
	exe = auxerr__decode(&m->oom, auxerr__sys(r, "exe"));
	qexe = exe && exe[0] == '/' ? auxerr__quoted(&m->oom, exe) : NULL;
	auxerr__remedy_set(m, AUXERR_REMEDY_POLICY, auxerr__xstrdup(&m->oom, _("root")), 0);
	m->command = auxerr__xprintf(&m->oom, "sysctl -w net.ipv4.ping_group_range=\"%lu %lu\"",
			     nl, nh);
	if (empty) {
		auxerr__buf_printf(&b, _("The range net.ipv4.ping_group_range = %lu %lu is empty: no process may open an ICMP echo (ping) socket, whatever its groups or capabilities; "),
				   lo, hi);
	} else {
		euid = f->subject.euid.v;
		user = f->subject.euid.ok ?
			auxerr__user_word(&m->oom, euid, &named) : NULL;
		char *gl = auxerr__group_label(&m->oom, gid);

		auxerr__buf_printf(&b, _("The range net.ipv4.ping_group_range = %lu %lu takes in neither the caller's group (%s) nor any of its supplementary groups: root can make the user a member of a group whose gid lies in %lu..%lu (usermod -a -G GROUP %s), from its next login; "),
				   lo, hi, gl ? gl : "?", lo, hi,
				   named && user ? user : "USER");
		free(user);
		free(gl);
	}
	auxerr__buf_printf(&b, _("if the program falls back to a raw socket as ping does, root can give it CAP_NET_RAW (setcap cap_net_raw+ep %s), with which it may send and receive any raw packet, much more than it needs; "),
			   qexe ? qexe : "PROGRAM");
	if (empty)
		auxerr__buf_printf(&b, _("the least change: root sets the range to the caller's group alone, %s, in this network namespace (a container sets its own), and persists it with the line \"net.ipv4.ping_group_range = %lu %lu\" in a file under /etc/sysctl.d/"),
				   g ? g : "?", nl, nh);
	else
		auxerr__buf_printf(&b, _("the least change to the system: root widens the range to %lu %lu, the least that also takes in %s, in this network namespace (a container sets its own), and persists it with the line \"net.ipv4.ping_group_range = %lu %lu\" in a file under /etc/sysctl.d/"),
				   nl, nh, g ? g : "?", nl, nh);
	in = nl == nh ? auxerr__xprintf(&m->oom, _("is %s"), g ? g : "?") :
		auxerr__xprintf(&m->oom, _("lies in %lu..%lu"), nl, nh);
	m->weakens = auxerr__xprintf(&m->oom, _("every process whose group or a supplementary group %s may then open ICMP echo sockets (send pings and receive their replies, no raw packets), a low cost: systemd's default range, 0 2147483647, takes in every group"),
			     in ? in : "?");
	auxerr__remedy_say(m, &b);
	free(in);
	free(g);
	free(exe);
	free(qexe);
}

const struct auxerr_mech auxerr__mech_ping = {
	.name = "ping",
	.sentence = ping_sentence,
	.remedy = ping_remedy,
};
