/* Truncated, malformed, oversized, binary and hostile input: a clear error
 * (NULL and EINVAL or EBADMSG), never a crash or a leak (run under ASan). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

#define SYSCALL_LINE(serial) \
	"type=SYSCALL msg=audit(1764745710.500:" serial "): arch=c000003e syscall=2 success=no exit=-13 a0=0 a1=0 a2=0 a3=0 items=0 ppid=1 pid=2 auid=0 uid=7 gid=7 euid=7 suid=7 fsuid=7 egid=7 sgid=7 fsgid=7 tty=(none) ses=1 comm=\"x\" exe=\"/x\" key=(null)\n"
#define AUX_LINE(serial, rest) \
	"type=UNKNOWN[1340] msg=audit(1764745710.500:" serial "): " rest "\n"

static void expect_error(const char *text, size_t len, int err)
{
	errno = 0;
	struct auxerr_record *r = auxerr_record_parse(text, len);
	CU_ASSERT_PTR_NULL(r);
	CU_ASSERT_EQUAL(errno, err);
	if (r || errno != err)
		fprintf(stderr, "\n  accepted or wrong errno %d for [%.*s]\n",
			errno, (int)(len > 300 ? 300 : len), text);
	auxerr_record_free(r);
}

static void expect_bad(const char *text)
{
	expect_error(text, strlen(text), EBADMSG);
}

static void test_arguments(void)
{
	expect_error(NULL, 10, EINVAL);
	expect_error("", 0, EINVAL);
	expect_error(SYSCALL_LINE("1"), 0, EINVAL);
	/* a NUL inside the given length */
	const char with_nul[] = SYSCALL_LINE("1") "\0" AUX_LINE("1", "mechanism=dac");
	expect_error(with_nul, sizeof(with_nul) - 1, EINVAL);
}

static void test_oversized(void)
{
	size_t big = 1024 * 1024;
	char *t = malloc(big + 1);
	const char *head = SYSCALL_LINE("9") "type=UNKNOWN[1340] msg=audit(1764745710.500:9): mechanism=dac class=";
	size_t hl = strlen(head);

	memcpy(t, head, hl);
	memset(t + hl, 'A', big - hl - 1);
	t[big - 1] = '\n';
	t[big] = '\0';
	expect_error(t, big, EINVAL);
	/* just above the limit */
	expect_error(t + big - AUXERR_TEXT_MAX - 1, AUXERR_TEXT_MAX + 1, EINVAL);

	/* within the limit but one absurdly long line: no crash; if auparse
	 * accepts it, the value must come back whole */
	size_t n = 100000;
	memcpy(t, head, hl);
	memset(t + hl, 'A', n);
	t[hl + n] = '\n';
	t[hl + n + 1] = '\0';
	struct auxerr_record *r = auxerr_record_parse(t, hl + n + 1);
	if (r) {
		const char *c = auxerr_record_field(r, "AUXERR", "class");
		CU_ASSERT_PTR_NOT_NULL(c);
		CU_ASSERT_EQUAL(c ? strlen(c) : 0, n);
		CU_ASSERT_PTR_NOT_NULL(auxerr_explain(r));
	} else {
		CU_ASSERT_TRUE(errno == EBADMSG || errno == ENOMEM);
	}
	auxerr_record_free(r);
	free(t);
}

static void test_binary(void)
{
	unsigned char buf[4096];
	unsigned seed = 12345;

	for (int round = 0; round < 50; round++) {
		for (size_t i = 0; i < sizeof(buf); i++) {
			seed = seed * 1103515245u + 12345u;
			buf[i] = (unsigned char)(seed >> 16);
			if (buf[i] == 0)
				buf[i] = 0xff;
		}
		expect_error((const char *)buf, sizeof(buf), EBADMSG);
	}
	/* a valid event with one byte outside printable ASCII */
	size_t len;
	char *t = read_fixture("dac-other", &len);
	t[40] = '\x1b';
	expect_error(t, len, EBADMSG);
	t[40] = '\xc3';
	expect_error(t, len, EBADMSG);
	t[40] = '\r';
	expect_error(t, len, EBADMSG);
	free(t);
}

/* every prefix of a valid event: a clear error unless it ends a line
 * after the AUXERR record */
static void test_truncated(void)
{
	size_t len;
	char *t = read_fixture("dac-other", &len);
	char *aux_end = strchr(strchr(t, '\n') + 1, '\n');
	size_t min_ok = (size_t)(aux_end - t) + 1;
	int accepted = 0;

	for (size_t n = 1; n < len; n++) {
		char *copy = malloc(n);	/* exact size: ASan catches overreads */
		memcpy(copy, t, n);
		errno = 0;
		struct auxerr_record *r = auxerr_record_parse(copy, n);
		if (t[n - 1] == '\n' && n >= min_ok) {
			CU_ASSERT_PTR_NOT_NULL(r);
			accepted += r != NULL;
		} else {
			CU_ASSERT_PTR_NULL(r);
			CU_ASSERT_EQUAL(errno, EBADMSG);
		}
		auxerr_record_free(r);
		free(copy);
	}
	CU_ASSERT_EQUAL(accepted, 3);	/* after AUXERR, CWD, PATH */
	free(t);
}

static void test_malformed(void)
{
	/* no AUXERR record, no SYSCALL record, two of them */
	expect_bad(SYSCALL_LINE("1"));
	expect_bad(AUX_LINE("1", "mechanism=dac"));
	expect_bad(SYSCALL_LINE("1") SYSCALL_LINE("1") AUX_LINE("1", "mechanism=dac"));
	expect_bad(SYSCALL_LINE("1") AUX_LINE("1", "mechanism=dac") AUX_LINE("1", "mechanism=cap"));
	/* two events */
	expect_bad(SYSCALL_LINE("1") AUX_LINE("1", "mechanism=dac")
		   SYSCALL_LINE("2") AUX_LINE("2", "mechanism=dac"));
	expect_bad(SYSCALL_LINE("1") AUX_LINE("2", "mechanism=dac"));
	/* no mechanism, empty mechanism */
	expect_bad(SYSCALL_LINE("1") AUX_LINE("1", "class=other"));
	expect_bad(SYSCALL_LINE("1") AUX_LINE("1", "mechanism="));
	/* a line that is not a record; an empty line; no final newline */
	expect_bad(SYSCALL_LINE("1") "hello world\n" AUX_LINE("1", "mechanism=dac"));
	expect_bad(SYSCALL_LINE("1") "\n" AUX_LINE("1", "mechanism=dac"));
	expect_bad(SYSCALL_LINE("1") "type=UNKNOWN[1340] msg=audit(1764745710.500:1): mechanism=dac");
	/* a stamp auparse does not take (it would drop the line silently) */
	expect_bad(SYSCALL_LINE("1") "type=UNKNOWN[1340] msg=audit(1764745710.5:1): mechanism=dac\n");
	expect_bad(SYSCALL_LINE("1") "type=UNKNOWN[1340] msg=audit(): mechanism=dac\n");
	expect_bad(SYSCALL_LINE("1") "type=UNKNOWN[1340] mechanism=dac\n");
	/* a bad syscall number */
	expect_bad("type=SYSCALL msg=audit(1764745710.500:1): arch=c000003e syscall=open success=no exit=-13\n"
		   AUX_LINE("1", "mechanism=dac"));
	expect_bad("type=SYSCALL msg=audit(1764745710.500:1): arch=c000003e success=no exit=-13\n"
		   AUX_LINE("1", "mechanism=dac"));
	/* just "type=" */
	expect_bad("type=\n");
	expect_bad("type=SYSCALL\n");
}

static void test_hostile_values(void)
{
	/* format directives in values are printed, not interpreted */
	const char *t = SYSCALL_LINE("5") AUX_LINE("5", "mechanism=%n%s%s%n class=%x%x");
	struct auxerr_record *r = auxerr_record_parse(t, strlen(t));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "open: denied by the mechanism \"%n%s%s%n\" (class=%x%x)");
	auxerr_record_free(r);

	/* a hex-encoded value full of control characters is escaped */
	t = SYSCALL_LINE("6") AUX_LINE("6", "mechanism=lsm lsm=x profile=1B5D303B6F776E65640707")
	    "type=PATH msg=audit(1764745710.500:6): item=0 name=0A0D1B5B324A nametype=NORMAL\n";
	r = auxerr_record_parse(t, strlen(t));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	const char *e = auxerr_explain(r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	for (const char *p = e; *p; p++)
		CU_ASSERT_TRUE((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f);
	auxerr_record_free(r);

	/* many fields */
	size_t cap = 200000, n;
	char *big = malloc(cap);
	n = (size_t)snprintf(big, cap, "%s", SYSCALL_LINE("7"));
	n += (size_t)snprintf(big + n, cap - n,
			      "type=UNKNOWN[1340] msg=audit(1764745710.500:7): mechanism=lsm");
	for (int i = 0; i < 3000; i++)
		n += (size_t)snprintf(big + n, cap - n, " f%d=%d", i, i);
	n += (size_t)snprintf(big + n, cap - n, "\n");
	r = auxerr_record_parse(big, n);
	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "f2999"), "2999");
		CU_ASSERT_PTR_NOT_NULL(auxerr_explain(r));
	} else {
		CU_ASSERT_EQUAL(errno, EBADMSG);
	}
	auxerr_record_free(r);
	free(big);
}

/* random printable mutations of every fixture: no crash, no leak */
static void test_mutations(void)
{
	static const char *const all[] = {
		"dac-other", "dac-acl_mask", "path", "cap", "cap-userns",
		"guest/lsm-landlock", "guest/lsm-yama", "guest/seccomp",
		"guest/mount-ro", "guest/inode-immutable", "guest/sticky",
		"guest/ptrace",
	};
	static const char alphabet[] = "=\" \n:()0123456789abcdefxyzAF[]%,.-";
	unsigned seed = 777;
	int ok = 0, bad = 0;

	for (size_t f = 0; f < sizeof(all) / sizeof(all[0]); f++) {
		size_t len;
		char *orig = read_fixture(all[f], &len);
		for (int round = 0; round < 300; round++) {
			char *t = malloc(len);
			memcpy(t, orig, len);
			int k = 1 + round % 6;
			for (int i = 0; i < k; i++) {
				seed = seed * 1103515245u + 12345u;
				size_t at = (seed >> 8) % len;
				seed = seed * 1103515245u + 12345u;
				t[at] = alphabet[(seed >> 8) % (sizeof(alphabet) - 1)];
			}
			struct auxerr_record *r = auxerr_record_parse(t, len);
			if (r) {
				ok++;
				CU_ASSERT_PTR_NOT_NULL(auxerr_explain(r));
				(void)auxerr_record_interpret(r, NULL, "mode");
			} else {
				bad++;
				CU_ASSERT_TRUE(errno == EBADMSG);
			}
			auxerr_record_free(r);
			free(t);
		}
		free(orig);
	}
	CU_ASSERT_TRUE(ok > 0);
	CU_ASSERT_TRUE(bad > 0);
}

void add_hostile_suite(void)
{
	CU_pSuite s = CU_add_suite("hostile input", NULL, NULL);
	CU_add_test(s, "bad arguments: EINVAL", test_arguments);
	CU_add_test(s, "oversized (1 MiB)", test_oversized);
	CU_add_test(s, "binary", test_binary);
	CU_add_test(s, "every truncation", test_truncated);
	CU_add_test(s, "malformed events", test_malformed);
	CU_add_test(s, "hostile values", test_hostile_values);
	CU_add_test(s, "random mutations", test_mutations);
}
