#!/bin/bash
# bench/guest.sh KIND [ROUNDS [NS_PER_TICK]]: the benchmark inside the guest (as root,
# started by bench/run through tests/vm/run). Prints "S,..." sample lines,
# "M,..." single figures and "I,..." information on the console, which
# bench/run collects; everything else is commentary.
#
#   patched  phase A (audit never enabled in this boot): successful and
#            denied syscalls auxerr off/on, GET/INFO latency, memory;
#            phase B (auditd running): the same off/on plus the audit
#            rules, FLUSH latency
#   base     the unpatched kernel: successful and denied syscalls, memory
#   xboot    successful syscalls only, nothing switched (either kernel):
#            the comparison across boots
#   conc     threads denying at once, auxerr off/on (boot with --smp N)
set -uo pipefail
top=${AUXERR_TOP:?not in the guest}
# shellcheck source=../tests/guest/lib.sh
. "$top/tests/guest/lib.sh"
B=$top/build/bench/auxbench
kind=${1:?kind}
rounds=${2:-15}
# TCG's TSC is the host's; bench/run measured its rate there.
export AUXBENCH_NS_PER_TICK=${3:-}
export AUXBENCH_LIBAUXERR=$top/build/userland/libauxerr.so.1
[ -e "$AUXBENCH_LIBAUXERR" ] || AUXBENCH_LIBAUXERR=

ok_cases=getpid,open_close,stat
deny_cases=deny_open,deny_chown,deny_seccomp

echo "I,clocksource,$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)"
echo "I,cpus,$(nproc)"
echo "I,kernel,$(uname -r)"

set -e
case "$kind" in
patched)
	echo "I,auxerr_depth,$(cat /proc/sys/kernel/auxerr/depth)"
	# Which mechanism the kernel records for each denial case (none: not
	# recorded), so that the table can say so.
	for c in deny_open deny_chown deny_seccomp; do "$B" show "$c" on | grep '^I,mech'; done
	"$B" ops A "$rounds" off,on "$ok_cases,$deny_cases,getpid_young"
	LD_PRELOAD=$AUXBENCH_LIBAUXERR "$B" lat LA "$rounds" deny_open,get,info,lib_get
	"$B" mem A 5 200
	start_auditd
	echo "I,audit,$(auditctl -s | tr '\n' ' ')"
	"$B" ops B "$rounds" off,on,rule "$ok_cases,$deny_cases"
	"$B" lat LB "$rounds" deny_open,deny_flush
	# How many events the rules caught, per system call (x86_64 numbers).
	for sc in openat:257 chown:92 getpgid:121; do
		echo "I,audit_events_${sc%%:*},$(grep -c "type=SYSCALL.* syscall=${sc#*:} " /var/log/audit/audit.log || true)"
	done
	echo "I,audit_after,$(auditctl -s | tr '\n' ' ')"
	stop_auditd
	;;
base)
	"$B" ops A "$rounds" base "$ok_cases,$deny_cases"
	"$B" mem A 5 200
	;;
xboot)
	# Only the successful calls, for the comparison across boots; on the
	# patched kernel auxerr is as booted (enabled), never switched.
	"$B" ops X "$rounds" base "$ok_cases"
	;;
conc)
	n=$(nproc)
	for t in 1 2 4; do
		"$B" conc "smp${n}_t$t" "$rounds" off,on "$t"
	done
	;;
*)
	echo "bench/guest.sh: unknown kind $kind" >&2
	exit 2
	;;
esac
