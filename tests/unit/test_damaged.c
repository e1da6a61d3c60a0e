// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Damaged events: what an audit pipeline meets when a disk fills, a log
 * is truncated or rotated, or auditd cuts a line.  The intact records
 * are still explained, what is missing is named (auxerr_record_damage()),
 * and an event that cannot be parsed says why (auxerr__parse_failure()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests.h"
#include "auxerr-shared.h"

/* issue 38's input, found by fuzz-plugin: the SYSCALL record cut in the
 * middle of a1= (and run into the end of exe=), then an intact AUXERR
 * record asking for permission bits 8, and the CWD record */
static const char issue38[] =
	"type=SYSCALL msg=audit(1796304151.530:530): arch=c000003e syscall=30 success=no exit=-13 a0=0 a1n/auxerr-everyday\" key=(null)\n"
	"type=UNKNOWN[1340] msg=audit(1796304151.530:530): mechanism=ipc op=access ipc_key=0x00005eed ipc_id=0 mode=0600 ouid=0 ogid=0 cuid=0 cgid=0 class=other perm=8 granted=0 capability=15\n"
	"type=CWD msg=audit(1796304151.530:530): cwd=\"/tmp/ev\"\n";

static void test_issue38(void)
{
	struct auxerr_record *r = auxerr_record_parse(issue38, strlen(issue38));
	struct auxerr_json_src src = { .source = "audit", .pid = -1, .tid = -1 };
	char *j;

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "shmat: denied by the permissions of the shared memory segment key 0x00005eed (id 0): "
		   "mode 0600, owner and creator root:root; uid (not recorded) was refused "
		   "permission bits 010 (octal), not one of read/write");
	ASSERT_STR(auxerr_record_damage(r),
		   "the SYSCALL record lacks a1, a2, a3, items, ppid, pid, auid, uid, gid, "
		   "euid, suid, fsuid, egid, sgid, fsgid, comm, exe");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy: the record asks for permission bits 010 (octal) on the shared "
		     "memory segment key 0x00005eed (id 0), which are not read or write",
		     NULL, NULL, -1, NULL);
	/* the JSON writer degrades as the text does: explained, with the
	 * damage named and the remedy object, not a false ENOMEM */
	errno = ENOMEM;		/* a stale errno must not matter */
	j = auxerr__json_event(r, &src);
	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"explained\":true,\"explanation\":\"shmat: denied by"));
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"damaged\":\"the SYSCALL record lacks a1, a2, a3, "));
	CU_ASSERT_PTR_NOT_NULL(strstr(j, ",\"remedy\":{\"kind\":\"none\",\"text\":\"No remedy: "));
	free(j);
	auxerr_record_free(r);
}

/* whole events: no damage, errno ENOENT; every guest-captured fixture */
static void test_whole(void)
{
	static const char *const names[] = {
		"guest/cap-chmod", "guest/dac-other", "guest/dac-parent",
		"guest/inode-append", "guest/lsm-landlock", "guest/mount-ro",
		"guest/path", "guest/ptrace", "guest/seccomp", "guest/sticky",
		"issue19e-ipc-shmat", "issue19f-ping-empty", "issue19-signal",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		struct auxerr_record *r = parse_fixture(names[i]);

		CU_ASSERT_PTR_NOT_NULL_FATAL(r);
		errno = 0;
		if (auxerr_record_damage(r))
			fprintf(stderr, "\n  %s: damaged: %s\n", names[i],
				auxerr_record_damage(r));
		CU_ASSERT_PTR_NULL(auxerr_record_damage(r));
		CU_ASSERT_EQUAL(errno, ENOENT);
		auxerr_record_free(r);
	}
	errno = 0;
	CU_ASSERT_PTR_NULL(auxerr_record_damage(NULL));
	CU_ASSERT_EQUAL(errno, EINVAL);
}

/* @text's line @n (0-based), with its '\n'; "" past the end */
static char *line_of(const char *text, unsigned n)
{
	const char *s = text, *e;

	while (n-- && (s = strchr(s, '\n')))
		s++;
	if (!s || !*s)
		return strdup("");
	e = strchr(s, '\n');
	return strndup(s, e ? (size_t)(e + 1 - s) : strlen(s));
}

static char *fixture_text(const char *name)
{
	size_t len;
	char *t = read_fixture(name, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	return t;
}

/* the SYSCALL record cut after "gid=65534 " and the next record's
 * start lost with it, as a line cut by a full disk: the mode, owner and
 * class of the intact AUXERR record still decide the sentence */
static void test_cut_syscall(void)
{
	char *t = fixture_text("guest/dac-other"), *cut = strdup(t);
	char *p = strstr(cut, " euid=");
	struct auxerr_record *r;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	memmove(p, strchr(p, '\n'), strlen(strchr(p, '\n')) + 1);
	r = auxerr_record_parse(cut, strlen(cut));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_record_damage(r),
		   "the SYSCALL record lacks euid, suid, fsuid, egid, sgid, fsgid, comm, exe");
	ASSERT_STR(auxerr_explain(r),
		   "openat /tmp/fx/secret: denied by file permissions: mode 0600 root:root; "
		   "uid (not recorded) is \"other\" and has no read permission");
	auxerr_record_free(r);
	free(cut);
	free(t);
}

/* the AUXERR record before the SYSCALL record: the same event, the
 * same sentence (PROCTITLE stays last: it ends an event for auparse) */
static void test_reordered(void)
{
	char *t = fixture_text("guest/dac-other");
	char *l0 = line_of(t, 0), *l1 = line_of(t, 1);
	char *re = malloc(strlen(t) + 1);
	struct auxerr_record *a, *b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(re);
	strcpy(re, l1);
	strcat(re, l0);
	strcat(re, t + strlen(l0) + strlen(l1));
	CU_ASSERT_EQUAL(strlen(re), strlen(t));
	a = auxerr_record_parse(t, strlen(t));
	b = auxerr_record_parse(re, strlen(re));
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	ASSERT_STR(auxerr_explain(b), auxerr_explain(a));
	CU_ASSERT_PTR_NULL(auxerr_record_damage(b));
	auxerr_record_free(a);
	auxerr_record_free(b);
	free(re);
	free(l0);
	free(l1);
	free(t);
}

/* events libauxerr cannot parse say why, with EBADMSG */
static void expect_refused(const char *text, const char *why)
{
	errno = 0;
	CU_ASSERT_PTR_NULL(auxerr_record_parse(text, strlen(text)));
	CU_ASSERT_EQUAL(errno, EBADMSG);
	ASSERT_STR(auxerr__parse_failure(), why);
}

static void test_refused(void)
{
	char *t = fixture_text("guest/dac-other");
	char *l0 = line_of(t, 0), *l1 = line_of(t, 1);
	char *buf = malloc(3 * strlen(t) + 1);
	struct auxerr_record *r;

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	/* an AUXERR record without its SYSCALL */
	expect_refused(strstr(t, "type=UNKNOWN[1340]"), "no SYSCALL record");
	/* the SYSCALL record twice (a replayed log) */
	strcpy(buf, l0);
	strcat(buf, t);
	expect_refused(buf, "more than one SYSCALL record");
	/* the AUXERR record twice, side by side */
	strcpy(buf, l0);
	strcat(buf, l1);
	strcat(buf, t + strlen(l0));
	expect_refused(buf, "more than one AUXERR record");
	/* a stamp auparse cannot read: it drops
	 * the line silently */
	strcpy(buf, l0);
	strcat(buf, "type=CWD msg=audit(x): cwd=\"/\"\n");
	strcat(buf, t + strlen(l0));
	expect_refused(buf, "a record that libauparse dropped (a malformed stamp or field, or a repeated record)");
	/* only the SYSCALL record */
	expect_refused(l0, "no AUXERR record");
	/* the last line cut short: no end of line */
	strcpy(buf, t);
	buf[strlen(buf) - 1] = '\0';
	expect_refused(buf, "the last record is cut short (no end of line)");
	/* a line that is not a record */
	strcpy(buf, t);
	strcat(buf, "----\n");
	expect_refused(buf, "a line that is not an audit record");
	/* a binary byte */
	strcpy(buf, t);
	buf[10] = '\x01';
	expect_refused(buf, "a byte outside printable ASCII");
	/* two events */
	strcpy(buf, t);
	strcat(buf, "type=CWD msg=audit(1796304152.000:9): cwd=\"/\"\n");
	expect_refused(buf, "records of more than one event");
	/* a success clears the reason */
	r = auxerr_record_parse(t, strlen(t));
	CU_ASSERT_PTR_NOT_NULL(r);
	CU_ASSERT_PTR_NULL(auxerr__parse_failure());
	auxerr_record_free(r);
	free(buf);
	free(l0);
	free(l1);
	free(t);
}

/* permission numbers become words, for IPC and files alike */
static void test_permission_words(void)
{
	char *t = fixture_text("issue19e-ipc-shmat"), *p;
	struct auxerr_record *r;

	p = strstr(t, "perm=4");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	p[5] = 'x';		/* perm=x: not a number */
	r = auxerr_record_parse(t, strlen(t));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "shmat: denied by the permissions of the shared memory segment key 0x00005eed (id 0): "
		   "mode 0600, owner and creator root:root; uid 65534 was refused a permission the "
		   "record does not name");
	auxerr_record_free(r);
	p[5] = '1';		/* execute: no such IPC permission */
	r = auxerr_record_parse(t, strlen(t));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "shmat: denied by the permissions of the shared memory segment key 0x00005eed (id 0): "
		   "mode 0600, owner and creator root:root; uid 65534 was refused permission bits 001 "
		   "(octal), not one of read/write");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy: the record asks for permission bits 001 (octal) on the shared "
		     "memory segment key 0x00005eed (id 0), which are not read or write",
		     NULL, NULL, -1, NULL);
	auxerr_record_free(r);
	free(t);

	t = fixture_text("guest/dac-other");
	p = strstr(t, " perm=");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	memcpy(p, " perm=8", 7);	/* MAY_APPEND alone */
	r = auxerr_record_parse(t, strlen(t));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "openat /tmp/fx/secret: denied by file permissions: mode 0600 root:root; "
		   "uid 65534 was refused permission bits 010 (octal), not one of read/write/execute");
	auxerr_record_free(r);
	free(t);
}

void add_damaged_suite(void)
{
	CU_pSuite s = CU_add_suite("damaged events", NULL, NULL);

	CU_add_test(s, "issue 38's event: explained, damage named", test_issue38);
	CU_add_test(s, "whole events are not damaged", test_whole);
	CU_add_test(s, "a SYSCALL record cut short", test_cut_syscall);
	CU_add_test(s, "records reordered", test_reordered);
	CU_add_test(s, "refused events say why", test_refused);
	CU_add_test(s, "permission numbers in words", test_permission_words);
}
