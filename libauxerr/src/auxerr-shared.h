/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What libauxerr shares with its own programs, auxerr(1) and
 * audisp-auxerr, beyond <auxerr.h>.
 *
 * These calls are in libauxerr.a, which both programs link, and hidden in
 * libauxerr.so: they are the project's internal interface, not an ABI (no
 * symbol in libauxerr.map).  Why not a public AUXERR_1.1 node: their shape
 * follows what the two programs need (line numbers for error messages,
 * drop counters, the JSON schema's version), and a public call is
 * forever; one that proves useful to others can be promoted later.
 * Needs only libc and libauparse headers (not <linux/auxerr.h>).
 */
#ifndef AUXERR_SHARED_H
#define AUXERR_SHARED_H

#include <stddef.h>
#include <sys/socket.h>
#include <sys/types.h>

#define AUXERR_SHARED __attribute__((visibility("hidden")))

/*
 * Non-zero for a record line (without its '\n') that libauparse 3.0.9
 * must not see: it leaks or overflows on it (auparse.c).  No kernel
 * writes such a line.  Every line libauxerr or its programs hand to
 * libauparse passes this test first.
 */
AUXERR_SHARED int auxerr__auparse_hazard(const char *line, size_t n);

/*
 * The BPF backend's flushed event (a type 2340 user message, usermsg.c)
 * as the kernel records it stands for: 1 and *out (malloc()ed lines
 * separated by '\n') for such a line, 0 for any other line, -1 and *why
 * for a 2340 line that cannot be read.
 */
AUXERR_SHARED int auxerr__usermsg_expand(const char *line, size_t n,
					 char **out, const char **why);

/* ---- the event assembler (assemble.c) ---------------------------------- */

/* The longest line the assembler takes (bytes, without the '\n').
 * auditd's records are at most MAX_AUDIT_MESSAGE_LENGTH (8970) plus the
 * enriched interpretations. */
#define AUXERR_LINE_MAX		(64u * 1024u)

/* What became of one line */
enum auxerr_line {
	AUXERR_LINE_RECORD,	/* a record, handed to libauparse */
	AUXERR_LINE_SKIPPED,	/* empty, or plain ausearch's "----"/"time->" */
	AUXERR_LINE_LONG,	/* longer than AUXERR_LINE_MAX: dropped */
	AUXERR_LINE_BINARY,	/* a byte outside printable ASCII: dropped */
	AUXERR_LINE_MALFORMED,	/* not a record, or one libauparse 3.0.9
				 * mishandles: dropped */
};

/* One completed event with an AUXERR record, valid during the callback */
struct auxerr_event {
	const char *text;	/* its records, one per line ending in '\n',
				 * without node= prefix, enrichment or EOE;
				 * NULL when too_big */
	size_t len;
	int too_big;		/* the records exceed AUXERR_TEXT_MAX */
	long line;		/* input line of its first record, 0 unknown */
	long long sec;		/* the stamp msg=audit(sec.milli:serial) */
	unsigned milli;
	unsigned long long serial;
	/* the SYSCALL record's fields as libauparse found them, NULL if
	 * none: for events libauxerr cannot parse */
	const char *pid, *uid;	/* raw */
	const char *comm, *exe;	/* interpreted (decoded) */
};

/* why an event with @too_big set is not explained: a translated phrase */
AUXERR_SHARED const char *auxerr__too_big(void);

struct auxerr_asm_stats {
	unsigned long lines;		/* records handed to libauparse */
	unsigned long skipped;		/* AUXERR_LINE_SKIPPED */
	unsigned long dropped_long;
	unsigned long dropped_binary;
	unsigned long dropped_malformed;
	unsigned long events;		/* events libauparse completed */
	unsigned long auxerr_events;	/* of which carried an AUXERR record */
};

typedef void (*auxerr_event_fn)(const struct auxerr_event *ev, void *arg);
struct auxerr_asm;

/* A new assembler calling @fn for each event (outside libauparse, so
 * that @fn may parse with libauxerr); NULL with errno on failure */
AUXERR_SHARED struct auxerr_asm *auxerr__asm_new(auxerr_event_fn fn,
						 void *arg);
/* Free @a; events not yet complete are dropped, not handed out */
AUXERR_SHARED void auxerr__asm_free(struct auxerr_asm *a);
/* One line of @n bytes without its '\n', number @lineno of the input;
 * a line not taken gets its reason in *@why (may be NULL) */
AUXERR_SHARED enum auxerr_line auxerr__asm_line(struct auxerr_asm *a,
						const char *line, size_t n,
						long lineno, const char **why);
/* Bytes in any chunking, framed into lines (an over-long line is
 * dropped whole; lines are numbered from 1) */
AUXERR_SHARED void auxerr__asm_input(struct auxerr_asm *a, const char *data,
				     size_t n);
/* Complete the events libauparse's end-of-event timeout has passed for
 * (call about once a second on a live stream) */
AUXERR_SHARED void auxerr__asm_age(struct auxerr_asm *a);
/* End of input: a last line without '\n', then every open event */
AUXERR_SHARED void auxerr__asm_flush(struct auxerr_asm *a);
AUXERR_SHARED const struct auxerr_asm_stats *
auxerr__asm_stats(const struct auxerr_asm *a);

/* ---- the JSON writer (json.c) ------------------------------------------ */

/*
 * The version of the JSON schema of docs/json-format.md, shared by every
 * object auxerr writes (events and `auxerr status --json`).  It changes
 * only deliberately: when a member is removed, renamed or changes type or
 * meaning (adding a member does not change it).
 */
#define AUXERR_JSON_VERSION	2

/* A growing string (buf.c); @oom set on allocation failure (then nothing
 * more is added); @s is NUL-terminated once anything was added */
struct auxerr_buf {
	char *s;
	size_t len, cap;
	int oom;
};

AUXERR_SHARED void auxerr__buf_put(struct auxerr_buf *b, const char *s,
				   size_t n);
AUXERR_SHARED void auxerr__buf_str(struct auxerr_buf *b, const char *s);
__attribute__((format(printf, 2, 3)))
AUXERR_SHARED void auxerr__buf_printf(struct auxerr_buf *b, const char *fmt,
				      ...);
/* @n bytes of @s as a JSON string: quotes, escapes, invalid UTF-8 as
 * U+FFFD */
AUXERR_SHARED void auxerr__json_string(struct auxerr_buf *b, const char *s,
				       size_t n);

/* Where an event came from, beyond its text */
struct auxerr_json_src {
	const char *source;	/* "proc", "audit", "trace", "auditd" */
	long pid;		/* -1: the SYSCALL record's pid= */
	long tid;		/* -1: unknown (null) */
	long line;		/* input line of its first record, 0: none */
	const char *text;	/* the event text, NULL if not kept */
	size_t len;
	/* for an event libauxerr could not parse (@rec NULL): what the
	 * assembler found, may be NULL */
	const struct auxerr_event *ev;
	/* for such an event: why it could not be parsed
	 * (auxerr__parse_failure()), may be NULL */
	const char *damaged;
};

struct auxerr_record;

/*
 * Why the calling thread's last auxerr_record_parse() failed, as a
 * translated phrase ("no SYSCALL record"); NULL after a success.
 */
AUXERR_SHARED const char *auxerr__parse_failure(void);

/*
 * One event as one line of JSON ending in '\n' (malloc'd, NUL-
 * terminated), or NULL with errno ENOMEM.  @rec is the parsed event, or
 * NULL when libauxerr refused it (then "explained" is false and what
 * only the record knows is null).
 */
AUXERR_SHARED char *auxerr__json_event(struct auxerr_record *rec,
				       const struct auxerr_json_src *src);

/*
 * One request to the BPF backend's service (auxerr-bpfd --serve, service.c)
 * and its answer, both within AUXERR_SERVICE_MS: the answer's length, or
 * -1 and errno (ENOENT, ECONNREFUSED: no service; ETIMEDOUT: it did not
 * answer in time).  Async-signal-safe.
 */
#define AUXERR_SERVICE_MS 5000
AUXERR_SHARED ssize_t auxerr__service_ask(const struct msghdr *req,
					  struct msghdr *ans);
/*
 * WANT (auxerr-bpfd --on-demand): ask the service to keep the backend's
 * noting programs attached while the returned socket stays open (in this
 * process or any that inherits it; it is close-on-exec), once they are.
 * While it attaches them the service answers EINPROGRESS every second:
 * each answer gives the client AUXERR_SERVICE_MS more, so a slow attach
 * is waited for and a stopped service is not, up to AUXERR_WANT_MS in
 * all.  -1 and errno: EALREADY (always attached), ENOENT or ECONNREFUSED
 * (no service), ETIMEDOUT (silent for AUXERR_SERVICE_MS), ETIME (still
 * attaching after AUXERR_WANT_MS), or the service's reason.
 */
#define AUXERR_WANT_MS 120000
AUXERR_SHARED int auxerr__service_want(void);
/* 1 when this thread's last request to the service timed out, and not
 * since reported (the answer is given once) */
AUXERR_SHARED int auxerr__service_timed_out(void);

#endif
