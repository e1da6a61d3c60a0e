/* Issue 35, the kernel's side: denials that kept no record (filetype,
 * broadcast, sysctl, key, kernel.io_uring_disabled), the common
 * ancestor's cgroup.procs named apart from the file written, thin facts made whole (ptrace's target ids,
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

/* a move between two delegated cgroups: the common ancestor's
 * cgroup.procs refused (PATH), not the file written (fd_name=) */
static void test_cgroup_common_ancestor(void)
{
	struct auxerr_record *r = ev(1, -13, "a0=3 a1=7ffd0 a2=1 a3=0",
		"mechanism=dac class=other perm=2 granted=4 override=dac_override mode=0100644 ouid=0 ogid=0 inode=1081 dev=00:1a fd_name=\"/sys/fs/cgroup/deleg/b/cgroup.procs\"",
		"type=PATH " STAMP "item=0 name=\"/sys/fs/cgroup/deleg/cgroup.procs\" inode=1081 dev=00:1a mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n",
		1);

	expect_field(r, "fd_name", "\"/sys/fs/cgroup/deleg/b/cgroup.procs\"",
		     "/sys/fs/cgroup/deleg/b/cgroup.procs");
	expect_sentence(r, "write /sys/fs/cgroup/deleg/b/cgroup.procs: moving a "
			"process to another cgroup takes write permission on "
			"the cgroup.procs of the common ancestor of its cgroup "
			"and the destination, and the file that refused is "
			"/sys/fs/cgroup/deleg/cgroup.procs, that common "
			"ancestor's, not the one written: mode 0644 root:root; "
			"uid 65534 is \"other\" and has no write permission");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The file's owner (uid 0, root) can delegate to uid 65534 "
		     "the cgroup.procs of the common ancestor "
		     "/sys/fs/cgroup/deleg as well, so that the user may move "
		     "its processes between the cgroups below it; or the user "
		     "moves a process only between cgroups of one subtree "
		     "delegated to it whole: chown nobody "
		     "/sys/fs/cgroup/deleg/cgroup.procs",
		     "chown nobody /sys/fs/cgroup/deleg/cgroup.procs",
		     "the file's owner (uid 0, root)", 0,
		     "uid 65534 may then move its processes into and out of "
		     "every cgroup below /sys/fs/cgroup/deleg, not only those "
		     "delegated to it, and so out of the limits set on them");
	auxerr_record_free(r);
	/* the ancestor above the caller's cgroup mount: not named */
	r = ev(1, -13, "a0=3 a1=7ffd0 a2=1 a3=0",
	       "mechanism=dac class=other perm=2 granted=4 mode=0100644 ouid=0 ogid=0 inode=1081 dev=00:1a fd_name=\"/sys/fs/cgroup/b/cgroup.procs\"",
	       "type=PATH " STAMP "item=0 inode=1081 dev=00:1a mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n",
	       1);
	expect_sentence(r, "write /sys/fs/cgroup/b/cgroup.procs: moving a "
			"process to another cgroup takes write permission on "
			"the cgroup.procs of the common ancestor of its cgroup "
			"and the destination, and that common ancestor's file "
			"refused, not the one written; it lies outside the "
			"cgroups the caller's mount shows: mode 0644 root:root; "
			"uid 65534 is \"other\" and has no write permission");
	auxerr_record_free(r);
}

/* keyctl read of root's key, which only a possessor may use */
static void test_key_other(void)
{
	struct auxerr_record *r = ev(250, -13, "a0=b a1=2b8e1c0 a2=7ffd0 a3=40",
		"mechanism=key key_serial=45670848 key_type=\"user\" ouid=0 ogid=0 key_perm=3f000000 need=read class=other possessed=no granted=00",
		"", 0);

	expect_field(r, "key_serial", "45670848", NULL);
	expect_sentence(r, "keyctl: denied by the permissions of key 45670848 "
			"(user): owner root, group root, mask 3f000000; uid "
			"65534 is \"other\" to it and does not possess it, which "
			"grants nothing, not read");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The key's owner (uid 0, root) can give the other byte of "
		     "key 45670848 read permission, from a shell that "
		     "possesses the key: keyctl setperm 45670848 0x3f000002",
		     "keyctl setperm 45670848 0x3f000002",
		     "the key's owner (uid 0, root)", 0,
		     "every user who knows its serial may then read key "
		     "45670848, not only uid 65534");
	auxerr_record_free(r);
}

/* its own key, possessed, whose owner byte lacks read; the description */
static void test_key_own(void)
{
	struct auxerr_record *r = ev(250, -13, "a0=b a1=1f a2=7ffd0 a3=40",
		"mechanism=key key_serial=31 key_type=\"user\" ouid=65534 ogid=65534 key_perm=003d0000 need=read class=user possessed=yes granted=3d key_desc=\"mine\"",
		"", 0);

	expect_sentence(r, "keyctl: denied by the permissions of key 31 (user "
			"\"mine\"): owner nobody, group nogroup, mask 003d0000; "
			"uid 65534 owns it and possesses it (it is in one of its "
			"keyrings), which grants view, write, search, link and "
			"setattr, not read");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The caller (uid 65534, nobody) owns key 31 and may give "
		     "its owner's byte read permission: keyctl setperm 31 "
		     "0x003f0000",
		     "keyctl setperm 31 0x003f0000",
		     "the caller (uid 65534, nobody), the key's owner", 65534,
		     NULL);
	auxerr_record_free(r);
	/* setattr for no one: no command */
	r = ev(250, -13, "a0=b a1=1f a2=7ffd0 a3=40",
	       "mechanism=key key_serial=31 key_type=\"user\" ouid=65534 ogid=65534 key_perm=01010000 need=read class=user possessed=yes granted=01",
	       "", 0);
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No one may change the permissions of key 31: its mask "
		     "grants setattr neither to its owner nor to a possessor; "
		     "its owner can make the key anew with the permissions "
		     "wanted",
		     NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* io_uring_setup under kernel.io_uring_disabled 2, and 1 with a group */
static void test_sysctl_io_uring(void)
{
	struct auxerr_record *r = ev(425, -1, "a0=4 a1=7ffd0 a2=0 a3=0",
		"mechanism=sysctl policy=kernel.io_uring_disabled policy_value=2 policy_gid=-1",
		"", 0);

	expect_sentence(r, "io_uring_setup: denied by kernel.io_uring_disabled "
			"= 2: io_uring is disabled for every process, whatever "
			"its privileges");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "Only root can allow io_uring again: lowering "
		     "kernel.io_uring_disabled from 2 to 0 allows it to every "
		     "process; 1, with kernel.io_uring_group set to a group of "
		     "the user's, would allow it to that group only: sysctl -w "
		     "kernel.io_uring_disabled=0",
		     "sysctl -w kernel.io_uring_disabled=0", "root", 0,
		     "every process may then create an io_uring, whose attack "
		     "surface kernel.io_uring_disabled closed");
	auxerr_record_free(r);
	r = ev(425, -1, "a0=4 a1=7ffd0 a2=0 a3=0",
	       "mechanism=sysctl policy=kernel.io_uring_disabled policy_value=1 policy_gid=-1",
	       "", 0);
	expect_sentence(r, "io_uring_setup: denied by kernel.io_uring_disabled "
			"= 1: only a process with CAP_SYS_ADMIN may create an "
			"io_uring (kernel.io_uring_group names no group), and "
			"uid 65534 lacks it");
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
	CU_add_test(s, "dac: a cgroup's common ancestor refused", test_cgroup_common_ancestor);
	CU_add_test(s, "key: root's key, not possessed", test_key_other);
	CU_add_test(s, "key: its own key without read", test_key_own);
	CU_add_test(s, "sysctl: kernel.io_uring_disabled", test_sysctl_io_uring);
}
