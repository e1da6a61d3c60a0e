#!/bin/bash
# The recorder's KUnit suite (kernel/auxerr/note_kunit.c) ran at boot: the
# rules no system call reaches in every order (a NOAUDIT probe after a real
# denial of the same errno must not replace it, ...).
. "$(dirname "$0")/lib.sh"

log=$(dmesg)
cases=(weak_does_not_replace_strong strong_replaces_weak weak_alone_is_kept
       later_strong_replaces_earlier returned_errno_decides
       full_pending_reuses_last override_cap_explains_eperm_alone
       eperm_note_beats_override_cap cap_explains_eacces_alone
       eacces_note_beats_cap weak_cap_does_not_explain_eacces
       lsm_refused_cap_is_the_denial weak_lsm_refused_cap_yields)
expect_match kunit-suite-ran '# Subtest: auxerr_note' "$log"
for i in "${!cases[@]}"; do
	if grep -Eq "(^|[] ])ok $((i + 1)) ${cases[$i]}\$" <<<"$log"; then
		pass "kunit-${cases[$i]}"
	else
		fail "kunit-${cases[$i]}" "$(grep -E "${cases[$i]}" <<<"$log")"
	fi
done
expect_match kunit-summary "# auxerr_note: pass:${#cases[@]} fail:0 skip:0 total:${#cases[@]}" "$log"
if grep -q "not ok" <<<"$log"; then
	fail kunit-no-failure "$(grep 'not ok' <<<"$log")"
else
	pass kunit-no-failure
fi
finish
