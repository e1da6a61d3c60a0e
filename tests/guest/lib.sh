# shellcheck shell=bash
# Helpers for guest tests (sourced). Each check prints "PASS name" or
# "FAIL name: why"; a test file exits non-zero when any check failed.

failures=0
passes=0
NOBODY=65534

pass() { echo "PASS $1"; passes=$((passes + 1)); }
fail() { echo "FAIL $1: $2"; failures=$((failures + 1)); }

# expect_eq NAME EXPECTED ACTUAL
expect_eq() {
	if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected '$2', got '$3'"; fi
}

# expect_match NAME REGEX ACTUAL
expect_match() {
	if [[ "$3" =~ $2 ]]; then pass "$1"; else fail "$1" "'$3' does not match /$2/"; fi
}

finish() {
	[ "$failures" = 0 ]
	exit $?
}

# Run a command as the unprivileged user nobody:nogroup, no supplementary
# groups and no capabilities.
as_nobody() {
	setpriv --reuid="$NOBODY" --regid="$NOBODY" --clear-groups --inh-caps=-all -- "$@"
}

# The same in the background, so that $! is the command's own pid:
# nobody_bg sleep 3600; pid=$!
# Returns once the command runs: until its exec, the process is setpriv,
# which its change of ids leaves undumpable, and on two vCPUs a test that
# ptraces it at once would see that instead of what it means to test.
nobody_bg() {
	local prog pid i

	(exec setpriv --reuid="$NOBODY" --regid="$NOBODY" --clear-groups --inh-caps=-all -- "$@") &
	pid=$!
	prog=$(readlink -f "$(command -v "$1")")
	for ((i = 0; i < 200; i++)); do
		[ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$prog" ] && return 0
		sleep 0.05
	done
	echo "nobody_bg: $1 (pid $pid) did not start within 10 s" >&2
	return 1
}

# Start auditd with a private configuration on tmpfs, writing the log
# synchronously so that ausearch sees an event as soon as it is written.
start_auditd() {
	local conf=/run/auxerr-audit
	# Each test starts from an empty log: earlier tests' events must not count.
	stop_auditd
	rm -f /var/log/audit/audit.log*
	mkdir -p "$conf/plugins.d"
	cat > "$conf/auditd.conf" <<CONF
local_events = yes
write_logs = yes
log_file = /var/log/audit/audit.log
log_group = root
log_format = ENRICHED
flush = SYNC
max_log_file = 64
max_log_file_action = ROTATE
space_left = 2
space_left_action = IGNORE
admin_space_left = 1
admin_space_left_action = IGNORE
disk_full_action = IGNORE
disk_error_action = IGNORE
use_libwrap = no
plugin_dir = $conf/plugins.d
end_of_event_timeout = 1
CONF
	chmod 0640 "$conf/auditd.conf"
	auditd -c "$conf" -s enable || return 1
	local i
	for i in $(seq 50); do
		auditctl -s 2>/dev/null | grep -q '^pid [1-9]' && return 0
		sleep 0.1
	done
	echo "start_auditd: auditd did not register with the kernel" >&2
	return 1
}

stop_auditd() {
	local pid
	pid=$(auditctl -s 2>/dev/null | awk '$1 == "pid" { print $2 }')
	# Without a daemon, kauditd holds new events for the next one: change
	# nothing then, or the next test's log starts with our auditctl -D.
	[ -n "$pid" ] && [ "$pid" != 0 ] || return 0
	auditctl -D >/dev/null 2>&1
	if kill "$pid" 2>/dev/null; then
		local i
		for i in $(seq 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
	fi
	return 0
}

# wait_ausearch ARGS...: ausearch ARGS until it finds something (auditd
# writes asynchronously to the kernel's delivery); prints what it found.
wait_ausearch() {
	local i out
	for i in $(seq 50); do
		if out=$(ausearch "$@" 2>/dev/null) && [ -n "$out" ]; then
			printf '%s\n' "$out"
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# audit_field TYPE FIELD: from audit text on stdin (raw event text, or
# ausearch output, interpreted or not), the value of FIELD in the first
# record of TYPE, without its quotes.
audit_field() {
	awk -v type="type=$1" -v field="$2" '
		$1 == type {
			for (i = 2; i <= NF; i++) {
				n = index($i, "=")
				if (n && substr($i, 1, n - 1) == field) {
					v = substr($i, n + 1)
					gsub(/^"|"$/, "", v)
					print v
					exit
				}
			}
		}'
}

# rec_field TYPE FIELD: the same, named for the raw text of a kept record.
rec_field() {
	audit_field "$@"
}

# The project's guest helpers, built by make userland.
PROBE=${AUXERR_TOP:-/work/main}/build/guest/probe
AUXERR_SYSCTL=/proc/sys/kernel/auxerr

# Checks on the output of auxerr-everyday (tests/guest/src), one KEY=VALUE
# a line, for the tests that run it as nobody with EV set to its path.
# run ARGS...: auxerr-everyday as nobody; $out is its output
run() { out=$(as_nobody "$EV" "$@" 2>&1); }
# get KEY: the value of KEY in $out
get() { awk -v k="$1=" 'index($0, k) == 1 { print substr($0, length(k) + 1); exit }' <<<"$out"; }
# fields NAME KEY=VALUE...: each f.KEY of the AUXERR record
fields() {
	local name=$1 kv
	shift
	for kv in "$@"; do
		expect_eq "$name-${kv%%=*}" "${kv#*=}" "$(get "f.${kv%%=*}")"
	done
}
# remedy NAME KIND COMMAND WHO [UID [WEAKENS]]: the remedy's members
remedy() {
	expect_eq "$1-remedy-kind" "$2" "$(get remedy.kind)"
	expect_eq "$1-remedy-command" "$3" "$(get remedy.command)"
	expect_eq "$1-remedy-who" "$4" "$(get remedy.who)"
	[ $# -ge 5 ] && expect_eq "$1-remedy-uid" "$5" "$(get remedy.uid)"
	[ $# -ge 6 ] && expect_eq "$1-remedy-weakens" "$6" "$(get remedy.weakens)"
	return 0
}
