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

_Static_assert(PLUGIN_MAX_LINE == AUXERR_LINE_MAX,
	       "plugin.h promises the assembler's line limit");

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

/* ---- the text format ------------------------------------------------ */
/* (the JSON format is libauxerr's one writer: docs/json-format.md) */

static void puts_(struct auxerr_buf *b, const char *s)
{
	auxerr__buf_put(b, s, strlen(s));
}

/* "..." with \" \\ and \xHH for control bytes */
static void put_text_quoted(struct auxerr_buf *b, const char *s)
{
	auxerr__buf_put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };
			auxerr__buf_put(b, e, 2);
		} else if (c < 0x20 || c == 0x7f) {
			auxerr__buf_printf(b, "\\x%02x", c);
		} else {
			auxerr__buf_put(b, (const char *)&c, 1);
		}
	}
	auxerr__buf_put(b, "\"", 1);
}

/* a bare token when it is one, else quoted */
static void put_text_token(struct auxerr_buf *b, const char *s)
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

char *plugin_format_text(const struct plugin_line *l)
{
	struct auxerr_buf b = { 0 };
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

	puts_(&b, "time=");
	puts_(&b, when);
	auxerr__buf_printf(&b, " serial=%llu pid=%s uid=%s comm=", l->serial,
			   decimal(l->pid) ? l->pid : "?",
			   decimal(l->uid) ? l->uid : "?");
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
	puts_(&b, " remedy=");
	put_text_quoted(&b, l->remedy ? l->remedy : "no remedy known");
	if (l->superseded)
		puts_(&b, " superseded=yes");
	if (l->damaged) {
		puts_(&b, " damaged=");
		put_text_quoted(&b, l->damaged);
	}
	puts_(&b, "\n");
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
	struct auxerr_remedy *rem = NULL;
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
		l.damaged = auxerr_record_damage(r);
		l.superseded = auxerr_record_is_superseded(r);
		if (p->cfg.format != FORMAT_JSON) {
			rem = auxerr_record_remedy(r);
			l.remedy = rem ? auxerr_remedy_text(rem) : NULL;
		}
	} else {
		l.damaged = e->too_big ? auxerr__too_big() :
			    auxerr__parse_failure();
		if (!l.damaged)
			l.damaged = "?";
		l.sec = e->sec;
		l.milli = e->milli;
		l.serial = e->serial;
		l.pid = e->pid;
		l.uid = e->uid;
		l.comm = e->comm;
		l.exe = e->exe;
	}
	if (p->cfg.format == FORMAT_JSON) {
		struct auxerr_json_src src = {
			.source = "auditd", .pid = -1, .tid = -1,
			.text = e->text, .len = e->len, .ev = e,
			.damaged = l.damaged,
		};

		line = auxerr__json_event(r, &src);
	} else {
		line = plugin_format_text(&l);
	}
	if (line) {
		emit(p, line);
		if (l.explanation)
			p->stats.explained++;
		else
			p->stats.unexplained++;
	} else {
		/* the formatters fail only for want of memory: count the
		 * event and say so once, rather than lose it silently */
		if (!p->stats.dropped_events++)
			syslog(LOG_ERR, "audisp-auxerr: event %lld.%03u:%llu dropped: no memory to format it",
			       l.sec, l.milli % 1000, l.serial);
	}
	free(line);
	auxerr_remedy_free(rem);
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
