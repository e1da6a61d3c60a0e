// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The one JSON writer: an auxerr event as one JSON object on one line,
 * in the schema of docs/json-format.md (version AUXERR_JSON_VERSION),
 * for auxerr(1) (last, explain, trace) and audisp-auxerr alike.
 *
 * Every member is always present; what is not known is null.  Strings
 * are UTF-8: bytes that are not valid UTF-8 become U+FFFD, control
 * characters are escaped.  The member order is fixed (the unit tests pin
 * whole lines), though consumers must not depend on it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record.h"

/* Length of the valid UTF-8 sequence at @s (at most @n bytes), 0 if
 * invalid (overlong, surrogate, beyond U+10FFFF, cut short) */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t k, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		k = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		k = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		k = 4;
	else
		return 0;
	if (k > n)
		return 0;
	for (i = 1; i < k; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if (k == 3 && s[0] == 0xe0 && s[1] < 0xa0)
		return 0;
	if (k == 3 && s[0] == 0xed && s[1] >= 0xa0)
		return 0;
	if (k == 4 && s[0] == 0xf0 && s[1] < 0x90)
		return 0;
	if (k == 4 && s[0] == 0xf4 && s[1] >= 0x90)
		return 0;
	return k;
}

void auxerr__json_string(struct auxerr_buf *b, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k;

	auxerr__buf_put(b, "\"", 1);
	while (i < n) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };

			auxerr__buf_put(b, e, 2);
			i++;
		} else if (c == '\n') {
			auxerr__buf_str(b, "\\n");
			i++;
		} else if (c == '\t') {
			auxerr__buf_str(b, "\\t");
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			auxerr__buf_printf(b, "\\u%04x", c);
			i++;
		} else if ((k = utf8_len(s + i, n - i)) == 0) {
			auxerr__buf_str(b, "\\ufffd");
			i++;
		} else {
			auxerr__buf_put(b, (const char *)s + i, k);
			i += k;
		}
	}
	auxerr__buf_put(b, "\"", 1);
}

/* a string member's value, or null */
static void str_or_null(struct auxerr_buf *b, const char *s)
{
	if (s)
		auxerr__json_string(b, s, strlen(s));
	else
		auxerr__buf_str(b, "null");
}

/* a decimal string as a number, or null */
static void decimal_or_null(struct auxerr_buf *b, const char *s)
{
	const char *c = s;

	if (c && *c == '-')
		c++;
	if (!c || !*c || strlen(c) > 20 || strspn(c, "0123456789") != strlen(c))
		auxerr__buf_str(b, "null");
	else
		auxerr__buf_str(b, s);
}

/* "name":, with the comma of the member before */
static void member(struct auxerr_buf *b, const char *name)
{
	if (b->len && b->s[b->len - 1] != '{')
		auxerr__buf_put(b, ",", 1);
	auxerr__buf_put(b, "\"", 1);
	auxerr__buf_str(b, name);
	auxerr__buf_put(b, "\":", 2);
}

/* a raw value without its surrounding double quotes */
static void raw_value(struct auxerr_buf *b, const char *v)
{
	size_t n = strlen(v);

	if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
		auxerr__json_string(b, v + 1, n - 2);
	else
		auxerr__json_string(b, v, n);
}

static void records(struct auxerr_buf *b, const struct auxerr_record *r)
{
	auxerr__buf_put(b, "[", 1);
	for (unsigned i = 0; i < r->nrecs; i++) {
		const struct rec *c = &r->recs[i];
		unsigned first = 0;

		/* auparse counts node= and type= as fields: not here */
		if (first < c->nfields && !strcmp(c->fields[first].name, "node"))
			first++;
		if (first < c->nfields && !strcmp(c->fields[first].name, "type"))
			first++;
		auxerr__buf_str(b, i ? ",{" : "{");
		member(b, "type");
		str_or_null(b, c->type_name);
		for (int pass = 0; pass < 2; pass++) {
			member(b, pass ? "interpreted" : "fields");
			auxerr__buf_put(b, "{", 1);
			for (unsigned j = first; j < c->nfields; j++) {
				const struct field *f = &c->fields[j];

				member(b, f->name);
				if (pass)
					str_or_null(b, f->interp);
				else
					raw_value(b, f->raw);
			}
			auxerr__buf_put(b, "}", 1);
		}
		auxerr__buf_put(b, "}", 1);
	}
	auxerr__buf_put(b, "]", 1);
}

/* The "remedy" object of docs/json-format.md; null when libauxerr
 * derives none (out of memory marks @b) */
static void remedy(struct auxerr_buf *b, const struct auxerr_record *r)
{
	struct auxerr_remedy *m = auxerr_record_remedy(r);
	long long uid;

	if (!m) {
		if (errno == ENOMEM)
			b->oom = 1;
		auxerr__buf_str(b, "null");
		return;
	}
	auxerr__buf_put(b, "{", 1);
	member(b, "kind");
	str_or_null(b, auxerr_remedy_kind_name(auxerr_remedy_kind(m)));
	member(b, "text");
	str_or_null(b, auxerr_remedy_text(m));
	member(b, "command");
	str_or_null(b, auxerr_remedy_command(m));
	member(b, "who");
	str_or_null(b, auxerr_remedy_who(m));
	member(b, "uid");
	uid = auxerr_remedy_uid(m);
	if (uid >= 0)
		auxerr__buf_printf(b, "%lld", uid);
	else
		auxerr__buf_str(b, "null");
	member(b, "weakens");
	str_or_null(b, auxerr_remedy_weakens(m));
	auxerr__buf_put(b, "}", 1);
	auxerr_remedy_free(m);
}

char *auxerr__json_event(struct auxerr_record *r,
			 const struct auxerr_json_src *src)
{
	const struct auxerr_event *ev = src->ev;
	struct auxerr_buf b = { 0 };
	long long sec = 0;
	unsigned milli = 0;
	unsigned long long serial = 0;
	const char *pid = NULL, *uid = NULL, *comm = NULL, *exe = NULL;
	const char *expl = NULL, *damaged;
	char when[64];
	struct tm tm;
	time_t t;
	int e = 0;

	if (r) {
		sec = (long long)r->time.tv_sec;
		milli = (unsigned)(r->time.tv_nsec / 1000000);
		serial = r->serial;
		pid = auxerr_record_field(r, "SYSCALL", "pid");
		uid = auxerr_record_field(r, "SYSCALL", "uid");
		comm = auxerr_record_interpret(r, "SYSCALL", "comm");
		exe = auxerr_record_interpret(r, "SYSCALL", "exe");
		e = r->error;
		expl = auxerr_explain(r);
		damaged = auxerr_record_damage(r);
	} else {
		damaged = src->damaged ? src->damaged :
			  _("the event could not be parsed");
	}
	if (!r && ev) {
		sec = ev->sec;
		milli = ev->milli;
		serial = ev->serial;
		pid = ev->pid;
		uid = ev->uid;
		comm = ev->comm;
		exe = ev->exe;
	}
	t = (time_t)sec;
	if (!gmtime_r(&t, &tm) ||
	    !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm))
		strcpy(when, "1970-01-01T00:00:00");

	auxerr__buf_put(&b, "{", 1);
	member(&b, "version");
	auxerr__buf_printf(&b, "%d", AUXERR_JSON_VERSION);
	member(&b, "source");
	str_or_null(&b, src->source);
	member(&b, "stamp");
	auxerr__buf_printf(&b, "\"%lld.%03u:%llu\"", sec, milli % 1000, serial);
	member(&b, "time");
	auxerr__buf_printf(&b, "\"%s.%03uZ\"", when, milli % 1000);
	member(&b, "serial");
	auxerr__buf_printf(&b, "%llu", serial);
	member(&b, "line");
	if (src->line > 0)
		auxerr__buf_printf(&b, "%ld", src->line);
	else
		auxerr__buf_str(&b, "null");
	member(&b, "pid");
	if (src->pid >= 0)
		auxerr__buf_printf(&b, "%ld", src->pid);
	else
		decimal_or_null(&b, pid);
	member(&b, "tid");
	if (src->tid >= 0)
		auxerr__buf_printf(&b, "%ld", src->tid);
	else
		auxerr__buf_str(&b, "null");
	member(&b, "uid");
	decimal_or_null(&b, uid);
	member(&b, "comm");
	str_or_null(&b, comm);
	member(&b, "exe");
	str_or_null(&b, exe);
	member(&b, "syscall");
	if (r && r->syscall >= 0)
		auxerr__buf_printf(&b, "%ld", r->syscall);
	else
		auxerr__buf_str(&b, "null");
	member(&b, "syscall_name");
	str_or_null(&b, r ? r->syscall_name : NULL);
	member(&b, "arch");
	if (r && r->arch)
		auxerr__buf_printf(&b, "\"%08x\"", r->arch);
	else
		auxerr__buf_str(&b, "null");
	member(&b, "errno");
	if (e > 0)
		auxerr__buf_printf(&b, "%d", e);
	else
		auxerr__buf_str(&b, "null");
	member(&b, "errno_name");
	str_or_null(&b, e > 0 ? strerrorname_np(e) : NULL);
	member(&b, "error");
	str_or_null(&b, e > 0 ? auxerr__libc_strerror(e) : NULL);
	member(&b, "mechanism");
	str_or_null(&b, r ? r->mechanism : NULL);
	member(&b, "weak");
	auxerr__buf_str(&b, r ? (auxerr_record_is_weak(r) ? "true" : "false") : "null");
	member(&b, "superseded");
	auxerr__buf_str(&b, r ? (auxerr_record_is_superseded(r) ? "true" : "false") : "null");
	member(&b, "explained");
	auxerr__buf_str(&b, expl ? "true" : "false");
	member(&b, "explanation");
	str_or_null(&b, expl);
	member(&b, "damaged");
	str_or_null(&b, damaged);
	member(&b, "remedy");
	if (r)
		remedy(&b, r);
	else
		auxerr__buf_str(&b, "null");
	member(&b, "records");
	if (r)
		records(&b, r);
	else
		auxerr__buf_str(&b, "null");
	member(&b, "text");
	if (src->text)
		auxerr__json_string(&b, src->text, src->len);
	else
		auxerr__buf_str(&b, "null");
	auxerr__buf_str(&b, "}\n");
	if (b.oom) {
		free(b.s);
		errno = ENOMEM;
		return NULL;
	}
	return b.s;
}
