#!/bin/bash
# Denials that kept no record, or too thin a one, until the kernel noted
# them (issue 35), as the unprivileged user nobody: the record field by
# field, libauxerr's sentence and remedy, and, where the remedy is a
# command, the command run by the party it names and the call repeated,
# which must then succeed (build/userland/auxerr-everyday,
# tests/guest/src/auxerr-everyday.c).
#
# Cases: execve() of a directory and of a FIFO (filetype); sendto() and
# connect() of a UDP socket to a broadcast address without SO_BROADCAST
# (broadcast), and with it (allowed); memfd_create() under
# vm.memfd_noexec = 2 (sysctl; root's remedy applied), and with
# MFD_NOEXEC_SEAL (allowed); utimensat() of an immutable file and
# ftruncate() of an append-only one (inode, the flags on changes of the
# inode itself, named by the descriptor's file); PTRACE_ATTACH to root's
# process (ptrace with the target's ids), and with /proc hidepid=1 (the
# ids hidden); mlock() and mlockall() under RLIMIT_MEMLOCK (cap rlimit=:
# EPERM at 0, ENOMEM above; root's larger limit applied); lowering
# oom_score_adj below the floor (cap policy=oom_score_adj_min; root's
# choom applied, after which the owner may lower it that far); the
# object's path where the name given does not say it: a directory refused
# inside a symbolic link (path, component= its path), connect() to a unix
# socket (dac, PATH from the address; the owner's setfacl applied, the
# group way, membership of the socket's group, proven too), a move between
# two delegated cgroups (dac, the common ancestor's cgroup.procs named,
# fd_name= the file written; its owner's chown applied); keyctl read of
# root's key and update of one's own key without write (key; the owners'
# keyctl setperm applied); io_uring_setup() under kernel.io_uring_disabled
# 2 (sysctl; root's sysctl applied) and 1 with kernel.io_uring_group (the
# group's one run applied).
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
EV=$B/auxerr-everyday
[ -x "$EV" ] || { fail denials-built "no $EV (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"

t=/tmp/denials
rm -rf "$t"
mkdir -m 0755 "$t"
cd "$t" || exit 1


# ---- execve() of what is not a regular file ---------------------------------
mkdir -m 0755 "$t/tools"
run exec "$t/tools"
expect_eq exec-dir-errno 13 "$(get errno)"
expect_eq exec-dir-mechanism filetype "$(get mechanism)"
expect_eq exec-dir-syscall 59 "$(get sys.syscall)"
fields exec-dir perm=1 mode=040755 ouid=0 ogid=0 \
	inode="$(stat -c %i "$t/tools")"
expect_eq exec-dir-path "$t/tools" "$(get i.PATH.name)"
expect_eq exec-dir-sentence "execve $t/tools: only a regular file can be executed, and $t/tools is a directory (its mode bits 0755 do not matter)" "$(get sentence)"
remedy exec-dir none - - -1
expect_eq exec-dir-remedy-text "No change of permissions allows executing a directory: run a program inside $t/tools by its full name ($t/tools/PROGRAM), or add $t/tools to PATH" "$(get remedy.text)"
mkfifo -m 0755 "$t/pipe"
run exec "$t/pipe"
expect_eq exec-fifo-errno 13 "$(get errno)"
expect_eq exec-fifo-mechanism filetype "$(get mechanism)"
fields exec-fifo perm=1 mode=010755
expect_eq exec-fifo-sentence "execve $t/pipe: only a regular file can be executed, and $t/pipe is a FIFO (named pipe) (its mode bits 0755 do not matter)" "$(get sentence)"
# a regular file with the same bits runs
cp /bin/true "$t/true"
chmod 0755 "$t/true"
run exec "$t/true"
expect_eq exec-regular-runs "" "$out"

# ---- a broadcast without SO_BROADCAST ------------------------------------------
ip link set lo up
# 127.255.255.255: lo's subnet broadcast, a route the local table has
run sendto 127.255.255.255 9
expect_eq broadcast-sendto-errno 13 "$(get errno)"
expect_eq broadcast-sendto-mechanism broadcast "$(get mechanism)"
expect_eq broadcast-sendto-syscall 44 "$(get sys.syscall)"
fields broadcast-sendto daddr=127.255.255.255 sock_type=2 protocol=17
expect_eq broadcast-sendto-sockaddr 1 "$(get count.SOCKADDR)"
expect_eq broadcast-sendto-sentence "sendto 127.255.255.255 port 9: 127.255.255.255 is a broadcast address, and a UDP socket may send to one only once the program has set SO_BROADCAST on it, which it has not; no privilege is missing" "$(get sentence)"
remedy broadcast-sendto none - - -1
expect_eq broadcast-sendto-remedy-text "The program ($EV) must ask for broadcasting before it sends: setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &one, sizeof(one)) on the socket; or send to the one host meant instead of the broadcast address" "$(get remedy.text)"
# the remedy, as the program would take it: the same call with the option
run sendto 127.255.255.255 9 so_broadcast
expect_eq broadcast-sendto-with-option 0 "$(get errno)"
run udp-connect 127.255.255.255 9
expect_eq broadcast-connect-errno 13 "$(get errno)"
expect_eq broadcast-connect-mechanism broadcast "$(get mechanism)"
fields broadcast-connect daddr=127.255.255.255 sock_type=2 protocol=17
expect_eq broadcast-connect-sentence "connect 127.255.255.255 port 9: 127.255.255.255 is a broadcast address, and a UDP socket may be connected to one only once the program has set SO_BROADCAST on it, which it has not; no privilege is missing" "$(get sentence)"
run udp-connect 127.255.255.255 9 so_broadcast
expect_eq broadcast-connect-with-option 0 "$(get errno)"
# a unicast address is no broadcast
run sendto 127.0.0.1 9
expect_eq unicast-sendto 0 "$(get errno)"

# ---- vm.memfd_noexec -----------------------------------------------------------
if [ -w /proc/sys/vm/memfd_noexec ]; then
	old_memfd=$(cat /proc/sys/vm/memfd_noexec)
	sysctl -q -w vm.memfd_noexec=2
	# without MFD_EXEC or MFD_NOEXEC_SEAL the kernel seals it itself
	run memfd none
	expect_eq memfd-none-sealed 0 "$(get errno)"
	run memfd exec
	expect_eq memfd-errno 13 "$(get errno)"
	expect_eq memfd-mechanism sysctl "$(get mechanism)"
	expect_eq memfd-syscall 319 "$(get sys.syscall)"
	fields memfd policy=vm.memfd_noexec policy_value=2
	expect_eq memfd-sentence "memfd_create: denied by vm.memfd_noexec = 2: a memfd must be created with MFD_NOEXEC_SEAL (never executable), and the program asked for MFD_EXEC; no capability overrides it" "$(get sentence)"
	remedy memfd policy "sysctl -w vm.memfd_noexec=1" root 0 \
		"every process may then create executable memfds again, so that code can be run from memory without a file on disk, which vm.memfd_noexec = 2 forbade"
	# the program's own way: MFD_NOEXEC_SEAL
	run memfd seal
	expect_eq memfd-seal-allowed 0 "$(get errno)"
	# root's way, as the remedy's command says
	run memfd exec
	bash -c "$(get remedy.command)" >/dev/null
	expect_eq memfd-remedy-applied 1 "$(cat /proc/sys/vm/memfd_noexec)"
	run memfd exec
	expect_eq memfd-now-allowed 0 "$(get errno)"
	echo "$old_memfd" > /proc/sys/vm/memfd_noexec
else
	fail memfd-sysctl "no writable /proc/sys/vm/memfd_noexec"
fi

# ---- the inode flags on changes of the inode itself ------------------------------
truncate -s 16M /run/auxerr-denials.img
mkfs.ext4 -q -F /run/auxerr-denials.img
mkdir "$t/ext4"
if mount -o loop /run/auxerr-denials.img "$t/ext4"; then
	echo i > "$t/ext4/frozen"
	echo a > "$t/ext4/log"
	chown "$NOBODY" "$t/ext4/frozen" "$t/ext4/log"
	chattr +i "$t/ext4/frozen"
	chattr +a "$t/ext4/log"
	run utimes "$t/ext4/frozen"
	expect_eq utimes-immutable-errno 1 "$(get errno)"
	expect_eq utimes-immutable-mechanism inode "$(get mechanism)"
	fields utimes-immutable flag=immutable fstype=ext4 mode=0100644 \
		ouid="$NOBODY" inode="$(stat -c %i "$t/ext4/frozen")"
	expect_eq utimes-immutable-path "$t/ext4/frozen" "$(get i.PATH.name)"
	expect_eq utimes-immutable-sentence "utimensat $t/ext4/frozen: denied by an inode flag: the file is immutable (chattr +i)" "$(get sentence)"
	remedy utimes-immutable command "chattr -i $t/ext4/frozen" "root (CAP_LINUX_IMMUTABLE)" 0
	bash -c "$(get remedy.command)"
	run utimes "$t/ext4/frozen"
	expect_eq utimes-immutable-now-allowed 0 "$(get errno)"
	run ftruncate "$t/ext4/log"
	expect_eq ftruncate-append-errno 1 "$(get errno)"
	expect_eq ftruncate-append-syscall 77 "$(get sys.syscall)"
	expect_eq ftruncate-append-mechanism inode "$(get mechanism)"
	fields ftruncate-append flag=append fstype=ext4 \
		inode="$(stat -c %i "$t/ext4/log")"
	# no path argument: the descriptor's file names it
	expect_eq ftruncate-append-path "$t/ext4/log" "$(get i.PATH.name)"
	expect_eq ftruncate-append-sentence "ftruncate $t/ext4/log: denied by an inode flag: the file is append-only (chattr +a)" "$(get sentence)"
	remedy ftruncate-append command "chattr -a $t/ext4/log" "root (CAP_LINUX_IMMUTABLE)" 0
	bash -c "$(get remedy.command)"
	run ftruncate "$t/ext4/log"
	expect_eq ftruncate-append-now-allowed 0 "$(get errno)"
	umount "$t/ext4"
else
	fail ext4-loop-mount "mount -o loop failed"
fi
rm -f /run/auxerr-denials.img

# ---- ptrace of another user's process ---------------------------------------
sleep 300 &
victim=$!
run ptrace "$victim"
expect_eq ptrace-errno 1 "$(get errno)"
expect_eq ptrace-mechanism ptrace "$(get mechanism)"
expect_eq ptrace-syscall 101 "$(get sys.syscall)"
fields ptrace reason=creds opid="$victim" ouid=0 oruid=0 osuid=0 ogid=0 \
	orgid=0 osgid=0 capability=19 userns=4026531837 userns_owner=0
expect_eq ptrace-sentence "ptrace: denied by the ptrace access rules: process $victim belongs to another user (root): its real, effective and saved user and group ids must all be the caller's, and uid $NOBODY lacks CAP_SYS_PTRACE" "$(get sentence)"
remedy ptrace command \
	"cd $t && setpriv --reuid=$NOBODY --regid=$NOBODY --init-groups --inh-caps=+sys_ptrace --ambient-caps=+sys_ptrace -- $EV ptrace $victim" \
	root 0 \
	"CAP_SYS_PTRACE lets that run of the program trace and read the memory of every process, root's included"
expect_match ptrace-remedy-text "^Process $victim belongs to another user \\(root\\), and only CAP_SYS_PTRACE passes that check for a process whose ids are not all the caller's: root can run " "$(get remedy.text)"
# root runs it: the same call, as nobody with CAP_SYS_PTRACE alone
applied=$(bash -c "$(get remedy.command)" 2>&1)
expect_eq ptrace-remedy-applied errno=0 "$(head -1 <<<"$applied")"
# a process of nobody's own: nothing to refuse
nobody_bg sleep 300
own=$!
run ptrace "$own"
expect_eq ptrace-own-allowed 0 "$(get errno)"
kill -KILL "$own" 2>/dev/null	# stopped by the attach: SIGTERM would wait
# /proc hidepid=1 hides the ids of other users' processes from nobody
mount -t proc -o hidepid=1 proc /proc
run ptrace "$victim"
umount /proc
expect_eq ptrace-hidden-errno 1 "$(get errno)"
fields ptrace-hidden reason=creds opid="$victim" ids=hidden capability=19
expect_eq ptrace-hidden-no-ouid "" "$(get f.ouid)"
expect_eq ptrace-hidden-sentence "ptrace: denied by the ptrace access rules: process $victim belongs to another user, whose ids are hidden from the caller: its real, effective and saved user and group ids must all be the caller's, and uid $NOBODY lacks CAP_SYS_PTRACE" "$(get sentence)"
kill -KILL "$victim" 2>/dev/null

# ---- RLIMIT_MEMLOCK ---------------------------------------------------------------
# run_limited BYTES ARGS...: auxerr-everyday as nobody with RLIMIT_MEMLOCK BYTES
run_limited() {
	local l=$1
	shift
	out=$(prlimit --memlock="$l:$l" setpriv --reuid="$NOBODY" --regid="$NOBODY" \
		--clear-groups --inh-caps=-all -- "$EV" "$@" 2>&1)
}
run_limited 0 mlock 4096
expect_eq mlock-zero-errno 1 "$(get errno)"
expect_eq mlock-zero-mechanism cap "$(get mechanism)"
expect_eq mlock-zero-syscall 149 "$(get sys.syscall)"
fields mlock-zero capability=14 rlimit=RLIMIT_MEMLOCK rlimit_cur=0
expect_eq mlock-zero-sentence "mlock: RLIMIT_MEMLOCK (0) does not let this process lock any memory; that needs CAP_IPC_LOCK, and uid $NOBODY does not have it in the initial user namespace" "$(get sentence)"
remedy mlock-zero command - root 0 \
	"the user's processes may then keep that much memory from being swapped out, which other processes then lack"
run_limited 65536 mlock 1048576
expect_eq mlock-over-errno 12 "$(get errno)"
expect_eq mlock-over-mechanism cap "$(get mechanism)"
expect_eq mlock-over-exit -12 "$(get sys.exit)"
fields mlock-over capability=14 rlimit=RLIMIT_MEMLOCK rlimit_cur=65536
expect_eq mlock-over-sentence "mlock: RLIMIT_MEMLOCK (65536 bytes) lets this process lock only that much memory in all; more needs CAP_IPC_LOCK, and uid $NOBODY does not have it in the initial user namespace" "$(get sentence)"
# root's remedy: a larger limit for the process; the call then works
run_limited 2097152 mlock 1048576
expect_eq mlock-larger-limit-allowed 0 "$(get errno)"
run_limited 0 mlockall
expect_eq mlockall-zero-errno 1 "$(get errno)"
fields mlockall-zero capability=14 rlimit=RLIMIT_MEMLOCK rlimit_cur=0
run_limited 65536 mlockall
expect_eq mlockall-over-errno 12 "$(get errno)"
expect_eq mlockall-over-syscall 151 "$(get sys.syscall)"
fields mlockall-over capability=14 rlimit=RLIMIT_MEMLOCK rlimit_cur=65536

# ---- oom_score_adj below the floor -------------------------------------------------
nobody_bg sleep 300
own=$!
run write "/proc/$own/oom_score_adj" -500
expect_eq oom-errno 13 "$(get errno)"
expect_eq oom-mechanism cap "$(get mechanism)"
expect_eq oom-syscall 1 "$(get sys.syscall)"
fields oom capability=24 policy=oom_score_adj_min policy_value=0
expect_eq oom-path "/proc/$own/oom_score_adj" "$(get i.PATH.name)"
expect_eq oom-sentence "write /proc/$own/oom_score_adj: denied below the process's floor oom_score_adj_min = 0: without CAP_SYS_RESOURCE a process's oom_score_adj may not be lowered below the value a process with that capability last set for it (0 unless one did), and uid $NOBODY does not have it in the initial user namespace" "$(get sentence)"
remedy oom command - root 0 \
	"the out-of-memory killer then spares that process longer, and kills others first"
expect_match oom-remedy-text "choom -p $own -n VALUE" "$(get remedy.text)"
# root applies it with a value below the one asked: the owner may then go that far
choom -p "$own" -n -600 >/dev/null
run write "/proc/$own/oom_score_adj" -500
expect_eq oom-now-allowed 0 "$(get errno)"
expect_eq oom-value -500 "$(cat "/proc/$own/oom_score_adj")"
# raising it never needed anything
run write "/proc/$own/oom_score_adj" 100
expect_eq oom-raise-allowed 0 "$(get errno)"
kill -KILL "$own" 2>/dev/null	# stopped by the attach: SIGTERM would wait

# ---- the object's path: a walk through a symbolic link ---------------------------
mkdir -m 0700 "$t/private"
mkdir -m 0755 "$t/private/inner"
echo s > "$t/private/inner/file"
chmod 0644 "$t/private/inner/file"
ln -s "$t/private/inner" "$t/link"
run open "$t/link/file" r
expect_eq symlink-walk-errno 13 "$(get errno)"
expect_eq symlink-walk-mechanism path "$(get mechanism)"
# the directory that refused, by its path: not a prefix of the name given
expect_eq symlink-walk-component "\"$t/private\"" "$(get f.component)"
fields symlink-walk perm=1 mode=040700 ouid=0 class=other
expect_eq symlink-walk-sentence "openat $t/link/file: denied by the permissions of directory $t/private: mode 0700 root:root; uid $NOBODY is \"other\" and has no search permission" "$(get sentence)"
remedy symlink-walk command "setfacl -m u:nobody:x $t/private" "the directory's owner (uid 0, root)" 0
bash -c "$(get remedy.command)"
run open "$t/link/file" r
expect_eq symlink-walk-now-allowed 0 "$(get errno)"

# ---- the object's path: connect() to a unix socket --------------------------------
python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(8); time.sleep(300)' "$t/app.sock" &
server=$!
for ((i = 0; i < 100; i++)); do [ -S "$t/app.sock" ] && break; sleep 0.1; done
chgrp daemon "$t/app.sock"
chmod 0660 "$t/app.sock"
run connect-unix "$t/app.sock"
expect_eq unix-connect-errno 13 "$(get errno)"
expect_eq unix-connect-mechanism dac "$(get mechanism)"
expect_eq unix-connect-syscall 42 "$(get sys.syscall)"
fields unix-connect class=other perm=2 granted=0 mode=0140660 ouid=0 ogid=1 \
	inode="$(stat -c %i "$t/app.sock")"
expect_eq unix-connect-path "$t/app.sock" "$(get i.PATH.name)"
expect_eq unix-connect-sentence "connect $t/app.sock: denied by file permissions: mode 0660 root:daemon; uid $NOBODY is \"other\" and has no write permission" "$(get sentence)"
remedy unix-connect command "setfacl -m u:nobody:w $t/app.sock" "the file's owner (uid 0, root)" 0
expect_eq unix-connect-remedy-text "The file's owner (uid 0, root) can give uid $NOBODY write permission on $t/app.sock with one ACL entry for that user; the socket's group (daemon) has that permission, and the socket may be made anew with its daemon, without the entry: root can make the user a member of that group instead, from its next login (usermod -aG daemon nobody), which opens to it every other file that group may use: setfacl -m u:nobody:w $t/app.sock" "$(get remedy.text)"
# the group way, as it would be from the next login: nobody in daemon
out=$(setpriv --reuid="$NOBODY" --regid="$NOBODY" --groups=1 --inh-caps=-all -- "$EV" connect-unix "$t/app.sock" 2>&1)
expect_eq unix-connect-group-way 0 "$(get errno)"
# the command, by the owner, from the denial again
run connect-unix "$t/app.sock"
bash -c "$(get remedy.command)"
run connect-unix "$t/app.sock"
expect_eq unix-connect-now-allowed 0 "$(get errno)"
kill "$server" 2>/dev/null

# ---- the object's path: a move between two delegated cgroups ----------------------
# deleg/a and deleg/b are delegated to nobody, deleg is root's: moving a
# process from a to b needs write access to deleg/cgroup.procs, the common
# ancestor's, which refuses, not the b/cgroup.procs written
mkdir "$t/cg"
if mount -t cgroup2 none "$t/cg"; then
	cg=$t/cg/deleg
	mkdir "$cg" "$cg/a" "$cg/b"
	chown "$NOBODY" "$cg/a" "$cg/a/cgroup.procs" "$cg/b" "$cg/b/cgroup.procs"
	# in-a CMD...: CMD as nobody, in the cgroup deleg/a
	in_a() { bash -c 'echo $$ > "$0/a/cgroup.procs" && exec setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- "$@"' "$cg" "$@"; }
	out=$(in_a "$EV" write "$cg/b/cgroup.procs" 0 2>&1)
	expect_eq cgroup-move-errno 13 "$(get errno)"
	expect_eq cgroup-move-syscall 1 "$(get sys.syscall)"
	expect_eq cgroup-move-mechanism dac "$(get mechanism)"
	fields cgroup-move class=other perm=2 granted=4 mode=0100644 ouid=0 \
		ogid=0 inode="$(stat -c %i "$cg/cgroup.procs")" \
		fd_name="\"$cg/b/cgroup.procs\""
	expect_eq cgroup-move-path "$cg/cgroup.procs" "$(get i.PATH.name)"
	expect_eq cgroup-move-sentence "write $cg/b/cgroup.procs: moving a process to another cgroup takes write permission on the cgroup.procs of the common ancestor of its cgroup and the destination, and the file that refused is $cg/cgroup.procs, that common ancestor's, not the one written: mode 0644 root:root; uid $NOBODY is \"other\" and has no write permission" "$(get sentence)"
	remedy cgroup-move command "chown nobody $cg/cgroup.procs" "the file's owner (uid 0, root)" 0 \
		"uid $NOBODY may then move its processes into and out of every cgroup below $cg, not only those delegated to it, and so out of the limits set on them"
	expect_eq cgroup-move-remedy-text "The file's owner (uid 0, root) can delegate to uid $NOBODY the cgroup.procs of the common ancestor $cg as well, so that the user may move its processes between the cgroups below it; or the user moves a process only between cgroups of one subtree delegated to it whole: chown nobody $cg/cgroup.procs" "$(get remedy.text)"
	# within the subtree delegated whole (a), the move needs nothing more
	mkdir "$cg/a/sub"
	chown "$NOBODY" "$cg/a/sub" "$cg/a/sub/cgroup.procs"
	out=$(in_a "$EV" write "$cg/a/sub/cgroup.procs" 0 2>&1)
	expect_eq cgroup-move-within-allowed 0 "$(get errno)"
	# root, the owner, applies the command; the move is retried
	out=$(in_a "$EV" write "$cg/b/cgroup.procs" 0 2>&1)
	bash -c "$(get remedy.command)"
	out=$(in_a "$EV" write "$cg/b/cgroup.procs" 0 2>&1)
	expect_eq cgroup-move-now-allowed 0 "$(get errno)"
	rmdir "$cg/a/sub" "$cg/a" "$cg/b" "$cg"
	umount "$t/cg"
else
	fail cgroup2-mount "mount -t cgroup2 failed"
fi

# ---- a key's permission mask ----------------------------------------------------
if command -v keyctl >/dev/null; then
	# root's key, which only a possessor may use: nobody names it by serial
	rootkey=$(keyctl add user auxerr-denials secret @u)
	keyctl setperm "$rootkey" 0x3f000000
	run keyread "$rootkey"
	expect_eq key-other-errno 13 "$(get errno)"
	expect_eq key-other-syscall 250 "$(get sys.syscall)"
	expect_eq key-other-mechanism key "$(get mechanism)"
	fields key-other key_serial="$rootkey" key_type='"user"' ouid=0 ogid=0 \
		key_perm=3f000000 need=read class=other possessed=no granted=00
	# nobody may not view it: no description
	expect_eq key-other-no-desc "" "$(get f.key_desc)"
	expect_eq key-other-sentence "keyctl: denied by the permissions of key $rootkey (user): owner root, group root, mask 3f000000; uid $NOBODY is \"other\" to it and does not possess it, which grants nothing, not read" "$(get sentence)"
	remedy key-other command "keyctl setperm $rootkey 0x3f000002" "the key's owner (uid 0, root)" 0 \
		"every user who knows its serial may then read key $rootkey, not only uid $NOBODY"
	expect_eq key-other-remedy-text "The key's owner (uid 0, root) can give the other byte of key $rootkey read permission, from a shell that possesses the key: keyctl setperm $rootkey 0x3f000002" "$(get remedy.text)"
	bash -c "$(get remedy.command)"
	run keyread "$rootkey"
	expect_eq key-other-now-allowed 0 "$(get errno)"
	keyctl unlink "$rootkey" @u >/dev/null
	# nobody's own key, whose owner byte lacks write (a key one possesses
	# is read through search permission, not read)
	ownkey=$(as_nobody keyctl add user auxerr-mine x @u)
	as_nobody keyctl setperm "$ownkey" 0x003b0000
	run keyupdate "$ownkey"
	expect_eq key-own-errno 13 "$(get errno)"
	expect_eq key-own-mechanism key "$(get mechanism)"
	fields key-own key_serial="$ownkey" ouid="$NOBODY" ogid="$NOBODY" \
		key_perm=003b0000 need=write class=user granted=3b \
		key_desc='"auxerr-mine"'
	expect_match key-own-sentence "^keyctl: denied by the permissions of key $ownkey \\(user \"auxerr-mine\"\\): owner nobody, group nogroup, mask 003b0000; uid $NOBODY owns it and (does not possess it|possesses it \\(it is in one of its keyrings\\)), which grants view, read, search, link and setattr, not write\$" "$(get sentence)"
	remedy key-own command "keyctl setperm $ownkey 0x003f0000" "the caller (uid $NOBODY, nobody), the key's owner" "$NOBODY"
	as_nobody bash -c "$(get remedy.command)"
	run keyupdate "$ownkey"
	expect_eq key-own-now-allowed 0 "$(get errno)"
	as_nobody keyctl unlink "$ownkey" @u >/dev/null
else
	fail keyctl "no keyctl (keyutils)"
fi

# ---- kernel.io_uring_disabled ------------------------------------------------------
if [ -w /proc/sys/kernel/io_uring_disabled ]; then
	old_disabled=$(cat /proc/sys/kernel/io_uring_disabled)
	old_group=$(cat /proc/sys/kernel/io_uring_group)
	sysctl -q -w kernel.io_uring_disabled=2
	run io_uring
	expect_eq io_uring-2-errno 1 "$(get errno)"
	expect_eq io_uring-2-syscall 425 "$(get sys.syscall)"
	expect_eq io_uring-2-mechanism sysctl "$(get mechanism)"
	fields io_uring-2 policy=kernel.io_uring_disabled policy_value=2
	expect_eq io_uring-2-sentence "io_uring_setup: denied by kernel.io_uring_disabled = 2: io_uring is disabled for every process, whatever its privileges" "$(get sentence)"
	remedy io_uring-2 policy "sysctl -w kernel.io_uring_disabled=0" root 0 \
		"every process may then create an io_uring, whose attack surface kernel.io_uring_disabled closed"
	# 1 with a group: the group's members pass, nobody is not one
	sysctl -q -w kernel.io_uring_disabled=1 kernel.io_uring_group=4242
	run io_uring
	expect_eq io_uring-1-errno 1 "$(get errno)"
	expect_eq io_uring-1-mechanism sysctl "$(get mechanism)"
	fields io_uring-1 policy=kernel.io_uring_disabled policy_value=1 policy_gid=4242
	expect_eq io_uring-1-sentence "io_uring_setup: denied by kernel.io_uring_disabled = 1: only a process with CAP_SYS_ADMIN or a member of group 4242, which kernel.io_uring_group names, may create an io_uring, and uid $NOBODY is neither" "$(get sentence)"
	remedy io_uring-1 command "cd $t && setpriv --reuid=$NOBODY --regid=$NOBODY --groups=4242 --inh-caps=-all -- $EV io_uring" root 0 \
		"the program gets io_uring, whose attack surface kernel.io_uring_disabled limits, and whatever else group 4242 may use"
	# root runs it, as the remedy says: the call, in the group
	applied=$(bash -c "$(get remedy.command)" 2>&1)
	expect_eq io_uring-1-remedy-applied errno=0 "$(head -1 <<<"$applied")"
	# root's way for 2: the sysctl, then the call again
	sysctl -q -w kernel.io_uring_disabled=2
	run io_uring
	bash -c "$(get remedy.command)"
	run io_uring
	expect_eq io_uring-2-now-allowed 0 "$(get errno)"
	sysctl -q -w kernel.io_uring_disabled="$old_disabled" kernel.io_uring_group="$old_group"
else
	fail io_uring-sysctl "no writable /proc/sys/kernel/io_uring_disabled"
fi

echo "$passes passed, $failures failed"
finish
