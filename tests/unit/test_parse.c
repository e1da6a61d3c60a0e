/* Parsing through libauparse: every accessor, field by field. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "tests.h"

static void test_dac_other(void)
{
	struct auxerr_record *r = parse_fixture("dac-other");
	if (!r)
		return;
	CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
	CU_ASSERT_EQUAL(auxerr_record_syscall(r), 257);
	ASSERT_STR(auxerr_record_syscall_name(r), "openat");
	CU_ASSERT_EQUAL(auxerr_record_arch(r), 0xc000003eu);
	ASSERT_STR(auxerr_record_mechanism(r), "dac");
	CU_ASSERT_EQUAL(auxerr_record_serial(r), 101);
	struct timespec ts = auxerr_record_time(r);
	CU_ASSERT_EQUAL(ts.tv_sec, 1764745710);
	CU_ASSERT_EQUAL(ts.tv_nsec, 101000000L);
	errno = 0;
	CU_ASSERT_EQUAL(auxerr_record_age(r), -1);
	CU_ASSERT_EQUAL(errno, ENODATA);
	CU_ASSERT_FALSE(auxerr_record_is_weak(r));
	CU_ASSERT_FALSE(auxerr_record_is_flushed(r));

	/* the record types, with the AUXERR record under both names */
	CU_ASSERT_EQUAL(auxerr_record_count(r, NULL), 5);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "SYSCALL"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "AUXERR"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "UNKNOWN[1340]"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "CWD"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PROCTITLE"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "EOE"), 0);

	/* raw and interpreted, as libauparse sees them */
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "class"), "other");
	ASSERT_STR(auxerr_record_field(r, "UNKNOWN[1340]", "class"), "other");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "perm"), "4");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "perm"), "read");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "granted"), "0");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "mode"), "0100640");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "file,640");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "ouid"), "root");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "ogid"), group_name(42));
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "override"),
		   "dac_read_search,dac_override");
	ASSERT_STR(auxerr_record_field(r, "SYSCALL", "exit"), "-13");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "exit"),
		   "EACCES(Permission denied)");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "arch"), "x86_64");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "uid"), user_name(1000));
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "a2"), "O_RDONLY");
	ASSERT_STR(auxerr_record_field(r, "SYSCALL", "comm"), "\"cat\"");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "comm"), "cat");
	ASSERT_STR(auxerr_record_field(r, "PATH", "name"), "\"/srv/x\"");
	ASSERT_STR(auxerr_record_interpret(r, "PATH", "name"), "/srv/x");
	ASSERT_STR(auxerr_record_interpret(r, "CWD", "cwd"), "/home/user");
	ASSERT_STR(auxerr_record_interpret(r, "PROCTITLE", "proctitle"),
		   "cat /srv/x");
	/* type NULL: the first record with that field, in event order */
	ASSERT_STR(auxerr_record_field(r, NULL, "inode"), "1311");
	ASSERT_STR(auxerr_record_field(r, NULL, "mechanism"), "dac");

	/* missing fields and bad arguments */
	errno = 0;
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "AUXERR", "nosuch"));
	CU_ASSERT_EQUAL(errno, ENOENT);
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "NOSUCH", "inode"));
	CU_ASSERT_PTR_NULL(auxerr_record_field_nth(r, "PATH", 1, "name", 0));
	errno = 0;
	CU_ASSERT_PTR_NULL(auxerr_record_field(NULL, "AUXERR", "mode"));
	CU_ASSERT_EQUAL(errno, EINVAL);
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "AUXERR", NULL));

	/* the text itself */
	CU_ASSERT_PTR_NOT_NULL(auxerr_record_text(r));
	CU_ASSERT_NSTRING_EQUAL(auxerr_record_text(r), "type=SYSCALL ", 13);
	auxerr_record_free(r);
}

static void test_errno_preserved(void)
{
	size_t len;
	char *t = read_fixture("dac-other", &len);
	struct auxerr_record *r;

	errno = 4242;
	r = auxerr_record_parse(t, len);
	CU_ASSERT_PTR_NOT_NULL(r);
	CU_ASSERT_EQUAL(errno, 4242);
	CU_ASSERT_PTR_NOT_NULL(auxerr_explain(r));
	CU_ASSERT_EQUAL(errno, 4242);
	auxerr_record_free(r);
	CU_ASSERT_EQUAL(errno, 4242);
	auxerr_record_free(NULL);
	free(t);
}

static void test_not_nul_terminated(void)
{
	size_t len;
	char *t = read_fixture("cap", &len);
	char *copy = malloc(len);	/* exactly len bytes: ASan sees overreads */

	memcpy(copy, t, len);
	struct auxerr_record *r = auxerr_record_parse(copy, len);
	CU_ASSERT_PTR_NOT_NULL(r);
	CU_ASSERT_EQUAL(auxerr_record_serial(r), 108);
	auxerr_record_free(r);
	free(copy);
	free(t);
}

static void test_path(void)
{
	struct auxerr_record *r = parse_fixture("path");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_mechanism(r), "path");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "component"), "\"/tmp/d\"");
	/* auparse does not know component=; libauxerr lets it decode it */
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "component"), "/tmp/d");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "perm"), "exec");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "dir,700");
	/* the PATH record without inode fields */
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "PATH", "inode"));
	ASSERT_STR(auxerr_record_field(r, "PATH", "nametype"), "UNKNOWN");
	auxerr_record_free(r);
}

static void test_cap(void)
{
	struct auxerr_record *r = parse_fixture("cap");
	if (!r)
		return;
	CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
	ASSERT_STR(auxerr_record_syscall_name(r), "fchownat");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "capability"), "0");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "capability"), "chown");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "userns"), "4026531837");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "userns_level"), "0");
	CU_ASSERT_FALSE(auxerr_record_is_weak(r));
	auxerr_record_free(r);

	r = parse_fixture("cap-userns");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "capability"), "sys_admin");
	ASSERT_STR(auxerr_record_syscall_name(r), "mount");
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 0);
	auxerr_record_free(r);

	r = parse_fixture("cap-probe");
	if (!r)
		return;
	CU_ASSERT_TRUE(auxerr_record_is_weak(r));
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "capability"), "fsetid");
	auxerr_record_free(r);
}

static void test_lsm_fields(void)
{
	struct auxerr_record *r = parse_fixture("guest/lsm-landlock");
	if (!r)
		return;
	/* lsm_hook=, not hook= (auparse would call that "unknown-hook(...)") */
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "lsm_hook"), "file_open");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "lsm"), "landlock");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "blockers"), "fs.read_file");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "blockers"), "fs.read_file");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "file,666");
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "AUXERR", "hook"));
	auxerr_record_free(r);

	r = parse_fixture("guest/lsm-yama");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "lsm_hook"), "ptrace_access_check");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "relation"), "not_descendant");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "a0"), "PTRACE_ATTACH");
	auxerr_record_free(r);
}

static void test_seccomp_nr(void)
{
	struct auxerr_record *r = parse_fixture("guest/seccomp-errno");
	if (!r)
		return;
	/* nr=, not syscall= (auparse shows that as "read" whatever it is):
	 * libauxerr names it with the record's own arch= */
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "nr"), "83");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "nr"), "mkdir");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "arch"), "x86_64");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "code"), "0x5005f");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "code"), "errno");
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "AUXERR", "syscall"));
	CU_ASSERT_EQUAL(auxerr_record_errno(r), EOPNOTSUPP);
	auxerr_record_free(r);

	const char *text =
		"type=SYSCALL msg=audit(1764745710.500:501): arch=c000003e syscall=59 success=no exit=-1 a0=0 a1=0 a2=0 a3=0 items=0 ppid=1 pid=2 auid=0 uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=(none) ses=1 comm=\"x\" exe=\"/x\" key=(null)\n"
		"type=UNKNOWN[1340] msg=audit(1764745710.500:501): mechanism=seccomp nr=59 code=0x50001 filter=2 filters=2\n";
	r = auxerr_record_parse(text, strlen(text));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	/* no arch= in the AUXERR record: the SYSCALL record's is used */
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "nr"), "execve");
	auxerr_record_free(r);

	/* an arch auparse does not know: the number stays */
	const char *odd =
		"type=SYSCALL msg=audit(1764745710.500:502): arch=c000003e syscall=59 success=no exit=-1 a0=0 a1=0 a2=0 a3=0 items=0 ppid=1 pid=2 auid=0 uid=0 gid=0 euid=0 suid=0 fsuid=0 egid=0 sgid=0 fsgid=0 tty=(none) ses=1 comm=\"x\" exe=\"/x\" key=(null)\n"
		"type=UNKNOWN[1340] msg=audit(1764745710.500:502): mechanism=seccomp arch=1234 nr=59 code=0x50001\n";
	r = auxerr_record_parse(odd, strlen(odd));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "nr"), "59");
	auxerr_record_free(r);
}

static void test_vfs_fields(void)
{
	struct auxerr_record *r = parse_fixture("guest/mount-ro");
	if (!r)
		return;
	CU_ASSERT_EQUAL(auxerr_record_errno(r), EROFS);
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "mnt_point"), "\"/tmp/fx/robind\"");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mnt_point"), "/tmp/fx/robind");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "fstype"), "tmpfs");
	auxerr_record_free(r);

	/* the sticky directory's mode and owner, like mode= and ouid= */
	r = parse_fixture("guest/sticky");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "dir_mode"), "041777");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "dir_mode"), "dir,sticky,777");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "dir_ouid"), "1");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "dir_ouid"), user_name(1));
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "ouid"), user_name(2));
	auxerr_record_free(r);
}

static void test_paths_nth(void)
{
	/* as audit writes a rename: several PATH items */
	const char *text =
		"type=SYSCALL msg=audit(1764745710.500:503): arch=c000003e syscall=82 success=no exit=-13 a0=0 a1=0 a2=0 a3=0 items=2 ppid=1 pid=2 auid=0 uid=7 gid=7 euid=7 suid=7 fsuid=7 egid=7 sgid=7 fsgid=7 tty=(none) ses=1 comm=\"mv\" exe=\"/usr/bin/mv\" key=(null)\n"
		"type=UNKNOWN[1340] msg=audit(1764745710.500:503): mechanism=dac class=other perm=3 granted=5 override=dac_override mode=040755 ouid=0 ogid=0 inode=7001 dev=fe:01\n"
		"type=CWD msg=audit(1764745710.500:503): cwd=\"/\"\n"
		"type=PATH msg=audit(1764745710.500:503): item=0 name=\"/mnt/ro/\" inode=7001 dev=fe:01 mode=040755 ouid=0 ogid=0 rdev=00:00 nametype=PARENT\n"
		"type=PATH msg=audit(1764745710.500:503): item=1 name=\"/mnt/ro/new\" nametype=CREATE\n";
	struct auxerr_record *r = auxerr_record_parse(text, strlen(text));

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 2);
	ASSERT_STR(auxerr_record_field_nth(r, "PATH", 0, "name", 1), "/mnt/ro/");
	ASSERT_STR(auxerr_record_field_nth(r, "PATH", 1, "name", 1), "/mnt/ro/new");
	ASSERT_STR(auxerr_record_field_nth(r, "PATH", 1, "nametype", 0), "CREATE");
	CU_ASSERT_PTR_NULL(auxerr_record_field_nth(r, "PATH", 2, "name", 0));
	ASSERT_STR(auxerr_explain(r),
		   "rename /mnt/ro/: denied by directory permissions: mode 0755 root:root; "
		   "uid 7 is \"other\" and has no write permission");
	auxerr_record_free(r);
}

static void test_hex_name_escaped(void)
{
	struct auxerr_record *r = parse_fixture("dac-hexname");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_field(r, "PATH", "name"),
		   "2F746D702F6120621B5B33316D");
	/* decoded, and the ESC byte escaped for the terminal */
	ASSERT_STR(auxerr_record_interpret(r, "PATH", "name"),
		   "/tmp/a b\\033[31m");
	auxerr_record_free(r);
}

static void test_every_fixture_parses(void)
{
	static const char *const all[] = {
		"dac-other", "dac-owner", "dac-group", "dac-acl_user",
		"dac-acl_group", "dac-acl_mask", "dac-hexname", "path", "cap",
		"cap-userns", "cap-probe",
	};
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		struct auxerr_record *r = parse_fixture(all[i]);
		CU_ASSERT_EQUAL(auxerr_record_count(r, "AUXERR"), 1);
		CU_ASSERT_TRUE(auxerr_record_errno(r) > 0);
		auxerr_record_free(r);
	}
}

/* libauparse has global state: libauxerr serialises it */
struct par {
	const char *text;
	size_t len;
	int bad;
};

static void *parse_many(void *arg)
{
	struct par *p = arg;

	for (int i = 0; i < 150; i++) {
		struct auxerr_record *r = auxerr_record_parse(p->text, p->len);
		const char *e = r ? auxerr_explain(r) : NULL;
		const char *g = r ? auxerr_record_interpret(r, "AUXERR", "ouid") : NULL;
		if (!e || !strstr(e, "uid 1000 is \"other\" and has no read permission") ||
		    !g || strcmp(g, "root") != 0)
			p->bad++;
		auxerr_record_free(r);
	}
	return NULL;
}

static void test_threads(void)
{
	size_t len;
	char *t = read_fixture("dac-other", &len);
	pthread_t th[4];
	struct par p[4];

	for (int i = 0; i < 4; i++) {
		p[i] = (struct par){ t, len, 0 };
		pthread_create(&th[i], NULL, parse_many, &p[i]);
	}
	for (int i = 0; i < 4; i++) {
		pthread_join(th[i], NULL);
		CU_ASSERT_EQUAL(p[i].bad, 0);
	}
	free(t);
}

void add_parse_suite(void)
{
	CU_pSuite s = CU_add_suite("parse", NULL, NULL);
	CU_add_test(s, "dac other: every accessor", test_dac_other);
	CU_add_test(s, "errno preserved", test_errno_preserved);
	CU_add_test(s, "text without NUL", test_not_nul_terminated);
	CU_add_test(s, "path: component decoded", test_path);
	CU_add_test(s, "cap, userns, probe", test_cap);
	CU_add_test(s, "lsm: lsm_hook, blockers, yama", test_lsm_fields);
	CU_add_test(s, "seccomp: nr= interpreted", test_seccomp_nr);
	CU_add_test(s, "mount and sticky facts interpreted", test_vfs_fields);
	CU_add_test(s, "several PATH items", test_paths_nth);
	CU_add_test(s, "hex name escaped", test_hex_name_escaped);
	CU_add_test(s, "every fixture parses", test_every_fixture_parses);
	CU_add_test(s, "four threads at once", test_threads);
}
