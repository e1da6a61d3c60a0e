#!/bin/bash
# The stale-record trap (issue 19): a denial, then a system call that fails
# and leaves no record (ENOENT, EEXIST, an EPERM from setpgid() to a group
# that does not exist and an EACCES from setpgid() of a child that has
# exec'd, rules that note nothing while kernel.auxerr.census is 0), then
# every interface is asked what explains the follow-up's errno.  None may
# present the older denial as its cause:
#   - auxerr_strerror(): strerror()'s text alone, or an explanation of the
#     follow-up itself;
#   - get_last_audit_record(): the follow-up's own record, or the older
#     denial unchanged (its serial and system call) with an age of at
#     least 1, which every reader's freshness rule rejects;
#   - the preload shim (LD_PRELOAD) and `auxerr run`: perror()'s text
#     alone, or an explanation of the follow-up;
#   - `auxerr last`: the shell's kept denial names its own object, never
#     the follow-up's name;
#   - the superseded mark (AUXERR_INFO_SUPERSEDED; superseded=yes in the
#     text): set exactly when the follow-up is an EPERM/EACCES that kept
#     no record, and the same through the INFO flags, the text of
#     get_last_audit_record(), auxerr_record_fetch(), /proc/PID/task/TID/
#     auxerr, and `auxerr last` (its header, its "superseded:" line, its
#     JSON), for every mechanism.
# For every mechanism the kernel records (dac path cap mount inode sticky
# lsm/landlock seccomp ptrace, and protected signal task hidepid fuse
# device capset when the kernel writes them, and nnp: a seccomp filter
# without no_new_privs, a cap record with policy=no_new_privs, and ipc:
# shmat() of root's 0600 System V shared memory segment, ping: an ICMP
# echo socket with net.ipv4.ping_group_range "1 0", and uffd: userfaultfd()
# with vm.unprivileged_userfaultfd 0, a cap record with policy=: else SKIP),
# as nobody, through build/userland/auxerr-stale
# (tests/guest/src/auxerr-stale.c).  With census mode in the kernel
# (kernel.auxerr.census), the matrix runs again with it on: an unnoted
# EPERM/EACCES is then the newest record, mechanism=unknown.
#
# The shim allows a record 8 system calls of age (libauxerr(7)), so an
# unnoted follow-up with the same errno as the denial is within its
# reach: only the kernel can tell that a newer failure superseded the
# record (census on, or AUXERR_INFO_SUPERSEDED in the record's INFO, which
# libauxerr then reports as "the kernel gave no reason").  On a kernel
# without that flag, those cases print SKIP lines naming the case.
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
STALE=$B/auxerr-stale
SHIM=$B/libauxerr-preload.so
AUXERR=$B/auxerr

skip() { echo "SKIP $1: $2"; }

[ -x "$STALE" ] || { fail stale-built "no $STALE (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"

# ---- fixtures (root) ---------------------------------------------------
t=/tmp/st
rm -rf "$t"
mkdir -m 0755 "$t"
echo s > "$t/secret"; chmod 0600 "$t/secret"
mkdir -m 0700 "$t/d700"; echo f > "$t/d700/f"
echo m > "$t/mine"; chown "$NOBODY:$NOBODY" "$t/mine"
mkdir -m 0777 "$t/empty"
mkdir "$t/ro"; mount -t tmpfs -o mode=0755 tmpfs "$t/ro"
echo f > "$t/ro/f"; chmod 0666 "$t/ro/f"; mount -o remount,ro "$t/ro"
mkdir -m 1777 "$t/sticky"; echo r > "$t/sticky/roots"
truncate -s 16M /run/auxerr-stale.img
mkfs.ext4 -q -F /run/auxerr-stale.img
mkdir "$t/ext4"
have_inode=0
if mount -o loop /run/auxerr-stale.img "$t/ext4"; then
	echo i > "$t/ext4/immutable"; chmod 0666 "$t/ext4/immutable"
	chattr +i "$t/ext4/immutable" && ln -s "$t/ext4/immutable" "$t/immutable" && have_inode=1
fi
# protected_symlinks: a link of uid 1 (daemon) in root's sticky /tmp
rm -f /tmp/st-link
ln -s "$t/mine" /tmp/st-link
chown -h 1:1 /tmp/st-link
psym=$(cat /proc/sys/fs/protected_symlinks)
echo 1 > /proc/sys/fs/protected_symlinks
# hidepid: a proc instance of its own, hidepid=1 (pid 1 is root's)
mkdir "$t/proc"
mount -t proc -o hidepid=1 proc "$t/proc"
# fuse: a FUSE mount of uid 1000 without allow_other (its daemon:
# auxerr-everyday fuse-serve), when the kernel has FUSE
fuse_server=
if [ -c /dev/fuse ] && grep -qw fuse /proc/filesystems; then
	mkdir -m 0755 "$t/fuse"
	"$B/auxerr-everyday" fuse-serve "$t/fuse" 1000 1000 &
	fuse_server=$!
	for _ in $(seq 50); do mountpoint -q "$t/fuse" && break; sleep 0.1; done
fi
# device: a cgroup v1 devices hierarchy where /sys/fs/cgroup/devices is
# usually mounted, the cgroup /sandbox refusing c 1:3 rw; nobody may move
# itself into it
have_cg=
if [ -d /sys/fs/cgroup ] && grep -qw devices /proc/cgroups 2>/dev/null &&
   ! mountpoint -q /sys/fs/cgroup; then
	mount -t tmpfs -o mode=0755 tmpfs /sys/fs/cgroup
	mkdir /sys/fs/cgroup/devices
	if mount -t cgroup -o devices none /sys/fs/cgroup/devices; then
		mkdir /sys/fs/cgroup/devices/sandbox
		echo 'c 1:3 rw' > /sys/fs/cgroup/devices/sandbox/devices.deny
		chown "$NOBODY" /sys/fs/cgroup/devices/sandbox/cgroup.procs
		have_cg=1
	else
		umount /sys/fs/cgroup
	fi
fi

# ipc: root's shared memory segment key 0x00005ee5, mode 0600
ipcrm -M 0x00005ee5 2>/dev/null
"$B/auxerr-everyday" ipcmk shm 0x00005ee5 0600 >/dev/null

# ping: the kernel's empty range; uffd: kernel faults need CAP_SYS_PTRACE
st_ping=$(cat /proc/sys/net/ipv4/ping_group_range)
sysctl -q -w net.ipv4.ping_group_range="1 0"
st_uffd=$(cat /proc/sys/vm/unprivileged_userfaultfd 2>/dev/null)
[ -n "$st_uffd" ] && echo 0 > /proc/sys/vm/unprivileged_userfaultfd

mechs="dac path cap mount inode sticky landlock seccomp ptrace protected signal task hidepid fuse device capset nnp ipc ping uffd"
followups="enoent eexist eperm eacces"
declare -A ERRNO=([enoent]=2 [eexist]=17 [eperm]=1 [eacces]=13)
declare -A ERRTEXT=([enoent]="No such file or directory" [eexist]="File exists"
	[eperm]="Operation not permitted" [eacces]="Permission denied")

# get F KEY: the value of F.KEY= in $out
get() { awk -v k="$1.$2=" 'index($0, k) == 1 { print substr($0, length(k) + 1); exit }' <<<"$out"; }
# pget F: perror()'s line for follow-up F in $pout
pget() { awk -v k="followup-$1: " 'index($0, k) == 1 { print; exit }' <<<"$pout"; }

census=
[ -e "$AUXERR_SYSCTL/census" ] && census=1
modes=0
[ -n "$census" ] && modes="0 1"

for c in $modes; do
	[ -n "$census" ] && echo "$c" > "$AUXERR_SYSCTL/census"
	sfx=""
	[ "$c" = 1 ] && sfx="-census"
	for m in $mechs; do
		want=$m
		case $m in landlock) want=lsm ;; nnp|uffd) want=cap ;; esac
		if [ "$m" = fuse ] && [ -z "$fuse_server" ]; then
			skip "stale-fuse$sfx" "the kernel has no FUSE"
			continue
		fi
		if [ "$m" = device ] && [ -z "$have_cg" ]; then
			skip "stale-device$sfx" "the kernel has no cgroup v1 devices controller"
			continue
		fi
		if [ "$m" = inode ] && [ "$have_inode" != 1 ]; then
			fail "stale-inode$sfx" "no immutable file on ext4"
			continue
		fi
		# `auxerr last` (two CLI runs a follow-up, slow under TCG) for a
		# follow-up that supersedes and one that does not, census off
		cli_for=
		[ "$c" = 0 ] && cli_for="enoent eperm"
		# shellcheck disable=SC2086
		out=$(as_nobody env AUXERR_CLI="$AUXERR" AUXERR_CLI_FOLLOWUPS="$cli_for" "$STALE" "$m" $followups 2>/dev/null)
		# the ENOENT follow-up leaves the denial the newest record
		got=$(get enoent last_mechanism)
		if [ "$got" != "$want" ]; then
			case $m in
			protected|signal|task|hidepid|fuse|device|capset|nnp|ipc|ping|uffd)
				skip "stale-$m$sfx" "the kernel records this denial as '${got:-nothing}', not mechanism=$m yet"
				continue ;;
			esac
			fail "stale-$m$sfx-recorded" "the denial is recorded as '$got', not $want"
			continue
		fi
		# shellcheck disable=SC2086
		pout=$(as_nobody env LD_PRELOAD="$SHIM" "$STALE" --perror "$m" $followups 2>&1 >/dev/null)
		# shellcheck disable=SC2086
		rout=$(as_nobody "$AUXERR" run -- "$STALE" --perror "$m" $followups 2>&1 >/dev/null)
		for f in $followups; do
			name="stale-$m-$f$sfx"
			dsc=$(get "$f" denial | cut -d' ' -f1)
			derr=$(get "$f" denial | sed 's/.*errno=//')
			fsc=$(get "$f" followup | cut -d' ' -f1)
			ferr=$(get "$f" followup | sed 's/.*errno=//')
			expect_eq "$name-followup-errno" "${ERRNO[$f]}" "$ferr"
			sup=$(get "$f" superseded)
			age=$(get "$f" last_age)
			# auxerr_strerror(): plain, or about the follow-up
			s=$(get "$f" strerror)
			if [ "$(get "$f" strerror_plain)" = yes ]; then
				pass "$name-strerror"
			elif [[ "$s" == *"($fsc "* || "$s" == *"($fsc:"* || "$s" == *"(the kernel gave no reason for this "* ]]; then
				pass "$name-strerror"
			else
				fail "$name-strerror" "explains the follow-up $fsc with: $s"
			fi
			# get_last_audit_record(): the follow-up's, or the denial aged
			ls=$(get "$f" last_syscall) ser=$(get "$f" last_serial)
			dser=$(get "$f" denial_serial)
			if [ "$ls" = "$fsc" ] && [ "$ser" != "$dser" ]; then
				pass "$name-get-last"
				if [ "$c" = 1 ] && { [ "$f" = eperm ] || [ "$f" = eacces ]; }; then
					expect_eq "$name-get-last-unknown" unknown "$(get "$f" last_mechanism)"
				fi
			elif [ "$ls" = "$dsc" ] && [ "$ser" = "$dser" ] &&
			     [ -n "$age" ] && [ "$age" -ge 1 ]; then
				pass "$name-get-last"
				if [ "$c" = 1 ] && { [ "$f" = eperm ] || [ "$f" = eacces ]; }; then
					fail "$name-get-last-unknown" "census on, but the unnoted $fsc left no record"
				fi
			else
				fail "$name-get-last" "last record $ls serial $ser age $age; denial $dsc serial $dser"
			fi
			# the superseded mark: made exactly when the follow-up
			# is an EPERM/EACCES that kept no record (census off),
			# and the same through every reader of the record
			if [ "$sup" != unsupported ]; then
				if [ "$ls" = "$dsc" ] && [ "$ser" = "$dser" ] &&
				   [ "$c" = 0 ] && { [ "$f" = eperm ] || [ "$f" = eacces ]; }; then
					want_sup=yes
				else
					want_sup=no
				fi
				expect_eq "$name-superseded-info" "$want_sup" "$sup"
				for k in text fetched proc; do
					expect_eq "$name-superseded-$k" "$want_sup" "$(get "$f" ${k}_superseded)"
				done
				hdr=$(get "$f" cli_header)
				sline=$(get "$f" cli_superseded_line)
				if [[ " $cli_for " != *" $f "* ]]; then
					:
				elif [ "$want_sup" = yes ]; then
					expect_match "$name-superseded-cli-header" "^audit\\(.* pid [0-9]+: $dsc: .*, mechanism $want( \\(weak note\\))? \\(superseded\\)\$" "$hdr"
					expect_eq "$name-superseded-cli-line" "a later system call of this thread failed with EPERM or EACCES and kept no record; this denial is not its cause" "$sline"
					expect_eq "$name-superseded-cli-json" true "$(get "$f" cli_json_superseded)"
				else
					expect_match "$name-superseded-cli-header" "^audit\\(.* pid [0-9]+: [a-z0-9_]+: .*, mechanism [a-z]+( \\(weak note\\))?\$" "$hdr"
					expect_eq "$name-superseded-cli-line" none "$sline"
					expect_eq "$name-superseded-cli-json" false "$(get "$f" cli_json_superseded)"
				fi
			fi
			# the shim and auxerr run: perror()'s text alone, or the
			# follow-up explained, or "no reason"
			plain="followup-$f: ${ERRTEXT[$f]}"
			for how in shim run; do
				if [ $how = shim ]; then e=$(pout=$pout pget "$f"); else e=$(pout=$rout pget "$f"); fi
				if [ "$e" = "$plain" ] || [[ "$e" == "$plain ($fsc "* || "$e" == "$plain ($fsc:"* ||
				      "$e" == "$plain (the kernel gave no reason for this "* ]]; then
					pass "$name-$how"
				elif [ "$derr" = "${ERRNO[$f]}" ] && [ "$c" = 0 ] && [ "$sup" = unsupported ]; then
					skip "$name-$how" "census off and this kernel has no AUXERR_INFO_SUPERSEDED to mark the $dsc denial superseded by the unnoted $fsc (same errno): $e"
				else
					fail "$name-$how" "perror says: $e"
				fi
			done
		done
	done
done
[ -n "$census" ] && echo 0 > "$AUXERR_SYSCTL/census"
[ -z "$census" ] && skip stale-census "the kernel has no kernel.auxerr.census"

# ---- auxerr last: the shell's own denial, then its own ENOENT -----------
out=$(as_nobody bash -c ": < $t/secret 2>/dev/null; : < $t/missing/x 2>/dev/null; $AUXERR last; true" 2>/dev/null)
expect_match stale-last-names-denial "openat $t/secret: denied by file permissions" "$out"
if [[ "$out" == *"$t/missing"* ]]; then
	fail stale-last-not-followup "auxerr last names the follow-up: $out"
else
	pass stale-last-not-followup
fi

# ---- auxerr run -- python3: a denial, then an EACCES from a /proc/sys
# write (the case that showed the trap: Python makes many system calls
# between the failure and the message) --------------------------------------
out=$(as_nobody "$AUXERR" run -- python3 -c "
try:
    open('$t/secret')
except OSError:
    pass
open('/proc/sys/kernel/domainname', 'w')
" 2>&1 | tail -n 1)
sup=$(as_nobody "$STALE" dac eacces 2>/dev/null | awk -F= '$1 == "eacces.superseded" { print $2 }')
if [[ "$out" != "PermissionError: [Errno 13] Permission denied"* ]]; then
	fail stale-python-proc-sys "python3 says: $out"
elif [[ "$out" != *"$t/secret"* ]]; then
	pass stale-python-proc-sys
elif [ "$sup" = unsupported ] && [ -z "$census" ]; then
	skip stale-python-proc-sys "census off and this kernel has no AUXERR_INFO_SUPERSEDED: $out"
else
	fail stale-python-proc-sys "the /proc/sys EACCES is explained by the older denial: $out"
fi

echo "$psym" > /proc/sys/fs/protected_symlinks
rm -f /tmp/st-link
umount "$t/proc"
ipcrm -M 0x00005ee5 2>/dev/null
echo "$st_ping" > /proc/sys/net/ipv4/ping_group_range
[ -n "$st_uffd" ] && echo "$st_uffd" > /proc/sys/vm/unprivileged_userfaultfd
if [ -n "$fuse_server" ]; then
	umount "$t/fuse"
	kill "$fuse_server" 2>/dev/null
	wait "$fuse_server" 2>/dev/null
fi
if [ -n "$have_cg" ]; then
	# the processes that moved into /sandbox have exited
	rmdir /sys/fs/cgroup/devices/sandbox 2>/dev/null
	umount /sys/fs/cgroup/devices
	umount /sys/fs/cgroup
fi
umount "$t/ro" 2>/dev/null
if mountpoint -q "$t/ext4"; then
	chattr -i "$t/ext4/immutable"
	umount "$t/ext4"
fi
rm -f /run/auxerr-stale.img
finish
