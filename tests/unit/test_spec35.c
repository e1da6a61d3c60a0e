/* Issue 35, the kernel's side: denials that kept no record (filetype,
 * broadcast, sysctl), thin facts made whole (ptrace's target ids,
 * RLIMIT_MEMLOCK, the oom_score_adj floor) and the directory of an inode
 * flag named by the kernel (nametype=PARENT, or NORMAL for the directory
 * itself).  Event texts written by hand from docs/record-format.md, field
 * by field; every sentence and remedy written out literally
 * (hand_event.h).  The caller is nobody (uid 65534, gid 65534). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_event.h"

#define CWD_EV "type=CWD " STAMP "cwd=\"/tmp/ev\"\n"
#define EV "/tmp/ev/bin/auxerr-everyday"

/* a denial of system call @nr by nobody, exit @exit_, AUXERR @aux, then
 * @path (PATH lines, or "") */
static struct auxerr_record *ev(int nr, int exit_, const char *args,
				const char *aux, const char *path,
				unsigned items)
{
	char more[2048];
	struct auxerr_record *r;

	snprintf(more, sizeof(more), "%s%s", CWD_EV, path);
	r = hand_event(nr, exit_, args, items, 65534, "auxerr-everyda", EV,
		       aux, more);
	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), -exit_);
		CU_ASSERT_EQUAL(auxerr_record_syscall(r), nr);
	}
	return r;
}

/* execve of a directory: mode bits do not matter */
static void test_filetype_dir(void)
{
	struct auxerr_record *r = ev(59, -13, "a0=7ffd0 a1=7ffd8 a2=7ffe0 a3=0",
		"mechanism=filetype perm=1 mode=040755 ouid=0 ogid=0 inode=12 dev=00:1d",
		"type=PATH " STAMP "item=0 name=\"/srv/tools\" inode=12 dev=00:1d mode=040755 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n",
		1);

	expect_field(r, "perm", "1", NULL);
	expect_sentence(r, "execve /srv/tools: only a regular file can be "
			"executed, and /srv/tools is a directory (its mode "
			"bits 0755 do not matter)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No change of permissions allows executing a directory: "
		     "run a program inside /srv/tools by its full name "
		     "(/srv/tools/PROGRAM), or add /srv/tools to PATH",
		     NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* sendto 255.255.255.255 from a UDP socket without SO_BROADCAST */
static void test_broadcast(void)
{
	struct auxerr_record *r = ev(44, -13, "a0=3 a1=55d0 a2=1 a3=0",
		"mechanism=broadcast daddr=255.255.255.255 sock_type=2 protocol=17",
		"", 0);

	expect_field(r, "daddr", "255.255.255.255", NULL);
	expect_sentence(r, "sendto: 255.255.255.255 is a broadcast address, "
			"and a UDP socket may send to one only once the "
			"program has set SO_BROADCAST on it, which it has not; "
			"no privilege is missing");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The program (" EV ") must ask for broadcasting before it "
		     "sends: setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &one, "
		     "sizeof(one)) on the socket; or send to the one host meant "
		     "instead of the broadcast address", NULL, NULL, -1, NULL);
	auxerr_record_free(r);

	/* ping's ICMP echo socket: its -b option */
	r = ev(44, -13, "a0=3 a1=55d0 a2=40 a3=0",
	       "mechanism=broadcast daddr=10.0.0.255 sock_type=2 protocol=1",
	       "", 0);
	expect_sentence(r, "sendto: 10.0.0.255 is a broadcast address, and an "
			"ICMP echo (ping) socket may send to one only once the "
			"program has set SO_BROADCAST on it, which it has not; "
			"no privilege is missing");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The program (" EV ") must ask for broadcasting before it "
		     "sends: setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &one, "
		     "sizeof(one)) on the socket; ping does so with its -b "
		     "option; or send to the one host meant instead of the "
		     "broadcast address", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* memfd_create(MFD_EXEC) under vm.memfd_noexec = 2 */
static void test_sysctl_memfd(void)
{
	struct auxerr_record *r = ev(319, -13, "a0=4020f0 a1=10 a2=0 a3=0",
		"mechanism=sysctl policy=vm.memfd_noexec policy_value=2", "", 0);

	expect_field(r, "policy", "vm.memfd_noexec", NULL);
	expect_absent(r, "capability");
	expect_sentence(r, "memfd_create: denied by vm.memfd_noexec = 2: a "
			"memfd must be created with MFD_NOEXEC_SEAL (never "
			"executable), and the program asked for MFD_EXEC; no "
			"capability overrides it");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "A program that does not execute its memfd passes "
		     "MFD_NOEXEC_SEAL to memfd_create() and needs no change of "
		     "the system; for one that must, root can lower "
		     "vm.memfd_noexec from 2 to 1 (MFD_EXEC allowed when asked "
		     "for), in the initial pid namespace: a pid namespace "
		     "cannot go below its parent's value: sysctl -w "
		     "vm.memfd_noexec=1",
		     "sysctl -w vm.memfd_noexec=1", "root", 0,
		     "every process may then create executable memfds again, "
		     "so that code can be run from memory without a file on "
		     "disk, which vm.memfd_noexec = 2 forbade");
	auxerr_record_free(r);
}

/* PTRACE_ATTACH to root's process, the ids visible, then hidden */
static void test_ptrace_ids(void)
{
	struct auxerr_record *r = ev(101, -1, "a0=10 a1=1f4 a2=0 a3=0",
		"mechanism=ptrace reason=creds opid=500 ouid=0 oruid=0 osuid=0 ogid=0 orgid=0 osgid=0 capability=19 userns=4026531837 userns_owner=0",
		"", 0);

	expect_field(r, "ouid", "0", "root");
	expect_sentence(r, "ptrace: denied by the ptrace access rules: process "
			"500 belongs to another user (root): its real, "
			"effective and saved user and group ids must all be the "
			"caller's, and uid 65534 lacks CAP_SYS_PTRACE");
	auxerr_record_free(r);
	r = ev(101, -1, "a0=10 a1=1f4 a2=0 a3=0",
	       "mechanism=ptrace reason=creds opid=500 ids=hidden capability=19",
	       "", 0);
	expect_absent(r, "ouid");
	expect_sentence(r, "ptrace: denied by the ptrace access rules: process "
			"500 belongs to another user, whose ids are hidden from "
			"the caller: its real, effective and saved user and "
			"group ids must all be the caller's, and uid 65534 lacks "
			"CAP_SYS_PTRACE");
	auxerr_record_free(r);
	/* a record without the ids (an older kernel, the BPF backend) */
	r = ev(101, -1, "a0=10 a1=1f4 a2=0 a3=0",
	       "mechanism=ptrace reason=creds opid=500", "", 0);
	expect_sentence(r, "ptrace: denied by the ptrace access rules: process "
			"500 runs with other user or group ids than uid 65534, "
			"which lacks CAP_SYS_PTRACE");
	auxerr_record_free(r);
}

/* mlock over RLIMIT_MEMLOCK: EPERM at 0, ENOMEM above */
static void test_memlock(void)
{
	struct auxerr_record *r = ev(149, -1, "a0=7f00 a1=1000 a2=0 a3=0",
		"mechanism=cap capability=14 userns=4026531837 userns_level=0 userns_owner=0 rlimit=RLIMIT_MEMLOCK rlimit_cur=0",
		"", 0);

	expect_sentence(r, "mlock: RLIMIT_MEMLOCK (0) does not let this process "
			"lock any memory; that needs CAP_IPC_LOCK, and uid 65534 "
			"does not have it in the initial user namespace");
	if (r) {
		struct auxerr_remedy *m = auxerr_record_remedy(r);

		CU_ASSERT_PTR_NOT_NULL_FATAL(m);
		CU_ASSERT_EQUAL(auxerr_remedy_kind(m), AUXERR_REMEDY_COMMAND);
		ASSERT_STR(auxerr_remedy_who(m), "root");
		CU_ASSERT_PTR_NULL(auxerr_remedy_command(m));
		CU_ASSERT_PTR_NOT_NULL(strstr(auxerr_remedy_text(m),
			"Root can raise RLIMIT_MEMLOCK"));
		auxerr_remedy_free(m);
	}
	auxerr_record_free(r);
	r = ev(149, -12, "a0=7f00 a1=100000 a2=0 a3=0",
	       "mechanism=cap capability=14 userns=4026531837 userns_level=0 userns_owner=0 rlimit=RLIMIT_MEMLOCK rlimit_cur=65536",
	       "", 0);
	expect_sentence(r, "mlock: RLIMIT_MEMLOCK (65536 bytes) lets this "
			"process lock only that much memory in all; more needs "
			"CAP_IPC_LOCK, and uid 65534 does not have it in the "
			"initial user namespace");
	auxerr_record_free(r);
}

/* write of /proc/PID/oom_score_adj below the floor */
static void test_oom_floor(void)
{
	struct auxerr_record *r = ev(1, -13, "a0=3 a1=55d0 a2=4 a3=0",
		"mechanism=cap capability=24 userns=4026531837 userns_level=0 userns_owner=0 policy=oom_score_adj_min policy_value=0",
		"type=PATH " STAMP "item=0 name=\"/proc/812/oom_score_adj\" nametype=UNKNOWN\n",
		1);

	expect_sentence(r, "write /proc/812/oom_score_adj: denied below the "
			"process's floor oom_score_adj_min = 0: without "
			"CAP_SYS_RESOURCE a process's oom_score_adj may not be "
			"lowered below the value a process with that capability "
			"last set for it (0 unless one did), and uid 65534 does "
			"not have it in the initial user namespace");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Root can set the value, which also lowers the floor of "
		     "process 812 to it, so that its owner may then lower it "
		     "that far too: choom -p 812 -n VALUE (or echo VALUE > "
		     "/proc/812/oom_score_adj); for a service, "
		     "OOMScoreAdjust=VALUE in its systemd unit",
		     NULL, "root", 0,
		     "the out-of-memory killer then spares that process longer, "
		     "and kills others first");
	auxerr_record_free(r);
}

/* the kernel names a directory's flag: PARENT for an entry made in it,
 * NORMAL for the directory itself (chmod of it: not its parent) */
static void test_inode_parent(void)
{
	struct auxerr_record *r = ev(83, -1, "a0=7ffd0 a1=1ed a2=0 a3=0",
		"mechanism=inode flag=immutable fstype=ext4 sb=\"loop0\" mode=040777 ouid=0 ogid=0 inode=12 dev=07:00",
		"type=PATH " STAMP "item=0 name=\"/mnt/frozen/\" inode=12 dev=07:00 mode=040777 ouid=0 ogid=0 rdev=00:00 nametype=PARENT\n",
		1);

	expect_sentence(r, "mkdir /mnt/frozen/: denied by an inode flag: the "
			"directory /mnt/frozen is immutable (chattr +i)");
	auxerr_record_free(r);
	r = ev(90, -1, "a0=7ffd0 a1=1c0 a2=0 a3=0",
	       "mechanism=inode flag=append fstype=ext4 sb=\"loop0\" mode=040777 ouid=65534 ogid=65534 inode=13 dev=07:00",
	       "type=PATH " STAMP "item=0 name=\"/mnt/logs\" inode=13 dev=07:00 mode=040777 ouid=65534 ogid=65534 rdev=00:00 nametype=NORMAL\n",
	       1);
	/* the directory itself: its own flag, not one of a name in it */
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Root, with CAP_LINUX_IMMUTABLE, can clear the append-only "
		     "flag of /mnt/logs: chattr -a /mnt/logs",
		     "chattr -a /mnt/logs", "root (CAP_LINUX_IMMUTABLE)", 0,
		     "/mnt/logs may then be overwritten, truncated or removed, "
		     "not only appended to, which the append-only flag prevents "
		     "even for root (chattr +a sets it again)");
	auxerr_record_free(r);
}

void add_spec35_suite(void)
{
	CU_pSuite s = CU_add_suite("spec35: the kernel's new notes and facts", NULL, NULL);

	CU_add_test(s, "filetype: execve of a directory", test_filetype_dir);
	CU_add_test(s, "broadcast without SO_BROADCAST", test_broadcast);
	CU_add_test(s, "sysctl: vm.memfd_noexec", test_sysctl_memfd);
	CU_add_test(s, "ptrace: the target's ids", test_ptrace_ids);
	CU_add_test(s, "cap: RLIMIT_MEMLOCK", test_memlock);
	CU_add_test(s, "cap: the oom_score_adj floor", test_oom_floor);
	CU_add_test(s, "inode: PARENT and NORMAL from the kernel", test_inode_parent);
}
