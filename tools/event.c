// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr(1): printing one event as text, raw or JSON (docs/json-format.md)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <auxerr.h>

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

/* Length of the valid UTF-8 sequence at @s (at most @n bytes), 0 if invalid */
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
		return 0;	/* surrogates */
	if (k == 4 && s[0] == 0xf0 && s[1] < 0x90)
		return 0;
	if (k == 4 && s[0] == 0xf4 && s[1] >= 0x90)
		return 0;
	return k;
}

/* A JSON string; invalid UTF-8 bytes become U+FFFD */
void json_string(FILE *f, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, k;

	putc('"', f);
	while (i < n) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\') {
			putc('\\', f);
			putc(c, f);
			i++;
		} else if (c == '\n') {
			fputs("\\n", f);
			i++;
		} else if (c == '\t') {
			fputs("\\t", f);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(f, "\\u%04x", c);
			i++;
		} else if ((k = utf8_len(s + i, n - i)) == 0) {
			fputs("\\ufffd", f);
			i++;
		} else {
			fwrite(s + i, 1, k, f);
			i += k;
		}
	}
	putc('"', f);
}

static void json_str0(FILE *f, const char *s)
{
	json_string(f, s, strlen(s));
}

/* The records of the event, each with its raw and interpreted fields */
static void json_records(FILE *f, const struct auxerr_record *rec,
			 const char *text, size_t len)
{
	struct { char type[64]; unsigned n; } seen[32];
	unsigned nseen = 0, i;
	size_t off = 0;
	int first = 1;

	fputs("\"records\":[", f);
	while (off < len) {
		const char *line = text + off, *eol = memchr(line, '\n', len - off);
		size_t ll = eol ? (size_t)(eol - line) : len - off;
		const char *p, *q, *end = line + ll;
		char type[64], name[128];
		unsigned nth = 0;
		int pass;

		off += ll + (eol ? 1 : 0);
		if (ll < 5 || memcmp(line, "type=", 5))
			continue;
		p = line + 5;
		q = memchr(p, ' ', end - p);
		if (!q || (size_t)(q - p) >= sizeof(type))
			continue;
		memcpy(type, p, q - p);
		type[q - p] = 0;
		for (i = 0; i < nseen; i++)
			if (!strcmp(seen[i].type, type))
				break;
		if (i < nseen) {
			nth = ++seen[i].n;
		} else if (nseen < 32) {
			strcpy(seen[nseen].type, type);
			seen[nseen++].n = 0;
		}
		p = memmem(q, end - q, "): ", 3);
		if (!p)
			continue;
		p += 3;
		fputs(first ? "{\"type\":" : ",{\"type\":", f);
		first = 0;
		json_str0(f, strcmp(type, "UNKNOWN[1340]") ? type : "AUXERR");
		for (pass = 0; pass < 2; pass++) {
			const char *t = p;
			int fi = 0;

			fputs(pass ? ",\"interpreted\":{" : ",\"fields\":{", f);
			while (t < end) {
				const char *sp = memchr(t, ' ', end - t), *eq;
				const char *te = sp ? sp : end;

				eq = memchr(t, '=', te - t);
				if (eq && eq > t && (size_t)(eq - t) < sizeof(name)) {
					const char *v = eq + 1;
					size_t vl = te - v;

					memcpy(name, t, eq - t);
					name[eq - t] = 0;
					if (fi++)
						putc(',', f);
					json_str0(f, name);
					putc(':', f);
					if (pass) {
						const char *iv = auxerr_record_field_nth(
							rec, type, nth, name, 1);
						if (iv) {
							json_str0(f, iv);
							goto next;
						}
					}
					if (vl >= 2 && v[0] == '"' && v[vl - 1] == '"') {
						v++;
						vl -= 2;
					}
					json_string(f, v, vl);
				}
next:
				t = te + 1;
			}
			putc('}', f);
		}
		putc('}', f);
	}
	putc(']', f);
}

static long field_long(const struct auxerr_record *rec, const char *type,
		       const char *name)
{
	const char *v = auxerr_record_field(rec, type, name);

	return v ? strtol(v, NULL, 10) : -1;
}

int event_print(FILE *f, enum out_mode mode, const char *text, size_t len,
		const struct ev_meta *m)
{
	struct auxerr_record *rec;
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
		return -1;
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
			fprintf(f, "audit(%lld.%03ld:%llu) pid %ld: %s: %s (%s), mechanism %s%s\n",
				(long long)ts.tv_sec, ts.tv_nsec / 1000000,
				auxerr_record_serial(rec), pid, sys,
				errno_name(e), strerror(e),
				auxerr_record_mechanism(rec),
				auxerr_record_is_weak(rec) ? " (weak note)" : "");
		fprintf(f, "    %s\n", expl);
		auxerr_record_free(rec);
		return 0;
	}

	fprintf(f, "{\"version\":1,\"source\":");
	json_str0(f, m->source);
	fprintf(f, ",\"pid\":%ld", pid);
	if (m->tid >= 0)
		fprintf(f, ",\"tid\":%ld", m->tid);
	else
		fputs(",\"tid\":null", f);
	if (m->line > 0)
		fprintf(f, ",\"line\":%ld", m->line);
	fprintf(f, ",\"serial\":%llu,\"time\":\"%lld.%03ld\"",
		auxerr_record_serial(rec), (long long)ts.tv_sec,
		ts.tv_nsec / 1000000);
	fprintf(f, ",\"errno\":%d,\"errno_name\":\"%s\",\"error\":", e, errno_name(e));
	json_str0(f, strerror(e));
	fprintf(f, ",\"syscall\":%ld,\"syscall_name\":", auxerr_record_syscall(rec));
	json_str0(f, sys);
	fprintf(f, ",\"arch\":\"%08x\",\"mechanism\":", auxerr_record_arch(rec));
	json_str0(f, auxerr_record_mechanism(rec));
	fprintf(f, ",\"weak\":%s,\"explanation\":",
		auxerr_record_is_weak(rec) ? "true" : "false");
	json_str0(f, expl);
	putc(',', f);
	json_records(f, rec, text, len);
	fputs(",\"text\":", f);
	json_string(f, text, len);
	fputs("}\n", f);
	auxerr_record_free(rec);
	return 0;
}
