/* Inputs the fuzzers (tests/fuzz/) found to break libauparse 3.0.9 under
 * libauxerr: refused with EBADMSG before auparse sees them, while the
 * kernel's own forms of the same fields still parse.  Without the checks
 * in auparse.c the ASan+UBSan run reports the leak or heap overflow. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

#define STAMP "msg=audit(1764745710.500:9): "
#define SYSCALL_LINE \
	"type=SYSCALL " STAMP "arch=c000003e syscall=257 success=no exit=-13 a0=0 a1=0 a2=0 a3=0 items=0 ppid=1 pid=2 auid=0 uid=7 gid=7 euid=7 suid=7 fsuid=7 egid=7 sgid=7 fsgid=7 tty=(none) ses=1 comm=\"x\" exe=\"/x\" key=(null)\n"
#define AUX_LINE "type=UNKNOWN[1340] " STAMP "mechanism=dac class=other perm=4\n"

static struct auxerr_record *parse3(const char *third)
{
	char text[4096];

	snprintf(text, sizeof(text), "%s%s%s\n", SYSCALL_LINE, AUX_LINE, third);
	errno = 0;
	return auxerr_record_parse(text, strlen(text));
}

static void expect_refused(const char *third)
{
	struct auxerr_record *r = parse3(third);

	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(errno, EBADMSG);
	if (r || errno != EBADMSG)
		fprintf(stderr, "\n  accepted (errno %d): [%s]\n", errno, third);
	auxerr_record_free(r);
}

static void expect_value(const char *third, const char *type,
			 const char *name, const char *interpreted)
{
	struct auxerr_record *r = parse3(third);

	CU_ASSERT_PTR_NOT_NULL(r);
	if (!r) {
		fprintf(stderr, "\n  refused (errno %d): [%s]\n", errno, third);
		return;
	}
	ASSERT_STR(auxerr_record_interpret(r, type, name), interpreted);
	CU_ASSERT_PTR_NOT_NULL(auxerr_explain(r));
	auxerr_record_free(r);
}

/* a second cwd= in one record: auparse leaked the first value */
static void test_two_cwds(void)
{
	expect_refused("type=CWD " STAMP "cwd=\"/a\" cwd=\"/b\"");
	expect_refused("type=CWD " STAMP "cwd=\"/a\" (cwd=2F62");
	expect_refused("type=CWD " STAMP "msg='cwd=\"/a\" cwd=\"/b\"'");
	expect_refused("type=PATH " STAMP "item=0 cwd=\"/a\" cwd=\"/b\"");
	/* the fuzzer's: a stamp inside the value, then the record again */
	expect_refused("type=CWD " STAMP "cwd=\"/home/ut(1764745710.110:110): cwd=\"/home/user\"");
	/* one cwd, even one that contains "cwd=", or an empty second */
	expect_value("type=CWD " STAMP "cwd=\"/tmp/cwd=x\"", "CWD", "cwd", "/tmp/cwd=x");
	expect_value("type=CWD " STAMP "cwd=\"/a\" cwd=", "CWD", "cwd", "/a");
}

/* proctitle= neither hex nor quoted nor (null): auparse wrote past its
 * buffer and returned a string without an end */
static void test_proctitle(void)
{
	expect_refused("type=PROCTITLE " STAMP "proctitle=(null)2F776F726B2F6D61696E");
	expect_refused("type=PROCTITLE " STAMP "proctitle=0000y=1");
	expect_refused("type=PROCTITLE " STAMP "proctitle=003573447ype=999");
	expect_refused("type=PROCTITLE " STAMP "proctitle=636");
	expect_refused("type=PROCTITLE " STAMP "proctitle=(x)");
	expect_refused("type=CWD " STAMP "cwd=\"/\" proctitle=(null)414243444546");
	/* the kernel's forms */
	expect_value("type=PROCTITLE " STAMP "proctitle=636174002F6574632F736861646F77",
		     "PROCTITLE", "proctitle", "cat /etc/shadow");
	expect_value("type=PROCTITLE " STAMP "proctitle=\"cat\"", "PROCTITLE",
		     "proctitle", "cat");
	expect_value("type=PROCTITLE " STAMP "proctitle=(null)", "PROCTITLE",
		     "proctitle", "(null)");
}

/* a record without a field that has a value: auparse leaked its array */
static void test_no_fields(void)
{
	expect_refused("type= " STAMP "a=");
	expect_refused("type= " STAMP);
	expect_refused("type=");
}

void add_fuzzed_suite(void)
{
	CU_pSuite s = CU_add_suite("found by fuzzing (libauparse 3.0.9)", NULL, NULL);
	CU_add_test(s, "two cwd= in a record", test_two_cwds);
	CU_add_test(s, "proctitle= neither hex nor quoted", test_proctitle);
	CU_add_test(s, "a record without fields", test_no_fields);
}
