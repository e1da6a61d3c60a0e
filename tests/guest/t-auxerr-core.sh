#!/bin/bash
# The kernel core: DAC, path walk and capability denials are kept as the
# audit event they would produce, fetched with prctl(PR_AUXERR) by the
# unprivileged task that was denied.
. "$(dirname "$0")/lib.sh"

[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
pass kernel-has-auxerr

t=$(mktemp -d /tmp/core.XXXXXX)
chmod 755 "$t"
echo secret > "$t/secret"
chmod 0600 "$t/secret"
chown 0:0 "$t/secret"
mkdir -m 0700 "$t/closed"
touch "$t/closed/inner"
cd "$t" || exit 1

# 1. A 0600 file of another user: mode bits, class "other".
out=$(as_nobody "$PROBE" open "$t/secret")
expect_eq dac-errno errno=13 "$(head -1 <<<"$out")"
expect_match dac-info "error=13 syscall=257 arch=c000003e mechanism=1 " "$out"
expect_eq dac-sys-syscall 257 "$(rec_field SYSCALL syscall <<<"$out")"
expect_eq dac-sys-success no "$(rec_field SYSCALL success <<<"$out")"
expect_eq dac-sys-exit -13 "$(rec_field SYSCALL exit <<<"$out")"
expect_eq dac-sys-uid 65534 "$(rec_field SYSCALL uid <<<"$out")"
expect_eq dac-sys-fsgid 65534 "$(rec_field SYSCALL fsgid <<<"$out")"
expect_eq dac-sys-comm probe "$(rec_field SYSCALL comm <<<"$out")"
expect_eq dac-sys-exe "$PROBE" "$(rec_field SYSCALL exe <<<"$out")"
expect_eq dac-sys-items 1 "$(rec_field SYSCALL items <<<"$out")"
expect_eq dac-mechanism dac "$(rec_field 'UNKNOWN[1340]' mechanism <<<"$out")"
expect_eq dac-class other "$(rec_field 'UNKNOWN[1340]' class <<<"$out")"
expect_eq dac-perm 4 "$(rec_field 'UNKNOWN[1340]' perm <<<"$out")"
expect_eq dac-granted 0 "$(rec_field 'UNKNOWN[1340]' granted <<<"$out")"
expect_eq dac-mode 0100600 "$(rec_field 'UNKNOWN[1340]' mode <<<"$out")"
expect_eq dac-ouid 0 "$(rec_field 'UNKNOWN[1340]' ouid <<<"$out")"
expect_eq dac-ogid 0 "$(rec_field 'UNKNOWN[1340]' ogid <<<"$out")"
expect_eq dac-override dac_read_search,dac_override "$(rec_field 'UNKNOWN[1340]' override <<<"$out")"
expect_eq dac-path-name "$t/secret" "$(rec_field PATH name <<<"$out")"
expect_eq dac-path-inode "$(stat -c %i "$t/secret")" "$(rec_field PATH inode <<<"$out")"
expect_eq dac-path-mode 0100600 "$(rec_field PATH mode <<<"$out")"
expect_eq dac-path-nametype NORMAL "$(rec_field PATH nametype <<<"$out")"
expect_eq dac-cwd "$t" "$(rec_field CWD cwd <<<"$out")"
expect_match dac-proctitle '^[0-9A-F]+$' "$(rec_field PROCTITLE proctitle <<<"$out")"
stamp=$(rec_field SYSCALL msg <<<"$out")
expect_eq dac-one-stamp 5 "$(grep -c "msg=$stamp" <<<"$out")"

# The owner class: the owner lacks write permission on a 0400 file.
echo mine > "$t/mine"
chown "$NOBODY" "$t/mine"
chmod 0400 "$t/mine"
out=$(as_nobody "$PROBE" open "$t/mine" w)
expect_eq dac-owner-class owner "$(rec_field 'UNKNOWN[1340]' class <<<"$out")"
expect_eq dac-owner-perm 2 "$(rec_field 'UNKNOWN[1340]' perm <<<"$out")"
expect_eq dac-owner-granted 4 "$(rec_field 'UNKNOWN[1340]' granted <<<"$out")"

# The group class: member of the owning group, which has no write.
echo grp > "$t/grp"
chown 0:"$NOBODY" "$t/grp"
chmod 0646 "$t/grp"
out=$(as_nobody "$PROBE" open "$t/grp" w)
expect_eq dac-group-class group "$(rec_field 'UNKNOWN[1340]' class <<<"$out")"
expect_eq dac-group-granted 4 "$(rec_field 'UNKNOWN[1340]' granted <<<"$out")"

# 2. A directory without search permission in the path.
out=$(as_nobody "$PROBE" open "$t/closed/inner")
expect_eq path-errno errno=13 "$(head -1 <<<"$out")"
expect_eq path-mechanism path "$(rec_field 'UNKNOWN[1340]' mechanism <<<"$out")"
expect_eq path-component "$t/closed" "$(rec_field 'UNKNOWN[1340]' component <<<"$out")"
expect_eq path-perm 1 "$(rec_field 'UNKNOWN[1340]' perm <<<"$out")"
expect_eq path-mode 040700 "$(rec_field 'UNKNOWN[1340]' mode <<<"$out")"
expect_eq path-dir-inode "$(stat -c %i "$t/closed")" "$(rec_field 'UNKNOWN[1340]' inode <<<"$out")"
expect_eq path-name "$t/closed/inner" "$(rec_field PATH name <<<"$out")"
expect_eq path-nametype UNKNOWN "$(rec_field PATH nametype <<<"$out")"
# The same, given relative to the working directory.
out=$(as_nobody "$PROBE" open closed/inner)
expect_eq path-relative-component closed "$(rec_field 'UNKNOWN[1340]' component <<<"$out")"

# 3. POSIX ACLs on tmpfs: a named-user entry that denies, and a mask.
# (An empty mask clears the group bits, and the kernel then skips the ACL
# altogether, so the mask here keeps write.)
echo acl > "$t/acl"
chmod 0644 "$t/acl"
setfacl -m "u:$NOBODY:---" "$t/acl"
out=$(as_nobody "$PROBE" open "$t/acl")
expect_eq acl-user-class acl_user "$(rec_field 'UNKNOWN[1340]' class <<<"$out")"
expect_eq acl-user-id "$NOBODY" "$(rec_field 'UNKNOWN[1340]' acl_id <<<"$out")"
expect_eq acl-user-tag user "$(rec_field 'UNKNOWN[1340]' acl_tag <<<"$out")"
expect_eq acl-user-granted 0 "$(rec_field 'UNKNOWN[1340]' granted <<<"$out")"
setfacl -m "u:$NOBODY:r,m::w" "$t/acl"
out=$(as_nobody "$PROBE" open "$t/acl")
expect_eq acl-mask-class acl_mask "$(rec_field 'UNKNOWN[1340]' class <<<"$out")"
expect_eq acl-mask-id "$NOBODY" "$(rec_field 'UNKNOWN[1340]' acl_id <<<"$out")"
setfacl -b "$t/acl"
chown 0:0 "$t/acl"
chmod 0640 "$t/acl"
setfacl -m "g:$NOBODY:---" "$t/acl"
out=$(as_nobody "$PROBE" open "$t/acl")
expect_eq acl-group-class acl_group "$(rec_field 'UNKNOWN[1340]' class <<<"$out")"
expect_eq acl-group-id "$NOBODY" "$(rec_field 'UNKNOWN[1340]' acl_id <<<"$out")"
expect_eq acl-group-tag group "$(rec_field 'UNKNOWN[1340]' acl_tag <<<"$out")"

# 4. Unprivileged chown: CAP_CHOWN in the initial user namespace.
out=$(as_nobody "$PROBE" chown "$t/mine" 0)
expect_eq cap-errno errno=1 "$(head -1 <<<"$out")"
expect_eq cap-mechanism cap "$(rec_field 'UNKNOWN[1340]' mechanism <<<"$out")"
expect_eq cap-capability 0 "$(rec_field 'UNKNOWN[1340]' capability <<<"$out")"
expect_eq cap-userns-level 0 "$(rec_field 'UNKNOWN[1340]' userns_level <<<"$out")"
expect_eq cap-userns "$(stat -L -c %i /proc/self/ns/user)" "$(rec_field 'UNKNOWN[1340]' userns <<<"$out")"
expect_eq cap-syscall 92 "$(rec_field SYSCALL syscall <<<"$out")"
expect_eq cap-exit -1 "$(rec_field SYSCALL exit <<<"$out")"
# open() consulted CAP_DAC_OVERRIDE (EPERM) before failing with EACCES:
# the note matching the returned errno wins.
out=$(as_nobody "$PROBE" open "$t/secret")
expect_eq errno-match-wins dac "$(rec_field 'UNKNOWN[1340]' mechanism <<<"$out")"
# open_by_handle_at() refused for want of CAP_DAC_READ_SEARCH: one of the
# override capabilities, noted only when nothing else explains an EPERM.
out=$(as_nobody "$PROBE" handle "$t/mine")
expect_eq handle-errno errno=1 "$(head -1 <<<"$out")"
expect_eq handle-mechanism cap "$(rec_field 'UNKNOWN[1340]' mechanism <<<"$out")"
expect_eq handle-capability 2 "$(rec_field 'UNKNOWN[1340]' capability <<<"$out")"
expect_eq handle-syscall 304 "$(rec_field SYSCALL syscall <<<"$out")"

# 5. Successful system calls keep the record and raise its age.
age0=$(as_nobody "$PROBE" open "$t/secret" | sed -n 's/.* age=\([0-9]*\) .*/\1/p')
age3=$(as_nobody "$PROBE" open "$t/secret" -- getpid -- getpid -- getpid |
	sed -n 's/.* age=\([0-9]*\) .*/\1/p')
expect_eq age-counts-syscalls 3 "$((age3 - age0))"
out=$(as_nobody "$PROBE" open "$t/secret" -- getpid -- getpid)
expect_eq kept-after-success dac "$(rec_field 'UNKNOWN[1340]' mechanism <<<"$out")"

# 6. Non-denials record nothing.
out=$(as_nobody "$PROBE" open "$t/nonexistent")
expect_eq enoent-errno errno=2 "$(head -1 <<<"$out")"
expect_match enoent-no-record "slot=0 none No such file" "$out"
out=$(as_nobody "$PROBE" open "$t/secret" -- open "$t/nonexistent")
expect_eq enoent-keeps-older "$t/secret" "$(rec_field PATH name <<<"$out")"

# 7. depth N keeps the N newest, newest first.
echo 3 > "$AUXERR_SYSCTL/depth"
out=$(as_nobody "$PROBE" -d 4 open "$t/secret" -- open "$t/closed/inner" -- chown "$t/mine" 0 -- open "$t/acl")
expect_eq depth-slot0 "$t/acl" "$(grep -A5 '^slot=0' <<<"$out" | rec_field PATH name)"
expect_eq depth-slot1 cap "$(grep -A5 '^slot=1' <<<"$out" | rec_field 'UNKNOWN[1340]' mechanism)"
expect_eq depth-slot2 path "$(grep -A5 '^slot=2' <<<"$out" | rec_field 'UNKNOWN[1340]' mechanism)"
expect_match depth-slot3-none "slot=3 none" "$out"
echo 1 > "$AUXERR_SYSCTL/depth"
out=$(as_nobody "$PROBE" -d 2 open "$t/secret" -- open "$t/acl")
expect_match depth-1-slot1-none "slot=1 none" "$out"

# 8. enabled=0 records nothing.
echo 0 > "$AUXERR_SYSCTL/enabled"
out=$(as_nobody "$PROBE" open "$t/secret")
expect_match disabled-no-record "slot=0 none" "$out"
echo 1 > "$AUXERR_SYSCTL/enabled"
out=$(as_nobody "$PROBE" open "$t/secret")
expect_eq reenabled-records dac "$(rec_field 'UNKNOWN[1340]' mechanism <<<"$out")"

# 9. /proc: own records are readable, another user's are not. (bash must
# fork cat, not exec it: exec drops the records.)
out=$(as_nobody bash -c "true <$t/secret; cat /proc/\$\$/auxerr; exit 0" 2>/dev/null)
expect_eq proc-own-record "$t/secret" "$(rec_field PATH name <<<"$out")"
expect_eq proc-own-comm bash "$(rec_field SYSCALL comm <<<"$out")"
sleep 3600 & victim=$!
err=$(as_nobody cat /proc/$victim/auxerr 2>&1)
expect_match proc-other-user-denied "Permission denied" "$err"
kill $victim

# 10. A kept record pins nothing: the mount of the denied file unmounts.
mkdir -p /tmp/mnt-core
mount -t tmpfs tmpfs /tmp/mnt-core
echo s > /tmp/mnt-core/secret
chmod 0600 /tmp/mnt-core/secret
# The holder says when it has been denied and reads its record only once
# the umount is done (a fifo, not sleeps: on a loaded host nobody's bash
# may not even have started when a fixed delay runs out, and the file
# would then be gone before it is denied).
rm -f /tmp/mnt-core-go
mkfifo -m 0666 /tmp/mnt-core-go
as_nobody bash -c 'true </tmp/mnt-core/secret; echo denied; read -r _ </tmp/mnt-core-go; cat /proc/$$/auxerr; exit 0' > "$t/held" 2>/dev/null &
holder=$!
for _ in $(seq 600); do
	grep -qx denied "$t/held" 2>/dev/null && break
	sleep 0.1
done
if umount /tmp/mnt-core; then pass umount-while-kept; else fail umount-while-kept "umount failed"; fi
timeout 60 sh -c "echo go > /tmp/mnt-core-go"
wait $holder
rm -f /tmp/mnt-core-go
expect_eq record-survives-umount /tmp/mnt-core/secret "$(rec_field PATH name < "$t/held")"

finish
