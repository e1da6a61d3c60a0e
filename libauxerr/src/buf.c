// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The growing string libauxerr and its programs build text in (the JSON
 * writer, the remedies, the plugin's lines, the expanded 2340 message):
 * appends never fail loudly; the first allocation failure sets @oom and
 * every later append does nothing, so a builder checks once at the end.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxerr-shared.h"

void auxerr__buf_put(struct auxerr_buf *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *ns;

		while (cap < b->len + n + 1)
			cap *= 2;
		ns = realloc(b->s, cap);
		if (!ns) {
			b->oom = 1;
			return;
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void auxerr__buf_str(struct auxerr_buf *b, const char *s)
{
	auxerr__buf_put(b, s, strlen(s));
}

void auxerr__buf_printf(struct auxerr_buf *b, const char *fmt, ...)
{
	char small[256], *big = NULL;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = 1;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		auxerr__buf_put(b, small, (size_t)n);
		return;
	}
	va_start(ap, fmt);
	n = vasprintf(&big, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = 1;
		return;
	}
	auxerr__buf_put(b, big, (size_t)n);
	free(big);
}
