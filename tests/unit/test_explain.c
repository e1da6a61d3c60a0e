/* auxerr_explain(): the exact sentence for every mechanism. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <grp.h>
#include <pwd.h>

#include "tests.h"

static void expect(const char *fixture, const char *sentence)
{
	struct auxerr_record *r = parse_fixture(fixture);
	char small[16];

	if (!r)
		return;
	ASSERT_STR(auxerr_explain(r), sentence);
	/* a second call gives the same (cached string replaced) */
	ASSERT_STR(auxerr_explain(r), sentence);
	/* the _r variant: full length returned, truncated copy */
	CU_ASSERT_EQUAL(auxerr_explain_r(r, small, sizeof(small)),
			(ssize_t)strlen(sentence));
	CU_ASSERT_EQUAL(strlen(small), sizeof(small) - 1);
	CU_ASSERT_NSTRING_EQUAL(small, sentence, sizeof(small) - 1);
	CU_ASSERT_EQUAL(auxerr_explain_r(r, NULL, 0), (ssize_t)strlen(sentence));
	auxerr_record_free(r);
}

static void test_dac_other(void)
{
	char want[256];

	snprintf(want, sizeof(want),
		 "openat /srv/x: denied by file permissions: mode 0640 root:%s; "
		 "uid 1000 is \"other\" and has no read permission",
		 group_name(42));
	expect("dac-other", want);
}

static void test_dac_owner(void)
{
	char want[256];

	snprintf(want, sizeof(want),
		 "openat notes.txt: denied by file permissions: mode 0444 %s:%s; "
		 "uid 1000 is the owner and the owner has no write permission",
		 user_name(1000), group_name(1000));
	expect("dac-owner", want);
}

static void test_dac_group(void)
{
	char want[256];

	snprintf(want, sizeof(want),
		 "openat /etc/shadow: denied by file permissions: mode 0640 root:%s; "
		 "uid 1000 is in group %s and the group has no write permission",
		 group_name(42), group_name(42));
	expect("dac-group", want);
}

static void test_dac_acl_user(void)
{
	char want[256];

	snprintf(want, sizeof(want),
		 "openat /srv/shared/report: denied by the file's ACL: mode 0660 root:root; "
		 "uid 1000 has the ACL entry user:%s, which grants no write permission",
		 user_name(1000));
	expect("dac-acl_user", want);
}

static void test_dac_acl_group(void)
{
	char want[256];

	snprintf(want, sizeof(want),
		 "openat /srv/shared/plan: denied by the file's ACL: mode 0640 root:root; "
		 "uid 1000 matches the ACL entry group:%s, which grants no read permission",
		 group_name(42));
	expect("dac-acl_group", want);
}

static void test_dac_acl_mask(void)
{
	char want[256];

	snprintf(want, sizeof(want),
		 "openat /srv/shared/log: denied by the file's ACL: mode 0640 root:root; "
		 "uid 1000 matches the ACL entry user:%s, which would grant write "
		 "permission, but the ACL mask removes it", user_name(1000));
	expect("dac-acl_mask", want);
}

static void test_dac_hexname(void)
{
	expect("dac-hexname",
	       "openat /tmp/a b\\033[31m: denied by file permissions: mode 0600 root:root; "
	       "uid 1000 is \"other\" and has no read permission");
}

static void test_path(void)
{
	expect("path",
	       "openat /tmp/d/f: denied by the permissions of directory /tmp/d: "
	       "mode 0700 root:root; uid 1000 is \"other\" and has no search permission");
}

static void test_cap(void)
{
	expect("cap",
	       "fchownat f: denied for lack of a capability: uid 1000 does not "
	       "have CAP_CHOWN in the initial user namespace");
	expect("cap-userns",
	       "mount: denied for lack of a capability: uid 1000 does not have "
	       "CAP_SYS_ADMIN in user namespace 4026532456 (level 1, owned by uid 1000)");
	expect("cap-probe",
	       "chmod /srv/x: denied for lack of a capability: uid 1000 does not "
	       "have CAP_FSETID in the initial user namespace (only a probe: "
	       "this check may not be what failed the call)");
}

static struct auxerr_record *two_lines(const char *aux)
{
	char text[2048];

	snprintf(text, sizeof(text),
		 "type=SYSCALL msg=audit(1764745710.500:600): arch=c000003e syscall=2 success=no exit=-13 a0=0 a1=0 a2=0 a3=0 items=0 ppid=1 pid=2 auid=0 uid=7 gid=7 euid=7 suid=7 fsuid=7 egid=7 sgid=7 fsgid=7 tty=(none) ses=1 comm=\"x\" exe=\"/x\" key=(null)\n"
		 "type=UNKNOWN[1340] msg=audit(1764745710.500:600): %s\n", aux);
	return auxerr_record_parse(text, strlen(text));
}

/* explain_two_lines: the sentence for a record made of SYSCALL + @aux */
static void expect_two(const char *aux, const char *sentence)
{
	struct auxerr_record *r = two_lines(aux);

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r), sentence);
	auxerr_record_free(r);
}

/*
 * The branches the guest captures (test_guest.c) do not reach: other
 * values of the facts the kernel writes, and records missing them.
 */
static void test_mechanism_variants(void)
{
	/* Landlock: several rights; no layer facts; no rights at all */
	expect_two("mechanism=lsm lsm=landlock lsm_hook=file_open blockers=fs.read_file,fs.write_file,fs.truncate layer=1 layers=3",
		   "open: denied by Landlock: the sandbox does not allow fs.read_file, fs.write_file and fs.truncate (layer 1 of 3)");
	expect_two("mechanism=lsm lsm=landlock lsm_hook=file_open blockers=fs.execute",
		   "open: denied by Landlock: the sandbox does not allow fs.execute");
	expect_two("mechanism=lsm lsm=landlock lsm_hook=file_open",
		   "open: denied by Landlock (lsm_hook=file_open)");
	/* Yama's other scopes */
	expect_two("mechanism=lsm lsm=yama lsm_hook=ptrace_access_check ptrace_scope=2 relation=scope opid=44",
		   "open: denied by Yama (kernel.yama.ptrace_scope = 2): only a process with CAP_SYS_PTRACE may attach");
	expect_two("mechanism=lsm lsm=yama lsm_hook=ptrace_access_check ptrace_scope=3 relation=scope opid=44",
		   "open: denied by Yama (kernel.yama.ptrace_scope = 3): no process may attach");
	expect_two("mechanism=lsm lsm=yama lsm_hook=ptrace_access_check",
		   "open: denied by Yama (lsm_hook=ptrace_access_check)");
	/* another LSM: its name, its hook, its facts (quoted ones decoded) */
	expect_two("mechanism=lsm lsm=selinux lsm_hook=file_open scontext=\"u:r:t\" tclass=file",
		   "open: denied by the security module selinux in its file_open check (scontext=u:r:t, tclass=file)");
	/* seccomp: an action that is not RET_ERRNO; no filter facts */
	expect_two("mechanism=seccomp arch=c000003e nr=59 code=0x30000 filter=1 filters=1",
		   "open: denied by seccomp filter 1 of 1: it makes execve fail");
	expect_two("mechanism=seccomp code=0x5000d",
		   "open: denied by a seccomp filter: it makes open fail with EACCES");
	/* a read-only file system on a device; without any facts */
	expect_two("mechanism=mount flag=ro_sb fstype=ext4 sb=\"loop0\" mnt_point=\"/mnt/x\" mode=040755 ouid=0 ogid=0 inode=2 dev=07:00",
		   "open: denied by a read-only file system: the ext4 file system on loop0 mounted on /mnt/x is read-only");
	expect_two("mechanism=mount flag=ro_sb fstype=ext4 sb=\"loop0\" mode=040755 ouid=0 ogid=0 inode=2 dev=07:00",
		   "open: denied by a read-only file system: the ext4 file system on loop0 is read-only");
	expect_two("mechanism=mount flag=ro_sb",
		   "open: denied by a read-only file system");
	/* ro without a mount point */
	expect_two("mechanism=mount flag=ro fstype=tmpfs",
		   "open: denied by a mount option: the file system is mounted read-only");
	/* ptrace: an unknown reason lists the facts */
	expect_two("mechanism=ptrace reason=cosmic_rays opid=3",
		   "open: denied by the ptrace access rules (reason=cosmic_rays, opid=3)");
	/* sticky without the owners */
	expect_two("mechanism=sticky flag=sticky",
		   "open: denied by the sticky bit of the directory: only the owner of the file or of the directory may remove or rename it");
}

static void test_generic_and_unknown(void)
{
	struct auxerr_record *r;

	/* a mechanism libauxerr has never heard of, no PATH */
	r = two_lines("mechanism=quantum reason=\"entangled\" level=3");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "open: denied by the mechanism \"quantum\" (reason=entangled, level=3)");
	auxerr_record_free(r);

	/* lsm without any facts but its name */
	r = two_lines("mechanism=lsm lsm=selinux");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r), "open: denied by the security module selinux");
	auxerr_record_free(r);

	/* mount and inode flags it does not know */
	r = two_lines("mechanism=mount flag=nosuid");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r), "open: denied by a mount option (flag=nosuid)");
	auxerr_record_free(r);
	r = two_lines("mechanism=inode flag=append");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "open: denied by an inode flag: the file is append-only (chattr +a)");
	auxerr_record_free(r);

	/* dac with a class it does not know and several bits */
	r = two_lines("mechanism=dac class=martian perm=6 granted=0 mode=0100000 ouid=0 ogid=0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "open: denied by file permissions: mode 0000 root:root; "
		   "uid 7 (class martian) has no read and write permission");
	auxerr_record_free(r);

	/* the ACL decided but was no longer cached: class=acl */
	r = two_lines("mechanism=dac class=acl perm=4 granted=0 mode=0100640 ouid=0 ogid=0 override=none");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "open: denied by the file's ACL: mode 0640 root:root; "
		   "the file's ACL grants uid 7 no read permission");
	auxerr_record_free(r);

	/* acl_mask for a named group, numeric id without a name; no tag */
	r = two_lines("mechanism=dac class=acl_mask acl_id=4243 acl_tag=group perm=6 granted=4 mode=0100660 ouid=0 ogid=0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	if (getgrgid(4243) == NULL)
		ASSERT_STR(auxerr_explain(r),
			   "open: denied by the file's ACL: mode 0660 root:root; "
			   "uid 7 matches the ACL entry group:4243, which would grant "
			   "write permission, but the ACL mask removes it");
	auxerr_record_free(r);
	r = two_lines("mechanism=dac class=acl_mask perm=2 granted=4 mode=0100660 ouid=0 ogid=0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "open: denied by the file's ACL: mode 0660 root:root; "
		   "uid 7 matches an ACL entry that would grant write permission, "
		   "but the ACL mask removes it");
	auxerr_record_free(r);

	/* a directory refused write (mkdir): the PATH item is the parent;
	 * bits above MAY_EXEC in perm= are ignored; the sentence names what
	 * was asked for and not granted (write, not search) */
	const char *mk =
		"type=SYSCALL msg=audit(1764745710.500:601): arch=c000003e syscall=83 success=no exit=-13 a0=0 a1=1ff a2=0 a3=0 items=1 ppid=1 pid=2 auid=0 uid=7 gid=7 euid=7 suid=7 fsuid=7 egid=7 sgid=7 fsgid=7 tty=(none) ses=1 comm=\"mkdir\" exe=\"/usr/bin/mkdir\" key=(null)\n"
		"type=UNKNOWN[1340] msg=audit(1764745710.500:601): mechanism=dac class=other perm=0x13 granted=5 mode=040755 ouid=0 ogid=0 inode=2 dev=fe:01 override=dac_override\n"
		"type=CWD msg=audit(1764745710.500:601): cwd=\"/\"\n"
		"type=PATH msg=audit(1764745710.500:601): item=0 name=\"/root/\" inode=2 dev=fe:01 mode=040755 ouid=0 ogid=0 rdev=00:00 nametype=PARENT\n";
	r = auxerr_record_parse(mk, strlen(mk));
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "mkdir /root/: denied by directory permissions: mode 0755 root:root; "
		   "uid 7 is \"other\" and has no write permission");
	auxerr_record_free(r);

	/* dac with nothing but the mechanism: no crash, and the missing
	 * permission said in words, not as a question mark */
	r = two_lines("mechanism=dac");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	ASSERT_STR(auxerr_explain(r),
		   "open: denied by file permissions: mode ? ?:?; uid 7 was refused a permission the record does not name");
	auxerr_record_free(r);

	/* cap with an unknown capability number, no namespace facts */
	r = two_lines("mechanism=cap capability=99");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_PTR_NOT_NULL(auxerr_explain(r));
	CU_ASSERT_PTR_NOT_NULL(strstr(auxerr_explain(r), "99"));
	auxerr_record_free(r);

	/* owner/group ids without names are printed as numbers */
	r = two_lines("mechanism=dac class=group perm=4 granted=0 mode=0100604 ouid=4242 ogid=4243");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	if (getpwuid(4242) == NULL && getgrgid(4243) == NULL)
		ASSERT_STR(auxerr_explain(r),
			   "open: denied by file permissions: mode 0604 4242:4243; "
			   "uid 7 is in group 4243 and the group has no read permission");
	auxerr_record_free(r);

	CU_ASSERT_PTR_NULL(auxerr_explain(NULL));
	CU_ASSERT_EQUAL(auxerr_explain_r(NULL, NULL, 0), -1);
}

void add_explain_suite(void)
{
	CU_pSuite s = CU_add_suite("explain", NULL, NULL);
	CU_add_test(s, "dac other", test_dac_other);
	CU_add_test(s, "dac owner", test_dac_owner);
	CU_add_test(s, "dac group", test_dac_group);
	CU_add_test(s, "dac acl_user", test_dac_acl_user);
	CU_add_test(s, "dac acl_group", test_dac_acl_group);
	CU_add_test(s, "dac acl_mask", test_dac_acl_mask);
	CU_add_test(s, "dac hex-encoded name", test_dac_hexname);
	CU_add_test(s, "path", test_path);
	CU_add_test(s, "cap: initial ns, child ns, probe", test_cap);
	CU_add_test(s, "lsm, seccomp, mount, ptrace, sticky variants", test_mechanism_variants);
	CU_add_test(s, "generic and unknown facts", test_generic_and_unknown);
}
