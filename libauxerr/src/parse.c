// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * auxerr_record_parse(): an event text through libauparse (AUSOURCE_BUFFER,
 * the state of auparse.c) into the opaque record of record.c.
 *
 * What libauparse 3.0.9 (Debian 12) does with the AUXERR record, found by
 * experiment (tests/unit checks the parts we rely on):
 *  - "type=UNKNOWN[1340]" parses as a record of type 1340
 *    (audit_name_to_msg_type("UNKNOWN[1340]") == 1340), but
 *    auparse_get_type_name() returns NULL for it; we call it "AUXERR".
 *  - Its fields are interpreted by field name, as in any record:
 *    perm=4 -> "read", mode=0100600 -> "file,600", ouid=0 -> "root",
 *    capability=0 -> "chown"; unknown names (class, granted, userns...)
 *    come back unchanged; what auparse has no name for is interpreted in
 *    interpret.c.
 *  - Lines it cannot parse (bad msg=audit(...) stamp, e.g. a millisecond
 *    part that is not 3 digits) are dropped silently, so we compare the
 *    number of records with the number of lines.
 *  - Several events in one buffer come back as several events; we want
 *    exactly one.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <auparse.h>

#include "record.h"

/* Why this thread's last auxerr_record_parse() refused its text: an
 * untranslated phrase for auxerr__parse_failure() */
static __thread const char *parse_failure;

static int bad_byte(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c != '\n' && (c < 0x20 || c > 0x7e))
			return 1;
	}
	return 0;
}

/* lines in the text, each of which must start with "type=" */
static int count_lines(const char *text, size_t len, unsigned *lines)
{
	unsigned n = 0;
	size_t i = 0;

	while (i < len) {
		if (len - i < 5 || memcmp(text + i, "type=", 5) != 0) {
			parse_failure = N_("a line that is not an audit record");
			return -1;
		}
		const char *nl = memchr(text + i, '\n', len - i);
		if (nl == NULL) {
			/* truncated: every record ends in \n */
			parse_failure = N_("the last record is cut short (no end of line)");
			return -1;
		}
		if (auxerr__auparse_hazard(text + i, (size_t)(nl - (text + i)))) {
			parse_failure = N_("a record that libauparse cannot read safely");
			return -1;
		}
		i = (size_t)(nl - text) + 1;
		n++;
	}
	*lines = n;
	return 0;
}

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

static int copy_record(auparse_state_t *au, struct rec *c)
{
	unsigned n = auparse_get_num_fields(au);
	const char *tn = auparse_get_type_name(au);

	c->type = auparse_get_type(au);
	if (c->type == AUXERR_RECORD_TYPE)
		tn = "AUXERR";
	c->type_name = dup_or_empty(tn);
	if (!c->type_name)
		return -1;
	if (n == 0 || auparse_first_field(au) <= 0)
		return 0;
	c->fields = calloc(n, sizeof(*c->fields));
	if (!c->fields)
		return -1;
	do {
		struct field *f = &c->fields[c->nfields];
		if (c->nfields >= n)
			break;
		c->nfields++;
		f->name = dup_or_empty(auparse_get_field_name(au));
		f->raw = dup_or_empty(auparse_get_field_str(au));
		f->interp = dup_or_empty(auparse_interpret_field(au));
		if (!f->name || !f->raw || !f->interp)
			return -1;
	} while (auparse_next_field(au) > 0);
	return 0;
}

static int fill(struct auxerr_record *r, auparse_state_t *au)
{
	const au_event_t *ev = auparse_get_timestamp(au);
	unsigned n = auparse_get_num_records(au);

	if (!ev || n == 0)
		return EBADMSG;
	r->time.tv_sec = ev->sec;
	r->time.tv_nsec = (long)ev->milli * 1000000L;
	r->serial = ev->serial;
	r->recs = calloc(n, sizeof(*r->recs));
	if (!r->recs)
		return ENOMEM;
	if (auparse_first_record(au) <= 0)
		return EBADMSG;
	do {
		if (r->nrecs >= n)
			break;
		if (copy_record(au, &r->recs[r->nrecs++]) < 0)
			return ENOMEM;
	} while (auparse_next_record(au) > 0);
	return 0;
}

static int derive(struct auxerr_record *r)
{
	const char *s;
	char *end;

	unsigned nsys = auxerr_record_count(r, "SYSCALL");
	unsigned naux = auxerr_record_count(r, "AUXERR");

	if (nsys != 1 || naux != 1) {
		parse_failure = !nsys ? N_("no SYSCALL record") :
				nsys > 1 ? N_("more than one SYSCALL record") :
				!naux ? N_("no AUXERR record") :
				N_("more than one AUXERR record");
		return EBADMSG;
	}
	s = auxerr_record_field(r, "AUXERR", "mechanism");
	if (!s || !*s) {
		parse_failure = N_("the AUXERR record names no mechanism");
		return EBADMSG;
	}
	r->mechanism = s;

	s = auxerr_record_field(r, "SYSCALL", "arch");
	if (s) {
		unsigned long a = strtoul(s, &end, 16);
		if (*end == '\0' && a <= UINT32_MAX)
			r->arch = (unsigned)a;
	}
	r->syscall = -1;
	s = auxerr_record_field(r, "SYSCALL", "syscall");
	long nr = s ? strtol(s, &end, 10) : -1;
	if (!s || !*s || *end || nr < 0) {
		parse_failure = N_("the SYSCALL record has no system call number");
		return EBADMSG;
	}
	r->syscall = nr;
	r->syscall_name = auxerr_record_interpret(r, "SYSCALL", "syscall");

	s = auxerr_record_field(r, "SYSCALL", "exit");
	if (s) {
		long e = strtol(s, &end, 10);
		if (*end == '\0' && e < 0 && e > -4096)
			r->error = (int)-e;
	}
	return auxerr__interpret_extra(r) < 0 ? ENOMEM : 0;
}

static struct auxerr_record *parse_locked(const char *text, size_t len);

const char *auxerr__parse_failure(void)
{
	return parse_failure ? _(parse_failure) : NULL;
}

AUXERR_API struct auxerr_record *auxerr_record_parse(const char *text,
						     size_t len)
{
	struct auxerr_record *r;
	int e;

	auxerr__auparse_lock();
	r = parse_locked(text, len);
	e = errno;
	auxerr__auparse_unlock();
	errno = e;
	return r;
}

static struct auxerr_record *parse_locked(const char *text, size_t len)
{
	int saved = errno, err = EBADMSG;
	unsigned lines;
	struct auxerr_record *r;
	auparse_state_t *au;

	parse_failure = NULL;
	if (text == NULL || len == 0 || len > AUXERR_TEXT_MAX ||
	    memchr(text, '\0', len) != NULL) {
		parse_failure = !text || !len ? N_("no text") :
				len > AUXERR_TEXT_MAX ? N_("more text than an event may hold") :
				N_("a NUL byte");
		errno = EINVAL;
		return NULL;
	}
	if (bad_byte(text, len)) {
		parse_failure = N_("a byte outside printable ASCII");
		errno = EBADMSG;
		return NULL;
	}
	if (count_lines(text, len, &lines) < 0) {
		errno = EBADMSG;
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		parse_failure = N_("out of memory");
		errno = ENOMEM;
		return NULL;
	}
	r->text = malloc(len + 1);
	if (!r->text) {
		free(r);
		parse_failure = N_("out of memory");
		errno = ENOMEM;
		return NULL;
	}
	memcpy(r->text, text, len);
	r->text[len] = '\0';
	r->text_len = len;

	au = auxerr__auparse_state(r->text, len);
	if (!au) {
		err = errno == ENOMEM ? ENOMEM : EBADMSG;
		goto fail;
	}
	parse_failure = N_("no record that libauparse can read");
	if (auparse_next_event(au) <= 0)
		goto fail;
	err = fill(r, au);
	if (err)
		goto fail;
	err = EBADMSG;
	if (auparse_next_event(au) > 0) {
		parse_failure = N_("records of more than one event");
		goto fail;
	}
	if (r->nrecs != lines) {
		parse_failure = N_("a record that libauparse dropped (a malformed stamp or field, or a repeated record)");
		goto fail;
	}
	parse_failure = NULL;
	err = derive(r);	/* may reuse the state: after the checks */
	if (err)
		goto fail;
	errno = saved;
	return r;

fail:
	if (err == ENOMEM)
		parse_failure = N_("out of memory");
	auxerr_record_free(r);
	errno = err;
	return NULL;
}
