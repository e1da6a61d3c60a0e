/* Issue 37: inotify's and fanotify's per-user limits (mechanism=notify):
 * event texts written by hand from the kernel's Documentation
 * (userspace-api/auxerr.rst, "notify"), every sentence and remedy written
 * out literally. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_event.h"

#define CWD_NOTIFY "type=CWD " STAMP "cwd=\"/home/u\"\n"

static struct auxerr_record *nt(int nr, int exit_, const char *args,
				const char *aux)
{
	struct auxerr_record *r = hand_event(nr, exit_, args, 0, 1000, "code",
					     "/usr/bin/code", aux, CWD_NOTIFY);

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), -exit_);
		ASSERT_STR(auxerr_record_mechanism(r), "notify");
	}
	return r;
}

static void test_inotify_watches(void)
{
	struct auxerr_record *r = nt(254, -28, "a0=3 a1=7f00 a2=2 a3=0",
		"mechanism=notify check=inotify_watches value=8192 limit=8192");

	expect_field(r, "check", "inotify_watches", NULL);
	expect_absent(r, "arg");
	expect_sentence(r, "inotify_add_watch: ENOSPC because this user has "
			"8192 inotify watches, the limit "
			"fs.inotify.max_user_watches (8192), counted over all of "
			"its processes (no disk is full)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only root can raise fs.inotify.max_user_watches above "
		     "8192 (sysctl, /etc/sysctl.d); first see which of the "
		     "user's programs hold the inotify watches (ls -l "
		     "/proc/*/fd | grep inotify): one that leaks them fills any "
		     "limit: sysctl -w fs.inotify.max_user_watches=16384",
		     "sysctl -w fs.inotify.max_user_watches=16384", "root", 0,
		     NULL);
	auxerr_record_free(r);
}

static void test_inotify_instances(void)
{
	struct auxerr_record *r = nt(294, -24, "a0=80000 a1=0 a2=0 a3=0",
		"mechanism=notify check=inotify_instances limit=128");

	expect_absent(r, "value");
	expect_sentence(r, "inotify_init1: EMFILE because this user has as many "
			"inotify instances as the limit "
			"fs.inotify.max_user_instances (128) allows, counted over "
			"all of its processes (not RLIMIT_NOFILE)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only root can raise fs.inotify.max_user_instances above "
		     "128 (sysctl, /etc/sysctl.d); first see which of the "
		     "user's programs hold the inotify instances (ls -l "
		     "/proc/*/fd | grep inotify): one that leaks them fills any "
		     "limit: sysctl -w fs.inotify.max_user_instances=256",
		     "sysctl -w fs.inotify.max_user_instances=256", "root", 0,
		     NULL);
	auxerr_record_free(r);
}

static void test_notify_unknown_check(void)
{
	struct auxerr_record *r = nt(254, -28, "a0=3 a1=7f00 a2=2 a3=0",
		"mechanism=notify check=newer_notify value=5 limit=4");

	expect_sentence(r, "inotify_add_watch: ENOSPC because a check of the "
			"limits of inotify and fanotify refused it (check "
			"newer_notify) (value=5, limit=4)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy to derive: the call must satisfy the check "
		     "newer_notify", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

void add_notify_suite(void)
{
	CU_pSuite s = CU_add_suite("issue 37: inotify's limits (notify)", NULL, NULL);

	CU_add_test(s, "ENOSPC of fs.inotify.max_user_watches", test_inotify_watches);
	CU_add_test(s, "EMFILE of fs.inotify.max_user_instances", test_inotify_instances);
	CU_add_test(s, "notify check this library does not know", test_notify_unknown_check);
}
