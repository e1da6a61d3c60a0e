// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The auparse wrapper: the one libauparse state libauxerr parses with,
 * the lock every use of libauparse in the library holds, and the lines
 * libauparse 3.0.9 must never see.
 *
 * What libauparse 3.0.9 (Debian 12) does that shapes this file, found by
 * experiment and by fuzzing (tests/unit and tests/fuzz check it):
 *  - auparse_init() reads /etc/audit/auditd.conf and opens /var/log/audit
 *    (for its end-of-event timeout), which are denials for a normal user:
 *    see auxerr__auparse_state().
 *  - auparse_init(AUSOURCE_BUFFER, NULL) crashes; the buffer must be a NUL
 *    terminated string.
 *  - It is not thread-safe: interpretation uses global state (its .bss is
 *    20 KiB: buffers, the uid/gid name caches).  Every use of auparse in
 *    libauxerr, and in the event assembler the CLI and the plugin share
 *    (assemble.c), holds auparse_lock, which fork() leaves unlocked in the
 *    child.
 *  - Some lines make it leak or overflow: auxerr__auparse_hazard().
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include <auparse.h>

#include "record.h"

static pthread_mutex_t auparse_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void lock_prepare(void)
{
	pthread_mutex_lock(&auparse_lock);
}

static void lock_release(void)
{
	pthread_mutex_unlock(&auparse_lock);
}

static void register_atfork(void)
{
	pthread_atfork(lock_prepare, lock_release, lock_release);
}

void auxerr__auparse_lock(void)
{
	pthread_once(&atfork_once, register_atfork);
	pthread_mutex_lock(&auparse_lock);
}

void auxerr__auparse_unlock(void)
{
	pthread_mutex_unlock(&auparse_lock);
}

/*
 * One auparse state for the process, refilled with auparse_new_buffer().
 * auparse_init() reads /etc/audit/auditd.conf and opens /var/log/audit:
 * for an unprivileged caller those are denials (EACCES) the kernel keeps,
 * and in a ring of depth 1 that would replace the very record being
 * explained.  So the state is made once, in a short-lived helper thread,
 * whose denials go to its own ring and die with it.
 */
static auparse_state_t *shared_au;	/* under auparse_lock */

static void *make_state(void *arg)
{
	*(auparse_state_t **)arg =
		auparse_init(AUSOURCE_BUFFER, "type=CWD msg=audit(1.000:1): cwd=\"/\"\n");
	return NULL;
}

auparse_state_t *auxerr__auparse_state(const char *text, size_t len)
{
	if (!shared_au) {
		auparse_state_t *au = NULL;
		sigset_t all, old;
		pthread_t t;

		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old);
		if (pthread_create(&t, NULL, make_state, &au) == 0)
			pthread_join(t, NULL);
		else
			make_state(&au);	/* no threads: here, then */
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		shared_au = au;
		if (!au)
			return NULL;
	}
	if (auparse_new_buffer(shared_au, text, len) != 0)
		return NULL;
	auparse_set_escape_mode(shared_au, AUPARSE_ESC_TTY);
	return shared_au;
}

__attribute__((destructor)) static void drop_state(void)
{
	if (shared_au && pthread_mutex_trylock(&auparse_lock) == 0) {
		auparse_destroy(shared_au);
		shared_au = NULL;
		pthread_mutex_unlock(&auparse_lock);
	}
}

/* a proctitle= value as the kernel writes it: hex, quoted or (null) */
static int proctitle_ok(const char *v, size_t n)
{
	if (n == 6 && memcmp(v, "(null)", 6) == 0)
		return 1;
	if (n && v[0] == '"')
		return 1;
	if (n % 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)v[i]))
			return 0;
	return 1;
}

/*
 * Lines that libauparse 3.0.9 (Debian 12) mishandles, found by fuzzing
 * (tests/fuzz/); no kernel writes them, so they are refused before auparse
 * sees them:
 *  - a second cwd= in one record: the first value leaks (fixed in audit
 *    3.1.1 by 3f0cf4e1);
 *  - a proctitle= value that is neither hex (of even length) nor quoted
 *    nor "(null)", e.g. "(null)2F78" or "0000y=1": print_proctitle() turns
 *    NULs into spaces up to half the length of the raw value, past the end
 *    of what au_unescape() decoded, and the string it returns has no end
 *    (a heap overflow, read and write; the code is the same in audit 4);
 *  - a record without a field that has a value ("type= msg=audit(...):"):
 *    its empty field array leaks (nvlist_clear() skips empty lists).  The
 *    line starts with "type="; a value there makes one field.
 * The field names as auparse's parse_up_record() makes them: the line
 * split at spaces, a "msg='" and then a '(' in front dropped, empty values
 * skipped.
 */
int auxerr__auparse_hazard(const char *s, size_t n)
{
	const char *end = s + n;
	unsigned cwds = 0;

	if (n <= 5 || s[5] == ' ')
		return 1;
	while (s < end) {
		const char *sp = memchr(s, ' ', (size_t)(end - s));
		const char *te = sp ? sp : end, *t = s;

		if (te - t >= 5 && memcmp(t, "msg='", 5) == 0)
			t += 5;
		if (t < te && *t == '(')
			t++;
		if (te - t > 4 && memcmp(t, "cwd=", 4) == 0)
			cwds++;
		if (te - t > 10 && memcmp(t, "proctitle=", 10) == 0 &&
		    !proctitle_ok(t + 10, (size_t)(te - t - 10)))
			return 1;
		s = te + 1;
	}
	return cwds > 1;
}
