#!/bin/bash
# Everyday denials (issue 19) as the unprivileged user nobody: the record
# field by field, libauxerr's sentence and remedy, and, where the remedy
# is a command, the command run by the party it names and the call
# repeated, which must then succeed (build/userland/auxerr-everyday,
# tests/guest/src/auxerr-everyday.c).
#
# Cases: fs.protected_symlinks, _hardlinks, _regular (mechanism=protected
# with audit's ANOM_LINK/ANOM_CREAT record); a signal to root's process
# (signal); setpriority() on root's process (task); bind() below
# net.ipv4.ip_unprivileged_port_start (cap policy=, SOCKADDR); syslog()
# with kernel.dmesg_restrict (cap policy=); chmod of root's file (cap
# owner_op=); a write to a sysctl file (dac permission=proc_sys); an
# unnoted EPERM in census mode (unknown); root without CAP_SYS_ADMIN
# writing kernel.kptr_restrict (cap sysctl_write=); bpf() with
# kernel.unprivileged_bpf_disabled = 2 (cap policy=); perf_event_open of
# a tracepoint with raw samples (cap policy=kernel.perf_event_paranoid);
# another user's
# process in a /proc mounted hidepid=1 (hidepid); a FUSE mount of uid 1000
# without allow_other (fuse; auxerr-everyday fuse-serve is its daemon); a
# cgroup v1 device rule (device); capset(2) and prctl's capability rules
# (capset: setpriv, capsh and auxerr-everyday, as nobody where the rule
# allows); a seccomp filter (allow-all) installed by prctl(PR_SET_SECCOMP)
# and by seccomp(2) without no_new_privs (cap policy=no_new_privs: a thread
# attribute, not a sysctl; the remedy, setpriv --no-new-privs, run by
# nobody itself, and the filter then changes nothing else); System V IPC
# (ipc): root's 0600 shared memory segment and message queue, shmat(),
# msgsnd() and ipcrm -M by nobody, the owner's IPC_SET and ipcrm -m after;
# an ICMP echo socket refused by net.ipv4.ping_group_range (ping: the empty
# range "1 0", then "100 200" for IPv6; root's sysctl remedies applied);
# userfaultfd() with vm.unprivileged_userfaultfd = 0 (cap policy=; the
# remedies UFFD_USER_MODE_ONLY and root's chgrp/chmod of /dev/userfaultfd).
#
# A case whose record the kernel does not write yet (another mechanism, or
# the field that marks it missing) prints a SKIP line naming what the
# kernel wrote: neither PASS nor FAIL.
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
[ -x "$B/auxerr-everyday" ] || { fail everyday-built "no $B/auxerr-everyday (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"

# The program runs from a copy on the guest's tmpfs: the low-port remedy
# gives the program file a capability, which the read-only host root
# cannot take; its exe= is then this path.
t=/tmp/ev
rm -rf "$t"
mkdir -m 0755 "$t"
# (the guest's /tmp is nosuid, which ignores file capabilities: a tmpfs
# of its own for the program)
mkdir "$t/bin"
mount -t tmpfs -o mode=0755 tmpfs "$t/bin"
cp "$B/auxerr-everyday" "$t/bin/auxerr-everyday"
EV=$t/bin/auxerr-everyday
cd "$t" || exit 1

skip() { echo "SKIP $1: $2"; }
# want NAME MECHANISM MARKER: 0 when the record is MECHANISM and has the
# AUXERR field MARKER; else a SKIP line and 1
want() {
	local m f
	m=$(get mechanism) f=x
	[ -n "$3" ] && f=$(get "f.$3")
	if [ "$m" = "$2" ] && [ -n "$f" ]; then
		return 0
	fi
	skip "$1" "errno $(get errno), the kernel wrote mechanism '${m:-none}'${3:+ without $3=}, not yet $2"
	return 1
}

# ---- fs.protected_symlinks ----------------------------------------------
old_sym=$(cat /proc/sys/fs/protected_symlinks)
echo 1 > /proc/sys/fs/protected_symlinks
mkdir -m 1777 "$t/sym"
echo x > "$t/target"; chmod 0644 "$t/target"
ln -s "$t/target" "$t/sym/link"
chown -h 1:1 "$t/sym/link"	# daemon's link in root's sticky directory
run open "$t/sym/link" r
expect_eq protected-symlinks-errno 13 "$(get errno)"
if want protected-symlinks protected sysctl; then
	fields protected-symlinks sysctl=fs.protected_symlinks level=1 fsuid=65534 \
		ouid=1 ogid=1 mode=0120777 dir_mode=041777 dir_ouid=0
	expect_eq protected-symlinks-anom 1 "$(get count.ANOM_LINK)"
	expect_eq protected-symlinks-anom-op follow_link "$(get f.ANOM_LINK.op)"
	expect_eq protected-symlinks-anom-res 0 "$(get f.ANOM_LINK.res)"
	expect_eq protected-symlinks-anom-fsuid 65534 "$(get f.ANOM_LINK.fsuid)"
	expect_eq protected-symlinks-sentence "openat $t/sym/link: denied by fs.protected_symlinks = 1: the symlink is in a sticky world-writable directory (mode 1777, owner root), and its owner (daemon) is neither uid 65534 nor the directory's owner" "$(get sentence)"
	remedy protected-symlinks policy "sysctl -w fs.protected_symlinks=0" root 0
	sysctl -q -w fs.protected_symlinks=0
	run open "$t/sym/link" r
	expect_eq protected-symlinks-applied 0 "$(get errno)"
fi
echo "$old_sym" > /proc/sys/fs/protected_symlinks

# ---- fs.protected_hardlinks ---------------------------------------------
old_hard=$(cat /proc/sys/fs/protected_hardlinks)
echo 1 > /proc/sys/fs/protected_hardlinks
mkdir -m 1777 "$t/hard"
echo s > "$t/hard/secret"; chmod 0600 "$t/hard/secret"
run link "$t/hard/secret" "$t/hard/mine"
expect_eq protected-hardlinks-errno 1 "$(get errno)"
if want protected-hardlinks protected sysctl; then
	fields protected-hardlinks sysctl=fs.protected_hardlinks level=1 fsuid=65534 \
		ouid=0 ogid=0 mode=0100600 unsafe=no_access
	expect_eq protected-hardlinks-no-dir "" "$(get f.dir_mode)"
	expect_eq protected-hardlinks-anom 1 "$(get count.ANOM_LINK)"
	expect_eq protected-hardlinks-anom-op linkat "$(get f.ANOM_LINK.op)"
	expect_eq protected-hardlinks-sentence "linkat $t/hard/secret: denied by fs.protected_hardlinks = 1: uid 65534 does not own the file (owner root), and uid 65534 may not both read and write it; only its owner or a process with CAP_FOWNER may link to it" "$(get sentence)"
	remedy protected-hardlinks policy "sysctl -w fs.protected_hardlinks=0" root 0
	sysctl -q -w fs.protected_hardlinks=0
	run link "$t/hard/secret" "$t/hard/mine"
	expect_eq protected-hardlinks-applied 0 "$(get errno)"
fi
echo "$old_hard" > /proc/sys/fs/protected_hardlinks

# ---- fs.protected_regular -----------------------------------------------
old_reg=$(cat /proc/sys/fs/protected_regular)
echo 1 > /proc/sys/fs/protected_regular
mkdir -m 1777 "$t/reg"
echo d > "$t/reg/theirs"; chmod 0666 "$t/reg/theirs"; chown 1:1 "$t/reg/theirs"
run open "$t/reg/theirs" creat
expect_eq protected-regular-errno 13 "$(get errno)"
if want protected-regular protected sysctl; then
	fields protected-regular sysctl=fs.protected_regular level=1 fsuid=65534 \
		ouid=1 ogid=1 mode=0100666 dir_mode=041777 dir_ouid=0
	expect_eq protected-regular-anom 1 "$(get count.ANOM_CREAT)"
	expect_eq protected-regular-anom-op sticky_create "$(get f.ANOM_CREAT.op)"
	expect_eq protected-regular-sentence "openat $t/reg/theirs: denied by fs.protected_regular = 1: the file is in a sticky world-writable directory (mode 1777, owner root), and its owner (daemon) is neither uid 65534 nor the directory's owner; it may not be opened with O_CREAT" "$(get sentence)"
	remedy protected-regular policy "sysctl -w fs.protected_regular=0" root 0
	sysctl -q -w fs.protected_regular=0
	run open "$t/reg/theirs" creat
	expect_eq protected-regular-applied 0 "$(get errno)"
fi
echo "$old_reg" > /proc/sys/fs/protected_regular

# ---- a signal to root's process ------------------------------------------
sleep 600 &
victim=$!
run kill "$victim" 15
expect_eq signal-errno 1 "$(get errno)"
if want signal signal sig; then
	fields signal sig=15 opid="$victim" ouid=0 osuid=0 capability=5
	expect_eq signal-sentence "kill: denied by the signal permission rules: process $victim belongs to another user (root), and uid 65534 may not send it SIGTERM without CAP_KILL" "$(get sentence)"
	remedy signal command "kill -s TERM $victim" root 0
	cmd=$(get remedy.command)
	bash -c "$cmd"
	wait "$victim" 2>/dev/null
	if kill -0 "$victim" 2>/dev/null; then
		fail signal-applied "process $victim lives after: $cmd"
	else
		pass signal-applied
	fi
fi
kill "$victim" 2>/dev/null
wait "$victim" 2>/dev/null

# ---- setpriority() on root's process (the optional task mechanism) -------
sleep 600 &
victim=$!
run setpriority "$victim" 5
expect_eq task-errno 1 "$(get errno)"
if want task task op; then
	fields task op=setpriority opid="$victim" ouid=0 oruid=0 capability=23
	expect_eq task-sentence "setpriority: denied by the rules for other users' processes: process $victim belongs to another user (root), and uid 65534 may not use setpriority on it without CAP_SYS_NICE" "$(get sentence)"
	remedy task command "renice -n 5 -p $victim" root 0
	bash -c "$(get remedy.command)" >/dev/null
	expect_eq task-applied 5 "$(ps -o ni= -p "$victim" | tr -d ' ')"
fi
kill "$victim" 2>/dev/null
wait "$victim" 2>/dev/null

# ---- prlimit() and sched_setaffinity() on root's process -----------------
sleep 600 &
victim=$!
run prlimit "$victim"
expect_eq task-prlimit-errno 1 "$(get errno)"
if want task-prlimit task op; then
	fields task-prlimit op=prlimit64 opid="$victim" ouid=0 oruid=0 osuid=0 ogid=0 orgid=0 osgid=0 capability=24
	expect_eq task-prlimit-sentence "prlimit64: denied by the rules for other users' processes: process $victim belongs to another user (root), and uid 65534 may not use prlimit64 on it without CAP_SYS_RESOURCE" "$(get sentence)"
	remedy task-prlimit command - root 0
	expect_eq task-prlimit-remedy-text "Only a process of the same user as process $victim, or one with CAP_SYS_RESOURCE, may use prlimit64 on it: root can do it" "$(get remedy.text)"
	# root can: the same call as root
	out=$("$EV" prlimit "$victim" 2>&1)
	expect_eq task-prlimit-applied 0 "$(get errno)"
fi
run setaffinity "$victim"
expect_eq task-affinity-errno 1 "$(get errno)"
if want task-affinity task op; then
	fields task-affinity op=sched_setaffinity opid="$victim" ouid=0 oruid=0 capability=23
	expect_eq task-affinity-sentence "sched_setaffinity: denied by the rules for other users' processes: process $victim belongs to another user (root), and uid 65534 may not use sched_setaffinity on it without CAP_SYS_NICE" "$(get sentence)"
	remedy task-affinity command - root 0
fi
kill "$victim" 2>/dev/null
wait "$victim" 2>/dev/null

# ---- bind() below the unprivileged port range ----------------------------
ip link set lo up
old_port=$(cat /proc/sys/net/ipv4/ip_unprivileged_port_start)
echo 1024 > /proc/sys/net/ipv4/ip_unprivileged_port_start
run bind 80
expect_eq bind-port-errno 13 "$(get errno)"
if want bind-port cap policy; then
	fields bind-port capability=10 policy=net.ipv4.ip_unprivileged_port_start policy_value=1024
	expect_eq bind-port-sockaddr 1 "$(get count.SOCKADDR)"
	expect_eq bind-port-saddr 020000507F0000010000000000000000 "$(get f.SOCKADDR.saddr)"
	expect_eq bind-port-sentence "bind 127.0.0.1 port 80: denied by net.ipv4.ip_unprivileged_port_start = 1024, which requires CAP_NET_BIND_SERVICE: uid 65534 does not have it in the initial user namespace" "$(get sentence)"
	remedy bind-port command "setcap cap_net_bind_service=+ep $EV" root 0
	expect_eq bind-port-weakens "every run of $EV, by any user, may then bind ports below 1024" "$(get remedy.weakens)"
	bash -c "$(get remedy.command)"
	run bind 80
	expect_eq bind-port-applied 0 "$(get errno)"
	setcap -r "$EV" 2>/dev/null
fi
echo "$old_port" > /proc/sys/net/ipv4/ip_unprivileged_port_start

# ---- syslog() with kernel.dmesg_restrict ---------------------------------
old_dmesg=$(cat /proc/sys/kernel/dmesg_restrict)
echo 1 > /proc/sys/kernel/dmesg_restrict
run syslog
expect_eq dmesg-errno 1 "$(get errno)"
if want dmesg cap policy; then
	fields dmesg capability=34 policy=kernel.dmesg_restrict policy_value=1
	expect_eq dmesg-sentence "syslog: denied by kernel.dmesg_restrict = 1, which requires CAP_SYSLOG: uid 65534 does not have it in the initial user namespace" "$(get sentence)"
	remedy dmesg command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+syslog --ambient-caps=+syslog -- $EV syslog" root 0
	out=$(bash -c "$(get remedy.command)" 2>&1)
	expect_eq dmesg-applied 0 "$(get errno)"
fi
echo "$old_dmesg" > /proc/sys/kernel/dmesg_restrict

# ---- chmod of root's file: only the owner or CAP_FOWNER -----------------
echo r > "$t/roots"; chmod 0644 "$t/roots"
run chmod "$t/roots" 0666
expect_eq owner-chmod-errno 1 "$(get errno)"
if want owner-chmod cap owner_op; then
	fields owner-chmod capability=3 owner_op=chmod ouid=0 ogid=0 mode=0100644
	if [ -n "$(get i.PATH.name)" ]; then
		# the name the caller gave: the command names it
		expect_eq owner-chmod-path "$t/roots" "$(get i.PATH.name)"
		expect_eq owner-chmod-sentence "chmod $t/roots: denied for lack of ownership: only the owner (root) or a process with CAP_FOWNER may chmod $t/roots, and uid 65534 is neither" "$(get sentence)"
		remedy owner-chmod command "chmod 0666 $t/roots" "the file's owner (uid 0, root)" 0
		bash -c "$(get remedy.command)"
		expect_eq owner-chmod-applied 666 "$(stat -c %a "$t/roots")"
	else
		# the kernel names no PATH for chmod (its walk is over when the
		# owner is checked): no name, so no command
		expect_eq owner-chmod-sentence "chmod: denied for lack of ownership: only the owner (root) or a process with CAP_FOWNER may chmod the file, and uid 65534 is neither" "$(get sentence)"
		remedy owner-chmod command - "the file's owner (uid 0, root)" 0
		expect_eq owner-chmod-remedy-text "Only the owner of the file (uid 0, root) or a process with CAP_FOWNER may change its mode: the owner can do it" "$(get remedy.text)"
	fi
fi

# ---- a sysctl file under /proc/sys (proc_sys_permission) ----------------
run open /proc/sys/kernel/domainname w
expect_eq proc-sys-errno 13 "$(get errno)"
if want proc-sys dac permission; then
	fields proc-sys permission=proc_sys class=other perm=2 ouid=0 ogid=0 mode=0100644
	expect_eq proc-sys-sentence "openat /proc/sys/kernel/domainname: denied by the permissions of the sysctl kernel.domainname: mode 0644 root:root; uid 65534 is \"other\" and has no write permission" "$(get sentence)"
	remedy proc-sys command - root 0
	expect_eq proc-sys-remedy-text "Only root may change the sysctl kernel.domainname (its file under /proc/sys allows no one else to write it): root runs sysctl -w kernel.domainname=VALUE with the value wanted" "$(get remedy.text)"
fi

# ---- a sysctl whose handler checks a capability on write -----------------
# root without CAP_SYS_ADMIN (inheritable and bounding sets without it:
# its exec gets no CAP_SYS_ADMIN) may open kernel.kptr_restrict (0644
# root) but not write it
old_kptr=$(cat /proc/sys/kernel/kptr_restrict)
out=$(setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin -- "$EV" write /proc/sys/kernel/kptr_restrict 1 2>&1)
expect_eq sysctl-write-errno 1 "$(get errno)"
if want sysctl-write cap sysctl_write; then
	fields sysctl-write capability=21 sysctl_write='"kernel.kptr_restrict"'
	expect_eq sysctl-write-no-policy "" "$(get f.policy)"
	ns=""
	[ "$(get f.userns_level)" = 0 ] && ns=" in the initial user namespace"
	expect_eq sysctl-write-sentence "write /proc/sys/kernel/kptr_restrict: denied for lack of a capability: writing the sysctl kernel.kptr_restrict needs CAP_SYS_ADMIN, even for a process that could open the file, and uid 0 does not have it$ns" "$(get sentence)"
	remedy sysctl-write command - root 0
	expect_eq sysctl-write-remedy-text "Only a process with CAP_SYS_ADMIN in the initial user namespace may change the sysctl kernel.kptr_restrict, whoever may open its file: root, with its full capabilities (not in a container or with capabilities dropped), runs sysctl -w kernel.kptr_restrict=VALUE with the value wanted" "$(get remedy.text)"
	expect_eq sysctl-write-weakens "if the new value is lower, every user may then see kernel addresses, which helps an exploit defeat KASLR" "$(get remedy.weakens)"
	# the remedy: root with its capabilities, VALUE the one wanted
	sysctl -q -w kernel.kptr_restrict=1
	expect_eq sysctl-write-applied 1 "$(cat /proc/sys/kernel/kptr_restrict)"
fi
echo "$old_kptr" > /proc/sys/kernel/kptr_restrict

# ---- bpf() with kernel.unprivileged_bpf_disabled = 2 ----------------------
# (1 would lock the setting for the rest of the boot: only 2)
old_bpf=$(cat /proc/sys/kernel/unprivileged_bpf_disabled 2>/dev/null)
if [ -z "$old_bpf" ]; then
	skip bpf-policy "the kernel has no kernel.unprivileged_bpf_disabled"
elif [ "$old_bpf" = 1 ]; then
	skip bpf-policy "kernel.unprivileged_bpf_disabled is locked at 1"
else
	echo 2 > /proc/sys/kernel/unprivileged_bpf_disabled
	run bpf
	expect_eq bpf-policy-errno 1 "$(get errno)"
	if want bpf-policy cap policy; then
		fields bpf-policy capability=39 policy=kernel.unprivileged_bpf_disabled policy_value=2
		expect_eq bpf-policy-sentence "bpf: denied by kernel.unprivileged_bpf_disabled = 2, which requires CAP_BPF: uid 65534 does not have it in the initial user namespace" "$(get sentence)"
		remedy bpf-policy command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+bpf --ambient-caps=+bpf -- $EV bpf" root 0
		# the loosening the remedy names last: root sets 0 for every user
		expect_match bpf-policy-names-sysctl "sysctl -w kernel.unprivileged_bpf_disabled=0" "$(get remedy.text)"
		out=$(bash -c "$(get remedy.command)" 2>&1)
		expect_eq bpf-policy-applied 0 "$(get errno)"
		sysctl -q -w kernel.unprivileged_bpf_disabled=0
		run bpf
		expect_eq bpf-policy-sysctl-applied 0 "$(get errno)"
	fi
	echo "$old_bpf" > /proc/sys/kernel/unprivileged_bpf_disabled
fi

# ---- perf_event_open of a tracepoint with raw samples -----------------------
# kernel.perf_event_paranoid above -1 keeps raw tracepoint data from users
# without CAP_PERFMON (perf_allow_tracepoint()); sched_switch is not one of
# the events open to every user.  Its id from tracefs, read by root.
tp=/sys/kernel/tracing
mounted_tp=
if [ -d "$tp" ] && [ ! -e "$tp/events" ] && grep -qw tracefs /proc/filesystems; then
	mount -t tracefs nodev "$tp" && mounted_tp=1
fi
tpid=$(cat "$tp/events/sched/sched_switch/id" 2>/dev/null)
if [ -z "$tpid" ]; then
	skip perf-tracepoint "the kernel has no trace events (no $tp/events/sched/sched_switch)"
else
	old_perf=$(cat /proc/sys/kernel/perf_event_paranoid)
	echo 2 > /proc/sys/kernel/perf_event_paranoid
	run tracepoint "$tpid"
	expect_eq perf-tracepoint-errno 1 "$(get errno)"
	if want perf-tracepoint cap policy; then
		fields perf-tracepoint capability=38 policy=kernel.perf_event_paranoid policy_value=2
		expect_eq perf-tracepoint-sentence "perf_event_open: denied by kernel.perf_event_paranoid = 2, which requires CAP_PERFMON: uid 65534 does not have it in the initial user namespace" "$(get sentence)"
		remedy perf-tracepoint command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+perfmon --ambient-caps=+perfmon -- $EV tracepoint $tpid" root 0
		out=$(bash -c "$(get remedy.command)" 2>&1)
		expect_eq perf-tracepoint-applied 0 "$(get errno)"
		# the loosening the remedy names last: -1 lets every user do it
		echo -1 > /proc/sys/kernel/perf_event_paranoid
		run tracepoint "$tpid"
		expect_eq perf-tracepoint-sysctl-applied 0 "$(get errno)"
	fi
	echo "$old_perf" > /proc/sys/kernel/perf_event_paranoid
fi
[ -n "$mounted_tp" ] && umount "$tp"

# ---- /proc mounted hidepid=1: another user's process ---------------------
# a proc instance of its own (one per mount since Linux 5.8), without gid=
mkdir "$t/proc"
mount -t proc -o hidepid=1 proc "$t/proc"
sleep 600 &
victim=$!
run open "$t/proc/$victim/status" r
expect_eq hidepid-errno 1 "$(get errno)"
if want hidepid hidepid hidepid; then
	fields hidepid hidepid=1 proc_gid=-1 opid="$victim"
	expect_eq hidepid-sentence "openat $t/proc/$victim/status: $t/proc is mounted with hidepid=1 (noaccess): process $victim is not yours and you may not ptrace it, so its /proc directory is closed to you" "$(get sentence)"
	remedy hidepid policy "mount -o remount,hidepid=1,gid=65534 $t/proc" root 0
	expect_eq hidepid-weakens "every member of group 65534 may then read the /proc directory of every process (command lines, ids, status), which hidepid hides from other users" "$(get remedy.weakens)"
	bash -c "$(get remedy.command)"
	run open "$t/proc/$victim/status" r
	expect_eq hidepid-applied 0 "$(get errno)"
fi
kill "$victim" 2>/dev/null
wait "$victim" 2>/dev/null
umount "$t/proc"

# ---- a FUSE mount of uid 1000 without allow_other ------------------------
if [ -c /dev/fuse ] && grep -qw fuse /proc/filesystems; then
	mkdir -m 0755 "$t/fuse"
	"$EV" fuse-serve "$t/fuse" 1000 1000 &
	server=$!
	for _ in $(seq 50); do
		mountpoint -q "$t/fuse" && break
		sleep 0.1
	done
	u1000=$(getent passwd 1000 | cut -d: -f1)
	run stat "$t/fuse"
	expect_eq fuse-errno 13 "$(get errno)"
	if want fuse fuse mount_uid; then
		fields fuse mount_uid=1000 mount_gid=1000 allow_other=0
		expect_eq fuse-sentence "newfstatat $t/fuse: the FUSE file system here was mounted by uid 1000 without allow_other: only that user may use it, even root" "$(get sentence)"
		remedy fuse command "cd $t && $EV stat $t/fuse" "the user who mounted it (uid 1000${u1000:+, $u1000})" 1000
		# the remedy: the mounting user runs the command
		cmd=$(get remedy.command)
		out=$(setpriv --reuid=1000 --regid=1000 --clear-groups -- bash -c "$cmd" 2>&1)
		expect_eq fuse-applied 0 "$(get errno)"
	fi
	umount "$t/fuse"
	kill "$server" 2>/dev/null
	wait "$server" 2>/dev/null
else
	skip fuse "the kernel has no FUSE"
fi

# ---- the device cgroup (v1 devices controller) ----------------------------
# mounted where the remedy expects the v1 hierarchy (the guest mounts no
# cgroup file system of its own)
cg=
if [ -d /sys/fs/cgroup ] && grep -qw devices /proc/cgroups 2>/dev/null &&
   ! mountpoint -q /sys/fs/cgroup; then
	mount -t tmpfs -o mode=0755 tmpfs /sys/fs/cgroup
	mkdir /sys/fs/cgroup/devices
	cg=/sys/fs/cgroup/devices
	mount -t cgroup -o devices none "$cg" || { umount /sys/fs/cgroup; cg=; }
fi
if [ -n "$cg" ]; then
	mkdir "$cg/sandbox"
	echo 'c 1:3 rw' > "$cg/sandbox/devices.deny"
	# in-cgroup CMD...: CMD as nobody, in the cgroup /sandbox
	in_cgroup() { bash -c 'echo $$ > "$0/sandbox/cgroup.procs" && exec setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- "$@"' "$cg" "$@"; }
	out=$(in_cgroup "$EV" open /dev/null w 2>&1)
	expect_eq device-errno 1 "$(get errno)"
	if want device device dev_type; then
		fields device dev_type=c major=1 minor=3 access=w cgroup='"/sandbox"'
		expect_eq device-no-prog "" "$(get f.prog_id)"
		expect_eq device-sentence "openat /dev/null: the device cgroup /sandbox does not allow write of character device 1:3" "$(get sentence)"
		remedy device policy "echo 'c 1:3 w' > /sys/fs/cgroup/devices/sandbox/devices.allow" "root or the manager of the cgroup /sandbox" 0
		bash -c "$(get remedy.command)"
		out=$(in_cgroup "$EV" open /dev/null w 2>&1)
		expect_eq device-applied 0 "$(get errno)"
	fi
	rmdir "$cg/sandbox" 2>/dev/null
	umount "$cg"
	umount /sys/fs/cgroup
else
	skip device "the kernel has no cgroup v1 devices controller"
fi

# ---- capability sets (mechanism=capset): capset(2) and prctl -------------
# The real tools a user meets (setpriv, capsh) run under auxerr trace
# --json, which reads the record at the failing exit; auxerr-everyday is
# the capset(2) caller where no tool makes the call.  Capability 13 is
# CAP_NET_RAW.  ev-netraw: a copy with the file capability cap_net_raw+p
# (on the tmpfs of $t/bin, which honours file capabilities).
AUXERR=$B/auxerr
Z=0000000000000000
# traced SYSCALL CMD...: CMD under auxerr trace --json (run as the caller
# of traced); $tout and $trc its output and status, $out the last denial
# of SYSCALL (the one the tool reports) as auxerr-everyday prints one,
# with "count=" the denials of SYSCALL and "first.rule=",
# "first.capability=" the first one's
traced() {
	local sc=$1
	shift
	rm -f "$t/trace.json"
	tout=$("$AUXERR" trace --json -o "$t/trace.json" -- "$@" 2>&1)
	trc=$?
	out=$(python3 -c '
import json, sys
objs = [json.loads(line) for line in open(sys.argv[2])]
objs = [o for o in objs if o.get("syscall_name") == sys.argv[1]]
def aux(o):
    return [r for r in o["records"] if r["type"] == "AUXERR"][0]["fields"]
if objs:
    print("count=%d" % len(objs))
    print("first.rule=%s" % aux(objs[0]).get("rule", "-"))
    print("first.capability=%s" % aux(objs[0]).get("capability", "-"))
for o in objs[-1:]:
    print("errno=%d" % o["errno"])
    print("mechanism=%s" % o["mechanism"])
    for r in o["records"]:
        if r["type"] == "AUXERR":
            for k, v in r["fields"].items():
                print("f.%s=%s" % (k, v))
    print("sentence=%s" % (o["explanation"] or "-"))
    m = o["remedy"] or {}
    for k in ("kind", "text", "command", "who", "uid", "weakens"):
        v = m.get(k)
        print("remedy.%s=%s" % (k, (-1 if k == "uid" else "-") if v is None else v))
' "$sc" "$t/trace.json" 2>&1)
}
traced_nobody() { local sc=$1; shift; traced "$sc" setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- "$@"; }
lock_who="whoever starts this process tree with the lock (systemd's SecureBits=, capsh --secbits)"
lock_weakens="processes started without the lock may change the securebit, which the lock keeps fixed for the whole process tree"
cp "$EV" "$t/bin/ev-netraw"
setcap cap_net_raw+p "$t/bin/ev-netraw"
NR=$t/bin/ev-netraw

# capset(2) raising the permitted set (no tool does this: auxerr-everyday)
run capset 2000 0 0
expect_eq capset-permitted-errno 1 "$(get errno)"
if want capset-permitted capset rule; then
	fields capset-permitted op=capset rule=permitted_not_held capability=13 \
		cap_pi=$Z cap_pp=$Z cap_pe=$Z new_pi=$Z new_pp=0000000000002000 new_pe=$Z
	expect_eq capset-permitted-no-bnd "" "$(get f.cap_bnd)"
	expect_eq capset-permitted-sentence "capset: a process can only drop capabilities from its permitted set, never add them: CAP_NET_RAW is not among those it holds (none)" "$(get sentence)"
	remedy capset-permitted command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw --ambient-caps=+net_raw -- $EV capset 2000 0 0" root 0
	out=$(bash -c "$(get remedy.command)" 2>&1)
	expect_eq capset-permitted-applied 0 "$(get errno)"
fi

# an effective set outside the permitted set asked for: the call's own fault
run capset 0 0 2000
expect_eq capset-effective-errno 1 "$(get errno)"
if want capset-effective capset rule; then
	fields capset-effective op=capset rule=effective_not_permitted capability=13 \
		cap_pp=$Z new_pi=$Z new_pp=$Z new_pe=0000000000002000
	expect_eq capset-effective-sentence "capset: CAP_NET_RAW cannot be made effective: it is not in the permitted set (none)" "$(get sentence)"
	remedy capset-effective none - - -1
fi

# capset(2) on another process
run capset 0 0 0 1
expect_eq capset-other-errno 1 "$(get errno)"
if want capset-other capset rule; then
	fields capset-other op=capset rule=other_process
	expect_eq capset-other-no-capability "" "$(get f.capability)"
	expect_eq capset-other-no-sets "" "$(get f.cap_pp)$(get f.new_pp)"
	expect_eq capset-other-sentence "capset: capset() can change only the caller's own capabilities (since Linux 2.6.25)" "$(get sentence)"
	remedy capset-other none - - -1
fi

# setpriv --inh-caps +net_raw as nobody: the inheritable set needs the
# permitted set; the remedy run by root, and the command then succeeds
traced_nobody capset setpriv --inh-caps +net_raw id
expect_eq setpriv-inh-rc 127 "$trc"
expect_match setpriv-inh-message "setpriv: .*Operation not permitted" "$tout"
if want setpriv-inh capset rule; then
	expect_eq setpriv-inh-errno 1 "$(get errno)"
	fields setpriv-inh op=capset rule=inheritable_not_permitted capability=13 \
		cap_pi=$Z cap_pp=$Z cap_pe=$Z new_pi=0000000000002000 new_pp=$Z new_pe=$Z
	expect_eq setpriv-inh-sentence "capset: adding CAP_NET_RAW to the inheritable set needs it in the permitted set (none) or CAP_SETPCAP, and this process has neither" "$(get sentence)"
	remedy setpriv-inh command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw --ambient-caps=+net_raw -- /usr/bin/setpriv --inh-caps +net_raw id" root 0
	o=$(bash -c "$(get remedy.command)" 2>&1)
	expect_eq setpriv-inh-applied-rc 0 "$?"
	expect_match setpriv-inh-applied "^uid=65534" "$o"
fi

# capsh --inh=cap_net_raw as nobody: the same rule through libcap
if command -v capsh >/dev/null; then
	traced_nobody capset capsh --inh=cap_net_raw -- -c true
	expect_eq capsh-inh-failed 1 "$([ "$trc" != 0 ] && echo 1)"
	if want capsh-inh capset rule; then
		# libcap first tries to make CAP_SETPCAP effective (refused:
		# not permitted), then sets the inheritable set
		expect_eq capsh-inh-count 2 "$(get count)"
		expect_eq capsh-inh-first-rule effective_not_permitted "$(get first.rule)"
		expect_eq capsh-inh-first-capability 8 "$(get first.capability)"
		fields capsh-inh rule=inheritable_not_permitted capability=13 new_pi=0000000000002000
		expect_eq capsh-inh-sentence "capset: adding CAP_NET_RAW to the inheritable set needs it in the permitted set (none) or CAP_SETPCAP, and this process has neither" "$(get sentence)"
	fi
else
	skip capsh-inh "capsh is not installed"
fi

# root, after dropping CAP_NET_RAW from the bounding set: no process
# below may make it inheritable; a session that keeps it (this shell) can
traced capset setpriv --bounding-set=-net_raw -- setpriv --inh-caps=+net_raw true
expect_eq bounding-rc 127 "$trc"
if want bounding capset rule; then
	bnd=$(printf '%016x' $(( (1 << ($(cat /proc/sys/kernel/cap_last_cap) + 1)) - 1 & ~(1 << 13) )))
	fields bounding op=capset rule=inheritable_not_bounding capability=13 \
		cap_pi=$Z cap_pp="$bnd" cap_pe="$bnd" cap_bnd="$bnd" new_pi=0000000000002000 \
		new_pp="$bnd" new_pe="$bnd"
	expect_eq bounding-sentence "capset: CAP_NET_RAW was removed from this session's bounding set (by whoever started it), so no process below can make it inheritable again" "$(get sentence)"
	remedy bounding policy - "whoever starts the session (its bounding set is inherited)" -1
	expect_eq bounding-weakens "processes of that session may then gain CAP_NET_RAW again (through file capabilities or setuid-root programs), which dropping it from the bounding set prevents" "$(get remedy.weakens)"
	setpriv --inh-caps=+net_raw true
	expect_eq bounding-applied 0 "$?"
fi

# setpriv --ambient-caps +net_raw as nobody: in neither set.  setpriv
# (util-linux 2.38, libcap-ng) ignores the refused raise and runs the
# command without it: the denial is seen only in the trace.  It has set
# PR_SET_KEEPCAPS before (SECBIT_KEEP_CAPS, 16)
traced_nobody prctl setpriv --ambient-caps +net_raw grep CapAmb /proc/self/status
expect_eq setpriv-amb-rc 0 "$trc"
expect_match setpriv-amb-not-raised "CapAmb:.0000000000000000" "$tout"
if want setpriv-amb capset rule; then
	expect_eq setpriv-amb-errno 1 "$(get errno)"
	fields setpriv-amb op=ambient_raise rule=ambient_not_permitted capability=13 \
		cap_pi=$Z cap_pp=$Z securebits=16
	expect_eq setpriv-amb-no-new "" "$(get f.new_pp)$(get f.new_securebits)"
	expect_eq setpriv-amb-sentence "prctl: raising CAP_NET_RAW into the ambient set needs it in both the permitted and the inheritable set: it is in neither (permitted: none; inheritable: none)" "$(get sentence)"
	remedy setpriv-amb command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw --ambient-caps=+net_raw -- /usr/bin/setpriv --ambient-caps +net_raw grep CapAmb /proc/self/status" root 0
	o=$(bash -c "$(get remedy.command)" 2>&1)
	expect_eq setpriv-amb-applied-rc 0 "$?"
	expect_match setpriv-amb-applied "CapAmb:.0000000000002000" "$o"
fi

# capsh --addamb=cap_net_raw as nobody: capsh says it failed
if command -v capsh >/dev/null; then
	traced_nobody prctl capsh --addamb=cap_net_raw -- -c true
	expect_eq capsh-amb-rc 1 "$trc"
	expect_match capsh-amb-message "failed to raise ambient" "$tout"
	if want capsh-amb capset rule; then
		fields capsh-amb op=ambient_raise rule=ambient_not_permitted capability=13 cap_pp=$Z
		remedy capsh-amb command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw --ambient-caps=+net_raw -- /usr/sbin/capsh --addamb=cap_net_raw -- -c true" root 0
		bash -c "$(get remedy.command)" >/dev/null 2>&1
		expect_eq capsh-amb-applied 0 "$?"
	fi
else
	skip capsh-amb "capsh is not installed"
fi

# permitted (a file capability) but not inheritable: the program itself
# adds it to its inheritable set first
out=$(as_nobody "$NR" ambient 13 2>&1)
expect_eq ambient-inh-errno 1 "$(get errno)"
if want ambient-inh capset rule; then
	fields ambient-inh op=ambient_raise rule=ambient_not_inheritable capability=13 \
		cap_pi=$Z cap_pp=0000000000002000 securebits=0
	expect_eq ambient-inh-sentence "prctl: raising CAP_NET_RAW into the ambient set needs it in both the permitted and the inheritable set: it is not in the inheritable set (none)" "$(get sentence)"
	remedy ambient-inh command - "the program itself (uid 65534)" 65534
	out=$(as_nobody "$NR" ambient 13 inh 2>&1)
	expect_eq ambient-inh-applied 0 "$(get errno)"
fi

# SECBIT_NO_CAP_AMBIENT_RAISE (set by root with capsh, kept across the
# change to nobody): root starts the program anew, without it
if command -v capsh >/dev/null; then
	out=$(capsh --secbits=64 -- -c "exec setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- $NR ambient 13 inh" 2>&1)
	expect_eq no-ambient-errno 1 "$(get errno)"
	if want no-ambient capset rule; then
		fields no-ambient op=ambient_raise rule=no_ambient_raise capability=13 \
			cap_pi=0000000000002000 cap_pp=0000000000002000 securebits=64
		expect_eq no-ambient-sentence "prctl: SECBIT_NO_CAP_AMBIENT_RAISE forbids raising ambient capabilities in this process and its children" "$(get sentence)"
		remedy no-ambient command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+net_raw --ambient-caps=+net_raw -- $NR ambient 13 inh" root 0
		out=$(bash -c "$(get remedy.command)" 2>&1)
		expect_eq no-ambient-applied 0 "$(get errno)"
	fi
else
	skip no-ambient "capsh is not installed"
fi

# setpriv --securebits=+noroot as nobody: CAP_SETPCAP.  setpriv has set
# PR_SET_KEEPCAPS (SECBIT_KEEP_CAPS, 16) before, and asks 16|1
traced_nobody prctl setpriv --securebits=+noroot id
expect_eq securebits-rc 127 "$trc"
if want securebits capset rule; then
	expect_eq securebits-errno 1 "$(get errno)"
	expect_eq securebits-count 1 "$(get count)"
	fields securebits op=securebits rule=no_setpcap capability=8 securebits=16 new_securebits=17
	expect_eq securebits-sentence "prctl: changing securebits needs CAP_SETPCAP, and uid 65534 does not have it" "$(get sentence)"
	remedy securebits command "cd $t && setpriv --reuid=65534 --regid=65534 --init-groups --inh-caps=+setpcap --ambient-caps=+setpcap -- /usr/bin/setpriv --securebits=+noroot id" root 0
	o=$(bash -c "$(get remedy.command)" 2>&1)
	expect_eq securebits-applied-rc 0 "$?"
	expect_match securebits-applied "^uid=65534" "$o"
fi

# a locked securebit: SECBIT_NOROOT locked by root, nobody asks 0
out=$(setpriv --securebits=+noroot,+noroot_locked --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- "$EV" securebits 0 2>&1)
expect_eq secbit-locked-errno 1 "$(get errno)"
if want secbit-locked capset rule; then
	fields secbit-locked op=securebits rule=locked securebits=3 new_securebits=0
	expect_eq secbit-locked-no-capability "" "$(get f.capability)"
	expect_eq secbit-locked-sentence "prctl: SECBIT_NOROOT is locked (SECBIT_NOROOT_LOCKED): no process can change it, here or in children" "$(get sentence)"
	remedy secbit-locked policy - "$lock_who" -1
	expect_eq secbit-locked-weakens "$lock_weakens" "$(get remedy.weakens)"
fi

# PR_SET_KEEPCAPS under SECBIT_KEEP_CAPS_LOCKED
out=$(setpriv --securebits=+keep_caps_locked --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- "$EV" keepcaps 1 2>&1)
expect_eq keepcaps-errno 1 "$(get errno)"
if want keepcaps capset rule; then
	fields keepcaps op=keepcaps rule=locked securebits=32
	expect_eq keepcaps-no-new "" "$(get f.new_securebits)"
	expect_eq keepcaps-sentence "prctl: SECBIT_KEEP_CAPS is locked (SECBIT_KEEP_CAPS_LOCKED): no process can change it, here or in children" "$(get sentence)"
	remedy keepcaps policy - "$lock_who" -1
fi

# ---- namespaces and chroot(), which a user namespace of one's own allows --
# unshare(2) of a mount, a network and a UTS namespace without
# CLONE_NEWUSER, and chroot(2), by nobody: CAP_SYS_ADMIN (CAP_SYS_CHROOT)
# in the initial user namespace.  The least change is no capability on
# the host but a user namespace of the caller's own, which holds them
# over what it owns: the remedy, run by nobody itself, then succeeds.
# (unshare(2) with CLONE_NEWUSER as well is not refused: no record.)
userns_text="The program can create a user namespace together with the others (CLONE_NEWUSER in the same call, or run it inside one), where it holds CAP_SYS_ADMIN over the namespaces it makes and no privilege on the host (where unprivileged user namespaces are enabled: sysctl user.max_user_namespaces above 0); there it appears as root and other users' files as nobody"
for fl in 0x20000:mount 0x40000000:net 0x4000000:uts; do
	n=unshare-${fl#*:}
	run unshare "${fl%%:*}"
	expect_eq "$n-errno" 1 "$(get errno)"
	expect_eq "$n-mechanism" cap "$(get mechanism)"
	expect_eq "$n-syscall" 272 "$(get sys.syscall)"
	expect_eq "$n-a0" "$(printf %x "${fl%%:*}")" "$(get sys.a0)"
	fields "$n" capability=21 userns=4026531837 userns_level=0 userns_owner=0
	expect_eq "$n-sentence" "unshare: denied for lack of a capability: uid 65534 does not have CAP_SYS_ADMIN in the initial user namespace" "$(get sentence)"
	cmd="cd $t && unshare --user --map-root-user -- $EV unshare ${fl%%:*}"
	remedy "$n" command "$cmd" "the caller (uid 65534, nobody)" 65534
	expect_eq "$n-remedy-text" "$userns_text: $cmd" "$(get remedy.text)"
	expect_eq "$n-remedy-weakens" - "$(get remedy.weakens)"
	out=$(as_nobody bash -c "$(get remedy.command)" 2>&1)
	expect_eq "$n-applied-errno" 0 "$(get errno)"
done
run unshare 0x10020000
expect_eq unshare-with-user-errno 0 "$(get errno)"
run chroot /
expect_eq chroot-errno 1 "$(get errno)"
expect_eq chroot-mechanism cap "$(get mechanism)"
expect_eq chroot-syscall 161 "$(get sys.syscall)"
fields chroot capability=18 userns=4026531837 userns_level=0 userns_owner=0
expect_eq chroot-sentence "chroot /: denied for lack of a capability: uid 65534 does not have CAP_SYS_CHROOT in the initial user namespace" "$(get sentence)"
cmd="cd $t && unshare --user --map-root-user -- $EV chroot /"
remedy chroot command "$cmd" "the caller (uid 65534, nobody)" 65534
expect_eq chroot-remedy-text "The program can run in a user namespace of its own, where it holds CAP_SYS_CHROOT over its own root directory and no privilege on the host (where unprivileged user namespaces are enabled: sysctl user.max_user_namespaces above 0); there it appears as root and other users' files as nobody: $cmd" "$(get remedy.text)"
out=$(as_nobody bash -c "$(get remedy.command)" 2>&1)
expect_eq chroot-applied-errno 0 "$(get errno)"

# ---- a seccomp filter without no_new_privs (cap policy=no_new_privs) ------
# An allow-all filter, installed by nobody, who has neither no_new_privs
# nor CAP_SYS_ADMIN: EACCES from seccomp_prepare_filter().  Then the remedy
# as nobody itself (setpriv --no-new-privs), and under the installed
# filter a read of root's 0600 file is still refused by its permissions
# (dac), nothing else.
echo s > "$t/nnp-secret"; chmod 0600 "$t/nnp-secret"
nnp_text="A seccomp filter needs no_new_privs set on the thread that installs it, which needs no privilege: the program can call prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) before it installs its filter, or whoever starts it can run it with no_new_privs set; the cost: set-user-ID and set-group-ID programs and file capabilities no longer raise privileges across exec for it and its children"
for how in prctl seccomp; do
	n=nnp-$how
	run seccomp-nnp "$how" "$t/nnp-secret"
	expect_eq "$n-errno" 13 "$(get errno)"
	expect_eq "$n-status-no_new_privs" 0 "$(get status.NoNewPrivs)"
	expect_eq "$n-status-seccomp" 0 "$(get status.Seccomp)"
	expect_eq "$n-no-after" "" "$(get after.errno)"
	if want "$n" cap policy; then
		if [ "$how" = prctl ]; then
			# PR_SET_SECCOMP 22, SECCOMP_MODE_FILTER 2, in hex
			expect_eq "$n-syscall" 157 "$(get sys.syscall)"
			expect_eq "$n-a0" 16 "$(get sys.a0)"
			expect_eq "$n-a1" 2 "$(get sys.a1)"
		else
			# SECCOMP_SET_MODE_FILTER 1
			expect_eq "$n-syscall" 317 "$(get sys.syscall)"
			expect_eq "$n-a0" 1 "$(get sys.a0)"
		fi
		expect_eq "$n-exit" -13 "$(get sys.exit)"
		fields "$n" capability=21 userns=4026531837 userns_level=0 userns_owner=0 \
			policy=no_new_privs policy_value=0
		expect_eq "$n-no-sysctl_write" "" "$(get f.sysctl_write)"
		expect_eq "$n-no-owner_op" "" "$(get f.owner_op)"
		expect_eq "$n-sentence" "$how: denied because the thread has not set no_new_privs: a seccomp filter may be installed only by a thread that has set no_new_privs or has CAP_SYS_ADMIN, and uid 65534 does not have it in the initial user namespace" "$(get sentence)"
		cmd="cd $t && setpriv --no-new-privs -- $EV seccomp-nnp $how $t/nnp-secret"
		remedy "$n" command "$cmd" "the caller (uid 65534, nobody)" 65534
		expect_eq "$n-remedy-text" "$nnp_text: $cmd" "$(get remedy.text)"
		expect_eq "$n-remedy-weakens" - "$(get remedy.weakens)"
		# the remedy, run by nobody itself: the filter is installed,
		# and under it the read is refused as before, by dac
		out=$(as_nobody bash -c "$(get remedy.command)" 2>&1)
		expect_eq "$n-applied-errno" 0 "$(get errno)"
		expect_eq "$n-applied-no_new_privs" 1 "$(get status.NoNewPrivs)"
		expect_eq "$n-applied-seccomp" 2 "$(get status.Seccomp)"
		expect_eq "$n-applied-filters" 1 "$(get status.Seccomp_filters)"
		expect_eq "$n-applied-read-errno" 13 "$(get after.errno)"
		expect_eq "$n-applied-read-mechanism" dac "$(get after.mechanism)"
	fi
done

# ---- System V IPC (ipc) --------------------------------------------------
# root makes a shared memory segment and a message queue with a key, mode
# 0600; nobody's shmat() and msgsnd() are refused by the mode (op=access,
# EACCES), and ipcrm -M KEY by nobody, neither owner nor creator (op=ctl,
# EPERM).  Then the remedies as the owner, root: IPC_SET of the mode that
# lets every user in (the remedy's last, named variant) and ipcrm -m ID;
# the calls repeated.
ipc_seg=0x00005eed ipc_q=0x00005eef
ipcrm -M "$ipc_seg" 2>/dev/null; ipcrm -Q "$ipc_q" 2>/dev/null
out=$("$EV" ipcmk shm "$ipc_seg" 0600)
expect_eq ipc-shm-made 0 "$(get errno)"
shmid=$(get ipc.id)
out=$("$EV" ipcmk msg "$ipc_q" 0600)
expect_eq ipc-msg-made 0 "$(get errno)"
msqid=$(get ipc.id)
ipc_owners="its owner and creator (uid 0, root)"

run shmat "$ipc_seg"
expect_eq ipc-shmat-errno 13 "$(get errno)"
expect_eq ipc-shmat-id "$shmid" "$(get ipc.id)"
if want ipc-shmat ipc ipc_key; then
	expect_eq ipc-shmat-syscall 30 "$(get sys.syscall)"
	expect_eq ipc-shmat-exit -13 "$(get sys.exit)"
	fields ipc-shmat op=access ipc_key=$ipc_seg ipc_id=$shmid mode=0600 \
		ouid=0 ogid=0 cuid=0 cgid=0 class=other perm=4 granted=0 capability=15
	expect_eq ipc-shmat-no-cmd "" "$(get f.cmd)"
	expect_eq ipc-shmat-sentence "shmat: denied by the permissions of the shared memory segment key $ipc_seg (id $shmid): mode 0600, owner and creator root:root; uid 65534 is \"other\" and has no read permission" "$(get sentence)"
	remedy ipc-shmat command - "$ipc_owners" 0
	expect_eq ipc-shmat-remedy-text "Mode 0600 of the shared memory segment key $ipc_seg (id $shmid) gives others no read permission, and there is no command to change it: a program running as $ipc_owners can give it a group the caller (uid 65534, nobody) is in and mode 0640 with shmctl($shmid, IPC_SET), or whoever creates it can create it so; mode 0604 would let every user in" "$(get remedy.text)"
	expect_eq ipc-shmat-remedy-weakens "every member of that group may then read it (with mode 0604, every user)" "$(get remedy.weakens)"
fi

run msgsnd "$ipc_q"
expect_eq ipc-msgsnd-errno 13 "$(get errno)"
expect_eq ipc-msgsnd-id "$msqid" "$(get ipc.id)"
if want ipc-msgsnd ipc ipc_key; then
	expect_eq ipc-msgsnd-syscall 69 "$(get sys.syscall)"
	expect_eq ipc-msgsnd-exit -13 "$(get sys.exit)"
	fields ipc-msgsnd op=access ipc_key=$ipc_q ipc_id=$msqid mode=0600 \
		ouid=0 ogid=0 cuid=0 cgid=0 class=other perm=2 granted=0 capability=15
	expect_eq ipc-msgsnd-sentence "msgsnd: denied by the permissions of the message queue key $ipc_q (id $msqid): mode 0600, owner and creator root:root; uid 65534 is \"other\" and has no write permission" "$(get sentence)"
	remedy ipc-msgsnd command - "$ipc_owners" 0
	expect_eq ipc-msgsnd-remedy-text "Mode 0600 of the message queue key $ipc_q (id $msqid) gives others no write permission, and there is no command to change it: a program running as $ipc_owners can give it a group the caller (uid 65534, nobody) is in and mode 0620 with msgctl($msqid, IPC_SET), or whoever creates it can create it so; mode 0602 would let every user in" "$(get remedy.text)"
	expect_eq ipc-msgsnd-remedy-weakens "every member of that group may then write it (with mode 0602, every user)" "$(get remedy.weakens)"
fi

# ipcrm -M KEY as nobody: shmget() of the key, then shmctl(IPC_RMID)
traced_nobody shmctl ipcrm -M "$ipc_seg"
expect_eq ipc-ipcrm-rc 1 "$trc"
expect_eq ipc-ipcrm-message 1 "$(grep -c '^ipcrm: permission denied for key' <<<"$tout")"
expect_eq ipc-ipcrm-errno 1 "$(get errno)"
if want ipc-ipcrm ipc ipc_key; then
	fields ipc-ipcrm op=ctl cmd=0 ipc_key=$ipc_seg ipc_id=$shmid mode=0600 \
		ouid=0 ogid=0 cuid=0 cgid=0 capability=21
	expect_eq ipc-ipcrm-no-class "" "$(get f.class)"
	expect_eq ipc-ipcrm-no-perm "" "$(get f.perm)"
	expect_eq ipc-ipcrm-sentence "shmctl: only the owner or the creator of the shared memory segment key $ipc_seg (id $shmid), root, or CAP_SYS_ADMIN may remove it: owner and creator root:root, and uid 65534 is neither" "$(get sentence)"
	remedy ipc-ipcrm command "ipcrm -m $shmid" "$ipc_owners" 0
	expect_eq ipc-ipcrm-remedy-text "Only $ipc_owners may remove the shared memory segment key $ipc_seg (id $shmid): that user can run the command: ipcrm -m $shmid" "$(get remedy.text)"
	expect_eq ipc-ipcrm-remedy-weakens - "$(get remedy.weakens)"
fi

# the remedies, by the owner (root): the mode that lets every user in,
# then the calls again; then the segment removed by the remedy's command
out=$("$EV" ipcset shm "$ipc_seg" 0604)
expect_eq ipc-shm-set 0 "$(get errno)"
run shmat "$ipc_seg"
expect_eq ipc-shmat-applied 0 "$(get errno)"
out=$("$EV" ipcset msg "$ipc_q" 0602)
expect_eq ipc-msg-set 0 "$(get errno)"
run msgsnd "$ipc_q"
expect_eq ipc-msgsnd-applied 0 "$(get errno)"
bash -c "ipcrm -m $shmid"
expect_eq ipc-ipcrm-applied 0 "$?"
expect_eq ipc-ipcrm-gone "" "$(ipcs -m | awk -v k="$ipc_seg" '$1 == k')"
ipcrm -Q "$ipc_q"

# ---- net.ipv4.ping_group_range (mechanism=ping) --------------------------
# An ICMP echo socket (SOCK_DGRAM, IPPROTO_ICMP or IPPROTO_ICMPV6) opens
# without CAP_NET_RAW only for a group in the range; no capability
# overrides it, so the record has none.  nobody (gid 65534, no
# supplementary groups): the kernel's empty default "1 0", then "100 200"
# for IPv6 (the same sysctl); each remedy, root's sysctl -w, applied and
# the socket opened.  Root restores the range at the end.
old_ping=$(cat /proc/sys/net/ipv4/ping_group_range)
sysctl -q -w net.ipv4.ping_group_range="1 0"
ping_rest="if the program falls back to a raw socket as ping does, root can give it CAP_NET_RAW (setcap cap_net_raw+ep $EV), with which it may send and receive any raw packet, much more than it needs; "
ping_weak="may then open ICMP echo sockets (send pings and receive their replies, no raw packets), a low cost: systemd's default range, 0 2147483647, takes in every group"
run ping inet
expect_eq ping-empty-errno 13 "$(get errno)"
if want ping-empty ping group_low; then
	expect_eq ping-empty-syscall 41 "$(get sys.syscall)"
	expect_eq ping-empty-a0 2 "$(get sys.a0)"
	expect_eq ping-empty-a1 2 "$(get sys.a1)"
	expect_eq ping-empty-a2 1 "$(get sys.a2)"
	expect_eq ping-empty-exit -13 "$(get sys.exit)"
	fields ping-empty policy=net.ipv4.ping_group_range group_low=1 group_high=0
	expect_eq ping-empty-no-capability "" "$(get f.capability)"
	expect_eq ping-empty-no-userns "" "$(get f.userns)"
	expect_eq ping-empty-sentence "socket: denied by net.ipv4.ping_group_range = 1 0: an ICMP echo (ping) socket is open only to a process whose group or a supplementary group lies in that range, and the range is empty" "$(get sentence)"
	cmd='sysctl -w net.ipv4.ping_group_range="65534 65534"'
	remedy ping-empty policy "$cmd" root 0
	expect_eq ping-empty-remedy-text "The range net.ipv4.ping_group_range = 1 0 is empty: no process may open an ICMP echo (ping) socket, whatever its groups or capabilities; ${ping_rest}the least change: root sets the range to the caller's group alone, gid 65534 (nogroup), in this network namespace (a container sets its own), and persists it with the line \"net.ipv4.ping_group_range = 65534 65534\" in a file under /etc/sysctl.d/: $cmd" "$(get remedy.text)"
	expect_eq ping-empty-remedy-weakens "every process whose group or a supplementary group is gid 65534 (nogroup) $ping_weak" "$(get remedy.weakens)"
	# root applies it: the socket opens, for IPv6 too
	bash -c "$(get remedy.command)" >/dev/null
	expect_eq ping-empty-applied-range "65534 65534" "$(tr -s '\t' ' ' </proc/sys/net/ipv4/ping_group_range)"
	run ping inet
	expect_eq ping-empty-applied 0 "$(get errno)"
	run ping inet6
	expect_eq ping-empty-applied-inet6 0 "$(get errno)"
fi

sysctl -q -w net.ipv4.ping_group_range="100 200"
run ping inet6
expect_eq ping6-range-errno 13 "$(get errno)"
if want ping6-range ping group_low; then
	expect_eq ping6-range-syscall 41 "$(get sys.syscall)"
	expect_eq ping6-range-a0 a "$(get sys.a0)"
	expect_eq ping6-range-a1 2 "$(get sys.a1)"
	expect_eq ping6-range-a2 3a "$(get sys.a2)"
	expect_eq ping6-range-exit -13 "$(get sys.exit)"
	fields ping6-range policy=net.ipv4.ping_group_range group_low=100 group_high=200
	expect_eq ping6-range-no-capability "" "$(get f.capability)"
	expect_eq ping6-range-sentence "socket: denied by net.ipv4.ping_group_range = 100 200, which governs IPv6 too: an ICMP echo (ping) socket is open only to a process whose group or a supplementary group lies in that range, and neither gid 65534 (nogroup) nor any supplementary group of the process does" "$(get sentence)"
	cmd='sysctl -w net.ipv4.ping_group_range="100 65534"'
	remedy ping6-range policy "$cmd" root 0
	expect_eq ping6-range-remedy-text "The range net.ipv4.ping_group_range = 100 200 takes in neither the caller's group (gid 65534, nogroup) nor any of its supplementary groups: root can make the user a member of a group whose gid lies in 100..200 (usermod -a -G GROUP nobody), from its next login; ${ping_rest}the least change to the system: root widens the range to 100 65534, the least that also takes in gid 65534 (nogroup), in this network namespace (a container sets its own), and persists it with the line \"net.ipv4.ping_group_range = 100 65534\" in a file under /etc/sysctl.d/: $cmd" "$(get remedy.text)"
	expect_eq ping6-range-remedy-weakens "every process whose group or a supplementary group lies in 100..65534 $ping_weak" "$(get remedy.weakens)"
	bash -c "$(get remedy.command)" >/dev/null
	expect_eq ping6-range-applied-range "100 65534" "$(tr -s '\t' ' ' </proc/sys/net/ipv4/ping_group_range)"
	run ping inet6
	expect_eq ping6-range-applied 0 "$(get errno)"
	run ping inet
	expect_eq ping6-range-applied-inet 0 "$(get errno)"
fi
echo "$old_ping" > /proc/sys/net/ipv4/ping_group_range
expect_eq ping-restored "$old_ping" "$(cat /proc/sys/net/ipv4/ping_group_range)"

# ---- userfaultfd() with vm.unprivileged_userfaultfd = 0 (cap policy=) -----
# Without UFFD_USER_MODE_ONLY, userfaultfd() asks to handle kernel faults
# too: CAP_SYS_PTRACE or the sysctl at 1.  The remedy's first way,
# UFFD_USER_MODE_ONLY, works as nobody; its command, root's chgrp/chmod of
# /dev/userfaultfd (whose mode governs USERFAULTFD_IOC_NEW, not the
# sysctl), lets nobody's group create one for kernel faults too.  Root
# restores the sysctl and the device's owner and mode.
if [ -e /proc/sys/vm/unprivileged_userfaultfd ]; then
	old_uffd=$(cat /proc/sys/vm/unprivileged_userfaultfd)
	echo 0 > /proc/sys/vm/unprivileged_userfaultfd
	uffd_cmd=""
	run uffd
	expect_eq uffd-errno 1 "$(get errno)"
	if want uffd cap policy; then
		expect_eq uffd-syscall 323 "$(get sys.syscall)"
		expect_eq uffd-a0 80000 "$(get sys.a0)"
		expect_eq uffd-exit -1 "$(get sys.exit)"
		fields uffd capability=19 userns=4026531837 userns_level=0 userns_owner=0 \
			policy=vm.unprivileged_userfaultfd policy_value=0
		expect_eq uffd-no-sysctl_write "" "$(get f.sysctl_write)"
		expect_eq uffd-no-owner_op "" "$(get f.owner_op)"
		expect_eq uffd-sentence "userfaultfd: denied by vm.unprivileged_userfaultfd = 0: a userfaultfd that also handles page faults in kernel mode needs CAP_SYS_PTRACE, and uid 65534 does not have it in the initial user namespace; one for faults in user mode only (UFFD_USER_MODE_ONLY) needs neither the capability nor the sysctl" "$(get sentence)"
		cmd="chgrp nogroup /dev/userfaultfd && chmod 0660 /dev/userfaultfd"
		remedy uffd command "$cmd" root 0
		expect_eq uffd-remedy-text "If the program needs faults in user mode only, it can pass UFFD_USER_MODE_ONLY to userfaultfd(), which needs no privilege at all; for kernel faults too, /dev/userfaultfd (Linux 6.1 and later: open it, then ioctl USERFAULTFD_IOC_NEW) is governed by its mode, not by vm.unprivileged_userfaultfd, so root can let the caller's group (gid 65534, nogroup) open it, persistently with the udev rule KERNEL==\"userfaultfd\", GROUP=\"nogroup\", MODE=\"0660\" in a file under /etc/udev/rules.d/; only as a last resort root sets vm.unprivileged_userfaultfd = 1, and then every user may stall the kernel's accesses to its memory, a classic way to widen race windows in kernel exploits (CAP_SYS_PTRACE for the program would be far more than it needs: it may then trace every process); root opens /dev/userfaultfd to the group with the command: $cmd" "$(get remedy.text)"
		expect_eq uffd-remedy-weakens "every process whose group or a supplementary group is gid 65534 (nogroup) may then create userfaultfds that handle kernel faults and stall the kernel's accesses to its memory, a classic way to widen race windows in kernel exploits" "$(get remedy.weakens)"
		uffd_cmd=$(get remedy.command)
	fi
	# the caller's own way: user-mode faults only, no privilege
	run uffd user
	expect_eq uffd-user-mode-only 0 "$(get errno)"
	if [ -c /dev/userfaultfd ] && [ -n "$uffd_cmd" ]; then
		uffd_dev=$(stat -c '%u:%g %a' /dev/userfaultfd)
		run uffd-dev
		expect_eq uffd-dev-before 13 "$(get errno)"
		bash -c "$uffd_cmd"
		expect_eq uffd-dev-chgrp 0 "$?"
		expect_eq uffd-dev-mode "0:65534 660" "$(stat -c '%u:%g %a' /dev/userfaultfd)"
		run uffd-dev
		expect_eq uffd-dev-applied 0 "$(get errno)"
		# the sysctl still refuses the system call itself
		run uffd
		expect_eq uffd-still-refused 1 "$(get errno)"
		chown "${uffd_dev% *}" /dev/userfaultfd
		chmod "${uffd_dev#* }" /dev/userfaultfd
		expect_eq uffd-dev-restored "$uffd_dev" "$(stat -c '%u:%g %a' /dev/userfaultfd)"
	else
		skip uffd-dev "no /dev/userfaultfd or no remedy command"
	fi
	echo "$old_uffd" > /proc/sys/vm/unprivileged_userfaultfd
else
	skip uffd "the kernel has no userfaultfd (CONFIG_USERFAULTFD)"
fi

# ---- census: an EPERM no check notes -------------------------------------
if [ -e "$AUXERR_SYSCTL/census" ]; then
	echo 1 > "$AUXERR_SYSCTL/census"
	run setpgid 999999
	echo 0 > "$AUXERR_SYSCTL/census"
	if want census-unknown unknown ""; then
		expect_eq census-unknown-errno 1 "$(get errno)"
		expect_eq census-unknown-sentence "setpgid: the kernel gave no reason for this EPERM" "$(get sentence)"
		remedy census-unknown none - - -1
	fi
	# census off: nothing is kept for it
	run setpgid 999999
	expect_eq census-off-no-record "" "$(get mechanism)"
else
	skip census-unknown "the kernel has no kernel.auxerr.census"
fi

cd / || exit 1
umount "$t/bin"
rm -rf "$t"
finish
