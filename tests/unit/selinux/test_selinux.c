// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * audit2why's answer, computed by libauxerr (src/selinux.c), on Debian's
 * reference policy (selinux-policy-default, installed by the install step).
 * Each expected verdict is what `audit2why -p POLICY` (policycoreutils)
 * printed for the same AVC on this policy:
 *   httpd_t read shadow_t file      "Missing type enforcement (TE) allow rule"
 *   httpd_t read user_home_t file   "The boolean httpd_read_user_content was set
 *                                    incorrectly ... setsebool -P httpd_read_user_content 1"
 *   ftpd_t read user_home_t file    "One of the following booleans ...
 *                                    allow_ftpd_full_access 1, ftp_home_dir 1"
 *   user_t (user_u) read user_home_t of staff_u
 *                                   "#Constraint rule: constrain file { ... }
 *                                    ((u1 == u2 -Fail-) ...); Constraint DENIED"
 *   user_t getattr shadow_t file    "Unknown - should be dontaudit'd by active policy"
 *   httpd_t search sysctl_t dir     "Unknown - would be allowed by active policy"
 */
#include <CUnit/Basic.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "selinux.h"

static const char *policy = "/etc/selinux/default/policy/policy.33";

#define HTTPD "system_u:system_r:httpd_t:s0"

static void test_te_rule(void)
{
	struct auxerr_selinux_why why;

	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, HTTPD,
		"system_u:object_r:shadow_t:s0", "file", "read", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_TE_RULE);
	CU_ASSERT_EQUAL(why.nbooleans, 0);
	CU_ASSERT_PTR_NULL(why.constraint);
	auxerr__selinux_why_free(&why);

	/* two permissions at once, in the AVC's own braces */
	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, "user_u:user_r:user_t:s0",
		"system_u:object_r:etc_t:s0", "file", "{ write append }", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_TE_RULE);
	auxerr__selinux_why_free(&why);
}

static void test_boolean(void)
{
	struct auxerr_selinux_why why;

	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, HTTPD,
		"unconfined_u:object_r:user_home_t:s0", "file", "read", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_BOOLEAN);
	CU_ASSERT_EQUAL_FATAL(why.nbooleans, 1);
	CU_ASSERT_STRING_EQUAL(why.booleans[0].name, "httpd_read_user_content");
	CU_ASSERT_EQUAL(why.booleans[0].value, 1);
	auxerr__selinux_why_free(&why);

	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, "system_u:system_r:ftpd_t:s0",
		"unconfined_u:object_r:user_home_t:s0", "file", "read", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_BOOLEAN);
	CU_ASSERT_EQUAL_FATAL(why.nbooleans, 2);
	CU_ASSERT_STRING_EQUAL(why.booleans[0].name, "allow_ftpd_full_access");
	CU_ASSERT_EQUAL(why.booleans[0].value, 1);
	CU_ASSERT_STRING_EQUAL(why.booleans[1].name, "ftp_home_dir");
	CU_ASSERT_EQUAL(why.booleans[1].value, 1);
	auxerr__selinux_why_free(&why);

	/* the booleans were all put back: the first answer again */
	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, HTTPD,
		"unconfined_u:object_r:user_home_t:s0", "file", "read", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_BOOLEAN);
	CU_ASSERT_EQUAL(why.nbooleans, 1);
	auxerr__selinux_why_free(&why);
}

static void test_constraint(void)
{
	struct auxerr_selinux_why why;

	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, "user_u:user_r:user_t:s0",
		"staff_u:object_r:user_home_t:s0", "file", "read", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_CONSTRAINT);
	CU_ASSERT_EQUAL(why.nbooleans, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why.constraint);
	CU_ASSERT_PTR_NOT_NULL(strstr(why.constraint, "(u1 == u2 -Fail-)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(why.constraint, "Constraint DENIED"));
	auxerr__selinux_why_free(&why);
}

static void test_dontaudit_allowed(void)
{
	struct auxerr_selinux_why why;

	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, "user_u:user_r:user_t:s0",
		"system_u:object_r:shadow_t:s0", "file", "getattr", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_DONTAUDIT);
	auxerr__selinux_why_free(&why);

	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(policy, HTTPD,
		"system_u:object_r:sysctl_t:s0", "dir", "search", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_ALLOWED);
	auxerr__selinux_why_free(&why);
}

static void test_errors(void)
{
	struct auxerr_selinux_why why;
	char bad[] = "/tmp/auxerr-not-a-policy-XXXXXX";
	int fd;

	errno = 0;
	CU_ASSERT_EQUAL(auxerr__selinux_why(policy, "nobody_u:x:y",
		"system_u:object_r:shadow_t:s0", "file", "read", &why), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	CU_ASSERT_EQUAL(auxerr__selinux_why(policy, HTTPD,
		"system_u:object_r:shadow_t:s0", "no_such_class", "read", &why), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	CU_ASSERT_EQUAL(auxerr__selinux_why(policy, HTTPD,
		"system_u:object_r:shadow_t:s0", "file", "read fly", &why), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	CU_ASSERT_EQUAL(auxerr__selinux_why(policy, HTTPD,
		"system_u:object_r:shadow_t:s0", "file", " { } ", &why), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	CU_ASSERT_EQUAL(auxerr__selinux_why(policy, NULL,
		"system_u:object_r:shadow_t:s0", "file", "read", &why), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	CU_ASSERT_EQUAL(auxerr__selinux_why("/nonexistent/policy.33", HTTPD,
		"system_u:object_r:shadow_t:s0", "file", "read", &why), -1);
	CU_ASSERT_EQUAL(errno, ENOENT);

	/* a file that is not a binary policy */
	fd = mkstemp(bad);
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(write(fd, "not a policy\n", 13), 13);
	close(fd);
	CU_ASSERT_EQUAL(auxerr__selinux_why(bad, HTTPD,
		"system_u:object_r:shadow_t:s0", "file", "read", &why), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
	unlink(bad);

	/* and the real policy still loads after a failed load */
	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_why(NULL, HTTPD,
		"system_u:object_r:shadow_t:s0", "file", "read", &why), 0);
	CU_ASSERT_EQUAL(why.verdict, AUXERR_SELINUX_TE_RULE);
	auxerr__selinux_why_free(&why);
}

int main(void)
{
	CU_pSuite s;
	unsigned failed;

	if (access(policy, R_OK) != 0) {
		fprintf(stderr, "test_selinux: %s missing (selinux-policy-default): %m\n",
			policy);
		return 1;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	s = CU_add_suite("selinux: audit2why's answer", NULL, NULL);
	CU_add_test(s, "no allow rule", test_te_rule);
	CU_add_test(s, "a boolean would allow it", test_boolean);
	CU_add_test(s, "a constraint forbids it", test_constraint);
	CU_add_test(s, "dontaudit, and allowed now", test_dontaudit_allowed);
	CU_add_test(s, "bad contexts, classes, permissions, policies", test_errors);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
