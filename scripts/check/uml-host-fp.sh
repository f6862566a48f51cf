#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/uml-host-fp.sh
#
# User-Mode Linux on hosts whose XSAVE area is not this one's. UML moves
# each user process's FP state with PTRACE_GETREGSET/SETREGSET
# NT_X86_XSTATE, which a host takes at its own full size only (11008
# bytes with AMX); tests/uml/host-fp-size.patch makes UML read that size
# at boot. No machine here has AMX, so tests/uml/xsave_shim.c (LD_PRELOAD
# into the UML process) makes the host look like one with a larger area:
# its GETREGSET answers at that size, its SETREGSET refuses any other
# size, as the host kernel does, and checks that the bytes past the real
# state come back as it gave them out. Boots of the debug UML kernel
# (KASAN watches the task_struct that now holds the state), each running
# tests/uml/fpstate_check.c (vector registers across thread switches, a
# fork and a signal handler) and loading vgcrypto.ko:
#   - this host as it is;
#   - faked to 11008 bytes (AMX), with the KUnit suites too, and to
#     32768 (a larger area than any so far): every transfer at that size,
#     none refused, the extra bytes intact;
#   - faked to 131072 bytes, more than UML holds: the run ends with one
#     line that names the size, and no panic.
# Ends with "uml-host-fp: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1
fail() { echo "uml-host-fp: $*: 0 passed, 1 failed"; exit 1; }
[[ $(uname -m) == x86_64 ]] || fail "User-Mode Linux here is x86-64 only"

echo "# host: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo); XSAVE area $(vgc_host_xsave)"
kdir=$(scripts/build/kunit-kernel.sh um-debug) || fail "no debug UML kernel"
make -s kunit-vectors >/dev/null || fail "kunit-vectors"
out=$root/build/uml-debug
scripts/build/module-debug.sh "$kdir" "$out" >/dev/null || fail "module build"
logs=$root/build/check/uml-host-fp
mkdir -p "$logs"

pass=0 failed=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
not_ok() { echo "not ok - $*"; failed=$((failed + 1)); }

# boot NAME BYTES [uml.sh args...]: one boot, faked to BYTES (none: as it
# is); its output in $logs/NAME.out, its console in $logs/NAME.log. The
# kmemleak report is the kernel's own about module memory under UML (as
# in scripts/check/debug-uml.sh).
boot() {
	local name=$1 bytes=$2
	shift 2
	scripts/run/uml.sh --kernel um-debug --add tests/uml/fpstate_check.c \
		--run fpstate_check --ko "$out/vgcrypto.ko" "$@" \
		--known-report 'kmemleak: (Trying to color|Adding scan area to) unknown object' \
		--cmdline 'mem=1G log_buf_len=16M kasan_multi_shot' \
		${bytes:+--fake-host-xsave "$bytes"} --timeout 1200 \
		--log "$logs/$name.log" >"$logs/$name.out" 2>&1
}

# judge NAME BYTES: the boot ran its checks, and with BYTES the shim saw
# every transfer at that size
judge() {
	local name=$1 bytes=$2 line stats
	line=$(grep -Eo '^uml-kunit: [0-9]+ passed, [0-9]+ failed' "$logs/$name.out" | tail -n1)
	grep -E '^(not ok|# host|# xsave_shim)' "$logs/$name.out" | cut -c1-300
	if [[ $line =~ ^uml-kunit:\ ([0-9]+)\ passed,\ 0\ failed$ ]] && ((BASH_REMATCH[1] > 0)) &&
		grep -q '^ok - run: fpstate_check' "$logs/$name.out"; then
		ok "$name: UML booted, fpstate_check and the module's checks passed (${line#*: })"
	else
		not_ok "$name: ${line:-no result} (see $logs/$name.out)"
	fi
	[[ -n $bytes ]] || return 0
	stats=$(sed 's/ *$//' "$logs/$name.log.xsave-stats" 2>/dev/null)
	if [[ $stats =~ probe\ ([0-9]+)\ get\ ([0-9]+)\ get_full\ ([0-9]+)\ set\ ([0-9]+)\ set_full\ ([0-9]+)\ bad_size\ ([0-9]+).*bad_tail\ ([0-9]+) ]] &&
		((BASH_REMATCH[1] == bytes && BASH_REMATCH[2] > 0 &&
			BASH_REMATCH[3] == BASH_REMATCH[2] && BASH_REMATCH[4] > 0 &&
			BASH_REMATCH[5] == BASH_REMATCH[4] && BASH_REMATCH[6] == 0 &&
			BASH_REMATCH[7] == 0)); then
		ok "$name: UML read the size ($bytes) and moved all $bytes bytes in each of ${BASH_REMATCH[2]} GETREGSET and ${BASH_REMATCH[4]} SETREGSET calls, the bytes past the real state intact"
	else
		not_ok "$name: the FP state transfers were not all $bytes bytes: ${stats:-no counts}"
	fi
}

boot native "" --no-kunit
judge native ""
boot amx 11008 --ko "$out/vgcrypto_kunit.ko"
judge amx 11008
if grep -qE '^# kunit: passed [1-9][0-9]*, failed 0, crashed 0' "$logs/amx.out"; then
	ok "amx: the KUnit suites ran ($(grep -Eo '^# kunit: passed [0-9]+' "$logs/amx.out" | cut -d' ' -f4) cases passed)"
else
	not_ok "amx: the KUnit suites did not all pass: $(grep -E '^# kunit:' "$logs/amx.out" | cut -c1-200)"
fi
boot larger 32768 --no-kunit
judge larger 32768

# more than UML holds: one line that names the size, UML never started
boot too-large 131072 --no-kunit
lines=$(grep -c '^not ok - ' "$logs/too-large.out" || true)
if grep -q '^not ok - UML: cannot run on this host: .* is over 65536 bytes' "$logs/too-large.out" &&
	((lines == 1)) && ! grep -qa 'Kernel panic' "$logs/too-large.log"; then
	ok "too-large: 131072 bytes end the run with one line: $(grep '^not ok - ' "$logs/too-large.out" | cut -c10-)"
else
	not_ok "too-large: no single line naming the size ($lines lines): $(grep '^not ok - ' "$logs/too-large.out" | head -n3 | tr '\n' '|')"
fi

echo "uml-host-fp: $pass passed, $failed failed"
((failed == 0))
