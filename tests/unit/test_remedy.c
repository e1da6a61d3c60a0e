/* auxerr_record_remedy(): the remedy for every mechanism, on event texts
 * the guest kernel wrote (fixtures/guest/, fixtures/remedy/), every field
 * written out literally.  tests/guest/t-remedy.sh applies the same
 * commands in the guest and repeats the call.
 *
 * A few cases change one field of a captured text (a relative name, a
 * dirfd, a cut command line, a file system type) to reach a branch that
 * no capture shows; each says which field. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

#define NO_CMD NULL

void check_remedy(struct auxerr_record *r, enum auxerr_remedy_kind kind,
		  const char *text, const char *command, const char *who,
		  long long uid, const char *weakens)
{
	struct auxerr_remedy *m;

	if (!r)
		return;
	errno = 1234;
	m = auxerr_record_remedy(r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(errno, 1234);	/* untouched on success */
	CU_ASSERT_EQUAL(auxerr_remedy_kind(m), kind);
	if (auxerr_remedy_kind(m) != kind)
		fprintf(stderr, "\n  kind %s, want %s\n",
			auxerr_remedy_kind_name(auxerr_remedy_kind(m)),
			auxerr_remedy_kind_name(kind));
	ASSERT_STR(auxerr_remedy_text(m), text);
	if (command)
		ASSERT_STR(auxerr_remedy_command(m), command);
	else
		CU_ASSERT_PTR_NULL(auxerr_remedy_command(m));
	if (who)
		ASSERT_STR(auxerr_remedy_who(m), who);
	else
		CU_ASSERT_PTR_NULL(auxerr_remedy_who(m));
	CU_ASSERT_EQUAL(auxerr_remedy_uid(m), uid);
	if (auxerr_remedy_uid(m) != uid)
		fprintf(stderr, "\n  uid %lld, want %lld\n", auxerr_remedy_uid(m), uid);
	if (weakens)
		ASSERT_STR(auxerr_remedy_weakens(m), weakens);
	else
		CU_ASSERT_PTR_NULL(auxerr_remedy_weakens(m));
	auxerr_remedy_free(m);
}

static void fixture(const char *name, enum auxerr_remedy_kind kind,
		    const char *text, const char *command, const char *who,
		    long long uid, const char *weakens)
{
	struct auxerr_record *r = parse_fixture(name);

	check_remedy(r, kind, text, command, who, uid, weakens);
	auxerr_record_free(r);
}

struct auxerr_record *changedv(const char *name, const char *const *pairs)
{
	size_t len;
	char *t = read_fixture(name, &len);
	struct auxerr_record *r;

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	for (; pairs[0]; pairs += 2) {
		size_t fl = strlen(pairs[0]), tl = strlen(pairs[1]);
		char *at = strstr(t, pairs[0]), *n;

		CU_ASSERT_PTR_NOT_NULL_FATAL(at);
		n = malloc(strlen(t) - fl + tl + 1);
		CU_ASSERT_PTR_NOT_NULL_FATAL(n);
		memcpy(n, t, (size_t)(at - t));
		memcpy(n + (at - t), pairs[1], tl);
		strcpy(n + (at - t) + tl, at + fl);
		free(t);
		t = n;
	}
	r = auxerr_record_parse(t, strlen(t));
	CU_ASSERT_PTR_NOT_NULL(r);
	free(t);
	return r;
}

static struct auxerr_record *changed(const char *name, const char *from,
				     const char *to)
{
	const char *const pairs[] = { from, to, NULL };

	return changedv(name, pairs);
}

static void changed_check(const char *name, const char *from, const char *to,
			  enum auxerr_remedy_kind kind, const char *text,
			  const char *command, const char *who, long long uid,
			  const char *weakens)
{
	struct auxerr_record *r = changed(name, from, to);

	check_remedy(r, kind, text, command, who, uid, weakens);
	auxerr_record_free(r);
}

/* ---- dac: one ACL entry for the caller, or the owner's own bit ---------- */

static void test_dac(void)
{
	fixture("guest/dac-other", AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/fx/secret with one ACL entry for that user: setfacl -m u:nobody:r /tmp/fx/secret",
		"setfacl -m u:nobody:r /tmp/fx/secret",
		"the file's owner (uid 0, root)", 0, NULL);
	/* the caller owns it: it sets the one bit itself */
	fixture("guest/dac-owner", AUXERR_REMEDY_COMMAND,
		"The caller (uid 65534, nobody) owns the file /tmp/fx/mine and may give itself write permission on it: chmod u+w /tmp/fx/mine",
		"chmod u+w /tmp/fx/mine",
		"the caller (uid 65534, nobody), the owner", 65534, NULL);
	/* the owning group: an entry for the one user, not g+r for all */
	fixture("guest/dac-group", AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/fx/grp with one ACL entry for that user: setfacl -m u:nobody:r /tmp/fx/grp",
		"setfacl -m u:nobody:r /tmp/fx/grp",
		"the file's owner (uid 0, root)", 0, NULL);
	/* mkdir: write is missing, "other" had r-x, which the entry keeps
	 * (a named user entry replaces the other class for that user) */
	fixture("guest/dac-parent", AUXERR_REMEDY_COMMAND,
		"The directory's owner (uid 0, root) can give uid 65534 write permission on the directory /tmp/fx/ro with one ACL entry for that user: setfacl -m u:nobody:rwx /tmp/fx/ro",
		"setfacl -m u:nobody:rwx /tmp/fx/ro",
		"the directory's owner (uid 0, root)", 0, NULL);
}

static void test_acl(void)
{
	fixture("guest/dac-acl_user", AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/fx/acl_user with one ACL entry for that user: setfacl -m u:nobody:r /tmp/fx/acl_user",
		"setfacl -m u:nobody:r /tmp/fx/acl_user",
		"the file's owner (uid 0, root)", 0, NULL);
	/* mode 0624: the mask is w; widened by r */
	fixture("guest/dac-acl_mask", AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can widen the ACL mask of /tmp/fx/acl_mask so that the entry user:nobody grants uid 65534 the read permission it holds: setfacl -m m::rw /tmp/fx/acl_mask",
		"setfacl -m m::rw /tmp/fx/acl_mask",
		"the file's owner (uid 0, root)", 0,
		"the mask limits the owning group and every named ACL entry: those that hold read permission get it too");
	/* a group entry refused: an entry for the user, not for the group */
	fixture("guest/dac-acl_group", AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/fx/acl_group with one ACL entry for that user: setfacl -m u:nobody:r /tmp/fx/acl_group",
		"setfacl -m u:nobody:r /tmp/fx/acl_group",
		"the file's owner (uid 0, root)", 0, NULL);
}

static void test_path(void)
{
	/* search (x) alone: the directory still cannot be listed */
	fixture("guest/path", AUXERR_REMEDY_COMMAND,
		"The directory's owner (uid 0, root) can give uid 65534 search permission on the directory /tmp/fx/closed with one ACL entry for that user: setfacl -m u:nobody:x /tmp/fx/closed",
		"setfacl -m u:nobody:x /tmp/fx/closed",
		"the directory's owner (uid 0, root)", 0, NULL);
	/* changed: a relative component, a prefix of the relative name */
	{
		const char *const pairs[] = {
			"component=\"/tmp/fx/closed\"", "component=\"closed\"",
			"name=\"/tmp/fx/closed/inner\"", "name=\"closed/inner\"",
			NULL
		};
		struct auxerr_record *r = changedv("guest/path", pairs);

		check_remedy(r, AUXERR_REMEDY_COMMAND,
		      "The directory's owner (uid 0, root) can give uid 65534 search permission on the directory /tmp/fx/closed with one ACL entry for that user: setfacl -m u:nobody:x /tmp/fx/closed",
		      "setfacl -m u:nobody:x /tmp/fx/closed",
		      "the directory's owner (uid 0, root)", 0, NULL);
		auxerr_record_free(r);
	}
	/* changed: inside a symlink the component is the directory's own
	 * name, not a prefix of the path: no command, no guessed path */
	changed_check("guest/path", "component=\"/tmp/fx/closed\"",
		      "component=\"hidden\"", AUXERR_REMEDY_COMMAND,
		      "The directory's owner (uid 0, root) can give uid 65534 search permission on the directory (path unknown) with one ACL entry for that user",
		      NO_CMD, "the directory's owner (uid 0, root)", 0, NULL);
}

/* relative names are made absolute with the CWD record, quoted names
 * stay exact */
static void test_names(void)
{
	/* hand-written: "notes.txt" in /home/user, uid 1000 (its name is
	 * this host's: only the command is literal) */
	struct auxerr_record *r = parse_fixture("dac-owner");
	struct auxerr_remedy *m = r ? auxerr_record_remedy(r) : NULL;
	if (m) {
		ASSERT_STR(auxerr_remedy_command(m), "chmod u+w /home/user/notes.txt");
		CU_ASSERT_EQUAL(auxerr_remedy_uid(m), 1000);
	}
	auxerr_remedy_free(m);
	auxerr_record_free(r);
	/* hand-written: a name with a space and an ESC byte: bash $'' */
	r = parse_fixture("dac-hexname");
	m = r ? auxerr_record_remedy(r) : NULL;
	CU_ASSERT_PTR_NOT_NULL(m);
	if (m) {
		const char *c = auxerr_remedy_command(m);
		const char *want = " $'/tmp/a b\\x1b[31m'";
		CU_ASSERT_PTR_NOT_NULL(c);
		if (c) {
			CU_ASSERT(strlen(c) > strlen(want) &&
				  strcmp(c + strlen(c) - strlen(want), want) == 0);
			CU_ASSERT_PTR_NULL(strchr(c, 0x1b));
			CU_ASSERT_PTR_NULL(strchr(auxerr_remedy_text(m), 0x1b));
		}
	}
	auxerr_remedy_free(m);
	auxerr_record_free(r);
	/* changed: a relative name */
	changed_check("guest/dac-other", "name=\"/tmp/fx/secret\"", "name=\"secret\"",
		      AUXERR_REMEDY_COMMAND,
		      "The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/fx/secret with one ACL entry for that user: setfacl -m u:nobody:r /tmp/fx/secret",
		      "setfacl -m u:nobody:r /tmp/fx/secret",
		      "the file's owner (uid 0, root)", 0, NULL);
	/* changed: ... relative to a dirfd (3), not the working directory */
	{
		const char *const pairs[] = {
			"a0=ffffff9c", "a0=3",
			"name=\"/tmp/fx/secret\"", "name=\"secret\"", NULL
		};
		struct auxerr_record *r2 = changedv("guest/dac-other", pairs);

		check_remedy(r2, AUXERR_REMEDY_COMMAND,
		      "The file's owner (uid 0, root) can give uid 65534 read permission on (path unknown) with one ACL entry for that user",
		      NO_CMD, "the file's owner (uid 0, root)", 0, NULL);
		auxerr_record_free(r2);
	}
	/* changed: creat(2) ends in "at" but takes no dirfd */
	{
		const char *const pairs[] = {
			"syscall=257", "syscall=85",
			"a0=ffffff9c", "a0=7ffcf3addefd",
			"name=\"/tmp/fx/secret\"", "name=\"secret\"", NULL
		};
		struct auxerr_record *r2 = changedv("guest/dac-other", pairs);

		if (r2)
			ASSERT_STR(auxerr_record_syscall_name(r2), "creat");
		check_remedy(r2, AUXERR_REMEDY_COMMAND,
		      "The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/fx/secret with one ACL entry for that user: setfacl -m u:nobody:r /tmp/fx/secret",
		      "setfacl -m u:nobody:r /tmp/fx/secret",
		      "the file's owner (uid 0, root)", 0, NULL);
		auxerr_record_free(r2);
	}
	/* changed: a name with a quote and a space, hex-encoded as audit does */
	changed_check("guest/dac-other", "name=\"/tmp/fx/secret\"",
		      /* "/tmp/it's here" */
		      "name=2F746D702F6974277320686572650A",
		      AUXERR_REMEDY_COMMAND,
		      "The file's owner (uid 0, root) can give uid 65534 read permission on $'/tmp/it\\'s here\\x0a' with one ACL entry for that user: setfacl -m u:nobody:r $'/tmp/it\\'s here\\x0a'",
		      "setfacl -m u:nobody:r $'/tmp/it\\'s here\\x0a'",
		      "the file's owner (uid 0, root)", 0, NULL);
	changed_check("guest/dac-other", "name=\"/tmp/fx/secret\"",
		      "name=2F746D702F6974277320686572654",	/* odd length: not hex, a bare relative name */
		      AUXERR_REMEDY_COMMAND,
		      "The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/fx/2F746D702F6974277320686572654 with one ACL entry for that user: setfacl -m u:nobody:r /tmp/fx/2F746D702F6974277320686572654",
		      "setfacl -m u:nobody:r /tmp/fx/2F746D702F6974277320686572654",
		      "the file's owner (uid 0, root)", 0, NULL);
	changed_check("guest/dac-other", "name=\"/tmp/fx/secret\"",
		      "name=2F746D702F69742773206865726521",	/* "/tmp/it's here!" */
		      AUXERR_REMEDY_COMMAND,
		      "The file's owner (uid 0, root) can give uid 65534 read permission on '/tmp/it'\\''s here!' with one ACL entry for that user: setfacl -m u:nobody:r '/tmp/it'\\''s here!'",
		      "setfacl -m u:nobody:r '/tmp/it'\\''s here!'",
		      "the file's owner (uid 0, root)", 0, NULL);
	/* captured: open("secret") as nobody in /tmp/rx/relative */
	fixture("remedy/dac-relative", AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/rx/relative/secret with one ACL entry for that user: setfacl -m u:nobody:r /tmp/rx/relative/secret",
		"setfacl -m u:nobody:r /tmp/rx/relative/secret",
		"the file's owner (uid 0, root)", 0, NULL);
	/* a name that climbs out of the working directory: the CWD record
	 * is a real path, so its leading ".." are resolved against it into
	 * a path the named party can use; a ".." after another component
	 * (which may be a symbolic link) stays */
	changed_check("remedy/dac-relative", "name=\"secret\"", "name=\"../../rx/./relative/secret\"",
		AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/rx/relative/secret with one ACL entry for that user: setfacl -m u:nobody:r /tmp/rx/relative/secret",
		"setfacl -m u:nobody:r /tmp/rx/relative/secret",
		"the file's owner (uid 0, root)", 0, NULL);
	changed_check("remedy/dac-relative", "name=\"secret\"", "name=\"./../../../../../etc/x\"",
		AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /etc/x with one ACL entry for that user: setfacl -m u:nobody:r /etc/x",
		"setfacl -m u:nobody:r /etc/x",
		"the file's owner (uid 0, root)", 0, NULL);
	changed_check("remedy/dac-relative", "name=\"secret\"", "name=\"link/../secret\"",
		AUXERR_REMEDY_COMMAND,
		"The file's owner (uid 0, root) can give uid 65534 read permission on /tmp/rx/relative/link/../secret with one ACL entry for that user: setfacl -m u:nobody:r /tmp/rx/relative/link/../secret",
		"setfacl -m u:nobody:r /tmp/rx/relative/link/../secret",
		"the file's owner (uid 0, root)", 0, NULL);
}

/* ---- capabilities: one capability for one run, never root ------------------ */

static void test_cap(void)
{
	fixture("guest/cap", AUXERR_REMEDY_COMMAND,
		"Root can run the program again as uid 65534 with CAP_CHOWN alone, rather than as root: cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+chown --ambient-caps=+chown -- /work/main/build/userland/auxerr-check chown /tmp/fx/mine 0",
		"cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+chown --ambient-caps=+chown -- /work/main/build/userland/auxerr-check chown /tmp/fx/mine 0",
		"root", 0, NULL);
	fixture("guest/cap-chmod", AUXERR_REMEDY_COMMAND,
		"Root can run the program again as uid 65534 with CAP_FOWNER alone, rather than as root: cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+fowner --ambient-caps=+fowner -- /work/main/build/userland/auxerr-check chmod /tmp/fx/secret 4755",
		"cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+fowner --ambient-caps=+fowner -- /work/main/build/userland/auxerr-check chmod /tmp/fx/secret 4755",
		"root", 0, NULL);
	/* a weak note is no ground for a change */
	fixture("guest/cap-probe", AUXERR_REMEDY_NONE,
		"No remedy: the record is only a probe of CAP_SYS_ADMIN, which may not be what failed landlock_restrict_self",
		NO_CMD, NULL, -1, NULL);
	/* hand-written: a child user namespace */
	fixture("cap-userns", AUXERR_REMEDY_NONE,
		"Only a process holding CAP_SYS_ADMIN in user namespace 4026532456 (level 1, owned by uid 1000), such as one its owner started in it without dropping capabilities, may make this call",
		NO_CMD, "a process with CAP_SYS_ADMIN in user namespace 4026532456",
		-1, NULL);
	/* hand-written: argv[0] "chown" is the exe's name: the exe's path */
	struct auxerr_record *r = parse_fixture("cap");
	struct auxerr_remedy *m = r ? auxerr_record_remedy(r) : NULL;
	if (m) {
		const char *c = auxerr_remedy_command(m);
		const char *tail = " --inh-caps=+chown --ambient-caps=+chown -- /usr/bin/chown root f";
		CU_ASSERT_PTR_NOT_NULL_FATAL(c);
		CU_ASSERT_EQUAL(strncmp(c, "cd /home/user && setpriv --reuid=1000 --regid=1000 --", 53), 0);
		CU_ASSERT(strlen(c) > strlen(tail) &&
			  strcmp(c + strlen(c) - strlen(tail), tail) == 0);
	}
	auxerr_remedy_free(m);
	auxerr_record_free(r);
	/* changed: a command line of 128 bytes may be cut: no command */
	changed_check("guest/cap",
		      "proctitle=2F776F726B2F6D61696E2F6275696C642F757365726C616E642F6175786572722D636865636B0063686F776E002F746D702F66782F6D696E650030",
		      "proctitle=4141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141",
		      AUXERR_REMEDY_COMMAND,
		      "Root can run /work/main/build/userland/auxerr-check as uid 65534 with CAP_CHOWN alone, rather than as root (setpriv --inh-caps=+chown --ambient-caps=+chown)",
		      NO_CMD, "root", 0, NULL);
}

/* ---- sandboxes: only their maker ---------------------------------------------- */

static void test_sandbox(void)
{
	fixture("guest/lsm-landlock", AUXERR_REMEDY_SANDBOX,
		"Only the program that made the Landlock sandbox (layer 1 of 1) can allow fs.read_file on /tmp/fx/other/f: its ruleset must grant it, or the program must run outside that sandbox",
		NO_CMD, "the sandboxing program", -1, NULL);
	fixture("guest/lsm-landlock-2", AUXERR_REMEDY_SANDBOX,
		"Only the program that made the Landlock sandbox (layer 2 of 2) can allow fs.write_file on /tmp/fx/other/f: its ruleset must grant it, or the program must run outside that sandbox",
		NO_CMD, "the sandboxing program", -1, NULL);
	fixture("guest/seccomp", AUXERR_REMEDY_SANDBOX,
		"Only the program that installed seccomp filter 2 of 2 can allow unlink, which the filter makes fail with EPERM: its filter must let the call through, or the program must run without that filter",
		NO_CMD, "the sandboxing program", -1, NULL);
	fixture("guest/seccomp-errno", AUXERR_REMEDY_SANDBOX,
		"Only the program that installed seccomp filter 1 of 2 can allow mkdir, which the filter makes fail with EOPNOTSUPP: its filter must let the call through, or the program must run without that filter",
		NO_CMD, "the sandboxing program", -1, NULL);
}

/* ---- LSM policies: Yama, AppArmor ------------------------------------------------- */

static void test_policy(void)
{
	/* scope 1: first what needs no change, then the sysctl and its cost */
	fixture("guest/lsm-yama", AUXERR_REMEDY_POLICY,
		"Yama lets a process trace only its descendants: start the program under the tracer, or have process 1736 allow the tracer with prctl(PR_SET_PTRACER); failing that, root can loosen the policy for every process (kernel.yama.ptrace_scope = 1 becomes 0): sysctl -w kernel.yama.ptrace_scope=0",
		"sysctl -w kernel.yama.ptrace_scope=0", "root", 0,
		"any process may then trace every other process of the same user, and read its memory and secrets");
	/* scope 2: the one capability it asks for */
	fixture("remedy/lsm-yama-2", AUXERR_REMEDY_COMMAND,
		"Yama (kernel.yama.ptrace_scope = 2) lets only a process with CAP_SYS_PTRACE attach: root can run the program again as uid 65534 with CAP_SYS_PTRACE alone, rather than as root: cd /tmp/rx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- /work/main/build/userland/auxerr-check ptrace 561",
		"cd /tmp/rx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- /work/main/build/userland/auxerr-check ptrace 561",
		"root", 0,
		"CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included");
	/* changed: scope 3 cannot be lowered until the next boot */
	changed_check("remedy/lsm-yama-2", "ptrace_scope=2", "ptrace_scope=3",
		      AUXERR_REMEDY_POLICY,
		      "Yama (kernel.yama.ptrace_scope = 3) forbids attaching until the next boot: only booting with a lower kernel.yama.ptrace_scope, which root sets in /etc/sysctl.d, allows it",
		      NO_CMD, "root", 0,
		      "processes of the same user may then trace each other");
	/* AppArmor at the detail the record has: the task's own profile */
	fixture("remedy/lsm-apparmor", AUXERR_REMEDY_POLICY,
		"The AppArmor profile 'auxerr_remedy' confining the process does not allow this (its file_open check): root can add a rule allowing it in the file under /etc/apparmor.d that defines it, and reload that file with apparmor_parser -r",
		NO_CMD, "root", 0,
		"every process confined by 'auxerr_remedy' may then do the same");
	/* changed: a profile named by its program's path has its file */
	changed_check("remedy/lsm-apparmor", "subj=auxerr_remedy", "subj=/usr/bin/foo",
		      AUXERR_REMEDY_POLICY,
		      "The AppArmor profile '/usr/bin/foo' confining the process does not allow this (its file_open check): root can add a rule allowing it in /etc/apparmor.d/usr.bin.foo and reload it with apparmor_parser -r /etc/apparmor.d/usr.bin.foo",
		      NO_CMD, "root", 0,
		      "every process confined by '/usr/bin/foo' may then do the same");
	/* changed: another LSM */
	changed_check("remedy/lsm-apparmor", "lsm=apparmor", "lsm=selinux",
		      AUXERR_REMEDY_POLICY,
		      "The security module selinux refused it in its file_open check: only a change to that module's policy, which is root's, can allow it",
		      NO_CMD, "root", 0,
		      "the policy then allows the same to every process it treats alike");
}

/* ---- ptrace ------------------------------------------------------------------------ */

static void test_ptrace(void)
{
	fixture("guest/ptrace", AUXERR_REMEDY_COMMAND,
		"Process 3162 belongs to another user (root), and only CAP_SYS_PTRACE passes that check for a process whose ids are not all the caller's: root can run the program again as uid 65534 with CAP_SYS_PTRACE alone, rather than as root: cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- /work/main/build/userland/auxerr-check ptrace 3162",
		"cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- /work/main/build/userland/auxerr-check ptrace 3162",
		"root", 0,
		"CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included");
	fixture("guest/ptrace-not_dumpable", AUXERR_REMEDY_COMMAND,
		"Process 3233 is not dumpable (it changed its ids or made itself so), and only CAP_SYS_PTRACE passes that check: root can run the program again as uid 65534 with CAP_SYS_PTRACE alone, rather than as root: cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- /work/main/build/userland/auxerr-check ptrace 3233",
		"cd /tmp/fx && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- /work/main/build/userland/auxerr-check ptrace 3233",
		"root", 0,
		"CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included");
}

/* ---- mounts: this mount's flag; noexec and nodev say what they cost -------------- */

static void test_mount(void)
{
	fixture("guest/mount-ro", AUXERR_REMEDY_COMMAND,
		"Root can make the mount on /tmp/fx/robind writable, that mount only: mount -o remount,bind,rw /tmp/fx/robind",
		"mount -o remount,bind,rw /tmp/fx/robind", "root", 0,
		"every file under /tmp/fx/robind may then be changed by whoever its permissions allow, which the read-only mount was there to prevent (mount -o remount,bind,ro puts it back)");
	fixture("guest/mount-ro_sb", AUXERR_REMEDY_COMMAND,
		"Root can remount the tmpfs file system on /tmp/fx/rosb read-write: mount -o remount,rw /tmp/fx/rosb",
		"mount -o remount,rw /tmp/fx/rosb", "root", 0,
		"every file of that file system, through each of its mounts, may then be changed by whoever its permissions allow, which mounting it read-only was there to prevent (mount -o remount,ro puts it back)");
	/* changed: a file system that is read-only by design */
	changed_check("guest/mount-ro_sb", "fstype=tmpfs", "fstype=squashfs",
		      AUXERR_REMEDY_NONE,
		      "The squashfs file system on /tmp/fx/rosb cannot be written: make the change in a copy on a writable file system",
		      NO_CMD, NULL, -1, NULL);
	fixture("guest/mount-noexec", AUXERR_REMEDY_POLICY,
		"Programs do not run from /tmp/fx/noexec (noexec): copy the program to a file system that allows it, or run a script through its interpreter; failing that, root can lift the option on that mount: mount -o remount,bind,exec /tmp/fx/noexec",
		"mount -o remount,bind,exec /tmp/fx/noexec", "root", 0,
		"any file on /tmp/fx/noexec may then be run as a program, which noexec is there to prevent");
	fixture("guest/mount-noexec-mmap", AUXERR_REMEDY_POLICY,
		"Programs do not run from /tmp/fx/noexec (noexec): copy the program to a file system that allows it, or run a script through its interpreter; failing that, root can lift the option on that mount: mount -o remount,bind,exec /tmp/fx/noexec",
		"mount -o remount,bind,exec /tmp/fx/noexec", "root", 0,
		"any file on /tmp/fx/noexec may then be run as a program, which noexec is there to prevent");
	fixture("guest/mount-nodev", AUXERR_REMEDY_POLICY,
		"Device files do not work on /tmp/fx/nodev (nodev): use the device's node under /dev; failing that, root can lift the option on that mount: mount -o remount,bind,dev /tmp/fx/nodev",
		"mount -o remount,bind,dev /tmp/fx/nodev", "root", 0,
		"every device file on /tmp/fx/nodev then works, so whoever can create one there reaches that device");
}

/* ---- inode flags, sticky directories ---------------------------------------------- */

static void test_inode_sticky(void)
{
	fixture("guest/inode-immutable", AUXERR_REMEDY_COMMAND,
		"Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of /tmp/fx/ext4/immutable: chattr -i /tmp/fx/ext4/immutable",
		"chattr -i /tmp/fx/ext4/immutable", "root (CAP_LINUX_IMMUTABLE)", 0,
		"/tmp/fx/ext4/immutable may then be changed, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)");
	/* O_WRONLY without O_APPEND: appending needs no change */
	fixture("guest/inode-append", AUXERR_REMEDY_COMMAND,
		"/tmp/fx/ext4/append is append-only: opening it to append (O_APPEND, >> in the shell) needs no change; to write elsewhere in it, root, with CAP_LINUX_IMMUTABLE, can clear the flag: chattr -a /tmp/fx/ext4/append",
		"chattr -a /tmp/fx/ext4/append", "root (CAP_LINUX_IMMUTABLE)", 0,
		"/tmp/fx/ext4/append may then be overwritten, truncated or removed, not only appended to, which the append-only flag prevents even for root (chattr +a sets it again)");
	/* O_TRUNC: only the flag */
	fixture("remedy/inode-append-trunc", AUXERR_REMEDY_COMMAND,
		"Root, with CAP_LINUX_IMMUTABLE, can clear the append-only flag of /tmp/rx/ext4/append: chattr -a /tmp/rx/ext4/append",
		"chattr -a /tmp/rx/ext4/append", "root (CAP_LINUX_IMMUTABLE)", 0,
		"/tmp/rx/ext4/append may then be overwritten, truncated or removed, not only appended to, which the append-only flag prevents even for root (chattr +a sets it again)");
	fixture("guest/sticky", AUXERR_REMEDY_COMMAND,
		"Only the file's owner (uid 2, bin), the owner of the sticky directory /tmp/fx/sticky (uid 1, daemon) or root may remove or rename /tmp/fx/sticky/theirs, and the file's owner can remove it: rm -f /tmp/fx/sticky/theirs",
		"rm -f /tmp/fx/sticky/theirs",
		"the file's owner (uid 2, bin), the directory's owner (uid 1, daemon) or root", 2, NULL);
	/* a rename: two names, no command */
	fixture("remedy/sticky-rename", AUXERR_REMEDY_COMMAND,
		"Only the file's owner (uid 2, bin), the owner of the sticky directory /tmp/rx/sticky (uid 1, daemon) or root may remove or rename /tmp/rx/sticky/theirs: ask one of them",
		NO_CMD,
		"the file's owner (uid 2, bin), the directory's owner (uid 1, daemon) or root", 2, NULL);

	struct auxerr_record *r;

	/* an immutable directory refused mkdir of a name in it: the kernel's
	 * PATH item is the name, with the directory's inode; the remedy and
	 * the sentence name the directory */
	r = parse_fixture("remedy/inode-dir-mkdir");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		"Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of /tmp/rx/ext4/frozen: chattr -i /tmp/rx/ext4/frozen",
		"chattr -i /tmp/rx/ext4/frozen", "root (CAP_LINUX_IMMUTABLE)", 0,
		"names in /tmp/rx/ext4/frozen may then be made, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)");
	ASSERT_STR(auxerr_explain(r),
		   "mkdir /tmp/rx/ext4/frozen/new: denied by an inode flag: the directory /tmp/rx/ext4/frozen is immutable (chattr +i)");
	auxerr_record_free(r);
	/* rmdir: the named directory may itself be the immutable one */
	r = changed("remedy/inode-dir-mkdir", "syscall=83", "syscall=84");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		"Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of /tmp/rx/ext4/frozen/new: chattr -i /tmp/rx/ext4/frozen/new",
		"chattr -i /tmp/rx/ext4/frozen/new", "root (CAP_LINUX_IMMUTABLE)", 0,
		"/tmp/rx/ext4/frozen/new may then be changed, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)");
	auxerr_record_free(r);

	/* not writable by all (1755): the file's owner may not write in it,
	 * so only the directory's owner or root can remove the name */
	r = changed("guest/sticky", "dir_mode=041777", "dir_mode=041755");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		"Only the owner of the sticky directory /tmp/fx/sticky (uid 1, daemon) or root may remove or rename /tmp/fx/sticky/theirs: the file's owner (uid 2, bin) may not write in that directory (mode 1755), and the directory's owner can remove it: rm -f /tmp/fx/sticky/theirs",
		"rm -f /tmp/fx/sticky/theirs", "the directory's owner (uid 1, daemon) or root", 1, NULL);
	auxerr_record_free(r);
	/* root's, writable by its owner only (1755): only root */
	{
		static const char *const pairs[] = {
			"dir_mode=041777", "dir_mode=041755", "dir_ouid=1", "dir_ouid=0", NULL,
		};

		r = changedv("guest/sticky", pairs);
		check_remedy(r, AUXERR_REMEDY_COMMAND,
			"Only root, the owner of the sticky directory /tmp/fx/sticky, may remove or rename /tmp/fx/sticky/theirs: the file's owner (uid 2, bin) may not write in that directory (mode 1755), and root can remove it: rm -f /tmp/fx/sticky/theirs",
			"rm -f /tmp/fx/sticky/theirs", "root", 0, NULL);
		auxerr_record_free(r);
	}
	/* group-writable (1775): whether the file's owner is in the
	 * directory's group is not in the record (and the library does not
	 * look at the live directory), so the directory's owner removes it */
	r = changed("guest/sticky", "dir_mode=041777", "dir_mode=041775");
	check_remedy(r, AUXERR_REMEDY_COMMAND,
		"Only the file's owner (uid 2, bin), if it is in the group of the sticky directory /tmp/fx/sticky (mode 1775: only its group may write there), the directory's owner (uid 1, daemon) or root may remove or rename /tmp/fx/sticky/theirs, and the directory's owner can remove it: rm -f /tmp/fx/sticky/theirs",
		"rm -f /tmp/fx/sticky/theirs",
		"the directory's owner (uid 1, daemon) or root", 1, NULL);
	auxerr_record_free(r);
}

/* ---- the API ---------------------------------------------------------------------- */

static void test_api(void)
{
	errno = 0;
	CU_ASSERT_PTR_NULL(auxerr_record_remedy(NULL));
	CU_ASSERT_EQUAL(errno, EINVAL);
	auxerr_remedy_free(NULL);
	CU_ASSERT_EQUAL(auxerr_remedy_kind(NULL), AUXERR_REMEDY_NONE);
	CU_ASSERT_PTR_NULL(auxerr_remedy_text(NULL));
	CU_ASSERT_PTR_NULL(auxerr_remedy_command(NULL));
	CU_ASSERT_PTR_NULL(auxerr_remedy_who(NULL));
	CU_ASSERT_PTR_NULL(auxerr_remedy_weakens(NULL));
	CU_ASSERT_EQUAL(auxerr_remedy_uid(NULL), -1);
	ASSERT_STR(auxerr_remedy_kind_name(AUXERR_REMEDY_NONE), "none");
	ASSERT_STR(auxerr_remedy_kind_name(AUXERR_REMEDY_COMMAND), "command");
	ASSERT_STR(auxerr_remedy_kind_name(AUXERR_REMEDY_POLICY), "policy");
	ASSERT_STR(auxerr_remedy_kind_name(AUXERR_REMEDY_SANDBOX), "sandbox");
	ASSERT_STR(auxerr_remedy_kind_name((enum auxerr_remedy_kind)99), "none");
	/* changed: a mechanism libauxerr does not know */
	changed_check("guest/dac-other", "mechanism=dac", "mechanism=frob",
		      AUXERR_REMEDY_NONE,
		      "No remedy is known for the mechanism \"frob\"",
		      NO_CMD, NULL, -1, NULL);
	/* changed: a dac record without its facts */
	changed_check("guest/dac-other", "class=other perm=4", "class=other",
		      AUXERR_REMEDY_NONE,
		      "The record lacks the facts a remedy needs (class, perm, ouid, fsuid)",
		      NO_CMD, NULL, -1, NULL);
}

void add_remedy_suite(void)
{
	CU_pSuite s = CU_add_suite("remedy", NULL, NULL);
	CU_add_test(s, "dac: other, owner, group, parent", test_dac);
	CU_add_test(s, "dac: ACL user, mask, group", test_acl);
	CU_add_test(s, "path: the directory's search bit", test_path);
	CU_add_test(s, "names: relative, dirfd, quoting", test_names);
	CU_add_test(s, "cap: one capability, a probe, a user namespace", test_cap);
	CU_add_test(s, "sandboxes: Landlock, seccomp", test_sandbox);
	CU_add_test(s, "policies: Yama, AppArmor, other LSMs", test_policy);
	CU_add_test(s, "ptrace: creds, not dumpable", test_ptrace);
	CU_add_test(s, "mount: ro, ro_sb, noexec, nodev", test_mount);
	CU_add_test(s, "inode flags, sticky", test_inode_sticky);
	CU_add_test(s, "API: arguments, kinds, unknown mechanism", test_api);
}
