// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr(1): printing one event as text, raw or JSON (libauxerr's one
 * writer, libauxerr/src/json.c: docs/json-format.md)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <auxerr.h>

#include "auxerr-shared.h"
#include "cli.h"

const char *errno_name(int e)
{
	const char *s = e > 0 ? strerrorname_np(e) : NULL;

	return s ? s : "?";
}

const char *event_stamp(const char *text, size_t len, size_t *n)
{
	const char *eol = memchr(text, '\n', len);
	const char *p, *q, *end = eol ? eol : text + len;

	p = memmem(text, end - text, "msg=audit(", 10);
	if (!p)
		return NULL;
	p += 10;
	q = memchr(p, ')', end - p);
	if (!q)
		return NULL;
	*n = q - p;
	return p;
}

size_t event_first_len(const char *text, size_t len)
{
	const char *s, *t;
	size_t n, m, off = 0;

	s = event_stamp(text, len, &n);
	if (!s)
		return len;
	while (off < len) {
		const char *eol = memchr(text + off, '\n', len - off);
		size_t next = eol ? (size_t)(eol - text) + 1 : len;

		t = event_stamp(text + off, len - off, &m);
		if (!t || m != n || memcmp(s, t, n))
			break;
		off = next;
	}
	return off;
}

unsigned long long stamp_serial(const char *stamp, size_t n)
{
	const char *c = memchr(stamp, ':', n);

	return c ? strtoull(c + 1, NULL, 10) : 0;
}

/* A JSON string, with libauxerr's writer */
void json_string(FILE *f, const char *s, size_t n)
{
	struct auxerr_buf b = { 0 };

	auxerr__json_string(&b, s, n);
	if (b.s)
		fputs(b.s, f);
	free(b.s);
}

static long field_long(const struct auxerr_record *rec, const char *type,
		       const char *name)
{
	const char *v = auxerr_record_field(rec, type, name);

	return v ? strtol(v, NULL, 10) : -1;
}

/*
 * An event libauxerr could not parse is still written, with what the
 * assembler read and why it could not be explained, so that no output
 * loses it: 1, or -1 with errno on a failure to write it.
 */
int event_print_unparsed(FILE *f, enum out_mode mode, const char *text,
			 size_t len, const struct ev_meta *m, const char *why)
{
	const struct auxerr_event *ev = m->ev;

	if (!why)
		why = "?";
	if (mode == OUT_JSON) {
		struct auxerr_json_src src = {
			.source = m->source, .pid = m->pid, .tid = m->tid,
			.line = m->line, .text = text, .len = len, .ev = ev,
			.damaged = why,
		};
		char *j = auxerr__json_event(NULL, &src);

		if (!j) {
			errno = ENOMEM;
			return -1;
		}
		fputs(j, f);
		free(j);
		return 1;
	}
	if (ev) {
		fprintf(f, "audit(%lld.%03u:%llu) pid %s: auxerr event not explained\n",
			ev->sec, ev->milli, ev->serial, ev->pid ? ev->pid : "?");
	} else {
		size_t n = 0;
		const char *stamp = text ? event_stamp(text, len, &n) : NULL;

		fprintf(f, "audit(%.*s) pid %ld: auxerr event not explained\n",
			stamp ? (int)n : 1, stamp ? stamp : "?", m->pid);
	}
	fprintf(f, "    damaged: %s\n", why);
	return 1;
}

int event_print(FILE *f, enum out_mode mode, const char *text, size_t len,
		const struct ev_meta *m)
{
	struct auxerr_record *rec;
	struct auxerr_remedy *rem;
	const char *expl, *sys;
	struct timespec ts;
	long pid;
	int e;

	if (mode == OUT_RAW) {
		fwrite(text, 1, len, f);
		if (len && text[len - 1] != '\n')
			putc('\n', f);
		return 0;
	}
	rec = auxerr_record_parse(text, len);
	if (!rec)
		return errno == ENOMEM ? -1 :
			event_print_unparsed(f, mode, text, len, m,
					     auxerr__parse_failure());
	expl = auxerr_explain(rec);
	if (!expl)
		expl = "";
	e = auxerr_record_errno(rec);
	sys = auxerr_record_syscall_name(rec);
	ts = auxerr_record_time(rec);
	pid = m->pid >= 0 ? m->pid : field_long(rec, "SYSCALL", "pid");

	if (mode == OUT_TEXT) {
		if (!strcmp(m->source, "trace"))
			fprintf(f, "[pid %ld] %s = -1 %s (%s)\n", m->tid, sys,
				errno_name(e), strerror(e));
		else
			fprintf(f, "audit(%lld.%03ld:%llu) pid %ld: %s: %s (%s), mechanism %s%s%s\n",
				(long long)ts.tv_sec, ts.tv_nsec / 1000000,
				auxerr_record_serial(rec), pid, sys,
				errno_name(e), strerror(e),
				auxerr_record_mechanism(rec),
				auxerr_record_is_weak(rec) ? " (weak note)" : "",
				auxerr_record_is_superseded(rec) ? " (superseded)" : "");
		fprintf(f, "    %s\n", expl);
		if (auxerr_record_is_superseded(rec))
			fputs("    superseded: a later system call of this thread failed with EPERM or EACCES and kept no record; this denial is not its cause\n", f);
		if (auxerr_record_damage(rec))
			fprintf(f, "    damaged: %s\n", auxerr_record_damage(rec));
		rem = auxerr_record_remedy(rec);
		if (rem) {
			/* the text names who and ends in the command */
			fprintf(f, "    remedy: %s\n", auxerr_remedy_text(rem));
			if (auxerr_remedy_weakens(rem))
				fprintf(f, "    weakens: %s\n",
					auxerr_remedy_weakens(rem));
			auxerr_remedy_free(rem);
		}
		auxerr_record_free(rec);
		return 0;
	}

	{
		struct auxerr_json_src src = {
			.source = m->source, .pid = m->pid, .tid = m->tid,
			.line = m->line, .text = text, .len = len,
		};
		char *j = auxerr__json_event(rec, &src);

		if (j)
			fputs(j, f);
		free(j);
		if (!j) {
			auxerr_record_free(rec);
			errno = ENOMEM;
			return -1;
		}
	}
	auxerr_record_free(rec);
	return 0;
}
