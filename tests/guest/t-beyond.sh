#!/bin/bash
# Errors that are not denials (issue 37), as the unprivileged user nobody:
# the checks of mmap(), mprotect() and mremap() (mechanism=vm), of
# execve() (mechanism=exec: a missing ELF or #! interpreter, a program for
# another machine) and of open(), openat2() and fcntl() (mechanism=open:
# flags that do not go together, O_DIRECT on proc, a command, a pipe too
# full to shrink, a memfd made unsealable) and of the file or path a call
# works on (mechanism=vfsop: a running program opened for writing or
# truncated, an active swap file written, truncated or swapped on again,
# a mount option tmpfs refused, its message kept, O_NOFOLLOW, a loop of links, a link across mounts, umount() of a busy
# mount as root and as nobody in a user namespace of its own, removing
# a mount point) and the limits on open files
# (mechanism=fdlimit: RLIMIT_NOFILE below and at the hard limit,
# fs.nr_open, dup2() beyond the rlimit, fs.file-max), each record field by field with libauxerr's sentence
# and remedy (build/userland/auxerr-everyday); the remedies that are
# commands applied and the call repeated; auxerr run showing the sentence
# of env's failed exec; and the stale-cause trap: a later execve() ENOENT
# no check explained supersedes an exec record, and after another call's
# EINVAL or a success auxerr_strerror(EINVAL) does not show the older
# mmap() EINVAL's cause.
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
[ -x "$B/auxerr-everyday" ] || { fail beyond-built "no $B/auxerr-everyday (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"
EV=$B/auxerr-everyday
t=/tmp/beyond
rm -rf "$t"
mkdir -m 0755 "$t"
cd "$t" || exit 1

page=$(getconf PAGESIZE)

# ---- mmap: an offset that is not a multiple of the page size -------------
head -c 16384 /dev/zero > "$t/data"
chmod 0666 "$t/data"
run mmap 4096 1 2 4097 "$t/data" r
expect_eq mmap-offset-errno 22 "$(get errno)"
expect_eq mmap-offset-mechanism vm "$(get mechanism)"
expect_eq mmap-offset-syscall 9 "$(get sys.syscall)"
fields mmap-offset check=offset_align arg=5 value=4097 limit="$page"
expect_eq mmap-offset-sentence "mmap $t/data: EINVAL because offset 4097 is not a multiple of the page size $page" "$(get sentence)"
remedy mmap-offset command - "the program"
expect_eq mmap-offset-remedy-text "The program must change its call: pass an offset that is a multiple of $page: map from offset $page and use the address it returns plus 1" "$(get remedy.text)"

# ---- mmap: flags that name no mapping type --------------------------------
run mmap 4096 1 0x20 0
expect_eq mmap-type-errno 22 "$(get errno)"
fields mmap-type check=map_type_anon arg=3 value=0x0
expect_eq mmap-type-sentence "mmap: EINVAL because the flags name no mapping type (flags & MAP_TYPE is 0x0): an anonymous mapping needs MAP_SHARED, MAP_PRIVATE or MAP_DROPPABLE" "$(get sentence)"

# ---- mmap: a private mapping of a file open write-only (EACCES) -----------
run mmap 4096 1 2 0 "$t/data" w
expect_eq mmap-wronly-errno 13 "$(get errno)"
fields mmap-wronly check=file_not_readable arg=4 value=1 fstype='"tmpfs"' \
	mode=0100666 ouid=0 inode="$(stat -c %i "$t/data")"
expect_eq mmap-wronly-sentence "mmap $t/data: EACCES because the file descriptor is open O_WRONLY, and every mapping of a file needs it open for reading" "$(get sentence)"

# ---- mprotect: write on a shared mapping of a file opened read-only -------
run mprotect 3 "$t/data"
expect_eq mprotect-errno 13 "$(get errno)"
expect_eq mprotect-syscall 10 "$(get sys.syscall)"
fields mprotect check=prot_not_allowed arg=2 value=0x3 limit=0x5
expect_eq mprotect-sentence "mprotect: EACCES because the mapping may never have write access: it may have read and execute, as the file (on tmpfs) was opened (a MAP_SHARED mapping of a file opened read-only is never writable) and mounted (noexec: never executable)" "$(get sentence)"

# ---- mremap: unknown flags ----------------------------------------------
run mremap 4096 0x41
expect_eq mremap-errno 22 "$(get errno)"
expect_eq mremap-syscall 25 "$(get sys.syscall)"
fields mremap check=remap_flags arg=3 value=0x41 limit=0x7
expect_eq mremap-sentence "mremap: EINVAL because the flags 0x41 have bits other than MREMAP_MAYMOVE, MREMAP_FIXED and MREMAP_DONTUNMAP (0x7)" "$(get sentence)"

# ---- execve: an ELF program whose interpreter does not exist --------------
# An ELF header and one PT_INTERP program header are all the kernel reads
# before it looks for the interpreter.
mkelf() {	# PATH MACHINE INTERP
	python3 - "$@" <<'PY'
import struct, sys
path, machine, interp = sys.argv[1], int(sys.argv[2]), sys.argv[3].encode() + b"\0"
eh = struct.pack("<4sBBBBB7sHHIQQQIHHHHHH", b"\x7fELF", 2, 1, 1, 0, 0, b"\0" * 7,
                 3, machine, 1, 0, 64, 0, 0, 64, 56, 1, 0, 0, 0)
ph = struct.pack("<IIQQQQQQ", 3, 4, 120, 0, 0, len(interp), len(interp), 1)
with open(path, "wb") as f:
    f.write(eh + ph + interp)
PY
	chmod 0755 "$1"
}
mkelf "$t/app" 62 /lib/ld-musl-x86_64.so.1
run exec ./app
expect_eq exec-interp-errno 2 "$(get errno)"
expect_eq exec-interp-mechanism exec "$(get mechanism)"
expect_eq exec-interp-syscall 59 "$(get sys.syscall)"
fields exec-interp check=elf_interp arg=0 interp='"/lib/ld-musl-x86_64.so.1"' \
	mode=0100755 inode="$(stat -c %i "$t/app")"
expect_eq exec-interp-path ./app "$(get i.PATH.name)"
expect_eq exec-interp-sentence "execve: ENOENT because the ELF interpreter /lib/ld-musl-x86_64.so.1 named in $t/app does not exist" "$(get sentence)"
remedy exec-interp command "apt install musl" root

# the same program, execute-only: the interpreter is not named
mkelf "$t/xonly" 62 /lib/ld-musl-x86_64.so.1
chmod 0711 "$t/xonly"
run exec ./xonly
fields exec-xonly check=elf_interp interp='?'
expect_eq exec-xonly-sentence "execve: ENOENT because the ELF interpreter named in $t/xonly does not exist (which one is not shown: the caller may not read $t/xonly)" "$(get sentence)"

# ---- execve: a program for another machine --------------------------------
mkelf "$t/arm64" 183 /lib/ld-linux-aarch64.so.1
run exec ./arm64
expect_eq exec-machine-errno 8 "$(get errno)"
fields exec-machine check=elf_machine value=183 limit=62
expect_eq exec-machine-sentence "execve: ENOEXEC because $t/arm64 is a program for ARM aarch64 (ELF machine 183), and this kernel runs x86-64 (62) programs" "$(get sentence)"

# ---- execve: a script saved with DOS line endings -------------------------
# nobody's own script in nobody's own directory, where sed -i may write
mkdir -m 0755 "$t/mine"
chown 65534:65534 "$t/mine"
printf '#!/bin/sh\r\necho hello from the script\r\n' > "$t/mine/run.sh"
chmod 0755 "$t/mine/run.sh"
chown 65534:65534 "$t/mine/run.sh"
cd "$t/mine" || exit 1
run exec ./run.sh
cd "$t" || exit 1
expect_eq exec-crlf-errno 2 "$(get errno)"
fields exec-crlf check=script_interp interp=2F62696E2F73680D
expect_eq exec-crlf-sentence "execve: ENOENT because the interpreter /bin/sh named on the #! line of $t/mine/run.sh does not exist (the name ends in a carriage return: the script has DOS line endings)" "$(get sentence)"
remedy exec-crlf command "sed -i 's/\\r\$//' $t/mine/run.sh" "the script's owner"
# the owner (nobody) applies it; the script then runs
as_nobody sh -c "$(get remedy.command)"
expect_eq exec-crlf-applied "hello from the script" "$(as_nobody "$t/mine/run.sh" 2>&1)"

# ---- open: O_CREAT with O_DIRECTORY ---------------------------------------
# The kernel adds O_LARGEFILE (0x8000) to the flags of a 64-bit open.
run openflags "$t/new" 0x10040 0600
expect_eq open-dircreat-errno 22 "$(get errno)"
expect_eq open-dircreat-mechanism open "$(get mechanism)"
expect_eq open-dircreat-syscall 257 "$(get sys.syscall)"
fields open-dircreat check=directory_creat arg= value=0x18040 limit=
expect_eq open-dircreat-path-name "$t/new" "$(get i.PATH.name)"
expect_eq open-dircreat-sentence "openat $t/new: EINVAL because O_CREAT and O_DIRECTORY do not go together (flags 0x18040): open() creates no directory" "$(get sentence)"
remedy open-dircreat command - "the program"
expect_eq open-dircreat-remedy-text "The program must change its call: create a directory with mkdir(), or drop O_DIRECTORY to create a file" "$(get remedy.text)"
[ ! -e "$t/new" ] && pass open-dircreat-nothing-made || fail open-dircreat-nothing-made "$t/new exists"

# ---- open: O_TMPFILE open read-only ---------------------------------------
mkdir -m 1777 "$t/scratch"
run openflags "$t/scratch" 0x410000 0
expect_eq open-tmpfile-errno 22 "$(get errno)"
fields open-tmpfile check=tmpfile_not_writable value=0
expect_eq open-tmpfile-sentence "openat $t/scratch: EINVAL because O_TMPFILE makes an unnamed file that only writing can fill, and the flags open it O_RDONLY" "$(get sentence)"
# the remedy's call succeeds
run openflags "$t/scratch" 0x410002 0600
expect_eq open-tmpfile-applied 0 "$(get errno)"

# ---- open: O_DIRECT on a file without direct I/O --------------------------
run openflags /proc/self/status 0x4000 0
expect_eq open-direct-errno 22 "$(get errno)"
fields open-direct check=direct_io value=0xc000 fstype='"proc"' mode=0100444 \
	ouid=65534
expect_eq open-direct-path-name /proc/self/status "$(get i.PATH.name)"
expect_eq open-direct-sentence "openat /proc/self/status: EINVAL because the file (on proc) has no direct I/O, which O_DIRECT asks for (flags 0xc000)" "$(get sentence)"
expect_eq open-direct-remedy-text "The program must change its call: drop O_DIRECT, or use a file on a filesystem with direct I/O (ext4, xfs, btrfs, tmpfs)" "$(get remedy.text)"

# ---- openat2: bits no open flag has, and RESOLVE_ flags that exclude ------
# (0x7fffc3: VALID_OPEN_FLAGS, the x86-64 open flags <fcntl.h> defines)
run openat2 "$t" 0x10000000000 0 0 0
expect_eq openat2-flags-errno 22 "$(get errno)"
expect_eq openat2-flags-syscall 437 "$(get sys.syscall)"
fields openat2-flags check=flags_unknown arg=2 value=0x10000008000 limit=0x7fffc3
expect_eq openat2-flags-sentence "openat2 $t: EINVAL because the flags 0x10000008000 have bits (0x10000000000) beyond the ones this kernel knows, 0x7fffc3" "$(get sentence)"
run openat2 "$t" 0 0x18 0 0
fields openat2-scope check=resolve_scope arg=2 value=0x18
expect_eq openat2-scope-sentence "openat2 $t: EINVAL because RESOLVE_BENEATH and RESOLVE_IN_ROOT exclude each other (resolve 0x18)" "$(get sentence)"
run openat2 "$t" 0 0 0644 0
fields openat2-mode check=mode_without_create arg=2 value=0644
expect_eq openat2-mode-sentence "openat2 $t: EINVAL because the mode 0644 is given without O_CREAT or O_TMPFILE, and only they take a mode" "$(get sentence)"
run openat2 "$t" 0 0 0 16
fields openat2-size check=how_size arg=3 value=16 limit=24

# ---- fcntl: a command it does not know, a pipe too full to shrink, a seal -
# (the descriptor's file is named as /proc/self/fd shows it)
run fcntl status 9999 0
expect_eq fcntl-cmd-errno 22 "$(get errno)"
expect_eq fcntl-cmd-syscall 72 "$(get sys.syscall)"
fields fcntl-cmd check=fcntl_cmd arg=1 value=9999
expect_match fcntl-cmd-sentence "^fcntl /proc/[0-9]+/status: EINVAL because fcntl\(\) has no command 9999 for this file \(a command this kernel does not know, or one for another kind of file\)\$" "$(get sentence)"
run fcntl pipe 1031 4096	# F_SETPIPE_SZ
expect_eq fcntl-pipe-errno 16 "$(get errno)"
fields fcntl-pipe check=pipe_busy arg=2 value=4096 limit=8192
expect_match fcntl-pipe-sentence "^fcntl pipe:\[[0-9]+\]: EBUSY because the pipe holds data in 8192 bytes of buffers, more than the new size 4096 can hold\$" "$(get sentence)"
run fcntl memfd 1033 8		# F_ADD_SEALS, F_SEAL_WRITE
expect_eq fcntl-sealed-errno 1 "$(get errno)"
fields fcntl-sealed check=sealed arg=2 value=0x1
expect_eq fcntl-sealed-sentence "fcntl /memfd:everyday (deleted): EPERM because the file has F_SEAL_SEAL (seals 0x1), which forbids adding any: a memfd made without MFD_ALLOW_SEALING has it from the start" "$(get sentence)"
remedy fcntl-sealed command - "the program"

# ---- vfsop: a running program opened for writing (ETXTBSY) ---------------
cp /bin/sleep "$t/scratch/prog"
chmod 0777 "$t/scratch/prog"
nobody_bg "$t/scratch/prog" 600
busy=$!
run openflags "$t/scratch/prog" 1 0	# O_WRONLY
busy_out=$out
# truncate() of it, and open() with O_TRUNC, while it runs
run truncate "$t/scratch/prog"
trunc_out=$out
run openflags "$t/scratch/prog" 0x201 0	# O_WRONLY | O_TRUNC
otrunc_out=$out
out=$busy_out
kill "$busy"
wait "$busy" 2>/dev/null
expect_eq vfsop-busy-errno 26 "$(get errno)"
expect_eq vfsop-busy-mechanism vfsop "$(get mechanism)"
fields vfsop-busy check=text_busy arg= value= mode=0100777 ouid=0 \
	inode="$(stat -c %i "$t/scratch/prog")"
expect_eq vfsop-busy-sentence "openat $t/scratch/prog: ETXTBSY because the file is a program that is running (or that the kernel is loading), and a running program cannot be opened for writing or truncated" "$(get sentence)"
remedy vfsop-busy command - "the program"
out=$trunc_out
expect_eq vfsop-truncate-errno 26 "$(get errno)"
expect_eq vfsop-truncate-mechanism vfsop "$(get mechanism)"
expect_eq vfsop-truncate-syscall 76 "$(get sys.syscall)"
fields vfsop-truncate check=text_busy arg= value= mode=0100777 ouid=0 \
	inode="$(stat -c %i "$t/scratch/prog")"
expect_eq vfsop-truncate-sentence "truncate $t/scratch/prog: ETXTBSY because the file is a program that is running (or that the kernel is loading), and a running program cannot be opened for writing or truncated" "$(get sentence)"
remedy vfsop-truncate command - "the program"
out=$otrunc_out
expect_eq vfsop-otrunc-errno 26 "$(get errno)"
expect_eq vfsop-otrunc-syscall 257 "$(get sys.syscall)"
fields vfsop-otrunc check=text_busy inode="$(stat -c %i "$t/scratch/prog")"
# once it has ended, the same call succeeds
run openflags "$t/scratch/prog" 1 0
expect_eq vfsop-busy-after 0 "$(get errno)"

# ---- vfsop: O_NOFOLLOW on a symbolic link (ELOOP) -------------------------
ln -s prog "$t/scratch/link"
run openflags "$t/scratch/link" 0x20000 0	# O_NOFOLLOW
expect_eq vfsop-nofollow-errno 40 "$(get errno)"
fields vfsop-nofollow check=nofollow mode=0120777
expect_eq vfsop-nofollow-sentence "openat $t/scratch/link: ELOOP because the last component is a symbolic link and O_NOFOLLOW forbids following it" "$(get sentence)"
# a loop of links: which check, and the count
ln -s loop2 "$t/scratch/loop1"
ln -s loop1 "$t/scratch/loop2"
run openflags "$t/scratch/loop1" 0 0
expect_eq vfsop-loop-errno 40 "$(get errno)"
fields vfsop-loop check=link_count value=41 limit=40

# ---- vfsop: a link across mounts (EXDEV), both mounts named ----------------
mkdir "$t/othermnt"
mount -t tmpfs -o mode=01777 tmpfs "$t/othermnt"
mnt_id() { awk -v m="$(stat -c %m "$1")" '$5 == m { id = $1 } END { print id }' /proc/self/mountinfo; }
run link "$t/scratch/prog" "$t/othermnt/prog"
expect_eq vfsop-xdev-errno 18 "$(get errno)"
expect_eq vfsop-xdev-syscall 265 "$(get sys.syscall)"
fields vfsop-xdev check=link_across_mounts value="$(mnt_id "$t/scratch")" \
	limit="$(mnt_id "$t/othermnt")"
expect_eq vfsop-xdev-sentence "linkat $t/scratch/prog: EXDEV because the two paths are on different mounts (mount $(mnt_id "$t/scratch") and mount $(mnt_id "$t/othermnt"), as /proc/self/mountinfo numbers them), and link() does not cross mounts, not even two of one filesystem (a bind mount)" "$(get sentence)"
umount "$t/othermnt"

# ---- vfsop: umount() of a busy mount (EBUSY), as root ----------------------
mkdir "$t/busy"
mount -t tmpfs -o mode=0755 tmpfs "$t/busy"
busy_id=$(mnt_id "$t/busy")
mkdir "$t/busy/sub"
mount -t tmpfs tmpfs "$t/busy/sub"
out=$("$EV" umount "$t/busy" 2>&1)
expect_eq vfsop-umount-sub-errno 16 "$(get errno)"
expect_eq vfsop-umount-sub-mechanism vfsop "$(get mechanism)"
expect_eq vfsop-umount-sub-syscall 166 "$(get sys.syscall)"
fields vfsop-umount-sub check=umount_has_submounts arg= value="$busy_id" limit=1 inode=
expect_eq vfsop-umount-sub-sentence "umount2 $t/busy: EBUSY because mount $busy_id has 1 other mount(s) on it, and a mount does not go from under others" "$(get sentence)"
remedy vfsop-umount-sub command - "the program"
expect_eq vfsop-umount-sub-remedy-text "The program must change its call: unmount the mounts on it first (umount -R unmounts the whole tree), or detach it all with MNT_DETACH (umount -l)" "$(get remedy.text)"
umount "$t/busy/sub"
# from inside the mount
out=$("$EV" umount "$t/busy" cd 2>&1)
expect_eq vfsop-umount-cwd-errno 16 "$(get errno)"
fields vfsop-umount-cwd check=umount_own_cwd value="$busy_id" limit=
expect_eq vfsop-umount-cwd-sentence "umount2 $t/busy: EBUSY because this process's own working directory is in mount $busy_id" "$(get sentence)"
expect_eq vfsop-umount-cwd-remedy-text "The program must change its call: leave the mount first (chdir() out of it, cd /), or detach it with MNT_DETACH (umount -l)" "$(get remedy.text)"
# another user's process working in it: neither it nor a count is named
cd "$t/busy" || exit 1
nobody_bg sleep 600
user=$!
cd "$t" || exit 1
out=$("$EV" umount "$t/busy" 2>&1)
expect_eq vfsop-umount-inuse-errno 16 "$(get errno)"
fields vfsop-umount-inuse check=umount_in_use value="$busy_id" limit=
expect_eq vfsop-umount-inuse-sentence "umount2 $t/busy: EBUSY because mount $busy_id is in use: a process has a file open in it, or its working directory or root there (which process is not said)" "$(get sentence)"
kill "$user"
wait "$user" 2>/dev/null
# once it has gone, the same call succeeds
out=$("$EV" umount "$t/busy" 2>&1)
expect_eq vfsop-umount-after 0 "$(get errno)"

# ---- vfsop: umount() as nobody in a user namespace of its own --------------
mkdir "$t/userns"
out=$(as_nobody unshare -Urm sh -c '
	mount -t tmpfs tmpfs "$1" || exit 1
	awk -v m="$1" '\''$5 == m { print "ns.mnt_id=" $1 }'\'' /proc/self/mountinfo
	exec "$2" umount "$1" cd' - "$t/userns" "$EV" 2>&1)
expect_eq vfsop-userns-errno 16 "$(get errno)"
expect_eq vfsop-userns-uid "$NOBODY" "$(get sys.uid)"
fields vfsop-userns check=umount_own_cwd value="$(get ns.mnt_id)"
expect_eq vfsop-userns-sentence "umount2 $t/userns: EBUSY because this process's own working directory is in mount $(get ns.mnt_id)" "$(get sentence)"

# ---- vfsop: removing a mount point (EBUSY), as nobody ----------------------
mkdir -m 0777 "$t/mps"
mkdir "$t/mps/mp"
mp_ino=$(stat -c %i "$t/mps/mp")
mount -t tmpfs tmpfs "$t/mps/mp"
run rmdir "$t/mps/mp"
expect_eq vfsop-mountpoint-errno 16 "$(get errno)"
expect_eq vfsop-mountpoint-syscall 84 "$(get sys.syscall)"
fields vfsop-mountpoint check=mount_point arg= value= mode=040755 ouid=0 inode="$mp_ino"
expect_eq vfsop-mountpoint-sentence "rmdir $t/mps/mp: EBUSY because the file is a mount point: a mount of this mount namespace sits on it, and a mount point is not removed or renamed" "$(get sentence)"
remedy vfsop-mountpoint command - "the program"
expect_eq vfsop-mountpoint-remedy-text "The program must change its call: unmount what is mounted on the file first (umount), then remove or rename it" "$(get remedy.text)"
run rename "$t/mps/mp" "$t/mps/moved"
expect_eq vfsop-mountpoint-rename-errno 16 "$(get errno)"
fields vfsop-mountpoint-rename check=mount_point inode="$mp_ino"
# a file bind-mounted over, as a container's /etc/resolv.conf
echo x > "$t/mps/f"
f_ino=$(stat -c %i "$t/mps/f")
mount --bind /dev/null "$t/mps/f"
run unlink "$t/mps/f"
expect_eq vfsop-bindfile-errno 16 "$(get errno)"
fields vfsop-bindfile check=mount_point mode=0100644 inode="$f_ino"
umount "$t/mps/f" "$t/mps/mp"
run rmdir "$t/mps/mp"
expect_eq vfsop-mountpoint-after 0 "$(get errno)"

# ---- vfsop: an active swap file (ETXTBSY, EBUSY), as root -----------------
# (tmpfs has no swap files: ext4 on a loop device)
mkdir "$t/swapfs"
truncate -s 64M "$t/swap.img"
if mkfs.ext4 -q -F "$t/swap.img" >/dev/null && mount -o loop "$t/swap.img" "$t/swapfs" &&
	dd if=/dev/zero of="$t/swapfs/swap" bs=1M count=16 status=none &&
	chmod 0600 "$t/swapfs/swap" && mkswap "$t/swapfs/swap" >/dev/null &&
	swapon "$t/swapfs/swap"; then
	pass vfsop-swap-setup
	swap_ino=$(stat -c %i "$t/swapfs/swap")
	out=$("$EV" write "$t/swapfs/swap" x 2>&1)
	expect_eq vfsop-swapfile-errno 26 "$(get errno)"
	expect_eq vfsop-swapfile-mechanism vfsop "$(get mechanism)"
	expect_eq vfsop-swapfile-syscall 1 "$(get sys.syscall)"
	fields vfsop-swapfile check=swapfile arg= value= mode=0100600 ouid=0 \
		inode="$swap_ino"
	expect_eq vfsop-swapfile-sentence "write $t/swapfs/swap: ETXTBSY because the file is an active swap area, which is not written, truncated or allocated while it is on" "$(get sentence)"
	remedy vfsop-swapfile command - "the program"
	expect_eq vfsop-swapfile-remedy-text "The program must change its call: turn the swap area off first (swapoff), or write to another file" "$(get remedy.text)"
	# truncate(), ftruncate() and open() with O_TRUNC: the same check
	for how in truncate:76 ftruncate:77; do
		out=$("$EV" "${how%:*}" "$t/swapfs/swap" 2>&1)
		expect_eq "vfsop-swapfile-${how%:*}-errno" 26 "$(get errno)"
		expect_eq "vfsop-swapfile-${how%:*}-syscall" "${how#*:}" "$(get sys.syscall)"
		fields "vfsop-swapfile-${how%:*}" check=swapfile inode="$swap_ino"
	done
	out=$("$EV" openflags "$t/swapfs/swap" 0x201 0 2>&1)
	expect_eq vfsop-swapfile-otrunc-errno 26 "$(get errno)"
	expect_eq vfsop-swapfile-otrunc-syscall 257 "$(get sys.syscall)"
	fields vfsop-swapfile-otrunc check=swapfile inode="$swap_ino"
	# swapon() of it again: EBUSY
	out=$("$EV" swapon "$t/swapfs/swap" 2>&1)
	expect_eq vfsop-swapon-errno 16 "$(get errno)"
	expect_eq vfsop-swapon-syscall 167 "$(get sys.syscall)"
	fields vfsop-swapon check=swapon_active mode=0100600 inode="$swap_ino"
	expect_eq vfsop-swapon-sentence "swapon $t/swapfs/swap: EBUSY because the file is already an active swap area" "$(get sentence)"
	remedy vfsop-swapon command - "the program"
	# the remedy: swapped off, the same write succeeds
	swapoff "$t/swapfs/swap"
	out=$("$EV" write "$t/swapfs/swap" x 2>&1)
	expect_eq vfsop-swapfile-after 0 "$(get errno)"
	umount "$t/swapfs"
else
	fail vfsop-swap-setup "no swap file on ext4 on a loop device"
fi

# ---- fdlimit: EMFILE of the soft RLIMIT_NOFILE, below the hard one -------
run fill open 16 - 4096
expect_eq nofile-soft-errno 24 "$(get errno)"
expect_eq nofile-soft-mechanism fdlimit "$(get mechanism)"
expect_eq nofile-soft-syscall 257 "$(get sys.syscall)"
fields nofile-soft check=rlimit_nofile arg= value=16 limit=16
expect_eq nofile-soft-sentence "openat /dev/null: EMFILE because this process has 16 files open, its limit RLIMIT_NOFILE (ulimit -n) is 16, and its hard limit (ulimit -Hn) is higher" "$(get sentence)"
remedy nofile-soft command 'ulimit -n $(ulimit -Hn)' "the user" 65534
# the remedy, as nobody in the shell that starts the program: no privilege
out=$(ulimit -Sn 16 && as_nobody sh -c "$(get remedy.command) && exec $EV fill open - - 64" 2>&1)
expect_eq nofile-soft-after 0 "$(get errno)"
expect_eq nofile-soft-after-made 64 "$(get fill.made)"
# through pipe2(), socket() and fcntl(F_DUPFD): the same check
for how in pipe:293 socket:41 dupfd:72; do
	run fill "${how%:*}" 16 - 4096
	expect_eq "nofile-${how%:*}-errno" 24 "$(get errno)"
	expect_eq "nofile-${how%:*}-syscall" "${how#*:}" "$(get sys.syscall)"
	fields "nofile-${how%:*}" check=rlimit_nofile value=16 limit=16
done
expect_eq nofile-dupfd-sentence "fcntl /dev/null: EMFILE because the lowest file descriptor free for the call is 16, not below this process's limit RLIMIT_NOFILE (ulimit -n) 16, and its hard limit (ulimit -Hn) is higher" "$(get sentence)"

# ---- fdlimit: EMFILE at the hard limit: root's ----------------------------
run fill socket 16 16 4096
expect_eq nofile-hard-errno 24 "$(get errno)"
fields nofile-hard check=rlimit_nofile_hard value=16 limit=16
expect_eq nofile-hard-sentence "socket: EMFILE because this process has 16 files open, its limit RLIMIT_NOFILE (ulimit -n) is 16, which is also its hard limit (ulimit -Hn)" "$(get sentence)"
expect_match nofile-hard-command '^prlimit --pid [0-9]+ --nofile=32:32$' "$(get remedy.command)"
expect_eq nofile-hard-who root "$(get remedy.who)"
expect_eq nofile-hard-uid 0 "$(get remedy.uid)"

# ---- fdlimit: dup2() beyond RLIMIT_NOFILE (EBADF) --------------------------
run fill dup2 16 - 1
expect_eq nofile-dup2-errno 9 "$(get errno)"
expect_eq nofile-dup2-syscall 33 "$(get sys.syscall)"
expect_eq nofile-dup2-a1 14 "$(get sys.a1)"
fields nofile-dup2 check=rlimit_nofile_newfd arg=1 value=20 limit=16
expect_eq nofile-dup2-sentence "dup2: EBADF because the new file descriptor 20 is not below this process's limit RLIMIT_NOFILE (ulimit -n) 16" "$(get sentence)"
remedy nofile-dup2 command - "the program"

# ---- fdlimit: fs.nr_open lowered under the rlimit -------------------------
soft_was=$(ulimit -Sn) hard_was=$(ulimit -Hn)
nr_open_was=$(cat /proc/sys/fs/nr_open)
ulimit -n 4096
# (not below 256: bash reads this script on descriptor 255, and a fork
# copies a table that size)
echo 320 > /proc/sys/fs/nr_open
run fill open - - 4096
expect_eq nr-open-errno 24 "$(get errno)"
fields nr-open check=nr_open value=320 limit=320
expect_eq nr-open-sentence "openat /dev/null: EMFILE because the descriptor table cannot grow to hold file descriptor 320: fs.nr_open, 320, is below this process's RLIMIT_NOFILE" "$(get sentence)"
remedy nr-open command "sysctl -w fs.nr_open=1048576" root 0
$(get remedy.command) >/dev/null
expect_eq nr-open-raised 1048576 "$(cat /proc/sys/fs/nr_open)"
run fill open - - 200
expect_eq nr-open-after 0 "$(get errno)"
echo "$nr_open_was" > /proc/sys/fs/nr_open
ulimit -Hn "$hard_was"
ulimit -Sn "$soft_was"

# ---- fdlimit: ENFILE of fs.file-max ---------------------------------------
file_max_was=$(cat /proc/sys/fs/file-max)
read -r open_now _ < /proc/sys/fs/file-nr
echo $((open_now + 100)) > /proc/sys/fs/file-max
run fill pipe - - 4096
echo "$file_max_was" > /proc/sys/fs/file-max
expect_eq file-max-errno 23 "$(get errno)"
expect_eq file-max-syscall 293 "$(get sys.syscall)"
fields file-max check=file_max limit=$((open_now + 100))
value=$(get f.value)
# the files open, as the kernel counted them, reached the limit
expect_eq file-max-reached 1 "$([ "${value:-0}" -ge $((open_now + 100)) ] && echo 1)"
expect_eq file-max-sentence "pipe2: ENFILE because the system has $value files open, its limit fs.file-max is $((open_now + 100)) (a limit for all processes together; root's are exempt)" "$(get sentence)"
remedy file-max command "sysctl -w fs.file-max=$((2 * (open_now + 100)))" root 0
# the remedy applied, from the low limit: the same calls get their files
cmd=$(get remedy.command)
echo $((open_now + 100)) > /proc/sys/fs/file-max
$cmd >/dev/null
expect_eq file-max-raised $((2 * (open_now + 100))) "$(cat /proc/sys/fs/file-max)"
run fill pipe - - 40
echo "$file_max_was" > /proc/sys/fs/file-max
expect_eq file-max-after 0 "$(get errno)"

# ---- vfsop: a mount option the file system refused (EINVAL) ---------------
# mount(2) has no log to read: the record keeps what tmpfs said, as
# fsopen()'s log would give it (the message written in hex: it has spaces)
hex() { printf %s "$1" | od -An -tx1 | tr -d ' \n' | tr a-f A-F; }
mkdir -m 0777 "$t/mnt"
out=$(as_nobody unshare -rm "$EV" mount none "$t/mnt" tmpfs size=foo 2>&1)
expect_eq fsmsg-errno 22 "$(get errno)"
expect_eq fsmsg-mechanism vfsop "$(get mechanism)"
expect_eq fsmsg-syscall 165 "$(get sys.syscall)"
fields fsmsg check=fs_message arg= value= limit= \
	message="$(hex "tmpfs: Bad value for 'size'")"
expect_eq fsmsg-sentence "mount $t/mnt: EINVAL because tmpfs said: Bad value for 'size'" "$(get sentence)"
remedy fsmsg command - "the program"
expect_eq fsmsg-remedy-text "The program must change its call: fix or drop the option 'size' (the options of tmpfs: its manual page, man 5 tmpfs, and mount(8))" "$(get remedy.text)"
# an unknown option, as root in the caller's own namespace
out=$("$EV" mount none "$t/mnt" tmpfs foo 2>&1)
expect_eq fsmsg-root-errno 22 "$(get errno)"
fields fsmsg-root check=fs_message message="$(hex "tmpfs: Unknown parameter 'foo'")"
expect_eq fsmsg-root-sentence "mount $t/mnt: EINVAL because tmpfs said: Unknown parameter 'foo'" "$(get sentence)"
# the remedy: a good value mounts, and keeps nothing
out=$(as_nobody unshare -rm "$EV" mount none "$t/mnt" tmpfs size=1m 2>&1)
expect_eq fsmsg-after 0 "$(get errno)"

# ---- auxerr run: dd's own message, explained ------------------------------
msg=$(as_nobody "$B/auxerr" run -- dd if=/proc/self/status of=/dev/null iflag=direct 2>&1)
expect_match auxerr-run-open "Invalid argument \\(openat /proc/self/status: EINVAL because the file \\(on proc\\) has no direct I/O, which O_DIRECT asks for \\(flags 0x[0-9a-f]*\\)\\)" "$msg"

# ---- auxerr run: env's own message, explained -----------------------------
# (bash words its own message for this ENOENT, "required file not found",
# without strerror(); env, as most programs, asks strerror())
msg=$(cd "$t" && as_nobody "$B/auxerr" run -- env ./app 2>&1)
expect_match auxerr-run-exec "No such file or directory \\(execve: ENOENT because the ELF interpreter /lib/ld-musl-x86_64.so.1 named in $t/app does not exist\\)" "$msg"

# ---- the stale-cause trap -----------------------------------------------
# A later execve() ENOENT that no check explains supersedes the record:
# even with the preload shim's tolerance of 8 system calls, under which
# the record (age 1) would be shown, the sentence is not given.
cd "$t" || exit 1
out=$(as_nobody env AUXERR_MAX_AGE=8 "$EV" enoent-then ./app missing 2>&1)
expect_eq stale-enoent-strerror "No such file or directory (the kernel gave no reason for this ENOENT)" "$(get strerror)"
# without it, the same tolerance gives the sentence
out=$(as_nobody env AUXERR_MAX_AGE=8 "$EV" enoent-then ./app ok 2>&1)
expect_eq stale-enoent-shown "No such file or directory (execve: ENOENT because the ELF interpreter /lib/ld-musl-x86_64.so.1 named in $t/app does not exist)" "$(get strerror)"
# An EINVAL of another call, or a success, after an mmap() EINVAL: at the
# library's default maximum age, 0, the record is no longer the cause
out=$(as_nobody "$EV" einval-then einval 2>&1)
expect_eq stale-einval-strerror "Invalid argument" "$(get strerror)"
out=$(as_nobody "$EV" einval-then ok 2>&1)
expect_eq stale-success-strerror "Invalid argument" "$(get strerror)"

echo "$passes passed, $failures failed"
finish
