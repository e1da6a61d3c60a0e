// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audisp-auxerr core: frame auditd's stream into lines, feed auparse, pick
 * the events that carry an AUXERR (type 1340) record, explain them with
 * libauxerr and write one line each.
 *
 * Two libauparse states are in use: ours (AUSOURCE_FEED) and libauxerr's.
 * libauparse keeps global state (interpretation buffers), so they are
 * never interleaved: the event callback only copies raw record texts into
 * a queue, and plugin_process() explains the queue after auparse_feed()
 * has returned.
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include <auparse.h>
#include <libaudit.h>
#include <auxerr.h>

#include "auxerr-shared.h"
#include "plugin.h"

#define AUXERR_RECORD_TYPE 1340

struct pending {
	struct pending *next;
	char *text;		/* the event's raw records, one per line */
	size_t len;
	int too_big;		/* over AUXERR_TEXT_MAX: not parsed */
	long long sec;
	unsigned milli;
	unsigned long long serial;
	/* from our own auparse state, for events libauxerr refuses */
	char *pid, *uid, *comm, *exe;
};

struct plugin {
	struct plugin_config cfg;
	auparse_state_t *au;
	int fd;			/* OUTPUT_FILE */
	int syslog_open;
	int reported_write_error;

	char *line;		/* the line being framed */
	size_t llen;
	int discarding;		/* inside an over-long line */

	struct pending *head, **tail;
	int processing;
	struct plugin_stats stats;
};

/* ---- output ---------------------------------------------------------- */

static int open_output(const struct plugin_config *c, int *fd, char *err,
		       size_t errlen)
{
	*fd = -1;
	if (c->output == OUTPUT_FILE) {
		int flags = O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW;

		/* a file we create gets file_mode exactly (not the umask's
		 * idea of it); an existing one keeps its mode */
		*fd = open(c->file, flags | O_CREAT | O_EXCL, c->file_mode);
		if (*fd >= 0)
			(void)fchmod(*fd, c->file_mode);
		else if (errno == EEXIST)
			*fd = open(c->file, flags);
		if (*fd < 0) {
			snprintf(err, errlen, "%s: %s", c->file, strerror(errno));
			return -1;
		}
	}
	return 0;
}

static void close_output(struct plugin *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	if (p->syslog_open)
		closelog();
	p->syslog_open = 0;
}

static void use_output(struct plugin *p, int fd)
{
	p->fd = fd;
	if (p->cfg.output == OUTPUT_SYSLOG) {
		openlog("audisp-auxerr", LOG_PID | LOG_NDELAY, p->cfg.facility);
		p->syslog_open = 1;
	}
	p->reported_write_error = 0;
}

static void emit(struct plugin *p, const char *line)
{
	size_t len = strlen(line);

	if (p->cfg.output == OUTPUT_SYSLOG) {
		/* without the '\n' */
		syslog(p->cfg.priority, "%.*s", (int)(len ? len - 1 : 0), line);
		return;
	}
	while (len) {
		ssize_t n = write(p->fd, line, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			p->stats.write_errors++;
			if (!p->reported_write_error) {
				syslog(LOG_ERR, "audisp-auxerr: writing %s: %s",
				       p->cfg.file, n < 0 ? strerror(errno) : "short write");
				p->reported_write_error = 1;
			}
			return;
		}
		line += n;
		len -= (size_t)n;
	}
}

/* ---- formatting ------------------------------------------------------ */

struct buf {
	char *s;
	size_t len, cap;
	int oom;
};

static void put(struct buf *b, const char *s, size_t n)
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

static void puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

__attribute__((format(printf, 2, 3)))
static void putf(struct buf *b, const char *fmt, ...)
{
	char tmp[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		put(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* "..." with \" \\ and \xHH for control bytes */
static void put_text_quoted(struct buf *b, const char *s)
{
	put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };
			put(b, e, 2);
		} else if (c < 0x20 || c == 0x7f) {
			putf(b, "\\x%02x", c);
		} else {
			put(b, (const char *)&c, 1);
		}
	}
	put(b, "\"", 1);
}

/* Length of a valid UTF-8 sequence at s, 0 if invalid */
static size_t utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	size_t n, i;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

/* a JSON string; invalid UTF-8 becomes U+FFFD */
static void put_json_string(struct buf *b, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	put(b, "\"", 1);
	while (*s) {
		size_t n;

		if (*s == '"' || *s == '\\') {
			char e[2] = { '\\', (char)*s };
			put(b, e, 2);
			s++;
		} else if (*s < 0x20 || *s == 0x7f) {
			putf(b, "\\u%04x", *s);
			s++;
		} else if ((n = utf8_len(s)) > 0) {
			put(b, (const char *)s, n);
			s += n;
		} else {
			puts_(b, "\\ufffd");
			s++;
		}
	}
	put(b, "\"", 1);
}

/* a bare token when it is one, else quoted */
static void put_text_token(struct buf *b, const char *s)
{
	const char *c;

	for (c = s; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || strchr("_-.,:/+[]()?", *c)))
			break;
	if (*s && !*c)
		puts_(b, s);
	else
		put_text_quoted(b, s);
}

static int decimal(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

char *plugin_format_line(enum plugin_format fmt, const struct plugin_line *l)
{
	struct buf b = { 0 };
	char when[64], ename[32];
	struct tm tm;
	time_t t = (time_t)l->sec;
	const char *en = l->error ? strerrorname_np(l->error) : NULL;

	if (!gmtime_r(&t, &tm) ||
	    !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", &tm))
		strcpy(when, "1970-01-01T00:00:00");
	snprintf(when + strlen(when), sizeof(when) - strlen(when), ".%03uZ",
		 l->milli % 1000);
	if (!en && l->error)
		snprintf(ename, sizeof(ename), "%d", l->error);
	else
		snprintf(ename, sizeof(ename), "%s", en ? en : "?");

	if (fmt == FORMAT_JSON) {
		puts_(&b, "{\"time\":");
		put_json_string(&b, when);
		putf(&b, ",\"stamp\":\"%lld.%03u:%llu\",\"serial\":%llu",
		     l->sec, l->milli % 1000, l->serial, l->serial);
		puts_(&b, ",\"pid\":");
		if (decimal(l->pid))
			puts_(&b, l->pid);
		else
			puts_(&b, "null");
		puts_(&b, ",\"uid\":");
		if (decimal(l->uid))
			puts_(&b, l->uid);
		else
			puts_(&b, "null");
		puts_(&b, ",\"comm\":");
		put_json_string(&b, l->comm ? l->comm : "?");
		puts_(&b, ",\"exe\":");
		put_json_string(&b, l->exe ? l->exe : "?");
		puts_(&b, ",\"syscall\":");
		put_json_string(&b, l->syscall ? l->syscall : "?");
		putf(&b, ",\"errno\":%d,\"errname\":", l->error);
		put_json_string(&b, ename);
		puts_(&b, ",\"mechanism\":");
		put_json_string(&b, l->mechanism ? l->mechanism : "?");
		puts_(&b, ",\"explained\":");
		puts_(&b, l->explanation ? "true" : "false");
		puts_(&b, ",\"explanation\":");
		put_json_string(&b, l->explanation ? l->explanation
				: "auxerr event not understood");
		puts_(&b, "}\n");
	} else {
		puts_(&b, "time=");
		puts_(&b, when);
		putf(&b, " serial=%llu pid=%s uid=%s comm=", l->serial,
		     decimal(l->pid) ? l->pid : "?", decimal(l->uid) ? l->uid : "?");
		put_text_quoted(&b, l->comm ? l->comm : "?");
		puts_(&b, " exe=");
		put_text_quoted(&b, l->exe ? l->exe : "?");
		puts_(&b, " syscall=");
		put_text_token(&b, l->syscall ? l->syscall : "?");
		puts_(&b, " errno=");
		puts_(&b, ename);
		puts_(&b, " mechanism=");
		put_text_token(&b, l->mechanism ? l->mechanism : "?");
		puts_(&b, " explanation=");
		put_text_quoted(&b, l->explanation ? l->explanation
				: "auxerr event not understood");
		puts_(&b, "\n");
	}
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* ---- the event queue ------------------------------------------------- */

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

/* Called by auparse_feed() for each completed event */
static void event_cb(auparse_state_t *au, auparse_cb_event_t type, void *arg)
{
	struct plugin *p = arg;
	struct pending *e;
	struct buf text = { 0 };
	const au_event_t *ts;
	int found = 0;

	if (type != AUPARSE_CB_EVENT_READY)
		return;
	p->stats.events++;
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
	p->stats.auxerr_events++;

	e = calloc(1, sizeof(*e));
	if (!e)
		return;
	ts = auparse_get_timestamp(au);
	if (ts) {
		e->sec = (long long)ts->sec;
		e->milli = ts->milli;
		e->serial = ts->serial;
	}
	if (auparse_first_record(au) > 0) {
		do {
			int t = auparse_get_type(au);
			const char *r;

			if (t == AUDIT_EOE)
				continue;
			r = auparse_get_record_text(au);
			if (!r)
				continue;
			r = strip_node(r);
			if (text.len + strlen(r) + 1 > AUXERR_TEXT_MAX) {
				e->too_big = 1;
			} else {
				puts_(&text, r);
				put(&text, "\n", 1);
			}
		} while (auparse_next_record(au) > 0);
	}
	e->pid = syscall_field(au, "pid", 0);
	e->uid = syscall_field(au, "uid", 0);
	e->comm = syscall_field(au, "comm", 1);
	e->exe = syscall_field(au, "exe", 1);
	if (text.oom) {
		free(text.s);
		pending_free(e);
		return;
	}
	e->text = text.s;
	e->len = text.len;
	*p->tail = e;
	p->tail = &e->next;
}

static void explain_one(struct plugin *p, struct pending *e)
{
	struct auxerr_record *r = NULL;
	struct plugin_line l = { 0 };
	char *line;

	if (!e->too_big && e->text)
		r = auxerr_record_parse(e->text, e->len);
	if (r) {
		struct timespec ts = auxerr_record_time(r);

		l.sec = ts.tv_sec;
		l.milli = (unsigned)(ts.tv_nsec / 1000000);
		l.serial = auxerr_record_serial(r);
		l.pid = auxerr_record_field(r, "SYSCALL", "pid");
		l.uid = auxerr_record_field(r, "SYSCALL", "uid");
		l.comm = auxerr_record_interpret(r, "SYSCALL", "comm");
		l.exe = auxerr_record_interpret(r, "SYSCALL", "exe");
		l.syscall = auxerr_record_syscall_name(r);
		l.error = auxerr_record_errno(r);
		l.mechanism = auxerr_record_mechanism(r);
		l.explanation = auxerr_explain(r);
	} else {
		l.sec = e->sec;
		l.milli = e->milli;
		l.serial = e->serial;
		l.pid = e->pid;
		l.uid = e->uid;
		l.comm = e->comm;
		l.exe = e->exe;
	}
	line = plugin_format_line(p->cfg.format, &l);
	if (line) {
		emit(p, line);
		if (l.explanation)
			p->stats.explained++;
		else
			p->stats.unexplained++;
	}
	free(line);
	auxerr_record_free(r);
}

void plugin_process(struct plugin *p)
{
	if (p->processing)
		return;
	p->processing = 1;
	while (p->head) {
		struct pending *e = p->head;

		p->head = e->next;
		if (!p->head)
			p->tail = &p->head;
		explain_one(p, e);
		pending_free(e);
	}
	p->processing = 0;
}

/* ---- framing --------------------------------------------------------- */

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

/* [node=NAME ]type=TYPE msg=audit(SEC.MSEC:SERIAL): ... */
static int well_formed(const char *s, size_t n)
{
	const char *end = s + n, *t;

	if (n > 5 && memcmp(s, "node=", 5) == 0) {
		const char *sp = memchr(s, ' ', n);

		if (!sp || sp == s + 5)
			return 0;
		s = sp + 1;
	}
	if (end - s < 5 || memcmp(s, "type=", 5) != 0)
		return 0;
	s += 5;
	t = s;
	while (s < end && *s != ' ')
		s++;
	if (s == t || end - s < 11 || memcmp(s, " msg=audit(", 11) != 0)
		return 0;
	s += 11;
	if (!(s = digits(s, end, 1, 20)) || s >= end || *s++ != '.')
		return 0;
	if (!(s = digits(s, end, 3, 3)) || s >= end || *s++ != ':')
		return 0;
	if (!(s = digits(s, end, 1, 20)) || end - s < 2 || s[0] != ')' || s[1] != ':')
		return 0;
	return 1;
}

static void line_done(struct plugin *p)
{
	const char *gs;
	size_t i, raw;

	if (p->llen == 0)
		return;
	for (i = 0; i < p->llen; i++) {
		unsigned char c = (unsigned char)p->line[i];

		/* 0x1d separates the enriched interpretations */
		if ((c < 0x20 && c != '\t' && c != 0x1d) || c == 0x7f) {
			p->stats.dropped_binary++;
			return;
		}
	}
	/* auparse parses the raw part, before the enriched one: it must be
	 * a record, and not one libauparse 3.0.9 mishandles */
	gs = memchr(p->line, 0x1d, p->llen);
	raw = gs ? (size_t)(gs - p->line) : p->llen;
	if (!well_formed(p->line, raw) ||
	    auxerr__auparse_hazard(p->line, raw)) {
		p->stats.dropped_malformed++;
		return;
	}
	p->line[p->llen] = '\n';
	p->stats.lines++;
	auparse_feed(p->au, p->line, p->llen + 1);
}

void plugin_input(struct plugin *p, const char *d, size_t n)
{
	while (n) {
		const char *nl = memchr(d, '\n', n);
		size_t take = nl ? (size_t)(nl - d) : n;

		if (p->discarding) {
			if (nl)
				p->discarding = 0;
		} else if (p->llen + take > PLUGIN_MAX_LINE) {
			p->stats.dropped_long++;
			p->llen = 0;
			p->discarding = !nl;
		} else {
			memcpy(p->line + p->llen, d, take);
			p->llen += take;
			if (nl) {
				line_done(p);
				p->llen = 0;
			}
		}
		take += nl ? 1 : 0;
		d += take;
		n -= take;
	}
	plugin_process(p);
}

void plugin_age(struct plugin *p)
{
	auparse_feed_age_events(p->au);
	plugin_process(p);
}

void plugin_flush(struct plugin *p)
{
	if (!p->discarding)
		line_done(p);	/* a last line without its '\n' */
	p->llen = 0;
	p->discarding = 0;
	auparse_flush_feed(p->au);
	plugin_process(p);
}

/* ---- life cycle ------------------------------------------------------ */

struct plugin *plugin_new(const struct plugin_config *c, char *err,
			  size_t errlen)
{
	struct plugin *p = calloc(1, sizeof(*p));
	int fd;

	if (!p || !(p->line = malloc(PLUGIN_MAX_LINE + 2))) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	p->fd = -1;
	p->tail = &p->head;
	p->cfg = *c;
	p->au = auparse_init(AUSOURCE_FEED, NULL);
	if (!p->au) {
		snprintf(err, errlen, "auparse_init: %s", strerror(errno));
		goto fail;
	}
	auparse_set_escape_mode(p->au, AUPARSE_ESC_TTY);
	auparse_add_callback(p->au, event_cb, p, NULL);
	if (open_output(&p->cfg, &fd, err, errlen) < 0)
		goto fail;
	use_output(p, fd);
	return p;
fail:
	if (p) {
		if (p->au)
			auparse_destroy(p->au);
		free(p->line);
		free(p);
	}
	return NULL;
}

int plugin_reconfigure(struct plugin *p, const struct plugin_config *c,
		       char *err, size_t errlen)
{
	int fd;

	if (open_output(c, &fd, err, errlen) < 0)
		return -1;
	close_output(p);
	p->cfg = *c;
	use_output(p, fd);
	return 0;
}

int plugin_reopen(struct plugin *p, char *err, size_t errlen)
{
	struct plugin_config c = p->cfg;

	return plugin_reconfigure(p, &c, err, errlen);
}

void plugin_free(struct plugin *p)
{
	if (!p)
		return;
	plugin_flush(p);
	auparse_destroy(p->au);
	close_output(p);
	while (p->head) {
		struct pending *e = p->head;

		p->head = e->next;
		pending_free(e);
	}
	free(p->line);
	free(p);
}

const struct plugin_stats *plugin_stats(const struct plugin *p)
{
	return &p->stats;
}
