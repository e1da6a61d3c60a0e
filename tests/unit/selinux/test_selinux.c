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

#include "auxerr.h"
#include "selinux-account.h"
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

/* An event as the kernel keeps it for an SELinux denial: the AVC record
 * SELinux writes, after the AUXERR record */
static struct auxerr_record *avc_event(const char *perms, const char *scon,
				       const char *tcon, const char *tclass,
				       int permissive)
{
	static char text[4096];
	int n;

	n = snprintf(text, sizeof(text),
		"type=SYSCALL msg=audit(1764745710.908:4): arch=c000003e syscall=257 success=no exit=-13 a0=ffffff9c a1=7ffece5b2f1b a2=0 a3=0 items=1 ppid=45 pid=67 auid=4294967295 uid=65534 gid=65534 euid=65534 suid=65534 fsuid=65534 egid=65534 sgid=65534 fsgid=65534 tty=(none) ses=4294967295 comm=\"cat\" exe=\"/usr/bin/cat\" subj=%s key=(null)\n"
		"type=UNKNOWN[1340] msg=audit(1764745710.908:4): mechanism=lsm lsm=selinux lsm_hook=file_open\n"
		"type=AVC msg=audit(1764745710.908:4): avc:  denied  { %s } for  pid=67 comm=\"cat\" name=\"x\" dev=\"tmpfs\" ino=4 scontext=%s tcontext=%s tclass=%s permissive=%d\n"
		"type=CWD msg=audit(1764745710.908:4): cwd=\"/tmp\"\n"
		"type=PATH msg=audit(1764745710.908:4): item=0 name=\"/tmp/x\" inode=4 dev=00:13 mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n",
		scon, perms, scon, tcon, tclass, permissive);
	CU_ASSERT_FATAL(n > 0 && (size_t)n < sizeof(text));
	return auxerr_record_parse(text, n);
}

static void account_of(struct auxerr_selinux_account *a, const char *perms,
		       const char *scon, const char *tcon, const char *tclass,
		       int permissive)
{
	struct auxerr_record *r = avc_event(perms, scon, tcon, tclass, permissive);

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_EQUAL_FATAL(auxerr__selinux_account(r, a), 0);
	auxerr_record_free(r);
}

#define STR(a, e) do { \
	const char *a_ = (a), *e_ = (e); \
	if (!a_ || strcmp(a_, e_)) \
		fprintf(stderr, "\n  line %d: got  [%s]\n           want [%s]\n", \
			__LINE__, a_ ? a_ : "(null)", e_); \
	CU_ASSERT_STRING_EQUAL(a_ ? a_ : "", e_); \
} while (0)

static void test_account_te_rule(void)
{
	struct auxerr_selinux_account a;

	account_of(&a, "read", HTTPD, "system_u:object_r:shadow_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain httpd_t read an object of class file labeled shadow_t: it has no allow rule for it");
	CU_ASSERT_EQUAL(a.kind, AUXERR_SELINUX_REMEDY_MODULE);
	STR(a.command, "printf '(allow httpd_t shadow_t (file (read open)))\\n' > auxerr_httpd_t_shadow_t_file_read_open.cil && semodule -i auxerr_httpd_t_shadow_t_file_read_open.cil");
	STR(a.remedy, "root can add a local SELinux policy module with the one rule (allow httpd_t shadow_t (file (read open))), which gives every permission openat needs: printf '(allow httpd_t shadow_t (file (read open)))\\n' > auxerr_httpd_t_shadow_t_file_read_open.cil && semodule -i auxerr_httpd_t_shadow_t_file_read_open.cil");
	STR(a.weakens, "every process in the domain httpd_t may then read and open every file labeled shadow_t");
	auxerr__selinux_account_free(&a);

	/* two permissions: the rule names both */
	account_of(&a, "write append", "user_u:user_r:user_t:s0", "system_u:object_r:etc_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain user_t write and append an object of class file labeled etc_t: it has no allow rule for it");
	STR(a.command, "printf '(allow user_t etc_t (file (write append)))\\n' > auxerr_user_t_etc_t_file_write_append.cil && semodule -i auxerr_user_t_etc_t_file_write_append.cil");
	STR(a.weakens, "every process in the domain user_t may then write and append every file labeled etc_t");
	auxerr__selinux_account_free(&a);

	account_of(&a, "read write lock", HTTPD, "system_u:object_r:shadow_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain httpd_t read, write and lock an object of class file labeled shadow_t: it has no allow rule for it");
	auxerr__selinux_account_free(&a);
}

/* A capability the process holds that the domain may not use: the class
 * capability's object is the domain itself, the rule's target self */
static void test_account_capability(void)
{
	struct auxerr_selinux_account a;

	account_of(&a, "sys_module", HTTPD, HTTPD, "capability", 0);
	STR(a.sentence, "SELinux's policy does not let the domain httpd_t use the capability CAP_SYS_MODULE (class capability), which the process holds: it has no allow rule for it");
	CU_ASSERT_EQUAL(a.kind, AUXERR_SELINUX_REMEDY_MODULE);
	STR(a.command, "printf '(allow httpd_t self (capability (sys_module)))\\n' > auxerr_httpd_t_self_capability_sys_module.cil && semodule -i auxerr_httpd_t_self_capability_sys_module.cil");
	STR(a.weakens, "every process in the domain httpd_t may then use the capability CAP_SYS_MODULE where it holds it");
	auxerr__selinux_account_free(&a);
}

static void test_account_boolean(void)
{
	struct auxerr_selinux_account a;

	account_of(&a, "read", HTTPD, "unconfined_u:object_r:user_home_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain httpd_t read an object of class file labeled user_home_t: it allows it only with the boolean httpd_read_user_content on");
	CU_ASSERT_EQUAL(a.kind, AUXERR_SELINUX_REMEDY_BOOLEAN);
	STR(a.command, "setsebool -P httpd_read_user_content 1");
	STR(a.remedy, "root can set the SELinux boolean httpd_read_user_content to on: setsebool -P httpd_read_user_content 1");
	STR(a.weakens, "the boolean httpd_read_user_content turns on every rule it guards, not only this one");
	auxerr__selinux_account_free(&a);

	account_of(&a, "read", "system_u:system_r:ftpd_t:s0", "unconfined_u:object_r:user_home_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain ftpd_t read an object of class file labeled user_home_t: it allows it only with one of the booleans allow_ftpd_full_access, ftp_home_dir changed");
	STR(a.remedy, "root can set one of the SELinux booleans allow_ftpd_full_access, ftp_home_dir; the first: setsebool -P allow_ftpd_full_access 1");
	auxerr__selinux_account_free(&a);
}

static void test_account_others(void)
{
	struct auxerr_selinux_account a;
	struct auxerr_record *r;

	account_of(&a, "read", "user_u:user_r:user_t:s0", "staff_u:object_r:user_home_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain user_t read an object of class file labeled user_home_t: a constraint forbids it: the SELinux user user_u of the process and staff_u of the object differ (constrain file { ioctl read write create getattr setattr lock relabelfrom relabelto append map unlink link rename execute quotaon mounton audit_access open execmod watch watch_mount watch_sb watch_with_perm watch_reads execute_no_trans entrypoint } ((u1 == u2) or (u1 == system_u) or (u1 == unconfined_u) or (u1 == sysadm_u) or (u2 == system_u) or (t1 != ubac_constrained_type) or (t2 != ubac_constrained_type) or (t1 == ubacfile)))");
	CU_ASSERT_EQUAL(a.kind, AUXERR_SELINUX_REMEDY_LABEL);
	CU_ASSERT_PTR_NULL(a.command);
	auxerr__selinux_account_free(&a);

	account_of(&a, "getattr", "user_u:user_r:user_t:s0", "system_u:object_r:shadow_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain user_t getattr an object of class file labeled shadow_t: it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log");
	CU_ASSERT_EQUAL(a.kind, AUXERR_SELINUX_REMEDY_MODULE);
	auxerr__selinux_account_free(&a);

	/* permissive: logged, not enforced */
	account_of(&a, "read", HTTPD, "system_u:object_r:shadow_t:s0", "file", 1);
	STR(a.sentence, "SELinux (permissive for it) logged that its policy does not let the domain httpd_t read an object of class file labeled shadow_t: it has no allow rule for it");
	auxerr__selinux_account_free(&a);

	/* contexts this policy does not know: the AVC restated, no remedy */
	account_of(&a, "read", "system_u:system_r:auxerr_test_t:s0", "system_u:object_r:auxerr_secret_t:s0", "file", 0);
	STR(a.sentence, "SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_secret_t; the SELinux policy installed here does not know these contexts: it is not the policy that decided, so audit2why's reason cannot be computed here");
	CU_ASSERT_EQUAL(a.kind, AUXERR_SELINUX_REMEDY_NONE);
	CU_ASSERT_PTR_NULL(a.remedy);
	auxerr__selinux_account_free(&a);

	/* no SELinux denial in the event */
	r = auxerr_record_parse("type=SYSCALL msg=audit(1.000:1): arch=c000003e syscall=2 success=no exit=-13 pid=1 uid=0\n"
				"type=UNKNOWN[1340] msg=audit(1.000:1): mechanism=cap capability=1\n", 120);
	if (r) {
		errno = 0;
		CU_ASSERT_EQUAL(auxerr__selinux_account(r, &a), -1);
		CU_ASSERT_EQUAL(errno, ENOENT);
		auxerr_record_free(r);
	}
	errno = 0;
	CU_ASSERT_EQUAL(auxerr__selinux_account(NULL, &a), -1);
	CU_ASSERT_EQUAL(errno, EINVAL);
}

/* The whole event through the public calls: auxerr_explain() and
 * auxerr_record_remedy() carry audit2why's answer (lsm_audited= as the
 * kernel writes it, docs/record-format.md) */
static struct auxerr_record *kept_event(const char *audited, const char *perms,
					const char *scon, const char *tcon)
{
	static char text[4096];
	int n;

	n = snprintf(text, sizeof(text),
		"type=SYSCALL msg=audit(1764745710.908:4): arch=c000003e syscall=257 success=no exit=-13 a0=ffffff9c a1=7ffece5b2f1b a2=0 a3=0 items=1 ppid=45 pid=67 auid=4294967295 uid=65534 gid=65534 euid=65534 suid=65534 fsuid=65534 egid=65534 sgid=65534 fsgid=65534 tty=(none) ses=4294967295 comm=\"cat\" exe=\"/usr/bin/cat\" subj=%s key=(null)\n"
		"type=UNKNOWN[1340] msg=audit(1764745710.908:4): mechanism=lsm lsm=selinux lsm_hook=file_open lsm_audited=%s\n"
		"type=AVC msg=audit(1764745710.908:4): avc:  denied  { %s } for  pid=67 comm=\"cat\" name=\"x\" dev=\"tmpfs\" ino=4 scontext=%s tcontext=%s tclass=file permissive=0\n"
		"type=CWD msg=audit(1764745710.908:4): cwd=\"/tmp\"\n"
		"type=PATH msg=audit(1764745710.908:4): item=0 name=\"/tmp/x\" inode=4 dev=00:13 mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n",
		scon, audited, perms, scon, tcon);
	CU_ASSERT_FATAL(n > 0 && (size_t)n < sizeof(text));
	return auxerr_record_parse(text, n);
}

static void check_public(struct auxerr_record *r, const char *sentence,
			 const char *text, const char *command,
			 const char *weakens)
{
	struct auxerr_remedy *m;

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	STR(auxerr_explain(r), sentence);
	m = auxerr_record_remedy(r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(auxerr_remedy_kind(m), AUXERR_REMEDY_POLICY);
	STR(auxerr_remedy_text(m), text);
	if (command)
		STR(auxerr_remedy_command(m), command);
	else
		CU_ASSERT_PTR_NULL(auxerr_remedy_command(m));
	STR(auxerr_remedy_who(m), "root");
	CU_ASSERT_EQUAL(auxerr_remedy_uid(m), 0);
	if (weakens)
		STR(auxerr_remedy_weakens(m), weakens);
	else
		CU_ASSERT_PTR_NULL(auxerr_remedy_weakens(m));
	auxerr_remedy_free(m);
	auxerr_record_free(r);
}

static void test_public(void)
{
	check_public(kept_event("1", "read", HTTPD, "system_u:object_r:shadow_t:s0"),
		"openat /tmp/x: SELinux's policy does not let the domain httpd_t read an object of class file labeled shadow_t: it has no allow rule for it",
		"Root can add a local SELinux policy module with the one rule (allow httpd_t shadow_t (file (read open))), which gives every permission openat needs: printf '(allow httpd_t shadow_t (file (read open)))\\n' > auxerr_httpd_t_shadow_t_file_read_open.cil && semodule -i auxerr_httpd_t_shadow_t_file_read_open.cil",
		"printf '(allow httpd_t shadow_t (file (read open)))\\n' > auxerr_httpd_t_shadow_t_file_read_open.cil && semodule -i auxerr_httpd_t_shadow_t_file_read_open.cil",
		"every process in the domain httpd_t may then read and open every file labeled shadow_t");
	check_public(kept_event("1", "read", HTTPD, "unconfined_u:object_r:user_home_t:s0"),
		"openat /tmp/x: SELinux's policy does not let the domain httpd_t read an object of class file labeled user_home_t: it allows it only with the boolean httpd_read_user_content on",
		"Root can set the SELinux boolean httpd_read_user_content to on: setsebool -P httpd_read_user_content 1",
		"setsebool -P httpd_read_user_content 1",
		"the boolean httpd_read_user_content turns on every rule it guards, not only this one");
	/* dontaudit: the analysis says so; lsm_audited=0 adds nothing more */
	check_public(kept_event("0", "getattr", "user_u:user_r:user_t:s0", "system_u:object_r:shadow_t:s0"),
		"openat /tmp/x: SELinux's policy does not let the domain user_t getattr an object of class file labeled shadow_t: it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log",
		"Root can add a local SELinux policy module with the one rule (allow user_t shadow_t (file (getattr read open))), which gives every permission openat needs: printf '(allow user_t shadow_t (file (getattr read open)))\\n' > auxerr_user_t_shadow_t_file_getattr_read_open.cil && semodule -i auxerr_user_t_shadow_t_file_getattr_read_open.cil",
		"printf '(allow user_t shadow_t (file (getattr read open)))\\n' > auxerr_user_t_shadow_t_file_getattr_read_open.cil && semodule -i auxerr_user_t_shadow_t_file_getattr_read_open.cil",
		"every process in the domain user_t may then getattr, read and open every file labeled shadow_t");
	/* a constraint: the labels, no command, nothing loosened */
	check_public(kept_event("1", "read", "user_u:user_r:user_t:s0", "staff_u:object_r:user_home_t:s0"),
		"openat /tmp/x: SELinux's policy does not let the domain user_t read an object of class file labeled user_home_t: a constraint forbids it: the SELinux user user_u of the process and staff_u of the object differ (constrain file { ioctl read write create getattr setattr lock relabelfrom relabelto append map unlink link rename execute quotaon mounton audit_access open execmod watch watch_mount watch_sb watch_with_perm watch_reads execute_no_trans entrypoint } ((u1 == u2) or (u1 == system_u) or (u1 == unconfined_u) or (u1 == sysadm_u) or (u2 == system_u) or (t1 != ubac_constrained_type) or (t2 != ubac_constrained_type) or (t1 == ubacfile)))",
		"A constraint is part of the policy's design, not a missing rule: give the process or the object the SELinux user, role or type the constraint asks for (root)",
		NULL, NULL);
	/* the object's label hidden (lsm_detail 1): the domain analysed only */
	check_public(kept_event("1", "read", HTTPD, "?"),
		"openat /tmp/x: SELinux's policy does not let the domain httpd_t read this object of class file, whose label is hidden from the caller (so neither the rule nor a boolean that would allow it can be named here)",
		"Root can see the object's label (ls -Z on the object) and then allow the domain httpd_t to read objects of class file with that label in a local SELinux policy module, or give the object a label the domain may use",
		NULL, "the policy then allows the same to every process in the domain");
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
	s = CU_add_suite("selinux: the sentence and the remedy of an AVC", NULL, NULL);
	CU_add_test(s, "no allow rule: a one-rule module", test_account_te_rule);
	CU_add_test(s, "a held capability the domain may not use", test_account_capability);
	CU_add_test(s, "a boolean: setsebool", test_account_boolean);
	CU_add_test(s, "constraint, dontaudit, permissive, unknown, none", test_account_others);
	CU_add_test(s, "auxerr_explain() and auxerr_record_remedy() of an event", test_public);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
