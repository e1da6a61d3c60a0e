#!/bin/bash
# Stress: many tasks denying, fetching and reading auxerr at once, the
# depth changed under load, denials inside signal handlers, set-user-ID
# exec, and the leak checks that go with them (build/guest/auxerr-stress,
# tests/guest/src/stress.c, says what each mode asserts).
#
# AUXERR_STRESS_SECONDS: how long the concurrent phase runs (default 8;
# make check-debug runs it longer). AUXERR_STRESS_FAILSLAB=TREE (the debug
# kernel's tree, set by check-debug) adds a phase with slab fault injection.
. "$(dirname "$0")/lib.sh"

STRESS=${AUXERR_TOP:-/work/main}/build/guest/auxerr-stress
OTHER=65533	# a second unprivileged user, for the foreign reader
secs=${AUXERR_STRESS_SECONDS:-8}
sig_secs=$(( secs / 4 > 2 ? secs / 4 : 2 ))

[ -d "$AUXERR_SYSCTL" ] || { fail stress-kernel "no $AUXERR_SYSCTL"; finish; }
[ -x "$STRESS" ] || { fail stress-program "$STRESS missing (make guest-programs)"; finish; }

t=$(mktemp -d /tmp/stress.XXXXXX)
chmod 755 "$t"
echo secret > "$t/secret"
chown 0:0 "$t/secret"
chmod 0600 "$t/secret"
cd "$t" || exit 1

depth0=$(cat "$AUXERR_SYSCTL/depth")
enabled0=$(cat "$AUXERR_SYSCTL/enabled")
echo 1 > "$AUXERR_SYSCTL/enabled"
# Audit on, so that FLUSH works; with no audit daemon (and no audit=1 at
# boot) the kernel logs flushed events and keeps none for a later daemon.
audit0=$(auditctl -s 2>/dev/null | awk '$1 == "enabled" { print $2 }')
auditctl -e 1 >/dev/null 2>&1 && aflag=-A || aflag=

as_other() {
	setpriv --reuid="$OTHER" --regid="$OTHER" --clear-groups --inh-caps=-all -- "$@"
}

# collect NAME OUT RC: pass the program's own PASS/FAIL lines on, and
# count a failure when it failed (with or without saying so).
collect() {
	cat "$2"
	if grep -q '^FAIL ' "$2"; then
		failures=$((failures + 1))
	elif [ "$3" != 0 ]; then
		fail "$1" "exited $3 without a FAIL line: $(tail -3 "$2" | tr '\n' ' ')"
	fi
}

# 1. Everything at once: 4 threads denying and fetching, 2 threads forking
# children that deny then exit or exec, root reading every task's
# /proc/.../auxerr, another user doing the same and being refused, and
# the depth sysctl changing all the while.
echo "stress: concurrent phase, ${secs}s"
start=$(date +%s)
as_nobody "$STRESS" $aflag -t "$secs" -j 4 threads "$t/secret" > threads.out 2>&1 & p1=$!
as_nobody "$STRESS" -t "$secs" -j 2 forkstorm "$t/secret" > fork.out 2>&1 & p2=$!
"$STRESS" -t "$secs" -j 2 procread > proc.out 2>&1 & p3=$!
as_other "$STRESS" -t "$secs" -j 2 procread --foreign > foreign.out 2>&1 & p4=$!
"$STRESS" -t "$secs" depth > depth.out 2>&1 & p5=$!
wait $p1; r1=$?; wait $p2; r2=$?; wait $p3; r3=$?; wait $p4; r4=$?; wait $p5; r5=$?
collect threads threads.out $r1
collect forkstorm fork.out $r2
collect procread proc.out $r3
collect procread-foreign foreign.out $r4
collect depth depth.out $r5
expect_eq stress-depth-restored "$depth0" "$(cat "$AUXERR_SYSCTL/depth")"
echo "stress: concurrent phase took $(( $(date +%s) - start ))s"

# 2. Fault injection (debug kernel, AUXERR_STRESS_FAILSLAB=KERNEL-TREE):
# failslab fails a quarter of the allocations made under auxerr's own
# functions (a stack trace filter on the text of kernel/auxerr, whose
# symbols come from the tree's objects), and nothing else. Records go
# missing; errnos must not change; the kernel must stay clean.
fs=/sys/kernel/debug/failslab
ktree=${AUXERR_STRESS_FAILSLAB:-}
if [ -n "$ktree" ]; then
	objs=$ktree/kernel/auxerr/built-in.a
	sym=auxerr_syscall_exit
	if [ ! -f "$fs/require-start" ] || [ ! -f "$objs" ]; then
		fail failslab "no $fs/require-start (FAULT_INJECTION_STACKTRACE_FILTER) or no $objs"
	elif [ "$(awk -v s=$sym '$3 == s { print $1 }' /proc/kallsyms)" != \
	       "$(awk -v s=$sym '$3 == s { print $1 }' "$ktree/System.map")" ]; then
		fail failslab "the running kernel is not the one built in $ktree ($sym differs)"
	else
		# kernel/auxerr's text: the run of its functions, in the running
		# kernel's address order, that holds $sym, to the
		# symbol after it. Not from its first to its last name: its
		# KUnit and init code lie elsewhere, and the range then took in
		# most of the kernel and starved init.
		range=$(nm --defined-only "$objs" 2>/dev/null | awk '$2 ~ /^[tT]$/ { print $3 }' |
			sort -u | awk '
				NR == FNR { want[$1] = 1; next }
				$2 ~ /^[tT]$/ { print $1, ($3 in want), $3 }' - /proc/kallsyms |
			sort | awk -v anchor="$sym" '
				$2 == 1 { if (!n) start = $1; n++
					  if ($3 == anchor) mine = 1; next }
				n { if (mine && !hi) { lo = start; hi = $1 } n = 0; mine = 0 }
				END { if (hi) print lo, hi }')
		if [ -z "$range" ]; then
			fail failslab "cannot find kernel/auxerr's text in /proc/kallsyms"
		else
			echo "stress: failslab on auxerr's text ${range% *}-${range#* }"
			echo "0x${range% *}" > "$fs/require-start"
			echo "0x${range#* }" > "$fs/require-end"
			echo N > "$fs/task-filter"
			echo N > "$fs/ignore-gfp-wait"
			echo 0 > "$fs/verbose"
			echo 1 > "$fs/interval"
			echo -1 > "$fs/times"
			echo 25 > "$fs/probability"
			echo 8 > "$AUXERR_SYSCTL/depth"
			fsecs=$(( secs / 2 > 4 ? secs / 2 : 4 ))
			as_nobody "$STRESS" -F -t "$fsecs" -j 4 threads "$t/secret" > fthreads.out 2>&1 & p1=$!
			as_nobody "$STRESS" -F -t "$fsecs" -j 2 forkstorm "$t/secret" > ffork.out 2>&1 & p2=$!
			"$STRESS" -F -t "$fsecs" -j 2 procread > fproc.out 2>&1 & p3=$!
			wait $p1; r1=$?; wait $p2; r2=$?; wait $p3; r3=$?
			echo 0 > "$fs/probability"
			sed -i 's/^\(PASS\|FAIL\) \([a-z-]*\)/\1 \2-failslab/' fthreads.out ffork.out fproc.out
			collect threads-failslab fthreads.out $r1
			collect forkstorm-failslab ffork.out $r2
			collect procread-failslab fproc.out $r3
		fi
	fi
fi

# 3. Signal handlers that are denied themselves, at depth 1, 2 and 16.
for d in 1 2 16; do
	echo "$d" > "$AUXERR_SYSCTL/depth"
	as_nobody "$STRESS" -t "$sig_secs" signal "$t/secret" > sig.out 2>&1
	collect "signal-depth$d" sig.out $?
done

# 4. Set-user-ID exec: a set-user-ID-root copy on a tmpfs mounted without
# nosuid (the root is a read-only 9p share, /tmp is nosuid).
mkdir "$t/suid"
if mount -t tmpfs -o mode=755 tmpfs "$t/suid"; then
	cp "$STRESS" "$t/suid/auxerr-stress"
	chown 0:0 "$t/suid/auxerr-stress"
	chmod 4755 "$t/suid/auxerr-stress"
	echo 16 > "$AUXERR_SYSCTL/depth"
	as_nobody "$STRESS" setuid "$t/suid/auxerr-stress" "$t/secret" > suid.out 2>&1
	collect setuid suid.out $?
	umount "$t/suid"
else
	fail setuid "cannot mount a tmpfs for the set-user-ID copy"
fi

echo "$depth0" > "$AUXERR_SYSCTL/depth"
echo "$enabled0" > "$AUXERR_SYSCTL/enabled"
[ -n "$audit0" ] && auditctl -e "$audit0" >/dev/null 2>&1
cd / && rm -rf "$t"
finish
