#!/bin/bash
# The auxerr kselftests (tools/testing/selftests/auxerr in the kernel tree,
# built by make selftests-build into build/selftests/auxerr): every test
# case of every program is one PASS or FAIL line here. The guest kernel
# has everything the tests need, so a skipped test is a failure, with one
# exception: a test that skips as "kernel without CONFIG_X" where the
# guest kernel's .config (build/linux/.config, or $AUXERR_KCONFIG) indeed
# does not set X gets a SKIP line, and is counted and named again before
# the summary: a kernel built without cgroups, bpf() or trace events
# (kernel/config/guest.config has them all, so none is expected there).
# A failed program's whole TAP output follows its FAIL lines.
. "$(dirname "$0")/lib.sh"

dir=${AUXERR_SELFTESTS:-${AUXERR_TOP:-/work/main}/build/selftests}/auxerr
kconfig=${AUXERR_KCONFIG:-${AUXERR_TOP:-/work/main}/build/linux/.config}

# A skip the guest kernel's configuration explains: "kernel without CONFIG_X"
# and X is not set in $kconfig.
skip_explained() {
	local opt
	opt=$(sed -n 's/.*kernel without \(CONFIG_[A-Z0-9_]*\).*/\1/p' <<<"$1")
	[ -n "$opt" ] && [ -r "$kconfig" ] && [ "$opt" != CONFIG_AUXERR ] &&
		! grep -q "^$opt=[ym]" "$kconfig"
}

skipped=()
summary() {
	[ ${#skipped[@]} = 0 ] ||
		echo "${#skipped[@]} skipped, for options $kconfig lacks: ${skipped[*]}"
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
		*"# SKIP"*)
			if skip_explained "$line"; then
				echo "SKIP $prog/$name:${line#*# SKIP}"
				skipped+=("$prog/$name")
			else
				fail "$prog/$name" "skipped:${line#*# SKIP}"
			fi ;;
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
