// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audisp-auxerr core: auditd's stream goes through libauxerr's event
 * assembler (libauxerr/src/assemble.c, auparse_feed(), the one `auxerr
 * explain` uses too), which frames it into lines, drops what is no audit
 * record and hands out each completed event that carries an AUXERR (type
 * 1340) record; this file explains it with libauxerr and writes one line.
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

#include <auxerr.h>

#include "auxerr-shared.h"
#include "plugin.h"

struct plugin {
	struct plugin_config cfg;
	struct auxerr_asm *as;
	int fd;			/* OUTPUT_FILE */
	int syslog_open;
	int reported_write_error;
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

/* ---- events ---------------------------------------------------------- */

/* the assembler's counters into ours */
static void sync_stats(struct plugin *p)
{
	const struct auxerr_asm_stats *a = auxerr__asm_stats(p->as);

	p->stats.lines = a->lines;
	p->stats.dropped_long = a->dropped_long;
	p->stats.dropped_binary = a->dropped_binary;
	p->stats.dropped_malformed = a->dropped_malformed;
	p->stats.events = a->events;
	p->stats.auxerr_events = a->auxerr_events;
}

/* the assembler's callback: one completed event with an AUXERR record */
static void explain_one(const struct auxerr_event *e, void *arg)
{
	struct plugin *p = arg;
	struct auxerr_record *r = NULL;
	struct plugin_line l = { 0 };
	char *line;

	if (!e->too_big)
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

void plugin_input(struct plugin *p, const char *d, size_t n)
{
	auxerr__asm_input(p->as, d, n);
	sync_stats(p);
}

void plugin_age(struct plugin *p)
{
	auxerr__asm_age(p->as);
	sync_stats(p);
}

void plugin_flush(struct plugin *p)
{
	auxerr__asm_flush(p->as);
	sync_stats(p);
}

/* ---- life cycle ------------------------------------------------------ */

struct plugin *plugin_new(const struct plugin_config *c, char *err,
			  size_t errlen)
{
	struct plugin *p = calloc(1, sizeof(*p));
	int fd;

	if (!p) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	p->fd = -1;
	p->cfg = *c;
	p->as = auxerr__asm_new(explain_one, p);
	if (!p->as) {
		snprintf(err, errlen, "auparse_init: %s", strerror(errno));
		goto fail;
	}
	if (open_output(&p->cfg, &fd, err, errlen) < 0)
		goto fail;
	use_output(p, fd);
	return p;
fail:
	auxerr__asm_free(p->as);
	free(p);
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
	auxerr__asm_free(p->as);
	close_output(p);
	free(p);
}

const struct plugin_stats *plugin_stats(const struct plugin *p)
{
	return &p->stats;
}
