// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The event assembler that `auxerr explain` and audisp-auxerr share:
 * audit text, line by line or in any chunking, through libauparse's
 * auparse_feed(), out as one auxerr event (struct auxerr_event) per
 * completed event that carries an AUXERR (type 1340) record.
 *
 * Lines: [node=NAME ]type=TYPE msg=audit(SECONDS.MILLIS:SERIAL): fields,
 * as auditd writes them (RAW or ENRICHED: the part from the 0x1d
 * separator on is dropped), as `ausearch --raw` prints them, or as plain
 * `ausearch` prints them ("----" and "time->" lines are skipped, like
 * empty ones).  Trailing spaces and '\r' are dropped.  The BPF backend's
 * flushed event, one user message of type 2340, is read as the kernel
 * records it stands for (usermsg.c).  Any other line,
 * a byte outside printable ASCII (the kernel hex-encodes untrusted
 * strings), a line over AUXERR_LINE_MAX and a line libauparse 3.0.9
 * mishandles (auxerr__auparse_hazard()) are refused, with the reason;
 * libauparse never sees them.
 *
 * Events: libauparse groups records by stamp (and node); records of one
 * event need not be adjacent.  It completes an event at its PROCTITLE or
 * EOE record, at a record whose stamp is more than 2 seconds newer than
 * the event's (libauparse 3.0.9's fixed end-of-event timeout), when aged
 * (auxerr__asm_age()) and at the end (auxerr__asm_flush()).
 *
 * Two libauparse states are in use in a program that also parses with
 * libauxerr: this feed state and libauxerr's own (auparse.c).  libauparse
 * keeps global state, so they are never interleaved: the event callback
 * only copies the raw records into a queue, and the queue is handed to
 * the caller after auparse_feed() has returned.  Both hold the lock of
 * auparse.c while they use libauparse.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <auparse.h>
#include <libaudit.h>

#include "record.h"

/* input line numbers of the last LINE_RING lines handed to auparse */
#define LINE_RING 4096u

struct pending {
	struct pending *next;
	struct auxerr_event ev;
	char *text, *pid, *uid, *comm, *exe;
};

struct auxerr_asm {
	auparse_state_t *au;
	auxerr_event_fn fn;
	void *arg;

	char *line;		/* the line being framed (auxerr__asm_input) */
	size_t llen;
	int discarding;		/* inside an over-long line */
	long framed;		/* lines framed so far */

	char *rec;		/* the record line handed to auparse */
	unsigned long fed;	/* lines handed to auparse */
	long lineno[LINE_RING];

	struct pending *head, **tail;
	int delivering;
	struct auxerr_asm_stats stats;
};

/* ---- one line ---------------------------------------------------------- */

static const char *digits(const char *s, const char *end, size_t min,
			  size_t max)
{
	size_t n = 0;

	while (s < end && *s >= '0' && *s <= '9' && n < max) {
		s++;
		n++;
	}
	return n >= min ? s : NULL;
}

/* why @s (@n bytes, the raw part) is not a record, or NULL */
static const char *not_a_record(const char *s, size_t n)
{
	const char *end = s + n, *t;

	if (n >= 5 && memcmp(s, "node=", 5) == 0) {
		const char *sp = memchr(s, ' ', n);

		if (!sp || sp == s + 5)
			return "not an audit record (node= without type=)";
		s = sp + 1;
	}
	if (end - s < 5 || memcmp(s, "type=", 5) != 0)
		return "not an audit record (expected 'type=... msg=audit(...): ...')";
	s += 5;
	t = s;
	while (s < end && *s != ' ')
		s++;
	if (s == t || end - s < 11 || memcmp(s, " msg=audit(", 11) != 0)
		return "not an audit record (no msg=audit(...) after type=)";
	s += 11;
	if (!(s = digits(s, end, 1, 20)) || s >= end || *s++ != '.' ||
	    !(s = digits(s, end, 3, 3)) || s >= end || *s++ != ':' ||
	    !(s = digits(s, end, 1, 20)) || s >= end || *s != ')')
		return "the msg=audit(...) stamp is not SECONDS.MILLIS:SERIAL"
		       " (interpreted 'ausearch -i' output? use 'ausearch --raw')";
	if (end - s < 2 || s[1] != ':')
		return "no ':' after the msg=audit(...) stamp";
	return NULL;
}

static void deliver(struct auxerr_asm *a);

/* The lines a type 2340 message stands for, each as if it had been read */
static enum auxerr_line expanded(struct auxerr_asm *a, char *lines,
				 long lineno, const char **why)
{
	enum auxerr_line ret = AUXERR_LINE_RECORD;
	char *l = lines;

	while (l && *l && ret == AUXERR_LINE_RECORD) {
		char *nl = strchr(l, '\n');
		size_t len = nl ? (size_t)(nl - l) : strlen(l);

		ret = auxerr__asm_line(a, l, len, lineno, why);
		l = nl ? nl + 1 : NULL;
	}
	free(lines);
	return ret;
}

enum auxerr_line auxerr__asm_line(struct auxerr_asm *a, const char *line,
				  size_t n, long lineno, const char **why)
{
	const char *gs, *w;
	const char *dummy;

	if (!why)
		why = &dummy;
	*why = NULL;
	if (n > AUXERR_LINE_MAX) {
		a->stats.dropped_long++;
		*why = "a line longer than 65536 bytes";
		return AUXERR_LINE_LONG;
	}
	gs = memchr(line, 0x1d, n);	/* ENRICHED: drop the interpretations */
	if (gs)
		n = (size_t)(gs - line);
	while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
		n--;
	if (n == 0 || (n >= 4 && memcmp(line, "----", 4) == 0) ||
	    (n >= 6 && memcmp(line, "time->", 6) == 0)) {
		a->stats.skipped++;
		return AUXERR_LINE_SKIPPED;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)line[i];

		if (c < 0x20 || c > 0x7e) {
			a->stats.dropped_binary++;
			*why = "not audit text (a byte outside printable ASCII)";
			return AUXERR_LINE_BINARY;
		}
	}
	w = not_a_record(line, n);
	if (!w) {
		char *lines;
		int r = auxerr__usermsg_expand(line, n, &lines, &w);

		if (r > 0)
			return expanded(a, lines, lineno, why);
	}
	if (!w && auxerr__auparse_hazard(line, n))
		w = "a record libauparse 3.0.9 cannot parse safely"
		    " (a second cwd=, a proctitle= neither hex nor quoted)";
	if (w) {
		a->stats.dropped_malformed++;
		*why = w;
		return AUXERR_LINE_MALFORMED;
	}
	memcpy(a->rec, line, n);
	a->rec[n] = '\n';
	a->lineno[a->fed % LINE_RING] = lineno;
	a->fed++;
	a->stats.lines++;
	auxerr__auparse_lock();
	auparse_feed(a->au, a->rec, n + 1);
	auxerr__auparse_unlock();
	deliver(a);
	return AUXERR_LINE_RECORD;
}

/* ---- framing ----------------------------------------------------------- */

static void framed(struct auxerr_asm *a)
{
	a->framed++;
	auxerr__asm_line(a, a->line, a->llen, a->framed, NULL);
	a->llen = 0;
}

void auxerr__asm_input(struct auxerr_asm *a, const char *d, size_t n)
{
	while (n) {
		const char *nl = memchr(d, '\n', n);
		size_t take = nl ? (size_t)(nl - d) : n;

		if (a->discarding) {
			if (nl)
				a->discarding = 0;
		} else if (a->llen + take > AUXERR_LINE_MAX) {
			a->stats.dropped_long++;
			a->framed++;
			a->llen = 0;
			a->discarding = !nl;
		} else {
			memcpy(a->line + a->llen, d, take);
			a->llen += take;
			if (nl)
				framed(a);
		}
		take += nl ? 1 : 0;
		d += take;
		n -= take;
	}
}

void auxerr__asm_age(struct auxerr_asm *a)
{
	auxerr__auparse_lock();
	auparse_feed_age_events(a->au);
	auxerr__auparse_unlock();
	deliver(a);
}

void auxerr__asm_flush(struct auxerr_asm *a)
{
	if (!a->discarding && a->llen)
		framed(a);	/* a last line without its '\n' */
	a->llen = 0;
	a->discarding = 0;
	auxerr__auparse_lock();
	auparse_flush_feed(a->au);
	auxerr__auparse_unlock();
	deliver(a);
}

const struct auxerr_asm_stats *auxerr__asm_stats(const struct auxerr_asm *a)
{
	return &a->stats;
}

/* ---- events ------------------------------------------------------------ */

static void pending_free(struct pending *e)
{
	if (!e)
		return;
	free(e->text);
	free(e->pid);
	free(e->uid);
	free(e->comm);
	free(e->exe);
	free(e);
}

/* The record's raw text without a "node=NAME " prefix */
static const char *strip_node(const char *s)
{
	if (strncmp(s, "node=", 5) == 0) {
		const char *sp = strchr(s, ' ');

		if (sp)
			return sp + 1;
	}
	return s;
}

/* A field of the event's first SYSCALL record, raw or interpreted, copied;
 * NULL if there is none.  Moves auparse's cursors. */
static char *syscall_field(auparse_state_t *au, const char *name, int interp)
{
	const char *v;

	if (auparse_first_record(au) <= 0)
		return NULL;
	while (auparse_get_type(au) != AUDIT_SYSCALL)
		if (auparse_next_record(au) <= 0)
			return NULL;
	auparse_first_field(au);
	if (!auparse_find_field(au, name) || auparse_get_type(au) != AUDIT_SYSCALL)
		return NULL;
	v = interp ? auparse_interpret_field(au) : auparse_get_field_str(au);
	return v ? strdup(v) : NULL;
}

const char *auxerr__too_big(void)
{
	return _("its records exceed the 256 KiB that one event may hold");
}

/* the event's records, one per line; NULL (and *@too_big) over
 * AUXERR_TEXT_MAX, or on allocation failure */
static char *event_text(auparse_state_t *au, size_t *len, int *too_big)
{
	size_t n = 0, cap = 0;
	char *s = NULL;

	if (auparse_first_record(au) <= 0)
		return NULL;
	do {
		const char *r;
		size_t rl;

		if (auparse_get_type(au) == AUDIT_EOE)
			continue;
		r = auparse_get_record_text(au);
		if (!r)
			continue;
		r = strip_node(r);
		rl = strlen(r);
		if (n + rl + 1 > AUXERR_TEXT_MAX) {
			*too_big = 1;
			free(s);
			return NULL;
		}
		if (n + rl + 2 > cap) {
			size_t nc = (n + rl + 2) * 2;
			char *ns = realloc(s, nc);

			if (!ns) {
				free(s);
				return NULL;
			}
			s = ns;
			cap = nc;
		}
		memcpy(s + n, r, rl);
		n += rl;
		s[n++] = '\n';
		s[n] = '\0';
	} while (auparse_next_record(au) > 0);
	*len = n;
	return s;
}

/* Called by auparse_feed() for each completed event, lock held */
static void event_cb(auparse_state_t *au, auparse_cb_event_t type, void *arg)
{
	struct auxerr_asm *a = arg;
	const au_event_t *ts;
	struct pending *e;
	unsigned long k;
	int found = 0, too_big = 0;

	if (type != AUPARSE_CB_EVENT_READY)
		return;
	a->stats.events++;
	/* the cheap test: record types only */
	if (auparse_first_record(au) <= 0)
		return;
	do {
		if (auparse_get_type(au) == AUXERR_RECORD_TYPE) {
			found = 1;
			break;
		}
	} while (auparse_next_record(au) > 0);
	if (!found)
		return;
	a->stats.auxerr_events++;

	e = calloc(1, sizeof(*e));
	if (!e)
		return;
	ts = auparse_get_timestamp(au);
	if (ts) {
		e->ev.sec = (long long)ts->sec;
		e->ev.milli = ts->milli;
		e->ev.serial = ts->serial;
	}
	auparse_first_record(au);
	k = auparse_get_line_number(au);	/* of the lines fed, from 1 */
	if (k >= 1 && k <= a->fed && a->fed - k < LINE_RING)
		e->ev.line = a->lineno[(k - 1) % LINE_RING];
	e->text = event_text(au, &e->ev.len, &too_big);
	e->ev.too_big = too_big;
	e->pid = syscall_field(au, "pid", 0);
	e->uid = syscall_field(au, "uid", 0);
	e->comm = syscall_field(au, "comm", 1);
	e->exe = syscall_field(au, "exe", 1);
	if (!e->text && !too_big) {
		pending_free(e);	/* out of memory */
		return;
	}
	e->ev.text = e->text;
	e->ev.pid = e->pid;
	e->ev.uid = e->uid;
	e->ev.comm = e->comm;
	e->ev.exe = e->exe;
	*a->tail = e;
	a->tail = &e->next;
}

/* hand the queued events to the caller, outside auparse_feed() */
static void deliver(struct auxerr_asm *a)
{
	if (a->delivering)
		return;
	a->delivering = 1;
	while (a->head) {
		struct pending *e = a->head;

		a->head = e->next;
		if (!a->head)
			a->tail = &a->head;
		a->fn(&e->ev, a->arg);
		pending_free(e);
	}
	a->delivering = 0;
}

/* ---- life cycle -------------------------------------------------------- */

struct auxerr_asm *auxerr__asm_new(auxerr_event_fn fn, void *arg)
{
	struct auxerr_asm *a = calloc(1, sizeof(*a));
	int e;

	if (!a)
		return NULL;
	a->fn = fn;
	a->arg = arg;
	a->tail = &a->head;
	a->line = malloc(AUXERR_LINE_MAX + 1);
	a->rec = malloc(AUXERR_LINE_MAX + 1);
	if (!a->line || !a->rec)
		goto fail;
	auxerr__auparse_lock();
	a->au = auparse_init(AUSOURCE_FEED, NULL);
	e = errno;
	if (a->au) {
		auparse_set_escape_mode(a->au, AUPARSE_ESC_TTY);
		auparse_add_callback(a->au, event_cb, a, NULL);
	}
	auxerr__auparse_unlock();
	errno = e;
	if (!a->au)
		goto fail;
	return a;
fail:
	e = errno ? errno : ENOMEM;
	free(a->line);
	free(a->rec);
	free(a);
	errno = e;
	return NULL;
}

void auxerr__asm_free(struct auxerr_asm *a)
{
	if (!a)
		return;
	a->fn = NULL;
	auxerr__auparse_lock();
	auparse_destroy(a->au);
	auxerr__auparse_unlock();
	while (a->head) {
		struct pending *e = a->head;

		a->head = e->next;
		pending_free(e);
	}
	free(a->line);
	free(a->rec);
	free(a);
}
