#!/bin/bash
# bench/insn-guest.sh CASE CONFIG OPS: the guest side of bench/insn-count.
set -eu
exec "${AUXERR_TOP:?}/build/bench/auxbench" count "$@"
