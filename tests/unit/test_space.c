/* Issue 37: ENOSPC against EDQUOT (mechanism=space): a tmpfs's blocks,
 * its inodes, an fallocate() beyond its size, and disk quotas of a user,
 * a group and a project, with and without the usage the caller may read:
 * event texts written by hand from the kernel's Documentation
 * (userspace-api/auxerr.rst, "space"), every sentence and remedy written
 * out literally.  dev=ff:ff names no filesystem mounted here, so the
 * sentences say "the tmpfs" and the remedies have no command; the mount
 * point and the remount command are the guest test's (t-space.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_event.h"

#define CWD_SPACE "type=CWD " STAMP "cwd=\"/tmp\"\n"
#define PATH_DATA "type=PATH " STAMP "item=0 name=\"/tmp/fs/data\" " \
	"inode=12 dev=ff:ff mode=0100644 ouid=65534 ogid=65534 rdev=00:00 " \
	"nametype=NORMAL\n"

static struct auxerr_record *sp(int nr, int exit_, const char *args,
				const char *aux, const char *path)
{
	char more[512];
	struct auxerr_record *r;

	snprintf(more, sizeof(more), "%s%s", CWD_SPACE, path ? path : "");
	r = hand_event(nr, exit_, args, path ? 1 : 0, 65534, "t", "/usr/bin/t",
		       aux, more);
	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), -exit_);
		ASSERT_STR(auxerr_record_mechanism(r), "space");
	}
	return r;
}

static void test_tmpfs_blocks(void)
{
	struct auxerr_record *r = sp(1, -28, "a0=3 a1=7f00 a2=1000 a3=0",
		"mechanism=space check=tmpfs_blocks value=16384 limit=16384 "
		"fstype=\"tmpfs\" inode=12 dev=ff:ff mode=0100644 ouid=65534",
		PATH_DATA);

	expect_field(r, "check", "tmpfs_blocks", NULL);
	expect_absent(r, "arg");
	expect_field(r, "value", "16384", NULL);
	expect_field(r, "limit", "16384", NULL);
	expect_sentence(r, "write /tmp/fs/data: ENOSPC because the tmpfs has no "
			"free block: 16 KiB of its size=16 KiB are in use (its "
			"inodes are not the limit)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Remove files from the tmpfs, or root can raise its size= "
		     "on the mounted filesystem, to 32 KiB (a tmpfs takes its "
		     "pages from RAM and swap, only as files fill them)",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_tmpfs_inodes(void)
{
	struct auxerr_record *r = sp(83, -28, "a0=7f00 a1=1ed a2=0 a3=0",
		"mechanism=space check=tmpfs_inodes value=4 limit=4 "
		"fstype=\"tmpfs\" inode=1 dev=ff:ff mode=041777 ouid=0", NULL);

	expect_sentence(r, "mkdir: ENOSPC because the tmpfs has no free inode: "
			"all 4 of its nr_inodes=4 are in use, as df -i shows "
			"(its blocks are not the limit)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Remove files from the tmpfs, or root can raise its "
		     "nr_inodes= on the mounted filesystem, to twice the limit",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_tmpfs_size(void)
{
	struct auxerr_record *r = sp(285, -28, "a0=3 a1=0 a2=0 a3=100000",
		"mechanism=space check=tmpfs_size value=1048576 limit=65536 "
		"fstype=\"tmpfs\" inode=12 dev=ff:ff mode=0100644 ouid=65534",
		PATH_DATA);

	expect_sentence(r, "fallocate /tmp/fs/data: ENOSPC because the call "
			"asked for 1 MiB, more than the whole size=64 KiB of the "
			"tmpfs");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Remove files from the tmpfs, or root can raise its size= "
		     "on the mounted filesystem, to 1 MiB (a tmpfs takes its "
		     "pages from RAM and swap, only as files fill them)",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_quota_user_blocks(void)
{
	struct auxerr_record *r = sp(1, -122, "a0=3 a1=7f00 a2=1000 a3=0",
		"mechanism=space check=user_quota_blocks_hard qid=65534 "
		"value=20480 limit=16384 fstype=\"ext4\"", NULL);

	expect_field(r, "qid", "65534", NULL);
	expect_sentence(r, "write: EDQUOT because user 65534's quota on space "
			"on this ext4 is exhausted: the call would have brought "
			"its usage to 20 KiB, beyond its hard limit 16 KiB");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Remove files of user 65534 from the filesystem (quota -s "
		     "shows the usage), or root can raise the user's quota "
		     "(setquota -u 65534 ..., edquota)", NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_quota_group_inodes_soft(void)
{
	struct auxerr_record *r = sp(257, -122, "a0=ffffff9c a1=7f00 a2=41 a3=1a4",
		"mechanism=space check=group_quota_inodes_soft qid=100 "
		"value=11 limit=10 fstype=\"tmpfs\"", NULL);

	expect_sentence(r, "openat: EDQUOT because group 100's quota on files on "
			"this tmpfs is exhausted: the call would have made 11 "
			"files, beyond its soft limit 10, whose grace period is "
			"over");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Remove files of group 100 from the filesystem, or root can "
		     "raise the group's quota (setquota -g 100 ..., edquota -g)",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_quota_hidden(void)
{
	/* another user's quota, or a project's: named, its values left out */
	struct auxerr_record *r = sp(1, -122, "a0=3 a1=7f00 a2=1000 a3=0",
		"mechanism=space check=project_quota_blocks_soft qid=42 "
		"fstype=\"ext4\"", NULL);

	expect_absent(r, "value");
	expect_absent(r, "limit");
	expect_sentence(r, "write: EDQUOT because project 42's quota on space on "
			"this ext4 is past its soft limit and the grace period "
			"(its usage and limit are not shown: the quota is not "
			"this user's or one of its groups')");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Remove files of project 42 from the filesystem, or root "
		     "can raise the project's quota (setquota -P 42 ..., "
		     "xfs_quota for XFS)", NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_space_unknown_check(void)
{
	struct auxerr_record *r = sp(1, -28, "a0=3 a1=7f00 a2=1000 a3=0",
		"mechanism=space check=newer_space value=5 limit=4", NULL);

	expect_sentence(r, "write: ENOSPC because a check of the limits on a "
			"filesystem's space refused it (check newer_space) "
			"(value=5, limit=4)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy to derive: the call must satisfy the check "
		     "newer_space", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

void add_space_suite(void)
{
	CU_pSuite s = CU_add_suite("issue 37: ENOSPC and EDQUOT (space)", NULL, NULL);

	CU_add_test(s, "ENOSPC of a tmpfs's blocks", test_tmpfs_blocks);
	CU_add_test(s, "ENOSPC of a tmpfs's inodes", test_tmpfs_inodes);
	CU_add_test(s, "ENOSPC of fallocate beyond a tmpfs's size", test_tmpfs_size);
	CU_add_test(s, "EDQUOT of a user's quota on space", test_quota_user_blocks);
	CU_add_test(s, "EDQUOT of a group's soft limit on files", test_quota_group_inodes_soft);
	CU_add_test(s, "EDQUOT of a quota the caller may not read", test_quota_hidden);
	CU_add_test(s, "space check this library does not know", test_space_unknown_check);
}
