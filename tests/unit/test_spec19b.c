/* Issue 19, second part (docs/record-format.md): the cap field
 * sysctl_write=, the policies kernel.unprivileged_bpf_disabled and
 * kernel.perf_event_paranoid behind a tracepoint, task's ouid=/oruid=,
 * and the mechanisms hidepid, fuse and device.  Event texts written by
 * hand from the record format, field by field; every sentence and remedy
 * written out literally.  The caller is nobody (uid 65534) unless said;
 * uid 1000's name is looked up (it differs between hosts). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_event.h"

/* an event: SYSCALL (number @nr, exit @exit, arguments @args, one PATH
 * item, uid and gid @id for every id, comm/exe), AUXERR @aux, then @more
 * (whole lines) */
static struct auxerr_record *ev(int nr, int exit_, const char *args,
				unsigned id, const char *comm, const char *exe,
				const char *aux, const char *more)
{
	return hand_event(nr, exit_, args, 1, id, comm, exe, aux, more);
}

static const char *u1000(void)
{
	return user_name(1000);
}

/* ---- cap sysctl_write= ------------------------------------------------ */

static void test_sysctl_write(void)
{
	struct auxerr_record *r;

	/* root without CAP_SYS_ADMIN (a container) writes kptr_restrict:
	 * the file opened (mode 0644 root), the handler said no */
	r = ev(1, -1, "a0=3 a1=55d0 a2=2 a3=0", 0, "sh", "/usr/bin/dash",
	       "mechanism=cap capability=21 userns=4026531837 userns_level=0 userns_owner=0 sysctl_write=\"kernel.kptr_restrict\"",
	       "type=PROCTITLE " STAMP "proctitle=7368\n");
	expect_field(r, "mechanism", "cap", NULL);
	expect_field(r, "capability", "21", "sys_admin");
	expect_field(r, "sysctl_write", "\"kernel.kptr_restrict\"", "kernel.kptr_restrict");
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
	expect_sentence(r, "write: denied for lack of a capability: writing the sysctl "
			"kernel.kptr_restrict needs CAP_SYS_ADMIN, even for a process "
			"that could open the file, and uid 0 does not have it in the "
			"initial user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only a process with CAP_SYS_ADMIN in the initial user namespace may "
		     "change the sysctl kernel.kptr_restrict, whoever may open its file: "
		     "root, with its full capabilities (not in a container or with "
		     "capabilities dropped), runs sysctl -w kernel.kptr_restrict=VALUE "
		     "with the value wanted",
		     NULL, "root", 0,
		     "if the new value is lower, every user may then see kernel "
		     "addresses, which helps an exploit defeat KASLR");
	auxerr_record_free(r);

	/* a sysctl whose cost is not known here: no weakens; the name bare
	 * or hex (a string field as the kernel may write it) */
	r = ev(1, -1, "a0=3 a1=55d0 a2=2 a3=0", 0, "sh", "/usr/bin/dash",
	       "mechanism=cap capability=21 userns_level=0 sysctl_write=6B65726E656C2E7461696E746564", "");
	expect_sentence(r, "write: denied for lack of a capability: writing the sysctl "
			"kernel.tainted needs CAP_SYS_ADMIN, even for a process that "
			"could open the file, and uid 0 does not have it in the initial "
			"user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only a process with CAP_SYS_ADMIN in the initial user namespace may "
		     "change the sysctl kernel.tainted, whoever may open its file: root, "
		     "with its full capabilities (not in a container or with capabilities "
		     "dropped), runs sysctl -w kernel.tainted=VALUE with the value wanted",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

/* ---- policy=kernel.unprivileged_bpf_disabled, perf tracepoints -------- */

static void test_bpf_policy(void)
{
	struct auxerr_record *r;
	const char *more = CWD_ROOT
		"type=PROCTITLE " STAMP "proctitle=627066746F6F6C0070726F67006C697374\n";

	/* 1: locked until the next boot, not even root may lower it */
	r = ev(321, -1, "a0=5 a1=7ffd0 a2=90 a3=0", 65534, "bpftool", "/usr/sbin/bpftool",
	       "mechanism=cap capability=39 userns=4026531837 userns_level=0 userns_owner=0 policy=kernel.unprivileged_bpf_disabled policy_value=1",
	       more);
	expect_field(r, "capability", "39", "bpf");
	expect_field(r, "policy", "kernel.unprivileged_bpf_disabled", NULL);
	expect_field(r, "policy_value", "1", NULL);
	expect_sentence(r, "bpf: denied by kernel.unprivileged_bpf_disabled = 1, which "
			"requires CAP_BPF: uid 65534 does not have it in the initial "
			"user namespace; the setting 1 cannot be changed until the next "
			"boot, not even by root");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "With kernel.unprivileged_bpf_disabled = 1, this needs CAP_BPF: root "
		     "can run the program again as uid 65534 with CAP_BPF alone, rather "
		     "than as root; the setting 1 cannot be changed until the next boot, "
		     "not even by root, and lowering it from then on (in /etc/sysctl.d) "
		     "would allow it to every user, and every user may then load BPF "
		     "programs, a large part of the kernel to attack: cd / && setpriv "
		     "--reuid=65534 --regid=65534 --init-groups --inh-caps=+bpf "
		     "--ambient-caps=+bpf -- /usr/sbin/bpftool prog list",
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+bpf --ambient-caps=+bpf -- /usr/sbin/bpftool prog list",
		     "root", 0, NULL);
	auxerr_record_free(r);

	/* 2: root may set 0 */
	r = ev(321, -1, "a0=5 a1=7ffd0 a2=90 a3=0", 65534, "bpftool", "/usr/sbin/bpftool",
	       "mechanism=cap capability=39 userns=4026531837 userns_level=0 userns_owner=0 policy=kernel.unprivileged_bpf_disabled policy_value=2",
	       more);
	expect_sentence(r, "bpf: denied by kernel.unprivileged_bpf_disabled = 2, which "
			"requires CAP_BPF: uid 65534 does not have it in the initial "
			"user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "With kernel.unprivileged_bpf_disabled = 2, this needs CAP_BPF: root "
		     "can run the program again as uid 65534 with CAP_BPF alone, rather "
		     "than as root; root may instead set kernel.unprivileged_bpf_disabled "
		     "to 0 (sysctl -w kernel.unprivileged_bpf_disabled=0), which would "
		     "allow it to every user, and every user may then load BPF programs, a "
		     "large part of the kernel to attack: cd / && setpriv --reuid=65534 "
		     "--regid=65534 --init-groups --inh-caps=+bpf --ambient-caps=+bpf -- "
		     "/usr/sbin/bpftool prog list",
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+bpf --ambient-caps=+bpf -- /usr/sbin/bpftool prog list",
		     "root", 0, NULL);
	auxerr_record_free(r);

	/* perf_event_open of a tracepoint with raw samples: EPERM from
	 * trace_event_perf.c, the generic policy sentence */
	r = ev(298, -1, "a0=7ffd0 a1=ffffffff a2=0 a3=ffffffff", 65534, "perf", "/usr/bin/perf",
	       "mechanism=cap capability=38 userns=4026531837 userns_level=0 userns_owner=0 policy=kernel.perf_event_paranoid policy_value=2",
	       "");
	expect_sentence(r, "perf_event_open: denied by kernel.perf_event_paranoid = 2, "
			"which requires CAP_PERFMON: uid 65534 does not have it in the "
			"initial user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "With kernel.perf_event_paranoid = 2, this needs CAP_PERFMON: root can "
		     "run /usr/bin/perf as uid 65534 with CAP_PERFMON alone, rather than as "
		     "root (setpriv --inh-caps=+perfmon --ambient-caps=+perfmon); lowering "
		     "kernel.perf_event_paranoid instead would allow it to every user, and "
		     "every user may then observe the kernel and other processes with "
		     "perf, which exposes kernel addresses and side channels",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

/* ---- cap rlimit=: one's own priority beyond RLIMIT_NICE/RTPRIO ------- */

static void test_rlimit(void)
{
	struct auxerr_record *r;

	/* setpriority(PRIO_PROCESS, 0, -10) with RLIMIT_NICE 25: EACCES */
	r = ev(141, -13, "a0=0 a1=0 a2=fffffff6 a3=0", 65534, "renice", "/usr/bin/renice",
	       "mechanism=cap capability=23 userns=4026531837 userns_level=0 userns_owner=0 rlimit=RLIMIT_NICE rlimit_cur=25",
	       "");
	expect_field(r, "mechanism", "cap", NULL);
	expect_field(r, "capability", "23", "sys_nice");
	expect_field(r, "rlimit", "RLIMIT_NICE", NULL);
	expect_field(r, "rlimit_cur", "25", NULL);
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
	expect_sentence(r, "setpriority: RLIMIT_NICE (25) lets this process lower its "
			"nice value only down to -5; going lower needs CAP_SYS_NICE, and "
			"uid 65534 does not have it in the initial user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Root can raise RLIMIT_NICE: for new logins of nobody, a line "
		     "\"nobody - nice N\" in /etc/security/limits.conf, N the lowest nice "
		     "value wanted (-20 to 19); for a service, LimitNICE=N in its systemd "
		     "unit; for the running process, prlimit --pid 64 --nice=L, L = 20 - N. "
		     "If the hard limit is already high enough, the process may raise its "
		     "own soft limit (ulimit -e, setrlimit())",
		     NULL, "root", 0,
		     "the user's processes may then take CPU time ahead of other processes");
	auxerr_record_free(r);

	/* RLIMIT_NICE 0: no lowering at all (sched_setattr, EPERM) */
	r = ev(314, -1, "a0=0 a1=7ffd0 a2=0 a3=0", 65534, "chrt", "/usr/bin/chrt",
	       "mechanism=cap capability=23 userns=4026531837 userns_level=0 userns_owner=0 rlimit=RLIMIT_NICE rlimit_cur=0",
	       "");
	expect_field(r, "rlimit_cur", "0", NULL);
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
	expect_sentence(r, "sched_setattr: RLIMIT_NICE (0) does not let this process "
			"lower its nice value at all; that needs CAP_SYS_NICE, and uid "
			"65534 does not have it in the initial user namespace");
	auxerr_record_free(r);

	/* sched_setscheduler SCHED_FIFO with RLIMIT_RTPRIO 0 */
	r = ev(144, -1, "a0=0 a1=1 a2=7ffd0 a3=0", 65534, "chrt", "/usr/bin/chrt",
	       "mechanism=cap capability=23 userns=4026531837 userns_level=0 userns_owner=0 rlimit=RLIMIT_RTPRIO rlimit_cur=0",
	       "");
	expect_field(r, "rlimit", "RLIMIT_RTPRIO", NULL);
	expect_field(r, "rlimit_cur", "0", NULL);
	expect_sentence(r, "sched_setscheduler: RLIMIT_RTPRIO (0) does not let this "
			"process use a real-time scheduling policy at all; that needs "
			"CAP_SYS_NICE, and uid 65534 does not have it in the initial "
			"user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Root can raise RLIMIT_RTPRIO: for new logins of nobody, a line "
		     "\"nobody - rtprio N\" in /etc/security/limits.conf, N the highest "
		     "real-time priority wanted (1 to 99); for a service, LimitRTPRIO=N in "
		     "its systemd unit; for the running process, prlimit --pid 64 "
		     "--rtprio=N. If the hard limit is already high enough, the process may "
		     "raise its own soft limit (ulimit -r, setrlimit())",
		     NULL, "root", 0,
		     "the user's processes may then run real-time and take the CPU from "
		     "every other process, which can stall the system");
	auxerr_record_free(r);

	/* a real-time priority above RLIMIT_RTPRIO 10 */
	r = ev(144, -1, "a0=0 a1=2 a2=7ffd0 a3=0", 65534, "chrt", "/usr/bin/chrt",
	       "mechanism=cap capability=23 userns=4026531837 userns_level=0 userns_owner=0 rlimit=RLIMIT_RTPRIO rlimit_cur=10",
	       "");
	expect_field(r, "rlimit_cur", "10", NULL);
	expect_sentence(r, "sched_setscheduler: RLIMIT_RTPRIO (10) lets this process use "
			"real-time priorities only up to 10; a higher one needs "
			"CAP_SYS_NICE, and uid 65534 does not have it in the initial "
			"user namespace");
	auxerr_record_free(r);

	/* a limit no nice value can exceed (unlimited): the plain sentence */
	r = ev(141, -13, "a0=0 a1=0 a2=fffffff6 a3=0", 65534, "renice", "/usr/bin/renice",
	       "mechanism=cap capability=23 userns_level=0 rlimit=RLIMIT_NICE rlimit_cur=18446744073709551615",
	       "");
	expect_sentence(r, "setpriority: denied by the resource limit RLIMIT_NICE "
			"(18446744073709551615): going beyond it needs CAP_SYS_NICE, and "
			"uid 65534 does not have it in the initial user namespace");
	auxerr_record_free(r);
}

/* ---- task: ouid= the euid compared, oruid= the real uid -------------- */

static void test_task_ids(void)
{
	char want[1024], who[256];
	struct auxerr_record *r;

	/* a setuid-root program run by uid 1000: euid 0, real uid 1000 */
	r = ev(141, -1, "a0=0 a1=32c a2=a a3=0", 65534, "renice", "/usr/bin/renice",
	       "mechanism=task op=setpriority opid=812 ouid=0 oruid=1000 capability=23", "");
	expect_field(r, "ouid", "0", "root");
	expect_field(r, "oruid", "1000", u1000());
	snprintf(want, sizeof(want),
		 "setpriority: denied by the rules for other users' processes: process "
		 "812 belongs to another user (real uid %s, effective uid root), and uid "
		 "65534 may not use setpriority on it without CAP_SYS_NICE", u1000());
	expect_sentence(r, want);
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only a process of the same user as process 812, or one with "
		     "CAP_SYS_NICE, may use setpriority on it: root can do it: renice -n "
		     "10 -p 812",
		     "renice -n 10 -p 812", "root", 0, NULL);
	auxerr_record_free(r);

	/* both the same: one owner named; prlimit64 and CAP_SYS_RESOURCE */
	r = ev(302, -1, "a0=32c a1=7 a2=7ffd0 a3=0", 65534, "prlimit", "/usr/bin/prlimit",
	       "mechanism=task op=prlimit64 opid=812 ouid=1000 oruid=1000 capability=24", "");
	snprintf(want, sizeof(want),
		 "prlimit64: denied by the rules for other users' processes: process 812 "
		 "belongs to another user (%s), and uid 65534 may not use prlimit64 on it "
		 "without CAP_SYS_RESOURCE", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "Only a process of the same user as process 812, or one with "
		 "CAP_SYS_RESOURCE, may use prlimit64 on it: the owner of process 812 "
		 "(uid 1000, %s) or root can do it", u1000());
	snprintf(who, sizeof(who), "the owner of process 812 (uid 1000, %s) or root",
		 u1000());
	check_remedy(r, AUXERR_REMEDY_COMMAND, want, NULL, who, 1000, NULL);
	auxerr_record_free(r);

	/* prlimit64 demands all six ids: a saved uid that differs */
	r = ev(302, -1, "a0=32c a1=7 a2=7ffd0 a3=0", 1000, "prlimit", "/usr/bin/prlimit",
	       "mechanism=task op=prlimit64 opid=812 ouid=1000 oruid=1000 osuid=0 ogid=1000 orgid=1000 osgid=1000 capability=24 userns=4026531837 userns_owner=0", "");
	snprintf(want, sizeof(want),
		 "prlimit64: denied by the rules for other users' processes: process 812 "
		 "belongs to another user (uid %s, saved uid root), and uid 1000 may not "
		 "use prlimit64 on it without CAP_SYS_RESOURCE", u1000());
	expect_sentence(r, want);
	auxerr_record_free(r);

	/* ... the user ids all the caller's, a group id not */
	r = ev(302, -1, "a0=32c a1=7 a2=7ffd0 a3=0", 1000, "prlimit", "/usr/bin/prlimit",
	       "mechanism=task op=prlimit64 opid=812 ouid=1000 oruid=1000 osuid=1000 ogid=42 orgid=1000 osgid=1000 capability=24 userns=4026531837 userns_owner=0", "");
	expect_field(r, "ogid", "42", group_name(42));
	expect_field(r, "orgid", "1000", group_name(1000));
	expect_sentence(r, "prlimit64: denied by the rules for other users' processes: "
			"process 812 has the caller's user ids but other group ids (real "
			"gid 1000, effective gid 42, saved gid 1000), and uid 1000 may "
			"not use prlimit64 on it without CAP_SYS_RESOURCE");
	auxerr_record_free(r);

	/* hidden (hidepid): neither id */
	r = ev(251, -1, "a0=1 a1=32c a2=4001 a3=0", 65534, "ionice", "/usr/bin/ionice",
	       "mechanism=task op=ioprio_set opid=812 ids=hidden capability=23", "");
	expect_sentence(r, "ioprio_set: denied by the rules for other users' processes: "
			"process 812 belongs to another user, whose ids are hidden from "
			"the caller, and uid 65534 may not use ioprio_set on it without "
			"CAP_SYS_NICE");
	auxerr_record_free(r);
}

/* ---- hidepid ----------------------------------------------------------- */

static void test_hidepid(void)
{
	char want[1024];
	struct auxerr_record *r;

	/* /proc hidepid=1,gid=27: nobody opens /proc/812/status */
	r = ev(257, -1, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", 65534, "cat", "/usr/bin/cat",
	       "mechanism=hidepid hidepid=1 proc_gid=27 opid=812",
	       CWD_ROOT
	       "type=PATH " STAMP "item=0 name=\"/proc/812/status\" nametype=UNKNOWN\n");
	expect_field(r, "mechanism", "hidepid", NULL);
	expect_field(r, "hidepid", "1", NULL);
	expect_field(r, "proc_gid", "27", group_name(27));
	expect_field(r, "opid", "812", NULL);
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
	expect_sentence(r, "openat /proc/812/status: /proc is mounted with hidepid=1 "
			"(noaccess): process 812 is not yours and you may not ptrace it, "
			"so its /proc directory is closed to you (members of group 27 "
			"may see all processes)");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "With hidepid=1 on /proc, the /proc directory of process 812 is open "
		     "to its owner, to processes that may ptrace it and to members of group "
		     "27: the owner of process 812 or root can look at it; failing that, "
		     "root can add the caller (uid 65534, nobody) to group 27, from its next "
		     "login: usermod -a -G 27 nobody",
		     "usermod -a -G 27 nobody", "root", 0,
		     "the caller (uid 65534, nobody) may then read the /proc directory of "
		     "every process (command lines, ids, status), which hidepid hides from "
		     "other users");
	auxerr_record_free(r);

	/* a second proc instance, no gid=, a relative name: the mount point
	 * from the CWD record; the remount exempts the caller's group */
	r = ev(257, -1, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", 65534, "cat", "/usr/bin/cat",
	       "mechanism=hidepid hidepid=1 proc_gid=-1 opid=812",
	       "type=CWD " STAMP "cwd=\"/tmp/st\"\n"
	       "type=PATH " STAMP "item=0 name=\"proc/812\" nametype=UNKNOWN\n");
	expect_sentence(r, "openat proc/812: /tmp/st/proc is mounted with hidepid=1 "
			"(noaccess): process 812 is not yours and you may not ptrace it, "
			"so its /proc directory is closed to you");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "With hidepid=1 on /tmp/st/proc and no gid= exempted, the /proc "
		     "directory of process 812 is open only to its owner and to processes "
		     "that may ptrace it: the owner of process 812 or root can look at it; "
		     "failing that, root can exempt a group the caller is in, its group "
		     "65534: mount -o remount,hidepid=1,gid=65534 /tmp/st/proc",
		     "mount -o remount,hidepid=1,gid=65534 /tmp/st/proc", "root", 0,
		     "every member of group 65534 may then read the /proc directory of "
		     "every process (command lines, ids, status), which hidepid hides from "
		     "other users");
	auxerr_record_free(r);

	/* hidepid=4 (ptraceable), no PATH: /proc assumed */
	r = ev(262, -1, "a0=ffffff9c a1=7ffd0 a2=7ffd0 a3=0", 1000, "stat", "/usr/bin/stat",
	       "mechanism=hidepid hidepid=4 proc_gid=-1 opid=9", "");
	expect_sentence(r, "newfstatat: /proc is mounted with hidepid=4 (ptraceable): "
			"you may not ptrace process 9, so its /proc directory is closed "
			"to you");
	snprintf(want, sizeof(want),
		 "With hidepid=4 on /proc and no gid= exempted, the /proc directory of "
		 "process 9 is open only to its owner and to processes that may ptrace "
		 "it: the owner of process 9 or root can look at it; failing that, root "
		 "can exempt a group the caller is in, its group 1000: mount -o "
		 "remount,hidepid=4,gid=1000 /proc");
	check_remedy(r, AUXERR_REMEDY_POLICY, want,
		     "mount -o remount,hidepid=4,gid=1000 /proc", "root", 0,
		     "every member of group 1000 may then read the /proc directory of "
		     "every process (command lines, ids, status), which hidepid hides from "
		     "other users");
	auxerr_record_free(r);
}

/* ---- fuse -------------------------------------------------------------- */

static void test_fuse(void)
{
	char want[2048], who[256];
	struct auxerr_record *r;

	r = ev(262, -13, "a0=ffffff9c a1=7ffd0 a2=7ffd0 a3=0", 65534, "stat", "/usr/bin/stat",
	       "mechanism=fuse mount_uid=1000 mount_gid=1000 allow_other=0",
	       "type=CWD " STAMP "cwd=\"/home\"\n"
	       "type=PATH " STAMP "item=0 name=\"/mnt/fuse/x\" nametype=UNKNOWN\n"
	       "type=PROCTITLE " STAMP "proctitle=73746174002F6D6E742F667573652F78\n");
	expect_field(r, "mechanism", "fuse", NULL);
	expect_field(r, "mount_uid", "1000", u1000());
	expect_field(r, "mount_gid", "1000", group_name(1000));
	expect_field(r, "allow_other", "0", NULL);
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
	expect_sentence(r, "newfstatat /mnt/fuse/x: the FUSE file system here was "
			"mounted by uid 1000 without allow_other: only that user may use "
			"it, even root");
	snprintf(want, sizeof(want),
		 "Only the user who mounted this FUSE file system without allow_other "
		 "(uid 1000, %s) may use it, not even root: that user can run the "
		 "command; failing that, it can mount the file system again with -o "
		 "allow_other (root must allow that option with user_allow_other in "
		 "/etc/fuse.conf), which exposes every user's processes, root's "
		 "included, to a daemon that user controls: cd /home && /usr/bin/stat "
		 "/mnt/fuse/x", u1000());
	snprintf(who, sizeof(who), "the user who mounted it (uid 1000, %s)", u1000());
	check_remedy(r, AUXERR_REMEDY_COMMAND, want,
		     "cd /home && /usr/bin/stat /mnt/fuse/x", who, 1000, NULL);
	auxerr_record_free(r);

	/* root is refused too; the user itself with another group: the
	 * group ids are what failed */
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", 0, "cat", "/usr/bin/cat",
	       "mechanism=fuse mount_uid=1000 mount_gid=1000 allow_other=0", "");
	expect_sentence(r, "openat: the FUSE file system here was mounted by uid 1000 "
			"without allow_other: only that user may use it, even root");
	auxerr_record_free(r);
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", 1000, "cat", "/usr/bin/cat",
	       "mechanism=fuse mount_uid=1000 mount_gid=100 allow_other=0", "");
	expect_sentence(r, "openat: the FUSE file system here was mounted by uid 1000 "
			"and group 100 without allow_other: only processes whose user "
			"and group ids are all theirs may use it, even root, and this "
			"process's group ids are not all 100");
	auxerr_record_free(r);

	/* allow_other, but the caller is outside the mount's user namespace */
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", 65534, "cat", "/usr/bin/cat",
	       "mechanism=fuse mount_uid=1000 mount_gid=1000 allow_other=1", "");
	expect_sentence(r, "openat: the FUSE file system here was mounted by uid 1000 "
			"with allow_other in another user namespace: only processes in "
			"that namespace may use it, and this one is outside it");
	snprintf(want, sizeof(want),
		 "The FUSE file system here (mounted by uid 1000, %s with allow_other) "
		 "lets in only processes of the user namespace it was mounted in: run "
		 "the command in that namespace",
		 u1000());
	check_remedy(r, AUXERR_REMEDY_NONE, want, NULL, NULL, -1, NULL);
	auxerr_record_free(r);

	/* no mount_uid=: nothing to name */
	r = ev(257, -13, "a0=0 a1=0 a2=0 a3=0", 65534, "x", "/x", "mechanism=fuse", "");
	expect_sentence(r, "openat: denied by FUSE: the file system was mounted by "
			"another user without allow_other");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The record does not name the user who mounted the FUSE file system",
		     NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* ---- device ------------------------------------------------------------ */

static void test_device(void)
{
	struct auxerr_record *r;
	const char *null_path = CWD_ROOT
		"type=PATH " STAMP "item=0 name=\"/dev/null\" inode=5 dev=00:05 mode=020666 ouid=0 ogid=0 rdev=01:03 nametype=NORMAL\n";

	/* cgroup v2: BPF device program 42 */
	r = ev(257, -1, "a0=ffffff9c a1=7ffd0 a2=2 a3=0", 65534, "cat", "/usr/bin/cat",
	       "mechanism=device dev_type=c major=1 minor=3 access=rw cgroup=/sandbox prog_id=42",
	       null_path);
	expect_field(r, "mechanism", "device", NULL);
	expect_field(r, "dev_type", "c", NULL);
	expect_field(r, "major", "1", NULL);
	expect_field(r, "minor", "3", NULL);
	expect_field(r, "access", "rw", NULL);
	expect_field(r, "cgroup", "/sandbox", NULL);
	expect_field(r, "prog_id", "42", NULL);
	expect_sentence(r, "openat /dev/null: the device cgroup /sandbox (BPF device "
			"program 42) does not allow read/write of character device 1:3");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "The BPF device program 42 attached to the cgroup /sandbox refuses "
		     "character device 1:3 (rw): only a change to that program allows it, "
		     "by the manager that attached it (systemd's DeviceAllow=, docker "
		     "--device)",
		     NULL, "root or the manager of the cgroup /sandbox", 0,
		     "every process in the cgroup /sandbox may then use character device "
		     "1:3 that way (rw), which the cgroup's device policy is there to "
		     "confine");
	auxerr_record_free(r);

	/* v1 (no program), the cgroup quoted: the devices.allow rule */
	r = ev(257, -1, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", 65534, "cat", "/usr/bin/cat",
	       "mechanism=device dev_type=c major=1 minor=3 access=r cgroup=\"/sandbox\" prog_id=0",
	       null_path);
	expect_field(r, "cgroup", "\"/sandbox\"", "/sandbox");
	expect_sentence(r, "openat /dev/null: the device cgroup /sandbox does not allow "
			"read of character device 1:3");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "The device cgroup /sandbox does not allow character device 1:3 (r): "
		     "root or the manager of the cgroup can allow that one device in it "
		     "(cgroup v1); with a BPF device program (cgroup v2) the manager that "
		     "attached it must allow it instead (systemd's DeviceAllow=, docker "
		     "--device): echo 'c 1:3 r' > /sys/fs/cgroup/devices/sandbox/devices.allow",
		     "echo 'c 1:3 r' > /sys/fs/cgroup/devices/sandbox/devices.allow",
		     "root or the manager of the cgroup /sandbox", 0,
		     "every process in the cgroup /sandbox may then use character device "
		     "1:3 that way (r), which the cgroup's device policy is there to "
		     "confine");
	auxerr_record_free(r);

	/* mknod of a block device, a cgroup name with a space (hex): the
	 * path quoted in the command */
	r = ev(259, -1, "a0=ffffff9c a1=7ffd0 a2=61b0 a3=801", 65534, "mknod", "/usr/bin/mknod",
	       "mechanism=device dev_type=b major=8 minor=1 access=m cgroup=2F6D7920626F78", "");
	expect_field(r, "cgroup", "2F6D7920626F78", "/my box");
	expect_sentence(r, "mknodat: the device cgroup /my box does not allow mknod of "
			"block device 8:1");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "The device cgroup /my box does not allow block device 8:1 (m): root "
		     "or the manager of the cgroup can allow that one device in it (cgroup "
		     "v1); with a BPF device program (cgroup v2) the manager that attached "
		     "it must allow it instead (systemd's DeviceAllow=, docker --device): "
		     "echo 'b 8:1 m' > '/sys/fs/cgroup/devices/my box/devices.allow'",
		     "echo 'b 8:1 m' > '/sys/fs/cgroup/devices/my box/devices.allow'",
		     "root or the manager of the cgroup /my box", 0,
		     "every process in the cgroup /my box may then use block device 8:1 "
		     "that way (m), which the cgroup's device policy is there to confine");
	auxerr_record_free(r);

	/* without the device: no remedy */
	r = ev(257, -1, "a0=0 a1=0 a2=0 a3=0", 65534, "x", "/x",
	       "mechanism=device cgroup=/sandbox", "");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The record does not name the device and the access the device "
		     "cgroup refused", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* the fixtures/issue19b-*.txt texts (also the fuzzers' seeds) */
static void test_fixtures(void)
{
	static const struct {
		const char *name, *mechanism;
	} fx[] = {
		{ "issue19b-cap-sysctl-write", "cap" },
		{ "issue19b-cap-policy-bpf", "cap" },
		{ "issue19b-task-oruid", "task" },
		{ "issue19b-hidepid", "hidepid" },
		{ "issue19b-fuse", "fuse" },
		{ "issue19b-device", "device" },
	};

	for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++)
		expect_fixture(fx[i].name, fx[i].mechanism);
}

void add_spec19b_suite(void)
{
	CU_pSuite s = CU_add_suite("everyday, part 2 (issue 19)", NULL, NULL);

	CU_add_test(s, "cap sysctl_write=", test_sysctl_write);
	CU_add_test(s, "cap policy=: unprivileged_bpf_disabled 1/2, perf tracepoint", test_bpf_policy);
	CU_add_test(s, "cap rlimit=: RLIMIT_NICE 25/0, RLIMIT_RTPRIO 0/10", test_rlimit);
	CU_add_test(s, "task: ouid=/oruid=, prlimit64 saved uid and gids, ioprio_set hidden", test_task_ids);
	CU_add_test(s, "hidepid: gid=, second instance, ptraceable", test_hidepid);
	CU_add_test(s, "fuse: another user, root, group ids, user namespace, no mount_uid", test_fuse);
	CU_add_test(s, "device: v2 program, v1 rule, block mknod, no device", test_device);
	CU_add_test(s, "fixtures/issue19b-*: parse, explain, remedy", test_fixtures);
}
