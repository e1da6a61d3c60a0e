/* Issue 19's records (docs/record-format.md: protected, signal, task,
 * unknown, cap with policy= and owner_op=, dac with permission=,
 * SOCKADDR): the sentence of auxerr_explain() and the remedy of
 * auxerr_record_remedy(), on event texts written by hand from the record
 * format, field by field, every expected string written out literally.
 * The caller is nobody (uid 65534), owners are root or uid 1000, whose
 * name is looked up (it differs between hosts). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

#define STAMP "msg=audit(1796304151.396:20): "

/* an event: SYSCALL (number @nr, exit @exit, arguments @args "a0=.. a3=..",
 * as nobody, comm/exe @comm, @exe), AUXERR @aux, then @more (whole lines,
 * each ending in \n, or "") */
static struct auxerr_record *ev(int nr, int exit_, const char *args,
				const char *comm, const char *exe,
				const char *aux, const char *more)
{
	char text[8192];
	struct auxerr_record *r;

	snprintf(text, sizeof(text),
		 "type=SYSCALL " STAMP "arch=c000003e syscall=%d success=no exit=%d %s items=1 ppid=50 pid=64 auid=4294967295 uid=65534 gid=65534 euid=65534 suid=65534 fsuid=65534 egid=65534 sgid=65534 fsgid=65534 tty=(none) ses=4294967295 comm=\"%s\" exe=\"%s\" key=(null)\n"
		 "type=UNKNOWN[1340] " STAMP "%s\n%s",
		 nr, exit_, args, comm, exe, aux, more);
	r = auxerr_record_parse(text, strlen(text));
	if (!r)
		fprintf(stderr, "\n  does not parse (%s):\n%s", strerror(errno), text);
	CU_ASSERT_PTR_NOT_NULL(r);
	return r;
}

static void expect_sentence(struct auxerr_record *r, const char *want)
{
	if (r)
		ASSERT_STR(auxerr_explain(r), want);
}

#define ANOM(type, op) \
	"type=" type " " STAMP "op=" op " ppid=50 pid=64 auid=4294967295 uid=65534 gid=65534 euid=65534 suid=65534 fsuid=65534 egid=65534 sgid=65534 fsgid=65534 tty=(none) ses=4294967295 comm=\"cat\" exe=\"/usr/bin/cat\" res=0\n"
#define CWD_ROOT "type=CWD " STAMP "cwd=\"/\"\n"
#define PROCTITLE_CAT "type=PROCTITLE " STAMP "proctitle=636174002F746D702F6C696E6B\n"

/* "cloudsdk" on the build host, whatever uid 1000 is called elsewhere */
static const char *u1000(void)
{
	return user_name(1000);
}

static void test_protected_symlinks(void)
{
	char want[1024];
	struct auxerr_record *r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0",
		"cat", "/usr/bin/cat",
		"mechanism=protected sysctl=fs.protected_symlinks level=1 fsuid=65534 ouid=1000 dir_mode=041777 dir_ouid=0 dir_inode=12 mode=0120777 ogid=1000 inode=34 dev=00:1a",
		ANOM("ANOM_LINK", "follow_link") CWD_ROOT
		"type=PATH " STAMP "item=0 name=\"/tmp/link\" inode=34 dev=00:1a mode=0120777 ouid=1000 ogid=1000 rdev=00:00 nametype=NORMAL\n"
		PROCTITLE_CAT);

	/* the ANOM_LINK record is kept as audit wrote it */
	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_count(r, "ANOM_LINK"), 1);
		ASSERT_STR(auxerr_record_field(r, "ANOM_LINK", "op"), "follow_link");
		ASSERT_STR(auxerr_record_field(r, "ANOM_LINK", "res"), "0");
		ASSERT_STR(auxerr_record_mechanism(r), "protected");
	}
	snprintf(want, sizeof(want),
		 "openat /tmp/link: denied by fs.protected_symlinks = 1: the symlink "
		 "is in a sticky world-writable directory (mode 1777, owner root), and "
		 "its owner (%s) is neither uid 65534 nor the directory's owner", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "With fs.protected_symlinks = 1, a symlink in a sticky world-writable "
		 "directory is followed only by its owner or when the directory's owner owns it: open "
		 "the file it points to by its own name (readlink /tmp/link names it), or "
		 "have the link's owner (uid 1000, %s) replace it with the file; failing "
		 "that, root can turn the protection off for every process: "
		 "sysctl -w fs.protected_symlinks=0", u1000());
	check_remedy(r, AUXERR_REMEDY_POLICY, want,
		      "sysctl -w fs.protected_symlinks=0", "root", 0,
		      "every process may then follow symlinks other users plant in "
		      "sticky world-writable directories such as /tmp, the link races "
		      "the setting prevents");
	auxerr_record_free(r);
}

static void test_protected_hardlinks(void)
{
	static const struct {
		const char *unsafe, *why;
	} cases[] = {
		{ "not_regular", "it is not a regular file" },
		{ "setuid", "it is set-user-ID" },
		{ "setgid", "it is set-group-ID and group-executable" },
		{ "no_access", "uid 65534 may not both read and write it" },
		{ "bogus", "it is not safe to link (bogus)" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char aux[512], want[1024];
		struct auxerr_record *r;

		snprintf(aux, sizeof(aux),
			 "mechanism=protected sysctl=fs.protected_hardlinks level=1 fsuid=65534 ouid=0 unsafe=%s mode=0104755 ogid=0 inode=77 dev=fe:01",
			 cases[i].unsafe);
		r = ev(265, -1, "a0=ffffff9c a1=55d0 a2=ffffff9c a3=55e0",
		       "ln", "/usr/bin/ln", aux,
		       ANOM("ANOM_LINK", "linkat") CWD_ROOT
		       "type=PATH " STAMP "item=0 name=\"/usr/bin/passwd\" inode=77 dev=fe:01 mode=0104755 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n");
		snprintf(want, sizeof(want),
			 "linkat /usr/bin/passwd: denied by fs.protected_hardlinks = 1: "
			 "uid 65534 does not own the file (owner root), and %s; only its "
			 "owner or a process with CAP_FOWNER may link to it", cases[i].why);
		expect_sentence(r, want);
		if (i == 1)
			check_remedy(r, AUXERR_REMEDY_POLICY,
				      "With fs.protected_hardlinks = 1, only the owner (uid 0, root) "
				      "or a process with CAP_FOWNER may link to /usr/bin/passwd: copy "
				      "the file instead where you may read it, or ask its owner to "
				      "make the link; failing that, root can turn the protection "
				      "off for every process: sysctl -w fs.protected_hardlinks=0",
				      "sysctl -w fs.protected_hardlinks=0", "root", 0,
				      "any user may then hard-link other users' files, which keeps "
				      "a setuid program or a file its owner deletes alive under a "
				      "new name and feeds races in sticky directories");
		auxerr_record_free(r);
	}
}

static void test_protected_fifos_regular(void)
{
	char want[1024];
	struct auxerr_record *r;

	/* protected_fifos = 1 in /tmp (1777) */
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=241 a3=1b6", "sh", "/usr/bin/dash",
	       "mechanism=protected sysctl=fs.protected_fifos level=1 fsuid=65534 ouid=1000 dir_mode=041777 dir_ouid=0 dir_inode=12 mode=010644 ogid=1000 inode=40 dev=00:1a",
	       ANOM("ANOM_CREAT", "sticky_create") CWD_ROOT
	       "type=PATH " STAMP "item=0 name=\"/tmp/fifo\" inode=40 dev=00:1a mode=010644 ouid=1000 ogid=1000 rdev=00:00 nametype=NORMAL\n");
	if (r)
		ASSERT_STR(auxerr_record_field(r, "ANOM_CREAT", "op"), "sticky_create");
	snprintf(want, sizeof(want),
		 "openat /tmp/fifo: denied by fs.protected_fifos = 1: the FIFO is in a "
		 "sticky world-writable directory (mode 1777, owner root), and its owner "
		 "(%s) is neither uid 65534 nor the directory's owner; it may not be "
		 "opened with O_CREAT", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "With fs.protected_fifos = 1, an O_CREAT open of the FIFO /tmp/fifo, "
		 "which another user (uid 1000, %s) owns in a sticky directory, is refused: open it "
		 "without O_CREAT (it exists already), or have its owner remove it; "
		 "failing that, root can lower the protection for every process "
		 "(fs.protected_fifos = 0): sysctl -w fs.protected_fifos=0", u1000());
	check_remedy(r, AUXERR_REMEDY_POLICY, want, "sysctl -w fs.protected_fifos=0",
		      "root", 0,
		      "programs may then open with O_CREAT FIFOs other users planted in "
		      "sticky directories, and read or write data an attacker controls");
	auxerr_record_free(r);

	/* protected_regular = 2 in a group-writable sticky directory (3775):
	 * level 1 would be enough there */
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=41 a3=1b6", "sh", "/usr/bin/dash",
	       "mechanism=protected sysctl=fs.protected_regular level=2 fsuid=65534 ouid=1000 dir_mode=043775 dir_ouid=0 dir_inode=13 mode=0100644 ogid=1000 inode=41 dev=00:1a",
	       ANOM("ANOM_CREAT", "sticky_create") CWD_ROOT
	       "type=PATH " STAMP "item=0 name=\"/srv/drop/report\" inode=41 dev=00:1a mode=0100644 ouid=1000 ogid=1000 rdev=00:00 nametype=NORMAL\n");
	snprintf(want, sizeof(want),
		 "openat /srv/drop/report: denied by fs.protected_regular = 2: the file "
		 "is in a sticky group-writable directory (mode 3775, owner root), and its "
		 "owner (%s) is neither uid 65534 nor the directory's owner; it may not be "
		 "opened with O_CREAT", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "With fs.protected_regular = 2, an O_CREAT open of the file "
		 "/srv/drop/report, which another user (uid 1000, %s) owns in a sticky "
		 "directory, is refused: open it without O_CREAT (it exists already), or have its "
		 "owner remove it; failing that, root can lower the protection for every "
		 "process (fs.protected_regular = 1): sysctl -w fs.protected_regular=1",
		 u1000());
	check_remedy(r, AUXERR_REMEDY_POLICY, want, "sysctl -w fs.protected_regular=1",
		      "root", 0,
		      "programs may then open with O_CREAT files other users planted in "
		      "sticky directories, and read or write data an attacker controls");
	auxerr_record_free(r);

	/* no sysctl named */
	r = ev(257, -13, "a0=0 a1=0 a2=0 a3=0", "x", "/x", "mechanism=protected level=1", "");
	expect_sentence(r, "openat: denied by an fs.protected_* sysctl (level=1)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		      "The record does not name the fs.protected_* sysctl that refused the call",
		      NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

static void test_signal(void)
{
	char want[1024];
	struct auxerr_record *r;

	/* kill(812, SIGTERM) of root's process */
	r = ev(62, -1, "a0=32c a1=f a2=0 a3=0", "kill", "/usr/bin/kill",
	       "mechanism=signal sig=15 opid=812 ouid=0 osuid=0 capability=5", "");
	expect_sentence(r, "kill: denied by the signal permission rules: process 812 "
			"belongs to another user (root), and uid 65534 may not send it "
			"SIGTERM without CAP_KILL");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only a process of the same user as process 812, or one with "
		      "CAP_KILL, may signal it: root can send the signal: kill -s TERM 812",
		      "kill -s TERM 812", "root", 0, NULL);
	auxerr_record_free(r);

	/* another user's process that changed its real uid: both named */
	r = ev(62, -1, "a0=32d a1=0 a2=0 a3=0", "sh", "/usr/bin/dash",
	       "mechanism=signal sig=0 opid=813 ouid=1000 osuid=0 capability=5", "");
	snprintf(want, sizeof(want),
		 "kill: denied by the signal permission rules: process 813 belongs to "
		 "another user (real uid %s, saved uid root), and uid 65534 may not send "
		 "it signal 0 (the existence check) without CAP_KILL", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "Only a process of the same user as process 813, or one with CAP_KILL, "
		 "may signal it: the owner of process 813 (uid 1000, %s) or root can send "
		 "the signal: kill -0 813", u1000());
	{
		char who[256];

		snprintf(who, sizeof(who), "the owner of process 813 (uid 1000, %s) or root",
			 u1000());
		check_remedy(r, AUXERR_REMEDY_COMMAND, want, "kill -0 813", who, 1000, NULL);
	}
	auxerr_record_free(r);

	/* ids hidden (hidepid): no ouid/osuid, ids=hidden */
	r = ev(62, -1, "a0=32e a1=9 a2=0 a3=0", "kill", "/usr/bin/kill",
	       "mechanism=signal sig=9 opid=814 ids=hidden capability=5", "");
	expect_sentence(r, "kill: denied by the signal permission rules: process 814 "
			"belongs to another user, whose ids are hidden from the caller, "
			"and uid 65534 may not send it SIGKILL without CAP_KILL");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only a process of the same user as process 814, or one with "
		      "CAP_KILL, may signal it: root can send the signal: kill -s KILL 814",
		      "kill -s KILL 814", "root", 0, NULL);
	auxerr_record_free(r);

	/* a real-time signal auparse has no name for */
	r = ev(129, -1, "a0=32f a1=40 a2=0 a3=0", "x", "/x",
	       "mechanism=signal sig=64 opid=815 ouid=0 osuid=0 capability=5", "");
	expect_sentence(r, "rt_sigqueueinfo: denied by the signal permission rules: "
			"process 815 belongs to another user (root), and uid 65534 may "
			"not send it signal 64 without CAP_KILL");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only a process of the same user as process 815, or one with "
		      "CAP_KILL, may signal it: root can send the signal: kill -s 64 815",
		      "kill -s 64 815", "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_task(void)
{
	char want[1024];
	struct auxerr_record *r;

	/* setpriority(PRIO_PROCESS, 812, -5) */
	r = ev(141, -13, "a0=0 a1=32c a2=fffffffb a3=0", "renice", "/usr/bin/renice",
	       "mechanism=task op=setpriority opid=812 ouid=1000 capability=23", "");
	snprintf(want, sizeof(want),
		 "setpriority: denied by the rules for other users' processes: process "
		 "812 belongs to another user (%s), and uid 65534 may not use setpriority "
		 "on it without CAP_SYS_NICE", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "Only a process of the same user as process 812, or one with "
		 "CAP_SYS_NICE, may use setpriority on it: the owner of process 812 "
		 "(uid 1000, %s) or root can do it: renice -n -5 -p 812", u1000());
	{
		char who[256];

		snprintf(who, sizeof(who), "the owner of process 812 (uid 1000, %s) or root",
			 u1000());
		check_remedy(r, AUXERR_REMEDY_COMMAND, want, "renice -n -5 -p 812", who,
			      1000, NULL);
	}
	auxerr_record_free(r);

	/* hidden ids, another operation: no command */
	r = ev(203, -1, "a0=32c a1=80 a2=7ffd0 a3=0", "taskset", "/usr/bin/taskset",
	       "mechanism=task op=sched_setaffinity opid=812 ids=hidden capability=23", "");
	expect_sentence(r, "sched_setaffinity: denied by the rules for other users' "
			"processes: process 812 belongs to another user, whose ids are "
			"hidden from the caller, and uid 65534 may not use "
			"sched_setaffinity on it without CAP_SYS_NICE");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only a process of the same user as process 812, or one with "
		      "CAP_SYS_NICE, may use sched_setaffinity on it: root can do it",
		      NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_unknown(void)
{
	struct auxerr_record *r;

	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", "cat", "/usr/bin/cat",
	       "mechanism=unknown",
	       CWD_ROOT
	       "type=PATH " STAMP "item=0 name=\"/sys/kernel/x\" inode=9 dev=00:15 mode=0100400 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n");
	expect_sentence(r, "openat /sys/kernel/x: the kernel gave no reason for this EACCES");
	check_remedy(r, AUXERR_REMEDY_NONE,
		      "No remedy: the kernel gave no reason for this EACCES",
		      NULL, NULL, -1, NULL);
	auxerr_record_free(r);

	/* EPERM, no PATH at all */
	r = ev(109, -1, "a0=0 a1=1 a2=0 a3=0", "setpgid", "/x", "mechanism=unknown", "");
	expect_sentence(r, "setpgid: the kernel gave no reason for this EPERM");
	check_remedy(r, AUXERR_REMEDY_NONE,
		      "No remedy: the kernel gave no reason for this EPERM",
		      NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

static void test_cap_policy(void)
{
	struct auxerr_record *r;

	/* perf_event_open refused by perf_event_paranoid: EACCES */
	r = ev(298, -13, "a0=7ffd0 a1=0 a2=ffffffff a3=ffffffff", "perf", "/usr/bin/perf",
	       "mechanism=cap capability=38 userns=4026531837 userns_level=0 userns_owner=0 policy=kernel.perf_event_paranoid policy_value=2",
	       "type=CWD " STAMP "cwd=\"/home\"\n"
	       "type=PROCTITLE " STAMP "proctitle=706572660073746174006C73\n");
	expect_sentence(r, "perf_event_open: denied by kernel.perf_event_paranoid = 2, "
			"which requires CAP_PERFMON: uid 65534 does not have it in the "
			"initial user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "With kernel.perf_event_paranoid = 2, this needs CAP_PERFMON: root "
		      "can run the program again as uid 65534 with CAP_PERFMON alone, "
		      "rather than as root; lowering kernel.perf_event_paranoid instead "
		      "would allow it to every user, and every user may then observe the "
		      "kernel and other processes with perf, which exposes kernel "
		      "addresses and side channels: cd /home && setpriv --reuid=65534 "
		      "--regid=65534 --init-groups --inh-caps=+perfmon "
		      "--ambient-caps=+perfmon -- /usr/bin/perf stat ls",
		      "cd /home && setpriv --reuid=65534 --regid=65534 --init-groups "
		      "--inh-caps=+perfmon --ambient-caps=+perfmon -- /usr/bin/perf stat ls",
		      "root", 0, NULL);
	auxerr_record_free(r);

	/* dmesg: syslog(SYSLOG_ACTION_READ_ALL) refused by dmesg_restrict */
	r = ev(103, -1, "a0=3 a1=55d0 a2=10000 a3=0", "dmesg", "/usr/bin/dmesg",
	       "mechanism=cap capability=34 userns=4026531837 userns_level=0 userns_owner=0 policy=kernel.dmesg_restrict policy_value=1", "");
	expect_sentence(r, "syslog: denied by kernel.dmesg_restrict = 1, which requires "
			"CAP_SYSLOG: uid 65534 does not have it in the initial user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "With kernel.dmesg_restrict = 1, this needs CAP_SYSLOG: root can run "
		      "/usr/bin/dmesg as uid 65534 with CAP_SYSLOG alone, rather than as "
		      "root (setpriv --inh-caps=+syslog --ambient-caps=+syslog); lowering "
		      "kernel.dmesg_restrict instead would allow it to every user, and "
		      "every user may then read the kernel log, which can hold kernel "
		      "addresses and traces of other users' activity",
		      NULL, "root", 0, NULL);
	auxerr_record_free(r);

	/* bind() below the unprivileged port range, with its SOCKADDR */
	r = ev(49, -13, "a0=3 a1=7ffd0 a2=10 a3=0", "python3", "/usr/bin/python3.11",
	       "mechanism=cap capability=10 userns=4026531837 userns_level=0 userns_owner=0 policy=net.ipv4.ip_unprivileged_port_start policy_value=1024",
	       "type=SOCKADDR " STAMP "saddr=02000050000000000000000000000000\n");
	expect_sentence(r, "bind 0.0.0.0 port 80: denied by "
			"net.ipv4.ip_unprivileged_port_start = 1024, which requires "
			"CAP_NET_BIND_SERVICE: uid 65534 does not have it in the initial "
			"user namespace");
	/* python3.11 runs every user's scripts: never a file capability on
	 * it; one run with the capability (no PROCTITLE here: no command) */
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Port 80 is below net.ipv4.ip_unprivileged_port_start = 1024, and "
		      "only CAP_NET_BIND_SERVICE binds below it: use a port of 1024 or "
		      "above, or root can run the program again as uid 65534 with "
		      "CAP_NET_BIND_SERVICE alone, for that run (setpriv "
		      "--inh-caps=+net_bind_service --ambient-caps=+net_bind_service); "
		      "/usr/bin/python3.11 runs every user's scripts, so a file capability "
		      "on it would let all of them bind there: for good, give the "
		      "capability to a dedicated program or unit "
		      "(AmbientCapabilities=CAP_NET_BIND_SERVICE), not to the interpreter; "
		      "lowering net.ipv4.ip_unprivileged_port_start instead would allow it "
		      "to every program",
		      NULL, "root", 0,
		      "that run of the program, and the programs it starts, may bind "
		      "ports below 1024");
	auxerr_record_free(r);

	/* with its command line: the run, as a command */
	r = ev(49, -13, "a0=3 a1=7ffd0 a2=10 a3=0", "python3", "/usr/bin/python3.11",
	       "mechanism=cap capability=10 userns=4026531837 userns_level=0 userns_owner=0 policy=net.ipv4.ip_unprivileged_port_start policy_value=1024",
	       "type=SOCKADDR " STAMP "saddr=02000050000000000000000000000000\n"
	       "type=CWD " STAMP "cwd=\"/srv/app\"\n"
	       "type=PROCTITLE " STAMP "proctitle=707974686F6E3300736572766500\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	{
		struct auxerr_remedy *m = auxerr_record_remedy(r);

		CU_ASSERT_PTR_NOT_NULL_FATAL(m);
		ASSERT_STR(auxerr_remedy_command(m),
			   "cd /srv/app && setpriv --reuid=65534 --regid=65534 --init-groups "
			   "--inh-caps=+net_bind_service --ambient-caps=+net_bind_service -- "
			   "python3 serve");
		auxerr_remedy_free(m);
	}
	auxerr_record_free(r);

	/* a program of its own (not an interpreter): the file capability */
	r = ev(49, -13, "a0=3 a1=7ffd0 a2=10 a3=0", "httpd", "/usr/sbin/httpd",
	       "mechanism=cap capability=10 userns=4026531837 userns_level=0 userns_owner=0 policy=net.ipv4.ip_unprivileged_port_start policy_value=1024",
	       "type=SOCKADDR " STAMP "saddr=02000050000000000000000000000000\n");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Port 80 is below net.ipv4.ip_unprivileged_port_start = 1024, and "
		      "only CAP_NET_BIND_SERVICE binds below it: use a port of 1024 or "
		      "above, or root can give /usr/sbin/httpd that capability, for "
		      "every user who runs it; lowering "
		      "net.ipv4.ip_unprivileged_port_start instead would allow it to every "
		      "program: setcap cap_net_bind_service=+ep /usr/sbin/httpd",
		      "setcap cap_net_bind_service=+ep /usr/sbin/httpd", "root", 0,
		      "every run of /usr/sbin/httpd, by any user, may then bind ports "
		      "below 1024");
	auxerr_record_free(r);
}

static void test_sockaddr(void)
{
	struct auxerr_record *r;

	/* connect() to a unix socket the caller may not write: dac on its
	 * inode; the address is the socket's path */
	r = ev(42, -13, "a0=3 a1=7ffd0 a2=14 a3=0", "nc", "/usr/bin/nc",
	       "mechanism=dac class=other perm=2 granted=4 override=dac_override mode=0140755 ouid=0 ogid=0 inode=50 dev=00:1a",
	       "type=SOCKADDR " STAMP "saddr=01002F72756E2F782E736F636B00\n"
	       CWD_ROOT
	       "type=PATH " STAMP "item=0 name=\"/run/x.sock\" inode=50 dev=00:1a mode=0140755 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n");
	expect_sentence(r, "connect /run/x.sock: denied by file permissions: mode 0755 "
			"root:root; uid 65534 is \"other\" and has no write permission");
	auxerr_record_free(r);

	/* an abstract unix socket, an IPv6 address: named, whatever decided */
	r = ev(42, -13, "a0=3 a1=7ffd0 a2=6 a3=0", "x", "/x",
	       "mechanism=lsm lsm=apparmor lsm_hook=unix_stream_connect",
	       "type=SOCKADDR " STAMP "saddr=0100006162630000\n");
	expect_sentence(r, "connect @abc: denied by the security module apparmor in its "
			"unix_stream_connect check");
	auxerr_record_free(r);
	r = ev(49, -13, "a0=3 a1=7ffd0 a2=1c a3=0", "x", "/x",
	       "mechanism=cap capability=10 userns_level=0 policy=net.ipv4.ip_unprivileged_port_start policy_value=1024",
	       "type=SOCKADDR " STAMP "saddr=0A000050000000000000000000000000000000000000000100000000\n");
	expect_sentence(r, "bind [::1] port 80: denied by "
			"net.ipv4.ip_unprivileged_port_start = 1024, which requires "
			"CAP_NET_BIND_SERVICE: uid 65534 does not have it in the initial "
			"user namespace");
	auxerr_record_free(r);
}

static void test_owner_op(void)
{
	char want[1024];
	struct auxerr_record *r;
	const char *path0 = CWD_ROOT
		"type=PATH " STAMP "item=0 name=\"/srv/x\" inode=12 dev=00:1a mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n";
	const char *path1000 = CWD_ROOT
		"type=PATH " STAMP "item=0 name=\"/srv/y\" inode=13 dev=00:1a mode=0100644 ouid=1000 ogid=1000 rdev=00:00 nametype=NORMAL\n";

	/* chmod("/srv/x", 0666) of root's file: the owner runs the chmod */
	r = ev(90, -1, "a0=55d0 a1=1b6 a2=0 a3=0", "chmod", "/usr/bin/chmod",
	       "mechanism=cap capability=3 userns=4026531837 userns_level=0 userns_owner=0 owner_op=chmod ouid=0 ogid=0 mode=0100644 inode=12 dev=00:1a",
	       path0);
	expect_sentence(r, "chmod /srv/x: denied for lack of ownership: only the owner "
			"(root) or a process with CAP_FOWNER may chmod /srv/x, and uid "
			"65534 is neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only the owner of /srv/x (uid 0, root) or a process with CAP_FOWNER "
		      "may change its mode: the owner can do it: chmod 0666 /srv/x",
		      "chmod 0666 /srv/x", "the file's owner (uid 0, root)", 0, NULL);
	auxerr_record_free(r);

	/* the PATH record names the file without its inode (the owner is
	 * checked after the walk): the one name is the file */
	r = ev(90, -1, "a0=55d0 a1=1b6 a2=0 a3=0", "chmod", "/usr/bin/chmod",
	       "mechanism=cap capability=3 userns=4026531837 userns_level=0 userns_owner=0 owner_op=chmod ouid=0 ogid=0 mode=0100644 inode=12 dev=00:1a",
	       "type=CWD " STAMP "cwd=\"/srv\"\n"
	       "type=PATH " STAMP "item=0 name=\"x\" nametype=UNKNOWN\n");
	expect_sentence(r, "chmod x: denied for lack of ownership: only the owner "
			"(root) or a process with CAP_FOWNER may chmod x, and uid "
			"65534 is neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only the owner of /srv/x (uid 0, root) or a process with CAP_FOWNER "
		      "may change its mode: the owner can do it: chmod 0666 /srv/x",
		      "chmod 0666 /srv/x", "the file's owner (uid 0, root)", 0, NULL);
	auxerr_record_free(r);

	/* fchmodat(AT_FDCWD, "/srv/y", 0600) of uid 1000's file */
	r = ev(268, -1, "a0=ffffff9c a1=55d0 a2=180 a3=0", "chmod", "/usr/bin/chmod",
	       "mechanism=cap capability=3 userns_level=0 owner_op=chmod ouid=1000 ogid=1000 mode=0100644 inode=13 dev=00:1a",
	       path1000);
	snprintf(want, sizeof(want),
		 "fchmodat /srv/y: denied for lack of ownership: only the owner (%s) or a "
		 "process with CAP_FOWNER may chmod /srv/y, and uid 65534 is neither", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "Only the owner of /srv/y (uid 1000, %s) or a process with CAP_FOWNER may "
		 "change its mode: the owner can do it: chmod 0600 /srv/y", u1000());
	{
		char who[256];

		snprintf(who, sizeof(who), "the file's owner (uid 1000, %s) or root", u1000());
		check_remedy(r, AUXERR_REMEDY_COMMAND, want, "chmod 0600 /srv/y", who,
			      1000, NULL);
	}
	auxerr_record_free(r);

	/* chown("/srv/y", 65534, -1): only root */
	r = ev(92, -1, "a0=55d0 a1=fffe a2=ffffffff a3=0", "chown", "/usr/bin/chown",
	       "mechanism=cap capability=0 userns_level=0 owner_op=chown ouid=1000 ogid=1000 mode=0100644 inode=13 dev=00:1a",
	       path1000);
	snprintf(want, sizeof(want),
		 "chown /srv/y: denied for lack of a capability: only a process with "
		 "CAP_CHOWN may change the owner of /srv/y (now %s), and uid 65534 does "
		 "not have it", u1000());
	expect_sentence(r, want);
	snprintf(want, sizeof(want),
		 "Only root (CAP_CHOWN) may give /srv/y another owner (now uid 1000, %s): "
		 "root can do it: chown 65534 /srv/y", u1000());
	check_remedy(r, AUXERR_REMEDY_COMMAND, want, "chown 65534 /srv/y", "root", 0, NULL);
	auxerr_record_free(r);

	/* fchownat(AT_FDCWD, "/srv/x", -1, 42): chgrp to shadow */
	r = ev(260, -1, "a0=ffffff9c a1=55d0 a2=ffffffff a3=2a", "chgrp", "/usr/bin/chgrp",
	       "mechanism=cap capability=0 userns_level=0 owner_op=chgrp ngid=42 ouid=0 ogid=0 mode=0100644 inode=12 dev=00:1a",
	       path0);
	snprintf(want, sizeof(want),
		 "fchownat /srv/x: denied for lack of ownership: only the owner (root), "
		 "and only to a group it is a member of, or a process with CAP_CHOWN may "
		 "change the group of /srv/x to %s, and uid 65534 is neither", group_name(42));
	expect_sentence(r, want);
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "The owner of /srv/x (uid 0, root) may give it only a group the owner "
		      "is a member of, and root any group: root can do it: chgrp 42 /srv/x",
		      "chgrp 42 /srv/x", "root", 0, NULL);
	auxerr_record_free(r);

	/* utimensat with explicit times; O_NOATIME; setxattr; fileattr */
	r = ev(280, -1, "a0=ffffff9c a1=55d0 a2=7ffd0 a3=0", "touch", "/usr/bin/touch",
	       "mechanism=cap capability=3 userns_level=0 owner_op=utimes ouid=0 ogid=0 mode=0100644 inode=12 dev=00:1a",
	       path0);
	expect_sentence(r, "utimensat /srv/x: denied for lack of ownership: only the "
			"owner (root) or a process with CAP_FOWNER may set the times of "
			"/srv/x to other than now, and uid 65534 is neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only the owner of /srv/x (uid 0, root) or a process with CAP_FOWNER "
		      "may set its times to other than now: the owner can set them (touch -d)",
		      NULL, "the file's owner (uid 0, root)", 0, NULL);
	auxerr_record_free(r);
	r = ev(257, -1, "a0=ffffff9c a1=55d0 a2=40000 a3=0", "x", "/x",
	       "mechanism=cap capability=3 userns_level=0 owner_op=noatime ouid=0 ogid=0 mode=0100644 inode=12 dev=00:1a",
	       path0);
	expect_sentence(r, "openat /srv/x: denied for lack of ownership: only the owner "
			"(root) or a process with CAP_FOWNER may open /srv/x with "
			"O_NOATIME, and uid 65534 is neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only the owner of /srv/x (uid 0, root) or a process with CAP_FOWNER "
		      "may open it with O_NOATIME: open it without O_NOATIME",
		      NULL, "the caller (uid 65534, nobody)", 65534, NULL);
	auxerr_record_free(r);
	r = ev(188, -1, "a0=55d0 a1=55e0 a2=55f0 a3=4", "setfattr", "/usr/bin/setfattr",
	       "mechanism=cap capability=3 userns_level=0 owner_op=setxattr ouid=0 ogid=0 mode=0100644 inode=12 dev=00:1a",
	       path0);
	expect_sentence(r, "setxattr /srv/x: denied for lack of ownership: only the owner "
			"(root) or a process with CAP_FOWNER may set extended attributes "
			"of /srv/x, and uid 65534 is neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only the owner of /srv/x (uid 0, root) or a process with CAP_FOWNER "
		      "may make this change (setxattr): the owner can make it",
		      NULL, "the file's owner (uid 0, root)", 0, NULL);
	auxerr_record_free(r);
	r = ev(16, -1, "a0=3 a1=40086602 a2=7ffd0 a3=0", "chattr", "/usr/bin/chattr",
	       "mechanism=cap capability=3 userns_level=0 owner_op=fileattr ouid=0 ogid=0 mode=0100644 inode=12 dev=00:1a",
	       path0);
	expect_sentence(r, "ioctl /srv/x: denied for lack of ownership: only the owner "
			"(root) or a process with CAP_FOWNER may change the inode flags "
			"(chattr) of /srv/x, and uid 65534 is neither");
	auxerr_record_free(r);
	r = ev(16, -1, "a0=3 a1=0 a2=0 a3=0", "x", "/x",
	       "mechanism=cap capability=3 owner_op=set_acl ouid=0", "");
	expect_sentence(r, "ioctl: denied for lack of ownership: only the owner (root) or "
			"a process with CAP_FOWNER may change the ACL of the file, and uid "
			"65534 is neither");
	auxerr_record_free(r);
	r = ev(16, -1, "a0=3 a1=0 a2=0 a3=0", "x", "/x",
	       "mechanism=cap capability=3 owner_op=owner ouid=0", "");
	expect_sentence(r, "ioctl: denied for lack of ownership: only the owner (root) or "
			"a process with CAP_FOWNER may make this change to the file, and "
			"uid 65534 is neither");
	auxerr_record_free(r);
}

static void test_proc_sys(void)
{
	struct auxerr_record *r;
	const char *path = "type=CWD " STAMP "cwd=\"/proc/sys/kernel\"\n"
		"type=PATH " STAMP "item=0 name=\"dmesg_restrict\" inode=3312 dev=00:16 mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n";

	/* python3 writes /proc/sys/kernel/dmesg_restrict (relative name) */
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=241 a3=1b6", "python3", "/usr/bin/python3.11",
	       "mechanism=dac class=other perm=2 granted=4 override=dac_override mode=0100644 ouid=0 ogid=0 inode=3312 dev=00:16 permission=proc_sys",
	       path);
	expect_sentence(r, "openat dmesg_restrict: denied by the permissions of the sysctl "
			"kernel.dmesg_restrict: mode 0644 root:root; uid 65534 is "
			"\"other\" and has no write permission");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only root may change the sysctl kernel.dmesg_restrict (its file "
		      "under /proc/sys allows no one else to write it): root runs sysctl "
		      "-w kernel.dmesg_restrict=VALUE with the value wanted",
		      NULL, "root", 0, NULL);
	auxerr_record_free(r);

	/* reading a 0600 sysctl */
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", "cat", "/usr/bin/cat",
	       "mechanism=dac class=other perm=4 granted=0 override=dac_read_search,dac_override mode=0100600 ouid=0 ogid=0 inode=3313 dev=00:16 permission=proc_sys",
	       CWD_ROOT
	       "type=PATH " STAMP "item=0 name=\"/proc/sys/fs/binfmt_misc/x\" inode=3313 dev=00:16 mode=0100600 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n");
	expect_sentence(r, "openat /proc/sys/fs/binfmt_misc/x: denied by the permissions "
			"of the sysctl fs.binfmt_misc.x: mode 0600 root:root; uid 65534 is "
			"\"other\" and has no read permission");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "Only root may read the sysctl fs.binfmt_misc.x: sysctl fs.binfmt_misc.x",
		      "sysctl fs.binfmt_misc.x", "root", 0, NULL);
	auxerr_record_free(r);

	/* another permission() method, and proc_sys without a path */
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", "cat", "/usr/bin/cat",
	       "mechanism=dac class=other perm=4 granted=0 override=none mode=0100400 ouid=0 ogid=0 permission=kernfs", "");
	expect_sentence(r, "openat: denied by the permissions the file system's kernfs "
			"method checks: mode 0400 root:root; uid 65534 is \"other\" and "
			"has no read permission");
	auxerr_record_free(r);
	r = ev(257, -13, "a0=ffffff9c a1=7ffd0 a2=0 a3=0", "cat", "/usr/bin/cat",
	       "mechanism=dac class=other perm=4 granted=0 override=none mode=0100400 ouid=0 ogid=0 permission=proc_sys", "");
	expect_sentence(r, "openat: denied by the permissions of a sysctl file: mode 0400 "
			"root:root; uid 65534 is \"other\" and has no read permission");
	auxerr_record_free(r);
}

/* the fixtures/issue19-*.txt texts (also the fuzzers' seeds): each
 * parses, names its mechanism, and every fact its sentence needs is
 * there (no "?" in it) */
static void test_fixtures(void)
{
	static const struct {
		const char *name, *mechanism;
	} fx[] = {
		{ "issue19-protected-symlinks", "protected" },
		{ "issue19-protected-hardlinks", "protected" },
		{ "issue19-protected-regular", "protected" },
		{ "issue19-signal", "signal" },
		{ "issue19-signal-hidden", "signal" },
		{ "issue19-task", "task" },
		{ "issue19-unknown", "unknown" },
		{ "issue19-cap-policy-port", "cap" },
		{ "issue19-cap-policy-perf", "cap" },
		{ "issue19-cap-owner-chmod", "cap" },
		{ "issue19-cap-owner-chgrp", "cap" },
		{ "issue19-dac-proc_sys", "dac" },
		{ "issue19-sockaddr-unix", "dac" },
	};

	for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++) {
		struct auxerr_record *r = parse_fixture(fx[i].name);
		struct auxerr_remedy *m;
		const char *s;

		if (!r)
			continue;
		ASSERT_STR(auxerr_record_mechanism(r), fx[i].mechanism);
		s = auxerr_explain(r);
		CU_ASSERT_PTR_NOT_NULL(s);
		if (s && strchr(s, '?'))
			fprintf(stderr, "\n  %s: %s\n", fx[i].name, s);
		CU_ASSERT_PTR_NULL(s ? strchr(s, '?') : "");
		m = auxerr_record_remedy(r);
		CU_ASSERT_PTR_NOT_NULL(m);
		if (m && strchr(auxerr_remedy_text(m), '?'))
			fprintf(stderr, "\n  %s: %s\n", fx[i].name, auxerr_remedy_text(m));
		CU_ASSERT_PTR_NULL(m ? strchr(auxerr_remedy_text(m), '?') : "");
		auxerr_remedy_free(m);
		auxerr_record_free(r);
	}
}

void add_everyday_suite(void)
{
	CU_pSuite s = CU_add_suite("everyday (issue 19)", NULL, NULL);

	CU_add_test(s, "protected: symlinks", test_protected_symlinks);
	CU_add_test(s, "protected: hardlinks, every unsafe=", test_protected_hardlinks);
	CU_add_test(s, "protected: fifos, regular, no sysctl", test_protected_fifos_regular);
	CU_add_test(s, "signal: ids, real/saved, hidden, unnamed", test_signal);
	CU_add_test(s, "task: setpriority, hidden", test_task);
	CU_add_test(s, "unknown: census records", test_unknown);
	CU_add_test(s, "cap policy=: perf, dmesg, low port", test_cap_policy);
	CU_add_test(s, "SOCKADDR: unix path, abstract, IPv6", test_sockaddr);
	CU_add_test(s, "cap owner_op=: chmod, chown, chgrp, utimes, noatime, xattr", test_owner_op);
	CU_add_test(s, "dac permission=: proc_sys, another method", test_proc_sys);
	CU_add_test(s, "fixtures/issue19-*: parse, explain, remedy", test_fixtures);
}
