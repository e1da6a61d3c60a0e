/* Issue 19: the capability-set rules (mechanism=capset): capset(2) and
 * prctl's securebits, keepcaps and ambient rules, refused with EPERM by
 * security/commoncap.c.  Event texts written by hand from
 * docs/record-format.md, field by field; every sentence and remedy
 * written out literally.  The caller is nobody (uid 65534) unless said. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "hand_event.h"

/* pinger host */
#define PT_PINGER "type=PROCTITLE " STAMP "proctitle=70696E67657200686F7374\n"
/* setpriv --inh-caps +net_raw id */
#define PT_SETPRIV_INH "type=PROCTITLE " STAMP \
	"proctitle=73657470726976002D2D696E682D63617073002B6E65745F726177006964\n"
/* setpriv --ambient-caps +net_raw id */
#define PT_SETPRIV_AMB "type=PROCTITLE " STAMP \
	"proctitle=73657470726976002D2D616D6269656E742D63617073002B6E65745F726177006964\n"
/* capsh --secbits=1 -- -c id */
#define PT_CAPSH "type=PROCTITLE " STAMP \
	"proctitle=6361707368002D2D736563626974733D31002D2D002D63006964\n"

/* the full bounding set but CAP_NET_RAW (13), as auparse names it */
#define ALL_BUT_NET_RAW "chown,dac_override,dac_read_search,fowner,fsetid,kill,setgid,setuid,setpcap,linux_immutable,net_bind_service,net_broadcast,net_admin,ipc_lock,ipc_owner,sys_module,sys_rawio,sys_chroot,sys_ptrace,sys_pacct,sys_admin,sys_boot,sys_nice,sys_resource,sys_time,sys_tty_config,mknod,lease,audit_write,audit_control,setfcap,mac_override,mac_admin,syslog,wake_alarm,block_suspend,audit_read,perfmon,bpf,checkpoint_restore"

/* an event: SYSCALL @nr (exit -1, no PATH item), every id @id, AUXERR @aux,
 * then @more (whole lines); EPERM and mechanism capset asserted */
static struct auxerr_record *ev(int nr, const char *args, unsigned id,
				const char *comm, const char *exe,
				const char *aux, const char *more)
{
	struct auxerr_record *r = hand_event(nr, -1, args, 0, id, comm, exe,
					     aux, more);

	if (r) {
		CU_ASSERT_EQUAL(auxerr_record_errno(r), EPERM);
		ASSERT_STR(auxerr_record_mechanism(r), "capset");
	}
	return r;
}

/* ---- capset(2): the set rules ----------------------------------------- */

static void test_permitted(void)
{
	struct auxerr_record *r;

	/* nobody's program raises CAP_NET_RAW into its permitted set */
	r = ev(126, "a0=7ffd10 a1=7ffd20 a2=0 a3=0", 65534, "pinger",
	       "/usr/local/bin/pinger",
	       "mechanism=capset op=capset rule=permitted_not_held capability=13 cap_pi=0000000000000000 cap_pp=0000000000000000 cap_pe=0000000000000000 new_pi=0000000000000000 new_pp=0000000000002000 new_pe=0000000000002000",
	       CWD_ROOT PT_PINGER);
	expect_field(r, "mechanism", "capset", NULL);
	expect_field(r, "op", "capset", NULL);
	expect_field(r, "rule", "permitted_not_held", NULL);
	expect_field(r, "capability", "13", "net_raw");
	expect_field(r, "cap_pi", "0000000000000000", "none");
	expect_field(r, "cap_pp", "0000000000000000", "none");
	expect_field(r, "cap_pe", "0000000000000000", "none");
	expect_field(r, "new_pi", "0000000000000000", "none");
	expect_field(r, "new_pp", "0000000000002000", "net_raw");
	expect_field(r, "new_pe", "0000000000002000", "net_raw");
	expect_absent(r, "cap_bnd");
	expect_absent(r, "securebits");
	expect_sentence(r, "capset: a process can only drop capabilities from its "
			"permitted set, never add them: CAP_NET_RAW is not among those "
			"it holds (none)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "A process cannot give itself CAP_NET_RAW, only receive it when "
		     "the program starts: root can run the program again as uid 65534 "
		     "with CAP_NET_RAW alone, rather than as root: cd / && setpriv "
		     "--reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw "
		     "--ambient-caps=+net_raw -- /usr/local/bin/pinger host",
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+net_raw --ambient-caps=+net_raw -- "
		     "/usr/local/bin/pinger host", "root", 0, NULL);
	auxerr_record_free(r);

	/* holds two, asks for a third: the held set named, upper case */
	r = ev(126, "a0=7ffd10 a1=7ffd20 a2=0 a3=0", 1000, "pinger",
	       "/usr/local/bin/pinger",
	       "mechanism=capset op=capset rule=permitted_not_held capability=21 cap_pi=0000000000000000 cap_pp=0000000000003000 cap_pe=0000000000001000 new_pi=0000000000000000 new_pp=0000000000203000 new_pe=0000000000001000",
	       "");
	expect_field(r, "cap_pp", "0000000000003000", "net_admin,net_raw");
	expect_field(r, "new_pp", "0000000000203000", "net_admin,net_raw,sys_admin");
	expect_sentence(r, "capset: a process can only drop capabilities from its "
			"permitted set, never add them: CAP_SYS_ADMIN is not among those "
			"it holds (CAP_NET_ADMIN, CAP_NET_RAW)");
	/* no PROCTITLE: no command, the setpriv options named */
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "A process cannot give itself CAP_SYS_ADMIN, only receive it when "
		     "the program starts: root can run /usr/local/bin/pinger as uid 1000 "
		     "with CAP_SYS_ADMIN alone, rather than as root (setpriv "
		     "--inh-caps=+sys_admin --ambient-caps=+sys_admin)",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);
}

static void test_effective(void)
{
	struct auxerr_record *r;

	/* pE asks for a capability pP does not have */
	r = ev(126, "a0=7ffd10 a1=7ffd20 a2=0 a3=0", 65534, "pinger",
	       "/usr/local/bin/pinger",
	       "mechanism=capset op=capset rule=effective_not_permitted capability=13 cap_pi=0000000000000000 cap_pp=0000000000000000 cap_pe=0000000000000000 new_pi=0000000000000000 new_pp=0000000000000000 new_pe=0000000000002000",
	       CWD_ROOT PT_PINGER);
	expect_field(r, "rule", "effective_not_permitted", NULL);
	expect_field(r, "new_pe", "0000000000002000", "net_raw");
	expect_sentence(r, "capset: CAP_NET_RAW cannot be made effective: it is not in "
			"the permitted set (none)");
	/* new pE must be within new pP: the call as made never succeeds,
	 * whatever capabilities the program is started with */
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The program asks to make CAP_NET_RAW effective without it in the "
		     "permitted set it asks for, which no process may do: only a change "
		     "to its capset() call allows it (and, as it does not hold "
		     "CAP_NET_RAW, the capability given to it when it starts)",
		     NULL, NULL, -1, NULL);
	auxerr_record_free(r);

	/* held, but dropped from pP in the same call: the program's bug */
	r = ev(126, "a0=7ffd10 a1=7ffd20 a2=0 a3=0", 65534, "pinger",
	       "/usr/local/bin/pinger",
	       "mechanism=capset op=capset rule=effective_not_permitted capability=13 cap_pi=0000000000000000 cap_pp=0000000000002000 cap_pe=0000000000002000 new_pi=0000000000000000 new_pp=0000000000000000 new_pe=0000000000002000",
	       CWD_ROOT PT_PINGER);
	expect_sentence(r, "capset: CAP_NET_RAW cannot be made effective: it is not in "
			"the permitted set (none)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "The program asks to make CAP_NET_RAW effective while dropping it "
		     "from its permitted set in the same call: only a change to its "
		     "capset() call allows it", NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

static void test_inheritable(void)
{
	struct auxerr_record *r;

	/* setpriv --inh-caps +net_raw as nobody: not in pI|pP, no SETPCAP */
	r = ev(126, "a0=7ffd10 a1=7ffd20 a2=0 a3=0", 65534, "setpriv",
	       "/usr/bin/setpriv",
	       "mechanism=capset op=capset rule=inheritable_not_permitted capability=13 cap_pi=0000000000000000 cap_pp=0000000000000000 cap_pe=0000000000000000 new_pi=0000000000002000 new_pp=0000000000000000 new_pe=0000000000000000",
	       CWD_ROOT PT_SETPRIV_INH);
	expect_field(r, "rule", "inheritable_not_permitted", NULL);
	expect_field(r, "new_pi", "0000000000002000", "net_raw");
	expect_absent(r, "cap_bnd");
	expect_sentence(r, "capset: adding CAP_NET_RAW to the inheritable set needs it "
			"in the permitted set (none) or CAP_SETPCAP, and this process "
			"has neither");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "A process cannot give itself CAP_NET_RAW, only receive it when "
		     "the program starts: root can run the program again as uid 65534 "
		     "with CAP_NET_RAW alone, rather than as root: cd / && setpriv "
		     "--reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw "
		     "--ambient-caps=+net_raw -- /usr/bin/setpriv --inh-caps +net_raw id",
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+net_raw --ambient-caps=+net_raw -- /usr/bin/setpriv "
		     "--inh-caps +net_raw id", "root", 0, NULL);
	auxerr_record_free(r);

	/* root (CAP_SETPCAP) after PR_CAPBSET_DROP of CAP_NET_RAW */
	r = ev(126, "a0=7ffd10 a1=7ffd20 a2=0 a3=0", 0, "setpriv",
	       "/usr/bin/setpriv",
	       "mechanism=capset op=capset rule=inheritable_not_bounding capability=13 cap_pi=0000000000000000 cap_pp=000001ffffffffff cap_pe=000001ffffffffff cap_bnd=000001ffffffdfff new_pi=0000000000002000 new_pp=000001ffffffffff new_pe=000001ffffffffff",
	       CWD_ROOT PT_SETPRIV_INH);
	expect_field(r, "rule", "inheritable_not_bounding", NULL);
	expect_field(r, "cap_bnd", "000001ffffffdfff", ALL_BUT_NET_RAW);
	expect_sentence(r, "capset: CAP_NET_RAW was removed from this session's bounding "
			"set (by whoever started it), so no process below can make it "
			"inheritable again");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "CAP_NET_RAW was dropped from the bounding set by a process this one "
		     "descends from, and no process can put it back: the program must be "
		     "started from a session whose bounding set keeps CAP_NET_RAW (for a "
		     "systemd service, CapabilityBoundingSet= must list it)",
		     NULL, "whoever starts the session (its bounding set is inherited)", -1,
		     "processes of that session may then gain CAP_NET_RAW again (through "
		     "file capabilities or setuid-root programs), which dropping it from "
		     "the bounding set prevents");
	auxerr_record_free(r);
}

static void test_other_process(void)
{
	struct auxerr_record *r;

	r = ev(126, "a0=7ffd10 a1=7ffd20 a2=0 a3=0", 65534, "capset-other",
	       "/usr/local/bin/capset-other", "mechanism=capset op=capset rule=other_process", "");
	expect_field(r, "rule", "other_process", NULL);
	expect_absent(r, "capability");
	expect_absent(r, "cap_pp");
	expect_absent(r, "new_pp");
	expect_sentence(r, "capset: capset() can change only the caller's own "
			"capabilities (since Linux 2.6.25)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy: no process may change another process's capabilities; "
		     "the program must call capset() on itself (pid 0), or the other "
		     "process be started with the capabilities it needs",
		     NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* ---- prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE) ---------------------- */

static void test_ambient(void)
{
	struct auxerr_record *r;

	/* setpriv --ambient-caps +net_raw as nobody: in neither set */
	r = ev(157, "a0=2f a1=2 a2=d a3=0", 65534, "setpriv", "/usr/bin/setpriv",
	       "mechanism=capset op=ambient_raise rule=ambient_not_permitted capability=13 cap_pi=0000000000000000 cap_pp=0000000000000000 securebits=0",
	       CWD_ROOT PT_SETPRIV_AMB);
	expect_field(r, "op", "ambient_raise", NULL);
	expect_field(r, "rule", "ambient_not_permitted", NULL);
	expect_field(r, "capability", "13", "net_raw");
	expect_field(r, "cap_pi", "0000000000000000", "none");
	expect_field(r, "cap_pp", "0000000000000000", "none");
	expect_field(r, "securebits", "0", NULL);
	expect_absent(r, "new_pp");
	expect_sentence(r, "prctl: raising CAP_NET_RAW into the ambient set needs it in "
			"both the permitted and the inheritable set: it is in neither "
			"(permitted: none; inheritable: none)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "A process cannot give itself CAP_NET_RAW, only receive it when "
		     "the program starts: root can run the program again as uid 65534 "
		     "with CAP_NET_RAW alone, rather than as root: cd / && setpriv "
		     "--reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw "
		     "--ambient-caps=+net_raw -- /usr/bin/setpriv --ambient-caps "
		     "+net_raw id",
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+net_raw --ambient-caps=+net_raw -- /usr/bin/setpriv "
		     "--ambient-caps +net_raw id", "root", 0, NULL);
	auxerr_record_free(r);

	/* inheritable but not permitted */
	r = ev(157, "a0=2f a1=2 a2=d a3=0", 65534, "setpriv", "/usr/bin/setpriv",
	       "mechanism=capset op=ambient_raise rule=ambient_not_permitted capability=13 cap_pi=0000000000002000 cap_pp=0000000000000000 securebits=0",
	       "");
	expect_sentence(r, "prctl: raising CAP_NET_RAW into the ambient set needs it in "
			"both the permitted and the inheritable set: it is not in the "
			"permitted set (none)");
	auxerr_record_free(r);

	/* permitted but not inheritable: the program may fix it itself */
	r = ev(157, "a0=2f a1=2 a2=d a3=0", 1000, "setpriv", "/usr/bin/setpriv",
	       "mechanism=capset op=ambient_raise rule=ambient_not_inheritable capability=13 cap_pi=0000000000000000 cap_pp=0000000000002000 securebits=0",
	       CWD_ROOT PT_SETPRIV_AMB);
	expect_field(r, "rule", "ambient_not_inheritable", NULL);
	expect_field(r, "cap_pp", "0000000000002000", "net_raw");
	expect_sentence(r, "prctl: raising CAP_NET_RAW into the ambient set needs it in "
			"both the permitted and the inheritable set: it is not in the "
			"inheritable set (none)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "CAP_NET_RAW is in the process's permitted set, so the program may "
		     "add it to its inheritable set itself, and then raise it into the "
		     "ambient set (setpriv --inh-caps=+net_raw --ambient-caps=+net_raw; "
		     "capsh --inh=cap_net_raw --addamb=cap_net_raw)",
		     NULL, "the program itself (uid 1000)", 1000, NULL);
	auxerr_record_free(r);

	/* SECBIT_NO_CAP_AMBIENT_RAISE, locked (64|128) */
	r = ev(157, "a0=2f a1=2 a2=d a3=0", 65534, "setpriv", "/usr/bin/setpriv",
	       "mechanism=capset op=ambient_raise rule=no_ambient_raise capability=13 cap_pi=0000000000002000 cap_pp=0000000000002000 securebits=192",
	       CWD_ROOT PT_SETPRIV_AMB);
	expect_field(r, "rule", "no_ambient_raise", NULL);
	expect_field(r, "securebits", "192", NULL);
	expect_sentence(r, "prctl: SECBIT_NO_CAP_AMBIENT_RAISE forbids raising ambient "
			"capabilities in this process and its children, and it is locked "
			"(SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "SECBIT_NO_CAP_AMBIENT_RAISE forbids ambient capabilities in this "
		     "process and its children, but not in a program root starts anew: "
		     "root can run the program again as uid 65534 with CAP_NET_RAW alone, "
		     "rather than as root: cd / && setpriv --reuid=65534 --regid=65534 "
		     "--init-groups --inh-caps=+net_raw --ambient-caps=+net_raw -- "
		     "/usr/bin/setpriv --ambient-caps +net_raw id",
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+net_raw --ambient-caps=+net_raw -- /usr/bin/setpriv "
		     "--ambient-caps +net_raw id", "root", 0, NULL);
	auxerr_record_free(r);

	/* not locked */
	r = ev(157, "a0=2f a1=2 a2=d a3=0", 65534, "setpriv", "/usr/bin/setpriv",
	       "mechanism=capset op=ambient_raise rule=no_ambient_raise capability=13 cap_pi=0000000000002000 cap_pp=0000000000002000 securebits=64",
	       "");
	expect_sentence(r, "prctl: SECBIT_NO_CAP_AMBIENT_RAISE forbids raising ambient "
			"capabilities in this process and its children");
	auxerr_record_free(r);
}

/* ---- prctl(PR_SET_SECUREBITS), prctl(PR_SET_KEEPCAPS) ----------------- */

static void test_securebits(void)
{
	struct auxerr_record *r;
	const char *lock_text =
		"A locked securebit stays as it is in this process and every process "
		"it starts, even root's: only a program started outside this process "
		"tree, without the lock, can change it";
	const char *lock_who =
		"whoever starts this process tree with the lock (systemd's SecureBits=, "
		"capsh --secbits)";
	const char *lock_weakens =
		"processes started without the lock may change the securebit, which "
		"the lock keeps fixed for the whole process tree";

	/* 47 = NOROOT|NOROOT_LOCKED|NO_SETUID_FIXUP|its lock|KEEP_CAPS_LOCKED;
	 * asking 3 changes NO_SETUID_FIXUP and clears two locks */
	r = ev(157, "a0=1c a1=3 a2=0 a3=0", 0, "capsh", "/usr/sbin/capsh",
	       "mechanism=capset op=securebits rule=locked securebits=47 new_securebits=3",
	       CWD_ROOT PT_CAPSH);
	expect_field(r, "op", "securebits", NULL);
	expect_field(r, "rule", "locked", NULL);
	expect_field(r, "securebits", "47", NULL);
	expect_field(r, "new_securebits", "3", NULL);
	expect_absent(r, "capability");
	expect_sentence(r, "prctl: SECBIT_NO_SETUID_FIXUP and SECBIT_KEEP_CAPS are "
			"locked (SECBIT_NO_SETUID_FIXUP_LOCKED, "
			"SECBIT_KEEP_CAPS_LOCKED): no process can change them, here or "
			"in children");
	check_remedy(r, AUXERR_REMEDY_POLICY, lock_text, NULL, lock_who, -1,
		     lock_weakens);
	auxerr_record_free(r);

	/* one bit: NOROOT locked, asked to clear it and its lock */
	r = ev(157, "a0=1c a1=0 a2=0 a3=0", 0, "capsh", "/usr/sbin/capsh",
	       "mechanism=capset op=securebits rule=locked securebits=3 new_securebits=0", "");
	expect_sentence(r, "prctl: SECBIT_NOROOT is locked (SECBIT_NOROOT_LOCKED): no "
			"process can change it, here or in children");
	auxerr_record_free(r);

	/* three: NOROOT, KEEP_CAPS, NO_CAP_AMBIENT_RAISE locked (0xa2 | 0x01
	 * | 0x40 = 227), asked 0 */
	r = ev(157, "a0=1c a1=0 a2=0 a3=0", 0, "capsh", "/usr/sbin/capsh",
	       "mechanism=capset op=securebits rule=locked securebits=227 new_securebits=0", "");
	expect_sentence(r, "prctl: SECBIT_NOROOT, SECBIT_KEEP_CAPS and "
			"SECBIT_NO_CAP_AMBIENT_RAISE are locked (SECBIT_NOROOT_LOCKED, "
			"SECBIT_KEEP_CAPS_LOCKED, SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED): "
			"no process can change them, here or in children");
	auxerr_record_free(r);

	/* PR_SET_KEEPCAPS with SECBIT_KEEP_CAPS_LOCKED */
	r = ev(157, "a0=8 a1=1 a2=0 a3=0", 65534, "keeper", "/usr/local/bin/keeper",
	       "mechanism=capset op=keepcaps rule=locked securebits=32", "");
	expect_field(r, "op", "keepcaps", NULL);
	expect_field(r, "securebits", "32", NULL);
	expect_absent(r, "new_securebits");
	expect_sentence(r, "prctl: SECBIT_KEEP_CAPS is locked (SECBIT_KEEP_CAPS_LOCKED): "
			"no process can change it, here or in children");
	check_remedy(r, AUXERR_REMEDY_POLICY, lock_text, NULL, lock_who, -1,
		     lock_weakens);
	auxerr_record_free(r);

	/* without CAP_SETPCAP */
	r = ev(157, "a0=1c a1=1 a2=0 a3=0", 65534, "capsh", "/usr/sbin/capsh",
	       "mechanism=capset op=securebits rule=no_setpcap capability=8 securebits=0 new_securebits=1",
	       CWD_ROOT PT_CAPSH);
	expect_field(r, "rule", "no_setpcap", NULL);
	expect_field(r, "capability", "8", "setpcap");
	expect_field(r, "new_securebits", "1", NULL);
	expect_sentence(r, "prctl: changing securebits needs CAP_SETPCAP, and uid 65534 "
			"does not have it");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		     "Changing securebits needs CAP_SETPCAP: root can run the program "
		     "again as uid 65534 with CAP_SETPCAP alone, rather than as root: "
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+setpcap --ambient-caps=+setpcap -- /usr/sbin/capsh "
		     "--secbits=1 -- -c id",
		     "cd / && setpriv --reuid=65534 --regid=65534 --init-groups "
		     "--inh-caps=+setpcap --ambient-caps=+setpcap -- /usr/sbin/capsh "
		     "--secbits=1 -- -c id", "root", 0, NULL);
	auxerr_record_free(r);

	/* a bit this kernel does not know (256 on Linux 6.12) */
	r = ev(157, "a0=1c a1=100 a2=0 a3=0", 0, "capsh", "/usr/sbin/capsh",
	       "mechanism=capset op=securebits rule=unknown_bits securebits=0 new_securebits=256", "");
	expect_sentence(r, "prctl: the securebits asked for (256) include bits this "
			"kernel does not know");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy: the program asks for securebits this kernel does not "
		     "know; only a change to the program (or a kernel that knows them) "
		     "allows it", NULL, NULL, -1, NULL);
	auxerr_record_free(r);

	/* a rule this library does not know: the facts, no guess */
	r = ev(157, "a0=1c a1=1 a2=0 a3=0", 0, "x", "/x",
	       "mechanism=capset op=securebits rule=newer_rule securebits=0", "");
	expect_sentence(r, "prctl: denied by the mechanism \"capset\" (op=securebits, "
			"rule=newer_rule, securebits=0)");
	check_remedy(r, AUXERR_REMEDY_NONE,
		     "No remedy: the capability-set rule \"newer_rule\" is not known here",
		     NULL, NULL, -1, NULL);
	auxerr_record_free(r);
}

/* the fixtures/issue19c-*.txt texts (also the fuzzers' seeds) */
static void test_fixtures(void)
{
	static const char *const fx[] = {
		"issue19c-capset-permitted", "issue19c-capset-bounding",
		"issue19c-ambient", "issue19c-securebits",
	};

	for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++)
		expect_fixture(fx[i], "capset");
}

void add_spec19c_suite(void)
{
	CU_pSuite s = CU_add_suite("capability sets (issue 19, capset)", NULL, NULL);

	CU_add_test(s, "capset: permitted_not_held", test_permitted);
	CU_add_test(s, "capset: effective_not_permitted, held or not", test_effective);
	CU_add_test(s, "capset: inheritable not permitted, not in the bounding set", test_inheritable);
	CU_add_test(s, "capset: another process", test_other_process);
	CU_add_test(s, "prctl ambient raise: neither, not permitted, not inheritable, secbit", test_ambient);
	CU_add_test(s, "prctl securebits and keepcaps: locked, no_setpcap, unknown bits", test_securebits);
	CU_add_test(s, "fixtures/issue19c-*: parse, explain, remedy", test_fixtures);
}
