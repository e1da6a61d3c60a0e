// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libauxerr-preload.so: LD_PRELOAD=libauxerr-preload.so PROGRAM
 *
 * Interposes the libc functions that turn an errno into a message, so that
 * an unmodified program's message carries the explanation when a fresh
 * record (see <auxerr.h>) matches the errno it reports:
 *
 *   cat: /root/secret: Permission denied (openat /root/secret: denied by
 *   file permissions: mode 0600 root:root; uid 1000 is "other" ...)
 *
 * Which entry points matter (glibc 2.36, Debian 12):
 *  - coreutils (cat ls touch mkdir rm chown ...) import only error() for
 *    their messages, and glibc's error() calls its internal __strerror_r,
 *    not the strerror_r symbol; so error() and error_at_line() themselves
 *    are replaced, with glibc's output format (fflush(stdout), "prog: ",
 *    message, ": " strerror text, "\n"; error_print_progname,
 *    error_message_count and error_one_per_line honoured).
 *  - err()/warn() and perror() likewise use libc internals: replaced.
 *  - python3 imports strerror (OSError's text) and perror: strerror and
 *    both strerror_r variants (GNU strerror_r, XSI __xpg_strerror_r) are
 *    replaced for everything else.
 *
 * Without a matching fresh record every function behaves exactly like
 * libc's: strerror/strerror_r/perror call libc's own (RTLD_NEXT), and the
 * error()/err() replacements print the same bytes.  errno is preserved.
 * The freshness check is the first thing each function does, before any
 * system call of its own (stdio, gettext) could age the record.
 */
#include <dlfcn.h>
#include <err.h>
#include <errno.h>
#include <error.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define SHIM __attribute__((visibility("default")))

extern int __xpg_strerror_r(int errnum, char *buf, size_t buflen);

static char *(*real_strerror)(int);
static char *(*real_strerror_r)(int, char *, size_t);
static int (*real_xpg_strerror_r)(int, char *, size_t);
static void (*real_perror)(const char *);

/*
 * Unmodified programs make a few system calls between the failure and the
 * message: coreutils' first gettext() lookup takes 3 (cat, which prints
 * no translated text, none), mkdir -p 4, mv 6, measured on the guest
 * kernel.  So the shim's default maximum age is AUXERR_SHIM_MAX_AGE
 * rather than the library's 0; AUXERR_MAX_AGE overrides it (0: strict).
 */
#define AUXERR_SHIM_MAX_AGE 8

__attribute__((constructor)) static void resolve(void)
{
	int saved = errno;

	if (!getenv("AUXERR_MAX_AGE"))
		auxerr_set_max_age(AUXERR_SHIM_MAX_AGE);

	real_strerror = (char *(*)(int))dlsym(RTLD_NEXT, "strerror");
	real_strerror_r = (char *(*)(int, char *, size_t))dlsym(RTLD_NEXT, "strerror_r");
	real_xpg_strerror_r = (int (*)(int, char *, size_t))dlsym(RTLD_NEXT, "__xpg_strerror_r");
	real_perror = (void (*)(const char *))dlsym(RTLD_NEXT, "perror");
	errno = saved;
}

/* not re-entered from inside libauxerr (auparse, NSS, ...).  Thread-
 * local variables of the default (dynamic) model, like libauxerr's own:
 * no initial-exec TLS, so that the shim too loads with dlopen() in any
 * process; none of them is touched in a signal handler. */
static __thread int busy;

/* the fresh record for @errnum, or NULL (errno preserved); *no_reason
 * when there is none because a later unnoted EPERM/EACCES superseded the
 * newest (the message then says the kernel gave no reason) */
static struct auxerr_record *fresh(int errnum, int *no_reason)
{
	struct auxerr_record *rec;

	*no_reason = 0;
	if (busy || errnum <= 0)
		return NULL;
	busy = 1;
	rec = auxerr__fresh_record(errnum);
	if (!rec)
		*no_reason = auxerr__no_reason(errnum);
	busy = 0;
	return rec;
}

/* "text (explanation)" for @rec into @buf; 1 if done */
static int message(int errnum, struct auxerr_record *rec, char *buf, size_t len)
{
	int r;

	busy = 1;
	r = auxerr__message_for(errnum, rec, buf, len);
	busy = 0;
	return r;
}

static char *libc_strerror(int errnum)
{
	return real_strerror ? real_strerror(errnum) :
			       (char *)auxerr__libc_strerror(errnum);
}

/* Two buffers in turn, so that printf("%s %s", strerror(a), strerror(b))
 * keeps working when both are explained. */
#define SHIM_MSG 4096
static __thread char bufs[2][SHIM_MSG];
static __thread unsigned which;

SHIM char *strerror(int errnum)
{
	int saved = errno, no_reason;
	struct auxerr_record *rec = fresh(errnum, &no_reason);
	char *out;

	if (!rec && !no_reason) {
		out = libc_strerror(errnum);
	} else {
		out = bufs[which++ & 1];
		message(errnum, rec, out, SHIM_MSG);
		auxerr_record_free(rec);
	}
	errno = saved;
	return out;
}

/* For both strerror_r forms: the explained message for @errnum into @buf
 * when a fresh record (or the no-reason case) gives one and it fits
 * whole in @buflen, then 1; else 0 and @buf untouched (libc's own text
 * is never cut, nor an ERANGE caused that libc would not cause) */
static int explained_r(int errnum, char *buf, size_t buflen)
{
	int no_reason = 0;
	struct auxerr_record *rec = buflen ? fresh(errnum, &no_reason) : NULL;
	char tmp[SHIM_MSG];
	size_t n;

	if (!rec && !no_reason)
		return 0;
	message(errnum, rec, tmp, sizeof(tmp));
	auxerr_record_free(rec);
	n = strlen(tmp);
	if (n >= buflen)
		return 0;
	memcpy(buf, tmp, n + 1);
	return 1;
}

/* GNU: returns a string, which may or may not be @buf */
SHIM char *strerror_r(int errnum, char *buf, size_t buflen)
{
	int saved = errno;
	char *out;

	if (explained_r(errnum, buf, buflen))
		out = buf;
	else if (real_strerror_r)
		out = real_strerror_r(errnum, buf, buflen);
	else
		out = libc_strerror(errnum);
	errno = saved;
	return out;
}

/* XSI: 0 or an error number */
SHIM int __xpg_strerror_r(int errnum, char *buf, size_t buflen)
{
	int saved = errno, r = 0;

	if (!explained_r(errnum, buf, buflen))
		r = real_xpg_strerror_r ? real_xpg_strerror_r(errnum, buf, buflen) :
					  EINVAL;
	errno = saved;
	return r;
}

SHIM void perror(const char *s)
{
	int saved = errno, no_reason;
	struct auxerr_record *rec = fresh(saved, &no_reason);

	if (!rec && !no_reason && real_perror) {
		real_perror(s);
	} else {
		char msg[SHIM_MSG];
		message(saved, rec, msg, sizeof(msg));
		auxerr_record_free(rec);
		if (s && *s)
			fprintf(stderr, "%s: %s\n", s, msg);
		else
			fprintf(stderr, "%s\n", msg);
	}
	errno = saved;
}

/* error(), error_at_line(), vwarn(): fresh()'s *no_reason */
static __thread int tail_no_reason;

/* ": text" as glibc's error() prints it for @errnum */
static void errno_tail(int errnum, struct auxerr_record *rec)
{
	char msg[SHIM_MSG];

	if (rec || tail_no_reason) {
		message(errnum, rec, msg, sizeof(msg));
		fprintf(stderr, ": %s", msg);
	} else {
		fprintf(stderr, ": %s",
			real_strerror_r ? real_strerror_r(errnum, msg, 1024) :
					  libc_strerror(errnum));
	}
}

static void error_tail(int status, int errnum, struct auxerr_record *rec,
		       const char *message_fmt, va_list ap, int saved,
		       int cancel_state)
{
	vfprintf(stderr, message_fmt, ap);
	++error_message_count;
	if (errnum)
		errno_tail(errnum, rec);
	fputc('\n', stderr);
	fflush(stderr);
	funlockfile(stderr);
	pthread_setcancelstate(cancel_state, NULL);
	auxerr_record_free(rec);
	errno = saved;
	if (status)
		exit(status);
}

SHIM void error(int status, int errnum, const char *message_fmt, ...)
{
	int saved = errno, state;
	struct auxerr_record *rec = fresh(errnum, &tail_no_reason);
	va_list ap;

	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &state);
	fflush(stdout);
	flockfile(stderr);
	if (error_print_progname)
		(*error_print_progname)();
	else
		fprintf(stderr, "%s: ", program_invocation_name);
	va_start(ap, message_fmt);
	error_tail(status, errnum, rec, message_fmt, ap, saved, state);
	va_end(ap);
}

SHIM void error_at_line(int status, int errnum, const char *file_name,
			unsigned int line_number, const char *message_fmt, ...)
{
	static const char *old_file_name;
	static unsigned int old_line_number;
	int saved = errno, state;
	struct auxerr_record *rec = fresh(errnum, &tail_no_reason);
	va_list ap;

	if (error_one_per_line) {
		if (old_line_number == line_number &&
		    (file_name == old_file_name ||
		     (old_file_name && file_name &&
		      strcmp(old_file_name, file_name) == 0))) {
			auxerr_record_free(rec);
			errno = saved;
			return;	/* simply return and print nothing */
		}
		old_file_name = file_name;
		old_line_number = line_number;
	}
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &state);
	fflush(stdout);
	flockfile(stderr);
	if (error_print_progname)
		(*error_print_progname)();
	else
		fprintf(stderr, "%s:", program_invocation_name);
	fprintf(stderr, file_name != NULL ? "%s:%u: " : " ", file_name,
		line_number);
	va_start(ap, message_fmt);
	error_tail(status, errnum, rec, message_fmt, ap, saved, state);
	va_end(ap);
}

/* glibc: "prog: " [format ": "] strerror(errno) "\n", prog the short name */
SHIM void vwarn(const char *format, va_list ap)
{
	int saved = errno;
	struct auxerr_record *rec = fresh(saved, &tail_no_reason);
	char msg[SHIM_MSG];

	flockfile(stderr);
	fprintf(stderr, "%s: ", program_invocation_short_name);
	if (format) {
		vfprintf(stderr, format, ap);
		fputs(": ", stderr);
	}
	if (rec || tail_no_reason)
		message(saved, rec, msg, sizeof(msg));
	else
		snprintf(msg, sizeof(msg), "%s", libc_strerror(saved));
	fprintf(stderr, "%s\n", msg);
	funlockfile(stderr);
	auxerr_record_free(rec);
	errno = saved;
}

SHIM void warn(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	vwarn(format, ap);
	va_end(ap);
}

SHIM void verr(int status, const char *format, va_list ap)
{
	vwarn(format, ap);
	exit(status);
}

SHIM void err(int status, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	vwarn(format, ap);
	va_end(ap);
	exit(status);
}
