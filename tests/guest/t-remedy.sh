#!/bin/bash
# The remedy libauxerr derives (auxerr_record_remedy()), applied: for every
# mechanism whose remedy is a command, the denial is made as nobody, the
# remedy taken from the library (build/userland/auxerr-remedy on the event
# text, tests/guest/src/auxerr-remedy.c), its command run as the party it
# names (root, the file's owner, the caller), and the call repeated as
# nobody, which must now succeed; where the remedy is meant to be the
# least change, a neighbour it must not have opened is checked too.  For
# the others (Landlock, seccomp) the remedy is checked field by field.
# AppArmor's remedy (the rule line and the profile's file) is taken from
# `auxerr explain --json` and applied.
#
#   t-remedy.sh [--capture]
#
# --capture also prints the event texts of tests/unit/fixtures/remedy/
# between "==> remedy/NAME.txt" and "<==" lines.
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
CHECK=$B/auxerr-check
REMEDY=$B/auxerr-remedy
capture=
[ "${1:-}" = --capture ] && capture=1

summary() {
	echo "$passes passed, $failures failed"
	finish
}
[ -x "$CHECK" ] && [ -x "$REMEDY" ] || { fail built "no $CHECK or $REMEDY (make userland)"; summary; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; summary; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"

# A fixed directory: the fixtures' texts name it.
t=/tmp/rx
rm -rf "$t"
mkdir -m 0755 "$t"
cd "$t" || exit 1

# deny NAME ARGS...: auxerr-check ARGS as nobody in the current directory;
# $ev: the event text it fetched, $rem: what auxerr-remedy makes of it.
# NAME _: not a fixture.
deny() {
	local n=$1
	shift
	out=$(as_nobody "$CHECK" "$@" 2>/dev/null)
	ev=$(grep '^type=' <<<"$out")
	rem=$("$REMEDY" <<<"$ev" 2>&1)
	if [ -n "$capture" ] && [ "$n" != _ ] && [ -n "$ev" ]; then
		echo "==> remedy/$n.txt"
		printf '%s\n' "$ev"
		echo "<=="
	fi
}
# r FIELD: the remedy's field
r() { awk -v k="$1=" 'index($0, k) == 1 { print substr($0, length(k) + 1); exit }' <<<"$rem"; }
# the errno of the last action auxerr-check made (in $out)
last() { sed -n 's/^action=//p' <<<"$out" | tail -1; }

# expect NAME ERRNO KIND WHO UID COMMAND TEXT [WEAKENS]: the denial (ERRNO
# -: checked by the caller) and every field of its remedy
expect() {
	[ "$2" = - ] || expect_eq "$1-denied" "$2" "$(last)"
	expect_eq "$1-kind" "$3" "$(r kind)"
	expect_eq "$1-who" "$4" "$(r who)"
	expect_eq "$1-uid" "$5" "$(r uid)"
	expect_eq "$1-command" "$6" "$(r command)"
	expect_eq "$1-text" "$7" "$(r text)"
	expect_eq "$1-weakens" "${8:-}" "$(r weakens)"
}

# apply NAME: the remedy's command, run by bash as the uid it names, from /;
# its output in $applied
apply() {
	local n=$1 uid cmd gid rc
	uid=$(r uid)
	cmd=$(r command)
	if [ -z "$cmd" ]; then
		fail "$n-apply" "the remedy has no command"
		return 1
	fi
	if [ "$uid" = 0 ]; then
		applied=$(cd / && bash -c "$cmd" 2>&1)
	else
		gid=$(getent passwd "$uid" | cut -d: -f4)
		applied=$(cd / && setpriv --reuid="$uid" --regid="$gid" --init-groups -- bash -c "$cmd" 2>&1)
	fi
	rc=$?
	expect_eq "$n-applied" "0" "$rc"
	[ "$rc" = 0 ] || echo "    $cmd: $applied"
}

# again NAME ARGS...: the same call as nobody, which must now succeed
again() {
	local n=$1
	shift
	out=$(as_nobody "$CHECK" "$@" 2>/dev/null)
	expect_eq "$n-now-allowed" 0 "$(last)"
}

# as_user UID GID ARGS...: the errno of auxerr-check's last action as UID:GID
as_user() {
	local u=$1 g=$2
	shift 2
	setpriv --reuid="$u" --regid="$g" --clear-groups --inh-caps=-all -- "$CHECK" "$@" 2>/dev/null |
		sed -n 's/^action=//p' | tail -1
}

# ---- dac: one ACL entry for the caller, or the caller's own bit --------------
echo s > "$t/secret"
chmod 0600 "$t/secret"
deny _ open "$t/secret"
expect dac-other 13 command "the file's owner (uid 0, root)" 0 \
	"setfacl -m u:nobody:r $t/secret" \
	"The file's owner (uid 0, root) can give uid 65534 read permission on $t/secret with one ACL entry for that user: setfacl -m u:nobody:r $t/secret"
apply dac-other
again dac-other open "$t/secret"
# the least: daemon still cannot read it, nobody still cannot write it
expect_eq dac-other-daemon-still-denied 13 "$(as_user 1 1 open "$t/secret")"
expect_eq dac-other-write-still-denied 13 "$(as_user 65534 65534 open "$t/secret" w)"

echo m > "$t/mine"
chown "$NOBODY" "$t/mine"
chmod 0400 "$t/mine"
deny _ open "$t/mine" w
expect dac-owner 13 command "the caller (uid 65534, nobody), the owner" 65534 \
	"chmod u+w $t/mine" \
	"The caller (uid 65534, nobody) owns the file $t/mine and may give itself write permission on it: chmod u+w $t/mine"
apply dac-owner
again dac-owner open "$t/mine" w
expect_eq dac-owner-mode 600 "$(stat -c %a "$t/mine")"

echo g > "$t/grp"
chown 0:"$NOBODY" "$t/grp"
chmod 0604 "$t/grp"
deny _ open "$t/grp"
expect dac-group 13 command "the file's owner (uid 0, root)" 0 \
	"setfacl -m u:nobody:r $t/grp" \
	"The file's owner (uid 0, root) can give uid 65534 read permission on $t/grp with one ACL entry for that user: setfacl -m u:nobody:r $t/grp"
apply dac-group
again dac-group open "$t/grp"
# another member of the group (daemon with gid nogroup) still cannot
expect_eq dac-group-member-still-denied 13 "$(as_user 1 "$NOBODY" open "$t/grp")"

mkdir -m 0755 "$t/ro"
deny _ mkdir "$t/ro/new"
expect dac-parent 13 command "the directory's owner (uid 0, root)" 0 \
	"setfacl -m u:nobody:rwx $t/ro" \
	"The directory's owner (uid 0, root) can give uid 65534 write permission on the directory $t/ro with one ACL entry for that user: setfacl -m u:nobody:rwx $t/ro"
apply dac-parent
again dac-parent mkdir "$t/ro/new"
expect_eq dac-parent-daemon-still-denied 13 "$(as_user 1 1 mkdir "$t/ro/other")"

# ---- dac: ACL entries ---------------------------------------------------------
echo a > "$t/acl_user"
chmod 0644 "$t/acl_user"
setfacl -m "u:$NOBODY:---" "$t/acl_user"
deny _ open "$t/acl_user"
expect acl_user 13 command "the file's owner (uid 0, root)" 0 \
	"setfacl -m u:nobody:r $t/acl_user" \
	"The file's owner (uid 0, root) can give uid 65534 read permission on $t/acl_user with one ACL entry for that user: setfacl -m u:nobody:r $t/acl_user"
apply acl_user
again acl_user open "$t/acl_user"

echo a > "$t/acl_mask"
chmod 0644 "$t/acl_mask"
setfacl -m "u:$NOBODY:r,m::w" "$t/acl_mask"
deny _ open "$t/acl_mask"
expect acl_mask 13 command "the file's owner (uid 0, root)" 0 \
	"setfacl -m m::rw $t/acl_mask" \
	"The file's owner (uid 0, root) can widen the ACL mask of $t/acl_mask so that the entry user:nobody grants uid 65534 the read permission it holds: setfacl -m m::rw $t/acl_mask" \
	"the mask limits the owning group and every named ACL entry: those that hold read permission get it too"
apply acl_mask
again acl_mask open "$t/acl_mask"

echo a > "$t/acl_group"
chmod 0640 "$t/acl_group"
setfacl -m "g:$NOBODY:---" "$t/acl_group"
deny _ open "$t/acl_group"
expect acl_group 13 command "the file's owner (uid 0, root)" 0 \
	"setfacl -m u:nobody:r $t/acl_group" \
	"The file's owner (uid 0, root) can give uid 65534 read permission on $t/acl_group with one ACL entry for that user: setfacl -m u:nobody:r $t/acl_group"
apply acl_group
again acl_group open "$t/acl_group"
# the group entry still refuses the group's other members
expect_eq acl_group-member-still-denied 13 "$(as_user 1 "$NOBODY" open "$t/acl_group")"

# ---- path: search, and only search -------------------------------------------
mkdir -m 0700 "$t/closed"
echo i > "$t/closed/inner"
chmod 0644 "$t/closed/inner"
deny _ open "$t/closed/inner"
expect path 13 command "the directory's owner (uid 0, root)" 0 \
	"setfacl -m u:nobody:x $t/closed" \
	"The directory's owner (uid 0, root) can give uid 65534 search permission on the directory $t/closed with one ACL entry for that user: setfacl -m u:nobody:x $t/closed"
apply path
again path open "$t/closed/inner"
expect_eq path-listing-still-denied 13 "$(as_user "$NOBODY" "$NOBODY" open "$t/closed")"

# a relative name: the command's path is absolute, from the CWD record
mkdir -m 0755 "$t/relative"
echo s > "$t/relative/secret"
chmod 0600 "$t/relative/secret"
cd "$t/relative" || exit 1
deny dac-relative open secret
expect dac-relative 13 command "the file's owner (uid 0, root)" 0 \
	"setfacl -m u:nobody:r $t/relative/secret" \
	"The file's owner (uid 0, root) can give uid 65534 read permission on $t/relative/secret with one ACL entry for that user: setfacl -m u:nobody:r $t/relative/secret"
expect_eq dac-relative-name-was-relative secret "$(rec_field PATH name <<<"$ev")"
apply dac-relative
again dac-relative open secret
cd "$t" || exit 1

# ---- cap standing in for ownership (owner_op=): the owner's, or root's, command ----
echo c > "$t/give"
chown "$NOBODY" "$t/give"
deny _ chown "$t/give" 0
expect cap 1 command root 0 \
	"chown 0 $t/give" \
	"Only root (CAP_CHOWN) may give $t/give another owner (now uid 65534, nobody): root can do it: chown 0 $t/give"
apply cap
expect_eq cap-owner-now-root 0 "$(stat -c %u "$t/give")"
# root made the change: nobody alone still lacks the capability
echo c > "$t/give2"
chown "$NOBODY" "$t/give2"
expect_eq cap-one-run-only 1 "$(as_user "$NOBODY" "$NOBODY" chown "$t/give2" 0)"

echo f > "$t/rootfile"
chmod 0600 "$t/rootfile"
deny _ chmod "$t/rootfile" 644
expect cap-chmod 1 command "the file's owner (uid 0, root)" 0 \
	"chmod 0644 $t/rootfile" \
	"Only the owner of $t/rootfile (uid 0, root) or a process with CAP_FOWNER may change its mode: the owner can do it: chmod 0644 $t/rootfile"
apply cap-chmod
expect_eq cap-chmod-mode 644 "$(stat -c %a "$t/rootfile")"

# ---- Landlock and seccomp: only the sandboxing program ------------------------
mkdir -m 0755 "$t/allowed" "$t/other"
echo ok > "$t/allowed/f"
echo no > "$t/other/f"
chmod 0666 "$t/allowed/f" "$t/other/f"
# cf FIELD: the AUXERR record's FIELD in $ev (the sandbox's maker, when
# the kernel names it: creator_*, domain=)
cf() { rec_field 'UNKNOWN[1340]' "$1" <<<"$ev"; }
deny _ landlock "$t/allowed" -- open "$t/allowed/f" -- open "$t/other/f"
if [ -n "$(cf creator_pid)" ]; then
	# auxerr-check made the sandbox itself: the maker is the caller
	mpid=$(rec_field SYSCALL pid <<<"$ev")
	expect_eq landlock-creator-pid "$mpid" "$(cf creator_pid)"
	expect_eq landlock-creator-exe "$CHECK" "$(cf creator_exe)"
	expect landlock 13 sandbox "the sandboxing program ($CHECK (pid $mpid))" -1 "" \
		"Only the program that made the Landlock sandbox (domain $(cf domain), layer 1 of 1), $CHECK (pid $mpid), can allow fs.read_file on $t/other/f: its ruleset must grant it, or the program must run outside that sandbox"
else
	expect landlock 13 sandbox "the sandboxing program" -1 "" \
		"Only the program that made the Landlock sandbox (layer 1 of 1) can allow fs.read_file on $t/other/f: its ruleset must grant it, or the program must run outside that sandbox"
fi
# outside the sandbox the same program may
again landlock-outside open "$t/other/f"

echo u > "$t/sfile"
chmod 0666 "$t/sfile"
deny _ seccomp 83 95 -- seccomp 87 1 -- unlink "$t/sfile"
if [ -n "$(cf creator_pid)" ]; then
	mpid=$(rec_field SYSCALL pid <<<"$ev")
	expect_eq seccomp-creator-pid "$mpid" "$(cf creator_pid)"
	expect seccomp 1 sandbox "the sandboxing program ($CHECK (pid $mpid))" -1 "" \
		"Only the program that installed seccomp filter 2 of 2, $CHECK (pid $mpid), can allow unlink, which the filter makes fail with EPERM: its filter must let the call through, or the program must run without that filter"
else
	expect seccomp 1 sandbox "the sandboxing program" -1 "" \
		"Only the program that installed seccomp filter 2 of 2 can allow unlink, which the filter makes fail with EPERM: its filter must let the call through, or the program must run without that filter"
fi

# ---- Yama: the sysctl with what it weakens; scope 2: the one capability -------
scope0=$(cat /proc/sys/kernel/yama/ptrace_scope)
echo 1 > /proc/sys/kernel/yama/ptrace_scope
nobody_bg sleep 3600
npid=$!
deny _ ptrace "$npid"
expect yama 1 policy root 0 \
	"sysctl -w kernel.yama.ptrace_scope=0" \
	"Yama lets a process trace only its descendants: start the program under the tracer, or have process $npid allow the tracer with prctl(PR_SET_PTRACER); failing that, root can loosen the policy for every process (kernel.yama.ptrace_scope = 1 becomes 0): sysctl -w kernel.yama.ptrace_scope=0" \
	"any process may then trace every other process of the same user, and read its memory and secrets"
apply yama
again yama ptrace "$npid"
echo 2 > /proc/sys/kernel/yama/ptrace_scope
deny lsm-yama-2 ptrace "$npid"
expect yama-2 1 command root 0 \
	"cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- $CHECK ptrace $npid" \
	"Yama (kernel.yama.ptrace_scope = 2) lets only a process with CAP_SYS_PTRACE attach: root can run the program again as uid 65534 with CAP_SYS_PTRACE alone, rather than as root: cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- $CHECK ptrace $npid" \
	"CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included"
apply yama-2
expect_eq yama-2-now-allowed "action=0" "$(sed -n 1p <<<"$applied")"
kill "$npid"
echo "$scope0" > /proc/sys/kernel/yama/ptrace_scope

# ---- ptrace: another user's process, a non-dumpable one ------------------------
sleep 3600 &
rootpid=$!
deny _ ptrace "$rootpid"
expect ptrace 1 command root 0 \
	"cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- $CHECK ptrace $rootpid" \
	"Process $rootpid belongs to another user (root), and only CAP_SYS_PTRACE passes that check for a process whose ids are not all the caller's: root can run the program again as uid 65534 with CAP_SYS_PTRACE alone, rather than as root: cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- $CHECK ptrace $rootpid" \
	"CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included"
apply ptrace
expect_eq ptrace-now-allowed "action=0" "$(sed -n 1p <<<"$applied")"
kill "$rootpid"
nobody_bg "$CHECK" undumpable-sleep
upid=$!
sleep 0.5
deny _ ptrace "$upid"
expect ptrace-not_dumpable 1 command root 0 \
	"cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- $CHECK ptrace $upid" \
	"Process $upid is not dumpable (it changed its ids or made itself so), and only CAP_SYS_PTRACE passes that check: root can run the program again as uid 65534 with CAP_SYS_PTRACE alone, rather than as root: cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- $CHECK ptrace $upid" \
	"CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included"
apply ptrace-not_dumpable
expect_eq ptrace-not_dumpable-now-allowed "action=0" "$(sed -n 1p <<<"$applied")"
kill "$upid"

# ---- mounts: the mount's own flag ---------------------------------------------------
mkdir "$t/rw" "$t/robind" "$t/rosb" "$t/noexec" "$t/nodev"
echo w > "$t/rw/f"
chmod 0666 "$t/rw/f"
mount --bind "$t/rw" "$t/robind"
mount -o remount,bind,ro,nosuid "$t/robind"
deny _ open "$t/robind/f" w
expect mount-ro 30 command root 0 \
	"mount -o remount,bind,rw $t/robind" \
	"Root can make the mount on $t/robind writable, that mount only: mount -o remount,bind,rw $t/robind" \
	"every file under $t/robind may then be changed by whoever its permissions allow, which the read-only mount was there to prevent (mount -o remount,bind,ro puts it back)"
apply mount-ro
again mount-ro open "$t/robind/f" w
expect_match mount-ro-nosuid-kept '(^|,)nosuid(,|$)' "$(findmnt -no OPTIONS "$t/robind")"

mount -t tmpfs -o ro tmpfs "$t/rosb"
deny _ mkdir "$t/rosb/d"
expect mount-ro_sb 30 command root 0 \
	"mount -o remount,rw $t/rosb" \
	"Root can remount the tmpfs file system on $t/rosb read-write: mount -o remount,rw $t/rosb" \
	"every file of that file system, through each of its mounts, may then be changed by whoever its permissions allow, which mounting it read-only was there to prevent (mount -o remount,ro puts it back)"
apply mount-ro_sb
again mount-ro_sb mkdir "$t/rosb/d"

mount -t tmpfs -o noexec,nosuid,mode=755 tmpfs "$t/noexec"
cp /bin/true "$t/noexec/true"
chmod 0755 "$t/noexec/true"
deny _ exec "$t/noexec/true"
expect mount-noexec 13 policy root 0 \
	"mount -o remount,bind,exec $t/noexec" \
	"Programs do not run from $t/noexec (noexec): copy the program to a file system that allows it, or run a script through its interpreter; failing that, root can lift the option on that mount: mount -o remount,bind,exec $t/noexec" \
	"any file on $t/noexec may then be run as a program, which noexec is there to prevent"
apply mount-noexec
as_nobody "$t/noexec/true"
expect_eq mount-noexec-now-allowed 0 "$?"
again mount-noexec-mmap mmapx "$t/noexec/true"
# only exec changed: the mount keeps nosuid
expect_match mount-noexec-nosuid-kept '(^|,)nosuid(,|$)' "$(findmnt -no OPTIONS "$t/noexec")"

mount -t tmpfs -o nodev,mode=755 tmpfs "$t/nodev"
mknod -m 0666 "$t/nodev/null" c 1 3
deny _ open "$t/nodev/null" w
expect mount-nodev 13 policy root 0 \
	"mount -o remount,bind,dev $t/nodev" \
	"Device files do not work on $t/nodev (nodev): use the device's node under /dev; failing that, root can lift the option on that mount: mount -o remount,bind,dev $t/nodev" \
	"every device file on $t/nodev then works, so whoever can create one there reaches that device"
apply mount-nodev
again mount-nodev open "$t/nodev/null" w
umount "$t/robind" "$t/rosb" "$t/noexec" "$t/nodev"

# ---- inode flags on ext4 --------------------------------------------------------------
truncate -s 16M /run/auxerr-remedy.img
mkfs.ext4 -q -F /run/auxerr-remedy.img
mkdir "$t/ext4"
if mount -o loop /run/auxerr-remedy.img "$t/ext4"; then
	echo i > "$t/ext4/immutable"
	echo a > "$t/ext4/append"
	chmod 0666 "$t/ext4/immutable" "$t/ext4/append"
	chattr +i "$t/ext4/immutable"
	chattr +a "$t/ext4/append"
	deny _ open "$t/ext4/immutable" w
	expect immutable 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -i $t/ext4/immutable" \
		"Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of $t/ext4/immutable: chattr -i $t/ext4/immutable" \
		"$t/ext4/immutable may then be changed, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)"
	apply immutable
	again immutable open "$t/ext4/immutable" w
	deny inode-append-trunc open "$t/ext4/append" trunc
	expect append-trunc 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -a $t/ext4/append" \
		"Root, with CAP_LINUX_IMMUTABLE, can clear the append-only flag of $t/ext4/append: chattr -a $t/ext4/append" \
		"$t/ext4/append may then be overwritten, truncated or removed, not only appended to, which the append-only flag prevents even for root (chattr +a sets it again)"
	deny _ open "$t/ext4/append" w
	expect append 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -a $t/ext4/append" \
		"$t/ext4/append is append-only: opening it to append (O_APPEND, >> in the shell) needs no change; to write elsewhere in it, root, with CAP_LINUX_IMMUTABLE, can clear the flag: chattr -a $t/ext4/append" \
		"$t/ext4/append may then be overwritten, truncated or removed, not only appended to, which the append-only flag prevents even for root (chattr +a sets it again)"
	# what needs no change works as said
	as_nobody bash -c "echo more >> $t/ext4/append"
	expect_eq append-o_append-allowed 0 "$?"
	apply append
	again append open "$t/ext4/append" trunc
	# the flags refuse changes of the inode itself too: truncate(2) of an
	# append-only file, chmod(2) of an immutable file its caller owns
	echo a > "$t/ext4/append2"
	echo i > "$t/ext4/own"
	chmod 0666 "$t/ext4/append2"
	chown "$NOBODY" "$t/ext4/own"
	chattr +a "$t/ext4/append2"
	chattr +i "$t/ext4/own"
	deny inode-truncate truncate "$t/ext4/append2"
	expect append-truncate 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -a $t/ext4/append2" \
		"Root, with CAP_LINUX_IMMUTABLE, can clear the append-only flag of $t/ext4/append2: chattr -a $t/ext4/append2" \
		"$t/ext4/append2 may then be overwritten, truncated or removed, not only appended to, which the append-only flag prevents even for root (chattr +a sets it again)"
	expect_eq append-truncate-sentence "truncate $t/ext4/append2: denied by an inode flag: the file is append-only (chattr +a)" \
		"$(sed -n 's/^explain=//p' <<<"$out")"
	apply append-truncate
	again append-truncate truncate "$t/ext4/append2"
	deny inode-chmod chmod "$t/ext4/own" 0600
	expect immutable-chmod 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -i $t/ext4/own" \
		"Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of $t/ext4/own: chattr -i $t/ext4/own" \
		"$t/ext4/own may then be changed, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)"
	expect_eq immutable-chmod-sentence "chmod $t/ext4/own: denied by an inode flag: the file is immutable (chattr +i)" \
		"$(sed -n 's/^explain=//p' <<<"$out")"
	apply immutable-chmod
	again immutable-chmod chmod "$t/ext4/own" 0600
	expect_eq immutable-chmod-mode 600 "$(stat -c %a "$t/ext4/own")"
	# a directory's flag refuses a name made or removed in it: the
	# remedy clears the directory's flag, not a file's
	mkdir "$t/ext4/frozen" "$t/ext4/logs"
	echo o > "$t/ext4/frozen/old"
	echo o > "$t/ext4/logs/old"
	chmod 0777 "$t/ext4/frozen" "$t/ext4/logs"
	chattr +i "$t/ext4/frozen"
	chattr +a "$t/ext4/logs"
	deny inode-dir-mkdir mkdir "$t/ext4/frozen/new"
	expect frozen-mkdir 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -i $t/ext4/frozen" \
		"Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of $t/ext4/frozen: chattr -i $t/ext4/frozen" \
		"names in $t/ext4/frozen may then be made, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)"
	# the kernel names the directory as the PARENT item, its name ending
	# in "/" as audit writes a parent
	expect_eq frozen-mkdir-sentence "mkdir $t/ext4/frozen/: denied by an inode flag: the directory $t/ext4/frozen is immutable (chattr +i)" \
		"$(sed -n 's/^explain=//p' <<<"$out")"
	deny _ unlink "$t/ext4/frozen/old"
	expect frozen-unlink 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -i $t/ext4/frozen" \
		"Root, with CAP_LINUX_IMMUTABLE, can clear the immutable flag of $t/ext4/frozen: chattr -i $t/ext4/frozen" \
		"names in $t/ext4/frozen may then be made, renamed or removed by whoever its permissions allow, which the immutable flag prevents even for root (chattr +i sets it again)"
	apply frozen-unlink
	again frozen-unlink unlink "$t/ext4/frozen/old"
	again frozen-mkdir mkdir "$t/ext4/frozen/new"
	deny _ unlink "$t/ext4/logs/old"
	expect logs-unlink 1 command "root (CAP_LINUX_IMMUTABLE)" 0 \
		"chattr -a $t/ext4/logs" \
		"Root, with CAP_LINUX_IMMUTABLE, can clear the append-only flag of $t/ext4/logs: chattr -a $t/ext4/logs" \
		"names in $t/ext4/logs may then be removed or renamed, not only added, which the append-only flag prevents even for root (chattr +a sets it again)"
	apply logs-unlink
	again logs-unlink unlink "$t/ext4/logs/old"
	umount "$t/ext4"
else
	fail ext4-loop-mount "mount -o loop failed"
fi
rm -f /run/auxerr-remedy.img

# ---- sticky: the file's owner removes it ------------------------------------------------
mkdir -m 1777 "$t/sticky"
chown 1 "$t/sticky"		# daemon
echo r > "$t/sticky/theirs"
chown 2 "$t/sticky/theirs"	# bin
deny sticky-rename rename "$t/sticky/theirs" "$t/sticky/mine"
expect sticky-rename 1 command "the file's owner (uid 2, bin), the directory's owner (uid 1, daemon) or root" 2 "" \
	"Only the file's owner (uid 2, bin), the owner of the sticky directory $t/sticky (uid 1, daemon) or root may remove or rename $t/sticky/theirs: ask one of them"
deny _ unlink "$t/sticky/theirs"
expect sticky 1 command "the file's owner (uid 2, bin), the directory's owner (uid 1, daemon) or root" 2 \
	"rm -f $t/sticky/theirs" \
	"Only the file's owner (uid 2, bin), the owner of the sticky directory $t/sticky (uid 1, daemon) or root may remove or rename $t/sticky/theirs, and the file's owner can remove it: rm -f $t/sticky/theirs"
apply sticky
# the call's effect, made by the owner: the name is gone
expect_eq sticky-removed "" "$(ls -A "$t/sticky")"

# ---- sticky, not writable by all: the file's owner may not write there ---------------
# A shared group directory (1770, daemon:nogroup): nobody may write in it
# but not remove bin's name, and bin, not in nogroup, may not either.  The
# record does not say whether bin is in the group: the remedy's command
# goes to the directory's owner, who removes it.
mkdir -m 1770 "$t/shared"
chown 1:65534 "$t/shared"	# daemon:nogroup
echo r > "$t/shared/theirs"
chown 2 "$t/shared/theirs"	# bin
deny _ unlink "$t/shared/theirs"
expect sticky-shared 1 command "the directory's owner (uid 1, daemon) or root" 1 \
	"rm -f $t/shared/theirs" \
	"Only the file's owner (uid 2, bin), if it is in the group of the sticky directory $t/shared (mode 1770: only its group may write there), the directory's owner (uid 1, daemon) or root may remove or rename $t/shared/theirs, and the directory's owner can remove it: rm -f $t/shared/theirs"
# what the old remedy offered: bin, with its own groups, cannot do it
setpriv --reuid=2 --regid=2 --init-groups -- rm -f "$t/shared/theirs" 2>/dev/null
expect_eq sticky-shared-file-owner-cannot "theirs" "$(ls -A "$t/shared")"
apply sticky-shared
expect_eq sticky-shared-removed "" "$(ls -A "$t/shared")"

# ---- AppArmor: the rule line, the profile's file, applied ---------------------------------
# With AppArmor's own record in the event (the AVC, kernel.auxerr.lsm_detail
# 1), the remedy is the rule line and the file that defines the profile,
# found in $AUXERR_APPARMOR_DIR (here a directory of root's holding the
# test's profiles); it is taken from `auxerr explain --json`, run as root,
# and the open repeated as nobody under the profile must succeed.  Two
# profiles: one whose deny rule refuses the file (the remedy must remove
# it: deny wins over allow), one that has no rule for it.  On a kernel
# without the AVC record, the remedy names the task's own profile only.
if ! grep -qw apparmor /sys/kernel/security/lsm 2>/dev/null; then
	mountpoint -q /sys/kernel/security ||
		mount -t securityfs securityfs /sys/kernel/security
fi
# aa_open PROFILE FILE: probe's open of FILE as nobody confined by PROFILE
aa_open() {
	as_nobody sh -c 'echo "exec $1" > /proc/self/attr/apparmor/exec && shift &&
		exec "$@"' sh "$1" "$PROBE" open "$2" 2>/dev/null
}
# jr FIELD: the remedy's FIELD in $json ("" for null)
jr() {
	python3 -c 'import json, sys
v = json.load(sys.stdin)["remedy"][sys.argv[1]]
print("" if v is None else v)' "$1" <<<"$json"
}
# aa_case NAME PROFILE FILE TEXT COMMAND WEAKENS SENTENCE AUDITED: 1 when
# the event has no AVC record (nothing checked beyond the denial)
aa_case() {
	local n=$1 prof=$2 f=$3 text=$4 cmd=$5 weak=$6 sentence=$7 audited=$8 rc
	out=$(aa_open "$prof" "$f")
	ev=$(grep '^type=' <<<"$out")
	expect_eq "$n-denied" errno=13 "$(sed -n 1p <<<"$out")"
	grep -q '^type=AVC ' <<<"$ev" || return 1
	expect_eq "$n-avc-profile" "$prof" "$(rec_field AVC profile <<<"$ev")"
	expect_eq "$n-avc-name" "$f" "$(rec_field AVC name <<<"$ev")"
	expect_eq "$n-avc-denied_mask" r "$(rec_field AVC denied_mask <<<"$ev")"
	expect_eq "$n-lsm_audited" "$audited" "$(rec_field 'UNKNOWN[1340]' lsm_audited <<<"$ev")"
	json=$(printf '%s\n' "$ev" | AUXERR_APPARMOR_DIR="$t/aa.d" "$B/auxerr" explain --json -)
	expect_eq "$n-explanation" "$sentence" \
		"$(python3 -c 'import json, sys; print(json.load(sys.stdin)["explanation"])' <<<"$json")"
	expect_eq "$n-kind" policy "$(jr kind)"
	expect_eq "$n-who" root "$(jr who)"
	expect_eq "$n-uid" 0 "$(jr uid)"
	expect_eq "$n-command" "$cmd" "$(jr command)"
	expect_eq "$n-text" "$text" "$(jr text)"
	expect_eq "$n-weakens" "$weak" "$(jr weakens)"
	applied=$(cd / && bash -c "$(jr command)" 2>&1)
	rc=$?
	expect_eq "$n-applied" 0 "$rc"
	[ "$rc" = 0 ] || echo "    $(jr command): $applied"
	out=$(aa_open "$prof" "$f")
	expect_eq "$n-now-allowed" errno=0 "$(sed -n 1p <<<"$out")"
	return 0
}
if grep -qw apparmor /sys/kernel/security/lsm 2>/dev/null; then
	mkdir -m 0755 "$t/aa"
	mkdir -m 0700 "$t/aa.d"
	echo s > "$t/aa/secret"
	echo p > "$t/aa/plain"
	chmod 0644 "$t/aa/secret" "$t/aa/plain"
	profile=$t/aa.d/auxerr_remedy
	cat > "$profile" <<EOF
profile auxerr_remedy flags=(attach_disconnected) {
  file,
  deny $t/aa/secret r,
}
EOF
	dirs='{usr,etc,proc,sys,dev,work,lib,lib64,bin,sbin,run}'
	plain=$t/aa.d/auxerr_remedy_plain
	cat > "$plain" <<EOF
profile auxerr_remedy_plain flags=(attach_disconnected) {
  /$dirs/ r,
  /$dirs/** rmix,
  / r,
  /tmp/ r,
  $t/ r,
  $t/aa/ r,
}
EOF
	if apparmor_parser -r "$profile" "$plain" >/tmp/aa-remedy.log 2>&1; then
		cmd="sed -i -e 3d -e '4i\\  $t/aa/secret r,' $profile && apparmor_parser -r $profile"
		if aa_case apparmor-deny auxerr_remedy "$t/aa/secret" \
			"The AppArmor profile 'auxerr_remedy' does not allow 'r' access to $t/aa/secret: its deny rule 'deny $t/aa/secret r,' ($profile, line 3) refuses it, and a deny rule wins over every allow rule, so root must remove that deny rule and add the rule '$t/aa/secret r,', then reload it: $cmd" \
			"$cmd" \
			"the deny rule 'deny $t/aa/secret r,' no longer refuses anything it matched, and every process confined by 'auxerr_remedy' may then do the same" \
			"openat $t/aa/secret: AppArmor profile 'auxerr_remedy' does not allow read (r) of $t/aa/secret; AppArmor did not log it (nothing was written to the audit log)" \
			0; then
			cmd="sed -i '8i\\  $t/aa/plain r,' $plain && apparmor_parser -r $plain"
			aa_case apparmor-plain auxerr_remedy_plain "$t/aa/plain" \
				"The AppArmor profile 'auxerr_remedy_plain' does not allow 'r' access to $t/aa/plain: root can add the rule '$t/aa/plain r,' to its block in $plain and reload it: $cmd" \
				"$cmd" \
				"every process confined by 'auxerr_remedy_plain' may then do the same" \
				"openat $t/aa/plain: AppArmor profile 'auxerr_remedy_plain' does not allow read (r) of $t/aa/plain" \
				1 || fail apparmor-plain-avc "no AVC record for the plain denial"
		else
			# a kernel without AppArmor's record: the task's own profile
			rem=$("$REMEDY" <<<"$ev" 2>&1)
			if [ -n "$capture" ] && [ -n "$ev" ]; then
				echo "==> remedy/lsm-apparmor.txt"
				printf '%s\n' "$ev"
				echo "<=="
			fi
			expect_eq apparmor-lsm apparmor "$(rec_field 'UNKNOWN[1340]' lsm <<<"$ev")"
			expect apparmor - policy root 0 "" \
				"The AppArmor profile 'auxerr_remedy' confining the process does not allow this (its file_open check): root can add a rule allowing it in the file under /etc/apparmor.d that defines it, and reload that file with apparmor_parser -r" \
				"every process confined by 'auxerr_remedy' may then do the same"
		fi
		apparmor_parser -R "$profile" "$plain" >/dev/null 2>&1
	else
		fail apparmor-profile-loaded "$(cat /tmp/aa-remedy.log)"
	fi
else
	fail apparmor-active "AppArmor is not active in the guest"
fi

cd /
rm -rf "$t"
summary
