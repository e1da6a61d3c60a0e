// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The BPF backend's flushed event, read as the kernel's.
 *
 * On a stock kernel the flush service (bpf/serve.c) cannot emit kernel
 * records, so it sends the event as one user message of type 2340
 * (docs/bpf-backend.md):
 *
 *   type=UNKNOWN[2340] msg=audit(T:N): pid= uid= ... msg='auxerr_serial=S
 *   auxerr_time=T0 <SYSCALL fields through key=> <AUXERR fields from
 *   mechanism=> [cwd=] [name= nametype= ...]... [proctitle=]'
 *
 * The fields are the kernel records' own, in their order, with the
 * denial's stamp in auxerr_time/auxerr_serial (the outer stamp is the
 * flush's).  Expanding the message back into SYSCALL, AUXERR (1340), CWD,
 * PATH and PROCTITLE lines with the denial's stamp lets the one parser and
 * the one assembler read both backends: nothing downstream needs to know.
 * Values contain no space and no quote (audit hex-encodes such strings).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

#define USERMSG_TYPE "type=UNKNOWN[2340] "

/* a token of the inner message: [s, s + n) */
struct tok {
	const char *s;
	size_t n;
};

static int tok_is(const struct tok *t, const char *key)
{
	size_t k = strlen(key);

	return t->n > k && memcmp(t->s, key, k) == 0 && t->s[k] == '=';
}

static const char *tok_value(const struct tok *t, size_t *len)
{
	const char *eq = memchr(t->s, '=', t->n);

	*len = t->n - (size_t)(eq + 1 - t->s);
	return eq + 1;
}

/* digits only, at least one */
static int all_digits(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* SECONDS.MILLIS as audit stamps print it */
static int is_stamp_time(const char *s, size_t n)
{
	const char *dot = memchr(s, '.', n);

	return dot && all_digits(s, (size_t)(dot - s)) &&
	       (size_t)(s + n - dot - 1) == 3 && all_digits(dot + 1, 3);
}

/* start a line: [node=NAME ]type=TYPE msg=audit(T:S): */
static void out_head(struct auxerr_buf *o, const char *node, size_t node_len,
		     const char *type, const struct tok *time,
		     const struct tok *serial)
{
	size_t tn, sn;
	const char *tv = tok_value(time, &tn), *sv = tok_value(serial, &sn);

	if (o->len)
		auxerr__buf_str(o, "\n");
	auxerr__buf_put(o, node, node_len);
	auxerr__buf_str(o, "type=");
	auxerr__buf_str(o, type);
	auxerr__buf_str(o, " msg=audit(");
	auxerr__buf_put(o, tv, tn);
	auxerr__buf_str(o, ":");
	auxerr__buf_put(o, sv, sn);
	auxerr__buf_str(o, "):");
}

static void out_tok(struct auxerr_buf *o, const struct tok *t)
{
	auxerr__buf_str(o, " ");
	auxerr__buf_put(o, t->s, t->n);
}

/**
 * auxerr__usermsg_expand - the kernel records a type 2340 line stands for
 * @line: one audit line (no '\n'), @n bytes
 * @n: its length
 * @out: set to the '\n'-separated lines (malloc()ed) when it is one
 * @why: set to the reason when it is a 2340 line that cannot be read
 *
 * Return: 1 and *@out set when @line is a 2340 message that expands, 0
 * when it is not a 2340 line, -1 with *@why when it is one but malformed
 * or out of memory.
 */
int auxerr__usermsg_expand(const char *line, size_t n, char **out,
			   const char **why)
{
	const char *s = line, *end = line + n, *node = line, *p, *q;
	size_t node_len = 0, ntok = 0, i, start;
	struct tok *tok, *time = NULL, *serial = NULL;
	struct auxerr_buf o = { 0 };
	long item = 0;

	*out = NULL;
	if (n >= 5 && memcmp(s, "node=", 5) == 0) {
		p = memchr(s, ' ', n);
		if (!p)
			return 0;
		node_len = (size_t)(p + 1 - s);
		s = p + 1;
	}
	if ((size_t)(end - s) < strlen(USERMSG_TYPE) ||
	    memcmp(s, USERMSG_TYPE, strlen(USERMSG_TYPE)) != 0)
		return 0;

	/* the inner message: from " msg='" to the next quote */
	p = NULL;
	for (q = s; q + 6 <= end; q++)
		if (memcmp(q, " msg='", 6) == 0) {
			p = q + 6;
			break;
		}
	q = p ? memchr(p, '\'', (size_t)(end - p)) : NULL;
	if (!q) {
		*why = "a type 2340 message without msg='...'";
		return -1;
	}

	tok = calloc((size_t)(q - p) / 2 + 1, sizeof(*tok));
	if (!tok) {
		*why = "out of memory";
		return -1;
	}
	while (p < q) {
		const char *sp;

		while (p < q && *p == ' ')
			p++;
		if (p == q)
			break;
		sp = memchr(p, ' ', (size_t)(q - p));
		if (!sp)
			sp = q;
		tok[ntok].s = p;
		tok[ntok].n = (size_t)(sp - p);
		if (!memchr(p, '=', tok[ntok].n) || *p == '=') {
			*why = "a type 2340 message with a field that is not name=value";
			goto bad;
		}
		ntok++;
		p = sp;
	}

	/* the denial's stamp, then SYSCALL from arch= through key= */
	for (i = 0; i < ntok && (!time || !serial); i++) {
		size_t vn;
		const char *v = tok_value(&tok[i], &vn);

		if (tok_is(&tok[i], "auxerr_time") && is_stamp_time(v, vn))
			time = &tok[i];
		else if (tok_is(&tok[i], "auxerr_serial") && all_digits(v, vn))
			serial = &tok[i];
		else
			break;
	}
	if (!time || !serial) {
		*why = "a type 2340 message without the denial's stamp"
		       " (auxerr_serial= and auxerr_time=)";
		goto bad;
	}
	if (i >= ntok || !tok_is(&tok[i], "arch")) {
		*why = "a type 2340 message whose fields do not start with arch=";
		goto bad;
	}
	out_head(&o, node, node_len, "SYSCALL", time, serial);
	for (; i < ntok && !tok_is(&tok[i], "key"); i++)
		out_tok(&o, &tok[i]);
	if (i == ntok) {
		*why = "a type 2340 message without key= (the end of SYSCALL)";
		goto bad;
	}
	out_tok(&o, &tok[i++]);

	/* AUXERR, from mechanism= to cwd=, name= or proctitle= */
	if (i >= ntok || !tok_is(&tok[i], "mechanism")) {
		*why = "a type 2340 message without mechanism= after key=";
		goto bad;
	}
	out_head(&o, node, node_len, "UNKNOWN[1340]", time, serial);
	for (; i < ntok && !tok_is(&tok[i], "cwd") && !tok_is(&tok[i], "name") &&
	       !tok_is(&tok[i], "proctitle"); i++)
		out_tok(&o, &tok[i]);

	if (i < ntok && tok_is(&tok[i], "cwd")) {
		out_head(&o, node, node_len, "CWD", time, serial);
		out_tok(&o, &tok[i++]);
	}
	while (i < ntok && tok_is(&tok[i], "name")) {
		char num[32];

		out_head(&o, node, node_len, "PATH", time, serial);
		snprintf(num, sizeof(num), " item=%ld", item++);
		auxerr__buf_str(&o, num);
		start = i;
		for (; i < ntok && (i == start || !tok_is(&tok[i], "name")) &&
		       !tok_is(&tok[i], "proctitle"); i++)
			out_tok(&o, &tok[i]);
	}
	if (i < ntok && tok_is(&tok[i], "proctitle")) {
		out_head(&o, node, node_len, "PROCTITLE", time, serial);
		out_tok(&o, &tok[i++]);
	}
	if (i != ntok) {
		*why = "a type 2340 message with fields after proctitle=";
		goto bad;
	}
	if (o.oom) {
		*why = "out of memory";
		goto bad;
	}
	free(tok);
	*out = o.s;
	return 1;
bad:
	free(tok);
	free(o.s);
	return -1;
}
