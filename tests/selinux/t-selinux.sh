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

check() {	# check NAME ACTUAL EXPECTED; its status: whether it passed
	if [ "$2" = "$3" ]; then
		echo "PASS $1"; passed=$((passed + 1))
	else
		echo "FAIL $1: got [$2], want [$3]"; failed=$((failed + 1))
		return 1
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
	"printf '(allow auxerr_test_t auxerr_secret_t (file (read)))\\n' > auxerr_auxerr_test_t_auxerr_secret_t_file_read.cil && semodule -i auxerr_auxerr_test_t_auxerr_secret_t_file_read.cil"

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
command_of() {	# command_of: the remedy's command for $ev (JSON)
	printf '%s\n' "$ev" | AUXERR_SELINUX_POLICY=$policy "$AUXERR" explain --json - |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["remedy"]["command"] or "")'
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
	# the kernel's audit2why, made at the denial on the policy that decided
	check "kept secret: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" te
	check "kept secret: no lsm_bools" "$(grep -c ' lsm_bools=' <<< "$ev")" 0
	secret_ev=$ev
	check "kept secret: the sentence" "$(said)" \
		"openat $dir/secret: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_secret_t: it has no allow rule for it"
	# open() checks read, then open: the rule gives both (getattr, which
	# cat's fstat() needs, the policy grants already)
	check "kept secret: the remedy, all open() needs" "$(remedy)" \
		"Root can add a local SELinux policy module with the one rule (allow auxerr_test_t auxerr_secret_t (file (read open))), which gives every permission openat needs: printf '(allow auxerr_test_t auxerr_secret_t (file (read open)))\\n' > auxerr_auxerr_test_t_auxerr_secret_t_file_read_open.cil && semodule -i auxerr_auxerr_test_t_auxerr_secret_t_file_read_open.cil"
	secret_command=$(command_of)

	kept "$dir/shared"
	check "kept shared: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "kept shared: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" boolean
	# the domain may not read the boolean (getsebool's check), so at
	# lsm_detail 1 the kernel does not name it
	confined cat /sys/fs/selinux/booleans/auxerr_read_shared > /dev/null 2>&1
	check "kept shared: the domain may not read the boolean" "$?" 1
	check "kept shared: lsm_bools hidden at lsm_detail 1" "$(fld 'UNKNOWN\[1340\]' lsm_bools)" '"?"'
	shared_ev=$ev
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
	echo 2 > "$S/lsm_detail"
	kept "$dir/shared"
	check "detail 2 shared: lsm_bools names the boolean and its value" \
		"$(fld 'UNKNOWN\[1340\]' lsm_bools)" '"auxerr_read_shared=1"'
	echo 1 > "$S/lsm_detail"

	# dontaudit: kept all the same, marked silent
	kept "$dir/quiet"
	check "kept quiet: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "kept quiet: lsm_audited=0" "$(fld 'UNKNOWN\[1340\]' lsm_audited)" 0
	check "kept quiet: tcontext" "$(fld AVC tcontext)" "system_u:object_r:auxerr_quiet_t:s0"
	check "kept quiet: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" te
	check "kept quiet: the sentence" "$(said)" \
		"openat $dir/quiet: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_quiet_t: it has no allow rule for it, and a dontaudit rule keeps the denial out of the audit log"
	check "kept quiet: still nothing in the log" "$(avc_of quiet)" ""

	# lsm_detail 1: the domain may not getattr auxerr_hidden_t, so the
	# object's label is not the caller's to see
	kept "$dir/hidden"
	check "detail 1 hidden: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "detail 1 hidden: tcontext=?" "$(fld AVC tcontext)" "?"
	check "detail 1 hidden: scontext" "$(fld AVC scontext)" "system_u:system_r:auxerr_test_t:s0"
	# the kind of rule says something of the target's type: hidden too
	check "detail 1 hidden: no lsm_reason" "$(grep -c ' lsm_reason=' <<< "$ev")" 0
	check "detail 1 hidden: the sentence" "$(said)" \
		"openat $dir/hidden: SELinux's policy does not let the domain auxerr_test_t read this object of class file, whose label is hidden from the caller (so neither the rule nor a boolean that would allow it can be named here)"
	check "detail 1 hidden: the remedy" "$(remedy)" \
		"Root can see the object's label (ls -Z on the object) and then allow the domain auxerr_test_t to read objects of class file with that label in a local SELinux policy module, or give the object a label the domain may use"
	echo 2 > "$S/lsm_detail"
	kept "$dir/hidden"
	check "detail 2 hidden: tcontext" "$(fld AVC tcontext)" "system_u:object_r:auxerr_hidden_t:s0"
	check "detail 2 hidden: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" te
	check "detail 2 hidden: the sentence" "$(said)" \
		"openat $dir/hidden: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_hidden_t: it has no allow rule for it"
	echo 0 > "$S/lsm_detail"
	kept "$dir/secret"
	check "detail 0: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "detail 0: lsm" "$(fld 'UNKNOWN\[1340\]' lsm)" selinux
	check "detail 0: no AVC record" "$(grep -c '^type=AVC ' <<< "$ev")" 0
	check "detail 0: no subj=" "$(grep -c '^type=SYSCALL .* subj=' <<< "$ev")" 0
	check "detail 0: no lsm_reason" "$(grep -c ' lsm_reason=' <<< "$ev")" 0
	echo 1 > "$S/lsm_detail"

	# ---- a capability the process holds, refused by SELinux ----
	# nobody with CAP_CHOWN (ambient), in a domain with no capability
	# chown: the refusal is SELinux's, not a missing capability
	owned=$dir/owned
	echo "the owned file" > "$owned"
	chown 65534:65534 "$owned"
	chcon -t auxerr_owned_t "$owned"
	capable() {	# as nobody holding CAP_CHOWN, in the confined domain
		setpriv --reuid 65534 --regid 65534 --clear-groups \
			--inh-caps +chown --ambient-caps +chown \
			runcon -t auxerr_test_t -r system_r -- "$@"
	}
	check "cap: the process holds CAP_CHOWN" \
		"$(capable grep '^CapEff' /proc/self/status | awk '{print $2}')" 0000000000000001
	out=$(capable "$PROBE" chown "$owned" 0 2>&1)
	ev=$(grep '^type=' <<< "$out")
	check "cap: EPERM" "$(sed -n 1p <<< "$out")" "errno=1"
	check "cap: mechanism lsm, not cap" "$(fld 'UNKNOWN\[1340\]' mechanism)" lsm
	check "cap: lsm" "$(fld 'UNKNOWN\[1340\]' lsm)" selinux
	check "cap: lsm_hook" "$(fld 'UNKNOWN\[1340\]' lsm_hook)" capable
	check "cap: capability=0 (CAP_CHOWN)" "$(fld 'UNKNOWN\[1340\]' capability)" 0
	check "cap: the AVC's permission" "$(sed -n 's/^type=AVC .*avc:  denied  { \([a-z_ ]*\) } for .*/\1/p' <<< "$ev")" chown
	check "cap: tclass" "$(fld AVC tclass)" capability
	check "cap: tcontext, the domain itself" "$(fld AVC tcontext)" "system_u:system_r:auxerr_test_t:s0"
	check "cap: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" te
	cap_ev=$ev
	check "cap: the owner is unchanged" "$(stat -c %u "$owned")" 65534
	check "cap: the sentence" "$(said)" \
		"chown $owned: SELinux's policy does not let the domain auxerr_test_t use the capability CAP_CHOWN (class capability), which the process holds: it has no allow rule for it"
	check "cap: the remedy" "$(remedy)" \
		"Root can add a local SELinux policy module with the one rule (allow auxerr_test_t self (capability (chown))): printf '(allow auxerr_test_t self (capability (chown)))\\n' > auxerr_auxerr_test_t_self_capability_chown.cil && semodule -i auxerr_auxerr_test_t_self_capability_chown.cil"
	cap_command=$(command_of)

	# ---- lsm_detail 1: labels that are no secret to the caller ----
	# a port's label: no class's getattr covers it
	out=$(confined "$PROBE" bind 20047 2>&1)
	ev=$(grep '^type=' <<< "$out")
	check "port: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "port: tclass" "$(fld AVC tclass)" tcp_socket
	check "port: permission" "$(sed -n 's/^type=AVC .*avc:  denied  { \([a-z_ ]*\) } for .*/\1/p' <<< "$ev")" name_bind
	check "port: tcontext shown at lsm_detail 1" "$(fld AVC tcontext)" "system_u:object_r:auxerr_port_t:s0"
	check "port: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" te
	check "port: the sentence" "$(said)" \
		"bind 127.0.0.1 port 20047: SELinux's policy does not let the domain auxerr_test_t bind a socket to (class tcp_socket) a port labeled auxerr_port_t: it has no allow rule for it"
	# the context the caller wrote to /proc/self/attr/exec: RBAC refuses
	other=system_u:auxerr_other_r:auxerr_other_t:s0
	out=$(confined "$PROBE" setexec "$other" -- exec /bin/true 2>&1)
	ev=$(grep '^type=' <<< "$out")
	check "exec context: setexec allowed" "$(sed -n 1p <<< "$out")" "errno=0"
	check "exec context: EACCES" "$(sed -n 2p <<< "$out")" "errno=13"
	check "exec context: tclass" "$(fld AVC tclass)" process
	check "exec context: permission" "$(sed -n 's/^type=AVC .*avc:  denied  { \([a-z_ ]*\) } for .*/\1/p' <<< "$ev")" transition
	check "exec context: tcontext, the caller's own" "$(fld AVC tcontext)" "$other"
	check "rbac: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" rbac
	rbac_ev=$ev
	# RBAC: the roles, and the role allow rule that is missing
	check "rbac: the sentence" "$(said)" \
		"execve /bin/true: SELinux's policy does not let the domain auxerr_test_t change to the domain auxerr_other_t (process transition): no role allow rule lets the role system_r change to the role auxerr_other_r"
	check "rbac: the remedy" "$(remedy)" \
		"Root can add a local SELinux policy module with the role allow rule (roleallow system_r auxerr_other_r): printf '(roleallow system_r auxerr_other_r)\\n' > auxerr_roleallow_system_r_auxerr_other_r.cil && semodule -i auxerr_roleallow_system_r_auxerr_other_r.cil"
	rbac_command=$(command_of)

	# ---- MCS: a file above the constrained domain's level ----
	mcs=$dir/mcs
	echo "the mcs file" > "$mcs"
	chmod 644 "$mcs"
	chcon -t auxerr_public_t -l s0:c7 "$mcs"
	check "mcs: the file's level" "$(stat -c %C "$mcs")" "system_u:object_r:auxerr_public_t:s0:c7"
	out=$(setpriv --reuid 65534 --regid 65534 --clear-groups \
		runcon -t auxerr_mcs_t -r system_r -- "$PROBE" open "$mcs" 2>&1)
	ev=$(grep '^type=' <<< "$out")
	check "mcs: EACCES" "$(sed -n 1p <<< "$out")" "errno=13"
	check "mcs: tcontext" "$(fld AVC tcontext)" "system_u:object_r:auxerr_public_t:s0:c7"
	check "mcs: lsm_reason" "$(fld 'UNKNOWN\[1340\]' lsm_reason)" mls
	mcs_ev=$ev
	check "mcs: the sentence names both levels and the constraint" "$(said)" \
		"openat $mcs: SELinux's policy does not let the domain auxerr_mcs_t read an object of class file labeled auxerr_public_t: an MLS/MCS constraint forbids it: the process's level s0 does not dominate the object's level s0:c7 (mlsconstrain file { ioctl read write create setattr lock relabelfrom relabelto append unlink link rename open } ((h1 dom h2) or (t1 != mcs_constrained_type)))"
	check "mcs: the remedy points at the levels" "$(remedy)" \
		"The levels decide, not a missing rule: root can give the object a level the process's dominates (chcon -l), or run the process at a level that dominates the object's (runcon -l, or the user's range: semanage login -m -r)"
	chcon -l s0 "$mcs"
	out=$(setpriv --reuid 65534 --regid 65534 --clear-groups \
		runcon -t auxerr_mcs_t -r system_r -- "$PROBE" open "$mcs" 2>&1)
	check "mcs: allowed at the process's level" "$(sed -n 1p <<< "$out")" "errno=0"

	# ---- a confined process that cannot read the policy ----
	# the explanation made by the confined process itself, from the
	# kernel's lsm_reason: the policy file is unreadable there
	unreadable=$(mktemp /tmp/policy.XXXXXX)
	cp "$policy" "$unreadable"
	chmod 644 "$unreadable"
	chcon -t auxerr_secret_t "$unreadable"
	check "no policy access: the domain may not read it" \
		"$(confined head -c 1 "$unreadable" > /dev/null 2>&1; echo $?)" 1
	confined_said() {	# confined_said EVENT: the confined domain's sentence
		local f
		f=$(mktemp /tmp/ev.XXXXXX)
		printf '%s\n' "$1" > "$f"
		chmod 644 "$f"
		chcon -t auxerr_public_t "$f"
		confined env AUXERR_SELINUX_POLICY="$unreadable" "$AUXERR" explain "$f" 2>&1 |
			sed -n "${2:-2}s/^    //p"
		rm -f "$f"
	}
	check "no policy access: no allow rule" "$(confined_said "$secret_ev")" \
		"openat $dir/secret: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_secret_t: it has no allow rule for it"
	check "no policy access: its remedy, the one-rule module" "$(confined_said "$secret_ev" 3)" \
		"remedy: Root can add a local SELinux policy module with the one rule (allow auxerr_test_t auxerr_secret_t (file (read open))), which gives every permission openat needs: printf '(allow auxerr_test_t auxerr_secret_t (file (read open)))\\n' > auxerr_auxerr_test_t_auxerr_secret_t_file_read_open.cil && semodule -i auxerr_auxerr_test_t_auxerr_secret_t_file_read_open.cil"
	check "no policy access: a boolean the domain may not read" "$(confined_said "$shared_ev")" \
		"openat $dir/shared: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_shared_t: it allows it only with a boolean changed, one this process may not read (getsebool)"
	check "no policy access: a capability" "$(confined_said "$cap_ev")" \
		"chown $owned: SELinux's policy does not let the domain auxerr_test_t use the capability CAP_CHOWN (class capability), which the process holds: it has no allow rule for it"
	check "no policy access: RBAC" "$(confined_said "$rbac_ev")" \
		"execve /bin/true: SELinux's policy does not let the domain auxerr_test_t change to the domain auxerr_other_t (process transition): no role allow rule lets the role system_r change to the role auxerr_other_r"
	check "no policy access: MCS, both levels" "$(confined_said "$mcs_ev")" \
		"openat $mcs: SELinux's policy does not let the domain auxerr_mcs_t read an object of class file labeled auxerr_public_t: an MLS/MCS constraint forbids it: it compares the process's level s0 with the object's level s0:c7 (the policy's text is root's to read: seinfo --constrain)"
	# an event without the kernel's answer (another kernel): said as such
	check "no policy access, no lsm_reason: said so" \
		"$(confined_said "$(sed 's/ lsm_reason=[^ ]*//' <<< "$secret_ev")")" \
		"openat $dir/secret: SELinux's policy does not let the domain auxerr_test_t read an object of class file labeled auxerr_secret_t; the policy that decided is not this process's to read (a confined domain's usual lot), so audit2why's reason cannot be computed here: root can run auxerr explain on this record for it"
	rm -f "$unreadable"

	# ---- the remedies applied as root would, then the calls retried ----
	# Each remedy's command runs as written; its semodule installs into a
	# copy of the policy store (the guest's root is read-only), all three
	# modules in one transaction, and the policy built is loaded.
	store=$(mktemp -d /tmp/store.XXXXXX)
	# not cp -a: the 9p root's files have no SELinux labels to keep
	cp -r --preserve=mode,timestamps "$top/build/selinux/root/." "$store/" 2>&1 | head -n 3
	check "a copy of the policy store" "$(ls "$store/var/lib/selinux/default")" "$(ls "$top/build/selinux/root/var/lib/selinux/default")"
	mkdir "$store/bin" "$store/pending" "$store/work"
	printf '#!/bin/sh\n[ "$1" = -i ] && cp "$2" %s/\n' "$store/pending" > "$store/bin/semodule"
	chmod 755 "$store/bin/semodule"
	for c in "$secret_command" "$cap_command" "$rbac_command"; do
		(cd "$store/work" && PATH=$store/bin:$PATH sh -c "$c")
		check "remedy runs: ${c:0:40}" "$?" 0
	done
	check "three one-rule modules, one file each" "$(ls "$store/pending" | wc -l)" 3
	semodule -n --path "$store" --store default -X 400 $(printf -- '-i %s ' "$store"/pending/*.cil) \
		> "$store/semodule.log" 2>&1
	rc=$?
	# semodule warns of users without a passwd entry (sddm, ...): not errors
	check "semodule builds the policy with the remedies" "$rc" 0 ||
		grep -v 'passwd\|sddm\|^$' "$store/semodule.log" | tail -n 5
	dd if="$store/etc/selinux/default/policy/policy.33" of=/sys/fs/selinux/load \
		bs=16M iflag=fullblock status=none
	check "the policy with the remedies loads" "$?" 0
	kept "$dir/secret"
	check "remedy applied: the open succeeds" "$(sed -n 1p <<< "$out")" "errno=0"
	check "remedy applied: cat reads it" "$(confined cat "$dir/secret" 2>&1)" "the secret file"
	out=$(capable "$PROBE" chown "$owned" 0 2>&1)
	check "remedy applied: the chown succeeds" "$(sed -n 1p <<< "$out")" "errno=0"
	check "remedy applied: the owner is root" "$(stat -c %u "$owned")" 0
	# execve() replaces probe: /bin/true's status is the answer
	out=$(confined "$PROBE" setexec "$other" -- exec /bin/true 2>&1)
	check "remedy applied: the transition succeeds, true runs" "$?:$(grep -c 'errno=13' <<< "$out")" "0:0"
	dd if="$policy" of=/sys/fs/selinux/load bs=16M iflag=fullblock status=none
	rm -rf "$store"

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
