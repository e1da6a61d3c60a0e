/* Issue 19, spec19d: a seccomp filter refused with EACCES to a thread
 * that has not set no_new_privs and lacks CAP_SYS_ADMIN (the cap note
 * with policy=no_new_privs policy_value=0, seccomp_prepare_filter()),
 * through prctl(PR_SET_SECCOMP) and seccomp(2).  no_new_privs is a
 * thread attribute, not a sysctl: neither the sentence nor the remedy
 * may call it one or offer a sysctl.  Event texts written by hand from
 * docs/record-format.md, field by field; every sentence and remedy
 * written out literally (the scaffolding of hand_event.h).  The caller is
 * nobody (uid 65534), whose name is looked up. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_event.h"

/* /tmp/ev/bin/auxerr-everyday seccomp-nnp prctl */
#define PT_PRCTL "type=PROCTITLE " STAMP "proctitle=2F746D702F65762F62696E2F6175786572722D657665727964617900736563636F6D702D6E6E7000707263746C\n"
/* sandboxer --filter /etc/x.bpf */
#define PT_SANDBOXER "type=PROCTITLE " STAMP "proctitle=73616E64626F786572002D2D66696C746572002F6574632F782E627066\n"
#define CWD_EV "type=CWD " STAMP "cwd=\"/tmp/ev\"\n"
#define EV "/tmp/ev/bin/auxerr-everyday"
#define INIT_NS "userns=4026531837 userns_level=0 userns_owner=0"

/* an event: SYSCALL @nr with @args, exit -13, no PATH item, as nobody;
 * AUXERR @aux, then @more (whole lines); EACCES from system call @nr, a
 * cap note */
static struct auxerr_record *ev(int nr, const char *args, const char *comm,
				const char *exe, const char *aux,
				const char *more)
{
	struct auxerr_record *r = hand_event(nr, -13, args, 0, 65534, comm,
					     exe, aux, more);

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
		CU_ASSERT_EQUAL(auxerr_record_syscall(r), nr);
		ASSERT_STR(auxerr_record_mechanism(r), "cap");
	}
	return r;
}

/* the sentence is @want, and it names no sysctl */
static void sentence(struct auxerr_record *r, const char *want)
{
	const char *s;

	if (!r)
		return;
	expect_sentence(r, want);
	s = auxerr_explain(r);
	CU_ASSERT_PTR_NULL(s ? strstr(s, "sysctl") : "");
}

/* "the caller (uid 65534, nobody)" as this host names uid 65534 */
static const char *caller(void)
{
	static char who[128];

	snprintf(who, sizeof(who), "the caller (uid 65534, %s)", user_name(65534));
	return who;
}

#define REMEDY_TEXT "A seccomp filter needs no_new_privs set on the thread " \
	"that installs it, which needs no privilege: the program can call " \
	"prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) before it installs its " \
	"filter, or whoever starts it can run it with no_new_privs set; the " \
	"cost: set-user-ID and set-group-ID programs and file capabilities no " \
	"longer raise privileges across exec for it and its children"

/* the remedy: the caller runs @command (NULL: none); neither root, nor a
 * sysctl, nor anything it weakens */
static void nnp_remedy(struct auxerr_record *r, const char *command)
{
	char text[1024];
	struct auxerr_remedy *m;

	if (!r)
		return;
	snprintf(text, sizeof(text), "%s%s%s", REMEDY_TEXT,
		 command ? ": " : "", command ? command : "");
	check_remedy(r, AUXERR_REMEDY_COMMAND, text, command, caller(), 65534,
		     NULL);
	m = auxerr_record_remedy(r);
	CU_ASSERT_PTR_NOT_NULL(m);
	if (m) {
		CU_ASSERT_PTR_NULL(strstr(auxerr_remedy_text(m), "sysctl"));
		CU_ASSERT_PTR_NULL(strstr(auxerr_remedy_text(m), "root"));
		CU_ASSERT_PTR_NULL(strstr(auxerr_remedy_text(m), "CAP_"));
	}
	auxerr_remedy_free(m);
}

/* prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog): a0=16 (22), a1=2 */
static void test_prctl(void)
{
	struct auxerr_record *r = ev(157, "a0=16 a1=2 a2=7ffd4a10 a3=0",
		"auxerr-everyda", EV,
		"mechanism=cap capability=21 " INIT_NS " policy=no_new_privs policy_value=0",
		CWD_EV PT_PRCTL);

	if (r) {
		ASSERT_STR(auxerr_record_syscall_name(r), "prctl");
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a0"), "16");
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a1"), "2");
		CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 0);
	}
	expect_field(r, "capability", "21", "sys_admin");
	expect_field(r, "userns", "4026531837", NULL);
	expect_field(r, "userns_level", "0", NULL);
	expect_field(r, "userns_owner", "0", NULL);
	expect_field(r, "policy", "no_new_privs", "no_new_privs");
	expect_field(r, "policy_value", "0", NULL);
	sentence(r, "prctl: denied because the thread has not set no_new_privs: "
		 "a seccomp filter may be installed only by a thread that has set "
		 "no_new_privs or has CAP_SYS_ADMIN, and uid 65534 does not have it "
		 "in the initial user namespace");
	nnp_remedy(r, "cd /tmp/ev && setpriv --no-new-privs -- " EV " seccomp-nnp prctl");
	auxerr_record_free(r);
}

/* seccomp(SECCOMP_SET_MODE_FILTER, 0, &prog): a0=1; argv[0] without a
 * slash is the exe= of that name */
static void test_seccomp(void)
{
	struct auxerr_record *r = ev(317, "a0=1 a1=0 a2=7ffd4a10 a3=0",
		"sandboxer", "/usr/local/bin/sandboxer",
		"mechanism=cap capability=21 " INIT_NS " policy=no_new_privs policy_value=0",
		"type=CWD " STAMP "cwd=\"/home/u\"\n" PT_SANDBOXER);

	if (r) {
		ASSERT_STR(auxerr_record_syscall_name(r), "seccomp");
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a0"), "1");
	}
	expect_field(r, "capability", "21", "sys_admin");
	expect_field(r, "policy", "no_new_privs", "no_new_privs");
	expect_field(r, "policy_value", "0", NULL);
	sentence(r, "seccomp: denied because the thread has not set no_new_privs: "
		 "a seccomp filter may be installed only by a thread that has set "
		 "no_new_privs or has CAP_SYS_ADMIN, and uid 65534 does not have it "
		 "in the initial user namespace");
	nnp_remedy(r, "cd /home/u && setpriv --no-new-privs -- "
		   "/usr/local/bin/sandboxer --filter /etc/x.bpf");
	auxerr_record_free(r);
}

/* in a child user namespace the capability is checked there; the remedy
 * is the same (no "only a process holding CAP_SYS_ADMIN in ..."); without
 * a PROCTITLE record there is no command */
static void test_child_userns_no_proctitle(void)
{
	struct auxerr_record *r = ev(317, "a0=1 a1=0 a2=7ffd4a10 a3=0",
		"sandboxer", "/usr/local/bin/sandboxer",
		"mechanism=cap capability=21 userns=4026532200 userns_level=1 userns_owner=1000 policy=no_new_privs policy_value=0",
		"type=CWD " STAMP "cwd=\"/home/u\"\n");

	expect_field(r, "userns", "4026532200", NULL);
	expect_field(r, "userns_level", "1", NULL);
	expect_field(r, "userns_owner", "1000", NULL);
	sentence(r, "seccomp: denied because the thread has not set no_new_privs: "
		 "a seccomp filter may be installed only by a thread that has set "
		 "no_new_privs or has CAP_SYS_ADMIN, and uid 65534 does not have it "
		 "in user namespace 4026532200 (level 1, owned by uid 1000)");
	nnp_remedy(r, NULL);
	auxerr_record_free(r);
}

/* a value the kernel does not write (it notes only 0) is said as it is,
 * still not as a sysctl */
static void test_other_value(void)
{
	struct auxerr_record *r = ev(157, "a0=16 a1=2 a2=7ffd4a10 a3=0",
		"auxerr-everyda", EV,
		"mechanism=cap capability=21 " INIT_NS " policy=no_new_privs policy_value=7",
		CWD_EV PT_PRCTL);

	sentence(r, "prctl: denied with no_new_privs = 7: a seccomp filter may be "
		 "installed only by a thread that has set no_new_privs or has "
		 "CAP_SYS_ADMIN, and uid 65534 does not have it in the initial user "
		 "namespace");
	auxerr_record_free(r);
}

/* the same fields under another policy= keep the sysctl wording: the
 * no_new_privs sentence is chosen by the policy's name alone */
static void test_sysctl_policy_unchanged(void)
{
	struct auxerr_record *r = ev(157, "a0=16 a1=2 a2=7ffd4a10 a3=0",
		"auxerr-everyda", EV,
		"mechanism=cap capability=21 " INIT_NS " policy=kernel.unprivileged_userns_clone policy_value=0",
		CWD_EV PT_PRCTL);

	expect_sentence(r, "prctl: denied by "
			"kernel.unprivileged_userns_clone = 0, which requires "
			"CAP_SYS_ADMIN: uid 65534 does not have it in the initial "
			"user namespace");
	auxerr_record_free(r);
}

/* the fixtures (also the fuzzers' seeds) say what the events above say */
static void test_fixtures(void)
{
	struct auxerr_record *r;

	expect_fixture("issue19d-nnp-prctl", "cap");
	expect_fixture("issue19d-nnp-seccomp", "cap");
	r = parse_fixture("issue19d-nnp-prctl");

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "policy"), "no_new_privs");
	}
	sentence(r, "prctl: denied because the thread has not set no_new_privs: "
		 "a seccomp filter may be installed only by a thread that has set "
		 "no_new_privs or has CAP_SYS_ADMIN, and uid 65534 does not have it "
		 "in the initial user namespace");
	nnp_remedy(r, "cd /tmp/ev && setpriv --no-new-privs -- " EV " seccomp-nnp prctl");
	auxerr_record_free(r);
	r = parse_fixture("issue19d-nnp-seccomp");
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
	sentence(r, "seccomp: denied because the thread has not set no_new_privs: "
		 "a seccomp filter may be installed only by a thread that has set "
		 "no_new_privs or has CAP_SYS_ADMIN, and uid 65534 does not have it "
		 "in user namespace 4026532200 (level 1, owned by uid 1000)");
	nnp_remedy(r, "cd /home/u && setpriv --no-new-privs -- "
		   "/usr/local/bin/sandboxer --filter /etc/x.bpf");
	auxerr_record_free(r);
}

void add_spec19d_suite(void)
{
	CU_pSuite s = CU_add_suite("spec19d: seccomp without no_new_privs", NULL, NULL);

	CU_add_test(s, "prctl(PR_SET_SECCOMP)", test_prctl);
	CU_add_test(s, "seccomp(SECCOMP_SET_MODE_FILTER)", test_seccomp);
	CU_add_test(s, "child user namespace, no PROCTITLE", test_child_userns_no_proctitle);
	CU_add_test(s, "a value the kernel does not write", test_other_value);
	CU_add_test(s, "a sysctl policy keeps its wording", test_sysctl_policy_unchanged);
	CU_add_test(s, "the fixtures (fuzz seeds)", test_fixtures);
}
