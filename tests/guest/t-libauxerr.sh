#!/bin/bash
# libauxerr on real denials of the unprivileged user nobody, one for every
# mechanism the kernel records: get_last_audit_record(), the parsed record
# (errno, syscall, mechanism, serial, age, every field raw and
# interpreted), auxerr_explain(), auxerr_strerror()/auxerr_perror() and the
# errno-coupled state, through build/userland/auxerr-check
# (tests/guest/src/auxerr-check.c); then libauxerr-preload.so in coreutils
# and python3.
#
#   t-libauxerr.sh [--capture]
#
# --capture also prints each event text between "==> guest/NAME.txt" and
# "<==" lines: tests/unit/fixtures/recapture turns them into the unit
# test fixtures.
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
CHECK=$B/auxerr-check
SHIM=$B/libauxerr-preload.so
capture=
[ "${1:-}" = --capture ] && capture=1

[ -x "$CHECK" ] || { fail check-built "no $CHECK (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"

# A fixed directory, so that the captured texts and the sentences are the
# same on every run.
t=/tmp/fx
rm -rf "$t"
mkdir -m 0755 "$t"
cd "$t" || exit 1
errf=/run/auxerr-check.err

# check NAME ARGS...: auxerr-check ARGS as nobody; $out is its stdout,
# $err its stderr; with --capture, print the event text for fixture NAME
# (NAME _: not a fixture)
check() {
	local name=$1
	shift
	out=$(as_nobody "$CHECK" "$@" 2>"$errf")
	err=$(cat "$errf")
	if [ -n "$capture" ] && [ "$name" != _ ] && grep -q '^type=' <<<"$out"; then
		echo "==> guest/$name.txt"
		grep '^type=' <<<"$out"
		echo "<=="
	fi
}
# get KEY: the value of the first "KEY=" line of $out
get() {
	local k=$1
	awk -v k="$k=" 'index($0, k) == 1 { print substr($0, length(k) + 1); exit }' <<<"$out"
}
aux() { get "f.AUXERR.0.$1"; }
auxi() { get "i.AUXERR.0.$1"; }
text() { grep '^type=' <<<"$out"; }
actions() { sed -n 's/^action=//p' <<<"$out" | tr '\n' ' ' | sed 's/ $//'; }
# the errnos used here: their names as auparse prints them, glibc's texts
declare -A ERRNAME=([1]=EPERM [2]=ENOENT [13]=EACCES [30]=EROFS [95]=EOPNOTSUPP)
declare -A STRERR=([1]="Operation not permitted" [2]="No such file or directory"
	[13]="Permission denied" [30]="Read-only file system" [95]="Operation not supported")
errname() { echo "${ERRNAME[$1]}"; }
strerr() { echo "${STRERR[$1]}"; }

# common NAME ERRNO SYSCALL MECHANISM SENTENCE: what every kept denial
# must give, through every part of the API
common() {
	local n=$1 e=$2 sc=$3 mech=$4 sentence=$5 stamp serial tx f0=$failures
	tx=$(text)
	expect_eq "$n-errno" "$e" "$(get errno)"
	expect_eq "$n-nothing-bad" "" "$(get bad)"
	expect_eq "$n-done" end "$(tail -1 <<<"$out")"
	# the raw text: ERANGE for a short buffer, the size with the NUL
	expect_eq "$n-need" "$(($(printf '%s\n' "$tx" | wc -c) + 1))" "$(get need)"
	expect_eq "$n-short-erange" "-1 ERANGE" "$(get short)"
	expect_eq "$n-zero-erange" "-1 ERANGE" "$(get zero)"
	expect_eq "$n-get" "$(printf '%s\n' "$tx" | wc -c)" "$(get get)"
	expect_eq "$n-slot1-none" "-1 ENOENT" "$(get slot1)"
	expect_eq "$n-records-in-order" "SYSCALL UNKNOWN[1340] CWD" \
		"$(sed 's/^type=\([^ ]*\) .*/\1/' <<<"$tx" | head -3 | tr '\n' ' ' | sed 's/ $//')"
	expect_eq "$n-last-proctitle" PROCTITLE "$(tail -1 <<<"$tx" | sed 's/^type=\([^ ]*\) .*/\1/')"
	# the parsed record
	expect_eq "$n-fetch" ok "$(get fetch)"
	expect_eq "$n-rec-errno" "$e" "$(get rec.errno)"
	expect_eq "$n-rec-syscall-name" "$sc" "$(get rec.syscall_name)"
	expect_eq "$n-rec-syscall" "$(rec_field SYSCALL syscall <<<"$tx")" "$(get rec.syscall)"
	expect_eq "$n-rec-arch" c000003e "$(get rec.arch)"
	expect_eq "$n-rec-mechanism" "$mech" "$(get rec.mechanism)"
	stamp=$(sed -n '1s/.*msg=audit(\([0-9.]*\):\([0-9]*\)).*/\1 \2/p' <<<"$tx")
	serial=${stamp#* }
	expect_eq "$n-rec-serial" "$serial" "$(get rec.serial)"
	expect_eq "$n-rec-time" "${stamp% *}" "$(get rec.time | cut -c1-14)"
	expect_eq "$n-rec-records" "$(wc -l <<<"$tx")" "$(get rec.records)"
	expect_eq "$n-rec-text" 1 "$(get rec.text-same)"
	expect_eq "$n-rec-flushed" 0 "$(get rec.flushed)"
	expect_eq "$n-exit" "-$e" "$(get f.SYSCALL.0.exit)"
	expect_eq "$n-exit-interp" "$(errname "$e")($(strerr "$e"))" "$(get i.SYSCALL.0.exit)"
	expect_eq "$n-success" no "$(get f.SYSCALL.0.success)"
	expect_eq "$n-syscall-interp" "$sc" "$(get i.SYSCALL.0.syscall)"
	expect_eq "$n-uid" 65534 "$(get f.SYSCALL.0.uid)"
	expect_eq "$n-uid-interp" nobody "$(get i.SYSCALL.0.uid)"
	expect_eq "$n-comm" '"auxerr-check"' "$(get f.SYSCALL.0.comm)"
	expect_eq "$n-comm-interp" auxerr-check "$(get i.SYSCALL.0.comm)"
	expect_eq "$n-exe-interp" "$CHECK" "$(get i.SYSCALL.0.exe)"
	expect_eq "$n-cwd" "$t" "$(get i.CWD.0.cwd)"
	expect_eq "$n-aux-mechanism" "$mech" "$(aux mechanism)"
	expect_eq "$n-sentence" "$sentence" "$(get explain)"
	# strerror: the explanation for this errno only, while fresh
	expect_eq "$n-strerror" "$(strerr "$e") ($sentence)" "$(get strerror)"
	expect_eq "$n-strerror_r" 1 "$(get strerror_r-same)"
	expect_eq "$n-other-errno-plain" 1 "$(get strerror-other-plain)"
	expect_eq "$n-stale-plain" 1 "$(get stale-plain)"
	expect_eq "$n-state-serial" "$serial" "$(get state.serial)"
	expect_eq "$n-restore-errno" "$e" "$(get restore-errno)"
	expect_eq "$n-restored" 1 "$(get restored-same)"
	expect_eq "$n-perror" "perror: $(strerr "$e") ($sentence)" "$err"
	expect_eq "$n-cleared" "-1 ENOENT" "$(get cleared)"
	[ "$failures" = "$f0" ] || printf '%s\n' "--- $n: the event text" "$tx"
}

# dac_obj NAME FILE: the AUXERR object fields against the file itself
dac_obj() {
	local n=$1 f=$2
	expect_eq "$n-inode" "$(stat -c %i "$f")" "$(aux inode)"
	local d=$((0x$(stat -c %D "$f")))
	expect_eq "$n-dev" "$(printf '%02x:%02x' $(((d >> 8) & 0xfff)) $(((d & 0xff) | ((d >> 12) & 0xfff00))))" \
		"$(aux dev)"
	expect_eq "$n-mode" "$(printf '0%o' "0x$(stat -c %f "$f")")" "$(aux mode)"
	expect_eq "$n-ouid" "$(stat -c %u "$f")" "$(aux ouid)"
	expect_eq "$n-ouid-interp" "$(stat -c %U "$f")" "$(auxi ouid)"
	expect_eq "$n-ogid-interp" "$(stat -c %G "$f")" "$(auxi ogid)"
}

# ---- dac: mode bits -------------------------------------------------------
echo secret > "$t/secret"
chmod 0600 "$t/secret"
check dac-other open "$t/secret"
common dac-other 13 openat dac "openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission"
expect_eq dac-other-class other "$(aux class)"
expect_eq dac-other-perm 4 "$(aux perm)"
expect_eq dac-other-perm-interp read "$(auxi perm)"
expect_eq dac-other-granted 0 "$(aux granted)"
expect_eq dac-other-mode-interp file,600 "$(auxi mode)"
expect_eq dac-other-override dac_read_search,dac_override "$(aux override)"
# override= comes right after granted=, before the object
expect_match dac-other-field-order ' perm=4 granted=0 override=dac_read_search,dac_override mode=0100600 ouid=0 ogid=0 inode=[0-9]+ dev=[0-9a-f:]+$' \
	"$(text | grep '^type=UNKNOWN')"
dac_obj dac-other "$t/secret"
expect_eq dac-other-path-name "$t/secret" "$(get i.PATH.0.name)"
expect_eq dac-other-path-name-raw "\"$t/secret\"" "$(get f.PATH.0.name)"
expect_eq dac-other-path-inode "$(aux inode)" "$(get f.PATH.0.inode)"
expect_eq dac-other-path-nametype NORMAL "$(get f.PATH.0.nametype)"
expect_eq dac-other-a2-interp O_RDONLY "$(get i.SYSCALL.0.a2)"
expect_eq dac-other-proctitle "$CHECK open $t/secret" "$(get i.PROCTITLE.0.proctitle)"
expect_eq dac-other-weak 0 "$(get rec.weak)"
expect_eq dac-other-strerror-not-plain 0 "$(get strerror-plain)"

echo mine > "$t/mine"
chown "$NOBODY" "$t/mine"
chmod 0400 "$t/mine"
check dac-owner open "$t/mine" w
common dac-owner 13 openat dac "openat $t/mine: denied by file permissions: mode 0400 nobody:root; uid 65534 is the owner and the owner has no write permission"
expect_eq dac-owner-class owner "$(aux class)"
expect_eq dac-owner-perm-interp write "$(auxi perm)"
expect_eq dac-owner-granted 4 "$(aux granted)"
expect_eq dac-owner-override dac_override "$(aux override)"
expect_eq dac-owner-a2-interp O_WRONLY "$(get i.SYSCALL.0.a2)"
dac_obj dac-owner "$t/mine"

echo grp > "$t/grp"
chown 0:"$NOBODY" "$t/grp"
chmod 0604 "$t/grp"
check dac-group open "$t/grp"
common dac-group 13 openat dac "openat $t/grp: denied by file permissions: mode 0604 root:nogroup; uid 65534 is in group nogroup and the group has no read permission"
expect_eq dac-group-class group "$(aux class)"
expect_eq dac-group-ogid "$NOBODY" "$(aux ogid)"
dac_obj dac-group "$t/grp"

# A directory that refuses write: the PATH item is the parent.
mkdir -m 0755 "$t/ro"
check dac-parent mkdir "$t/ro/new"
common dac-parent 13 mkdir dac "mkdir $t/ro/: denied by directory permissions: mode 0755 root:root; uid 65534 is \"other\" and has no write permission"
expect_eq dac-parent-perm 3 "$(aux perm)"
expect_eq dac-parent-granted 5 "$(aux granted)"
expect_eq dac-parent-mode-interp dir,755 "$(auxi mode)"
expect_eq dac-parent-path-name "$t/ro/" "$(get i.PATH.0.name)"
expect_eq dac-parent-nametype PARENT "$(get f.PATH.0.nametype)"
dac_obj dac-parent "$t/ro"

# ---- path: a directory without search permission -------------------------------
mkdir -m 0700 "$t/closed"
touch "$t/closed/inner"
check path open "$t/closed/inner"
common path 13 openat path "openat $t/closed/inner: denied by the permissions of directory $t/closed: mode 0700 root:root; uid 65534 is \"other\" and has no search permission"
expect_eq path-component "\"$t/closed\"" "$(aux component)"
expect_eq path-component-interp "$t/closed" "$(auxi component)"
expect_eq path-perm-interp exec "$(auxi perm)"
expect_eq path-mode-interp dir,700 "$(auxi mode)"
expect_eq path-granted 0 "$(aux granted)"
dac_obj path "$t/closed"
expect_eq path-path-name "$t/closed/inner" "$(get i.PATH.0.name)"
expect_eq path-path-no-inode "" "$(get f.PATH.0.inode)"
expect_eq path-nametype UNKNOWN "$(get f.PATH.0.nametype)"

# ---- dac: POSIX ACL entries on tmpfs -----------------------------------------------
echo a > "$t/acl_user"
chmod 0644 "$t/acl_user"
setfacl -m "u:$NOBODY:---" "$t/acl_user"
check dac-acl_user open "$t/acl_user"
common dac-acl_user 13 openat dac "openat $t/acl_user: denied by the file's ACL: mode 0644 root:root; uid 65534 has the ACL entry user:nobody, which grants no read permission"
expect_eq acl_user-class acl_user "$(aux class)"
expect_eq acl_user-id "$NOBODY" "$(aux acl_id)"
expect_eq acl_user-tag user "$(aux acl_tag)"
expect_eq acl_user-granted 0 "$(aux granted)"
dac_obj acl_user "$t/acl_user"
# The mask: the entry grants read, the mask only write (an empty mask
# would clear the group bits and the kernel would skip the ACL).
echo a > "$t/acl_mask"
chmod 0644 "$t/acl_mask"
setfacl -m "u:$NOBODY:r,m::w" "$t/acl_mask"
check dac-acl_mask open "$t/acl_mask"
common dac-acl_mask 13 openat dac "openat $t/acl_mask: denied by the file's ACL: mode 0624 root:root; uid 65534 matches the ACL entry user:nobody, which would grant read permission, but the ACL mask removes it"
expect_eq acl_mask-class acl_mask "$(aux class)"
expect_eq acl_mask-id "$NOBODY" "$(aux acl_id)"
expect_eq acl_mask-tag user "$(aux acl_tag)"
dac_obj acl_mask "$t/acl_mask"
echo a > "$t/acl_group"
chmod 0640 "$t/acl_group"
setfacl -m "g:$NOBODY:---" "$t/acl_group"
check dac-acl_group open "$t/acl_group"
common dac-acl_group 13 openat dac "openat $t/acl_group: denied by the file's ACL: mode 0640 root:root; uid 65534 matches the ACL entry group:nogroup, which grants no read permission"
expect_eq acl_group-class acl_group "$(aux class)"
expect_eq acl_group-id "$NOBODY" "$(aux acl_id)"
expect_eq acl_group-tag group "$(aux acl_tag)"

# ---- cap: chown, and a weak note ------------------------------------------------------
check cap chown "$t/mine" 0
common cap 1 chown cap "chown $t/mine: denied for lack of a capability: only a process with CAP_CHOWN may change the owner of $t/mine (now nobody), and uid 65534 does not have it"
expect_eq cap-capability 0 "$(aux capability)"
expect_eq cap-capability-interp chown "$(auxi capability)"
expect_eq cap-userns "$(stat -L -c %i /proc/self/ns/user)" "$(aux userns)"
expect_eq cap-userns-level 0 "$(aux userns_level)"
expect_eq cap-userns-owner 0 "$(aux userns_owner)"
expect_eq cap-path-name "$t/mine" "$(get i.PATH.0.name)"
expect_eq cap-weak 0 "$(get rec.weak)"
check cap-chmod chmod "$t/secret" 4755
common cap-chmod 1 chmod cap "chmod $t/secret: denied for lack of ownership: only the owner (root) or a process with CAP_FOWNER may chmod $t/secret, and uid 65534 is neither"
expect_eq cap-chmod-capability-interp fowner "$(auxi capability)"
# landlock_restrict_self without no_new_privs: only a NOAUDIT probe of
# CAP_SYS_ADMIN noted it.  Weak: fetched and explained, never in strerror.
check cap-probe landlock-nonnp
expect_eq cap-probe-errno 1 "$(get errno)"
expect_eq cap-probe-nothing-bad "" "$(get bad)"
expect_eq cap-probe-weak 1 "$(get rec.weak)"
expect_eq cap-probe-probe yes "$(aux probe)"
expect_eq cap-probe-capability-interp sys_admin "$(auxi capability)"
expect_eq cap-probe-sentence "landlock_restrict_self: denied for lack of a capability: uid 65534 does not have CAP_SYS_ADMIN in the initial user namespace (only a probe: this check may not be what failed the call)" "$(get explain)"
expect_eq cap-probe-strerror-plain 1 "$(get strerror-plain)"
expect_eq cap-probe-no-state 0 "$(get state.serial)"
expect_eq cap-probe-perror-plain "perror: $(strerr 1)" "$err"

# ---- lsm: Landlock, a ruleset the program makes ---------------------------------------
mkdir -m 0755 "$t/allowed" "$t/other"
echo ok > "$t/allowed/f"
echo no > "$t/other/f"
chmod 0666 "$t/allowed/f" "$t/other/f"
check lsm-landlock landlock "$t/allowed" -- open "$t/allowed/f" -- open "$t/other/f"
expect_eq landlock-actions "0 0 13" "$(actions)"
# ll_sentence BLOCKERS LAYER LAYERS: Landlock's sentence for $t/other/f;
# with the domain and its maker when the kernel names them (the caller
# made the sandbox itself: the maker is auxerr-check, its own pid)
ll_sentence() {
	if [ -n "$(aux domain)" ]; then
		echo "openat $t/other/f: Landlock domain $(aux domain) (layer $2 of $3), created by $CHECK (pid $(get f.SYSCALL.0.pid)), does not allow $1 on $t/other/f"
	else
		echo "openat $t/other/f: denied by Landlock: the sandbox does not allow $1 (layer $2 of $3)"
	fi
}
common lsm-landlock 13 openat lsm "$(ll_sentence fs.read_file 1 1)"
expect_eq landlock-lsm landlock "$(aux lsm)"
expect_eq landlock-hook file_open "$(aux lsm_hook)"
expect_eq landlock-hook-interp file_open "$(auxi lsm_hook)"
expect_eq landlock-no-old-hook "" "$(aux hook)"
expect_eq landlock-blockers fs.read_file "$(aux blockers)"
expect_eq landlock-layer 1 "$(aux layer)"
expect_eq landlock-layers 1 "$(aux layers)"
dac_obj landlock "$t/other/f"
# two layers, the younger one refusing to write
check lsm-landlock-2 landlock "$t" -- landlock "$t/allowed" -- open "$t/other/f" w
common lsm-landlock-2 13 openat lsm "$(ll_sentence fs.write_file 2 2)"
expect_eq landlock-2-blockers fs.write_file "$(aux blockers)"

# ---- lsm: Yama's relational ptrace scope ----------------------------------------------
echo 1 > /proc/sys/kernel/yama/ptrace_scope
nobody_bg sleep 3600
npid=$!
check lsm-yama ptrace "$npid"
echo 0 > /proc/sys/kernel/yama/ptrace_scope
kill "$npid"
common lsm-yama 1 ptrace lsm "ptrace: denied by Yama (kernel.yama.ptrace_scope = 1): process $npid is not a descendant of the caller and has not declared it as its tracer"
expect_eq yama-lsm yama "$(aux lsm)"
expect_eq yama-hook ptrace_access_check "$(aux lsm_hook)"
expect_eq yama-scope 1 "$(aux ptrace_scope)"
expect_eq yama-relation not_descendant "$(aux relation)"
expect_eq yama-opid "$npid" "$(aux opid)"
expect_eq yama-a0-interp PTRACE_ATTACH "$(get i.SYSCALL.0.a0)"

# ---- seccomp: RET_ERRNO, EPERM and another errno, from two filters ------------------------
check seccomp-errno seccomp 83 95 -- seccomp 87 1 -- mkdir "$t/x"
# sc_sentence SYSCALL FILTER ERRNAME PATH: seccomp's sentence; with the
# filter's maker (auxerr-check itself) when the kernel names it
sc_sentence() {
	if [ -n "$(aux creator_pid)" ]; then
		echo "$1 $4: seccomp filter $2 of 2, installed by $CHECK (pid $(get f.SYSCALL.0.pid)), makes $1 fail with $3"
	else
		echo "$1 $4: denied by seccomp filter $2 of 2: it makes $1 fail with $3"
	fi
}
common seccomp-errno 95 mkdir seccomp "$(sc_sentence mkdir 1 EOPNOTSUPP "$t/x")"
expect_eq seccomp-errno-nr 83 "$(aux nr)"
expect_eq seccomp-errno-nr-interp mkdir "$(auxi nr)"
expect_eq seccomp-errno-no-syscall "" "$(aux syscall)"
expect_eq seccomp-errno-arch c000003e "$(aux arch)"
expect_eq seccomp-errno-arch-interp x86_64 "$(auxi arch)"
expect_eq seccomp-errno-code 0x5005f "$(aux code)"
expect_eq seccomp-errno-filter 1 "$(aux filter)"
expect_eq seccomp-errno-filters 2 "$(aux filters)"
check seccomp seccomp 83 95 -- seccomp 87 1 -- unlink "$t/secret"
common seccomp 1 unlink seccomp "$(sc_sentence unlink 2 EPERM "$t/secret")"
expect_eq seccomp-nr-interp unlink "$(auxi nr)"
expect_eq seccomp-code 0x50001 "$(aux code)"
expect_eq seccomp-filter 2 "$(aux filter)"

# ---- mount: read-only bind mount, read-only file system, noexec, nodev --------------------
mkdir "$t/rw" "$t/robind" "$t/rosb" "$t/noexec" "$t/nodev"
echo w > "$t/rw/f"
chmod 0666 "$t/rw/f"
mount --bind "$t/rw" "$t/robind"
mount -o remount,bind,ro "$t/robind"
check mount-ro open "$t/robind/f" w
common mount-ro 30 openat mount "openat $t/robind/f: denied by a mount option: $t/robind is mounted read-only"
expect_eq mount-ro-flag ro "$(aux flag)"
expect_eq mount-ro-mnt-point "\"$t/robind\"" "$(aux mnt_point)"
expect_eq mount-ro-mnt-point-interp "$t/robind" "$(auxi mnt_point)"
expect_eq mount-ro-fstype tmpfs "$(aux fstype)"
expect_eq mount-ro-path-name "$t/robind/f" "$(get i.PATH.0.name)"
# EROFS is noted in mnt_want_write(), which knows the mount only: no
# object then (not the mount's root), the PATH item has the name alone.
expect_eq mount-ro-no-object "" "$(aux inode)"
expect_eq mount-ro-path-no-inode "" "$(get i.PATH.0.inode)"
mount -t tmpfs -o ro tmpfs "$t/rosb"
check mount-ro_sb mkdir "$t/rosb/d"
common mount-ro_sb 30 mkdir mount "mkdir $t/rosb/d: denied by a read-only file system: the tmpfs file system mounted on $t/rosb is read-only"
expect_eq mount-ro_sb-flag ro_sb "$(aux flag)"
expect_eq mount-ro_sb-fstype tmpfs "$(aux fstype)"
expect_eq mount-ro_sb-sb-interp tmpfs "$(auxi sb)"
mount -t tmpfs -o noexec,mode=755 tmpfs "$t/noexec"
cp /bin/true "$t/noexec/true"
chmod 0755 "$t/noexec/true"
check mount-noexec exec "$t/noexec/true"
common mount-noexec 13 execve mount "execve $t/noexec/true: denied by a mount option: $t/noexec is mounted noexec (no programs run from it)"
expect_eq mount-noexec-flag noexec "$(aux flag)"
expect_eq mount-noexec-mnt-point-interp "$t/noexec" "$(auxi mnt_point)"
check mount-noexec-mmap mmapx "$t/noexec/true"
# mmap takes a descriptor, not a name: the record names its file
common mount-noexec-mmap 1 mmap mount "mmap $t/noexec/true: denied by a mount option: $t/noexec is mounted noexec (no programs run from it)"
expect_eq mount-noexec-mmap-flag noexec "$(aux flag)"
mount -t tmpfs -o nodev,mode=755 tmpfs "$t/nodev"
mknod -m 0666 "$t/nodev/null" c 1 3
check mount-nodev open "$t/nodev/null" w
common mount-nodev 13 openat mount "openat $t/nodev/null: denied by a mount option: $t/nodev is mounted nodev (device files do not work on it)"
expect_eq mount-nodev-flag nodev "$(aux flag)"
expect_eq mount-nodev-mode-interp character,666 "$(auxi mode)"

# ---- inode: immutable and append-only files on ext4 -----------------------------------------
truncate -s 16M /run/auxerr-ext4.img
mkfs.ext4 -q -F /run/auxerr-ext4.img
mkdir "$t/ext4"
if mount -o loop /run/auxerr-ext4.img "$t/ext4"; then
	echo i > "$t/ext4/immutable"
	echo a > "$t/ext4/append"
	chmod 0666 "$t/ext4/immutable" "$t/ext4/append"
	chattr +i "$t/ext4/immutable"
	chattr +a "$t/ext4/append"
	check inode-immutable open "$t/ext4/immutable" w
	common inode-immutable 1 openat inode "openat $t/ext4/immutable: denied by an inode flag: the file is immutable (chattr +i)"
	expect_eq immutable-flag immutable "$(aux flag)"
	expect_eq immutable-fstype ext4 "$(aux fstype)"
	dac_obj immutable "$t/ext4/immutable"
	check inode-append open "$t/ext4/append" w
	common inode-append 1 openat inode "openat $t/ext4/append: denied by an inode flag: the file is append-only (chattr +a)"
	expect_eq append-flag append "$(aux flag)"
	chattr -i "$t/ext4/immutable"
	chattr -a "$t/ext4/append"
	umount "$t/ext4"
else
	fail ext4-loop-mount "mount -o loop failed"
fi
rm -f /run/auxerr-ext4.img

# ---- sticky: another user's file in another user's sticky directory ---------------------------
mkdir -m 1777 "$t/sticky"
chown 1 "$t/sticky"		# daemon
echo r > "$t/sticky/theirs"
chown 2 "$t/sticky/theirs"	# bin
check sticky unlink "$t/sticky/theirs"
common sticky 1 unlink sticky "unlink $t/sticky/theirs: denied by the sticky bit of the directory: uid 65534 owns neither the file (owner bin) nor the directory (owner daemon)"
expect_eq sticky-flag sticky "$(aux flag)"
expect_eq sticky-dir-mode 041777 "$(aux dir_mode)"
expect_eq sticky-dir-ouid 1 "$(aux dir_ouid)"
expect_eq sticky-dir-ouid-interp daemon "$(auxi dir_ouid)"
expect_eq sticky-dir-inode "$(stat -c %i "$t/sticky")" "$(aux dir_inode)"
expect_eq sticky-ouid 2 "$(aux ouid)"
expect_eq sticky-ouid-interp bin "$(auxi ouid)"

# ---- ptrace: another user's process, a non-dumpable one -----------------------------------------
sleep 3600 &
rootpid=$!
check ptrace ptrace "$rootpid"
kill "$rootpid"
common ptrace 1 ptrace ptrace "ptrace: denied by the ptrace access rules: process $rootpid belongs to another user (root): its real, effective and saved user and group ids must all be the caller's, and uid 65534 lacks CAP_SYS_PTRACE"
expect_eq ptrace-reason creds "$(aux reason)"
expect_eq ptrace-opid "$rootpid" "$(aux opid)"
nobody_bg "$CHECK" undumpable-sleep
upid=$!
sleep 0.5
check ptrace-not_dumpable ptrace "$upid"
kill "$upid"
common ptrace-not_dumpable 1 ptrace ptrace "ptrace: denied by the ptrace access rules: process $upid is not dumpable, and uid 65534 lacks CAP_SYS_PTRACE"
expect_eq ptrace-not_dumpable-reason not_dumpable "$(aux reason)"

# ---- no record, a record for another errno, age -----------------------------------------------
check _ open "$t/nonexistent"
expect_eq none-errno 2 "$(get errno)"
expect_eq none-need "-1 ENOENT" "$(get need)"
expect_eq none-fetch ENOENT "$(get fetch)"
expect_eq none-strerror-plain 1 "$(get strerror-plain)"
expect_eq none-strerror "$(strerr 2)" "$(get strerror)"
expect_eq none-state 0 "$(get state.serial)"
expect_eq none-cleared "-1 ENOENT" "$(get cleared)"
expect_eq none-nothing-bad "" "$(get bad)"
# an EACCES record, then ENOENT: the record stays, explains nothing
check _ open "$t/secret" -- open "$t/nonexistent"
expect_eq older-errno 2 "$(get errno)"
expect_eq older-strerror-plain 1 "$(get strerror-plain)"
expect_eq older-rec-errno 13 "$(get rec.errno)"
expect_eq older-state 0 "$(get state.serial)"
expect_eq older-perror "perror: $(strerr 2)" "$err"
# the age: system calls since the denial, libauxerr's own not counted
check _ -A open "$t/secret"
expect_eq age-0 0 "$(get rec.age)"
check _ -A open "$t/secret" -- getpid -- getpid -- getpid
expect_eq age-3 3 "$(get rec.age)"
expect_eq age-3-last-errno 0 "$(get errno)"
expect_eq age-3-nothing-bad "" "$(get bad)"

# ---- AUXERR_FLUSH: the record goes to auditd, ausearch finds it --------------------------------
if start_auditd; then
	check _ -f open "$t/secret"
	expect_eq flush-get "$(printf '%s\n' "$(text)" | wc -c)" "$(get get)"
	expect_eq flush-flushed 1 "$(get rec.flushed)"
	serial=$(get rec.serial)
	if found=$(wait_ausearch -a "$serial" --raw); then
		pass flush-ausearch-serial
		expect_eq flush-log-stamp "$(rec_field SYSCALL msg <<<"$(text)")" "$(rec_field SYSCALL msg <<<"$found")"
		# (the ENRICHED log adds names after a GS byte)
		expect_eq flush-log-auxerr-record "$(grep '^type=UNKNOWN\[1340\]' <<<"$(text)")" \
			"$(grep '^type=UNKNOWN\[1340\]' <<<"$found" | sed 's/\x1d.*//')"
		expect_eq flush-log-path "$t/secret" "$(rec_field PATH name <<<"$found")"
	else
		fail flush-ausearch-serial "no event $serial in the audit log"
	fi
	m=$(wait_ausearch -m 1340 -sv no -ui "$NOBODY" -i) || m=
	expect_match flush-ausearch-m1340 "mechanism=dac class=other" "$m"
	# a second flush of the same record is not an error (once only)
	check _ -f open "$t/secret"
	expect_eq flush-twice-ok "$(printf '%s\n' "$(text)" | wc -c)" "$(get get)"
	stop_auditd
else
	fail flush-auditd "auditd did not start"
fi

# ---- libauxerr-preload.so in unmodified programs ------------------------------------------------
# shim NAME EXPLANATION CMD...: CMD as nobody with and without the shim:
# the same exit status, the same stderr with " (EXPLANATION)" after the
# strerror text (EXPLANATION empty: identical output)
shim() {
	local n=$1 ex=$2 plain with rc0 rc1
	shift 2
	plain=$(as_nobody "$@" 2>&1)
	rc0=$?
	with=$(as_nobody env LD_PRELOAD="$SHIM" "$@" 2>&1)
	rc1=$?
	shim_plain=$plain shim_with=$with
	expect_eq "$n-rc" "$rc0" "$rc1"
	if [ -z "$ex" ]; then
		expect_eq "$n-unchanged" "$plain" "$with"
	else
		expect_match "$n-has-sentence" "\\($(sed 's/[][\\.*^$()+?{}|]/\\&/g' <<<"$ex")\\)" "$with"
	fi
}
chmod 0600 "$t/secret"
shim cat "openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission" cat "$t/secret"
expect_eq cat-plain "cat: $t/secret: Permission denied" "$shim_plain"
expect_eq cat-message "cat: $t/secret: Permission denied (openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission)" "$shim_with"
shim ls "openat $t/closed: denied by directory permissions: mode 0700 root:root; uid 65534 is \"other\" and has no read permission" ls "$t/closed"
expect_eq ls-message "ls: cannot open directory '$t/closed': Permission denied (openat $t/closed: denied by directory permissions: mode 0700 root:root; uid 65534 is \"other\" and has no read permission)" "$shim_with"
shim touch "openat $t/ro/: denied by directory permissions: mode 0755 root:root; uid 65534 is \"other\" and has no write permission" touch "$t/ro/new"
expect_eq touch-message "touch: cannot touch '$t/ro/new': Permission denied (openat $t/ro/: denied by directory permissions: mode 0755 root:root; uid 65534 is \"other\" and has no write permission)" "$shim_with"
shim mkdir "mkdir $t/closed/new: denied by the permissions of directory $t/closed: mode 0700 root:root; uid 65534 is \"other\" and has no search permission" mkdir "$t/closed/new"
expect_eq mkdir-message "mkdir: cannot create directory ‘$t/closed/new’: Permission denied (mkdir $t/closed/new: denied by the permissions of directory $t/closed: mode 0700 root:root; uid 65534 is \"other\" and has no search permission)" "$shim_with"
echo r > "$t/sticky/theirs2"
chown 2 "$t/sticky/theirs2"
shim rm "unlinkat $t/sticky/theirs2: denied by the sticky bit of the directory: uid 65534 owns neither the file (owner bin) nor the directory (owner daemon)" rm -f "$t/sticky/theirs2"
expect_eq rm-message "rm: cannot remove '$t/sticky/theirs2': Operation not permitted (unlinkat $t/sticky/theirs2: denied by the sticky bit of the directory: uid 65534 owns neither the file (owner bin) nor the directory (owner daemon))" "$shim_with"
shim chown "fchownat $t/mine: denied for lack of a capability: only a process with CAP_CHOWN may change the owner of $t/mine (now nobody), and uid 65534 does not have it" chown 0 "$t/mine"
expect_eq chown-message "chown: changing ownership of '$t/mine': Operation not permitted (fchownat $t/mine: denied for lack of a capability: only a process with CAP_CHOWN may change the owner of $t/mine (now nobody), and uid 65534 does not have it)" "$shim_with"
shim python3 "openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission" \
	python3 -c "open('$t/secret')"
expect_eq python3-oserror "PermissionError: [Errno 13] Permission denied (openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission): '$t/secret'" \
	"$(tail -1 <<<"$shim_with")"
shim python3-mkdir "mkdir $t/ro/: denied by directory permissions: mode 0755 root:root; uid 65534 is \"other\" and has no write permission" \
	python3 -c "import os; os.mkdir('$t/ro/new')"
# No matching record: byte for byte what the program prints without the shim.
shim cat-enoent "" cat "$t/nonexistent"
expect_eq cat-enoent-message "cat: $t/nonexistent: No such file or directory" "$shim_with"
shim cat-ok "" cat "$t/allowed/f"
shim python3-enoent "" python3 -c "open('$t/nonexistent')"
shim ls-enoent "" ls "$t/nonexistent"
# A denial, then an ENOENT in the same process: the second message plain
out=$(as_nobody env LD_PRELOAD="$SHIM" cat "$t/secret" "$t/nonexistent" 2>&1)
expect_match cat-two-first "^cat: $t/secret: Permission denied \\(openat " "$(sed -n 1p <<<"$out")"
expect_eq cat-two-second "cat: $t/nonexistent: No such file or directory" "$(sed -n 2p <<<"$out")"
umount "$t/robind" "$t/rosb" "$t/noexec" "$t/nodev"
cd /
rm -rf "$t"
finish
