#!/bin/bash
# FLUSH: a kept record becomes an ordinary audit event, with the stamp it
# got when it was kept, found by the stock tools; it is sent only once.
. "$(dirname "$0")/lib.sh"

start_auditd || { fail auditd-start "auditd did not start"; finish; }
auditctl -D >/dev/null	# no rules: auxerr needs none

t=$(mktemp -d /tmp/flush.XXXXXX)
chmod 755 "$t"
echo secret > "$t/secret"
chmod 0600 "$t/secret"

out=$(as_nobody "$PROBE" -f open "$t/secret")
expect_eq flush-ok flush=ok "$(grep '^flush=' <<<"$out")"
expect_match flush-info-flag " flags=1 " "$out"
serial=$(sed -n 's/^slot=0 serial=\([0-9]*\) .*/\1/p' <<<"$out")
stamp=$(rec_field SYSCALL msg <<<"$out")

ev=$(wait_ausearch -a "$serial" -i) || { fail ausearch-finds-flushed "no event $serial"; finish; }
pass ausearch-finds-flushed
raw=$(ausearch -a "$serial" --raw)
expect_eq flushed-same-stamp 5 "$(grep -c "msg=$stamp" <<<"$raw")"
expect_eq flushed-syscall openat "$(audit_field SYSCALL syscall <<<"$ev")"
expect_eq flushed-exit "EACCES(Permission" "$(audit_field SYSCALL exit <<<"$ev")"
expect_eq flushed-uid nobody "$(audit_field SYSCALL uid <<<"$ev")"
expect_eq flushed-path-name "$t/secret" "$(audit_field PATH name <<<"$ev")"
expect_eq flushed-path-ouid root "$(audit_field PATH ouid <<<"$ev")"
expect_eq flushed-auxerr-mechanism dac "$(audit_field 'UNKNOWN[1340]' mechanism <<<"$ev")"
expect_eq flushed-auxerr-mode file,600 "$(audit_field 'UNKNOWN[1340]' mode <<<"$ev")"
m1340=$(ausearch -m 1340 -a "$serial" --raw 2>/dev/null | grep -c '^type=UNKNOWN\[1340\]')
expect_eq ausearch-by-type 1 "$m1340"

# A second flush of the same record sends nothing.
out=$(as_nobody "$PROBE" -f -f open "$t/secret")
expect_eq first-of-two-flushes flush=ok "$(grep -m1 '^flush=' <<<"$out")"
expect_eq second-flush-refused "flush=Operation already in progress" "$(grep '^flush=' <<<"$out" | sed -n 2p)"
serial=$(sed -n 's/^slot=0 serial=\([0-9]*\) .*/\1/p' <<<"$out")
sleep 1
expect_eq flushed-once 1 "$(ausearch -a "$serial" --raw 2>/dev/null | grep -c '^type=SYSCALL')"

# Without FLUSH nothing reaches the log.
out=$(as_nobody "$PROBE" open "$t/secret")
serial=$(sed -n 's/^slot=0 serial=\([0-9]*\) .*/\1/p' <<<"$out")
sleep 1
expect_eq unflushed-not-logged 0 "$(ausearch -a "$serial" --raw 2>/dev/null | grep -c '^type=')"

stop_auditd
finish
