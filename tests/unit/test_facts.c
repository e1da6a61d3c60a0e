/* The decode step (libauxerr/src/facts.c): the subject and the object a
 * record's sentence and remedy both read, on the guest's event texts
 * (fixtures/guest/) and changed copies of them.  The expected values are
 * read off the texts by hand. */
#include <stdlib.h>

#include "facts.h"
#include "tests.h"

/* fixtures/@name.txt with each pair of @pairs replaced, decoded into @f;
 * the record, to free after auxerr__facts_free() */
static struct auxerr_record *decoded(struct auxerr_facts *f, const char *name,
				     const char *const *pairs)
{
	static const char *const none[] = { NULL };
	struct auxerr_record *r = changedv(name, pairs ? pairs : none);

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL(auxerr__facts_decode(f, r), 0);
	return r;
}

static void done(struct auxerr_facts *f, struct auxerr_record *r)
{
	auxerr__facts_free(f);
	auxerr_record_free(r);
}

/* mkdir /tmp/fx/ro/new refused by the directory: the PARENT item is the
 * AUXERR inode's (6), audit names it "/tmp/fx/ro/" */
static void test_parent_item(void)
{
	struct auxerr_facts f;
	struct auxerr_record *r = decoded(&f, "guest/dac-parent", NULL);

	CU_ASSERT_EQUAL(f.object.item, 0);
	CU_ASSERT_TRUE(f.object.parent_item);
	ASSERT_STR(f.object.name, "/tmp/fx/ro/");
	ASSERT_STR(f.shown_name, "/tmp/fx/ro/");
	ASSERT_STR(f.object.path, "/tmp/fx/ro");
	ASSERT_STR(f.object.dir, "/tmp/fx");
	CU_ASSERT_TRUE(f.object.is_dir);
	ASSERT_STR(f.object.mode_bits, "0755");
	CU_ASSERT_TRUE(f.object.ouid.ok);
	CU_ASSERT_EQUAL(f.object.ouid.v, 0);
	CU_ASSERT_TRUE(f.subject.fsuid.ok);
	CU_ASSERT_EQUAL(f.subject.fsuid.v, 65534);
	ASSERT_STR(f.subject.fsuid.text, "65534");
	ASSERT_STR(f.syscall, "mkdir");
	ASSERT_STR(f.mechanism, "dac");
	done(&f, r);
}

/* repeated slashes and "." components name nothing; ".." stays (through
 * a symlink it is not the lexical parent) */
static void test_normalized(void)
{
	const char *const dots[] = { "name=\"/tmp/fx/ro/\"",
				     "name=\"//tmp/./fx//ro/.\"", NULL };
	const char *const dotdot[] = { "name=\"/tmp/fx/ro/\"",
				       "name=\"/tmp/fx/../fx/ro/\"", NULL };
	struct auxerr_facts f;
	struct auxerr_record *r = decoded(&f, "guest/dac-parent", dots);

	ASSERT_STR(f.object.path, "/tmp/fx/ro");
	ASSERT_STR(f.object.dir, "/tmp/fx");
	done(&f, r);
	r = decoded(&f, "guest/dac-parent", dotdot);
	ASSERT_STR(f.object.path, "/tmp/fx/../fx/ro");
	done(&f, r);
}

/* a relative name: from the CWD record (cwd="/tmp/fx") for mkdir; for
 * mkdirat from a dirfd other than AT_FDCWD, not known */
static void test_relative(void)
{
	const char *const rel[] = { "name=\"/tmp/fx/ro/\"", "name=\"ro/\"", NULL };
	const char *const dirfd[] = { "syscall=83", "syscall=258",
				      "a0=7fffd39f4efd", "a0=3",
				      "name=\"/tmp/fx/ro/\"", "name=\"ro/\"", NULL };
	const char *const cwdfd[] = { "syscall=83", "syscall=258",
				      "a0=7fffd39f4efd", "a0=ffffff9c",
				      "name=\"/tmp/fx/ro/\"", "name=\"./ro/\"", NULL };
	struct auxerr_facts f;
	struct auxerr_record *r = decoded(&f, "guest/dac-parent", rel);

	ASSERT_STR(f.object.name, "ro/");
	ASSERT_STR(f.object.path, "/tmp/fx/ro");
	done(&f, r);
	r = decoded(&f, "guest/dac-parent", dirfd);
	ASSERT_STR(f.object.name, "ro/");
	CU_ASSERT_PTR_NULL(f.object.path);
	CU_ASSERT_PTR_NULL(f.object.dir);
	done(&f, r);
	r = decoded(&f, "guest/dac-parent", cwdfd);
	ASSERT_STR(f.object.path, "/tmp/fx/ro");
	done(&f, r);
}

/*
 * One object for the sentence and the remedy.  An AUXERR inode no PATH
 * item has: the sentence named the item the call gave, the remedy said
 * "(path unknown)"; both now name /tmp/fx/ro.  class=other perm=3
 * granted=5: write is missing, the entry keeps r and x.
 */
static void test_one_object(void)
{
	const char *const other_inode[] = { "inode=6 dev=00:14 mode=040755 ouid=0 ogid=0 rdev",
					    "inode=66 dev=00:14 mode=040755 ouid=0 ogid=0 rdev",
					    NULL };
	struct auxerr_record *r = changedv("guest/dac-parent", other_inode);
	char cmd[128], want[320];

	ASSERT_STR(auxerr_explain(r), "mkdir /tmp/fx/ro/: denied by directory permissions: "
		   "mode 0755 root:root; uid 65534 is \"other\" and has no write permission");
	snprintf(cmd, sizeof(cmd), "setfacl -m u:%s:rwx /tmp/fx/ro", user_name(65534));
	snprintf(want, sizeof(want), "The directory's owner (uid 0, root) can give uid 65534 "
		 "write permission on the directory /tmp/fx/ro with one ACL entry for "
		 "that user: %s", cmd);
	check_remedy(r, AUXERR_REMEDY_COMMAND, want, cmd,
		     "the directory's owner (uid 0, root)", 0, NULL);
	auxerr_record_free(r);
}

/* path: the sentence opens with the whole name, the object is the
 * directory of the walk that refused (component=) */
static void test_path_object(void)
{
	struct auxerr_facts f;
	struct auxerr_record *r = decoded(&f, "guest/path", NULL);

	ASSERT_STR(f.shown_name, "/tmp/fx/closed/inner");
	ASSERT_STR(f.object.path, "/tmp/fx/closed");
	ASSERT_STR(f.object.dir, "/tmp/fx");
	CU_ASSERT_TRUE(f.object.is_dir);
	done(&f, r);
}

/* the capability by number and by name, in the initial user namespace */
static void test_subject_cap(void)
{
	struct auxerr_facts f;
	struct auxerr_record *r = decoded(&f, "cap", NULL);

	CU_ASSERT_TRUE(f.subject.cap.ok);
	CU_ASSERT_EQUAL(f.subject.cap.v, 0);
	ASSERT_STR(f.subject.cap_name, "chown");
	ASSERT_STR(f.subject.CAP, "CAP_CHOWN");
	CU_ASSERT_FALSE(f.subject.in_child_userns);
	CU_ASSERT_FALSE(f.subject.probe);
	CU_ASSERT_EQUAL(f.subject.euid.v, 1000);
	/* no inode in the AUXERR record: the call's one name */
	ASSERT_STR(f.object.path, "/home/user/f");
	done(&f, r);
}

/* fs.protected_regular: the file and the sticky directory it is in,
 * owners and modes as the AUXERR record gives them */
static void test_protected_dir(void)
{
	struct auxerr_facts f;
	struct auxerr_record *r = decoded(&f, "issue19-protected-regular", NULL);

	ASSERT_STR(f.object.path, "/srv/drop/report");
	ASSERT_STR(f.object.dir, "/srv/drop");
	CU_ASSERT_FALSE(f.object.is_dir);
	ASSERT_STR(f.object.mode_bits, "0644");
	CU_ASSERT_EQUAL(f.object.ouid.v, 1000);
	CU_ASSERT_EQUAL(f.object.ogid.v, 1000);
	CU_ASSERT_TRUE(f.object.dir_ouid.ok);
	CU_ASSERT_EQUAL(f.object.dir_ouid.v, 0);
	ASSERT_STR(f.object.dir_mode_bits, "3775");
	done(&f, r);
}

void add_facts_suite(void)
{
	CU_pSuite s = CU_add_suite("facts: the decode step", NULL, NULL);

	CU_add_test(s, "the PARENT item of a create", test_parent_item);
	CU_add_test(s, "an absolute path, normalized", test_normalized);
	CU_add_test(s, "a relative name, and a dirfd", test_relative);
	CU_add_test(s, "one object for the sentence and the remedy", test_one_object);
	CU_add_test(s, "path: the whole name, the refusing directory", test_path_object);
	CU_add_test(s, "the capability and the ids", test_subject_cap);
	CU_add_test(s, "a file and its sticky directory", test_protected_dir);
}
