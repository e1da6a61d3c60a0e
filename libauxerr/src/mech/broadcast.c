// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * mechanism=broadcast: a datagram to an IPv4 broadcast address from a
 * socket without SO_BROADCAST (udp_sendmsg(), raw_sendmsg(),
 * ping_v4_sendmsg(), connect()).
 */
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* "a UDP socket", "an ICMP echo (ping) socket", "a raw socket" */
static const char *socket_words(const struct auxerr_facts *f)
{
	const char *type = auxerr__aux(f->rec, "sock_type");
	const char *proto = auxerr__aux(f->rec, "protocol");

	if (type && strcmp(type, "3") == 0)
		return _("a raw socket");
	if (proto && strcmp(proto, "17") == 0)
		return _("a UDP socket");
	if (proto && strcmp(proto, "1") == 0)
		return _("an ICMP echo (ping) socket");
	return _("a datagram socket");
}

static int is_ping(const struct auxerr_facts *f)
{
	const char *type = auxerr__aux(f->rec, "sock_type");
	const char *proto = auxerr__aux(f->rec, "protocol");

	return type && proto && strcmp(type, "2") == 0 &&
	       strcmp(proto, "1") == 0;
}

/* "255.255.255.255 is a broadcast address, and a UDP socket may send to
 * one only with SO_BROADCAST set, which this one does not have" */
static void broadcast_sentence(struct auxerr_buf *b,
			       const struct auxerr_facts *f)
{
	const char *daddr = auxerr__aux(f->rec, "daddr");

	auxerr__buf_printf(b, _("%s is a broadcast address, and %s may %s one only once the program has set SO_BROADCAST on it, which it has not; no privilege is missing"),
			   daddr ? daddr : _("the destination"), socket_words(f),
			   strcmp(f->syscall, "connect") == 0 ?
			   _("be connected to") : _("send to"));
}

/*
 * Only the program can set the option; no capability or permission
 * allows a broadcast without it.  ping has an option that does.
 */
static void broadcast_remedy(struct auxerr_remedy *m,
			     const struct auxerr_facts *f)
{
	struct auxerr_buf b = { 0 };
	char *exe = auxerr__decode(&m->oom, auxerr__sys(f->rec, "exe"));

	auxerr__remedy_set(m, AUXERR_REMEDY_NONE, NULL, -1);
	auxerr__buf_printf(&b, _("The program (%s) must ask for broadcasting before it sends: setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one)) on the socket"),
			   exe ? exe : "?");
	if (is_ping(f))
		auxerr__buf_str(&b, _("; ping does so with its -b option"));
	auxerr__buf_str(&b, _("; or send to the one host meant instead of the broadcast address"));
	auxerr__remedy_say(m, &b);
	free(exe);
}

const struct auxerr_mech auxerr__mech_broadcast = {
	.name = "broadcast",
	.sentence = broadcast_sentence,
	.remedy = broadcast_remedy,
};
