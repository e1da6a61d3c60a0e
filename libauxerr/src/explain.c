// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr_explain(): one sentence per record, naming the deciding fact.
 *
 *   <syscall> <path>: denied by <mechanism>: <facts>
 *
 * The record is decoded once (facts.c) and its mechanism's entry in the
 * table (mech.h) writes what follows the colon.  Here: that frame, and
 * the pieces of sentence more than one mechanism uses.
 *
 * Every piece of text a person reads goes through _() (dgettext, domain
 * "auxerr"); field values are auparse's interpretations (control
 * characters escaped).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mech.h"
#include "text.h"

/* "CAP_CHOWN"; "capability 99" for a number auparse has no name for */
void auxerr__cap_name(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	const struct auxerr_subject *s = &f->subject;

	if (s->CAP)
		auxerr__buf_str(b, s->CAP);
	else if (s->cap.text && auxerr__auxi(f->rec, "capability"))
		auxerr__buf_printf(b, _("capability %s"), s->cap.text);
	else
		auxerr__buf_str(b, _("an unknown capability"));
}

void auxerr__cap_and_lack(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	auxerr__cap_name(b, f);
	auxerr__buf_str(b, _(", and uid "));
	auxerr__buf_str(b, auxerr__id_said(&f->subject.euid));
	auxerr__buf_str(b, _(" does not have it"));
}

void auxerr__cap_or(struct auxerr_buf *b, const struct auxerr_facts *f,
		    const char *fallback)
{
	if (f->subject.cap.text)
		auxerr__cap_name(b, f);
	else
		auxerr__buf_str(b, fallback);
}

void auxerr__facts_list(struct auxerr_buf *b, const struct auxerr_facts *f,
			const char *const *skip)
{
	int first = 1;

	for (unsigned i = 0;; i++) {
		/* walk the AUXERR record's fields in order */
		const char *name = NULL, *val = NULL;
		if (auxerr__aux_field_at(f->rec, i, &name, &val) < 0)
			break;
		if (strcmp(name, "type") == 0 || strcmp(name, "mechanism") == 0 ||
		    strcmp(name, "inode") == 0 || strcmp(name, "dev") == 0 ||
		    strcmp(name, "lsm_audited") == 0 ||
		    strncmp(name, "creator_", 8) == 0 ||
		    strcmp(name, "domain") == 0)
			continue;	/* the creator and silence: said apart */
		int skipped = 0;
		for (const char *const *s = skip; s && *s; s++)
			if (strcmp(*s, name) == 0)
				skipped = 1;
		if (skipped)
			continue;
		auxerr__buf_printf(b, "%s%s=%s", first ? " (" : ", ", name, val);
		first = 0;
	}
	if (!first)
		auxerr__buf_str(b, ")");
}

void auxerr__generic_sentence(struct auxerr_buf *b, const struct auxerr_facts *f)
{
	auxerr__buf_printf(b, _("denied by the mechanism \"%s\""), f->mechanism);
	auxerr__facts_list(b, f, NULL);
}

/*
 * The address of the SOCKADDR record, from auparse's interpretation of
 * saddr= ("{ saddr_fam=inet laddr=0.0.0.0 lport=80 }"): "0.0.0.0 port
 * 80", "[::1] port 80", a socket path, "@name" for an abstract unix
 * socket (its raw address starts with a NUL byte).  NULL when there is no
 * SOCKADDR record or nothing to name.
 */
static char *sockaddr_text(const struct auxerr_record *r)
{
	const char *in = auxerr_record_interpret(r, "SOCKADDR", "saddr");
	const char *raw = auxerr_record_field(r, "SOCKADDR", "saddr");
	char fam[32] = "", addr[256] = "", port[16] = "", path[256] = "";
	const char *p;
	char *s = NULL;

	if (!in || !raw || in[0] != '{')
		return NULL;
	for (p = in + 1; *p;) {
		const char *eq, *end;
		char *dst = NULL;
		size_t cap = 0, n;

		while (*p == ' ')
			p++;
		eq = strchr(p, '=');
		if (!eq || *p == '}')
			break;
		/* a path may hold spaces: it runs to the closing " }" */
		if ((size_t)(eq - p) == 4 && strncmp(p, "path", 4) == 0) {
			end = strstr(eq, " }");
			if (!end)
				end = eq + strlen(eq);
		} else {
			end = strchr(eq, ' ');
			if (!end)
				end = eq + strlen(eq);
		}
		n = (size_t)(end - eq - 1);
		if ((size_t)(eq - p) == 9 && strncmp(p, "saddr_fam", 9) == 0)
			dst = fam, cap = sizeof(fam);
		else if ((size_t)(eq - p) == 5 && strncmp(p, "laddr", 5) == 0)
			dst = addr, cap = sizeof(addr);
		else if ((size_t)(eq - p) == 5 && strncmp(p, "lport", 5) == 0)
			dst = port, cap = sizeof(port);
		else if ((size_t)(eq - p) == 4 && strncmp(p, "path", 4) == 0)
			dst = path, cap = sizeof(path);
		if (dst && n < cap) {
			memcpy(dst, eq + 1, n);
			dst[n] = '\0';
		}
		p = end;
	}
	if (strcmp(fam, "inet") == 0 && *addr && *port) {
		if (asprintf(&s, _("%s port %s"), addr, port) < 0)
			s = NULL;
	} else if (strcmp(fam, "inet6") == 0 && *addr && *port) {
		if (asprintf(&s, _("[%s] port %s"), addr, port) < 0)
			s = NULL;
	} else if (strcmp(fam, "local") == 0 && *path) {
		/* sun_family 0x0001 little-endian, then a NUL: abstract */
		int abstract = strlen(raw) > 6 && strncmp(raw + 4, "00", 2) == 0;

		if (asprintf(&s, "%s%s", abstract ? "@" : "", path) < 0)
			s = NULL;
	}
	return s;
}


static char *build(const struct auxerr_record *r)
{
	struct auxerr_buf b = { 0 };
	struct auxerr_facts f;
	const struct auxerr_mech *m;
	char *addr;

	auxerr__text_domain();
	if (auxerr__facts_decode(&f, r) < 0) {
		auxerr__facts_free(&f);
		return NULL;
	}
	addr = sockaddr_text(r);
	auxerr__buf_str(&b, f.syscall);
	if (addr)
		auxerr__buf_printf(&b, " %s", addr);
	else if (f.shown_name)
		auxerr__buf_printf(&b, " %s", f.shown_name);
	free(addr);
	auxerr__buf_str(&b, ": ");
	m = auxerr__mech(f.mechanism);
	if (m)
		m->sentence(&b, &f);
	else
		auxerr__generic_sentence(&b, &f);
	auxerr__facts_free(&f);
	if (b.oom) {
		free(b.s);
		errno = ENOMEM;
		return NULL;
	}
	return b.s;
}

AUXERR_API ssize_t auxerr_explain_r(const struct auxerr_record *rec, char *buf,
				    size_t len)
{
	int saved = errno;
	char *s;
	size_t n;

	if (!rec || (!buf && len)) {
		errno = EINVAL;
		return -1;
	}
	s = build(rec);
	if (!s)
		return -1;
	n = strlen(s);
	if (len) {
		size_t c = n < len - 1 ? n : len - 1;
		memcpy(buf, s, c);
		buf[c] = '\0';
	}
	free(s);
	errno = saved;
	return (ssize_t)n;
}

AUXERR_API const char *auxerr_explain(struct auxerr_record *rec)
{
	int saved = errno;
	char *s;

	if (!rec) {
		errno = EINVAL;
		return NULL;
	}
	s = build(rec);
	if (!s)
		return NULL;
	auxerr__record_set_explanation(rec, s);
	errno = saved;
	return s;
}
