#!/bin/bash
# ENOSPC and EDQUOT (issue 37), as the unprivileged user nobody: a tmpfs
# whose size= is all in use, one whose nr_inodes= is, an fallocate()
# larger than the whole size (mechanism=space, tmpfs_*), and the disk
# quotas of a tmpfs mounted with usrquota and grpquota: nobody's own user
# quota on space, its group's quota on files, and another user's quota,
# whose usage and limit nobody may not read (mechanism=space, *_quota_*).
# Root mounts the filesystems; nobody fills them.  Each record field by
# field with libauxerr's sentence and remedy (build/userland/
# auxerr-everyday); the tmpfs remedies applied by root and the call
# repeated.
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
[ -x "$B/auxerr-everyday" ] || { fail space-built "no $B/auxerr-everyday (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"
EV=$B/auxerr-everyday
t=/tmp/space
umount "$t/fs" "$t/q" 2>/dev/null
rm -rf "$t"
mkdir -m 0755 "$t" "$t/fs" "$t/q"
cd "$t" || exit 1

page=$(getconf PAGESIZE)
# dev= as the record writes it: hexadecimal major:minor
dev_of() { printf '%02x:%02x' "$(stat -c %Hd "$1")" "$(stat -c %Ld "$1")"; }

# A tmpfs of four pages and four inodes: its root, a directory for
# nobody's files, and two files fill the inodes
mount -t tmpfs -o "size=$((4 * page)),nr_inodes=4,mode=1777" tmpfs "$t/fs"
mkdir -m 1777 "$t/fs/d"

# ---- tmpfs_blocks: write() beyond the size ---------------------------------
run fillfs write "$t/fs/data" 64
expect_eq blocks-errno 28 "$(get errno)"
expect_eq blocks-mechanism space "$(get mechanism)"
expect_eq blocks-syscall 1 "$(get sys.syscall)"
expect_eq blocks-made 4 "$(get fillfs.made)"
fields blocks check=tmpfs_blocks arg= value=$((4 * page)) limit=$((4 * page)) \
	fstype='"tmpfs"' dev="$(dev_of "$t/fs")" inode="$(stat -c %i "$t/fs/data")" \
	ouid=65534
expect_eq blocks-sentence "write $t/fs/data: ENOSPC because the tmpfs on $t/fs has no free block: $((4 * page / 1024)) KiB of its size=$((4 * page / 1024)) KiB are in use (its inodes are not the limit)" "$(get sentence)"
remedy blocks command "mount -o remount,size=$((8 * page)) $t/fs" root 0
# root applies it; four more pages fit
$(get remedy.command)
run fillfs write "$t/fs/data2" 4
expect_eq blocks-after 0 "$(get errno)"
expect_eq blocks-after-made 4 "$(get fillfs.made)"

# ---- tmpfs_inodes: a file beyond nr_inodes ---------------------------------
run fillfs create "$t/fs/d" 8
expect_eq inodes-errno 28 "$(get errno)"
expect_eq inodes-syscall 257 "$(get sys.syscall)"
expect_eq inodes-made 0 "$(get fillfs.made)"
# no file yet: the record names the filesystem's root
fields inodes check=tmpfs_inodes value=4 limit=4 fstype='"tmpfs"' \
	dev="$(dev_of "$t/fs")" inode="$(stat -c %i "$t/fs")"
expect_eq inodes-sentence "openat $t/fs/d/f0: ENOSPC because the tmpfs on $t/fs has no free inode: all 4 of its nr_inodes=4 are in use, as df -i shows (its blocks are not the limit)" "$(get sentence)"
remedy inodes command "mount -o remount,nr_inodes=8 $t/fs" root 0
$(get remedy.command)
run fillfs create "$t/fs/d" 3
expect_eq inodes-after 0 "$(get errno)"
expect_eq inodes-after-made 3 "$(get fillfs.made)"

# ---- tmpfs_size: fallocate() of more than the whole size -------------------
run fillfs fallocate "$t/fs/big" 9
expect_eq size-errno 28 "$(get errno)"
expect_eq size-syscall 285 "$(get sys.syscall)"
fields size check=tmpfs_size value=$((9 * page)) limit=$((8 * page)) \
	inode="$(stat -c %i "$t/fs/big")"
expect_eq size-sentence "fallocate $t/fs/big: ENOSPC because the call asked for $((9 * page / 1024)) KiB, more than the whole size=$((8 * page / 1024)) KiB of the tmpfs on $t/fs" "$(get sentence)"
remedy size command "mount -o remount,size=$((16 * page)) $t/fs" root 0
# root raises the size, and the files of the earlier writes go: the
# nine pages fit beside the four left
$(get remedy.command)
rm -f "$t/fs/data2"
run fillfs fallocate "$t/fs/big" 9
expect_eq size-after 0 "$(get errno)"
umount "$t/fs"

# ---- disk quotas of a tmpfs: every user's space, every group's files -------
if ! mount -t tmpfs -o "mode=0777,usrquota,grpquota,usrquota_block_hardlimit=$((4 * page)),grpquota_inode_hardlimit=2" tmpfs "$t/q"; then
	fail quota-mount "tmpfs without quotas (CONFIG_TMPFS_QUOTA)"
	finish
fi

# ---- nobody's own user quota on space -------------------------------------
run fillfs write "$t/q/data" 64
expect_eq quota-blocks-errno 122 "$(get errno)"
expect_eq quota-blocks-mechanism space "$(get mechanism)"
expect_eq quota-blocks-syscall 1 "$(get sys.syscall)"
expect_eq quota-blocks-made 4 "$(get fillfs.made)"
fields quota-blocks check=user_quota_blocks_hard qid=65534 \
	value=$((5 * page)) limit=$((4 * page)) fstype='"tmpfs"'
expect_eq quota-blocks-sentence "write $t/q/data: EDQUOT because user 65534's quota on space on this tmpfs is exhausted: the call would have brought its usage to $((5 * page / 1024)) KiB, beyond its hard limit $((4 * page / 1024)) KiB" "$(get sentence)"
remedy quota-blocks command - root 0
expect_eq quota-blocks-remedy-text "Remove files of user 65534 from the filesystem (quota -s shows the usage), or root can raise the user's quota (setquota -u 65534 ..., edquota)" "$(get remedy.text)"

# ---- nobody's group's quota on files --------------------------------------
mkdir -m 0777 "$t/q/d"
run fillfs create "$t/q/d" 8
expect_eq quota-inodes-errno 122 "$(get errno)"
expect_eq quota-inodes-syscall 257 "$(get sys.syscall)"
# data is the group's first file, f0 its second
expect_eq quota-inodes-made 1 "$(get fillfs.made)"
fields quota-inodes check=group_quota_inodes_hard qid=65534 value=3 limit=2
expect_eq quota-inodes-sentence "openat $t/q/d/f1: EDQUOT because group 65534's quota on files on this tmpfs is exhausted: the call would have made 3 files, beyond its hard limit 2" "$(get sentence)"

# ---- another user's quota: named, its usage and limit left out -----------
touch "$t/q/theirs"
chown 1000:1000 "$t/q/theirs"
chmod 0666 "$t/q/theirs"
run fillfs write "$t/q/theirs" 64
expect_eq quota-other-errno 122 "$(get errno)"
fields quota-other check=user_quota_blocks_hard qid=1000 value= limit=
expect_eq quota-other-sentence "write $t/q/theirs: EDQUOT because user 1000's quota on space on this tmpfs is at its hard limit (its usage and limit are not shown: the quota is not this user's or one of its groups')" "$(get sentence)"
umount "$t/q"

# ---- ext4's quota feature: nobody's user quota on space --------------------
# Root sets a hard limit of 64 KiB with quotactl(Q_SETQUOTA) (no quota
# tools in the guest); 4 KiB blocks, so that each page reserves one.
mkdir -m 0755 "$t/e"
truncate -s 16M "$t/ext4.img"
mkfs.ext4 -q -F -b 4096 -O quota -E quotatype=usrquota "$t/ext4.img"
if mount -o loop,usrquota "$t/ext4.img" "$t/e"; then
	chmod 1777 "$t/e"
	python3 - "$(findmnt -no SOURCE "$t/e")" <<'PY'
import ctypes, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
# struct if_dqblk: bhardlimit (1 KiB units), ..., dqb_valid = QIF_BLIMITS
blk = ctypes.create_string_buffer(struct.pack("QQQQQQQQI4x", 64, 0, 0, 0, 0, 0, 0, 0, 1))
Q_SETQUOTA, USRQUOTA = 0x800008, 0
if libc.syscall(179, (Q_SETQUOTA << 8) | USRQUOTA, sys.argv[1].encode(), 65534, blk):
    sys.exit("quotactl: errno %d" % ctypes.get_errno())
PY
	expect_eq ext4-quota-set 0 "$?"
	run fillfs write "$t/e/data" 64
	expect_eq ext4-quota-errno 122 "$(get errno)"
	expect_eq ext4-quota-made 16 "$(get fillfs.made)"
	fields ext4-quota check=user_quota_blocks_hard qid=65534 value=69632 \
		limit=65536 fstype='"ext4"'
	expect_eq ext4-quota-sentence "write $t/e/data: EDQUOT because user 65534's quota on space on this ext4 is exhausted: the call would have brought its usage to 68 KiB, beyond its hard limit 64 KiB" "$(get sentence)"
	umount "$t/e"
else
	fail ext4-quota-mount "mount -o loop,usrquota of an ext4 with the quota feature failed"
fi

echo "$passes passed, $failures failed"
finish
