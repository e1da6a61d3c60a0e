/* get_last_audit_record() and friends against the fake kernel, and the
 * real kernel of this host (which lacks auxerr: ENOSYS). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

static int setup(void)
{
	fake_install();
	return 0;
}

static int teardown(void)
{
	fake_uninstall();
	return 0;
}

static void test_size_and_copy(void)
{
	size_t len;
	char *t = read_fixture("dac-other", &len);
	ssize_t n;

	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	len += 5;	/* serial 1xx became 1xxx on each of the 5 lines */
	char *buf = malloc(len + 1);
	errno = 4242;
	/* the size, including the NUL */
	CU_ASSERT_EQUAL(get_last_audit_record(NULL, 0, 0), (ssize_t)len + 1);
	CU_ASSERT_EQUAL(errno, 4242);
	/* an exact fit, NUL-terminated */
	memset(buf, 'X', len + 1);
	n = get_last_audit_record(buf, len + 1, 0);
	CU_ASSERT_EQUAL(n, (ssize_t)len);
	CU_ASSERT_EQUAL(errno, 4242);
	CU_ASSERT_EQUAL(buf[len], '\0');
	CU_ASSERT_EQUAL(strlen(buf), len);
	/* the fixture, but for the serial */
	CU_ASSERT_NSTRING_EQUAL(buf, t, 38);
	CU_ASSERT_STRING_EQUAL(strrchr(buf, ')'), strrchr(t, ')'));
	/* one byte short: ERANGE */
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, len, 0), -1);
	CU_ASSERT_EQUAL(errno, ERANGE);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, 1, 0), -1);
	CU_ASSERT_EQUAL(errno, ERANGE);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, 0, 0), -1);
	CU_ASSERT_EQUAL(errno, ERANGE);
	/* bad arguments */
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(NULL, 10, 0), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, len + 1, 0x80), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	free(buf);
	free(t);
}

static void test_slots(void)
{
	char buf[4096];

	fake_reset(1);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, sizeof(buf), 0), -1);
	CU_ASSERT_EQUAL(errno, ENOENT);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(NULL, 0, 0), -1);
	CU_ASSERT_EQUAL(errno, ENOENT);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, 0, 0), -1);
	CU_ASSERT_EQUAL(errno, ENOENT);

	char want[32];
	unsigned long long s1 = fake_push_fixture("cap", 0);
	unsigned long long s0 = fake_push_fixture("dac-other", 0);
	CU_ASSERT_TRUE(auxerr_get_record(0, buf, sizeof(buf), 0) > 0);
	snprintf(want, sizeof(want), ":%llu)", s0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, want));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "mechanism=dac"));
	CU_ASSERT_TRUE(auxerr_get_record(1, buf, sizeof(buf), 0) > 0);
	snprintf(want, sizeof(want), ":%llu)", s1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, want));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "mechanism=cap"));
	errno = 0;
	CU_ASSERT_EQUAL(auxerr_get_record(2, buf, sizeof(buf), 0), -1);
	CU_ASSERT_EQUAL(errno, ENOENT);
	/* a slot beyond the ring: EINVAL, and not mistaken for ENOSYS */
	errno = 0;
	CU_ASSERT_EQUAL(auxerr_get_record(99, buf, sizeof(buf), 0), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	CU_ASSERT_TRUE(get_last_audit_record(buf, sizeof(buf), 0) > 0);

	errno = 77;
	CU_ASSERT_EQUAL(auxerr_clear(), 0);
	CU_ASSERT_EQUAL(errno, 77);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, sizeof(buf), 0), -1);
	CU_ASSERT_EQUAL(errno, ENOENT);
}

static void test_flush(void)
{
	char buf[4096];

	fake_reset(1);
	fake_push_fixture("dac-other", 0);
	CU_ASSERT_TRUE(get_last_audit_record(buf, sizeof(buf), AUXERR_FLUSH) > 0);
	CU_ASSERT_EQUAL(fake_flush_calls, 1);
	/* flushed already: EALREADY is not an error for the fetch */
	errno = 5;
	CU_ASSERT_TRUE(get_last_audit_record(buf, sizeof(buf), AUXERR_FLUSH) > 0);
	CU_ASSERT_EQUAL(fake_flush_calls, 2);
	CU_ASSERT_EQUAL(errno, 5);
	/* no flush without the flag, nor for a size query */
	CU_ASSERT_TRUE(get_last_audit_record(buf, sizeof(buf), 0) > 0);
	CU_ASSERT_TRUE(get_last_audit_record(NULL, 0, AUXERR_FLUSH) > 0);
	CU_ASSERT_EQUAL(fake_flush_calls, 2);
	/* a real flush failure is reported, the text is there anyway */
	fake_flush_result(EAGAIN);
	memset(buf, 0, sizeof(buf));
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, sizeof(buf), AUXERR_FLUSH), -1);
	CU_ASSERT_EQUAL(errno, EAGAIN);
	CU_ASSERT_NSTRING_EQUAL(buf, "type=SYSCALL", 12);
	fake_flush_result(0);
}

static void test_enosys(void)
{
	char buf[64];

	fake_reset(0);	/* prctl says EINVAL to everything */
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(buf, sizeof(buf), 0), -1);
	CU_ASSERT_EQUAL(errno, ENOSYS);
	errno = 0;
	CU_ASSERT_EQUAL(get_last_audit_record(NULL, 0, 0), -1);
	CU_ASSERT_EQUAL(errno, ENOSYS);
	errno = 0;
	CU_ASSERT_EQUAL(auxerr_clear(), -1);
	CU_ASSERT_EQUAL(errno, ENOSYS);
	errno = 0;
	CU_ASSERT_PTR_NULL(auxerr_record_fetch(0));
	CU_ASSERT_EQUAL(errno, ENOSYS);
	fake_reset(1);
}

/* the real prctl(2) of the machine the tests run on */
static void test_real_kernel(void)
{
	char buf[8192];
	ssize_t n;

	fake_uninstall();
	errno = 0;
	n = get_last_audit_record(buf, sizeof(buf), 0);
	if (n < 0 && errno == ENOSYS) {
		/* this host: no auxerr; strerror text unchanged */
		ASSERT_STR(auxerr_strerror(EACCES), strerror(EACCES));
		ASSERT_STR(auxerr_strerror(EPERM), strerror(EPERM));
		errno = 0;
		CU_ASSERT_PTR_NULL(auxerr_record_fetch(0));
		CU_ASSERT_EQUAL(errno, ENOSYS);
	} else {
		CU_ASSERT_TRUE(n >= 0 || errno == ENOENT);
	}
	fake_install();
}

static void test_fetch(void)
{
	struct auxerr_record *r;

	fake_reset(1);
	unsigned long long serial = fake_push_fixture("dac-other", 0);
	fake_syscall();
	fake_syscall();
	errno = 99;
	r = auxerr_record_fetch(0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(errno, 99);
	CU_ASSERT_EQUAL(auxerr_record_age(r), 2);
	CU_ASSERT_EQUAL(auxerr_record_serial(r), serial);
	CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
	/* the kernel's time stamp, with nanoseconds */
	struct timespec ts = auxerr_record_time(r);
	CU_ASSERT_EQUAL(ts.tv_sec, 1764745710);
	CU_ASSERT_EQUAL(ts.tv_nsec, 123456789);
	CU_ASSERT_FALSE(auxerr_record_is_flushed(r));
	auxerr_record_free(r);

	fake_push_fixture("cap-probe", AUXERR_INFO_WEAK);
	r = auxerr_record_fetch(0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_TRUE(auxerr_record_is_weak(r));
	CU_ASSERT_EQUAL(auxerr_record_age(r), 0);
	auxerr_record_free(r);

	/* a garbage text from the kernel is a parse error, not a crash */
	fake_push_text("type=garbage\n", 5, 13, 0);
	errno = 0;
	CU_ASSERT_PTR_NULL(auxerr_record_fetch(0));
	CU_ASSERT_EQUAL(errno, EBADMSG);
	r = auxerr_record_fetch(1);
	CU_ASSERT_PTR_NOT_NULL(r);
	auxerr_record_free(r);
}

void add_raw_suite(void)
{
	CU_pSuite s = CU_add_suite("raw fetch (fake kernel)", setup, teardown);
	CU_add_test(s, "size query, exact fit, ERANGE", test_size_and_copy);
	CU_add_test(s, "slots, ENOENT, clear", test_slots);
	CU_add_test(s, "AUXERR_FLUSH", test_flush);
	CU_add_test(s, "kernel without auxerr: ENOSYS", test_enosys);
	CU_add_test(s, "the real kernel", test_real_kernel);
	CU_add_test(s, "auxerr_record_fetch", test_fetch);
}
