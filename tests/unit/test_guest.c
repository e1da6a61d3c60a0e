/* Event texts captured from the guest kernel (fixtures/guest/, written by
 * tests/unit/fixtures/recapture from tests/guest/t-libauxerr.sh): every
 * mechanism the kernel records, parsed field by field and explained,
 * exactly. */
#include <errno.h>
#include <stdlib.h>

#include "tests.h"

/* the common facts of every capture; the record, or NULL */
static struct auxerr_record *expect(const char *fixture, int err,
				    const char *syscall, const char *mech,
				    const char *sentence)
{
	struct auxerr_record *r = parse_fixture(fixture);
	char exit_raw[16];

	if (!r)
		return NULL;
	CU_ASSERT_EQUAL(auxerr_record_errno(r), err);
	ASSERT_STR(auxerr_record_syscall_name(r), syscall);
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "syscall"), syscall);
	ASSERT_STR(auxerr_record_mechanism(r), mech);
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "mechanism"), mech);
	CU_ASSERT_EQUAL(auxerr_record_arch(r), 0xc000003eu);
	snprintf(exit_raw, sizeof(exit_raw), "-%d", err);
	ASSERT_STR(auxerr_record_field(r, "SYSCALL", "exit"), exit_raw);
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "comm"), "auxerr-check");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "exe"),
		   "/work/main/build/userland/auxerr-check");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "uid"), "nobody");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "success"), "no");
	ASSERT_STR(auxerr_record_interpret(r, "CWD", "cwd"), "/tmp/fx");
	CU_ASSERT_EQUAL(auxerr_record_count(r, "SYSCALL"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "AUXERR"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PROCTITLE"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "EOE"), 0);
	CU_ASSERT_TRUE(auxerr_record_serial(r) > 0);
	ASSERT_STR(auxerr_explain(r), sentence);
	return r;
}

static void done(struct auxerr_record *r)
{
	auxerr_record_free(r);
}

/* the PATH item's name, and that it describes the AUXERR object */
static void same_object(struct auxerr_record *r, const char *name)
{
	if (!r)
		return;
	ASSERT_STR(auxerr_record_interpret(r, "PATH", "name"), name);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 1);
	static const char *const f[] = { "inode", "dev", "mode", "ouid", "ogid" };
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		ASSERT_STR(auxerr_record_field(r, "PATH", f[i]),
			   auxerr_record_field(r, "AUXERR", f[i]));
}

static void test_dac(void)
{
	struct auxerr_record *r;

	r = expect("guest/dac-other", EACCES, "openat", "dac",
		   "openat /tmp/fx/secret: denied by file permissions: mode 0600 root:root; "
		   "uid 65534 is \"other\" and has no read permission");
	same_object(r, "/tmp/fx/secret");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "class"), "other");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "perm"), "read");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "granted"), "0");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "override"),
		   "dac_read_search,dac_override");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "file,600");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "ouid"), "root");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "a2"), "O_RDONLY");
	ASSERT_STR(auxerr_record_interpret(r, "PROCTITLE", "proctitle"),
		   "/work/main/build/userland/auxerr-check open /tmp/fx/secret");
	ASSERT_STR(auxerr_record_field(r, "PATH", "nametype"), "NORMAL");
	/* override= comes right after granted=, before the object */
	CU_ASSERT_PTR_NOT_NULL(strstr(auxerr_record_text(r),
		" perm=4 granted=0 override=dac_read_search,dac_override mode=0100600 "));
	CU_ASSERT_FALSE(auxerr_record_is_weak(r));
	done(r);

	r = expect("guest/dac-owner", EACCES, "openat", "dac",
		   "openat /tmp/fx/mine: denied by file permissions: mode 0400 nobody:root; "
		   "uid 65534 is the owner and the owner has no write permission");
	same_object(r, "/tmp/fx/mine");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "class"), "owner");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "granted"), "4");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "override"), "dac_override");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "a2"), "O_WRONLY");
	done(r);

	r = expect("guest/dac-group", EACCES, "openat", "dac",
		   "openat /tmp/fx/grp: denied by file permissions: mode 0604 root:nogroup; "
		   "uid 65534 is in group nogroup and the group has no read permission");
	same_object(r, "/tmp/fx/grp");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "class"), "group");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "ogid"), "nogroup");
	done(r);

	/* mkdir in a directory others may search but not write: the
	 * sentence names write, the one bit missing of the two asked */
	r = expect("guest/dac-parent", EACCES, "mkdir", "dac",
		   "mkdir /tmp/fx/ro/: denied by directory permissions: mode 0755 root:root; "
		   "uid 65534 is \"other\" and has no write permission");
	same_object(r, "/tmp/fx/ro/");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "perm"), "3");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "granted"), "5");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "dir,755");
	ASSERT_STR(auxerr_record_field(r, "PATH", "nametype"), "PARENT");
	done(r);
}

static void test_acl(void)
{
	struct auxerr_record *r;

	r = expect("guest/dac-acl_user", EACCES, "openat", "dac",
		   "openat /tmp/fx/acl_user: denied by the file's ACL: mode 0644 root:root; "
		   "uid 65534 has the ACL entry user:nobody, which grants no read permission");
	same_object(r, "/tmp/fx/acl_user");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "acl_id"), "65534");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "acl_tag"), "user");
	done(r);

	/* u:nobody:r with mask w: the mask takes read away */
	r = expect("guest/dac-acl_mask", EACCES, "openat", "dac",
		   "openat /tmp/fx/acl_mask: denied by the file's ACL: mode 0624 root:root; "
		   "uid 65534 matches the ACL entry user:nobody, which would grant read "
		   "permission, but the ACL mask removes it");
	same_object(r, "/tmp/fx/acl_mask");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "class"), "acl_mask");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "acl_id"), "65534");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "file,624");
	done(r);

	r = expect("guest/dac-acl_group", EACCES, "openat", "dac",
		   "openat /tmp/fx/acl_group: denied by the file's ACL: mode 0640 root:root; "
		   "uid 65534 matches the ACL entry group:nogroup, which grants no read permission");
	same_object(r, "/tmp/fx/acl_group");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "acl_tag"), "group");
	done(r);
}

static void test_path(void)
{
	struct auxerr_record *r = expect("guest/path", EACCES, "openat", "path",
		"openat /tmp/fx/closed/inner: denied by the permissions of directory "
		"/tmp/fx/closed: mode 0700 root:root; uid 65534 is \"other\" and has no "
		"search permission");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "component"), "\"/tmp/fx/closed\"");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "component"), "/tmp/fx/closed");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "perm"), "exec");
	ASSERT_STR(auxerr_record_field(r, "PATH", "nametype"), "UNKNOWN");
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "PATH", "inode"));
	done(r);
}

static void test_cap(void)
{
	struct auxerr_record *r;

	r = expect("guest/cap", EPERM, "chown", "cap",
		   "chown /tmp/fx/mine: denied for lack of a capability: uid 65534 does not "
		   "have CAP_CHOWN in the initial user namespace");
	if (r) {
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "capability"), "chown");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "userns_level"), "0");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "userns_owner"), "0");
		ASSERT_STR(auxerr_record_field(r, "PATH", "nametype"), "UNKNOWN");
		CU_ASSERT_FALSE(auxerr_record_is_weak(r));
	}
	done(r);
	r = expect("guest/cap-chmod", EPERM, "chmod", "cap",
		   "chmod /tmp/fx/secret: denied for lack of a capability: uid 65534 does not "
		   "have CAP_FOWNER in the initial user namespace");
	done(r);
	/* a NOAUDIT probe: weak */
	r = expect("guest/cap-probe", EPERM, "landlock_restrict_self", "cap",
		   "landlock_restrict_self: denied for lack of a capability: uid 65534 does "
		   "not have CAP_SYS_ADMIN in the initial user namespace (only a probe: "
		   "this check may not be what failed the call)");
	if (r) {
		CU_ASSERT_TRUE(auxerr_record_is_weak(r));
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "probe"), "yes");
		CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 0);
	}
	done(r);
}

static void test_lsm(void)
{
	struct auxerr_record *r;

	r = expect("guest/lsm-landlock", EACCES, "openat", "lsm",
		   "openat /tmp/fx/other/f: denied by Landlock: the sandbox does not allow "
		   "fs.read_file (layer 1 of 1)");
	same_object(r, "/tmp/fx/other/f");
	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "lsm"), "landlock");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "lsm_hook"), "file_open");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "layers"), "1");
	}
	done(r);
	r = expect("guest/lsm-landlock-2", EACCES, "openat", "lsm",
		   "openat /tmp/fx/other/f: denied by Landlock: the sandbox does not allow "
		   "fs.write_file (layer 2 of 2)");
	done(r);
	r = expect("guest/lsm-yama", EPERM, "ptrace", "lsm",
		   "ptrace: denied by Yama (kernel.yama.ptrace_scope = 1): process 1736 is "
		   "not a descendant of the caller and has not declared it as its tracer");
	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "ptrace_scope"), "1");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "opid"), "1736");
		CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 0);
	}
	done(r);
}

static void test_seccomp(void)
{
	struct auxerr_record *r;

	r = expect("guest/seccomp-errno", EOPNOTSUPP, "mkdir", "seccomp",
		   "mkdir /tmp/fx/x: denied by seccomp filter 1 of 2: it makes mkdir "
		   "fail with EOPNOTSUPP");
	if (r)
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "filters"), "2");
	done(r);
	r = expect("guest/seccomp", EPERM, "unlink", "seccomp",
		   "unlink /tmp/fx/secret: denied by seccomp filter 2 of 2: it makes unlink "
		   "fail with EPERM");
	if (r) {
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "nr"), "unlink");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "code"), "0x50001");
	}
	done(r);
}

static void test_mount(void)
{
	struct auxerr_record *r;

	r = expect("guest/mount-ro", EROFS, "openat", "mount",
		   "openat /tmp/fx/robind/f: denied by a mount option: /tmp/fx/robind is "
		   "mounted read-only");
	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "flag"), "ro");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "sb"), "\"tmpfs\"");
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "sb"), "tmpfs");
	}
	done(r);
	r = expect("guest/mount-ro_sb", EROFS, "mkdir", "mount",
		   "mkdir /tmp/fx/rosb/d: denied by a read-only file system: the tmpfs file "
		   "system mounted on /tmp/fx/rosb is read-only");
	done(r);
	r = expect("guest/mount-noexec", EACCES, "execve", "mount",
		   "execve /tmp/fx/noexec/true: denied by a mount option: /tmp/fx/noexec is "
		   "mounted noexec (no programs run from it)");
	same_object(r, "/tmp/fx/noexec/true");
	done(r);
	/* mmap takes no name: the descriptor's file names it (0049) */
	r = expect("guest/mount-noexec-mmap", EPERM, "mmap", "mount",
		   "mmap /tmp/fx/noexec/true: denied by a mount option: /tmp/fx/noexec "
		   "is mounted noexec (no programs run from it)");
	same_object(r, "/tmp/fx/noexec/true");
	if (r)
		ASSERT_STR(auxerr_record_field(r, "PATH", "name"),
			   "\"/tmp/fx/noexec/true\"");
	done(r);
	r = expect("guest/mount-nodev", EACCES, "openat", "mount",
		   "openat /tmp/fx/nodev/null: denied by a mount option: /tmp/fx/nodev is "
		   "mounted nodev (device files do not work on it)");
	same_object(r, "/tmp/fx/nodev/null");
	if (r)
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "character,666");
	done(r);
}

static void test_inode(void)
{
	struct auxerr_record *r;

	r = expect("guest/inode-immutable", EPERM, "openat", "inode",
		   "openat /tmp/fx/ext4/immutable: denied by an inode flag: the file is "
		   "immutable (chattr +i)");
	same_object(r, "/tmp/fx/ext4/immutable");
	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "fstype"), "ext4");
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "sb"), "loop0");
	}
	done(r);
	r = expect("guest/inode-append", EPERM, "openat", "inode",
		   "openat /tmp/fx/ext4/append: denied by an inode flag: the file is "
		   "append-only (chattr +a)");
	same_object(r, "/tmp/fx/ext4/append");
	done(r);
}

static void test_sticky(void)
{
	char want[512], file_owner[64];

	/* a file of bin (2) in a sticky directory of daemon (1) */
	snprintf(file_owner, sizeof(file_owner), "%s", user_name(2));
	snprintf(want, sizeof(want),
		 "unlink /tmp/fx/sticky/theirs: denied by the sticky bit of the "
		 "directory: uid 65534 owns neither the file (owner %s) nor the "
		 "directory (owner %s)", file_owner, user_name(1));
	struct auxerr_record *r = expect("guest/sticky", EPERM, "unlink", "sticky", want);
	same_object(r, "/tmp/fx/sticky/theirs");
	if (r)
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "dir_inode"), "23");
	done(r);
}

static void test_ptrace(void)
{
	struct auxerr_record *r;

	r = expect("guest/ptrace", EPERM, "ptrace", "ptrace",
		   "ptrace: denied by the ptrace access rules: process 3162 belongs to "
		   "another user (root): its real, effective and saved user and group "
		   "ids must all be the caller's, and uid 65534 lacks CAP_SYS_PTRACE");
	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "reason"), "creds");
		/* the target's ids, which the caller's /proc shows (0047) */
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "ouid"), "0");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "oruid"), "0");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "osgid"), "0");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "capability"), "19");
		ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "a0"), "PTRACE_ATTACH");
	}
	done(r);
	r = expect("guest/ptrace-not_dumpable", EPERM, "ptrace", "ptrace",
		   "ptrace: denied by the ptrace access rules: process 3233 is not dumpable, "
		   "and uid 65534 lacks CAP_SYS_PTRACE");
	done(r);
}

void add_guest_suite(void)
{
	CU_pSuite s = CU_add_suite("texts from the guest kernel", NULL, NULL);
	CU_add_test(s, "dac: other, owner, group, parent", test_dac);
	CU_add_test(s, "dac: ACL user, mask, group", test_acl);
	CU_add_test(s, "path", test_path);
	CU_add_test(s, "cap: chown, chmod, a probe", test_cap);
	CU_add_test(s, "lsm: Landlock, two layers, Yama", test_lsm);
	CU_add_test(s, "seccomp: EOPNOTSUPP, EPERM", test_seccomp);
	CU_add_test(s, "mount: ro, ro_sb, noexec exec and mmap, nodev", test_mount);
	CU_add_test(s, "inode: immutable, append-only", test_inode);
	CU_add_test(s, "sticky", test_sticky);
	CU_add_test(s, "ptrace: creds, not dumpable", test_ptrace);
}
