/* auxerr_strerror(), auxerr_perror(), the freshness rule and the
 * errno-coupled state, against the fake kernel. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "tests.h"

static char dac_other[512];

static int setup(void)
{
	fake_install();
	snprintf(dac_other, sizeof(dac_other),
		 "Permission denied (openat /srv/x: denied by file permissions: "
		 "mode 0640 root:%s; uid 1000 is \"other\" and has no read permission)",
		 group_name(42));
	return 0;
}

static int teardown(void)
{
	fake_uninstall();
	return 0;
}

static void test_plain_without_record(void)
{
	fake_reset(1);
	errno = 1234;
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
	ASSERT_STR(auxerr_strerror(ENOENT), strerror(ENOENT));
	ASSERT_STR(auxerr_strerror(0), strerror(0));
	ASSERT_STR(auxerr_strerror(-5), strerror(-5));
	ASSERT_STR(auxerr_strerror(100000), strerror(100000));
	CU_ASSERT_EQUAL(errno, 1234);
	fake_reset(0);
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
	CU_ASSERT_EQUAL(errno, 1234);
	fake_reset(1);
}

static void test_fresh_match(void)
{
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	errno = 4321;
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	CU_ASSERT_EQUAL(errno, 4321);
	/* asking again (PR_AUXERR calls do not age the record) */
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	/* a different errno: never this record */
	ASSERT_STR(auxerr_strerror(EPERM), strerror(EPERM));
	ASSERT_STR(auxerr_strerror(ENOENT), strerror(ENOENT));
}

/* a fresh record the library cannot parse (an AUXERR record without its
 * SYSCALL, as a broken backend could keep): the message says so and why,
 * rather than falling back to the plain text as if there were none */
static void test_unreadable(void)
{
	unsigned long long serial = fake_next_serial();
	char text[256], want[256];

	snprintf(text, sizeof(text),
		 "type=UNKNOWN[1340] msg=audit(1764745710.101:%llu): mechanism=dac class=other perm=4\n",
		 serial);
	fake_reset(1);
	CU_ASSERT_EQUAL(fake_push_text(text, serial, EACCES, 0), 0);
	snprintf(want, sizeof(want), "%s (auxerr kept a record of it that cannot be read: no SYSCALL record)",
		 strerror(EACCES));
	errno = 77;
	ASSERT_STR(auxerr_strerror(EACCES), want);
	CU_ASSERT_EQUAL(errno, 77);
	/* another errno: not this record's */
	ASSERT_STR(auxerr_strerror(EPERM), strerror(EPERM));
	/* a readable record afterwards: its sentence again */
	fake_push_fixture("dac-other", 0);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
}

static void test_stale(void)
{
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	fake_syscall();		/* one more system call since the denial */
	CU_ASSERT_EQUAL(auxerr_max_age(), AUXERR_DEFAULT_MAX_AGE);
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
	/* a tolerant process */
	CU_ASSERT_EQUAL(auxerr_set_max_age(1), 0);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	fake_syscall();
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
	/* saturated ages are never fresh, whatever the limit */
	auxerr_set_max_age(1000);
	CU_ASSERT_EQUAL(auxerr_max_age(), 254);
	fake_set_age(0, 255);
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
	auxerr_set_max_age(AUXERR_DEFAULT_MAX_AGE);
	/* only the newest slot counts: an older matching record does not */
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	fake_push_fixture("cap", 0);
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
}

static void test_weak(void)
{
	fake_reset(1);
	fake_push_fixture("cap-probe", AUXERR_INFO_WEAK);
	ASSERT_STR(auxerr_strerror(EPERM), strerror(EPERM));
}

static void test_strerror_r(void)
{
	char buf[32];

	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	CU_ASSERT_PTR_EQUAL(auxerr_strerror_r(EACCES, buf, sizeof(buf)), buf);
	CU_ASSERT_EQUAL(strlen(buf), sizeof(buf) - 1);
	CU_ASSERT_NSTRING_EQUAL(buf, "Permission denied (openat", 25);
	CU_ASSERT_STRING_EQUAL(buf + sizeof(buf) - 5, "...)");
	CU_ASSERT_PTR_NULL(auxerr_strerror_r(EACCES, NULL, 0));
	fake_reset(1);
	auxerr_strerror_r(EACCES, buf, sizeof(buf));
	ASSERT_STR(buf, strerror(EACCES));
}

static char *capture_perror(const char *s, int err)
{
	char path[] = "/tmp/auxerr-unit-XXXXXX";
	int fd = mkstemp(path), saved = dup(2);
	static char out[2048];
	ssize_t n;

	fflush(stderr);
	dup2(fd, 2);
	errno = err;
	auxerr_perror(s);
	CU_ASSERT_EQUAL(errno, err);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	n = pread(fd, out, sizeof(out) - 1, 0);
	out[n > 0 ? n : 0] = '\0';
	close(fd);
	unlink(path);
	return out;
}

static void test_perror(void)
{
	char want[1024];

	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	snprintf(want, sizeof(want), "cat: %s\n", dac_other);
	ASSERT_STR(capture_perror("cat", EACCES), want);
	snprintf(want, sizeof(want), "%s\n", dac_other);
	ASSERT_STR(capture_perror("", EACCES), want);
	ASSERT_STR(capture_perror(NULL, EACCES), want);
	snprintf(want, sizeof(want), "cat: %s\n", strerror(EPERM));
	ASSERT_STR(capture_perror("cat", EPERM), want);
}

static void *thread_main(void *arg)
{
	const char **out = arg;

	*out = auxerr_strerror(ENOENT);
	return NULL;
}

static void test_thread_buffers(void)
{
	pthread_t t;
	const char *theirs = NULL, *mine;

	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	mine = auxerr_strerror(EACCES);
	pthread_create(&t, NULL, thread_main, &theirs);
	pthread_join(t, NULL);
	CU_ASSERT_PTR_NOT_EQUAL(mine, theirs);
	ASSERT_STR(mine, dac_other);
}

/* A signal handler (or a library) runs between the failure and the
 * message: it makes system calls and even gets its own denial. */
static void test_state_save_restore(void)
{
	struct auxerr_state st;
	char want_new[1024];

	fake_reset(1);
	unsigned long long serial = fake_push_fixture("dac-other", 0);
	errno = EACCES;
	CU_ASSERT_EQUAL(auxerr_state_save(&st), 0);
	CU_ASSERT_EQUAL(errno, EACCES);
	CU_ASSERT_EQUAL(st.serial, serial);
	/* the handler: three calls, and a denial of its own */
	fake_syscall();
	fake_syscall();
	fake_syscall();
	fake_push_fixture("dac-owner", 0);	/* EACCES too */
	errno = 0;
	auxerr_state_restore(&st);
	CU_ASSERT_EQUAL(errno, EACCES);
	/* the main program's message names its own record */
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	/* ...until it makes another system call */
	fake_syscall();
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));

	/* nothing fresh at save time: the handler's denial must not be
	 * taken for the main program's */
	fake_reset(1);
	errno = EACCES;
	auxerr_state_save(&st);
	CU_ASSERT_EQUAL(st.serial, 0);
	fake_push_fixture("dac-owner", 0);
	auxerr_state_restore(&st);
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
	/* a later denial is fine again */
	fake_push_fixture("dac-other", 0);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);

	/* the pinned record leaves the ring: plain text */
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	errno = EACCES;
	auxerr_state_save(&st);
	for (int i = 0; i < 4; i++)
		fake_push_fixture("cap", 0);
	auxerr_state_restore(&st);
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));

	/* nested: a handler inside a library section */
	struct auxerr_state outer, inner;
	fake_reset(1);
	serial = fake_push_fixture("dac-other", 0);
	errno = EACCES;
	auxerr_state_save(&outer);
	fake_syscall();
	auxerr_state_restore(&outer);	/* pinned, effective age 0 */
	errno = EACCES;
	auxerr_state_save(&inner);
	CU_ASSERT_EQUAL(inner.serial, serial);
	CU_ASSERT_EQUAL(inner.age, 0);
	fake_syscall();
	fake_push_fixture("dac-owner", 0);
	auxerr_state_restore(&inner);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);

	/* after a restore, a newer fresh denial wins over an aged pin */
	snprintf(want_new, sizeof(want_new),
		 "Permission denied (openat notes.txt: denied by file permissions: "
		 "mode 0444 %s:%s; uid 1000 is the owner and the owner has no write permission)",
		 user_name(1000), group_name(1000));
	auxerr_set_max_age(3);
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	errno = EACCES;
	auxerr_state_save(&st);
	auxerr_state_restore(&st);
	fake_syscall();
	fake_syscall();
	fake_push_fixture("dac-owner", 0);
	ASSERT_STR(auxerr_strerror(EACCES), want_new);
	auxerr_set_max_age(AUXERR_DEFAULT_MAX_AGE);
}

/* The library's own system calls (NSS, catalogs) after it fetched a
 * record do not make the record stale, and its own denials are not taken
 * for the program's. */
static void test_own_work(void)
{
	char want_cap[1024];

	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	fake_get_ages = 3;
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	fake_syscall();		/* the program's own call: now stale */
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));

	/* the work hits a denial of its own (EACCES too) */
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	fake_get_pushes = "dac-owner";
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	/* a later denial of the program's own is explained */
	fake_push_fixture("cap", 0);
	snprintf(want_cap, sizeof(want_cap), "%s (fchownat f: denied for lack "
		 "of a capability: uid 1000 does not have CAP_CHOWN in the "
		 "initial user namespace)", strerror(EPERM));
	ASSERT_STR(auxerr_strerror(EPERM), want_cap);
	ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
}

/* The documented async-signal-safe calls, from a signal handler that
 * interrupts the main program between its failure and its message. */
static volatile sig_atomic_t handler_ok;
static char handler_buf[4096];

static void handler(int sig)
{
	struct auxerr_state st;
	(void)sig;

	auxerr_state_save(&st);
	/* the handler's own system calls and an errno of its own */
	if (get_last_audit_record(handler_buf, sizeof(handler_buf), 0) > 0 &&
	    get_last_audit_record(NULL, 0, 0) > 0)
		handler_ok = 1;
	fake_syscall();
	errno = ENOENT;
	auxerr_state_restore(&st);
}

static void test_signal_handler(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, &old);
	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	errno = EACCES;
	handler_ok = 0;
	raise(SIGUSR1);	/* (raise itself is not counted by the fake) */
	CU_ASSERT_EQUAL(errno, EACCES);
	CU_ASSERT_TRUE(handler_ok);
	CU_ASSERT_NSTRING_EQUAL(handler_buf, "type=SYSCALL", 12);
	ASSERT_STR(auxerr_strerror(errno), dac_other);
	sigaction(SIGUSR1, &old, NULL);
}

#ifdef AUXERR_INFO_SUPERSEDED
/* A later system call failed with EPERM/EACCES and noted nothing: the
 * kernel marked the newest record superseded.  It is never the
 * explanation; an EPERM/EACCES is said to have no reason. */
static void test_superseded(void)
{
	char want[256];

	fake_reset(1);
	fake_push_fixture("dac-other", AUXERR_INFO_SUPERSEDED);
	errno = 4321;
	snprintf(want, sizeof(want), "%s (the kernel gave no reason for this EACCES)",
		 strerror(EACCES));
	ASSERT_STR(auxerr_strerror(EACCES), want);
	CU_ASSERT_EQUAL(errno, 4321);
	snprintf(want, sizeof(want), "%s (the kernel gave no reason for this EPERM)",
		 strerror(EPERM));
	ASSERT_STR(auxerr_strerror(EPERM), strerror(EPERM));	/* not its errno */
	ASSERT_STR(auxerr_strerror(ENOENT), strerror(ENOENT));
	/* a newer record that is not superseded explains again */
	fake_push_fixture("dac-other", 0);
	ASSERT_STR(auxerr_strerror(EACCES), dac_other);
	/* a superseded cap note: EPERM */
	fake_reset(1);
	fake_push_fixture("cap", AUXERR_INFO_SUPERSEDED);
	ASSERT_STR(auxerr_strerror(EPERM), want);
	fake_reset(1);
}
#endif

void add_strerror_suite(void)
{
	CU_pSuite s = CU_add_suite("strerror (fake kernel)", setup, teardown);
	CU_add_test(s, "plain text without a record", test_plain_without_record);
	CU_add_test(s, "fresh matching record explained", test_fresh_match);
	CU_add_test(s, "stale record never used", test_stale);
	CU_add_test(s, "a kept record that cannot be read says so", test_unreadable);
	CU_add_test(s, "weak note never used", test_weak);
	CU_add_test(s, "auxerr_strerror_r", test_strerror_r);
	CU_add_test(s, "auxerr_perror", test_perror);
	CU_add_test(s, "thread-local buffers", test_thread_buffers);
	CU_add_test(s, "state save/restore", test_state_save_restore);
	CU_add_test(s, "from a signal handler", test_signal_handler);
	CU_add_test(s, "the library's own calls and denials", test_own_work);
#ifdef AUXERR_INFO_SUPERSEDED
	CU_add_test(s, "a superseded record is never the cause", test_superseded);
#endif
}
