#!/bin/bash
# auxerr(1) against real denials of the unprivileged user nobody: status,
# last, explain (of flushed events in the audit log), run (the preload
# shim) and trace (ptrace, live), field by field.
. "$(dirname "$0")/lib.sh"

AUXERR=${AUXERR_TOP:-/work/main}/build/userland/auxerr
[ -x "$AUXERR" ] || { fail cli-built "no $AUXERR (make userland)"; finish; }
[ -d "$AUXERR_SYSCTL" ] || { fail kernel-has-auxerr "no $AUXERR_SYSCTL"; finish; }

# json FILE EXPR: EXPR evaluated for the JSON object "o" of each line
json() {
	python3 -c '
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    print(eval(sys.argv[2]))' "$1" "$2"
}
# bg_nobody CMD...: CMD as nobody in the background, $! its pid (as_nobody
# CMD & would give the pid of a subshell)
bg_nobody() {
	setpriv --reuid="$NOBODY" --regid="$NOBODY" --clear-groups --inh-caps=-all -- "$@" &
}
# Until PID's /proc file shows N events (the debug kernel is slow to get there).
wait_events() {
	local i
	for ((i = 0; i < 300; i++)); do
		[ "$(grep -c '^type=SYSCALL ' "/proc/$1/auxerr" 2>/dev/null)" -ge "$2" ] && return 0
		sleep 0.1
	done
	echo "wait_events: process $1 kept no $2 events within 30 s" >&2
}
aux() { echo "[r for r in o['records'] if r['type']=='AUXERR'][0]['fields'].get('$1', '')"; }

t=$(mktemp -d /tmp/cli.XXXXXX)
chmod 755 "$t"
echo secret > "$t/secret"
chmod 0600 "$t/secret"
mkdir -m 0700 "$t/closed"
touch "$t/closed/inner" "$t/file"
cd "$t" || exit 1
j=$t/out.json
touch "$j" "$t/tr"
chown "$NOBODY" "$j" "$t/tr"	# trace -o FILE runs as nobody
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"

# ---- status ----------------------------------------------------------------
out=$("$AUXERR" status); rc=$?
expect_eq status-rc 0 "$rc"
expect_eq status-kernel "kernel support: yes" "$(head -1 <<<"$out")"
for s in enabled depth flush_ratelimit; do
	expect_eq "status-sysctl-$s" "kernel.auxerr.$s = $(cat "$AUXERR_SYSCTL/$s")" \
		"$(grep "^kernel.auxerr.$s = " <<<"$out")"
done
expect_eq status-audit-root-known "audit: $(auditctl -s | awk '$1=="enabled"{print ($2==0?"disabled":$2==2?"enabled (locked)":"enabled")}')" \
	"$(grep '^audit: ' <<<"$out")"
expect_match status-no-auditd '^auditd: not connected' "$(grep '^auditd: ' <<<"$out")"
"$AUXERR" status --json > "$j"
expect_eq status-json-supported True "$(json "$j" 'o["kernel"]["supported"]')"
expect_eq status-json-depth "$(cat "$AUXERR_SYSCTL/depth")" "$(json "$j" 'o["kernel"]["sysctl"]["depth"]')"
expect_eq status-json-enabled 1 "$(json "$j" 'o["kernel"]["sysctl"]["enabled"]')"
expect_eq status-json-audit-known True "$(json "$j" 'o["audit"]["known"]')"
expect_eq status-json-auditd-pid 0 "$(json "$j" 'o["audit"]["auditd_pid"]')"
# nobody cannot ask the kernel about audit: says so, still exits 0
out=$(as_nobody "$AUXERR" status); rc=$?
expect_eq status-nobody-rc 0 "$rc"
expect_match status-nobody-audit '^audit: unknown \(.*CAP_AUDIT_CONTROL' "$(grep '^audit: ' <<<"$out")"
as_nobody "$AUXERR" status --json > "$j"
expect_eq status-nobody-json-known False "$(json "$j" 'o["audit"]["known"]')"
expect_eq status-nobody-json-error EPERM "$(json "$j" 'o["audit"]["error"]')"
# disabled: exit 1
echo 0 > "$AUXERR_SYSCTL/enabled"
"$AUXERR" status > /dev/null; rc=$?
expect_eq status-disabled-rc 1 "$rc"
echo 1 > "$AUXERR_SYSCTL/enabled"
# with auditd: connected, its pid
if start_auditd; then
	out=$("$AUXERR" status)
	apid=$(auditctl -s | awk '$1=="pid"{print $2}')
	expect_eq status-auditd-connected "auditd: connected, pid $apid" "$(grep '^auditd: ' <<<"$out")"
	expect_eq status-audit-enabled "audit: enabled" "$(grep '^audit: ' <<<"$out")"
	out=$(as_nobody "$AUXERR" status)
	expect_eq status-nobody-auditd-process "auditd: a process is running, pid $apid (connection unknown)" \
		"$(grep '^auditd: ' <<<"$out")"
else
	fail auditd-start "auditd did not start"
fi

# ---- last --------------------------------------------------------------------
# The calling shell's own denial (a builtin's redirection): last's default
# (the "; true" keeps bash from exec'ing the last command: exec drops records)
out=$(as_nobody bash -c ": < $t/secret 2>/dev/null; $AUXERR last; true" 2>/dev/null); rc=$?
expect_eq last-shell-rc 0 "$rc"
expect_match last-shell-header "^audit\([0-9]+\.[0-9]{3}:[0-9]+\) pid [0-9]+: openat: EACCES \(Permission denied\), mechanism dac$" "$(head -1 <<<"$out")"
expect_eq last-shell-sentence "    openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission" "$(sed -n 2p <<<"$out")"
expect_eq last-shell-remedy "    remedy: The file's owner (uid 0, root) can give uid 65534 read permission on $t/secret with one ACL entry for that user: setfacl -m u:nobody:r $t/secret" "$(sed -n 3p <<<"$out")"

# A waiting process, by -p and -t, as root, as the same user, as another
# The waiters sleep until killed: the checks may take minutes on the debug kernel.
bg_nobody bash -c ": < $t/secret 2>/dev/null; sleep 3600; true" >/dev/null 2>&1
pid=$!
wait_events "$pid" 1
"$AUXERR" last -p "$pid" --json > "$j"; rc=$?
expect_eq last-p-rc 0 "$rc"
expect_eq last-p-pid "$pid" "$(json "$j" 'o["pid"]')"
expect_eq last-p-tid "$pid" "$(json "$j" 'o["tid"]')"
expect_eq last-p-source proc "$(json "$j" 'o["source"]')"
expect_eq last-p-errno 13 "$(json "$j" 'o["errno"]')"
expect_eq last-p-version 2 "$(json "$j" 'o["version"]')"
expect_eq last-p-uid-member 65534 "$(json "$j" 'o["uid"]')"
expect_eq last-p-line None "$(json "$j" 'o["line"]')"
expect_eq last-p-stamp "$(sed -n '1s/.*msg=audit(\([0-9.]*:[0-9]*\)).*/\1/p' "/proc/$pid/auxerr")" "$(json "$j" 'o["stamp"]')"
expect_eq last-p-errno_name EACCES "$(json "$j" 'o["errno_name"]')"
expect_eq last-p-syscall openat "$(json "$j" 'o["syscall_name"]')"
expect_eq last-p-mechanism dac "$(json "$j" 'o["mechanism"]')"
expect_eq last-p-class other "$(json "$j" "$(aux class)")"
expect_eq last-p-mode 0100600 "$(json "$j" "$(aux mode)")"
expect_eq last-p-mode-interp file,600 "$(json "$j" "[r for r in o['records'] if r['type']=='AUXERR'][0]['interpreted']['mode']")"
expect_eq last-p-override dac_read_search,dac_override "$(json "$j" "$(aux override)")"
expect_eq last-p-path "$t/secret" "$(json "$j" "[r for r in o['records'] if r['type']=='PATH'][0]['fields']['name']")"
expect_eq last-p-uid nobody "$(json "$j" "o['records'][0]['interpreted']['uid']")"
expect_eq last-p-record-pid "$pid" "$(json "$j" "o['records'][0]['fields']['pid']")"
expect_eq last-p-serial "$(sed -n '1s/.*msg=audit([0-9.]*:\([0-9]*\)).*/\1/p' "/proc/$pid/auxerr")" "$(json "$j" 'o["serial"]')"
expect_eq last-p-text "$(cat "/proc/$pid/auxerr")" "$(json "$j" 'o["text"].rstrip("\n")')"
expect_eq last-raw-is-proc "$(cat "/proc/$pid/auxerr")" "$("$AUXERR" last -p "$pid" --raw)"
expect_eq last-t "$(cat "$j")" "$("$AUXERR" last -t "$pid" --json)"
expect_eq last-p-t "$(cat "$j")" "$("$AUXERR" last -p "$pid" -t "$pid" --json)"
expect_eq last-as-owner "$(cat "$j")" "$(as_nobody "$AUXERR" last -p "$pid" --json)"
setpriv --reuid=1 --regid=1 --clear-groups --inh-caps=-all -- "$AUXERR" last -p "$pid" >/dev/null 2>"$t/err"; rc=$?
expect_eq last-other-user-rc 5 "$rc"
expect_match last-other-user-msg "process $pid: Permission denied" "$(cat "$t/err")"
pkill -P "$pid"; kill "$pid"; wait "$pid" 2>/dev/null
"$AUXERR" last -p "$pid" 2>/dev/null; expect_eq last-gone-rc 5 "$?"
"$AUXERR" last -p 1 -t 999999 2>/dev/null; expect_eq last-no-such-thread-rc 5 "$?"
# no record: exit 1
bg_nobody sleep 3600
pid=$!
sleep 0.3
"$AUXERR" last -p "$pid" 2>"$t/err"; rc=$?
expect_eq last-none-rc 1 "$rc"
expect_match last-none-msg "no denial kept for process $pid" "$(cat "$t/err")"
kill "$pid"; wait "$pid" 2>/dev/null
# depth 4: -n 0 shows every kept record, newest first; -n 1 the newest
echo 4 > "$AUXERR_SYSCTL/depth"
bg_nobody bash -c ": < $t/secret 2>/dev/null; : < $t/closed/inner 2>/dev/null; sleep 3600; true" >/dev/null 2>&1
pid=$!
wait_events "$pid" 2
"$AUXERR" last -p "$pid" -n 0 --json > "$j"
expect_eq last-all-count 2 "$(wc -l < "$j")"
expect_eq last-all-mechanisms "path dac" "$(json "$j" 'o["mechanism"]' | tr '\n' ' ' | sed 's/ $//')"
expect_eq last-all-component "$t/closed" "$(json "$j" "$(aux component)" | head -1)"
expect_eq last-n1-count 1 "$("$AUXERR" last -p "$pid" --json | wc -l)"
expect_eq last-n1-newest path "$("$AUXERR" last -p "$pid" | head -1 | sed 's/.*mechanism //')"
s0=$(json "$j" 'o["serial"]' | head -1); s1=$(json "$j" 'o["serial"]' | tail -1)
expect_eq last-all-serials-descending 1 "$([ "$s0" -gt "$s1" ] && echo 1)"
pkill -P "$pid"; kill "$pid"; wait "$pid" 2>/dev/null
echo 1 > "$AUXERR_SYSCTL/depth"

# ---- explain: flushed events, from ausearch --raw and from the log ------------
out=$(as_nobody "$PROBE" -f open "$t/secret")
serial=$(sed -n 's/^slot=0 serial=\([0-9]*\) .*/\1/p' <<<"$out")
sed -n '/^type=/p' <<<"$out" > "$t/probe.txt"
expected=$("$AUXERR" explain "$t/probe.txt" | sed -n 2p)
expect_match explain-probe-sentence "^    openat $t/secret: denied by file permissions" "$expected"
if wait_ausearch -a "$serial" --raw > "$t/raw.txt"; then
	"$AUXERR" explain --json "$t/raw.txt" > "$j"; rc=$?
	expect_eq explain-ausearch-rc 0 "$rc"
	expect_eq explain-ausearch-count 1 "$(wc -l < "$j")"
	expect_eq explain-ausearch-serial "$serial" "$(json "$j" 'o["serial"]')"
	expect_eq explain-ausearch-source audit "$(json "$j" 'o["source"]')"
	expect_eq explain-ausearch-mechanism dac "$(json "$j" 'o["mechanism"]')"
	expect_eq explain-ausearch-class other "$(json "$j" "$(aux class)")"
	expect_eq explain-ausearch-sentence "${expected#    }" "$(json "$j" 'o["explanation"]')"
	expect_eq explain-ausearch-pipe "$("$AUXERR" explain "$t/raw.txt")" "$(ausearch -a "$serial" --raw | "$AUXERR" explain)"
	# the whole log (ENRICHED, with auditd's own events): ours is in it
	"$AUXERR" explain --json /var/log/audit/audit.log > "$j"; rc=$?
	expect_eq explain-log-rc 0 "$rc"
	expect_eq explain-log-has-serial 1 "$(json "$j" 'o["serial"]' | grep -cx "$serial")"
	expect_eq explain-log-sentence "${expected#    }" "$(json "$j" "o['explanation'] if o['serial']==$serial else ''" | grep .)"
	# plain ausearch output (---- and time-> lines) too
	expect_eq explain-ausearch-plain "$("$AUXERR" explain "$t/raw.txt")" "$(ausearch -a "$serial" | "$AUXERR" explain)"
	# interpreted output is refused, with the line
	ausearch -a "$serial" -i | "$AUXERR" explain > /dev/null 2> "$t/err"; rc=$?
	expect_eq explain-interpreted-rc 3 "$rc"
	expect_match explain-interpreted-msg '<stdin>:[0-9]+: .*ausearch --raw' "$(cat "$t/err")"
else
	fail explain-ausearch "no flushed event $serial in the log"
fi
stop_auditd

# ---- run -----------------------------------------------------------------------
plain=$(as_nobody cat "$t/secret" 2>&1)
expect_eq run-plain "cat: $t/secret: Permission denied" "$plain"
out=$(as_nobody "$AUXERR" run -- cat "$t/secret" 2>&1); rc=$?
expect_eq run-rc 1 "$rc"
expect_eq run-message "cat: $t/secret: Permission denied (openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission)" "$out"
out=$(as_nobody "$AUXERR" run mkdir "$t/closed/new" 2>&1)
expect_match run-path-message "^mkdir: cannot create directory .*: Permission denied \(mkdir $t/closed/new: denied by the permissions of directory $t/closed" "$out"
as_nobody "$AUXERR" run -- /nonexistent 2>/dev/null; expect_eq run-notfound-rc 127 "$?"
# CMD itself refused: a script without the execute bit, named, then found
# by a PATH search whose later directories lack it (execvp() reports the
# EACCES of the first); the message names execve()'s own record
printf '#!/bin/sh\necho ran\n' > "$t/noexec.sh"
chmod 0644 "$t/noexec.sh"
mkdir -m 0755 "$t/bin1" "$t/bin2"
cp "$t/noexec.sh" "$t/bin1/auxerr-noexec"
out=$(as_nobody "$AUXERR" run -- "$t/noexec.sh" 2>&1); rc=$?
expect_eq run-noexec-rc 126 "$rc"
expect_eq run-noexec-message "auxerr run: $t/noexec.sh: Permission denied (execve $t/noexec.sh: denied by file permissions: mode 0644 root:root; uid 65534 is \"other\" and has no execute permission)" "$out"
out=$(as_nobody env PATH="$t/bin1:$t/bin2:/usr/bin:/bin" "$AUXERR" run -- auxerr-noexec 2>&1); rc=$?
expect_eq run-noexec-path-rc 126 "$rc"
expect_eq run-noexec-path-message "auxerr run: auxerr-noexec: Permission denied (execve $t/bin1/auxerr-noexec: denied by file permissions: mode 0644 root:root; uid 65534 is \"other\" and has no execute permission)" "$out"
# a CMD that is nowhere is ENOENT, told plainly, even right after a
# denial of the same process
out=$(as_nobody bash -c ": 2>/dev/null < $t/secret; exec \"\$0\" run -- $t/missing-cmd" "$AUXERR" 2>&1); rc=$?
expect_eq run-missing-after-denial-rc 127 "$rc"
expect_eq run-missing-after-denial-message "auxerr run: $t/missing-cmd: No such file or directory" "$out"

# ---- trace -----------------------------------------------------------------------
as_nobody "$AUXERR" trace -o "$t/tr" -- cat "$t/secret" 2>/dev/null; rc=$?
expect_eq trace-rc 1 "$rc"
expect_match trace-line1 '^\[pid [0-9]+\] openat = -1 EACCES \(Permission denied\)$' "$(sed -n 1p "$t/tr")"
expect_eq trace-line2 "    openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission" "$(sed -n 2p "$t/tr")"
expect_eq trace-line3 "    remedy: The file's owner (uid 0, root) can give uid 65534 read permission on $t/secret with one ACL entry for that user: setfacl -m u:nobody:r $t/secret" "$(sed -n 3p "$t/tr")"
expect_eq trace-one-denial 3 "$(wc -l < "$t/tr")"
# JSON; several denials of one process, an ENOENT failure not shown
as_nobody "$AUXERR" trace --json -o "$j" -- bash -c ": < $t/secret; : < /nonexistent; : < $t/closed/inner; chown 0 $t/file" 2>/dev/null; rc=$?
expect_eq trace-json-rc 1 "$rc"
expect_eq trace-json-count 3 "$(wc -l < "$j")"
expect_eq trace-json-remedy-dac "command|setfacl -m u:nobody:r $t/secret|the file's owner (uid 0, root)|0|None" "$(json "$j" '"|".join(str(o["remedy"][k]) for k in ("kind", "command", "who", "uid", "weakens"))' | sed -n 1p)"
expect_eq trace-json-remedy-cap "command|root|0|None" "$(json "$j" '"|".join(str(o["remedy"][k]) for k in ("kind", "who", "uid", "weakens"))' | sed -n 3p)"
expect_eq trace-json-remedy-cap-command "chown 0 $t/file" "$(json "$j" 'o["remedy"]["command"]' | sed -n 3p)"
expect_eq trace-json-mechanisms "dac path cap" "$(json "$j" 'o["mechanism"]' | tr '\n' ' ' | sed 's/ $//')"
expect_match trace-json-syscalls "^openat openat (fchownat|chown|lchown)$" "$(json "$j" 'o["syscall_name"]' | tr '\n' ' ' | sed 's/ $//')"
expect_eq trace-json-errnos "EACCES EACCES EPERM" "$(json "$j" 'o["errno_name"]' | tr '\n' ' ' | sed 's/ $//')"
expect_eq trace-json-source trace "$(json "$j" 'o["source"]' | sort -u)"
expect_eq trace-json-tid-is-pid "$(json "$j" 'o["pid"]')" "$(json "$j" 'o["tid"]')"
expect_eq trace-json-one-process 1 "$(json "$j" 'o["pid"]' | sort -u | wc -l)"
expect_eq trace-json-component "$t/closed" "$(json "$j" "[r for r in o['records'] if r['type']=='AUXERR'][0]['fields'].get('component','')" | sed -n 2p)"
expect_eq trace-json-capability chown "$(json "$j" "[r for r in o['records'] if r['type']=='AUXERR'][0]['interpreted'].get('capability','')" | sed -n 3p)"
# the same denial twice in a row is shown twice (two records, two serials)
as_nobody "$AUXERR" trace --json -o "$j" -- bash -c ": < $t/secret; : < $t/secret" 2>/dev/null
expect_eq trace-repeat-count 2 "$(wc -l < "$j")"
expect_eq trace-repeat-serials 2 "$(json "$j" 'o["serial"]' | sort -u | wc -l)"
# children: only with -f
as_nobody "$AUXERR" trace --json -o "$j" -- bash -c "cat $t/secret; true" 2>/dev/null
expect_eq trace-nofollow-count 0 "$(wc -l < "$j")"
as_nobody "$AUXERR" trace -f --json -o "$j" -- bash -c "cat $t/secret; true" 2>/dev/null; rc=$?
expect_eq trace-follow-rc 0 "$rc"
expect_eq trace-follow-count 1 "$(wc -l < "$j")"
expect_eq trace-follow-comm cat "$(json "$j" "o['records'][0]['fields']['comm']")"
expect_eq trace-follow-path "$t/secret" "$(json "$j" "[r for r in o['records'] if r['type']=='PATH'][0]['fields']['name']")"
# the traced program sees its errno and output unchanged; to stderr by default
out=$(as_nobody "$AUXERR" trace -- cat "$t/secret" 2>&1 >/dev/null)
expect_match trace-stderr "cat: $t/secret: Permission denied" "$out"
expect_match trace-stderr-denial "\[pid [0-9]+\] openat = -1 EACCES" "$out"

rm -rf "$t"
finish
