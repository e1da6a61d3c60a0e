/* Event texts captured from the guest kernel (fixtures/guest/): parsed
 * field by field and explained, exactly. */
#include <errno.h>
#include <stdlib.h>

#include "tests.h"

static void expect(const char *fixture, int err, const char *syscall,
		   const char *mech, const char *sentence)
{
	struct auxerr_record *r = parse_fixture(fixture);

	if (!r)
		return;
	CU_ASSERT_EQUAL(auxerr_record_errno(r), err);
	ASSERT_STR(auxerr_record_syscall_name(r), syscall);
	ASSERT_STR(auxerr_record_mechanism(r), mech);
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "comm"), "auxerr-try");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "uid"), "nobody");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "success"), "no");
	ASSERT_STR(auxerr_record_interpret(r, "CWD", "cwd"), "/tmp/fx");
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PROCTITLE"), 1);
	CU_ASSERT_EQUAL(auxerr_record_count(r, "EOE"), 0);
	ASSERT_STR(auxerr_explain(r), sentence);
	auxerr_record_free(r);
}

static void test_dac(void)
{
	expect("guest/dac-other", EACCES, "openat", "dac",
	       "openat /tmp/fx/secret: denied by file permissions: mode 0600 root:root; "
	       "uid 65534 is \"other\" and has no read permission");
	expect("guest/dac-owner", EACCES, "openat", "dac",
	       "openat /tmp/fx/mine: denied by file permissions: mode 0444 nobody:nogroup; "
	       "uid 65534 is the owner and the owner has no write permission");
	expect("guest/dac-group", EACCES, "openat", "dac",
	       "openat /tmp/fx/grp: denied by file permissions: mode 0604 root:nogroup; "
	       "uid 65534 is in group nogroup and the group has no read permission");
	/* the kernel's PATH name for a PARENT is the cwd here, not /tmp/fx/ro/
	 * (reported); libauxerr shows what the record says */
	expect("guest/dac-parent", EACCES, "mkdir", "dac",
	       "mkdir /tmp/fx: denied by directory permissions: mode 0755 root:root; "
	       "uid 65534 is \"other\" and has no write and search permission");
}

static void test_acl(void)
{
	expect("guest/dac-acl_user", EACCES, "openat", "dac",
	       "openat /tmp/fx/acl_user: denied by the file's ACL: mode 0644 root:root; "
	       "uid 65534 has the ACL entry user:nobody, which grants no read permission");
	expect("guest/dac-acl_mask", EACCES, "openat", "dac",
	       "openat /tmp/fx/acl_mask: denied by the file's ACL: mode 0644 root:root; "
	       "uid 65534 matches the ACL entry user:nobody, which would grant write "
	       "permission, but the ACL mask removes it");
	expect("guest/dac-acl_group", EACCES, "openat", "dac",
	       "openat /tmp/fx/acl_group: denied by the file's ACL: mode 0644 root:root; "
	       "uid 65534 matches the ACL entry group:nogroup, which grants no read permission");

	struct auxerr_record *r = parse_fixture("guest/dac-acl_mask");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "acl_id"), "65534");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "acl_tag"), "user");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "perm"), "write");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "granted"), "4");
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "mode"), "file,644");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "override"), "dac_override");
	ASSERT_STR(auxerr_record_interpret(r, "SYSCALL", "a2"), "O_WRONLY");
	ASSERT_STR(auxerr_record_interpret(r, "PATH", "name"), "/tmp/fx/acl_mask");
	ASSERT_STR(auxerr_record_field(r, "PATH", "nametype"), "NORMAL");
	CU_ASSERT_STRING_EQUAL(auxerr_record_field(r, "PATH", "inode"),
			       auxerr_record_field(r, "AUXERR", "inode"));
	auxerr_record_free(r);
}

static void test_path(void)
{
	expect("guest/path", EACCES, "openat", "path",
	       "openat /tmp/fx/closed/inner: denied by the permissions of directory "
	       "/tmp/fx/closed: mode 0700 root:root; uid 65534 is \"other\" and has no "
	       "search permission");
	struct auxerr_record *r = parse_fixture("guest/path");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "component"), "\"/tmp/fx/closed\"");
	ASSERT_STR(auxerr_record_field(r, "PATH", "nametype"), "UNKNOWN");
	CU_ASSERT_PTR_NULL(auxerr_record_field(r, "PATH", "inode"));
	auxerr_record_free(r);
}

static void test_cap(void)
{
	expect("guest/cap", EPERM, "chown", "cap",
	       "chown: denied for lack of a capability: uid 65534 does not have "
	       "CAP_CHOWN in the initial user namespace");
	expect("guest/cap-chmod", EPERM, "chmod", "cap",
	       "chmod: denied for lack of a capability: uid 65534 does not have "
	       "CAP_FOWNER in the initial user namespace");
	struct auxerr_record *r = parse_fixture("guest/cap");
	if (!r)
		return;
	ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "capability"), "chown");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "userns_level"), "0");
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "userns_owner"), "0");
	CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 0);
	CU_ASSERT_FALSE(auxerr_record_is_weak(r));
	auxerr_record_free(r);
}

void add_guest_suite(void)
{
	CU_pSuite s = CU_add_suite("texts from the guest kernel", NULL, NULL);
	CU_add_test(s, "dac: other, owner, group, parent", test_dac);
	CU_add_test(s, "dac: ACL user, mask, group", test_acl);
	CU_add_test(s, "path", test_path);
	CU_add_test(s, "cap", test_cap);
}
