/* The BPF backend's flushed event: one user message of type 2340
 * (docs/bpf-backend.md) read by the assembler that `auxerr explain` and
 * the plugin share, as the kernel records it stands for.  The message is
 * written by hand in the form the flush service sends and auditd logs;
 * the expected records are written by hand in the kernel's form. */
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "tests.h"

#define OUTER "msg=audit(1796427932.335:3): pid=900 uid=0 auid=4294967295 ses=4294967295 subj=unconfined "
#define DENIAL_SYSCALL "arch=c000003e syscall=257 success=no exit=-13 a0=ffffff9c a1=7fff67297f03 a2=0 a3=0 items=1 ppid=153 pid=903 auid=4294967295 uid=65534 gid=65534 euid=65534 suid=65534 fsuid=65534 egid=65534 sgid=65534 fsgid=65534 tty=(none) ses=4294967295 comm=\"cat\" exe=\"/usr/bin/cat\" key=(null)"
#define DENIAL_AUXERR "mechanism=dac class=other perm=4 granted=0 override=dac_read_search,dac_override mode=0100600 ouid=0 ogid=0 inode=3 dev=00:1c"
#define PROCTITLE "proctitle=636174002F746D702F732F736563726574"

static const char flushed[] =
	"type=UNKNOWN[2340] " OUTER "msg='auxerr_serial=39 auxerr_time=1796427932.314 "
	DENIAL_SYSCALL " " DENIAL_AUXERR " cwd=\"/tmp/s\" name=\"/tmp/s/secret\" nametype=NORMAL " PROCTITLE "'";

#define STAMP "msg=audit(1796427932.314:39): "
static const char as_kernel[] =
	"type=SYSCALL " STAMP DENIAL_SYSCALL "\n"
	"type=UNKNOWN[1340] " STAMP DENIAL_AUXERR "\n"
	"type=CWD " STAMP "cwd=\"/tmp/s\"\n"
	"type=PATH " STAMP "item=0 name=\"/tmp/s/secret\" nametype=NORMAL\n"
	"type=PROCTITLE " STAMP PROCTITLE "\n";

struct seen {
	int events;
	char *text;
	unsigned long long serial;
};

static void on_event(const struct auxerr_event *ev, void *arg)
{
	struct seen *s = arg;

	s->events++;
	free(s->text);
	s->text = ev->text ? strdup(ev->text) : NULL;
	s->serial = ev->serial;
}

static enum auxerr_line feed(struct auxerr_asm *a, const char *line,
			     const char **why)
{
	return auxerr__asm_line(a, line, strlen(line), 1, why);
}

static void test_flushed_event_reads_as_the_kernels(void)
{
	struct seen seen = { 0 };
	struct auxerr_asm *a = auxerr__asm_new(on_event, &seen);
	struct auxerr_record *flushed_rec, *kernel_rec;
	const char *why = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(feed(a, flushed, &why), AUXERR_LINE_RECORD);
	CU_ASSERT_PTR_NULL(why);
	auxerr__asm_flush(a);
	CU_ASSERT_EQUAL(seen.events, 1);
	/* the denial's stamp, not the flush's */
	CU_ASSERT_EQUAL(seen.serial, 39);
	ASSERT_STR(seen.text, as_kernel);

	flushed_rec = seen.text ? auxerr_record_parse(seen.text, strlen(seen.text)) : NULL;
	kernel_rec = auxerr_record_parse(as_kernel, strlen(as_kernel));
	CU_ASSERT_PTR_NOT_NULL(flushed_rec);
	CU_ASSERT_PTR_NOT_NULL_FATAL(kernel_rec);
	if (flushed_rec) {
		const char *s = auxerr_explain(flushed_rec);

		CU_ASSERT_PTR_NOT_NULL(s);
		CU_ASSERT_PTR_NOT_NULL(s ? strstr(s, "/tmp/s/secret") : NULL);
		ASSERT_STR(s, auxerr_explain(kernel_rec));
		auxerr_record_free(flushed_rec);
	}
	auxerr_record_free(kernel_rec);
	auxerr__asm_free(a);
	free(seen.text);
}

/* with node=, every expanded record keeps it (and the event is one) */
static void test_node_prefix_is_kept(void)
{
	struct seen seen = { 0 };
	struct auxerr_asm *a = auxerr__asm_new(on_event, &seen);
	char line[sizeof(flushed) + 16];

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	snprintf(line, sizeof(line), "node=web1 %s", flushed);
	CU_ASSERT_EQUAL(feed(a, line, NULL), AUXERR_LINE_RECORD);
	auxerr__asm_flush(a);
	CU_ASSERT_EQUAL(seen.events, 1);
	ASSERT_STR(seen.text, as_kernel);
	auxerr__asm_free(a);
	free(seen.text);
}

static void expect_refused(const char *line, const char *reason)
{
	struct seen seen = { 0 };
	struct auxerr_asm *a = auxerr__asm_new(on_event, &seen);
	const char *why = NULL;

	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(feed(a, line, &why), AUXERR_LINE_MALFORMED);
	ASSERT_STR(why, reason);
	auxerr__asm_flush(a);
	CU_ASSERT_EQUAL(seen.events, 0);
	CU_ASSERT_EQUAL(auxerr__asm_stats(a)->dropped_malformed, 1);
	auxerr__asm_free(a);
	free(seen.text);
}

static void test_malformed_messages_are_refused_with_the_reason(void)
{
	expect_refused("type=UNKNOWN[2340] " OUTER "res=1",
		       "a type 2340 message without msg='...'");
	expect_refused("type=UNKNOWN[2340] " OUTER "msg='" DENIAL_SYSCALL "'",
		       "a type 2340 message without the denial's stamp (auxerr_serial= and auxerr_time=)");
	expect_refused("type=UNKNOWN[2340] " OUTER "msg='auxerr_serial=39 auxerr_time=1796427932.31 " DENIAL_SYSCALL "'",
		       "a type 2340 message without the denial's stamp (auxerr_serial= and auxerr_time=)");
	expect_refused("type=UNKNOWN[2340] " OUTER "msg='auxerr_serial=39 auxerr_time=1796427932.314 syscall=257'",
		       "a type 2340 message whose fields do not start with arch=");
	expect_refused("type=UNKNOWN[2340] " OUTER "msg='auxerr_serial=39 auxerr_time=1796427932.314 arch=c000003e syscall=257 " DENIAL_AUXERR "'",
		       "a type 2340 message without key= (the end of SYSCALL)");
	expect_refused("type=UNKNOWN[2340] " OUTER "msg='auxerr_serial=39 auxerr_time=1796427932.314 " DENIAL_SYSCALL " cwd=\"/\"'",
		       "a type 2340 message without mechanism= after key=");
	expect_refused("type=UNKNOWN[2340] " OUTER "msg='auxerr_serial=39 auxerr_time=1796427932.314 " DENIAL_SYSCALL " " DENIAL_AUXERR " " PROCTITLE " mode=1'",
		       "a type 2340 message with fields after proctitle=");
	expect_refused("type=UNKNOWN[2340] " OUTER "msg='auxerr_serial=39 auxerr_time=1796427932.314 " DENIAL_SYSCALL " oops'",
		       "a type 2340 message with a field that is not name=value");
}

/* other user messages, and 1340 itself, go to libauparse untouched */
static void test_other_lines_are_not_expanded(void)
{
	char *out = (char *)1;
	const char *why = NULL;
	static const char user[] = "type=USER_AUTH " OUTER "msg='op=PAM:authentication acct=\"x\" res=success'";

	CU_ASSERT_EQUAL(auxerr__usermsg_expand(user, strlen(user), &out, &why), 0);
	CU_ASSERT_PTR_NULL(out);
	CU_ASSERT_EQUAL(auxerr__usermsg_expand(as_kernel, strcspn(as_kernel, "\n"), &out, &why), 0);
	CU_ASSERT_PTR_NULL(why);
}

void add_usermsg_suite(void)
{
	CU_pSuite s = CU_add_suite("the BPF backend's flushed event (type 2340)", NULL, NULL);

	CU_add_test(s, "a flushed event reads as the kernel's", test_flushed_event_reads_as_the_kernels);
	CU_add_test(s, "node= is kept on every record", test_node_prefix_is_kept);
	CU_add_test(s, "malformed messages are refused with the reason", test_malformed_messages_are_refused_with_the_reason);
	CU_add_test(s, "other lines are not expanded", test_other_lines_are_not_expanded);
}
