#!/bin/bash
# bench/profile-guest.sh CASE CONFIG SECONDS: the guest side of bench/profile.
set -eu
exec "${AUXERR_TOP:?}/build/bench/auxbench" spin "$@"
