/* SPDX-License-Identifier: GPL-2.0-or-later */
/* auxerr(1): shared declarations of the command line tool */
#ifndef AUXERR_CLI_H
#define AUXERR_CLI_H

#include <stdio.h>
#include <sys/types.h>

/* Exit codes (documented in auxerr(1), "EXIT STATUS") */
#define EX_OK		0	/* success */
#define EX_NONE		1	/* nothing to show: no record, no AUXERR event */
#define EX_USAGE	2	/* bad command line */
#define EX_BADINPUT	3	/* explain: input that is not audit text */
#define EX_NOSUPPORT	4	/* kernel without auxerr, or auxerr disabled */
#define EX_ACCESS	5	/* no such process, or no access to its records */
#define EX_FAIL		6	/* any other failure (I/O, memory) */
#define EX_NOEXEC	126	/* run/trace: CMD found but not executable */
#define EX_NOTFOUND	127	/* run/trace: CMD not found */

enum out_mode { OUT_TEXT, OUT_JSON, OUT_RAW };

struct auxerr_event;

/* Where an event came from, for the output */
struct ev_meta {
	const char *source;	/* "proc", "audit", "trace" */
	long pid, tid;		/* -1: unknown, take pid= from SYSCALL */
	long line;		/* first input line (explain), else 0 */
	long ret;		/* trace: the system call's return, else 0 */
	/* explain: what the assembler read of the event, else NULL */
	const struct auxerr_event *ev;
};

extern const char *progname;

/* Before a command's getopt_long() loop: optind 0 makes glibc reset all
 * of getopt's state, also its place in a half-read "-abc" of an earlier
 * parse (optind 1 keeps it; fuzz-cli runs the commands repeatedly) */
static inline void getopt_reset(void)
{
	extern int optind;

	optind = 0;
}

/* event.c: 0 explained, 1 written but libauxerr could not parse it
 * (auxerr__parse_failure() says why), -1 with errno when not written */
int event_print(FILE *f, enum out_mode mode, const char *text, size_t len,
		const struct ev_meta *m);
/* An event libauxerr could not parse (@text NULL: too large to keep),
 * written with @why: 1, or -1 with errno */
int event_print_unparsed(FILE *f, enum out_mode mode, const char *text,
			 size_t len, const struct ev_meta *m, const char *why);
/* The stamp "T:N" of the first line of @text (points into @text),
 * its length in *@n; NULL when the line has none. */
const char *event_stamp(const char *text, size_t len, size_t *n);
/* The length of the first event of @text: the leading lines that share
 * the first line's stamp */
size_t event_first_len(const char *text, size_t len);
unsigned long long stamp_serial(const char *stamp, size_t n);
void json_string(FILE *f, const char *s, size_t n);
const char *errno_name(int e);

/* proc reading (last.c) */
int read_proc_records(pid_t pid, pid_t tid, char **buf, size_t *len);

/* the subcommands */
int cmd_last(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_status(int argc, char **argv);

#endif
