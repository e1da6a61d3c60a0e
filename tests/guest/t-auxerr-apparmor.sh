#!/bin/bash
# A MAC LSM with labels: AppArmor denies what the file mode allows. The
# AUXERR record names AppArmor and its hook; the event carries AppArmor's
# own record (type=AVC), also for a `deny` rule, which AppArmor keeps out
# of the audit log (lsm_audited=0); the SYSCALL record carries the task's
# own context (subj=) and the AVC record is there only as
# kernel.auxerr.lsm_detail allows (1 hides another task's label).
. "$(dirname "$0")/lib.sh"

A='UNKNOWN[1340]'
aux() { rec_field "$A" "$1" <<<"$out"; }
sys() { rec_field SYSCALL "$1" <<<"$out"; }

if ! grep -qw apparmor /sys/kernel/security/lsm 2>/dev/null; then
	mountpoint -q /sys/kernel/security ||
		mount -t securityfs securityfs /sys/kernel/security
fi
expect_match apparmor-active 'apparmor' "$(cat /sys/kernel/security/lsm)"

t=$(mktemp -d /tmp/aa.XXXXXX)
chmod 755 "$t"
echo secret > "$t/secret"
echo open > "$t/open"
echo private > "$t/private"
echo plain > "$t/plain"
chmod 0644 "$t/secret" "$t/open" "$t/plain"
chmod 0600 "$t/private"

# The profile allows every file access but reading $t/secret; nobody
# enters it at its next exec, as any unconfined task may.
profile=$(mktemp /tmp/aa-profile.XXXXXX)
cat > "$profile" <<EOF
profile auxerr_test flags=(attach_disconnected) {
  file,
  deny $t/secret r,
}
EOF
# A profile with no rule at all for $t/plain: a plain missing allow,
# which AppArmor logs.
dirs='{usr,etc,proc,sys,dev,work,lib,lib64,bin,sbin,run}'
cat >> "$profile" <<EOF
profile auxerr_plain flags=(attach_disconnected) {
  /$dirs/ r,
  /$dirs/** rmix,
  / r,
  /tmp/ r,
  $t/ r,
  $t/open r,
}
EOF
if apparmor_parser -r "$profile" >/tmp/aa-parser.log 2>&1; then
	pass apparmor-profile-loaded
else
	fail apparmor-profile-loaded "$(cat /tmp/aa-parser.log)"
fi
expect_match apparmor-profile-listed 'auxerr_test \(enforce\)' \
	"$(cat /sys/kernel/security/apparmor/profiles)"

confined() {
	as_nobody sh -c 'echo "exec auxerr_test" > /proc/self/attr/apparmor/exec &&
		exec "$@"' sh "$@"
}
plain() {
	as_nobody sh -c 'echo "exec auxerr_plain" > /proc/self/attr/apparmor/exec &&
		exec "$@"' sh "$@"
}
avc() { rec_field AVC "$1" <<<"$out"; }
# The record types of the event, in order, on one line
types() { sed -n 's/^type=\([^ ]*\) msg=.*/\1/p' <<<"$out" | tr '\n' ' '; }

# AppArmor's records reach audit through auditd: the deny rule's must not.
start_auditd || fail auditd-started "auditd did not start"

out=$(confined "$PROBE" open "$t/open" -- open "$t/secret")
expect_eq apparmor-allowed-open errno=0 "$(sed -n 1p <<<"$out")"
expect_eq apparmor-denied-open errno=13 "$(sed -n 2p <<<"$out")"
# Mode 0644 lets nobody read: the LSM, not the mode, refused.
expect_eq apparmor-mechanism lsm "$(aux mechanism)"
expect_eq apparmor-lsm apparmor "$(aux lsm)"
expect_eq apparmor-hook file_open "$(aux lsm_hook)"
expect_eq apparmor-path-name "$t/secret" "$(rec_field PATH name <<<"$out")"
expect_eq apparmor-exit -13 "$(sys exit)"
expect_eq apparmor-uid 65534 "$(sys uid)"
# The task's own context, as /proc/self/attr/current shows it and as
# audit's SYSCALL record would name it.
expect_eq apparmor-subj auxerr_test "$(sys subj)"
self=$(confined cat /proc/self/attr/current)
expect_eq apparmor-subj-is-own-context "auxerr_test (enforce)" "$self"
# AppArmor's own record, right after AUXERR, with the event's stamp, as
# AppArmor would write it; the deny rule kept it out of the audit log.
expect_eq apparmor-avc-order "SYSCALL UNKNOWN[1340] AVC CWD PATH PROCTITLE " \
	"$(types)"
expect_eq apparmor-avc-stamp "$(grep -o '^type=SYSCALL msg=audit([^)]*)' <<<"$out" | cut -d' ' -f2)" \
	"$(grep -o '^type=AVC msg=audit([^)]*)' <<<"$out" | cut -d' ' -f2)"
expect_eq apparmor-avc-apparmor DENIED "$(avc apparmor)"
expect_eq apparmor-avc-operation open "$(avc operation)"
expect_eq apparmor-avc-class file "$(avc class)"
expect_eq apparmor-avc-profile auxerr_test "$(avc profile)"
expect_eq apparmor-avc-name "$t/secret" "$(avc name)"
expect_eq apparmor-avc-comm probe "$(avc comm)"
expect_eq apparmor-avc-pid "$(sys pid)" "$(avc pid)"
expect_eq apparmor-avc-requested r "$(avc requested_mask)"
expect_eq apparmor-avc-denied r "$(avc denied_mask)"
expect_eq apparmor-avc-fsuid 65534 "$(avc fsuid)"
expect_eq apparmor-avc-ouid 0 "$(avc ouid)"
expect_eq apparmor-deny-rule-not-audited 0 "$(aux lsm_audited)"

# A plain missing allow: AppArmor logs it, and says so.
out=$(plain "$PROBE" open "$t/open" -- open "$t/plain")
expect_eq plain-allowed-open errno=0 "$(sed -n 1p <<<"$out")"
expect_eq plain-denied-open errno=13 "$(sed -n 2p <<<"$out")"
expect_eq plain-lsm apparmor "$(aux lsm)"
expect_eq plain-hook file_open "$(aux lsm_hook)"
expect_eq plain-audited 1 "$(aux lsm_audited)"
expect_eq plain-avc-apparmor DENIED "$(avc apparmor)"
expect_eq plain-avc-operation open "$(avc operation)"
expect_eq plain-avc-class file "$(avc class)"
expect_eq plain-avc-profile auxerr_plain "$(avc profile)"
expect_eq plain-avc-name "$t/plain" "$(avc name)"
expect_eq plain-avc-requested r "$(avc requested_mask)"
expect_eq plain-avc-denied r "$(avc denied_mask)"
# The audit log has the plain denial (so it would show the other one
# too), and never the deny rule's.
for i in $(seq 50); do
	grep -q "apparmor=\"DENIED\".* name=\"$t/plain\"" \
		/var/log/audit/audit.log 2>/dev/null && break
	sleep 0.1
done
if grep -q "apparmor=\"DENIED\".* name=\"$t/plain\"" /var/log/audit/audit.log; then
	pass plain-reached-audit
else
	fail plain-reached-audit "no AVC for $t/plain in the audit log"
fi
if grep -q "apparmor=\"DENIED\".* name=\"$t/secret\"" /var/log/audit/audit.log; then
	fail deny-rule-never-audited "$(grep "$t/secret" /var/log/audit/audit.log)"
else
	pass deny-rule-never-audited
fi
stop_auditd

# The AUXERR record itself repeats nothing of AppArmor's record: those
# facts are in the AVC record, which lsm_detail gates.
out=$(confined "$PROBE" open "$t/secret")
aux_line=$(grep "^type=$(sed 's/[][]/\\&/g' <<<"$A") " <<<"$out")
for f in profile operation denied_mask requested_mask name target; do
	if grep -q " $f=" <<<"$aux_line"; then
		fail "apparmor-no-$f" "$aux_line"
	else
		pass "apparmor-no-$f"
	fi
done

# An unconfined task is named as audit names it.
out=$(as_nobody "$PROBE" open "$t/private")
expect_eq unconfined-mechanism dac "$(aux mechanism)"
expect_eq unconfined-subj unconfined "$(sys subj)"

# lsm_detail=0: no context and no AVC record at all.
sysctl -qw kernel.auxerr.lsm_detail=0
out=$(confined "$PROBE" open "$t/secret")
expect_eq lsm-detail-0-errno errno=13 "$(sed -n 1p <<<"$out")"
expect_eq lsm-detail-0-lsm apparmor "$(aux lsm)"
if grep -q '^type=SYSCALL .* subj=' <<<"$out"; then
	fail lsm-detail-0-no-subj "$(grep '^type=SYSCALL' <<<"$out")"
else
	pass lsm-detail-0-no-subj
fi
expect_eq lsm-detail-0-no-avc "SYSCALL UNKNOWN[1340] CWD PATH PROCTITLE " \
	"$(types)"
expect_eq lsm-detail-0-no-audited "" "$(aux lsm_audited)"

# Another task's label: AppArmor refuses nobody's confined probe the
# environ of nobody's unconfined sleep (a ptrace read).  At lsm_detail 1
# the record names the caller's own profile and request, and peer= is
# "?"; at 2 it names the peer.
sysctl -qw kernel.auxerr.lsm_detail=1
nobody_bg sleep 600
victim=$!
out=$(confined "$PROBE" open "/proc/$victim/environ")
expect_eq peer-1-errno errno=13 "$(sed -n 1p <<<"$out")"
expect_eq peer-1-lsm apparmor "$(aux lsm)"
expect_eq peer-1-avc-operation ptrace "$(avc operation)"
expect_eq peer-1-avc-class ptrace "$(avc class)"
expect_eq peer-1-avc-profile auxerr_test "$(avc profile)"
expect_eq peer-1-avc-requested read "$(avc requested_mask)"
expect_eq peer-1-avc-peer "?" "$(avc peer)"
sysctl -qw kernel.auxerr.lsm_detail=2
out=$(confined "$PROBE" open "/proc/$victim/environ")
expect_eq peer-2-errno errno=13 "$(sed -n 1p <<<"$out")"
expect_eq peer-2-avc-operation ptrace "$(avc operation)"
expect_eq peer-2-avc-peer unconfined "$(avc peer)"
# A file record is the caller's own profile and request: the same at 2.
out=$(confined "$PROBE" open "$t/secret")
expect_eq lsm-detail-2-avc-name "$t/secret" "$(avc name)"
expect_eq lsm-detail-2-avc-profile auxerr_test "$(avc profile)"
kill "$victim" 2>/dev/null
wait "$victim" 2>/dev/null

sysctl -qw kernel.auxerr.lsm_detail=1
expect_eq lsm-detail-range "$(sysctl -n kernel.auxerr.lsm_detail)" 1
if sysctl -qw kernel.auxerr.lsm_detail=3 2>/dev/null; then
	fail lsm-detail-3-refused "accepted"
else
	pass lsm-detail-3-refused
fi

apparmor_parser -R "$profile" >/dev/null 2>&1
rm -rf "$t" "$profile"
finish
