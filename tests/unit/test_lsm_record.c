/* The LSM's own record (type AVC) and the sandbox's maker (issues 20
 * and 22, the record format of docs/record-format.md): AppArmor's and
 * SELinux's AVC in the event, lsm_audited=, Landlock's domain= and
 * creator_*=, seccomp's creator_*=.  Event texts written by hand from
 * the format, field by field; sentences and remedies exact.  AppArmor
 * profiles are files this test writes into a temporary directory named
 * by $AUXERR_APPARMOR_DIR.  SELinux contexts here are ones Debian's
 * reference policy does not know, so the account only restates the AVC
 * (tests/unit/selinux/ has audit2why's verdicts on the real policy). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "apparmor-account.h"
#include "tests.h"

#define STAMP "msg=audit(1733350000.123:456): "

#define SYSCALL_OPEN(subj) \
	"type=SYSCALL " STAMP "arch=c000003e syscall=257 success=no exit=-13 a0=ffffff9c a1=7ffde98bfefe a2=0 a3=0 items=1 ppid=811 pid=812 auid=4294967295 uid=65534 gid=65534 euid=65534 suid=65534 fsuid=65534 egid=65534 sgid=65534 fsgid=65534 tty=(none) ses=4294967295 comm=\"cat\" exe=\"/usr/bin/cat\" subj=" subj " key=(null)\n"
#define PATH_TAIL(name) \
	"type=CWD " STAMP "cwd=\"/tmp\"\n" \
	"type=PATH " STAMP "item=0 name=\"" name "\" inode=17 dev=00:14 mode=0100644 ouid=0 ogid=0 rdev=00:00 nametype=NORMAL\n"

static struct auxerr_record *parse(const char *text)
{
	struct auxerr_record *r = auxerr_record_parse(text, strlen(text));

	CU_ASSERT_PTR_NOT_NULL(r);
	if (!r)
		fprintf(stderr, "\n  does not parse: %s\n", text);
	return r;
}

static void expect_sentence(struct auxerr_record *r, const char *want)
{
	if (r)
		ASSERT_STR(auxerr_explain(r), want);
}

/* ---- AppArmor ---------------------------------------------------------- */

static const char aa_file[] =
	SYSCALL_OPEN("auxerr_test")
	"type=UNKNOWN[1340] " STAMP "mechanism=lsm lsm=apparmor lsm_hook=file_open lsm_audited=1\n"
	"type=AVC " STAMP "apparmor=\"DENIED\" operation=\"open\" class=\"file\" profile=\"auxerr_test\" name=\"/tmp/aa.X/secret\" pid=812 comm=\"cat\" requested_mask=\"r\" denied_mask=\"r\" fsuid=65534 ouid=0\n"
	PATH_TAIL("/tmp/aa.X/secret");

static char aa_dir[64];

static void write_file(const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", aa_dir, rel);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
}

static int aa_setup(void)
{
	char local[96];

	strcpy(aa_dir, "/tmp/auxerr-aa.XXXXXX");
	if (!mkdtemp(aa_dir))
		return -1;
	snprintf(local, sizeof(local), "%s/local", aa_dir);
	if (mkdir(local, 0700) < 0)
		return -1;
	return setenv("AUXERR_APPARMOR_DIR", aa_dir, 1);
}

static int aa_teardown(void)
{
	char cmd[128];

	unsetenv("AUXERR_APPARMOR_DIR");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", aa_dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_apparmor_field_by_field(void)
{
	struct auxerr_record *r = parse(aa_file);

	if (!r)
		return;
	CU_ASSERT_EQUAL(auxerr_record_count(r, "AVC"), 1);
	ASSERT_STR(auxerr_record_field(r, "AUXERR", "lsm_audited"), "1");
	ASSERT_STR(auxerr_record_field(r, "AVC", "apparmor"), "\"DENIED\"");
	ASSERT_STR(auxerr_record_interpret(r, "AVC", "operation"), "open");
	ASSERT_STR(auxerr_record_interpret(r, "AVC", "profile"), "auxerr_test");
	ASSERT_STR(auxerr_record_interpret(r, "AVC", "name"), "/tmp/aa.X/secret");
	ASSERT_STR(auxerr_record_interpret(r, "AVC", "requested_mask"), "r");
	ASSERT_STR(auxerr_record_interpret(r, "AVC", "denied_mask"), "r");
	ASSERT_STR(auxerr_record_field(r, "AVC", "fsuid"), "65534");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow read (r) of /tmp/aa.X/secret");
	auxerr_record_free(r);
}

static struct auxerr_record *aa_variant(const char *aux_tail, const char *avc)
{
	char text[4096];

	snprintf(text, sizeof(text), "%s"
		 "type=UNKNOWN[1340] " STAMP "mechanism=lsm lsm=apparmor %s\n"
		 "type=AVC " STAMP "apparmor=\"DENIED\" %s\n%s",
		 SYSCALL_OPEN("auxerr_test"), aux_tail, avc,
		 PATH_TAIL("/tmp/aa.X/secret"));
	return parse(text);
}

static void test_apparmor_sentences(void)
{
	struct auxerr_record *r;

	/* silent: a deny rule or a quiet mode kept it out of the log */
	r = aa_variant("lsm_hook=file_open lsm_audited=0",
		       "operation=\"open\" class=\"file\" profile=\"auxerr_test\" name=\"/tmp/aa.X/secret\" pid=812 comm=\"cat\" requested_mask=\"rw\" denied_mask=\"wa\" fsuid=65534 ouid=0");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow write and append (wa) of /tmp/aa.X/secret; AppArmor did not log it (nothing was written to the audit log)");
	auxerr_record_free(r);

	/* every letter AppArmor writes for files */
	r = aa_variant("lsm_hook=file_open lsm_audited=1",
		       "operation=\"open\" class=\"file\" profile=\"p\" name=\"/x\" pid=812 comm=\"cat\" requested_mask=\"rwaxmklcd\" denied_mask=\"rwaxmklcd\" fsuid=65534 ouid=0");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'p' does not allow read, write, append, execute, mmap exec, lock, link, create and delete (rwaxmklcd) of /x");
	auxerr_record_free(r);

	/* a hex-encoded name (a blank in it), decoded */
	r = aa_variant("lsm_hook=file_open lsm_audited=1",
		       "operation=\"open\" class=\"file\" profile=\"p\" name=2F746D702F6120622F63 pid=812 comm=\"cat\" requested_mask=\"r\" denied_mask=\"r\" fsuid=65534 ouid=0");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'p' does not allow read (r) of /tmp/a b/c");
	auxerr_record_free(r);

	/* a capability */
	r = aa_variant("lsm_hook=capable lsm_audited=1",
		       "operation=\"capable\" class=\"cap\" profile=\"auxerr_test\" pid=812 comm=\"cat\" capability=12 capname=\"net_admin\"");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow the capability net_admin");
	auxerr_record_free(r);

	/* a signal to a peer whose label the caller may not see (lsm_detail 1) */
	r = aa_variant("lsm_hook=task_kill lsm_audited=1",
		       "operation=\"signal\" class=\"signal\" profile=\"auxerr_test\" pid=812 comm=\"kill\" requested_mask=\"send\" denied_mask=\"send\" signal=term peer=\"?\"");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow sending signal term to a process whose profile is hidden from the caller");
	auxerr_record_free(r);
	/* ... and at lsm_detail 2, the peer named */
	r = aa_variant("lsm_hook=task_kill lsm_audited=0",
		       "operation=\"signal\" class=\"signal\" profile=\"auxerr_test\" pid=812 comm=\"kill\" requested_mask=\"send\" denied_mask=\"send\" signal=hup peer=\"unconfined\"");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow sending signal hup to a process confined by 'unconfined'; AppArmor did not log it (nothing was written to the audit log)");
	auxerr_record_free(r);

	r = aa_variant("lsm_hook=ptrace_access_check lsm_audited=1",
		       "operation=\"ptrace\" class=\"ptrace\" profile=\"auxerr_test\" pid=812 comm=\"gdb\" requested_mask=\"read\" denied_mask=\"read\" peer=\"?\"");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow ptrace read of a process whose profile is hidden from the caller");
	auxerr_record_free(r);

	r = aa_variant("lsm_hook=sb_mount lsm_audited=1",
		       "operation=\"mount\" class=\"mount\" info=\"failed mntpnt match\" error=-13 profile=\"auxerr_test\" name=\"/mnt/\" pid=812 comm=\"mount\" fstype=\"tmpfs\" srcname=\"tmpfs\"");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow this mount of a tmpfs file system on /mnt/");
	auxerr_record_free(r);

	/* another class: its operation, class and mask (a one-word mask:
	 * auparse splits a quoted value at blanks) */
	r = aa_variant("lsm_hook=unix_stream_connect lsm_audited=1",
		       "operation=\"connect\" class=\"net\" family=\"unix\" profile=\"auxerr_test\" sock_type=\"stream\" protocol=0 requested_mask=\"connect\" denied_mask=\"connect\" addr=none peer_addr=\"@abc\" peer=\"?\"");
	expect_sentence(r, "openat /tmp/aa.X/secret: AppArmor profile 'auxerr_test' does not allow connect (class net, connect)");
	auxerr_record_free(r);

	/* no AVC (lsm_detail 0): the hook, as before */
	r = parse(SYSCALL_OPEN("auxerr_test")
		  "type=UNKNOWN[1340] " STAMP "mechanism=lsm lsm=apparmor lsm_hook=file_open\n"
		  PATH_TAIL("/tmp/aa.X/secret"));
	expect_sentence(r, "openat /tmp/aa.X/secret: denied by the security module apparmor in its file_open check");
	auxerr_record_free(r);
}

static void test_apparmor_remedy_local(void)
{
	struct auxerr_record *r = parse(aa_file);
	char text[2048], cmd[1024], weak[256];

	write_file("auxerr_test",
		   "# the test's profile\n"
		   "abi <abi/3.0>,\n"
		   "include <tunables/global>\n"
		   "\n"
		   "profile auxerr_test flags=(attach_disconnected) {\n"
		   "  include <abstractions/base>\n"
		   "  /tmp/aa.X/ r,\n"
		   "  include if exists <local/auxerr_test>\n"
		   "}\n");
	/* another file first in the listing, defining another profile */
	write_file("a_other", "profile auxerr_testing {\n  /tmp/aa.X/secret r,\n}\n");
	snprintf(cmd, sizeof(cmd),
		 "echo '  /tmp/aa.X/secret r,' >> %s/local/auxerr_test && apparmor_parser -r %s/auxerr_test",
		 aa_dir, aa_dir);
	snprintf(text, sizeof(text),
		 "The AppArmor profile 'auxerr_test' does not allow 'r' access to /tmp/aa.X/secret: root can add the rule '/tmp/aa.X/secret r,' to %s/local/auxerr_test, which the profile's file %s/auxerr_test includes, and reload it: %s",
		 aa_dir, aa_dir, cmd);
	snprintf(weak, sizeof(weak), "every process confined by 'auxerr_test' may then do the same");
	check_remedy(r, AUXERR_REMEDY_POLICY, text, cmd, "root", 0, weak);
	auxerr_record_free(r);
}

static void test_apparmor_remedy_block_and_deny(void)
{
	struct auxerr_record *r;
	char text[2048], cmd[1024], weak[512];

	/* a profile named by its program, attached by path, no local
	 * include: the rule goes into its block, before the closing brace */
	write_file("usr.bin.foo",
		   "#include <tunables/global>\n"
		   "/usr/bin/foo {\n"
		   "  /etc/** r,\n"
		   "  # deny /tmp/aa.X/secret r,   (a comment, not a rule)\n"
		   "  /tmp/aa.X/ r,\n"
		   "}\n");
	r = aa_variant("lsm_hook=file_open lsm_audited=1",
		       "operation=\"open\" class=\"file\" profile=\"/usr/bin/foo\" name=\"/tmp/aa.X/secret\" pid=812 comm=\"foo\" requested_mask=\"rw\" denied_mask=\"rc\" fsuid=65534 ouid=0");
	snprintf(cmd, sizeof(cmd),
		 "sed -i '6i\\  /tmp/aa.X/secret rw,' %s/usr.bin.foo && apparmor_parser -r %s/usr.bin.foo",
		 aa_dir, aa_dir);
	snprintf(text, sizeof(text),
		 "The AppArmor profile '/usr/bin/foo' does not allow 'rc' access to /tmp/aa.X/secret: root can add the rule '/tmp/aa.X/secret rw,' to its block in %s/usr.bin.foo and reload it: %s",
		 aa_dir, cmd);
	check_remedy(r, AUXERR_REMEDY_POLICY, text, cmd, "root", 0,
		     "every process confined by '/usr/bin/foo' may then do the same");
	auxerr_record_free(r);

	/* a deny rule refusing the path (a glob with alternatives): it
	 * must go, since deny wins over allow */
	write_file("deny_test",
		   "profile deny_test {\n"
		   "  /tmp/** r,\n"
		   "  audit deny /tmp/aa.*/sec{ret,rets} rw,\n"
		   "  deny /tmp/aa.X/other r,\n"
		   "  include <local/deny_test>\n"
		   "}\n");
	r = aa_variant("lsm_hook=file_open lsm_audited=0",
		       "operation=\"open\" class=\"file\" profile=\"deny_test\" name=\"/tmp/aa.X/secret\" pid=812 comm=\"cat\" requested_mask=\"r\" denied_mask=\"r\" fsuid=65534 ouid=0");
	snprintf(cmd, sizeof(cmd),
		 "sed -i 3d %s/deny_test && echo '  /tmp/aa.X/secret r,' >> %s/local/deny_test && apparmor_parser -r %s/deny_test",
		 aa_dir, aa_dir, aa_dir);
	snprintf(text, sizeof(text),
		 "The AppArmor profile 'deny_test' does not allow 'r' access to /tmp/aa.X/secret: its deny rule 'audit deny /tmp/aa.*/sec{ret,rets} rw,' (%s/deny_test, line 3) refuses it, and a deny rule wins over every allow rule, so root must remove that deny rule and add the rule '/tmp/aa.X/secret r,' in %s/local/deny_test, which it includes, then reload it: %s",
		 aa_dir, aa_dir, cmd);
	snprintf(weak, sizeof(weak),
		 "the deny rule 'audit deny /tmp/aa.*/sec{ret,rets} rw,' no longer refuses anything it matched, and every process confined by 'deny_test' may then do the same");
	check_remedy(r, AUXERR_REMEDY_POLICY, text, cmd, "root", 0, weak);
	auxerr_record_free(r);

	/* no file defines the profile: say so, name the profile */
	r = aa_variant("lsm_hook=file_open lsm_audited=1",
		       "operation=\"open\" class=\"file\" profile=\"nowhere\" name=2F746D702F612062 pid=812 comm=\"cat\" requested_mask=\"x\" denied_mask=\"x\" fsuid=65534 ouid=0");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "The AppArmor profile 'nowhere' does not allow 'x' access to /tmp/a b: root can add the rule '\"/tmp/a b\" ix,' to it where it is defined (no file here defines it) and reload it with apparmor_parser -r",
		     NULL, "root", 0,
		     "every process confined by 'nowhere' may then do the same");
	auxerr_record_free(r);

	/* a capability: its rule line */
	r = aa_variant("lsm_hook=capable lsm_audited=1",
		       "operation=\"capable\" class=\"cap\" profile=\"deny_test\" pid=812 comm=\"cat\" capability=12 capname=\"net_admin\"");
	snprintf(cmd, sizeof(cmd),
		 "echo '  capability net_admin,' >> %s/local/deny_test && apparmor_parser -r %s/deny_test",
		 aa_dir, aa_dir);
	snprintf(text, sizeof(text),
		 "The AppArmor profile 'deny_test' does not allow the capability net_admin: root can add the rule 'capability net_admin,' to %s/local/deny_test, which the profile's file %s/deny_test includes, and reload it: %s",
		 aa_dir, aa_dir, cmd);
	check_remedy(r, AUXERR_REMEDY_POLICY, text, cmd, "root", 0,
		     "every process confined by 'deny_test' may then do the same");
	auxerr_record_free(r);

	/* a class without a rule line here */
	r = aa_variant("lsm_hook=task_kill lsm_audited=1",
		       "operation=\"signal\" class=\"signal\" profile=\"deny_test\" pid=812 comm=\"kill\" requested_mask=\"send\" denied_mask=\"send\" signal=term peer=\"?\"");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "The AppArmor profile 'deny_test' does not allow the operation signal (class signal): only a change to that profile, which is root's, can allow it; root adds a rule for it where the profile is defined and reloads it with apparmor_parser -r",
		     NULL, "root", 0,
		     "every process confined by 'deny_test' may then do the same");
	auxerr_record_free(r);
}

/* ---- SELinux ------------------------------------------------------------ */

static struct auxerr_record *se_event(const char *audited, const char *tcon)
{
	char text[4096];

	snprintf(text, sizeof(text), "%s"
		 "type=UNKNOWN[1340] " STAMP "mechanism=lsm lsm=selinux lsm_hook=file_open lsm_audited=%s\n"
		 "type=AVC " STAMP "avc:  denied  { read open } for  pid=812 comm=\"cat\" name=\"secret\" dev=\"tmpfs\" ino=17 scontext=system_u:system_r:auxerr_unknown_t:s0 tcontext=%s tclass=file permissive=0\n%s",
		 SYSCALL_OPEN("system_u:system_r:auxerr_unknown_t:s0"), audited,
		 tcon, PATH_TAIL("/tmp/se/secret"));
	return parse(text);
}

static void test_selinux(void)
{
	struct auxerr_record *r = se_event("1", "system_u:object_r:auxerr_unknown_secret_t:s0");

	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AVC", "seresult"), "denied");
		ASSERT_STR(auxerr_record_field(r, "AVC", "seperms"), "read,open");
		ASSERT_STR(auxerr_record_field(r, "AVC", "scontext"), "system_u:system_r:auxerr_unknown_t:s0");
		ASSERT_STR(auxerr_record_field(r, "AVC", "tcontext"), "system_u:object_r:auxerr_unknown_secret_t:s0");
		ASSERT_STR(auxerr_record_field(r, "AVC", "tclass"), "file");
		ASSERT_STR(auxerr_record_field(r, "AVC", "permissive"), "0");
	}
	/* a policy that does not know these types: the AVC restated */
	expect_sentence(r, "openat /tmp/se/secret: SELinux's policy does not let the domain auxerr_unknown_t read and open an object of class file labeled auxerr_unknown_secret_t; the SELinux policy installed here does not know these contexts: it is not the policy that decided, so audit2why's reason cannot be computed here");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "Only a change to SELinux's policy, which is root's, can allow it; audit2why's reason, computed where the policy can be read (root: auxerr explain on this record), names the change",
		     NULL, "root", 0,
		     "the policy then allows the same to every process in the domain");
	auxerr_record_free(r);

	/* silent: dontaudit kept it out of the log */
	r = se_event("0", "system_u:object_r:auxerr_unknown_secret_t:s0");
	expect_sentence(r, "openat /tmp/se/secret: SELinux's policy does not let the domain auxerr_unknown_t read and open an object of class file labeled auxerr_unknown_secret_t; the SELinux policy installed here does not know these contexts: it is not the policy that decided, so audit2why's reason cannot be computed here; SELinux did not log it, a silent (dontaudit) denial: nothing was written to the audit log");
	auxerr_record_free(r);

	/* lsm_detail 1, a domain that may not getattr the object: hidden */
	r = se_event("1", "?");
	if (r)
		ASSERT_STR(auxerr_record_field(r, "AVC", "tcontext"), "?");
	expect_sentence(r, "openat /tmp/se/secret: SELinux's policy does not let the domain auxerr_unknown_t read and open this object of class file, whose label is hidden from the caller (so neither the rule nor a boolean that would allow it can be named here)");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "Root can see the object's label (ls -Z on the object) and then allow the domain auxerr_unknown_t to read and open objects of class file with that label in a local SELinux policy module, or give the object a label the domain may use",
		     NULL, "root", 0,
		     "the policy then allows the same to every process in the domain");
	auxerr_record_free(r);
}

/*
 * The kernel's answer (lsm_reason=, lsm_bools=), for a reader whose policy
 * does not know the contexts: a confined process that may not read the
 * policy, or another machine.  Each sentence is audit2why's kind of
 * reason, from the kernel instead of the policy file.
 */
static struct auxerr_record *se_reason(const char *fields, const char *scon,
				       const char *tcon)
{
	char text[4096];

	snprintf(text, sizeof(text), "%s"
		 "type=UNKNOWN[1340] " STAMP "mechanism=lsm lsm=selinux lsm_hook=file_open %s\n"
		 "type=AVC " STAMP "avc:  denied  { read open } for  pid=812 comm=\"cat\" name=\"secret\" dev=\"tmpfs\" ino=17 scontext=%s tcontext=%s tclass=file permissive=0\n%s",
		 SYSCALL_OPEN("system_u:system_r:auxerr_unknown_t:s0"), fields,
		 scon, tcon, PATH_TAIL("/tmp/se/secret"));
	return parse(text);
}

#define SE_SCON "system_u:system_r:auxerr_unknown_t:s0"
#define SE_TCON "system_u:object_r:auxerr_unknown_secret_t:s0"
#define SE_HEAD "openat /tmp/se/secret: SELinux's policy does not let the domain auxerr_unknown_t read and open an object of class file labeled auxerr_unknown_secret_t"

static void test_selinux_kernel_reason(void)
{
	struct auxerr_record *r = se_reason("lsm_audited=1 lsm_reason=te", SE_SCON, SE_TCON);

	expect_sentence(r, SE_HEAD ": it has no allow rule for it");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "Root can add a local SELinux policy module with the one rule (allow auxerr_unknown_t auxerr_unknown_secret_t (file (read open))): printf '(allow auxerr_unknown_t auxerr_unknown_secret_t (file (read open)))\\n' > auxerr_auxerr_unknown_t_auxerr_unknown_secret_t_file_read_open.cil && semodule -i auxerr_auxerr_unknown_t_auxerr_unknown_secret_t_file_read_open.cil",
		     "printf '(allow auxerr_unknown_t auxerr_unknown_secret_t (file (read open)))\\n' > auxerr_auxerr_unknown_t_auxerr_unknown_secret_t_file_read_open.cil && semodule -i auxerr_auxerr_unknown_t_auxerr_unknown_secret_t_file_read_open.cil",
		     "root", 0,
		     "every process in the domain auxerr_unknown_t may then read and open every file labeled auxerr_unknown_secret_t");
	auxerr_record_free(r);

	r = se_reason("lsm_audited=1 lsm_reason=boolean lsm_bools=\"auxerr_read_shared=1\"", SE_SCON, SE_TCON);
	if (r)
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "lsm_bools"), "auxerr_read_shared=1");
	expect_sentence(r, SE_HEAD ": it allows it only with the boolean auxerr_read_shared on");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "Root can set the SELinux boolean auxerr_read_shared to on: setsebool -P auxerr_read_shared 1",
		     "setsebool -P auxerr_read_shared 1", "root", 0,
		     "the boolean auxerr_read_shared turns on every rule it guards, not only this one");
	auxerr_record_free(r);

	/* two booleans, one the caller may not read */
	r = se_reason("lsm_audited=1 lsm_reason=boolean lsm_bools=\"b_one=0,b_two=1,?\"", SE_SCON, SE_TCON);
	expect_sentence(r, SE_HEAD ": it allows it only with one of the booleans b_one, b_two changed (or another boolean, one this process may not read)");
	auxerr_record_free(r);

	/* no boolean the caller may read */
	r = se_reason("lsm_audited=1 lsm_reason=boolean lsm_bools=\"?\"", SE_SCON, SE_TCON);
	expect_sentence(r, SE_HEAD ": it allows it only with a boolean changed, one this process may not read (getsebool)");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "Root can name the boolean (audit2why, or auxerr explain on this record) and set it with setsebool -P",
		     NULL, "root", 0,
		     "the policy then allows the same to every process in the domain");
	auxerr_record_free(r);

	/* MCS: both levels, from the contexts */
	r = se_reason("lsm_audited=1 lsm_reason=mls", SE_SCON, "system_u:object_r:auxerr_unknown_secret_t:s0:c7");
	expect_sentence(r, SE_HEAD ": an MLS/MCS constraint forbids it: it compares the process's level s0 with the object's level s0:c7 (the policy's text is root's to read: seinfo --constrain)");
	check_remedy(r, AUXERR_REMEDY_POLICY,
		     "The levels decide, not a missing rule: root can give the object a level the process's dominates (chcon -l), or run the process at a level that dominates the object's (runcon -l, or the user's range: semanage login -m -r)",
		     NULL, "root", 0, NULL);
	auxerr_record_free(r);

	r = se_reason("lsm_audited=1 lsm_reason=constraint", SE_SCON, SE_TCON);
	expect_sentence(r, SE_HEAD ": a constraint forbids it: it compares the SELinux users, roles or types of the process and the object (the policy's text is root's to read: seinfo --constrain)");
	auxerr_record_free(r);

	r = se_reason("lsm_audited=1 lsm_reason=bounds", SE_SCON, SE_TCON);
	expect_sentence(r, SE_HEAD ": the domain is bounded by another, and the rule that allows it is not within that domain's rights");
	auxerr_record_free(r);

	/* dontaudit: the kernel's te, with lsm_audited=0 */
	r = se_reason("lsm_audited=0 lsm_reason=te", SE_SCON, SE_TCON);
	expect_sentence(r, SE_HEAD ": it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log");
	auxerr_record_free(r);

	/* a reason this library does not know: as without one */
	r = se_reason("lsm_audited=1 lsm_reason=newer_kind lsm_bools=\"=,,x=2\"", SE_SCON, SE_TCON);
	expect_sentence(r, SE_HEAD "; the SELinux policy installed here does not know these contexts: it is not the policy that decided, so audit2why's reason cannot be computed here");
	auxerr_record_free(r);
}

/* ---- Landlock and seccomp: who made the sandbox ------------------------- */

static struct auxerr_record *landlock(const char *creator)
{
	char text[4096];

	snprintf(text, sizeof(text), "%s"
		 "type=UNKNOWN[1340] " STAMP "mechanism=lsm lsm=landlock lsm_hook=file_open blockers=fs.read_file,fs.write_file layer=2 layers=2 %s mode=0100644 ouid=0 ogid=0 inode=17 dev=00:14\n%s",
		 SYSCALL_OPEN("unconfined"), creator, PATH_TAIL("/tmp/ll/f"));
	return parse(text);
}

static void test_landlock(void)
{
	struct auxerr_record *r = landlock("creator_pid=812 creator_uid=1000 creator_comm=\"sandboxer\" creator_exe=\"/usr/bin/sandboxer\" domain=1a2b3c");

	if (r) {
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "creator_pid"), "812");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "creator_uid"), "1000");
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "creator_comm"), "sandboxer");
		ASSERT_STR(auxerr_record_interpret(r, "AUXERR", "creator_exe"), "/usr/bin/sandboxer");
		ASSERT_STR(auxerr_record_field(r, "AUXERR", "domain"), "1a2b3c");
	}
	expect_sentence(r, "openat /tmp/ll/f: Landlock domain 1a2b3c (layer 2 of 2), created by /usr/bin/sandboxer (pid 812), does not allow fs.read_file and fs.write_file on /tmp/ll/f");
	check_remedy(r, AUXERR_REMEDY_SANDBOX,
		     "Only the program that made the Landlock sandbox (domain 1a2b3c, layer 2 of 2), /usr/bin/sandboxer (pid 812), can allow fs.read_file,fs.write_file on /tmp/ll/f: its ruleset must grant it, or the program must run outside that sandbox",
		     NULL, "the sandboxing program (/usr/bin/sandboxer (pid 812))", -1, NULL);
	auxerr_record_free(r);

	/* its maker has exited (or lives in another pid namespace) */
	r = landlock("creator_pid=0 creator_uid=1000 creator_comm=\"sandboxer\" creator_exe=\"/usr/bin/sandboxer\" domain=1a2b3c");
	expect_sentence(r, "openat /tmp/ll/f: Landlock domain 1a2b3c (layer 2 of 2), created by /usr/bin/sandboxer (a process not visible here), does not allow fs.read_file and fs.write_file on /tmp/ll/f");
	check_remedy(r, AUXERR_REMEDY_SANDBOX,
		     "Only the program that made the Landlock sandbox (domain 1a2b3c, layer 2 of 2), /usr/bin/sandboxer, can allow fs.read_file,fs.write_file on /tmp/ll/f: its ruleset must grant it, or the program must run outside that sandbox",
		     NULL, "the sandboxing program (/usr/bin/sandboxer)", -1, NULL);
	auxerr_record_free(r);

	/* no exe (a kernel thread): its comm; hex-encoded comm decoded */
	r = landlock("creator_pid=0 creator_uid=0 creator_comm=6B2074687265616421 domain=ff");
	expect_sentence(r, "openat /tmp/ll/f: Landlock domain ff (layer 2 of 2), created by k thread! (a process not visible here), does not allow fs.read_file and fs.write_file on /tmp/ll/f");
	auxerr_record_free(r);
	r = landlock("creator_pid=0 creator_uid=0 domain=ff");
	expect_sentence(r, "openat /tmp/ll/f: Landlock domain ff (layer 2 of 2), created by a process not visible here, does not allow fs.read_file and fs.write_file on /tmp/ll/f");
	auxerr_record_free(r);
}

static struct auxerr_record *seccomp(const char *creator)
{
	char text[4096];

	snprintf(text, sizeof(text),
		 "type=SYSCALL " STAMP "arch=c000003e syscall=83 success=no exit=-1 a0=7ffeeb723efd a1=1ff a2=0 a3=0 items=1 ppid=811 pid=813 auid=4294967295 uid=65534 gid=65534 euid=65534 suid=65534 fsuid=65534 egid=65534 sgid=65534 fsgid=65534 tty=(none) ses=4294967295 comm=\"mkdir\" exe=\"/usr/bin/mkdir\" subj=unconfined key=(null)\n"
		 "type=UNKNOWN[1340] " STAMP "mechanism=seccomp arch=c000003e nr=83 code=0x50001 filter=2 filters=2 %s\n"
		 "type=CWD " STAMP "cwd=\"/tmp\"\n"
		 "type=PATH " STAMP "item=0 name=\"/tmp/x\" nametype=UNKNOWN\n", creator);
	return parse(text);
}

static void test_seccomp(void)
{
	struct auxerr_record *r = seccomp("creator_pid=812 creator_uid=0 creator_comm=\"bwrap\" creator_exe=\"/usr/bin/bwrap\"");

	expect_sentence(r, "mkdir /tmp/x: seccomp filter 2 of 2, installed by /usr/bin/bwrap (pid 812), makes mkdir fail with EPERM");
	check_remedy(r, AUXERR_REMEDY_SANDBOX,
		     "Only the program that installed seccomp filter 2 of 2, /usr/bin/bwrap (pid 812), can allow mkdir, which the filter makes fail with EPERM: its filter must let the call through, or the program must run without that filter",
		     NULL, "the sandboxing program (/usr/bin/bwrap (pid 812))", -1, NULL);
	auxerr_record_free(r);

	r = seccomp("creator_pid=0 creator_uid=0 creator_comm=\"bwrap\"");
	expect_sentence(r, "mkdir /tmp/x: seccomp filter 2 of 2, installed by bwrap (a process not visible here), makes mkdir fail with EPERM");
	check_remedy(r, AUXERR_REMEDY_SANDBOX,
		     "Only the program that installed seccomp filter 2 of 2, bwrap, can allow mkdir, which the filter makes fail with EPERM: its filter must let the call through, or the program must run without that filter",
		     NULL, "the sandboxing program (bwrap)", -1, NULL);
	auxerr_record_free(r);
}

static void test_glob(void)
{
	CU_ASSERT_TRUE(auxerr__apparmor_glob("/tmp/*/x", "/tmp/a/x"));
	CU_ASSERT_FALSE(auxerr__apparmor_glob("/tmp/*/x", "/tmp/a/b/x"));
	CU_ASSERT_TRUE(auxerr__apparmor_glob("/tmp/**/x", "/tmp/a/b/x"));
	CU_ASSERT_TRUE(auxerr__apparmor_glob("/tmp/**", "/tmp/a/b/x"));
	CU_ASSERT_TRUE(auxerr__apparmor_glob("/tmp/{a,bb}/x", "/tmp/bb/x"));
	CU_ASSERT_FALSE(auxerr__apparmor_glob("/tmp/{a,bb}/x", "/tmp/b/x"));
	CU_ASSERT_TRUE(auxerr__apparmor_glob("/tmp/?", "/tmp/a"));
	CU_ASSERT_FALSE(auxerr__apparmor_glob("/tmp/?", "/tmp/"));
	CU_ASSERT_FALSE(auxerr__apparmor_glob("@{HOME}/x", "/root/x"));
	CU_ASSERT_TRUE(auxerr__apparmor_glob("/a\\*b", "/a*b"));
	CU_ASSERT_FALSE(auxerr__apparmor_glob("/a\\*b", "/axb"));
}

/* A profile line with many stars against a long path that does not match
 * would take exponential time to refute by backtracking; the budget makes
 * it a quick non-match, and a normal rule still matches afterwards. */
static void test_glob_pathological_pattern_is_bounded(void)
{
	char path[256];

	memset(path, 'a', sizeof(path) - 1);
	path[0] = '/';
	path[sizeof(path) - 1] = '\0';
	CU_ASSERT_FALSE(auxerr__apparmor_glob("/**a**a**a**a**a**a**a**a**a**a**a**a**a**a**b", path));
	CU_ASSERT_FALSE(auxerr__apparmor_glob("/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", path));
	CU_ASSERT_TRUE(auxerr__apparmor_glob("/**a", path));
}

void add_lsm_record_suite(void)
{
	CU_pSuite s = CU_add_suite("lsm record (AVC, creator)", aa_setup, aa_teardown);

	CU_add_test(s, "a pathological AppArmor glob is bounded", test_glob_pathological_pattern_is_bounded);

	CU_add_test(s, "AppArmor AVC field by field", test_apparmor_field_by_field);
	CU_add_test(s, "AppArmor sentences", test_apparmor_sentences);
	CU_add_test(s, "AppArmor remedy: local include", test_apparmor_remedy_local);
	CU_add_test(s, "AppArmor remedy: block, deny rule, unknown", test_apparmor_remedy_block_and_deny);
	CU_add_test(s, "AppArmor globs", test_glob);
	CU_add_test(s, "SELinux AVC", test_selinux);
	CU_add_test(s, "SELinux: the kernel's reason", test_selinux_kernel_reason);
	CU_add_test(s, "Landlock domain and creator", test_landlock);
	CU_add_test(s, "seccomp filter creator", test_seccomp);
}
