/*
 * libauxerr's one JSON writer (libauxerr/src/json.c), the schema of
 * docs/json-format.md: string escaping, what the source sets, and an event
 * libauxerr could not parse.  Whole events as the CLI and the plugin write
 * them are pinned in tests/unit/cli/run and tests/unit/plugin.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "auxerr-shared.h"
#include "tests.h"

#define JSON_STR(lit) json_str(lit, sizeof(lit) - 1)

static char *json_str(const char *s, size_t n)
{
	struct auxerr_buf b = { 0 };

	auxerr__json_string(&b, s, n);
	CU_ASSERT_FALSE(b.oom);
	return b.s;
}

static void test_escaping(void)
{
	char *s;

	s = JSON_STR("a\"b\\c\x01\x7f\n\t/x");
	ASSERT_STR(s, "\"a\\\"b\\\\c\\u0001\\u007f\\n\\t/x\"");
	free(s);
	/* valid UTF-8 passes; a stray byte, an overlong form, a surrogate
	 * and a sequence cut short each become U+FFFD */
	s = JSON_STR("\xc3\xa9|\xff|\xc0\xaf|\xed\xa0\x80|\xe2\x82");
	ASSERT_STR(s, "\"\xc3\xa9|\\ufffd|\\ufffd\\ufffd|\\ufffd\\ufffd\\ufffd|"
		   "\\ufffd\\ufffd\"");
	free(s);
	/* a NUL inside is data, not the end */
	s = JSON_STR("a\0b");
	ASSERT_STR(s, "\"a\\u0000b\"");
	free(s);
}

/* the source's pid, tid and line win over the record's; "trace" */
static void test_source(void)
{
	struct auxerr_record *r = parse_fixture("dac-other");
	struct auxerr_json_src src = {
		.source = "trace", .pid = 4321, .tid = 4322, .line = 0,
	};
	char *j;

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	j = auxerr__json_event(r, &src);
	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	CU_ASSERT_PTR_NOT_NULL(strstr(j, "{\"version\":2,\"source\":\"trace\","));
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"line\":null,\"pid\":4321,\"tid\":4322,"));
	/* the remedy as an object (the setfacl user word is this host's
	 * name for uid 1000, so only the rest is pinned) */
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"remedy\":{\"kind\":\"command\","
		"\"text\":\"The file's owner (uid 0, root) can give uid 1000 read "
		"permission on /srv/x with one ACL entry for that user: setfacl -m u:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ":r /srv/x\",\"command\":\"setfacl -m u:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ":r /srv/x\",\"who\":\"the file's owner "
		"(uid 0, root)\",\"uid\":0,\"weakens\":null},\"records\":["));
	/* no text given: null, not the record's */
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"text\":null}\n"));
	/* one line: its only '\n' ends it */
	CU_ASSERT(strchr(j, '\n') == j + strlen(j) - 1);
	free(j);
	auxerr_record_free(r);
}

/* an event libauxerr refused: what the assembler found, the rest null */
/*
 * The kernel writes superseded=yes at the end of the AUXERR record of a
 * record a later unexplained EPERM/EACCES superseded; a text is judged by
 * that alone (a parsed record has no INFO flags).
 */
static void test_superseded(void)
{
	static const char *const marked[] = {
		"dev=fe:01\ntype=CWD", "dev=fe:01 superseded=yes\ntype=CWD", NULL
	};
	static const char *const other[] = {
		"dev=fe:01\ntype=CWD", "dev=fe:01 superseded=no\ntype=CWD", NULL
	};
	struct auxerr_json_src src = { .source = "explain", .pid = -1, .tid = -1 };
	struct auxerr_record *r;
	char *j;

	r = changedv("dac-other", marked);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(auxerr_record_is_superseded(r), 1);
	j = auxerr__json_event(r, &src);
	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"weak\":false,\"superseded\":true,\"explained\":true,"));
	free(j);
	auxerr_record_free(r);

	r = changedv("dac-other", other);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(auxerr_record_is_superseded(r), 0);
	auxerr_record_free(r);

	r = parse_fixture("dac-other");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(auxerr_record_is_superseded(r), 0);
	j = auxerr__json_event(r, &src);
	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"superseded\":false,"));
	free(j);
	auxerr_record_free(r);
	CU_ASSERT_EQUAL(auxerr_record_is_superseded(NULL), 0);
}

static void test_not_parsed(void)
{
	struct auxerr_event ev = {
		.sec = 1796304151, .milli = 7, .serial = 42,
		.pid = "64", .uid = "x", .comm = "c\"1", .exe = NULL,
	};
	struct auxerr_json_src src = {
		.source = "auditd", .pid = -1, .tid = -1, .ev = &ev,
		.text = "type=X\n", .len = 7,
	};
	char *j = auxerr__json_event(NULL, &src);

	ASSERT_STR(j, "{\"version\":2,\"source\":\"auditd\",\"stamp\":\"1796304151.007:42\","
		   "\"time\":\"2026-12-03T13:22:31.007Z\",\"serial\":42,\"line\":null,"
		   "\"pid\":64,\"tid\":null,\"uid\":null,\"comm\":\"c\\\"1\",\"exe\":null,"
		   "\"syscall\":null,\"syscall_name\":null,\"arch\":null,\"errno\":null,"
		   "\"errno_name\":null,\"error\":null,\"mechanism\":null,\"weak\":null,"
		   "\"superseded\":null,\"explained\":false,\"explanation\":null,"
		   "\"damaged\":\"the event could not be parsed\",\"remedy\":null,"
		   "\"records\":null,\"text\":\"type=X\\n\"}\n");
	free(j);
}

void add_json_suite(void)
{
	CU_pSuite s = CU_add_suite("json", NULL, NULL);

	CU_add_test(s, "string escaping", test_escaping);
	CU_add_test(s, "the source's members", test_source);
	CU_add_test(s, "an event libauxerr refused", test_not_parsed);
	CU_add_test(s, "a superseded record", test_superseded);
}
