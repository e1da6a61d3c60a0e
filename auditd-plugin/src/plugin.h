/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * audisp-auxerr: the auditd plugin's core, free of process concerns
 * (signals, stdin, the main loop live in main.c) so that the unit tests
 * drive it directly on fixture streams.
 *
 * Data flow:  bytes from auditd -> plugin_input() -> libauxerr's event
 * assembler (libauxerr/src/assemble.c: line framer, drops oversized,
 * binary and malformed lines, auparse_feed(), picks the events with a
 * type 1340 record) -> auxerr_record_parse() + auxerr_explain() -> one
 * line of text or JSON -> syslog or a file.
 */
#ifndef AUXERR_PLUGIN_H
#define AUXERR_PLUGIN_H

#include <stddef.h>
#include <stdio.h>

#define PLUGIN_DEFAULT_CONFIG	"/etc/audit/audisp-auxerr.conf"

/* A line longer than this (bytes, without the '\n') is dropped whole:
 * the assembler's AUXERR_LINE_MAX (libauxerr/src/auxerr-shared.h) */
#define PLUGIN_MAX_LINE		(64u * 1024u)

enum plugin_output { OUTPUT_SYSLOG, OUTPUT_FILE };
enum plugin_format { FORMAT_TEXT, FORMAT_JSON };

struct plugin_config {
	enum plugin_output output;
	enum plugin_format format;
	char file[4096];	/* output = file */
	int facility;		/* output = syslog */
	int priority;
	unsigned file_mode;	/* mode of a file the plugin creates */
};

/* Defaults: syslog, text, LOG_AUTHPRIV, LOG_INFO */
void plugin_config_defaults(struct plugin_config *c);

/*
 * Parse a configuration file (`key = value` lines, `#` comments).  On
 * error returns -1 and writes a message naming the line into @err
 * (@errlen bytes); @c is then unspecified.  A missing file is an error
 * (ENOENT) unless @missing_ok, when the defaults apply.
 */
int plugin_config_load(struct plugin_config *c, const char *path,
		       int missing_ok, char *err, size_t errlen);
int plugin_config_parse(struct plugin_config *c, FILE *f, const char *name,
			char *err, size_t errlen);

/* Counters, for the tests and the exit message */
struct plugin_stats {
	unsigned long lines;		/* lines handed to auparse */
	unsigned long dropped_long;	/* lines over PLUGIN_MAX_LINE */
	unsigned long dropped_binary;	/* lines with control bytes */
	unsigned long dropped_malformed;/* lines that are no audit record */
	unsigned long events;		/* events auparse completed */
	unsigned long auxerr_events;	/* of which carried a 1340 record */
	unsigned long explained;	/* lines written with an explanation */
	unsigned long unexplained;	/* written without an explanation:
					 * libauxerr refused them (damaged) */
	unsigned long dropped_events;	/* 1340 events not written: no
					 * memory to format them (syslogged) */
	unsigned long write_errors;
};

struct plugin;

/* Create a plugin with @c (copied).  Opens the output.  NULL on error
 * with a message in @err. */
struct plugin *plugin_new(const struct plugin_config *c, char *err,
			  size_t errlen);
void plugin_free(struct plugin *p);

/* Replace the configuration and reopen the output (SIGHUP).  On error the
 * old configuration and output stay in use; -1 with a message. */
int plugin_reconfigure(struct plugin *p, const struct plugin_config *c,
		       char *err, size_t errlen);

/* Reopen the output with the current configuration (log rotation) */
int plugin_reopen(struct plugin *p, char *err, size_t errlen);

/* Bytes from auditd, in any chunking */
void plugin_input(struct plugin *p, const char *data, size_t len);

/* Let auparse complete events that got no end marker (call about once a
 * second); end of input: complete everything, including a last line
 * without '\n' */
void plugin_age(struct plugin *p);
void plugin_flush(struct plugin *p);

const struct plugin_stats *plugin_stats(const struct plugin *p);

/* The text format's fields (the JSON format is libauxerr's writer,
 * auxerr__json_event(), in the schema of docs/json-format.md) */
struct plugin_line {
	long long sec;
	unsigned milli;
	unsigned long long serial;
	const char *pid;	/* raw decimal, or NULL */
	const char *uid;
	const char *comm;	/* decoded */
	const char *exe;
	const char *syscall;	/* name */
	int error;		/* positive errno, 0 if unknown */
	const char *mechanism;
	const char *explanation;
	const char *remedy;	/* auxerr_remedy_text(), or NULL */
	const char *damaged;	/* what the event lacks, NULL if whole */
	int superseded;		/* a later unnoted EPERM/EACCES of the thread */
};

/* The text format's line, NUL-terminated, with '\n' at the end; malloc'd */
char *plugin_format_text(const struct plugin_line *l);

#endif
