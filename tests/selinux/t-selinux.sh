#!/bin/bash
# Guest: real SELinux denials in enforcing mode, as an unprivileged user in
# a confined domain, and libauxerr's audit2why answer for each (the policy:
# Debian's reference policy plus tests/selinux/auxerr_test.cil, built by
# scripts/selinux-policy).  Run by tests/selinux/run on a kernel booted
# with SELinux as its major LSM; on the series' kernel also the kept
# event: SELinux's AVC in it, dontaudit, kernel.auxerr.lsm_detail 0/1/2
# and permissive mode.  PASS/FAIL per check, then "N passed, N failed".
set -u
top=${AUXERR_TOP:?run me in the guest through tests/selinux/run}
policy=$top/build/selinux/policy.33
why=$top/build/userland/test/selinux-why
passed=0 failed=0

check() {	# check NAME ACTUAL EXPECTED
	if [ "$2" = "$3" ]; then
		echo "PASS $1"; passed=$((passed + 1))
	else
		echo "FAIL $1: got [$2], want [$3]"; failed=$((failed + 1))
	fi
}
# Leaves SELinux permissive: the guest's init, not labeled for the
# policy, reports the exit status after this script.
finish() {
	[ -w /sys/fs/selinux/enforce ] && echo 0 > /sys/fs/selinux/enforce
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
	exit
}

grep -qw selinux /sys/kernel/security/lsm ||
	{ echo "FAIL SELinux is not an active LSM: $(cat /sys/kernel/security/lsm)"; failed=1; finish; }
mountpoint -q /sys/fs/selinux || mount -t selinuxfs selinuxfs /sys/fs/selinux
# selinuxfs takes the whole policy in one write
dd if="$policy" of=/sys/fs/selinux/load bs=16M iflag=fullblock status=none
check "the policy loads" "$?" 0
echo 1 > /sys/fs/selinux/enforce
check "enforcing" "$(cat /sys/fs/selinux/enforce)" 1

dir=$(mktemp -d /tmp/selinux.XXXXXX)
chmod 755 "$dir"
for f in public secret shared quiet hidden; do
	echo "the $f file" > "$dir/$f"
	chmod 644 "$dir/$f"	# DAC allows every read below
	chcon -t "auxerr_${f}_t" "$dir/$f"
	check "$f is labeled" "$(stat -c %C "$dir/$f")" "system_u:object_r:auxerr_${f}_t:s0"
done

confined() {	# as nobody, in the confined domain
	setpriv --reuid 65534 --regid 65534 --clear-groups \
		runcon -t auxerr_test_t -r system_r -- "$@"
}
check "the domain" "$(confined cat /proc/self/attr/current | tr -d '\0')" \
	"system_u:system_r:auxerr_test_t:s0"
check "public: allowed" "$(confined cat "$dir/public" 2>&1)" "the public file"

# The AVC SELinux logged for FILE's denial (kmsg, as no auditd runs), in
# audit.log's form for libauparse
avc_of() {
	dmesg | sed -n "s/.*audit: type=1400 audit(\([^)]*\)): \(avc: .* name=\"$1\" .*\)/type=AVC msg=audit(\1): \2/p" | tail -n 1
}

out=$(confined cat "$dir/secret" 2>&1)
check "secret: EACCES" "$out" "cat: $dir/secret: Permission denied"
avc=$(avc_of secret)
check "secret: the AVC" "$(sed -n 's/.*denied  { \([a-z ]*\) }.*tclass=\([a-z]*\) permissive=\([01]\).*/\1|\2|\3/p' <<< "$avc")" "read|file|0"
out=$(printf '%s\n' "$avc" | "$why" "$policy")
check "secret: audit2why" "$(sed -n 's/.* verdict=/verdict=/p' <<< "$out")" "verdict=te_rule"
check "secret: the sentence" "$(sed -n 's/^sentence: //p' <<< "$out")" \
	"SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_secret_t: it has no allow rule for it"
check "secret: the remedy, a one-rule module" "$(sed -n 's/^command: //p' <<< "$out")" \
	"printf '(allow auxerr_test_t auxerr_secret_t (file (read)))\\n' > auxerr_local.cil && semodule -i auxerr_local.cil"

out=$(confined cat "$dir/shared" 2>&1)
check "shared: EACCES" "$out" "cat: $dir/shared: Permission denied"
avc=$(avc_of shared)
out=$(printf '%s\n' "$avc" | "$why" "$policy")
check "shared: audit2why names the boolean" "$(sed -n 's/.* verdict=/verdict=/p' <<< "$out")" \
	"verdict=boolean booleans=auxerr_read_shared:1"
check "shared: the sentence" "$(sed -n 's/^sentence: //p' <<< "$out")" \
	"SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_shared_t: it allows it only with the boolean auxerr_read_shared on"
check "shared: the remedy" "$(sed -n 's/^command: //p' <<< "$out")" "setsebool -P auxerr_read_shared 1"
# the remedy: set the boolean it names (at run time: the policy store on
# the read-only root cannot take -P), and the same read succeeds
echo 1 > /sys/fs/selinux/booleans/auxerr_read_shared &&
	echo 1 > /sys/fs/selinux/commit_pending_bools
check "shared: allowed with auxerr_read_shared=1" "$(confined cat "$dir/shared" 2>&1)" "the shared file"
echo 0 > /sys/fs/selinux/booleans/auxerr_read_shared &&
	echo 1 > /sys/fs/selinux/commit_pending_bools

out=$(confined cat "$dir/quiet" 2>&1)
check "quiet: EACCES" "$out" "cat: $dir/quiet: Permission denied"
check "quiet: SELinux logged nothing (dontaudit)" "$(avc_of quiet)" ""
# what the process and the object are, as the system shows them
event="type=AVC msg=audit(1.000:1): avc:  denied  { read } for  pid=1 comm=\"cat\" name=\"quiet\" scontext=$(confined cat /proc/self/attr/current | tr -d '\0') tcontext=$(stat -c %C "$dir/quiet") tclass=file permissive=0"
out=$(printf '%s\n' "$event" | "$why" "$policy")
check "quiet: audit2why" "$(sed -n 's/.* verdict=/verdict=/p' <<< "$out")" "verdict=dontaudit"
check "quiet: the sentence" "$(sed -n 's/^sentence: //p' <<< "$out")" \
	"SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_quiet_t: it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log"

# ---- auxerr's kernel: the AVC in the kept event, lsm_detail, permissive ----
# On the series' kernel (tests/selinux/run boots it when it has SELinux),
# the denial is kept with SELinux's own AVC record; probe (build/guest)
# makes the call in the confined domain and prints what was kept, and
# `auxerr explain` gives audit2why's answer on the test's policy.
PROBE=$top/build/guest/probe
AUXERR=$top/build/userland/auxerr
S=/proc/sys/kernel/auxerr
kept() {	# kept FILE: probe's open of FILE in the domain, as nobody
	out=$(confined "$PROBE" open "$1" 2>&1)
	ev=$(grep '^type=' <<< "$out")
}
fld() {		# fld TYPE NAME: the raw value in $ev
	sed -n "s/^type=$1 .* $2=\([^ ]*\).*/\1/p" <<< "$ev" | head -n 1
}
said() {	# said: auxerr explain's sentence for $ev
	printf '%s\n' "$ev" | AUXERR_SELINUX_POLICY=$policy "$AUXERR" explain - | sed -n '2s/^    //p'
}
remedy() {	# remedy: the remedy line of auxerr explain for $ev
	printf '%s\n' "$ev" | AUXERR_SELINUX_POLICY=$policy "$AUXERR" explain - | sed -n 's/^    remedy: //p'
}
if [ -d "$S" ]; then
	echo 1 > "$S/enabled"
	echo 1 > "$S/depth"
	check "lsm_detail: default 1" "$(cat "$S/lsm_detail")" 1
	kept "$dir/secret"
	check "kept secret: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "kept secret: lsm" "$(fld 'UNKNOWN\[1340\]' lsm)" selinux
	check "kept secret: lsm_audited" "$(fld 'UNKNOWN\[1340\]' lsm_audited)" 1
	check "kept secret: subj" "$(fld SYSCALL subj)" "system_u:system_r:auxerr_test_t:s0"
	check "kept secret: one AVC record" "$(grep -c '^type=AVC ' <<< "$ev")" 1
	check "kept secret: AVC after AUXERR" "$(sed -n '3s/ .*//p' <<< "$ev")" "type=AVC"
	check "kept secret: permission" "$(sed -n 's/^type=AVC .*avc:  denied  { \([a-z ]*\) } for .*/\1/p' <<< "$ev")" "read"
	check "kept secret: scontext" "$(fld AVC scontext)" "system_u:system_r:auxerr_test_t:s0"
	check "kept secret: tcontext" "$(fld AVC tcontext)" "system_u:object_r:auxerr_secret_t:s0"
	check "kept secret: tclass" "$(fld AVC tclass)" file
	check "kept secret: permissive" "$(fld AVC permissive)" 0
	check "kept secret: name" "$(fld AVC name)" '"secret"'
	check "kept secret: the sentence" "$(said)" \
		"openat $dir/secret: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_secret_t: it has no allow rule for it"
	check "kept secret: the remedy" "$(remedy)" \
		"Root can add a local SELinux policy module with the one rule (allow auxerr_test_t auxerr_secret_t (file (read))): printf '(allow auxerr_test_t auxerr_secret_t (file (read)))\\n' > auxerr_local.cil && semodule -i auxerr_local.cil"

	kept "$dir/shared"
	check "kept shared: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "kept shared: the sentence" "$(said)" \
		"openat $dir/shared: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_shared_t: it allows it only with the boolean auxerr_read_shared on"
	check "kept shared: the remedy" "$(remedy)" \
		"Root can set the SELinux boolean auxerr_read_shared to on: setsebool -P auxerr_read_shared 1"
	echo 1 > /sys/fs/selinux/booleans/auxerr_read_shared &&
		echo 1 > /sys/fs/selinux/commit_pending_bools
	kept "$dir/shared"
	check "kept shared: allowed with the boolean on" "$(sed -n 1p <<< "$out")" "errno=0"
	echo 0 > /sys/fs/selinux/booleans/auxerr_read_shared &&
		echo 1 > /sys/fs/selinux/commit_pending_bools

	# dontaudit: kept all the same, marked silent
	kept "$dir/quiet"
	check "kept quiet: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "kept quiet: lsm_audited=0" "$(fld 'UNKNOWN\[1340\]' lsm_audited)" 0
	check "kept quiet: tcontext" "$(fld AVC tcontext)" "system_u:object_r:auxerr_quiet_t:s0"
	check "kept quiet: the sentence" "$(said)" \
		"openat $dir/quiet: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_quiet_t: it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log"
	check "kept quiet: still nothing in the log" "$(avc_of quiet)" ""

	# lsm_detail 1: the domain may not getattr auxerr_hidden_t, so the
	# object's label is not the caller's to see
	kept "$dir/hidden"
	check "detail 1 hidden: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "detail 1 hidden: tcontext=?" "$(fld AVC tcontext)" "?"
	check "detail 1 hidden: scontext" "$(fld AVC scontext)" "system_u:system_r:auxerr_test_t:s0"
	check "detail 1 hidden: the sentence" "$(said)" \
		"openat $dir/hidden: SELinux's policy does not let the domain auxerr_test_t read this object of class file, whose label is hidden from the caller"
	echo 2 > "$S/lsm_detail"
	kept "$dir/hidden"
	check "detail 2 hidden: tcontext" "$(fld AVC tcontext)" "system_u:object_r:auxerr_hidden_t:s0"
	check "detail 2 hidden: the sentence" "$(said)" \
		"openat $dir/hidden: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_hidden_t: it has no allow rule for it"
	echo 0 > "$S/lsm_detail"
	kept "$dir/secret"
	check "detail 0: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "detail 0: lsm" "$(fld 'UNKNOWN\[1340\]' lsm)" selinux
	check "detail 0: no AVC record" "$(grep -c '^type=AVC ' <<< "$ev")" 0
	check "detail 0: no subj=" "$(grep -c '^type=SYSCALL .* subj=' <<< "$ev")" 0
	echo 1 > "$S/lsm_detail"

	# permissive: the call succeeds, so nothing is kept
	echo 0 > /sys/fs/selinux/enforce
	kept "$dir/secret"
	check "permissive: the read succeeds" "$(sed -n 1p <<< "$out")" "errno=0"
	check "permissive: nothing kept" "$(grep -c '^type=' <<< "$ev")" 0
	echo 1 > /sys/fs/selinux/enforce
else
	echo "SKIP the kept event: this kernel has no auxerr (Debian's stock kernel)"
fi

# permissive: the read succeeds, and SELinux logs what it would have denied
echo 0 > /sys/fs/selinux/enforce
check "permissive: secret read" "$(confined cat "$dir/secret" 2>&1)" "the secret file"
check "permissive: the AVC says permissive=1" \
	"$(avc_of secret | sed -n 's/.*permissive=\([01]\).*/\1/p')" 1
rm -rf "$dir"
finish
