#!/bin/bash
# inotify's per-user limits (issue 37), as the unprivileged user nobody:
# inotify_add_watch() ENOSPC at fs.inotify.max_user_watches and
# inotify_init1() EMFILE at fs.inotify.max_user_instances
# (mechanism=notify), each record field by field with libauxerr's
# sentence and remedy (build/userland/auxerr-everyday); root lowers the
# limits to set the scene, applies the remedy, and nobody repeats the
# call.
. "$(dirname "$0")/lib.sh"

B=${AUXERR_TOP:-/work/main}/build/userland
[ -x "$B/auxerr-everyday" ] || { fail notify-built "no $B/auxerr-everyday (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"
EV=$B/auxerr-everyday
t=/tmp/notify
rm -rf "$t"
mkdir -m 0755 "$t"
for i in $(seq 0 39); do : > "$t/f$i"; done
watches_was=$(cat /proc/sys/fs/inotify/max_user_watches)
instances_was=$(cat /proc/sys/fs/inotify/max_user_instances)

# ---- inotify_watches: ENOSPC that is no full disk ---------------------------
sysctl -q -w fs.inotify.max_user_watches=16
run inotify "$t" 40
expect_eq watches-errno 28 "$(get errno)"
expect_eq watches-mechanism notify "$(get mechanism)"
expect_eq watches-syscall 254 "$(get sys.syscall)"
expect_eq watches-made 16 "$(get notify.made)"
fields watches check=inotify_watches arg= value=16 limit=16
expect_eq watches-sentence "inotify_add_watch $t/f16: ENOSPC because this user has 16 inotify watches, the limit fs.inotify.max_user_watches (16), counted over all of its processes (no disk is full)" "$(get sentence)"
remedy watches command "sysctl -w fs.inotify.max_user_watches=32" root 0
# root applies it; 32 watches fit
$(get remedy.command) >/dev/null
run inotify "$t" 32
expect_eq watches-after 0 "$(get errno)"
expect_eq watches-after-made 32 "$(get notify.made)"

# ---- inotify_instances: EMFILE that is not RLIMIT_NOFILE ---------------------
sysctl -q -w fs.inotify.max_user_instances=4
run inotify-init 16
expect_eq instances-errno 24 "$(get errno)"
expect_eq instances-syscall 294 "$(get sys.syscall)"
expect_eq instances-made 4 "$(get notify.made)"
fields instances check=inotify_instances value= limit=4
expect_eq instances-sentence "inotify_init1: EMFILE because this user has as many inotify instances as the limit fs.inotify.max_user_instances (4) allows, counted over all of its processes (not RLIMIT_NOFILE)" "$(get sentence)"
remedy instances command "sysctl -w fs.inotify.max_user_instances=8" root 0
$(get remedy.command) >/dev/null
run inotify-init 8
expect_eq instances-after 0 "$(get errno)"
expect_eq instances-after-made 8 "$(get notify.made)"

sysctl -q -w fs.inotify.max_user_watches="$watches_was" fs.inotify.max_user_instances="$instances_was"
echo "$passes passed, $failures failed"
finish
