// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr explain: every AUXERR event of an audit log or of ausearch output
 *
 * Accepted input, line by line: audit records as auditd writes them (RAW
 * or ENRICHED: the part after the 0x1d separator is dropped; an optional
 * "node=NAME " prefix), as 'ausearch --raw' prints them, or as plain
 * 'ausearch' prints them ("----" and "time->" lines are skipped).  Empty
 * lines are skipped.  Records are grouped into events by their
 * msg=audit(SECONDS.MILLIS:SERIAL) stamp; records of one event need not be
 * adjacent.  An event is complete at its PROCTITLE or EOE record, when
 * more than MAX_OPEN newer events have started, or at the end of input.
 * Events without an AUXERR (UNKNOWN[1340]) record are ignored.
 *
 * Any other line is an error, reported with its line number: exit 3;
 * the events still open at that point are not explained (they may be
 * incomplete).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_OPEN 64

static const char explain_usage[] =
"Usage: auxerr explain [--json] [FILE|-]\n"
"Explain every AUXERR event of an audit log (/var/log/audit/audit.log) or of\n"
"'ausearch --raw' output; other events are ignored. FILE '-' or none: stdin.\n"
"  --json   one JSON object per event and line (docs/json-format.md)\n"
"  --raw    print the AUXERR events' records, grouped, instead\n"
"Exit status: 0 at least one event explained, 1 none found, 2 usage,\n"
"3 input that is not audit text (the line is named), 6 cannot read FILE.\n";

struct event {
	char stamp[64];
	char *text;
	size_t len, cap;
	long line;		/* first line */
	int auxerr;		/* has an AUXERR record */
	int done;
};

struct explain_state {
	struct event open[MAX_OPEN];
	unsigned nopen;
	enum out_mode mode;
	const char *name;
	unsigned long explained;
	int rc;
	int discard;		/* after a fatal error: print nothing more */
};

static void finish_event(struct explain_state *st, unsigned i)
{
	struct event *ev = &st->open[i];
	struct ev_meta m = { .source = "audit", .pid = -1, .tid = -1,
			     .line = ev->line };

	if (ev->auxerr && !st->discard) {
		if (event_print(stdout, st->mode, ev->text, ev->len, &m)) {
			fprintf(stderr, "auxerr explain: %s:%ld: malformed auxerr event %s: %s\n",
				st->name, ev->line, ev->stamp, strerror(errno));
			st->rc = EX_BADINPUT;
		} else {
			st->explained++;
		}
	}
	free(ev->text);
	memmove(&st->open[i], &st->open[i + 1],
		(st->nopen - i - 1) * sizeof(st->open[0]));
	st->nopen--;
}

static int append(struct event *ev, const char *line, size_t n)
{
	if (ev->len + n + 1 > ev->cap) {
		size_t cap = (ev->len + n + 1) * 2;
		char *t = realloc(ev->text, cap);

		if (!t)
			return -1;
		ev->text = t;
		ev->cap = cap;
	}
	memcpy(ev->text + ev->len, line, n);
	ev->len += n;
	ev->text[ev->len++] = '\n';
	return 0;
}

static int bad(struct explain_state *st, long lineno, const char *why)
{
	fprintf(stderr, "auxerr explain: %s:%ld: %s\n", st->name, lineno, why);
	return EX_BADINPUT;
}

/* One input line (without its newline); returns 0 or an exit code */
static int feed_line(struct explain_state *st, char *line, size_t n, long lineno)
{
	char *p, *stamp, *gs, *type_end;
	size_t sl, tl, i;
	struct event *ev;
	int is_aux, is_last;
	unsigned k;

	while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
		line[--n] = 0;
	if (!n || !strncmp(line, "----", 4) || !strncmp(line, "time->", 6))
		return 0;
	gs = memchr(line, 0x1d, n);	/* ENRICHED: drop the interpretations */
	if (gs) {
		n = gs - line;
		line[n] = 0;
	}
	if (!strncmp(line, "node=", 5)) {
		p = memchr(line, ' ', n);
		if (!p)
			return bad(st, lineno, "not an audit record (node= without type=)");
		n -= p + 1 - line;
		line = p + 1;
	}
	for (i = 0; i < n; i++)
		if ((unsigned char)line[i] < 0x20 || (unsigned char)line[i] > 0x7e)
			return bad(st, lineno, "not audit text (a byte outside printable ASCII)");
	if (strncmp(line, "type=", 5))
		return bad(st, lineno, "not an audit record (expected 'type=... msg=audit(...): ...')");
	type_end = memchr(line, ' ', n);
	if (!type_end || strncmp(type_end, " msg=audit(", 11))
		return bad(st, lineno, "not an audit record (no msg=audit(...) after type=)");
	tl = type_end - (line + 5);
	stamp = type_end + 11;
	{
		unsigned long long sec, ser;
		unsigned ms;
		int used = 0;

		if (sscanf(stamp, "%llu.%3u:%llu%n", &sec, &ms, &ser, &used) != 3 ||
		    stamp[used] != ')' || (size_t)used >= sizeof(ev->stamp))
			return bad(st, lineno, "the msg=audit(...) stamp is not SECONDS.MILLIS:SERIAL"
				   " (interpreted 'ausearch -i' output? use 'ausearch --raw')");
		(void)sec; (void)ms; (void)ser;
		sl = used;
		p = stamp + used;
	}
	if (p[1] != ':')
		return bad(st, lineno, "no ':' after the msg=audit(...) stamp");
	is_aux = (tl == 13 && !strncmp(line + 5, "UNKNOWN[1340]", 13)) ||
		 (tl == 6 && !strncmp(line + 5, "AUXERR", 6));
	is_last = (tl == 9 && !strncmp(line + 5, "PROCTITLE", 9)) ||
		  (tl == 3 && !strncmp(line + 5, "EOE", 3));

	for (k = 0; k < st->nopen; k++)
		if (strlen(st->open[k].stamp) == sl &&
		    !memcmp(st->open[k].stamp, stamp, sl))
			break;
	if (k == st->nopen) {
		if (st->nopen == MAX_OPEN)
			finish_event(st, 0);
		k = st->nopen++;
		ev = &st->open[k];
		memset(ev, 0, sizeof(*ev));
		memcpy(ev->stamp, stamp, sl);
		ev->stamp[sl] = 0;
		ev->line = lineno;
	}
	ev = &st->open[k];
	if (!(tl == 3 && !strncmp(line + 5, "EOE", 3)) && append(ev, line, n)) {
		fprintf(stderr, "auxerr explain: out of memory\n");
		return EX_FAIL;
	}
	ev->auxerr |= is_aux;
	if (is_last)
		finish_event(st, k);
	return 0;
}

int cmd_explain(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "raw", no_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct explain_state *st;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;
	FILE *in = stdin;
	int c, rc = 0;

	st = calloc(1, sizeof(*st));
	if (!st)
		return EX_FAIL;
	st->mode = OUT_TEXT;
	st->name = "<stdin>";
	optind = 1;
	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
		case 'r':
			if (st->mode != OUT_TEXT) {
				fprintf(stderr, "auxerr explain: --raw and --json exclude each other\n");
				free(st);
				return EX_USAGE;
			}
			st->mode = c == 'j' ? OUT_JSON : OUT_RAW;
			break;
		case 'h':
			fputs(explain_usage, stdout);
			free(st);
			return EX_OK;
		default:
			fputs(explain_usage, stderr);
			free(st);
			return EX_USAGE;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "auxerr explain: one FILE at most\n");
		free(st);
		return EX_USAGE;
	}
	if (optind < argc && strcmp(argv[optind], "-")) {
		st->name = argv[optind];
		in = fopen(st->name, "r");
		if (!in) {
			fprintf(stderr, "auxerr explain: %s: %s\n", st->name, strerror(errno));
			free(st);
			return EX_FAIL;
		}
	}
	while ((n = getline(&line, &cap, in)) >= 0) {
		lineno++;
		if (n && line[n - 1] == '\n')
			line[--n] = 0;
		if (memchr(line, 0, n)) {
			rc = bad(st, lineno, "not audit text (a NUL byte)");
			break;
		}
		rc = feed_line(st, line, n, lineno);
		if (rc)
			break;
	}
	if (!rc && ferror(in)) {
		fprintf(stderr, "auxerr explain: %s: %s\n", st->name, strerror(errno));
		rc = EX_FAIL;
	}
	st->discard = rc != 0;	/* never explain an event cut short */
	while (st->nopen)
		finish_event(st, 0);
	free(line);
	if (in != stdin)
		fclose(in);
	if (fflush(stdout) || ferror(stdout))
		rc = rc ? rc : EX_FAIL;
	if (!rc)
		rc = st->rc;
	if (!rc && !st->explained) {
		fprintf(stderr, "auxerr explain: no AUXERR event in %s\n", st->name);
		rc = EX_NONE;
	}
	free(st);
	return rc;
}
