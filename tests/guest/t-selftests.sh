#!/bin/bash
# The kernel's own selftests for what auxerr touches (seccomp_bpf, landlock,
# ptrace; built by make selftests-build), run with kernel.auxerr.enabled=1
# and then =0 in this boot: every test must get the same result both ways
# (tests/guest/selftests; make selftests also compares with the unpatched
# kernel). Tests that fail or skip under the guest's config whatever
# auxerr does are listed as "not passed" and are the same both ways.
. "$(dirname "$0")/lib.sh"

[ -d "$AUXERR_SYSCTL" ] || { fail selftests-kernel "no $AUXERR_SYSCTL"; finish; }
"$(dirname "$0")/selftests" on off | grep -v '^SELFTEST '
exit "${PIPESTATUS[0]}"
