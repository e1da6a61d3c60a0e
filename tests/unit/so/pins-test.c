/*
 * The per-thread pins of auxerr_state_save()/auxerr_state_restore() live
 * in a static table (libauxerr/src/raw.c), not in TLS.  With the fake
 * kernel (tests/unit/fake_kernel.c) behind the static library:
 *  - a thread with a slot: the record saved before a signal handler's own
 *    denial is explained after the restore, the handler's never;
 *  - the table full (AUXERR_PIN_SLOTS threads hold slots): a thread
 *    without one never gets the handler's record either (plain text);
 *  - slots are released when their threads exit.
 * Output ends with "N passed, N failed".
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "fake_kernel.h"

static int pass, fail;

static void check(int ok, const char *what, const char *got)
{
	if (ok)
		pass++;
	else
		fail++;
	printf("  %-5s %s", ok ? "ok" : "FAIL", what);
	if (!ok && got)
		printf(" (got \"%s\")", got);
	printf("\n");
	fflush(stdout);
}

static char explained[1024];

/* the scene of test_state_save_restore: a failure, a handler that makes
 * calls and a denial of its own (EACCES too), the restore; returns
 * auxerr_strerror(EACCES) after it */
static const char *scene(char *buf, size_t len)
{
	struct auxerr_state st;

	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	errno = EACCES;
	auxerr_state_save(&st);
	fake_syscall();
	fake_push_fixture("dac-owner", 0);
	errno = ENOENT;
	auxerr_state_restore(&st);
	auxerr_strerror_r(EACCES, buf, len);
	return buf;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int parked, go;

/* hold a slot (claimed by a restore, registered by auxerr_strerror) */
static void *holder(void *arg)
{
	struct auxerr_state st;
	(void)arg;

	memset(&st, 0, sizeof(st));
	auxerr_state_restore(&st);
	(void)auxerr_strerror(EPERM);
	pthread_mutex_lock(&lock);
	parked++;
	pthread_cond_broadcast(&cond);
	while (!go)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	return NULL;
}

static void *scene_thread(void *arg)
{
	scene(arg, 1024);
	return NULL;
}

/* a fresh record of the thread's own, no save/restore */
static void *fresh_thread(void *arg)
{
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	auxerr_strerror_r(EACCES, arg, 1024);
	return NULL;
}

static void in_thread(char *buf)
{
	pthread_t t;

	pthread_create(&t, NULL, scene_thread, buf);
	pthread_join(t, NULL);
}

int main(void)
{
	char buf[1024], what[256];
	enum { HOLDERS = AUXERR_PIN_SLOTS + 8 };
	static pthread_t th[HOLDERS];
	pthread_attr_t attr;

	fake_install();
	/* what the pinned record's explanation reads */
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	snprintf(explained, sizeof(explained), "%s", auxerr_strerror(EACCES));
	check(strlen(explained) > strlen(strerror(EACCES)) + 10,
	      "a fresh record is explained", explained);

	check(strcmp(scene(buf, sizeof(buf)), explained) == 0,
	      "main thread: the saved record, after the handler's denial", buf);
	in_thread(buf);
	check(strcmp(buf, explained) == 0,
	      "new thread: the saved record, after the handler's denial", buf);

	unsigned before = auxerr__pins_used();
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	int made = 0;
	for (int i = 0; i < HOLDERS; i++)
		if (pthread_create(&th[i], &attr, holder, NULL) == 0)
			made++;
	pthread_mutex_lock(&lock);
	while (parked < made)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	snprintf(what, sizeof(what), "%d threads hold every one of the %u slots (%u used)",
		 made, AUXERR_PIN_SLOTS, auxerr__pins_used());
	check(made == HOLDERS && auxerr__pins_used() == AUXERR_PIN_SLOTS, what, NULL);

	/* no slot: the handler's record is never taken for the program's */
	in_thread(buf);
	check(strcmp(buf, strerror(EACCES)) == 0,
	      "table full: plain text, not the handler's record", buf);
	/* a fresh record of the thread's own is still explained */
	pthread_t t;
	pthread_create(&t, NULL, fresh_thread, buf);
	pthread_join(t, NULL);
	check(strcmp(buf, explained) == 0,
	      "table full: a thread's own fresh denial is explained", buf);

	pthread_mutex_lock(&lock);
	go = 1;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
	for (int i = 0; i < made; i++)
		pthread_join(th[i], NULL);
	snprintf(what, sizeof(what),
		 "the slots are released when their threads exit (%u used, %u before)",
		 auxerr__pins_used(), before);
	check(auxerr__pins_used() <= before, what, NULL);
	in_thread(buf);
	check(strcmp(buf, explained) == 0,
	      "after they exit: a new thread pins again", buf);

	fake_uninstall();
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
