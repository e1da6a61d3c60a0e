/* Issue 19, spec19e: System V IPC permissions (mechanism=ipc): op=access,
 * ipcperms() refusing the mode's bits to the caller's class (EACCES), and
 * op=ctl, IPC_RMID or IPC_SET by neither the owner nor the creator
 * (EPERM).  The kind of object comes from the system call: shm*, msg*,
 * sem*.  Event texts written by hand from docs/record-format.md, field by
 * field; every sentence and remedy written out literally (the scaffolding
 * of hand_event.h).  The caller is nobody (uid 65534), whose name and
 * group's name are looked up (user_name, group_name). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_event.h"

#define CWD_EV "type=CWD " STAMP "cwd=\"/tmp/ev\"\n"
#define EV "/tmp/ev/bin/auxerr-everyday"

/* an event: system call @nr, exit @exit_, as nobody; AUXERR @aux; the
 * errno and the mechanism */
static struct auxerr_record *ev(int nr, int exit_, const char *args,
				const char *comm, const char *exe,
				const char *aux)
{
	struct auxerr_record *r = hand_event(nr, exit_, args, 0, 65534, comm,
					     exe, aux, CWD_EV);

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), -exit_);
		CU_ASSERT_EQUAL(auxerr_record_syscall(r), nr);
		ASSERT_STR(auxerr_record_mechanism(r), "ipc");
	}
	return r;
}

/* "uid 65534, nobody" as this host names uid @uid */
static const char *label(unsigned uid, char *buf, size_t len)
{
	char num[16];

	snprintf(num, sizeof(num), "%u", uid);
	if (strcmp(user_name(uid), num) == 0)
		snprintf(buf, len, "uid %u", uid);
	else
		snprintf(buf, len, "uid %u, %s", uid, user_name(uid));
	return buf;
}

/* shmat() of root's 0600 segment key 0x00005eed by nobody: other, read */
static void test_shmat_other(void)
{
	struct auxerr_record *r = ev(30, -13, "a0=0 a1=0 a2=1000 a3=0",
		"auxerr-everyda", EV,
		"mechanism=ipc op=access ipc_key=0x00005eed ipc_id=0 mode=0600 ouid=0 ogid=0 cuid=0 cgid=0 class=other perm=4 granted=0 capability=15");
	char me[64], text[1024], weak[256];

	if (r) {
		ASSERT_STR(auxerr_record_syscall_name(r), "shmat");
		CU_ASSERT_EQUAL(auxerr_record_count(r, "PATH"), 0);
	}
	expect_field(r, "op", "access", NULL);
	expect_absent(r, "cmd");
	expect_field(r, "ipc_key", "0x00005eed", NULL);
	expect_field(r, "ipc_id", "0", NULL);
	expect_field(r, "mode", "0600", NULL);
	expect_field(r, "ouid", "0", "root");
	expect_field(r, "ogid", "0", "root");
	expect_field(r, "cuid", "0", "root");
	expect_field(r, "cgid", "0", "root");
	expect_field(r, "class", "other", NULL);
	expect_field(r, "perm", "4", "read");
	expect_field(r, "granted", "0", NULL);
	expect_field(r, "capability", "15", "ipc_owner");
	expect_sentence(r, "shmat: denied by the permissions of the shared "
			"memory segment key 0x00005eed (id 0): mode 0600, owner "
			"and creator root:root; uid 65534 is \"other\" and has no "
			"read permission");
	snprintf(text, sizeof(text), "Mode 0600 of the shared memory segment key "
		 "0x00005eed (id 0) gives others no read permission, and there is "
		 "no command to change it: a program running as its owner and "
		 "creator (uid 0, root) can give it a group the caller (%s) is in "
		 "and mode 0640 with shmctl(0, IPC_SET), or whoever creates it can "
		 "create it so; mode 0604 would let every user in",
		 label(65534, me, sizeof(me)));
	snprintf(weak, sizeof(weak), "every member of that group may then read "
		 "it (with mode 0604, every user)");
	check_remedy(r, AUXERR_REMEDY_COMMAND, text, NULL,
		     "its owner and creator (uid 0, root)", 0, weak);
	auxerr_record_free(r);
}

/* ipcrm -M 0x5eed as nobody: shmctl(0, IPC_RMID) refused, EPERM */
static void test_ipcrm_shm(void)
{
	struct auxerr_record *r = ev(31, -1, "a0=0 a1=0 a2=0 a3=0",
		"ipcrm", "/usr/bin/ipcrm",
		"mechanism=ipc op=ctl cmd=0 ipc_key=0x00005eed ipc_id=0 mode=0600 ouid=0 ogid=0 cuid=0 cgid=0 capability=21");

	if (r)
		ASSERT_STR(auxerr_record_syscall_name(r), "shmctl");
	expect_field(r, "op", "ctl", NULL);
	expect_field(r, "cmd", "0", NULL);
	expect_field(r, "ipc_key", "0x00005eed", NULL);
	expect_field(r, "ipc_id", "0", NULL);
	expect_field(r, "mode", "0600", NULL);
	expect_field(r, "ouid", "0", "root");
	expect_field(r, "cuid", "0", "root");
	expect_field(r, "capability", "21", "sys_admin");
	expect_absent(r, "class");
	expect_absent(r, "perm");
	expect_absent(r, "granted");
	expect_sentence(r, "shmctl: only the owner or the creator of the shared "
			"memory segment key 0x00005eed (id 0), root, or "
			"CAP_SYS_ADMIN may remove it: owner and creator root:root, "
			"and uid 65534 is neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only its owner and creator (uid 0, root) may remove the "
		     "shared memory segment key 0x00005eed (id 0): that user can "
		     "run the command: ipcrm -m 0", "ipcrm -m 0",
		     "its owner and creator (uid 0, root)", 0, NULL);
	auxerr_record_free(r);
}

/* msgsnd() to a 0640 queue of group nogroup (owner's group) created by
 * root:root: the caller is in the group, which may not write */
static void test_msgsnd_group(void)
{
	struct auxerr_record *r = ev(69, -13, "a0=8001 a1=7ffd4a10 a2=10 a3=0",
		"auxerr-everyda", EV,
		"mechanism=ipc op=access ipc_key=0x00005eef ipc_id=32769 mode=0640 ouid=0 ogid=65534 cuid=0 cgid=0 class=group perm=2 granted=4 capability=15");
	char want[512], text[1024], weak[256];

	if (r)
		ASSERT_STR(auxerr_record_syscall_name(r), "msgsnd");
	expect_field(r, "ipc_id", "32769", NULL);
	expect_field(r, "ogid", "65534", group_name(65534));
	expect_field(r, "cgid", "0", "root");
	expect_field(r, "class", "group", NULL);
	expect_field(r, "perm", "2", "write");
	expect_field(r, "granted", "4", NULL);
	snprintf(want, sizeof(want), "msgsnd: denied by the permissions of the "
		 "message queue key 0x00005eef (id 32769): mode 0640, owner "
		 "root:%s, creator root:root; uid 65534 is in group %s or the "
		 "creator's group root and the group has no write permission",
		 group_name(65534), group_name(65534));
	expect_sentence(r, want);
	snprintf(text, sizeof(text), "Mode 0640 of the message queue key "
		 "0x00005eef (id 32769) gives its group no write permission, and "
		 "there is no command to change it: a program running as its "
		 "owner and creator (uid 0, root) can set mode 0660 with "
		 "msgctl(32769, IPC_SET), or whoever creates it can create it so");
	snprintf(weak, sizeof(weak), "every member of its group (gid 65534, %s) "
		 "and of its creator's group (gid 0, root) may then write it",
		 group_name(65534));
	check_remedy(r, AUXERR_REMEDY_COMMAND, text, NULL,
		     "its owner and creator (uid 0, root)", 0, weak);
	auxerr_record_free(r);
}

/* semop() on an IPC_PRIVATE set 0660 of group 65534 by a caller outside
 * it: the group's bits would grant it, so root adds the caller */
static void test_semop_other_group_grants(void)
{
	struct auxerr_record *r = ev(65, -13, "a0=7 a1=7ffd4a10 a2=1 a3=0",
		"auxerr-everyda", EV,
		"mechanism=ipc op=access ipc_key=0x00000000 ipc_id=7 mode=0660 ouid=0 ogid=65534 cuid=0 cgid=0 class=other perm=6 granted=0 capability=15");
	char want[512], text[1024], weak[256], me[64], cmd[64];

	if (r)
		ASSERT_STR(auxerr_record_syscall_name(r), "semop");
	expect_field(r, "ipc_key", "0x00000000", NULL);
	expect_field(r, "perm", "6", NULL);
	snprintf(want, sizeof(want), "semop: denied by the permissions of the "
		 "semaphore set key IPC_PRIVATE (id 7): mode 0660, owner root:%s, "
		 "creator root:root; uid 65534 is \"other\" and has no read and "
		 "write permission", group_name(65534));
	expect_sentence(r, want);
	label(65534, me, sizeof(me));
	snprintf(cmd, sizeof(cmd), "usermod -a -G 65534 %s", user_name(65534));
	snprintf(text, sizeof(text), "Mode 0660 of the semaphore set key "
		 "IPC_PRIVATE (id 7) gives its group (gid 65534, %s) read and "
		 "write permission and others none: root can add the caller (%s) "
		 "to that group, from its next login, if it should have it; else a "
		 "program running as its owner and creator (uid 0, root) can change "
		 "the mode with semctl(7, 0, IPC_SET): %s",
		 group_name(65534), me, cmd);
	snprintf(weak, sizeof(weak), "the caller (%s) also gets what group 65534 "
		 "has on every other file and object of that group", me);
	check_remedy(r, AUXERR_REMEDY_COMMAND, text, cmd, "root", 0, weak);
	auxerr_record_free(r);
}

/* semctl(IPC_SET) of a set root owns and uid 4242 created: both named;
 * no command (IPC_SET is a program's call) */
static void test_semctl_set_owner_creator(void)
{
	struct auxerr_record *r = ev(66, -1, "a0=3 a1=0 a2=1 a3=7ffd4a10",
		"sem-admin", "/usr/local/bin/sem-admin",
		"mechanism=ipc op=ctl cmd=1 ipc_key=0x00005ef0 ipc_id=3 mode=0660 ouid=0 ogid=0 cuid=4242 cgid=4242 capability=21");
	char want[512], text[1024], who[256], cr[64];

	if (r)
		ASSERT_STR(auxerr_record_syscall_name(r), "semctl");
	expect_field(r, "cmd", "1", NULL);
	expect_field(r, "cuid", "4242", NULL);
	expect_field(r, "cgid", "4242", NULL);
	snprintf(want, sizeof(want), "semctl: only the owner or the creator of "
		 "the semaphore set key 0x00005ef0 (id 3), root, or CAP_SYS_ADMIN "
		 "may change its owner or mode: owner root:root, creator %s:%s, "
		 "and uid 65534 is neither", user_name(4242), group_name(4242));
	expect_sentence(r, want);
	snprintf(who, sizeof(who), "its owner (uid 0, root), its creator (%s) or root",
		 label(4242, cr, sizeof(cr)));
	snprintf(text, sizeof(text), "Only %s may change the owner or the mode of "
		 "the semaphore set key 0x00005ef0 (id 3): a program that runs as "
		 "one of them can do it with semctl(3, 0, IPC_SET)", who);
	check_remedy(r, AUXERR_REMEDY_COMMAND, text, NULL, who, -1, NULL);
	auxerr_record_free(r);
}

/* msgctl(IPC_RMID) refused: ipcrm's option for a queue is -q */
static void test_msgctl_rmid(void)
{
	struct auxerr_record *r = ev(71, -1, "a0=32769 a1=0 a2=0 a3=0",
		"ipcrm", "/usr/bin/ipcrm",
		"mechanism=ipc op=ctl cmd=0 ipc_key=0x00005eef ipc_id=32769 mode=0640 ouid=0 ogid=0 cuid=0 cgid=0 capability=21");

	expect_sentence(r, "msgctl: only the owner or the creator of the "
			"message queue key 0x00005eef (id 32769), root, or "
			"CAP_SYS_ADMIN may remove it: owner and creator root:root, "
			"and uid 65534 is neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only its owner and creator (uid 0, root) may remove the "
		     "message queue key 0x00005eef (id 32769): that user can run "
		     "the command: ipcrm -q 32769", "ipcrm -q 32769",
		     "its owner and creator (uid 0, root)", 0, NULL);
	auxerr_record_free(r);
}

/* shmat() for writing of a 0400 segment root owns and nobody created:
 * the creator has the owner's bits, and sets them itself */
static void test_owner_class_creator(void)
{
	struct auxerr_record *r = ev(30, -13, "a0=0 a1=0 a2=0 a3=0",
		"auxerr-everyda", EV,
		"mechanism=ipc op=access ipc_key=0x00005eed ipc_id=0 mode=0400 ouid=0 ogid=0 cuid=65534 cgid=65534 class=owner perm=6 granted=4 capability=15");
	char want[512], me[64], who[96];

	snprintf(want, sizeof(want), "shmat: denied by the permissions of the "
		 "shared memory segment key 0x00005eed (id 0): mode 0400, owner "
		 "root:root, creator %s:%s; uid 65534 is the creator, which has "
		 "the owner's permissions, and the owner has no write permission",
		 user_name(65534), group_name(65534));
	expect_sentence(r, want);
	snprintf(who, sizeof(who), "the caller (%s)", label(65534, me, sizeof(me)));
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "The caller owns or created the shared memory segment key "
		     "0x00005eed (id 0) and its mode 0400 gives the owner no write "
		     "permission: the caller's program can set mode 0600 with "
		     "shmctl(0, IPC_SET), or create it so", NULL, who, 65534, NULL);
	auxerr_record_free(r);
}

/* a record without the owner: no remedy, and the sentence says "?" only
 * where a fact is missing */
static void test_missing_facts(void)
{
	struct auxerr_record *r = ev(30, -13, "a0=0 a1=0 a2=0 a3=0",
		"auxerr-everyda", EV,
		"mechanism=ipc op=access ipc_key=0x00005eed ipc_id=0 mode=0600 class=other perm=4 granted=0 capability=15");

	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The record does not name the System V IPC object's owner, "
		     "creator and mode", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* the fixtures (also the fuzzers' seeds) say what the events above say */
static void test_fixtures(void)
{
	struct auxerr_record *r;

	expect_fixture("issue19e-ipc-shmat", "ipc");
	expect_fixture("issue19e-ipc-ipcrm", "ipc");
	expect_fixture("issue19e-ipc-msgsnd", "ipc");
	expect_fixture("issue19e-ipc-semctl", "ipc");
	r = parse_fixture("issue19e-ipc-shmat");
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EACCES);
	expect_sentence(r, "shmat: denied by the permissions of the shared "
			"memory segment key 0x00005eed (id 0): mode 0600, owner "
			"and creator root:root; uid 65534 is \"other\" and has no "
			"read permission");
	auxerr_record_free(r);
	r = parse_fixture("issue19e-ipc-ipcrm");
	if (r)
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Only its owner and creator (uid 0, root) may remove the "
		     "shared memory segment key 0x00005eed (id 0): that user can "
		     "run the command: ipcrm -m 0", "ipcrm -m 0",
		     "its owner and creator (uid 0, root)", 0, NULL);
	auxerr_record_free(r);
}

void add_spec19e_suite(void)
{
	CU_pSuite s = CU_add_suite("spec19e: System V IPC permissions", NULL, NULL);

	CU_add_test(s, "shmat, other, read", test_shmat_other);
	CU_add_test(s, "ipcrm -M: shmctl(IPC_RMID)", test_ipcrm_shm);
	CU_add_test(s, "msgsnd, group, owner's group != creator's", test_msgsnd_group);
	CU_add_test(s, "semop, other, the group would grant", test_semop_other_group_grants);
	CU_add_test(s, "semctl(IPC_SET), owner != creator", test_semctl_set_owner_creator);
	CU_add_test(s, "msgctl(IPC_RMID)", test_msgctl_rmid);
	CU_add_test(s, "owner class through the creator", test_owner_class_creator);
	CU_add_test(s, "a record without the owner", test_missing_facts);
	CU_add_test(s, "the fixtures (fuzz seeds)", test_fixtures);
}
