#!/bin/bash
# The other mechanisms: LSMs (Landlock, Yama), seccomp, mount flags, inode
# flags, sticky directories and ptrace, each provoked for real by nobody.
. "$(dirname "$0")/lib.sh"

# The same checks run on a stock kernel against the BPF backend (make
# check-stock loads it, then runs this file): the guest suite's probe,
# built with its PR_AUXERR calls answered by libauxerr (the pinned
# iterator: tests/stock/src/probe-bpf.c). The checks this backend cannot
# match are the table "The guest suite's checks it cannot match" of
# docs/bpf-backend.md, each with its reason: such a check must still
# differ (else the table is stale, and that fails too); any other
# mismatch fails as on our kernel.
if [ ! -e "$AUXERR_SYSCTL" ] && [ -e /sys/fs/bpf/auxerr/records ]; then
	PROBE=${AUXERR_TOP:-/work/main}/build/stock/probe-bpf
	declare -A unmatched=()
	while IFS='|' read -r _ name why _; do
		name=${name// /}
		[[ "$name" =~ ^[a-z0-9-]+$ ]] && [ "$name" != check ] && unmatched[$name]=$why
	done <<<"$(awk '/^## /{on = /^## The guest suite.s checks it cannot match/; next} on' \
		"${AUXERR_TOP:-/work/main}/docs/bpf-backend.md")"
	[ ${#unmatched[@]} -gt 0 ] || fail bpf-unmatched-table "no table in docs/bpf-backend.md"
	# and what this kernel cannot pass (tests/stock/kernel-expect.sh)
	. "${AUXERR_TOP:-/work/main}/tests/stock/kernel-expect.sh"
	# listed NAME OK WHAT: the verdict of a check, given whether it held
	listed() {
		if [ -n "${kernel_cannot[$1]+x}" ]; then
			kernel_listed "$@"
		elif [ -z "${unmatched[$1]+x}" ]; then
			if [ "$2" = 1 ]; then pass "$1"; else fail "$1" "$3"; fi
		elif [ "$2" = 1 ]; then
			fail "$1" "holds, but docs/bpf-backend.md lists it as not matched on the BPF backend"
		else
			pass "$1 (not on the BPF backend: $3;${unmatched[$1]% })"
		fi
	}
	expect_eq() {
		listed "$1" "$([ "$2" = "$3" ] && echo 1)" "expected '$2', got '$3'"
	}
	expect_match() {
		listed "$1" "$([[ "$3" =~ $2 ]] && echo 1)" "'$3' does not match /$2/"
	}
fi

A='UNKNOWN[1340]'
t=$(mktemp -d /tmp/mech.XXXXXX)
chmod 755 "$t"
cd "$t" || exit 1

aux() { rec_field "$A" "$1" <<<"$out"; }

# Landlock: a ruleset made by the test allows only $t/allowed; a 0666
# file elsewhere is readable and writable by mode bits, so Landlock is the
# one to blame.
mkdir -m 0755 "$t/allowed" "$t/other"
echo ok > "$t/allowed/f"
echo no > "$t/other/f"
chmod 0644 "$t/allowed/f"
chmod 0666 "$t/other/f"
out=$(as_nobody "$PROBE" landlock "$t/allowed" -- open "$t/allowed/f" -- open "$t/other/f")
expect_eq landlock-installed errno=0 "$(sed -n 1p <<<"$out")"
expect_eq landlock-allowed-open errno=0 "$(sed -n 2p <<<"$out")"
expect_eq landlock-denied-open errno=13 "$(sed -n 3p <<<"$out")"
expect_eq landlock-mechanism lsm "$(aux mechanism)"
expect_eq landlock-lsm landlock "$(aux lsm)"
expect_eq landlock-hook file_open "$(aux lsm_hook)"
expect_eq landlock-blockers fs.read_file "$(aux blockers)"
expect_eq landlock-layer 1 "$(aux layer)"
expect_eq landlock-layers 1 "$(aux layers)"
expect_eq landlock-object-inode "$(stat -c %i "$t/other/f")" "$(aux inode)"
expect_eq landlock-path-name "$t/other/f" "$(rec_field PATH name <<<"$out")"
# Two layers, the younger one denying.
out=$(as_nobody "$PROBE" landlock "$t" -- landlock "$t/allowed" -- open "$t/other/f" w)
expect_eq landlock-2-errno errno=13 "$(sed -n 3p <<<"$out")"
expect_eq landlock-2-blockers fs.write_file "$(aux blockers)"
expect_eq landlock-2-youngest-layer 2 "$(aux layer)"
expect_eq landlock-2-layers 2 "$(aux layers)"
# Without no_new_privs: a NOAUDIT capability probe gives the only (weak) note.
out=$(as_nobody "$PROBE" landlock-nonnp)
expect_eq landlock-nonnp-errno errno=1 "$(head -1 <<<"$out")"
expect_eq weak-probe-mechanism cap "$(aux mechanism)"
expect_eq weak-probe-capability 21 "$(aux capability)"
expect_eq weak-probe-flag yes "$(aux probe)"
expect_match weak-probe-info " flags=2 " "$out"

# seccomp: two filters, the older one failing mkdir with EOPNOTSUPP, the
# newer one failing openat with EPERM.
out=$(as_nobody "$PROBE" seccomp 83 95 -- seccomp 257 1 -- mkdir "$t/x" -- nothing)
expect_eq seccomp-mkdir-errno errno=95 "$(sed -n 3p <<<"$out")"
expect_eq seccomp-mechanism seccomp "$(aux mechanism)"
expect_eq seccomp-nr 83 "$(aux nr)"
expect_eq seccomp-arch c000003e "$(aux arch)"
expect_eq seccomp-code 0x5005f "$(aux code)"
expect_eq seccomp-filter 1 "$(aux filter)"
expect_eq seccomp-filters 2 "$(aux filters)"
expect_eq seccomp-exit -95 "$(rec_field SYSCALL exit <<<"$out")"
out=$(as_nobody "$PROBE" seccomp 83 95 -- seccomp 257 1 -- open "$t/allowed/f")
expect_eq seccomp-eperm-errno errno=1 "$(sed -n 3p <<<"$out")"
expect_eq seccomp-eperm-code 0x50001 "$(aux code)"
expect_eq seccomp-eperm-filter 2 "$(aux filter)"

# A read-only bind mount, a read-only filesystem.
mkdir "$t/rw" "$t/robind" "$t/rosb"
echo w > "$t/rw/f"
chmod 0666 "$t/rw/f"
mount --bind "$t/rw" "$t/robind"
mount -o remount,bind,ro "$t/robind"
out=$(as_nobody "$PROBE" open "$t/robind/f" w)
expect_eq ro-errno errno=30 "$(head -1 <<<"$out")"
expect_eq ro-mechanism mount "$(aux mechanism)"
expect_eq ro-flag ro "$(aux flag)"
expect_eq ro-mnt-point "$t/robind" "$(aux mnt_point)"
expect_eq ro-fstype tmpfs "$(aux fstype)"
expect_eq ro-path-name "$t/robind/f" "$(rec_field PATH name <<<"$out")"
mount -t tmpfs -o ro tmpfs "$t/rosb"
out=$(as_nobody "$PROBE" mkdir "$t/rosb/d")
expect_eq rosb-errno errno=30 "$(head -1 <<<"$out")"
expect_eq rosb-flag ro_sb "$(aux flag)"

# noexec: exec and an executable mapping; nodev: a device node.
mkdir "$t/noexec" "$t/nodev"
mount -t tmpfs -o noexec,mode=755 tmpfs "$t/noexec"
cp /bin/true "$t/noexec/true"
chmod 0755 "$t/noexec/true"
out=$(as_nobody "$PROBE" exec "$t/noexec/true")
expect_eq noexec-exec-errno errno=13 "$(head -1 <<<"$out")"
expect_eq noexec-exec-mechanism mount "$(aux mechanism)"
expect_eq noexec-exec-flag noexec "$(aux flag)"
expect_eq noexec-exec-mnt-point "$t/noexec" "$(aux mnt_point)"
out=$(as_nobody "$PROBE" mmapx "$t/noexec/true")
expect_eq noexec-mmap-errno errno=1 "$(head -1 <<<"$out")"
expect_eq noexec-mmap-flag noexec "$(aux flag)"
expect_eq noexec-mmap-syscall 9 "$(rec_field SYSCALL syscall <<<"$out")"
mount -t tmpfs -o nodev,mode=755 tmpfs "$t/nodev"
mknod -m 0666 "$t/nodev/null" c 1 3
out=$(as_nobody "$PROBE" open "$t/nodev/null" w)
expect_eq nodev-errno errno=13 "$(head -1 <<<"$out")"
expect_eq nodev-flag nodev "$(aux flag)"
expect_eq nodev-mnt-point "$t/nodev" "$(aux mnt_point)"

# Immutable and append-only files, on ext4 on a loop device.
truncate -s 16M "$t/ext4.img"
mkfs.ext4 -q -F "$t/ext4.img"
mkdir "$t/ext4"
if mount -o loop "$t/ext4.img" "$t/ext4"; then
	pass ext4-loop-mount
	echo i > "$t/ext4/immutable"
	echo a > "$t/ext4/append"
	chmod 0666 "$t/ext4/immutable" "$t/ext4/append"
	chmod 1777 "$t/ext4"
	chattr +i "$t/ext4/immutable"
	chattr +a "$t/ext4/append"
	out=$(as_nobody "$PROBE" open "$t/ext4/immutable" w)
	expect_eq immutable-errno errno=1 "$(head -1 <<<"$out")"
	expect_eq immutable-mechanism inode "$(aux mechanism)"
	expect_eq immutable-flag immutable "$(aux flag)"
	expect_eq immutable-fstype ext4 "$(aux fstype)"
	expect_eq immutable-inode "$(stat -c %i "$t/ext4/immutable")" "$(aux inode)"
	out=$(as_nobody "$PROBE" open "$t/ext4/append" w)
	expect_eq append-errno errno=1 "$(head -1 <<<"$out")"
	expect_eq append-flag append "$(aux flag)"
	out=$(as_nobody "$PROBE" open "$t/ext4/append" trunc)
	expect_eq append-trunc-flag append "$(aux flag)"
	chattr -i "$t/ext4/immutable"
	chattr -a "$t/ext4/append"
	umount "$t/ext4"
else
	fail ext4-loop-mount "mount -o loop failed"
fi

# A sticky directory: nobody may not remove root's file from it.
mkdir -m 1777 "$t/sticky"
echo r > "$t/sticky/roots"
out=$(as_nobody "$PROBE" unlink "$t/sticky/roots")
expect_eq sticky-errno errno=1 "$(head -1 <<<"$out")"
expect_eq sticky-mechanism sticky "$(aux mechanism)"
expect_eq sticky-dir-mode 041777 "$(aux dir_mode)"
expect_eq sticky-dir-ouid 0 "$(aux dir_ouid)"
expect_eq sticky-file-ouid 0 "$(aux ouid)"
out=$(as_nobody "$PROBE" rename "$t/sticky/roots" "$t/sticky/mine")
expect_eq sticky-rename-mechanism sticky "$(aux mechanism)"

# ptrace: another user's process; a non-dumpable one; Yama's scope.
sleep 3600 & rootpid=$!
out=$(as_nobody "$PROBE" ptrace $rootpid)
expect_eq ptrace-creds-errno errno=1 "$(head -1 <<<"$out")"
expect_eq ptrace-creds-mechanism ptrace "$(aux mechanism)"
expect_eq ptrace-creds-reason creds "$(aux reason)"
expect_eq ptrace-creds-opid "$rootpid" "$(aux opid)"
kill $rootpid
as_nobody "$PROBE" undumpable-wait > "$t/undumpable" &
for _ in $(seq 50); do grep -q pid= "$t/undumpable" && break; sleep 0.1; done
upid=$(sed -n 's/^pid=//p' "$t/undumpable")
out=$(as_nobody "$PROBE" ptrace "$upid")
expect_eq ptrace-dumpable-errno errno=1 "$(head -1 <<<"$out")"
expect_eq ptrace-dumpable-reason not_dumpable "$(aux reason)"
kill "$upid" 2>/dev/null
# Debian builds Yama with ptrace_scope 0; the relational scope is 1.
echo 1 > /proc/sys/kernel/yama/ptrace_scope
nobody_bg sleep 3600
npid=$!
out=$(as_nobody "$PROBE" ptrace $npid)
echo 0 > /proc/sys/kernel/yama/ptrace_scope
expect_eq yama-errno errno=1 "$(head -1 <<<"$out")"
expect_eq yama-mechanism lsm "$(aux mechanism)"
expect_eq yama-lsm yama "$(aux lsm)"
expect_eq yama-hook ptrace_access_check "$(aux lsm_hook)"
expect_eq yama-ptrace-scope 1 "$(aux ptrace_scope)"
expect_eq yama-relation not_descendant "$(aux relation)"
expect_eq yama-opid "$npid" "$(aux opid)"
kill $npid

umount "$t/robind" "$t/rosb" "$t/noexec" "$t/nodev"
finish
