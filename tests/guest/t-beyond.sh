#!/bin/bash
# Errors that are not denials (issue 37), as the unprivileged user nobody:
# the checks of mmap(), mprotect() and mremap() (mechanism=vm) and of
# execve() (mechanism=exec: a missing ELF or #! interpreter, a program for
# another machine), each record field by field with libauxerr's sentence
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
