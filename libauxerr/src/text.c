// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The words every sentence and every remedy is built from (text.h): one
 * copy of each, so that the sentence and the remedy cannot say the same
 * fact two ways.
 */
#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

#ifndef AUXERR_LOCALEDIR
#define AUXERR_LOCALEDIR "/usr/share/locale"
#endif

static void bind_domain(void)
{
	int saved = errno;

	bindtextdomain(AUXERR_DOMAIN, AUXERR_LOCALEDIR);
	errno = saved;
}

void auxerr__text_domain(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, bind_domain);
}

int auxerr__num(const char *s, int base, unsigned long *v)
{
	char *end;

	if (!s || !*s)
		return 0;
	errno = 0;
	*v = strtoul(s, &end, base);
	return !*end && !errno;
}

char *auxerr__buf_take(struct auxerr_buf *b, int *oom)
{
	char *s;

	if (b->oom) {
		*oom = 1;
		free(b->s);
		return NULL;
	}
	if (b->s)
		return b->s;
	/* nothing was appended: an empty string, not a failure */
	s = strdup("");
	if (!s)
		*oom = 1;
	return s;
}

char *auxerr__xprintf(int *oom, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		s = NULL;
		*oom = 1;
	}
	va_end(ap);
	return s;
}

char *auxerr__xstrdup(int *oom, const char *s)
{
	char *d;

	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		*oom = 1;
	return d;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

char *auxerr__decode_len(int *oom, const char *raw, size_t *len)
{
	size_t n;
	char *d;

	if (!raw || !*raw || strcmp(raw, "(null)") == 0 ||
	    strcmp(raw, "(none)") == 0)
		return NULL;
	n = strlen(raw);
	if (raw[0] == '"' && n >= 2 && raw[n - 1] == '"') {
		d = strndup(raw + 1, n - 2);
		if (!d)
			*oom = 1;
		*len = d ? n - 2 : 0;
		return d;
	}
	if (n % 2 == 0) {
		size_t i;

		for (i = 0; i < n && hexval(raw[i]) >= 0; i++)
			;
		if (i == n) {
			d = malloc(n / 2 + 1);
			if (!d) {
				*oom = 1;
				return NULL;
			}
			for (i = 0; i < n / 2; i++)
				d[i] = (char)(hexval(raw[2 * i]) << 4 |
					      hexval(raw[2 * i + 1]));
			d[n / 2] = '\0';
			*len = n / 2;
			return d;
		}
	}
	*len = n;
	return auxerr__xstrdup(oom, raw);
}

char *auxerr__decode(int *oom, const char *raw)
{
	size_t len;
	char *d = auxerr__decode_len(oom, raw, &len);

	if (d && strlen(d) != len) {	/* a NUL inside: not a name */
		free(d);
		return NULL;
	}
	if (d && !*d) {
		free(d);
		return NULL;
	}
	return d;
}

/*
 * A word for the shell: as is when every byte is harmless, else in single
 * quotes; bytes outside printable ASCII (a name with an ESC, invalid
 * UTF-8) make it a bash $'...' string with \xHH escapes, so that the
 * command is exact and printing it cannot drive a terminal.
 */
void auxerr__shell_word(struct auxerr_buf *b, const char *s)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-";
	const unsigned char *p;
	int plain = *s != '\0', printable = 1;

	for (p = (const unsigned char *)s; *p; p++) {
		if (!strchr(safe, *p))
			plain = 0;
		if (*p < 0x20 || *p > 0x7e)
			printable = 0;
	}
	if (plain) {
		auxerr__buf_str(b, s);
		return;
	}
	if (printable) {
		auxerr__buf_str(b, "'");
		for (p = (const unsigned char *)s; *p; p++) {
			if (*p == '\'')
				auxerr__buf_str(b, "'\\''");
			else
				auxerr__buf_put(b, (const char *)p, 1);
		}
		auxerr__buf_str(b, "'");
		return;
	}
	auxerr__buf_str(b, "$'");
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '\'' || *p == '\\')
			auxerr__buf_printf(b, "\\%c", *p);
		else if (*p < 0x20 || *p > 0x7e)
			auxerr__buf_printf(b, "\\x%02x", *p);
		else
			auxerr__buf_put(b, (const char *)p, 1);
	}
	auxerr__buf_str(b, "'");
}

char *auxerr__quoted(int *oom, const char *s)
{
	struct auxerr_buf b = { 0 };

	if (!s)
		return NULL;
	auxerr__shell_word(&b, s);
	return auxerr__buf_take(&b, oom);
}

const char *auxerr__id_name(const struct auxerr_record *r, const char *field)
{
	const char *i = auxerr__auxi(r, field), *raw = auxerr__aux(r, field);

	if (!i || !raw)
		return "?";
	if (strncmp(i, "unknown(", 8) == 0 || strcmp(i, "unset") == 0)
		return raw;
	return i;
}

char *auxerr__user_label(int *oom, unsigned long uid)
{
	struct passwd pw, *res = NULL;
	char tmp[1024];

	if (getpwuid_r((uid_t)uid, &pw, tmp, sizeof(tmp), &res) == 0 && res)
		return auxerr__xprintf(oom, "uid %lu, %s", uid, res->pw_name);
	return auxerr__xprintf(oom, "uid %lu", uid);
}

const char *auxerr__user_name(unsigned long uid, char *tmp, size_t len)
{
	struct passwd pw, *res = NULL;

	if (getpwuid_r((uid_t)uid, &pw, tmp, len, &res) == 0 && res)
		return res->pw_name;
	return NULL;
}

char *auxerr__user_word(int *oom, unsigned long uid, int *named)
{
	struct passwd pw, *res = NULL;
	char tmp[1024];

	*named = getpwuid_r((uid_t)uid, &pw, tmp, sizeof(tmp), &res) == 0 && res;
	if (*named)
		return auxerr__quoted(oom, res->pw_name);
	return auxerr__xprintf(oom, "%lu", uid);
}

const char *auxerr__group_name(unsigned long gid, char *tmp, size_t len)
{
	struct group gr, *res = NULL;

	if (getgrgid_r((gid_t)gid, &gr, tmp, len, &res) == 0 && res)
		return res->gr_name;
	return NULL;
}

char *auxerr__group_label(int *oom, unsigned long gid)
{
	char tmp[1024];
	const char *name = auxerr__group_name(gid, tmp, sizeof(tmp));

	if (name)
		return auxerr__xprintf(oom, "gid %lu, %s", gid, name);
	return auxerr__xprintf(oom, "gid %lu", gid);
}

char *auxerr__group_paren(int *oom, unsigned long gid)
{
	char tmp[1024];
	const char *name = auxerr__group_name(gid, tmp, sizeof(tmp));

	if (name)
		return auxerr__xprintf(oom, "gid %lu (%s)", gid, name);
	return auxerr__xprintf(oom, "gid %lu", gid);
}

char *auxerr__group_word(int *oom, unsigned long gid)
{
	char tmp[1024];
	const char *name = auxerr__group_name(gid, tmp, sizeof(tmp));

	if (name)
		return auxerr__quoted(oom, name);
	return auxerr__xprintf(oom, "%lu", gid);
}

const char *auxerr__unrecorded(void)
{
	return _("(not recorded)");
}

int auxerr__perm_unnamed(struct auxerr_buf *b, const char *perm,
			 unsigned long named)
{
	char *end;
	unsigned long v = perm ? strtoul(perm, &end, 0) : 0;

	if (perm && *perm && !*end && (v & named))
		return 0;
	if (!perm || !*perm || *end)
		auxerr__buf_str(b, _("a permission the record does not name"));
	else
		auxerr__buf_printf(b, named == 6 ?
				   _("permission bits %03lo (octal), not one of read/write") :
				   _("permission bits %03lo (octal), not one of read/write/execute"),
				   v);
	return 1;
}

unsigned long auxerr__perm_missing(const char *perm, const char *granted)
{
	unsigned long p, g;

	if (!auxerr__num(perm, 0, &p))
		return 0;
	p &= 7;		/* MAY_READ | MAY_WRITE | MAY_EXEC */
	if (auxerr__num(granted, 0, &g) && (p & ~g))
		return p & ~g;
	return p;
}

void auxerr__perm_words(struct auxerr_buf *b, unsigned long v, int dir)
{
	const char *w[3];
	int n = 0;

	if (v & 4)
		w[n++] = _("read");
	if (v & 2)
		w[n++] = _("write");
	if (v & 1)
		w[n++] = dir ? _("search") : _("execute");
	for (int i = 0; i < n; i++) {
		if (i)
			auxerr__buf_str(b, i == n - 1 ? _(" and ") : ", ");
		auxerr__buf_str(b, w[i]);
	}
}

void auxerr__missing_words(struct auxerr_buf *b, const struct auxerr_record *r,
			   int dir)
{
	const char *perm = auxerr__aux(r, "perm");
	unsigned long v = auxerr__perm_missing(perm, auxerr__aux(r, "granted"));

	if (v)
		auxerr__perm_words(b, v, dir);
	else
		auxerr__buf_str(b, perm ? perm : "?");
}

void auxerr__perm_letters(char out[4], unsigned long v)
{
	int n = 0;

	if (v & 4)
		out[n++] = 'r';
	if (v & 2)
		out[n++] = 'w';
	if (v & 1)
		out[n++] = 'x';
	out[n] = '\0';
}

void auxerr__word_list(struct auxerr_buf *b, const char *csv)
{
	unsigned n = 1, k = 0;
	const char *p;

	for (p = csv; *p; p++)
		n += *p == ',';
	for (p = csv; k < n; k++) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (k)
			auxerr__buf_str(b, k == n - 1 ? _(" and ") : ", ");
		auxerr__buf_put(b, p, len);
		p += len + (comma ? 1 : 0);
	}
}

char *auxerr__cap_upper(int *oom, const char *lower)
{
	char *s = auxerr__xprintf(oom, "CAP_%s", lower);

	for (char *p = s ? s + 4 : NULL; p && *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	return s;
}
