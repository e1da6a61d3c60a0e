#!/bin/bash
# The auxerr kselftests (tools/testing/selftests/auxerr in the kernel tree,
# built by make selftests-build into build/selftests/auxerr): every test
# case of every program is one PASS or FAIL line here. The guest kernel
# has everything the tests need, so a skipped test is a failure. A failed
# program's whole TAP output follows its FAIL lines.
. "$(dirname "$0")/lib.sh"

dir=${AUXERR_SELFTESTS:-${AUXERR_TOP:-/work/main}/build/selftests}/auxerr

summary() {
	echo "$passes passed, $failures failed"
	finish
}

[ -d "$AUXERR_SYSCTL" ] || { fail kselftest-auxerr "no $AUXERR_SYSCTL"; summary; }
bins=()
for b in "$dir"/*_test; do
	[ -x "$b" ] && bins+=("$b")
done
[ ${#bins[@]} -gt 0 ] || { fail kselftest-auxerr "no test programs in $dir (make selftests-build)"; summary; }

for b in "${bins[@]}"; do
	prog=${b##*/}
	# The tests make their scenes under /tmp (the guest's tmpfs).
	out=$(cd /tmp && timeout 600 "$b" 2>&1)
	rc=$?
	before=$failures
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' <<<"$out" | head -1)
	seen=0
	while read -r line; do
		case "$line" in
		"ok "*|"not ok "*) ;;
		*) continue ;;
		esac
		seen=$((seen + 1))
		name=$(awk '{ print ($1 == "not") ? $4 : $3 }' <<<"$line")
		case "$line" in
		"not ok "*) fail "$prog/$name" "${line#*"$name"}" ;;
		*"# SKIP"*) fail "$prog/$name" "skipped:${line#*# SKIP}" ;;
		*) pass "$prog/$name" ;;
		esac
	done <<<"$out"
	if [ -z "$plan" ] || [ "$seen" != "$plan" ]; then
		fail "$prog" "reported $seen of ${plan:-?} planned tests (exit $rc)"
	elif [ "$rc" != 0 ] && [ "$failures" = "$before" ]; then
		fail "$prog" "exited $rc with every test passed"
	fi
	[ "$failures" = "$before" ] || sed 's/^/    /' <<<"$out"
done
summary
