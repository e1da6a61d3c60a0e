#!/bin/bash
# Baseline: what audit itself records today for a denied openat, caught with
# an audit rule. auxerr's records are compared against this shape.
. "$(dirname "$0")/lib.sh"

start_auditd || { fail auditd-start "auditd did not start"; finish; }
auditctl -a always,exit -F arch=b64 -S openat -F exit=-EACCES -k auxerr-baseline >/dev/null

dir=$(mktemp -d /tmp/baseline.XXXXXX)
chmod 755 "$dir"
echo secret > "$dir/secret"
chmod 0600 "$dir/secret"
ino=$(stat -c %i "$dir/secret")

err=$(as_nobody cat "$dir/secret" 2>&1)
expect_eq denied-as-nobody "cat: $dir/secret: Permission denied" "$err"

ev=$(wait_ausearch -i -k auxerr-baseline -sc openat -sv no) || { fail ausearch-finds-event "no event"; finish; }
pass ausearch-finds-event

sys=$(grep '^type=SYSCALL' <<<"$ev")
expect_eq syscall-name openat "$(audit_field SYSCALL syscall <<<"$ev")"
expect_eq syscall-success no "$(audit_field SYSCALL success <<<"$ev")"
expect_eq syscall-exit "EACCES(Permission" "$(audit_field SYSCALL exit <<<"$ev")"
expect_eq syscall-uid nobody "$(audit_field SYSCALL uid <<<"$ev")"
expect_eq syscall-euid nobody "$(audit_field SYSCALL euid <<<"$ev")"
expect_eq syscall-fsuid nobody "$(audit_field SYSCALL fsuid <<<"$ev")"
expect_eq syscall-gid nogroup "$(audit_field SYSCALL gid <<<"$ev")"
expect_eq syscall-comm cat "$(audit_field SYSCALL comm <<<"$ev")"
expect_eq syscall-exe /usr/bin/cat "$(audit_field SYSCALL exe <<<"$ev")"
expect_eq syscall-key auxerr-baseline "$(audit_field SYSCALL key <<<"$ev")"
expect_match syscall-record-whole 'arch=x86_64 syscall=openat success=no exit=EACCES' "$sys"

expect_eq path-name "$dir/secret" "$(audit_field PATH name <<<"$ev")"
expect_eq path-inode "$ino" "$(audit_field PATH inode <<<"$ev")"
expect_eq path-mode file,600 "$(audit_field PATH mode <<<"$ev")"
expect_eq path-ouid root "$(audit_field PATH ouid <<<"$ev")"
expect_eq path-ogid root "$(audit_field PATH ogid <<<"$ev")"
expect_eq path-nametype NORMAL "$(audit_field PATH nametype <<<"$ev")"
expect_eq cwd-present 1 "$(grep -c '^type=CWD' <<<"$ev")"
expect_match proctitle "^type=PROCTITLE .*proctitle=cat $dir/secret" "$(grep '^type=PROCTITLE' <<<"$ev")"

stop_auditd
finish
