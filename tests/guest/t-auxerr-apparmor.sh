#!/bin/bash
# A MAC LSM with labels: AppArmor denies what the file mode allows. The
# record names AppArmor through the generic LSM note (no AppArmor-specific
# code in auxerr), and the SYSCALL record carries the task's own context
# (subj=) only as kernel.auxerr.lsm_detail allows.
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
chmod 0644 "$t/secret" "$t/open"
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
# Nothing about the policy or the object beyond what the task can see.
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

# lsm_detail=0: no context at all.
sysctl -qw kernel.auxerr.lsm_detail=0
out=$(confined "$PROBE" open "$t/secret")
expect_eq lsm-detail-0-errno errno=13 "$(sed -n 1p <<<"$out")"
expect_eq lsm-detail-0-lsm apparmor "$(aux lsm)"
if grep -q '^type=SYSCALL .* subj=' <<<"$out"; then
	fail lsm-detail-0-no-subj "$(grep '^type=SYSCALL' <<<"$out")"
else
	pass lsm-detail-0-no-subj
fi
sysctl -qw kernel.auxerr.lsm_detail=1
expect_eq lsm-detail-range "$(sysctl -n kernel.auxerr.lsm_detail)" 1
if sysctl -qw kernel.auxerr.lsm_detail=2 2>/dev/null; then
	fail lsm-detail-2-refused "accepted"
else
	pass lsm-detail-2-refused
fi

apparmor_parser -R "$profile" >/dev/null 2>&1
rm -rf "$t" "$profile"
finish
