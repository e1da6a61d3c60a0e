/* Calls that a user namespace of the caller's own would allow, refused in
 * the initial one: unshare(2), clone(2) and clone3(2) of namespaces
 * without CLONE_NEWUSER (CAP_SYS_ADMIN) and chroot(2) (CAP_SYS_CHROOT).
 * The remedy is the caller's own, unshare --user --map-root-user, not a
 * capability on the host; setns(2), or unshare(2) with CLONE_NEWUSER
 * already, keep the capability's remedy.  Event texts written by hand
 * from docs/record-format.md; every sentence and remedy written out
 * literally.  The caller is nobody (uid 65534), whose name is looked up. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_event.h"

#define CWD_EV "type=CWD " STAMP "cwd=\"/tmp/ev\"\n"
#define EV "/tmp/ev/bin/auxerr-everyday"
#define INIT_NS "userns=4026531837 userns_level=0 userns_owner=0"
/* /tmp/ev/bin/auxerr-everyday unshare 0x20000 */
#define PT_UNSHARE "type=PROCTITLE " STAMP "proctitle=2F746D702F65762F62696E2F6175786572722D657665727964617900756E73686172650030783230303030\n"
/* /tmp/ev/bin/auxerr-everyday chroot / */
#define PT_CHROOT "type=PROCTITLE " STAMP "proctitle=2F746D702F65762F62696E2F6175786572722D6576657279646179006368726F6F74002F\n"
/* unshare -m true */
#define PT_UNSHARE_M "type=PROCTITLE " STAMP "proctitle=756E7368617265002D6D0074727565\n"

#define NS_TEXT "The program can create a user namespace together with the " \
	"others (CLONE_NEWUSER in the same call, or run it inside one), where " \
	"it holds CAP_SYS_ADMIN over the namespaces it makes and no privilege " \
	"on the host (where unprivileged user namespaces are enabled: sysctl " \
	"user.max_user_namespaces above 0); there it appears as root and " \
	"other users' files as nobody"
#define CHROOT_TEXT "The program can run in a user namespace of its own, " \
	"where it holds CAP_SYS_CHROOT over its own root directory and no " \
	"privilege on the host (where unprivileged user namespaces are " \
	"enabled: sysctl user.max_user_namespaces above 0); there it appears " \
	"as root and other users' files as nobody"

/* an EPERM of system call @nr with @args as nobody, a cap note of
 * capability @cap in the initial user namespace, then @more */
static struct auxerr_record *ev(int nr, const char *args, const char *cap,
				const char *comm, const char *exe,
				const char *more)
{
	char aux[256];
	struct auxerr_record *r;

	snprintf(aux, sizeof(aux), "mechanism=cap capability=%s " INIT_NS, cap);
	r = hand_event(nr, -1, args, 0, 65534, comm, exe, aux, more);
	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
		ASSERT_STR(auxerr_record_mechanism(r), "cap");
	}
	return r;
}

static const char *caller(void)
{
	static char who[128];

	snprintf(who, sizeof(who), "the caller (uid 65534, %s)", user_name(65534));
	return who;
}

/* the caller's own remedy: @text, then ": @command" */
static void userns_remedy(struct auxerr_record *r, const char *text,
			  const char *command)
{
	char want[2048];

	if (!r)
		return;
	snprintf(want, sizeof(want), "%s%s%s", text, command ? ": " : "",
		 command ? command : "");
	check_remedy(r, AUXERR_REMEDY_COMMAND, want, command, caller(), 65534,
		     NULL);
}

/* unshare(CLONE_NEWNS): 272, a0=20000 */
static void test_unshare_mount(void)
{
	struct auxerr_record *r = ev(272, "a0=20000 a1=0 a2=0 a3=0", "21",
				     "auxerr-everyda", EV, CWD_EV PT_UNSHARE);

	expect_sentence(r, "unshare: denied for lack of a capability: uid 65534 "
			"does not have CAP_SYS_ADMIN in the initial user namespace");
	userns_remedy(r, NS_TEXT, "cd /tmp/ev && unshare --user --map-root-user -- "
		      EV " unshare 0x20000");
	auxerr_record_free(r);
}

/* unshare -m true: the program is unshare(1) itself, in /; argv[0]
 * without a slash is named by exe= */
static void test_unshare_tool(void)
{
	struct auxerr_record *r = ev(272, "a0=20000 a1=0 a2=0 a3=0", "21",
				     "unshare", "/usr/bin/unshare",
				     CWD_ROOT PT_UNSHARE_M);

	userns_remedy(r, NS_TEXT, "cd / && unshare --user --map-root-user -- "
		      "/usr/bin/unshare -m true");
	auxerr_record_free(r);
}

/* clone(CLONE_NEWNET | SIGCHLD): 56, a0=40000011 */
static void test_clone_net(void)
{
	struct auxerr_record *r = ev(56, "a0=40000011 a1=0 a2=0 a3=0", "21",
				     "auxerr-everyda", EV, CWD_EV);

	userns_remedy(r, NS_TEXT, NULL);
	auxerr_record_free(r);
}

/* clone3(): its flags are behind a pointer, the user namespace is still
 * what would allow a namespace-making call refused CAP_SYS_ADMIN */
static void test_clone3(void)
{
	struct auxerr_record *r = ev(435, "a0=7ffd4a10 a1=58 a2=0 a3=0", "21",
				     "auxerr-everyda", EV, CWD_EV);

	userns_remedy(r, NS_TEXT, NULL);
	auxerr_record_free(r);
}

/* chroot("/"): 161, CAP_SYS_CHROOT (18) */
static void test_chroot(void)
{
	struct auxerr_record *r = ev(161, "a0=55d0c0a0 a1=0 a2=0 a3=0", "18",
				     "auxerr-everyda", EV, CWD_EV PT_CHROOT);

	userns_remedy(r, CHROOT_TEXT, "cd /tmp/ev && unshare --user "
		      "--map-root-user -- " EV " chroot /");
	auxerr_record_free(r);
}

/* no user namespace would help: setns(2) into another's namespace,
 * unshare(2) that asked for one already, unshare(2) of no namespace,
 * a capability other than the one the call needs */
static void test_capability_remedy_kept(void)
{
	static const struct { int nr; const char *args, *cap, *capname; } c[] = {
		{ 308, "a0=3 a1=20000 a2=0 a3=0", "21", "CAP_SYS_ADMIN" },
		{ 272, "a0=10020000 a1=0 a2=0 a3=0", "21", "CAP_SYS_ADMIN" },
		{ 272, "a0=200 a1=0 a2=0 a3=0", "21", "CAP_SYS_ADMIN" },
		{ 272, "a0=20000 a1=0 a2=0 a3=0", "24", "CAP_SYS_RESOURCE" },
		{ 161, "a0=55d0c0a0 a1=0 a2=0 a3=0", "21", "CAP_SYS_ADMIN" },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct auxerr_record *r = ev(c[i].nr, c[i].args, c[i].cap,
					     "auxerr-everyda", EV, CWD_EV);
		struct auxerr_remedy *m = r ? auxerr_record_remedy(r) : NULL;
		char want[256];

		if (!r)
			continue;
		CU_ASSERT_PTR_NOT_NULL(m);
		if (m) {
			snprintf(want, sizeof(want),
				 "Root can run %s as uid 65534 with %s alone, rather than as root",
				 EV, c[i].capname);
			CU_ASSERT_EQUAL(auxerr_remedy_kind(m), AUXERR_REMEDY_COMMAND);
			CU_ASSERT_PTR_NOT_NULL(strstr(auxerr_remedy_text(m), want));
			CU_ASSERT_PTR_NULL(strstr(auxerr_remedy_text(m), "user namespace"));
		}
		auxerr_remedy_free(m);
		auxerr_record_free(r);
	}
}

void add_userns_remedy_suite(void)
{
	CU_pSuite s = CU_add_suite("a user namespace of one's own as the remedy", NULL, NULL);

	CU_add_test(s, "unshare(CLONE_NEWNS)", test_unshare_mount);
	CU_add_test(s, "unshare -m true", test_unshare_tool);
	CU_add_test(s, "clone(CLONE_NEWNET)", test_clone_net);
	CU_add_test(s, "clone3()", test_clone3);
	CU_add_test(s, "chroot()", test_chroot);
	CU_add_test(s, "the capability's remedy where it would not help", test_capability_remedy_kept);
}
