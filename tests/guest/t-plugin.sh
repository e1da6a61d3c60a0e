#!/bin/bash
# The auditd plugin (audisp-auxerr) and the stock tools on flushed events:
# auditd runs with NO audit rules and two instances of the plugin (text
# and JSON, each writing a file under /run); nobody is denied and flushes;
# the plugin's lines, ausearch and aureport are checked field by field,
# SIGHUP (through auditd) rotates the plugin's file, and nothing but the
# expected events reaches the log.
. "$(dirname "$0")/lib.sh"

TOP=${AUXERR_TOP:-/work/main}
PLUGIN=$TOP/build/userland/audisp-auxerr
AUXERR=$TOP/build/userland/auxerr
conf=/run/auxerr-audit
out=/run/auxerr-plugin
log=/var/log/audit/audit.log

mkdir -p "$conf/plugins.d" "$out"
for fmt in text json; do
	cat > "$conf/audisp-auxerr-$fmt.conf" <<CONF
output = file
file = $out/$fmt.log
format = $fmt
CONF
	cat > "$conf/plugins.d/auxerr-$fmt.conf" <<CONF
active = yes
direction = out
path = $PLUGIN
type = always
args = $conf/audisp-auxerr-$fmt.conf
format = string
CONF
	chmod 0640 "$conf/plugins.d/auxerr-$fmt.conf"
done

# wait_file FILE [LINES]: until FILE exists (and has LINES lines)
wait_file() {
	local i
	for i in $(seq 50); do
		if [ -e "$1" ] && [ "$(wc -l < "$1")" -ge "${2:-0}" ]; then
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# plugin_field NAME: from the plugin's text line on stdin, the value of
# NAME (quotes removed, \" and \\ undone)
plugin_field() {
	PLUGIN_LINE=$(head -n1) python3 - "$1" <<'PY'
import os, re, sys
line = os.environ["PLUGIN_LINE"]
for k, v in re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', line):
    if k == sys.argv[1]:
        if v.startswith('"'):
            v = re.sub(r'\\(.)', r'\1', v[1:-1])
        print(v)
        break
PY
}

# json_field NAME: the same from a JSON line
json_field() {
	python3 -c 'import json, sys; print(json.loads(sys.stdin.readline())[sys.argv[1]])' "$1"
}

start_auditd || { fail auditd-start "auditd did not start"; finish; }
expect_eq no-audit-rules "No rules" "$(auditctl -l)"
wait_file "$out/text.log" && wait_file "$out/json.log"
expect_eq plugins-running 2 "$(pidof audisp-auxerr | wc -w)"

t=$(mktemp -d /tmp/plugin.XXXXXX)
chmod 755 "$t"
echo secret > "$t/secret"
chmod 0600 "$t/secret"

# --- one denial, flushed ------------------------------------------------
res=$(as_nobody "$PROBE" -f open "$t/secret")
expect_eq flush-ok flush=ok "$(grep '^flush=' <<<"$res")"
serial=$(sed -n 's/^slot=0 serial=\([0-9]*\) .*/\1/p' <<<"$res")
stamp=$(sed -n 's/^type=SYSCALL msg=\(audit([0-9.:]*)\).*/\1/p' <<<"$res")	# audit(SEC.MS:SERIAL)
pid=$(rec_field SYSCALL pid <<<"$res")
sec=${stamp#audit(}; sec=${sec%%.*}
ms=${stamp#*.}; ms=${ms%%:*}
when="$(date -u -d "@$sec" +%Y-%m-%dT%H:%M:%S).${ms}Z"
remedy="The file's owner (uid 0, root) can give uid 65534 read permission on $t/secret with one ACL entry for that user: setfacl -m u:nobody:r $t/secret"
why="openat $t/secret: denied by file permissions: mode 0600 root:root; uid 65534 is \"other\" and has no read permission"

wait_file "$out/text.log" 1 || fail plugin-line "no line in $out/text.log"
line=$(head -n1 "$out/text.log")
echo "plugin: $line"
expect_eq plugin-lines 1 "$(wc -l < "$out/text.log")"
expect_eq plugin-time "$when" "$(plugin_field time <<<"$line")"
expect_eq plugin-serial "$serial" "$(plugin_field serial <<<"$line")"
expect_eq plugin-pid "$pid" "$(plugin_field pid <<<"$line")"
expect_eq plugin-uid 65534 "$(plugin_field uid <<<"$line")"
expect_eq plugin-comm probe "$(plugin_field comm <<<"$line")"
expect_eq plugin-exe "$PROBE" "$(plugin_field exe <<<"$line")"
expect_eq plugin-syscall openat "$(plugin_field syscall <<<"$line")"
expect_eq plugin-errno EACCES "$(plugin_field errno <<<"$line")"
expect_eq plugin-mechanism dac "$(plugin_field mechanism <<<"$line")"
expect_eq plugin-explanation "$why" "$(plugin_field explanation <<<"$line")"
expect_eq plugin-remedy "$remedy" "$(plugin_field remedy <<<"$line")"
expect_eq plugin-line-whole "time=$when serial=$serial pid=$pid uid=65534 comm=\"probe\" exe=\"$PROBE\" syscall=openat errno=EACCES mechanism=dac explanation=\"${why//\"/\\\"}\" remedy=\"$remedy\"" "$line"

wait_file "$out/json.log" 1 || fail plugin-json-line "no line in $out/json.log"
j=$(head -n1 "$out/json.log")
echo "plugin json: $j"
expect_eq json-lines 1 "$(wc -l < "$out/json.log")"
expect_eq json-time "$when" "$(json_field time <<<"$j")"
expect_eq json-stamp "$sec.$ms:$serial" "$(json_field stamp <<<"$j")"
expect_eq json-serial "$serial" "$(json_field serial <<<"$j")"
expect_eq json-pid "$pid" "$(json_field pid <<<"$j")"
expect_eq json-uid 65534 "$(json_field uid <<<"$j")"
expect_eq json-comm probe "$(json_field comm <<<"$j")"
expect_eq json-exe "$PROBE" "$(json_field exe <<<"$j")"
expect_eq json-version 2 "$(json_field version <<<"$j")"
expect_eq json-source auditd "$(json_field source <<<"$j")"
expect_eq json-syscall 257 "$(json_field syscall <<<"$j")"
expect_eq json-syscall_name openat "$(json_field syscall_name <<<"$j")"
expect_eq json-arch c000003e "$(json_field arch <<<"$j")"
expect_eq json-errno 13 "$(json_field errno <<<"$j")"
expect_eq json-errno_name EACCES "$(json_field errno_name <<<"$j")"
expect_eq json-mechanism dac "$(json_field mechanism <<<"$j")"
expect_eq json-explained True "$(json_field explained <<<"$j")"
expect_eq json-explanation "$why" "$(json_field explanation <<<"$j")"
expect_eq json-remedy "command|$remedy|setfacl -m u:nobody:r $t/secret|the file's owner (uid 0, root)|0|None" \
	"$(python3 -c 'import json, sys; r = json.loads(sys.stdin.readline())["remedy"]; print("|".join(str(r[k]) for k in ("kind", "text", "command", "who", "uid", "weakens")))' <<<"$j")"
expect_eq json-line None "$(json_field line <<<"$j")"
expect_eq json-tid None "$(json_field tid <<<"$j")"

# --- the stock tools ------------------------------------------------------
ev=$(wait_ausearch -m 1340 -i) || { fail ausearch-m-1340 "nothing"; finish; }

# One schema: auxerr explain on the logged event writes the plugin's JSON
# object, member for member, but for where it was read (source, line)
"$AUXERR" explain --json "$log" > "$out/cli.json"
expect_eq cli-json-events 1 "$(wc -l < "$out/cli.json")"
expect_eq cli-json-vs-plugin "" "$(python3 - "$out/cli.json" "$out/json.log" <<'PY'
import json, sys
cli = json.loads(open(sys.argv[1]).readline())
plugin = json.loads(open(sys.argv[2]).readline())
if list(cli) != list(plugin):
    print("members differ:", list(cli), list(plugin))
for k in cli:
    if k in ("source", "line"):
        continue
    if cli[k] != plugin.get(k):
        print(k, repr(cli[k]), repr(plugin.get(k)))
if (cli["source"], plugin["source"]) != ("audit", "auditd") or not cli["line"]:
    print("source/line", cli["source"], plugin["source"], cli["line"])
PY
)"
echo "$ev"
expect_eq ausearch-m-1340-events 1 "$(grep -c '^----' <<<"$ev")"
expect_eq ausearch-m-1340-types "PROCTITLE PATH CWD UNKNOWN[1340] SYSCALL" \
	"$(grep -o '^type=[^ ]*' <<<"$ev" | cut -d= -f2 | tr '\n' ' ' | sed 's/ $//')"
expect_match ausearch-m-1340-serial "msg=audit\(.*:$serial\) : mechanism=dac " "$(grep '^type=UNKNOWN\[1340\]' <<<"$ev")"
expect_eq aux-i-mechanism dac "$(audit_field 'UNKNOWN[1340]' mechanism <<<"$ev")"
expect_eq aux-i-class other "$(audit_field 'UNKNOWN[1340]' class <<<"$ev")"
expect_eq aux-i-perm read "$(audit_field 'UNKNOWN[1340]' perm <<<"$ev")"
expect_eq aux-i-granted 0 "$(audit_field 'UNKNOWN[1340]' granted <<<"$ev")"
expect_eq aux-i-mode file,600 "$(audit_field 'UNKNOWN[1340]' mode <<<"$ev")"
expect_eq aux-i-ouid root "$(audit_field 'UNKNOWN[1340]' ouid <<<"$ev")"
expect_eq aux-i-ogid root "$(audit_field 'UNKNOWN[1340]' ogid <<<"$ev")"
expect_eq aux-i-override dac_read_search,dac_override "$(audit_field 'UNKNOWN[1340]' override <<<"$ev")"
# the name works too, as libauparse spells it
expect_eq ausearch-m-name 1 "$(ausearch -m 'UNKNOWN[1340]' --raw 2>/dev/null | grep -c '^type=UNKNOWN\[1340\]')"

ev=$(ausearch -a "$serial" -i 2>/dev/null)
expect_eq ausearch-a-records 5 "$(grep -c '^type=' <<<"$ev")"
expect_eq ausearch-a-syscall openat "$(audit_field SYSCALL syscall <<<"$ev")"
expect_eq ausearch-a-success no "$(audit_field SYSCALL success <<<"$ev")"
expect_eq ausearch-a-exit "EACCES(Permission" "$(audit_field SYSCALL exit <<<"$ev")"
expect_eq ausearch-a-uid nobody "$(audit_field SYSCALL uid <<<"$ev")"
expect_eq ausearch-a-auid unset "$(audit_field SYSCALL auid <<<"$ev")"
expect_eq ausearch-a-comm probe "$(audit_field SYSCALL comm <<<"$ev")"
expect_eq ausearch-a-exe "$PROBE" "$(audit_field SYSCALL exe <<<"$ev")"
expect_eq ausearch-a-cwd "$(pwd)" "$(audit_field CWD cwd <<<"$ev")"
expect_eq ausearch-a-path "$t/secret" "$(audit_field PATH name <<<"$ev")"
expect_eq ausearch-a-path-mode file,600 "$(audit_field PATH mode <<<"$ev")"
expect_match ausearch-a-proctitle "proctitle=$PROBE -f open $t/secret" "$(grep '^type=PROCTITLE' <<<"$ev")"

ev=$(ausearch -sc openat -sv no -i 2>/dev/null)
expect_eq ausearch-sc-sv-events 1 "$(grep -c '^----' <<<"$ev")"
expect_match ausearch-sc-sv-serial ":$serial\) : arch=x86_64 syscall=openat success=no exit=EACCES" "$(grep '^type=SYSCALL' <<<"$ev")"
expect_eq ausearch-sc-sv-yes "<no matches>" "$(ausearch -sc openat -sv yes 2>&1)"
expect_eq ausearch-file 1 "$(ausearch -f "$t/secret" --raw 2>/dev/null | grep -c '^type=UNKNOWN\[1340\]')"
expect_eq ausearch-uid 1 "$(ausearch -ui 65534 -m 1340 --raw 2>/dev/null | grep -c '^type=SYSCALL')"
expect_eq ausearch-text "unsuccessfully opened-file $t/secret using $PROBE" \
	"$(ausearch -a "$serial" --format text 2>/dev/null | sed 's/.*acting as nobody, //')"

rep=$(aureport --failed 2>/dev/null)
echo "$rep"
expect_eq aureport-failed-syscalls "Number of failed syscalls: 1" "$(grep 'failed syscalls' <<<"$rep")"
expect_eq aureport-failed-files "Number of files: 1" "$(grep 'Number of files' <<<"$rep")"
expect_eq aureport-failed-events "Number of events: 1" "$(grep 'Number of events' <<<"$rep")"
expect_eq aureport-failed-logins "Number of failed logins: 0" "$(grep 'failed logins' <<<"$rep")"

rep=$(aureport -f -i 2>/dev/null)
echo "$rep"
row=$(grep '^1\. ' <<<"$rep")
expect_match aureport-f-row "^1\. [0-9/]+ [0-9:]+ $t/secret openat no $PROBE unset $serial\$" "$row"
expect_eq aureport-f-rows 1 "$(grep -c '^[0-9]*\. ' <<<"$rep")"
rep=$(aureport -f 2>/dev/null)
expect_match aureport-f-raw-row "^1\. [0-9/]+ [0-9:]+ $t/secret 257 no $PROBE -1 $serial\$" "$(grep '^1\. ' <<<"$rep")"
rep=$(aureport -s -i --failed 2>/dev/null)
expect_match aureport-s-row "^1\. [0-9/]+ [0-9:]+ openat $pid probe unset $serial\$" "$(grep '^1\. ' <<<"$rep")"

# --- SIGHUP through auditd: the plugin reopens its file ----------------
mv "$out/text.log" "$out/text.log.1"
apid=$(auditctl -s | awk '$1 == "pid" { print $2 }')
kill -HUP "$apid"
if wait_file "$out/text.log"; then pass plugin-reopened-on-hup; else fail plugin-reopened-on-hup "no new $out/text.log"; fi
res=$(as_nobody "$PROBE" -f open "$t/secret")
serial2=$(sed -n 's/^slot=0 serial=\([0-9]*\) .*/\1/p' <<<"$res")
wait_file "$out/text.log" 1
expect_eq after-hup-serial "$serial2" "$(head -n1 "$out/text.log" | plugin_field serial)"
expect_eq after-hup-old-file 1 "$(wc -l < "$out/text.log.1")"
wait_file "$out/json.log" 2
expect_eq after-hup-json 2 "$(wc -l < "$out/json.log")"
expect_eq plugins-still-running 2 "$(pidof audisp-auxerr | wc -w)"

# --- nothing else was logged ---------------------------------------------
# the log: auditd's own start/config events, and the two flushed events;
# no other syscall event (there are no rules), nothing from the plugin
sleep 1
# Events older than the first denial were made before this test began and
# held by kauditd while no daemon listened (earlier tests' auditctl, the
# previous daemon's exit); they are delivered to the next daemon.
since=$(awk -v first="$serial" '
	/^type=DAEMON_/ { print; next }
	match($0, /msg=audit\([0-9.]+:[0-9]+\)/) {
		split(substr($0, RSTART, RLENGTH), a, /[:)]/)
		if (a[2] + 0 >= first + 0) print
	}' "$log")
types=$(sed 's/ .*//' <<<"$since" | sort | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')
echo "log: $types"
# exactly: auditd's start, its reconfiguration (the SIGHUP), two events
expect_eq log-types "type=CWD:2 type=DAEMON_CONFIG:1 type=DAEMON_START:1 type=PATH:2 type=PROCTITLE:2 type=SYSCALL:2 type=UNKNOWN[1340]:2" \
	"${types% }"
expect_eq log-syscall-serials "$serial $serial2" \
	"$(grep '^type=SYSCALL' <<<"$since" | sed 's/.*msg=audit([0-9.]*:\([0-9]*\)).*/\1/' | tr '\n' ' ' | sed 's/ $//')"
expect_eq plugin-lines-total "2 2" "$(cat "$out/text.log.1" "$out/text.log" | wc -l) $(wc -l < "$out/json.log")"

# --- SIGTERM: auditd stops, the plugins exit --------------------------------
stop_auditd
for i in $(seq 50); do pidof audisp-auxerr >/dev/null || break; sleep 0.1; done
expect_eq plugins-exited "" "$(pidof audisp-auxerr)"

rm -rf "$t"
finish
