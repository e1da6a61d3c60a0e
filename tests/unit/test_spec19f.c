/* Issue 19, spec19f: two refusals that named the wrong thing or nothing.
 * mechanism=ping (19): net.ipv4.ping_group_range refusing an ICMP echo
 * socket (ping_init_sock(), EACCES), no capability; and the cap record
 * with policy=vm.unprivileged_userfaultfd (userfaultfd() asking for
 * kernel faults without CAP_SYS_PTRACE, EPERM), whose sentence and remedy
 * are its own (not the generic "lowering" of a policy).  Event texts
 * written by hand from docs/record-format.md, field by field; every
 * sentence and remedy written out literally (hand_event.h).  The caller
 * is nobody (uid 65534, gid 65534), whose names are looked up
 * (user_name, group_name). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_event.h"

#define CWD_EV "type=CWD " STAMP "cwd=\"/tmp/ev\"\n"
#define EV "/tmp/ev/bin/auxerr-everyday"

/* a denial of system call @nr by nobody, exit @exit_, AUXERR @aux */
static struct auxerr_record *ev(int nr, int exit_, const char *args,
				const char *aux, const char *mech)
{
	struct auxerr_record *r = hand_event(nr, exit_, args, 0, 65534,
					     "auxerr-everyda", EV, aux, CWD_EV);

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), -exit_);
		CU_ASSERT_EQUAL(auxerr_record_syscall(r), nr);
		ASSERT_STR(auxerr_record_mechanism(r), mech);
		CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 0);
	}
	return r;
}

/* nobody's group as the library names it: "gid 65534 (nogroup)" with
 * @paren, else "gid 65534, nogroup"; "gid 65534" if the host has no name */
static const char *grp(int paren, char *buf, size_t len)
{
	const char *n = group_name(65534);

	if (strcmp(n, "65534") == 0)
		snprintf(buf, len, "gid 65534");
	else
		snprintf(buf, len, paren ? "gid 65534 (%s)" : "gid 65534, %s", n);
	return buf;
}

static const char ping_rest[] =
	"if the program falls back to a raw socket as ping does, root can "
	"give it CAP_NET_RAW (setcap cap_net_raw+ep "
	"/tmp/ev/bin/auxerr-everyday), with which it may send and receive "
	"any raw packet, much more than it needs; ";

/* socket(AF_INET, SOCK_DGRAM, IPPROTO_ICMP) with the kernel's default
 * range "1 0": empty, nobody at all */
static void test_ping_empty(void)
{
	struct auxerr_record *r = ev(41, -13, "a0=2 a1=2 a2=1 a3=0",
		"mechanism=ping policy=net.ipv4.ping_group_range group_low=1 group_high=0",
		"ping");
	char gp[64], text[2048], weak[512];

	if (r) {
		ASSERT_STR(auxerr_record_syscall_name(r), "socket");
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a0"), "2");
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a2"), "1");
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "egid"), "65534");
	}
	expect_field(r, "policy", "net.ipv4.ping_group_range", NULL);
	expect_field(r, "group_low", "1", NULL);
	expect_field(r, "group_high", "0", NULL);
	expect_absent(r, "capability");
	expect_absent(r, "userns");
	expect_sentence(r, "socket: denied by net.ipv4.ping_group_range = 1 0: "
			"an ICMP echo (ping) socket is open only to a process "
			"whose group or a supplementary group lies in that "
			"range, and the range is empty");
	grp(1, gp, sizeof(gp));
	snprintf(text, sizeof(text),
		 "The range net.ipv4.ping_group_range = 1 0 is empty: no process "
		 "may open an ICMP echo (ping) socket, whatever its groups or "
		 "capabilities; %sthe least change: root sets the range to the "
		 "caller's group alone, %s, in this network namespace (a "
		 "container sets its own), and persists it with the line "
		 "\"net.ipv4.ping_group_range = 65534 65534\" in a file under "
		 "/etc/sysctl.d/: sysctl -w "
		 "net.ipv4.ping_group_range=\"65534 65534\"", ping_rest, gp);
	snprintf(weak, sizeof(weak),
		 "every process whose group or a supplementary group is %s may "
		 "then open ICMP echo sockets (send pings and receive their "
		 "replies, no raw packets), a low cost: systemd's default range, "
		 "0 2147483647, takes in every group", gp);
	check_remedy(r, AUXERR_REMEDY_POLICY, text,
		     "sysctl -w net.ipv4.ping_group_range=\"65534 65534\"",
		     "root", 0, weak);
	/* never "run as root", never lowering */
	if (r) {
		CU_ASSERT_PTR_NULL(strstr(auxerr_explain(r), "capability"));
		CU_ASSERT_PTR_NULL(strstr(text, "as root"));
	}
	auxerr_record_free(r);
}

/* socket(AF_INET6, SOCK_DGRAM, IPPROTO_ICMPV6) with "100 200": not
 * empty, nobody's group outside it; the range widened up to 65534 */
static void test_ping6_range(void)
{
	struct auxerr_record *r = ev(41, -13, "a0=a a1=2 a2=3a a3=0",
		"mechanism=ping policy=net.ipv4.ping_group_range group_low=100 group_high=200",
		"ping");
	char gp[64], gl[64], want[512], text[2048], weak[512];

	if (r) {
		ASSERT_STR(auxerr_record_syscall_name(r), "socket");
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a0"), "a");
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a2"), "3a");
	}
	expect_field(r, "group_low", "100", NULL);
	expect_field(r, "group_high", "200", NULL);
	expect_absent(r, "capability");
	grp(1, gp, sizeof(gp));
	grp(0, gl, sizeof(gl));
	snprintf(want, sizeof(want),
		 "socket: denied by net.ipv4.ping_group_range = 100 200, which "
		 "governs IPv6 too: an ICMP echo (ping) socket is open only to a "
		 "process whose group or a supplementary group lies in that "
		 "range, and neither %s nor any supplementary group of the "
		 "process does", gp);
	expect_sentence(r, want);
	snprintf(text, sizeof(text),
		 "The range net.ipv4.ping_group_range = 100 200 takes in neither "
		 "the caller's group (%s) nor any of its supplementary groups: "
		 "root can make the user a member of a group whose gid lies in "
		 "100..200 (usermod -a -G GROUP %s), from its next login; %sthe "
		 "least change to the system: root widens the range to 100 65534, "
		 "the least that also takes in %s, in this network namespace (a "
		 "container sets its own), and persists it with the line "
		 "\"net.ipv4.ping_group_range = 100 65534\" in a file under "
		 "/etc/sysctl.d/: sysctl -w "
		 "net.ipv4.ping_group_range=\"100 65534\"", gl,
		 strcmp(user_name(65534), "65534") ? user_name(65534) : "USER",
		 ping_rest, gp);
	snprintf(weak, sizeof(weak),
		 "every process whose group or a supplementary group lies in "
		 "100..65534 may then open ICMP echo sockets (send pings and "
		 "receive their replies, no raw packets), a low cost: systemd's "
		 "default range, 0 2147483647, takes in every group");
	check_remedy(r, AUXERR_REMEDY_POLICY, text,
		     "sysctl -w net.ipv4.ping_group_range=\"100 65534\"",
		     "root", 0, weak);
	auxerr_record_free(r);
}

/* a range above the caller's group: widened downwards (70000 70010 ->
 * 65534 70010), IPv4 sentence without the IPv6 clause */
static void test_ping_range_above(void)
{
	struct auxerr_record *r = ev(41, -13, "a0=2 a1=2 a2=1 a3=0",
		"mechanism=ping policy=net.ipv4.ping_group_range group_low=70000 group_high=70010",
		"ping");
	char gp[64], want[512];
	struct auxerr_remedy *m = r ? auxerr_record_remedy(r) : NULL;

	grp(1, gp, sizeof(gp));
	snprintf(want, sizeof(want),
		 "socket: denied by net.ipv4.ping_group_range = 70000 70010: an "
		 "ICMP echo (ping) socket is open only to a process whose group "
		 "or a supplementary group lies in that range, and neither %s "
		 "nor any supplementary group of the process does", gp);
	expect_sentence(r, want);
	if (r) {
		CU_ASSERT_PTR_NOT_NULL(m);
		CU_ASSERT_EQUAL(auxerr_remedy_kind(m), AUXERR_REMEDY_POLICY);
		ASSERT_STR(auxerr_remedy_command(m),
			   "sysctl -w net.ipv4.ping_group_range=\"65534 70010\"");
		ASSERT_STR(auxerr_remedy_weakens(m),
			   "every process whose group or a supplementary group "
			   "lies in 65534..70010 may then open ICMP echo sockets "
			   "(send pings and receive their replies, no raw "
			   "packets), a low cost: systemd's default range, 0 "
			   "2147483647, takes in every group");
	}
	auxerr_remedy_free(m);
	auxerr_record_free(r);
}

/* facts missing or contradicting: no remedy, "?" only where a fact is
 * missing */
static void test_ping_missing(void)
{
	struct auxerr_record *r = ev(41, -13, "a0=2 a1=2 a2=1 a3=0",
		"mechanism=ping policy=net.ipv4.ping_group_range group_low=1",
		"ping");
	char gp[64], want[512];

	/* the refusal itself proves the caller's groups are out of range */
	snprintf(want, sizeof(want),
		 "socket: denied by net.ipv4.ping_group_range = 1 ?: an ICMP "
		 "echo (ping) socket is open only to a process whose group or a "
		 "supplementary group lies in that range, and neither %s nor "
		 "any supplementary group of the process does",
		 grp(1, gp, sizeof(gp)));
	expect_sentence(r, want);
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The record does not give the range of "
		     "net.ipv4.ping_group_range", NULL, NULL, -1, NULL);
	auxerr_record_free(r);

	/* no policy= (the mechanism says which): the same sysctl named */
	r = ev(41, -13, "a0=2 a1=2 a2=1 a3=0",
	       "mechanism=ping group_low=1 group_high=0", "ping");
	expect_sentence(r, "socket: denied by net.ipv4.ping_group_range = 1 0: "
			"an ICMP echo (ping) socket is open only to a process "
			"whose group or a supplementary group lies in that "
			"range, and the range is empty");
	auxerr_record_free(r);

	/* the caller's group inside the range: the record contradicts
	 * itself (the range changed), nothing to widen */
	r = ev(41, -13, "a0=2 a1=2 a2=1 a3=0",
	       "mechanism=ping policy=net.ipv4.ping_group_range group_low=0 group_high=2147483647",
	       "ping");
	expect_sentence(r, "socket: denied by net.ipv4.ping_group_range = 0 "
			"2147483647: an ICMP echo (ping) socket is open only to "
			"a process whose group or a supplementary group lies in "
			"that range, and no group of the process did");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy: gid 65534 lies in net.ipv4.ping_group_range = "
		     "0 2147483647 as the record gives it, so the process's "
		     "group or the range has changed since", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* userfaultfd(O_CLOEXEC) without CAP_SYS_PTRACE, vm.unprivileged_userfaultfd
 * = 0: EPERM; the sentence and remedy of their own, not "lowering" */
static void test_userfaultfd(void)
{
	struct auxerr_record *r = ev(323, -1, "a0=80000 a1=0 a2=0 a3=0",
		"mechanism=cap capability=19 userns=4026531837 userns_level=0 userns_owner=0 policy=vm.unprivileged_userfaultfd policy_value=0",
		"cap");
	char gp[64], gl[64], text[2048], cmd[256], weak[512];
	const char *gw = group_name(65534);

	if (r) {
		ASSERT_STR(auxerr_record_syscall_name(r), "userfaultfd");
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
		ASSERT_STR(auxerr_record_field(r, "SYSCALL", "a0"), "80000");
	}
	expect_field(r, "capability", "19", "sys_ptrace");
	expect_field(r, "userns", "4026531837", NULL);
	expect_field(r, "userns_level", "0", NULL);
	expect_field(r, "policy", "vm.unprivileged_userfaultfd", NULL);
	expect_field(r, "policy_value", "0", NULL);
	expect_absent(r, "sysctl_write");
	expect_absent(r, "owner_op");
	expect_sentence(r, "userfaultfd: denied by vm.unprivileged_userfaultfd = "
			"0: a userfaultfd that also handles page faults in "
			"kernel mode needs CAP_SYS_PTRACE, and uid 65534 does "
			"not have it in the initial user namespace; one for "
			"faults in user mode only (UFFD_USER_MODE_ONLY) needs "
			"neither the capability nor the sysctl");
	grp(1, gp, sizeof(gp));
	grp(0, gl, sizeof(gl));
	snprintf(cmd, sizeof(cmd), "chgrp %s /dev/userfaultfd && chmod 0660 "
		 "/dev/userfaultfd", gw);
	snprintf(text, sizeof(text),
		 "If the program needs faults in user mode only, it can pass "
		 "UFFD_USER_MODE_ONLY to userfaultfd(), which needs no privilege "
		 "at all; for kernel faults too, /dev/userfaultfd (Linux 6.1 and "
		 "later: open it, then ioctl USERFAULTFD_IOC_NEW) is governed by "
		 "its mode, not by vm.unprivileged_userfaultfd, so root can let "
		 "the caller's group (%s) open it, persistently with the udev "
		 "rule KERNEL==\"userfaultfd\", GROUP=\"%s\", MODE=\"0660\" in a "
		 "file under /etc/udev/rules.d/; only as a last resort root sets "
		 "vm.unprivileged_userfaultfd = 1, and then every user may stall "
		 "the kernel's accesses to its memory, a classic way to widen "
		 "race windows in kernel exploits (CAP_SYS_PTRACE for the "
		 "program would be far more than it needs: it may then trace "
		 "every process); root opens /dev/userfaultfd to the group with "
		 "the command: %s", gl, gw, cmd);
	snprintf(weak, sizeof(weak),
		 "every process whose group or a supplementary group is %s may "
		 "then create userfaultfds that handle kernel faults and stall "
		 "the kernel's accesses to its memory, a classic way to widen "
		 "race windows in kernel exploits", gp);
	check_remedy(r, AUXERR_REMEDY_COMMAND, text, cmd, "root", 0, weak);
	if (r) {
		/* the wrong direction and the generic text are gone */
		CU_ASSERT_PTR_NULL(strstr(auxerr_explain(r), "which requires"));
		CU_ASSERT_PTR_NULL(strstr(text, "lowering"));
		CU_ASSERT_PTR_NULL(strstr(text, "setpriv"));
	}
	auxerr_record_free(r);
}

/* a weak (probe) userfaultfd note is not remedied as the policy */
static void test_userfaultfd_probe(void)
{
	struct auxerr_record *r = ev(323, -1, "a0=80000 a1=0 a2=0 a3=0",
		"mechanism=cap capability=19 userns=4026531837 userns_level=0 userns_owner=0 policy=vm.unprivileged_userfaultfd policy_value=0 probe=yes",
		"cap");

	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy: the record is only a probe of CAP_SYS_PTRACE, "
		     "which may not be what failed userfaultfd", NULL, NULL, -1,
		     NULL);
	auxerr_record_free(r);
}

/* the fixtures (also the fuzzers' seeds) say what the events above say */
static void test_fixtures(void)
{
	struct auxerr_record *r;

	expect_fixture("issue19f-ping-empty", "ping");
	expect_fixture("issue19f-ping6-range", "ping");
	expect_fixture("issue19f-cap-userfaultfd", "cap");
	r = parse_fixture("issue19f-ping-empty");
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
	expect_sentence(r, "socket: denied by net.ipv4.ping_group_range = 1 0: "
			"an ICMP echo (ping) socket is open only to a process "
			"whose group or a supplementary group lies in that "
			"range, and the range is empty");
	auxerr_record_free(r);
	r = parse_fixture("issue19f-cap-userfaultfd");
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
	expect_sentence(r, "userfaultfd: denied by vm.unprivileged_userfaultfd = "
			"0: a userfaultfd that also handles page faults in "
			"kernel mode needs CAP_SYS_PTRACE, and uid 65534 does "
			"not have it in the initial user namespace; one for "
			"faults in user mode only (UFFD_USER_MODE_ONLY) needs "
			"neither the capability nor the sysctl");
	auxerr_record_free(r);
}

void add_spec19f_suite(void)
{
	CU_pSuite s = CU_add_suite("spec19f: ping_group_range, unprivileged_userfaultfd", NULL, NULL);

	CU_add_test(s, "ping, empty range (1 0)", test_ping_empty);
	CU_add_test(s, "ping6, range without the caller's group", test_ping6_range);
	CU_add_test(s, "ping, range above the caller's group", test_ping_range_above);
	CU_add_test(s, "ping, missing or contradicting facts", test_ping_missing);
	CU_add_test(s, "userfaultfd without UFFD_USER_MODE_ONLY", test_userfaultfd);
	CU_add_test(s, "userfaultfd, a probe", test_userfaultfd_probe);
	CU_add_test(s, "the fixtures (fuzz seeds)", test_fixtures);
}
