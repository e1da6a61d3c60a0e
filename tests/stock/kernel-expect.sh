# shellcheck shell=bash
# Per-kernel expectations of the stock-kernel suite (sourced after
# tests/guest/lib.sh by tests/stock/run and, on the BPF backend, by
# tests/guest/t-auxerr-mechanisms.sh).
#
# docs/bpf-backend.md's table "Checks a kernel cannot pass" lists, per
# kernel series (6.1, 6.12: the major.minor of uname -r), the checks that
# kernel cannot pass, each with its reason. Such a check must still fail
# there (else the row is stale, and that fails too) and is counted as a
# pass that names the reason; nothing is skipped. Any other check is
# judged as usual. docs/bpf-backend.md's table "What each kernel gives"
# is auxerr-bpfd --status for each series (stock_status_table).

STOCK_DOC=${AUXERR_TOP:?}/docs/bpf-backend.md
STOCK_SERIES=$(uname -r | cut -d. -f1,2)

# the rows under the "## TITLE" heading of docs/bpf-backend.md
stock_doc_table() {
	awk -v t="## $1" '/^## /{on = ($0 == t); next} on && /^\|/' "$STOCK_DOC"
}

declare -A kernel_cannot=()
while IFS='|' read -r _ series name why _; do
	series=${series// /}
	name=${name// /}
	[ "$series" = "$STOCK_SERIES" ] && [[ "$name" =~ ^[a-z0-9-]+$ ]] &&
		kernel_cannot[$name]=${why# }
done <<<"$(stock_doc_table "Checks a kernel cannot pass")"

# kernel_listed NAME OK WHAT: the verdict of a check on this kernel
kernel_listed() {
	if [ -z "${kernel_cannot[$1]+x}" ]; then
		if [ "$2" = 1 ]; then pass "$1"; else fail "$1" "$3"; fi
	elif [ "$2" = 1 ]; then
		fail "$1" "holds, but docs/bpf-backend.md lists it as one $STOCK_SERIES cannot pass"
	else
		pass "$1 (not on $STOCK_SERIES: $3; ${kernel_cannot[$1]% })"
	fi
}

# the mechanism lines of docs/bpf-backend.md's table for this series, as
# auxerr-bpfd --status prints them: "NAME STATE[: DETAIL]"
stock_status_table() {
	stock_doc_table "What each kernel gives" | while IFS='|' read -r _ series name state detail _; do
		series=${series// /}
		name=${name// /}
		state=${state// /}
		detail=${detail# }
		detail=${detail% }
		[ "$series" = "$STOCK_SERIES" ] || continue
		if [ -n "$detail" ]; then
			echo "$name $state: $detail"
		else
			echo "$name $state"
		fi
	done
}
