#!/bin/bash
# Who made the sandbox: a sandboxing program (build/guest/sandbox, as a
# browser or bwrap would) makes a Landlock domain or installs a seccomp
# filter, then runs probe in it as nobody; the probe's denied call is kept
# with the maker (creator_pid= creator_uid= creator_comm= creator_exe=, and
# Landlock's domain=), checked field by field, and libauxerr's sentence and
# remedy name that program.  The sandbox execs the probe, so the maker's
# pid is the probe's own while its comm and exe are the sandbox's, as they
# were at landlock_restrict_self()/seccomp() time.  A kernel that does not
# record the maker gives only the denial (the creator checks print SKIP).
. "$(dirname "$0")/lib.sh"

top=${AUXERR_TOP:-/work/main}
SANDBOX=$top/build/guest/sandbox
AUXERR=$top/build/userland/auxerr
A='UNKNOWN[1340]'
[ -x "$SANDBOX" ] && [ -x "$AUXERR" ] || { fail built "no $SANDBOX or $AUXERR"; echo "$passes passed, $failures failed"; finish; }
echo 1 > "$AUXERR_SYSCTL/enabled"
echo 1 > "$AUXERR_SYSCTL/depth"

t=$(mktemp -d /tmp/sbx.XXXXXX)
chmod 0777 "$t"
mkdir -m 0777 "$t/w"
echo data > "$t/f"
chmod 0666 "$t/f"

ev=
cf() { rec_field "$A" "$1" <<<"$ev"; }
# explained FIELD: auxerr explain --json's FIELD (remedy.X for the remedy's)
explained() {
	printf '%s\n' "$ev" | "$AUXERR" explain --json - | python3 -c 'import json, sys
o = json.load(sys.stdin)
for k in sys.argv[1].split("."):
    o = o[k]
print("" if o is None else o)' "$1"
}

# ---- seccomp: mkdir fails with EPERM, the filter installed by sandbox ----
out=$(as_nobody "$SANDBOX" -d mkdir -- "$PROBE" mkdir "$t/x" 2>&1)
ev=$(grep '^type=' <<<"$out")
expect_eq seccomp-denied errno=1 "$(sed -n 1p <<<"$out")"
expect_eq seccomp-mechanism seccomp "$(cf mechanism)"
expect_eq seccomp-filter 1 "$(cf filter)"
expect_eq seccomp-filters 1 "$(cf filters)"
if [ -n "$(cf creator_pid)" ]; then
	pid=$(rec_field SYSCALL pid <<<"$ev")
	expect_eq seccomp-creator-pid "$pid" "$(cf creator_pid)"
	expect_eq seccomp-creator-uid 65534 "$(cf creator_uid)"
	expect_eq seccomp-creator-comm sandbox "$(cf creator_comm)"
	expect_eq seccomp-creator-exe "$SANDBOX" "$(cf creator_exe)"
	expect_eq seccomp-comm-now probe "$(rec_field SYSCALL comm <<<"$ev")"
	expect_eq seccomp-sentence \
		"mkdir $t/x: seccomp filter 1 of 1, installed by $SANDBOX (pid $pid), makes mkdir fail with EPERM" \
		"$(explained explanation)"
	expect_eq seccomp-remedy-kind sandbox "$(explained remedy.kind)"
	expect_eq seccomp-remedy-who "the sandboxing program ($SANDBOX (pid $pid))" "$(explained remedy.who)"
	expect_eq seccomp-remedy-command "" "$(explained remedy.command)"
	expect_eq seccomp-remedy-text \
		"Only the program that installed seccomp filter 1 of 1, $SANDBOX (pid $pid), can allow mkdir, which the filter makes fail with EPERM: its filter must let the call through, or the program must run without that filter" \
		"$(explained remedy.text)"
else
	echo "SKIP seccomp-creator: the kernel does not record the filter's maker"
fi
# the same call outside the sandbox succeeds
out=$(as_nobody "$PROBE" mkdir "$t/x" 2>&1)
expect_eq seccomp-outside errno=0 "$(sed -n 1p <<<"$out")"

# ---- Landlock: writes only beneath $t/w; writing $t/f is refused ----------
out=$(as_nobody "$SANDBOX" -w "$t/w" -- "$PROBE" open "$t/f" w 2>&1)
ev=$(grep '^type=' <<<"$out")
expect_eq landlock-denied errno=13 "$(sed -n 1p <<<"$out")"
expect_eq landlock-lsm landlock "$(cf lsm)"
expect_eq landlock-blockers fs.write_file "$(cf blockers)"
expect_eq landlock-layer 1 "$(cf layer)"
expect_eq landlock-layers 1 "$(cf layers)"
if [ -n "$(cf creator_pid)" ]; then
	pid=$(rec_field SYSCALL pid <<<"$ev")
	dom=$(cf domain)
	expect_match landlock-domain-hex '^[0-9a-f]+$' "$dom"
	expect_eq landlock-creator-pid "$pid" "$(cf creator_pid)"
	expect_eq landlock-creator-uid 65534 "$(cf creator_uid)"
	expect_eq landlock-creator-comm sandbox "$(cf creator_comm)"
	expect_eq landlock-creator-exe "$SANDBOX" "$(cf creator_exe)"
	expect_eq landlock-sentence \
		"openat $t/f: Landlock domain $dom (layer 1 of 1), created by $SANDBOX (pid $pid), does not allow fs.write_file on $t/f" \
		"$(explained explanation)"
	expect_eq landlock-remedy-kind sandbox "$(explained remedy.kind)"
	expect_eq landlock-remedy-who "the sandboxing program ($SANDBOX (pid $pid))" "$(explained remedy.who)"
	expect_eq landlock-remedy-text \
		"Only the program that made the Landlock sandbox (domain $dom, layer 1 of 1), $SANDBOX (pid $pid), can allow fs.write_file on $t/f: its ruleset must grant it, or the program must run outside that sandbox" \
		"$(explained remedy.text)"
	# a second sandbox is another domain
	out=$(as_nobody "$SANDBOX" -w "$t/w" -- "$PROBE" open "$t/f" w 2>&1)
	ev2=$ev
	ev=$(grep '^type=' <<<"$out")
	[ "$(cf domain)" != "$(rec_field "$A" domain <<<"$ev2")" ] &&
		pass landlock-domain-unique ||
		fail landlock-domain-unique "two sandboxes, one domain id $(cf domain)"
else
	echo "SKIP landlock-creator: the kernel does not record the domain's maker"
fi
out=$(as_nobody "$PROBE" open "$t/f" w 2>&1)
expect_eq landlock-outside errno=0 "$(sed -n 1p <<<"$out")"

rm -rf "$t"
echo "$passes passed, $failures failed"
finish
