#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: tests/harness/ct-valgrind.sh VGC_CTGRIND   (make ct-check)
#
# Constant time under valgrind memcheck, one back end at a time: every
# AEAD back end of vgc_cp_backends that this CPU runs is sealed and opened
# by vgc_ctgrind with the key, the nonce (so the ChaCha20 state and the
# Poly1305 key derived from them) and the plaintext marked undefined; only
# lengths are public. valgrind's virtual CPU is not this one: a back end
# the real CPU runs but valgrind's does not (AVX-512: valgrind has no
# AVX-512 decoder, and its CPUID hides the feature) is named, with the
# reason, as "not run under valgrind" and left to the object-code scan
# (scripts/check/ct-scan.sh); it is neither a pass nor a failure. A back
# end that neither runs nor has such a reason fails, as does a canary
# branch on a secret that valgrind misses.
set -uo pipefail

prog=${1:?usage: $0 VGC_CTGRIND}
here=$(cd "$(dirname "$0")" && pwd)
logs=$(dirname "$prog")/ctgrind-logs
mkdir -p "$logs"
vg=(${VALGRIND:-valgrind} --tool=memcheck --error-exitcode=1 --track-origins=yes
    --leak-check=no --num-callers=30 --read-inline-info=yes)

pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

if "${vg[@]}" "$prog" --canary >"$logs/canary.log" 2>&1; then
	notok "valgrind missed the deliberate branch on a secret ($logs/canary.log)"
else
	ok "valgrind flags a deliberate branch on a secret"
fi

native=$("$prog" --list) || notok "vgc_ctgrind --list failed"
under=$("${vg[@]}" -q "$prog" --list 2>/dev/null) || notok "vgc_ctgrind --list under valgrind failed"
echo "back ends on this CPU:"
sed 's/^/#   /' <<<"$native"
mapfile -t usable < <(awk '$3 == "usable" { print $2 }' <<<"$native")
# what the real CPU cannot run either, for make check's summary
awk '$3 == "unusable:" {
	why = $0; sub(/^backend [^ ]+ unusable: /, "", why)
	if (!(why in n)) { o[k++] = why; n[why] = $2 } else n[why] = n[why] ", " $2
}
END {
	l = "not exercised on this CPU:"
	if (!k) l = l " none"
	for (i = 0; i < k; i++) l = l (i ? ";" : "") " " n[o[i]] " (" o[i] ")"
	print l
}' <<<"$native"
((${#usable[@]})) || notok "no back end usable on this CPU"
for be in "${usable[@]}"; do
	if ! grep -q "^backend $be usable$" <<<"$under"; then
		why=$(grep "^backend $be unusable: " <<<"$under" | sed 's/^[^:]*: //')
		echo "# $be: not run under valgrind: its virtual CPU: ${why:-no reason given} (covered by ct-scan)"
		[[ -n $why ]] || notok "$be: usable here, neither run nor explained under valgrind"
		continue
	fi
	log=$logs/$be.log
	"${vg[@]}" "$prog" --backend "$be" >"$log" 2>&1
	rc=$?
	if ((rc == 0)) && grep -q "^vgc_ctgrind\[$be\]: 14 lengths sealed and opened" "$log"; then
		ok "$be: sealed and opened under memcheck, no secret-dependent branch or index"
	else
		notok "$be: valgrind exit $rc ($log):"
		grep -m 12 -E '^==[0-9]+== +(Conditional|Use of|at |by )|functional|not run' "$log" | sed 's/^/#   /'
	fi
done
echo "ct-check: $pass passed, $fail failed"
((fail == 0))
