// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * auxerr explain: every AUXERR event of an audit log or of ausearch output
 *
 * The input goes line by line through libauxerr's event assembler, the
 * one audisp-auxerr uses too (libauxerr/src/assemble.c: auparse_feed()):
 * audit records as auditd writes them (RAW or ENRICHED, with or without
 * "node=NAME "), as 'ausearch --raw' prints them, or as plain 'ausearch'
 * prints them; empty, "----" and "time->" lines are skipped.  libauparse
 * groups the records into events by their stamp; records of one event
 * need not be adjacent.  Events are explained as they complete (at their
 * PROCTITLE or EOE record, when a record more than 2 seconds newer comes,
 * or at the end of input); events without an AUXERR record are ignored.
 *
 * Any other line is an error, reported with its line number: exit 3;
 * the events still open at that point are not explained (they may be
 * incomplete).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "auxerr-shared.h"
#include "cli.h"

static const char explain_usage[] =
"Usage: auxerr explain [--json] [FILE|-]\n"
"Explain every AUXERR event of an audit log (/var/log/audit/audit.log) or of\n"
"'ausearch --raw' output; other events are ignored. FILE '-' or none: stdin.\n"
"  --json   one JSON object per event and line (docs/json-format.md)\n"
"  --raw    print the AUXERR events' records, grouped, instead\n"
"Exit status: 0 every AUXERR event explained (at least one), 1 none found,\n"
"2 usage, 3 input that is not audit text, or an AUXERR event too damaged\n"
"to explain (the line is named; the event is still printed, with why),\n"
"6 cannot read FILE.\n";

struct explain_state {
	enum out_mode mode;
	const char *name;
	unsigned long explained;
	int rc;
	int discard;		/* after a fatal error: print nothing more */
};

/* the assembler's callback: one completed event with an AUXERR record */
static void explain_event(const struct auxerr_event *ev, void *arg)
{
	struct explain_state *st = arg;
	struct ev_meta m = { .source = "audit", .pid = -1, .tid = -1,
			     .line = ev->line, .ev = ev };
	const char *why;
	int r;

	if (st->discard)
		return;
	if (ev->too_big) {
		why = auxerr__too_big();
		r = event_print_unparsed(stdout, st->mode, NULL, 0, &m, why);
	} else {
		r = event_print(stdout, st->mode, ev->text, ev->len, &m);
		why = auxerr__parse_failure();
	}
	if (r == 0) {
		st->explained++;
		return;
	}
	/* written, or not even that: either way the reason, and exit 3 */
	fprintf(stderr, "auxerr explain: %s:%ld: auxerr event %lld.%03u:%llu not explained: %s\n",
		st->name, ev->line, ev->sec, ev->milli, ev->serial,
		r < 0 ? strerror(errno) : why ? why : "?");
	st->rc = EX_BADINPUT;
}

static int bad(struct explain_state *st, long lineno, const char *why)
{
	fprintf(stderr, "auxerr explain: %s:%ld: %s\n", st->name, lineno, why);
	return EX_BADINPUT;
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
	struct auxerr_asm *as;
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
	getopt_reset();
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
	as = auxerr__asm_new(explain_event, st);
	if (!as) {
		fprintf(stderr, "auxerr explain: libauparse: %s\n", strerror(errno));
		if (in != stdin)
			fclose(in);
		free(st);
		return EX_FAIL;
	}
	while ((n = getline(&line, &cap, in)) >= 0) {
		const char *why;

		lineno++;
		if (n && line[n - 1] == '\n')
			line[--n] = 0;
		if (memchr(line, 0, n)) {
			rc = bad(st, lineno, "not audit text (a NUL byte)");
			break;
		}
		if (auxerr__asm_line(as, line, n, lineno, &why) > AUXERR_LINE_SKIPPED) {
			rc = bad(st, lineno, why);
			break;
		}
	}
	if (!rc && ferror(in)) {
		fprintf(stderr, "auxerr explain: %s: %s\n", st->name, strerror(errno));
		rc = EX_FAIL;
	}
	st->discard = rc != 0;	/* never explain an event cut short */
	if (!rc)
		auxerr__asm_flush(as);
	auxerr__asm_free(as);
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
