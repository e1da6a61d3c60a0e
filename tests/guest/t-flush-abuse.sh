#!/bin/bash
# Flush abuse: nobody denies and flushes in a tight loop.  What reaches
# auditd is bounded by kernel.auxerr.flush_ratelimit (flushes per second,
# all tasks together); beyond it PR_AUXERR_FLUSH fails with EAGAIN (the
# UAPI's documented error); the audit backlog does not fill, nothing is
# lost, and the log stays small.  One "FIGURES" line per phase.
#
# The kernel's limit is a ratelimit state with an interval of one second
# and a burst of flush_ratelimit: each window lets at most that many
# through, and windows do not overlap.  Over a run of E seconds at most
# floor(E) + 2 windows are touched (one may have started before the run),
# so no more than rate * (floor(E) + 2) flushes can succeed.  E spans all
# the concurrent loops of a phase (CLOCK_MONOTONIC is system-wide).
. "$(dirname "$0")/lib.sh"

ABUSE=${AUXERR_TOP:-/work/main}/build/guest/flush-abuse
N=${FLUSH_ABUSE_N:-50000}
LOG=/var/log/audit/audit.log
RL=$AUXERR_SYSCTL/flush_ratelimit

[ -x "$ABUSE" ] || { fail flush-abuse-built "$ABUSE missing (make guest-programs)"; finish; }
[ -w "$RL" ] || { fail flush-ratelimit-sysctl "$RL missing"; finish; }
rate0=$(cat "$RL")

start_auditd || { fail auditd-start "auditd did not start"; finish; }
auditctl -D >/dev/null	# no rules: only flushed records reach the log

t=$(mktemp -d /tmp/flush-abuse.XXXXXX)
chmod 755 "$t"
echo secret >"$t/secret"
chmod 0600 "$t/secret"

# status FIELD: a field of `auditctl -s`
status() { auditctl -s 2>/dev/null | awk -v f="$1" '$1 == f { print $2 }'; }

# SYSCALL records of process PID in the log (flushed events of PID)
logged() {
	awk -v pid="pid=$1" '$1 == "type=SYSCALL" {
		for (i = 2; i <= NF; i++) if ($i == pid) { n++; break }
	} END { print n + 0 }' "$LOG"
}

# wait until the log holds WANT events of PID, or stops growing (10 s)
wait_logged() {
	local pid=$1 want=$2 i n last=-1 still=0
	for i in $(seq 100); do
		n=$(logged "$pid")
		[ "$n" -ge "$want" ] && break
		if [ "$n" = "$last" ]; then
			still=$((still + 1))
			[ "$still" -ge 20 ] && break
		else
			still=0
		fi
		last=$n
		sleep 0.1
	done
	logged "$pid"
}

# largest audit backlog seen while the loops run (sampled every 0.2 s)
watch_backlog() {
	local max=0 b
	while [ ! -e "$t/done" ]; do
		b=$(status backlog)
		[ -n "$b" ] && [ "$b" -gt "$max" ] && max=$b
		echo "$max" >"$t/backlog"
		sleep 0.2
	done
}

# parse LINE: flush-abuse's output line into the array F
declare -A F
parse() {
	local kv
	F=()
	for kv in $1; do F[${kv%%=*}]=${kv#*=}; done
}

# phase NAME RATE LOOPS: set the rate, run LOOPS concurrent abusers of N
# iterations each as nobody, check and report
phase() {
	local name=$1 rate=$2 loops=$3 k out pids=() flushed=0 eagain=0 \
		other=0 denied=0 logged_n=0 starts= ends= elapsed allowed lost0 lost1 \
		bytes0 bytes1 bl limit kmsg0 kmsg1 newk

	echo "$rate" >"$RL"
	expect_eq "$name-ratelimit-set" "$rate" "$(cat "$RL")"
	sleep 1.1	# the previous phase's window is over: this one starts afresh
	lost0=$(status lost)
	limit=$(status backlog_limit)
	bytes0=$(stat -c %s "$LOG")
	kmsg0=$(dmesg | wc -l)
	rm -f "$t/done" "$t/backlog"
	watch_backlog &
	local watcher=$!
	for k in $(seq "$loops"); do
		as_nobody "$ABUSE" "$N" "$t/secret" >"$t/out.$k" &
		pids+=($!)
	done
	wait "${pids[@]}"
	for k in $(seq "$loops"); do
		out=$(<"$t/out.$k")
		echo "  $name loop $k: $out"
		parse "$out"
		flushed=$((flushed + F[flushed]))
		eagain=$((eagain + F[eagain]))
		other=$((other + F[other]))
		denied=$((denied + F[denied]))
		starts+=" ${F[start]}" ends+=" ${F[end]}"
		logged_n=$((logged_n + $(wait_logged "${F[pid]}" "${F[flushed]}")))
	done
	touch "$t/done"
	wait "$watcher"
	bl=$(cat "$t/backlog" 2>/dev/null || echo 0)
	lost1=$(status lost)
	bytes1=$(stat -c %s "$LOG")
	kmsg1=$(dmesg | wc -l)
	newk=$(dmesg | tail -n +"$((kmsg0 + 1))" | grep -ci 'audit' || true)
	# the span of all loops, and what the limit lets through in it
	elapsed=$(awk -v s="$starts" -v e="$ends" 'BEGIN {
		n = split(s, a, " "); split(e, b, " "); lo = a[1]; hi = b[1]
		for (i = 2; i <= n; i++) { if (a[i] < lo) lo = a[i]; if (b[i] > hi) hi = b[i] }
		printf "%.3f\n", hi - lo }')
	allowed=$((rate * (${elapsed%.*} + 2)))

	echo "FIGURES phase=$name loops=$loops iterations=$((N * loops)) elapsed=$elapsed" \
	     "ratelimit=$rate flushed=$flushed eagain=$eagain other=$other" \
	     "allowed=$allowed logged=$logged_n lost=$((lost1 - lost0))" \
	     "backlog_max=$bl backlog_limit=$limit log_bytes=$((bytes1 - bytes0))" \
	     "bytes_per_event=$(( flushed ? (bytes1 - bytes0) / flushed : 0 ))" \
	     "kmsg_lines=$((kmsg1 - kmsg0))"

	expect_eq "$name-every-open-denied" "$((N * loops))" "$denied"
	expect_eq "$name-every-flush-answered" "$((N * loops))" "$((flushed + eagain))"
	expect_eq "$name-only-eagain-refusals" 0 "$other"
	if [ "$flushed" -le "$allowed" ]; then
		pass "$name-flushes-within-ratelimit"
	else
		fail "$name-flushes-within-ratelimit" "$flushed flushed in $elapsed s, at most $allowed allowed at $rate/s"
	fi
	# the limit is not zero either: at least one window's worth got through
	if [ "$flushed" -ge "$rate" ]; then
		pass "$name-flushes-happen"
	else
		fail "$name-flushes-happen" "only $flushed flushed, the rate is $rate/s"
	fi
	if [ "$eagain" -gt 0 ]; then
		pass "$name-refused-with-eagain"
	else
		fail "$name-refused-with-eagain" "no flush was refused"
	fi
	# every flushed event reached the log, and nothing else of ours
	expect_eq "$name-logged-equals-flushed" "$flushed" "$logged_n"
	expect_eq "$name-nothing-lost" 0 "$((lost1 - lost0))"
	if [ -n "$limit" ] && [ "$limit" -gt 0 ] && [ "$bl" -lt "$limit" ]; then
		pass "$name-backlog-not-full"
	else
		fail "$name-backlog-not-full" "backlog reached $bl of $limit"
	fi
	expect_eq "$name-no-audit-kernel-messages" 0 "$newk"
	# the log grows by the allowed events only: a few KiB each
	if [ $((bytes1 - bytes0)) -le $((allowed * 4096)) ]; then
		pass "$name-log-small"
	else
		fail "$name-log-small" "$((bytes1 - bytes0)) bytes for $flushed events"
	fi
}

phase default "$rate0" 1
phase rate5 5 1
phase two-tasks "$rate0" 2

echo "$rate0" >"$RL"
stop_auditd
finish
