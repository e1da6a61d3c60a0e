// SPDX-License-Identifier: LGPL-2.1-or-later
/* auxerr_strerror(), auxerr_perror(): strerror text plus the explanation,
 * only when a fresh record matches the errno (see <auxerr.h>). */
#include <errno.h>
#include <libaudit.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "auxerr-shared.h"

/* Large enough for a strerror text and a sentence with a long path; a
 * longer message is cut. */
#define MSG_MAX 4096

/*
 * libc's text, not through the symbol strerror: libauxerr-preload.so
 * interposes strerror, so the library must not call it.  strerror_l() with
 * the thread's locale is what glibc's strerror() does itself.
 */
const char *auxerr__libc_strerror(int errnum)
{
	return strerror_l(errnum, uselocale((locale_t)0));
}

/*
 * The INFO of the record auxerr__fresh_record() last returned.  This
 * file's thread-local variables use the default (dynamic) TLS model, so
 * that libauxerr.so loads with dlopen() whatever the process's static TLS
 * holds; a thread's first access may allocate, which is fine here: these
 * functions are not async-signal-safe (raw.c's are, and use no TLS).
 */
static __thread struct auxerr_info fresh_info;

/* the errno whose newest record a later, unnoted failure superseded (see
 * auxerr__fresh_record()), 0 if none */
static __thread int superseded_errnum;

/* the errno whose fresh record could not be parsed, and why (a reason of
 * auxerr__parse_failure(), static text), 0/NULL if none */
static __thread int unreadable_errnum;
static __thread const char *unreadable_why;

struct auxerr_record *auxerr__fresh_record(int errnum)
{
	int saved = errno;
	struct auxerr_info info;
	struct auxerr_record *rec = NULL;

	/* first, before this library makes any system call of its own */
	int slot = auxerr__fresh_slot(errnum, &info);

	superseded_errnum = 0;
	unreadable_errnum = 0;
#ifdef AUXERR_INFO_SUPERSEDED
	/*
	 * The kernel saw a later system call of this thread fail with EPERM
	 * or EACCES, or with the record's own errno (an EINVAL after an
	 * mmap() EINVAL), and note nothing: the record is not the cause of
	 * what came after it, and the errno held now most likely came from
	 * that call.  Never present the older failure; say that no reason
	 * was given.
	 */
	if (slot == 0 && (info.flags & AUXERR_INFO_SUPERSEDED)) {
		superseded_errnum = errnum;
		slot = -1;
	}
#endif

	auxerr__pin_register();
	/* by serial: the fetch's own work may push it down the ring */
	for (int tries = 0; slot >= 0 && !rec && tries < 3; tries++) {
		rec = auxerr_record_fetch((unsigned)slot);
		if (rec && (auxerr_record_serial(rec) != info.serial ||
			    auxerr_record_errno(rec) != errnum)) {
			auxerr_record_free(rec);
			rec = NULL;
			slot = auxerr__slot_of(info.serial);
		} else if (!rec) {
			if (errno == EBADMSG) {
				/* kept, but not readable: say so, not nothing */
				unreadable_errnum = errnum;
				unreadable_why = auxerr__parse_failure();
			}
			break;
		}
	}
	if (rec)
		fresh_info = info;
	else if (slot >= 0)
		auxerr__repin(&info, 0);	/* failed: exclude what it made */
	errno = saved;
	return rec;
}

int auxerr__no_reason(int errnum)
{
	return superseded_errnum && superseded_errnum == errnum;
}

int auxerr__message_for(int errnum, struct auxerr_record *rec, char *buf,
			size_t len)
{
	int saved = errno, added = 0;
	const char *base = auxerr__libc_strerror(errnum);
	const char *ex = rec ? auxerr_explain(rec) : NULL;

	if (len == 0)
		goto out;
	if (ex) {
		int n = snprintf(buf, len, "%s (%s)", base, ex);
		if (n > 0 && (size_t)n >= len && len > 4)
			strcpy(buf + len - 5, "...)");
		added = 1;
	} else if (!rec && auxerr__no_reason(errnum)) {
		const char *name = audit_errno_to_name(errnum);

		if (name)
			snprintf(buf, len, _("%s (the kernel gave no reason for this %s)"),
				 base, name);
		else
			snprintf(buf, len, _("%s (the kernel gave no reason for this error)"),
				 base);
		added = 1;
	} else if (!rec && unreadable_errnum && unreadable_errnum == errnum) {
		snprintf(buf, len, _("%s (auxerr kept a record of it that cannot be read: %s)"),
			 base, unreadable_why ? unreadable_why : "?");
		added = 1;
	} else if (!rec && (errnum == EPERM || errnum == EACCES || errnum == EROFS) &&
		   auxerr__service_timed_out()) {
		/* the record was asked of a stopped service (a sandboxed
		 * thread reads through it): say why there is no reason */
		snprintf(buf, len, _("%s (no reason available: auxerr's service, auxerr-bpfd --serve, did not answer within %d s)"),
			 base, AUXERR_SERVICE_MS / 1000);
		added = 1;
	} else {
		snprintf(buf, len, "%s", base);
	}
out:
	/* the work above is the library's: it does not age the record */
	if (rec && fresh_info.serial == auxerr_record_serial(rec)) {
		auxerr__repin(&fresh_info, 1);
		fresh_info.serial = 0;
	}
	errno = saved;
	return added;
}

int auxerr__message(int errnum, char *buf, size_t len)
{
	int saved = errno;
	struct auxerr_record *rec = auxerr__fresh_record(errnum);
	int r = auxerr__message_for(errnum, rec, buf, len);

	auxerr_record_free(rec);
	errno = saved;
	return r;
}

static __thread char msgbuf[MSG_MAX];

AUXERR_API const char *auxerr_strerror(int errnum)
{
	auxerr__message(errnum, msgbuf, sizeof(msgbuf));
	return msgbuf;
}

AUXERR_API char *auxerr_strerror_r(int errnum, char *buf, size_t len)
{
	if (buf && len)
		auxerr__message(errnum, buf, len);
	return buf;
}

AUXERR_API void auxerr_perror(const char *s)
{
	int saved = errno;
	const char *msg = auxerr_strerror(saved);

	if (s && *s)
		fprintf(stderr, "%s: %s\n", s, msg);
	else
		fprintf(stderr, "%s\n", msg);
	errno = saved;
}
