#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/harness-arm64.sh [vgc_test args...]
#
# The user-space harnesses cross-built for arm64 (static, against Debian's
# arm64 libcrypto, unpacked privately by scripts/fetch/arm64.sh) and run
# under qemu-aarch64 user mode, so every suite runs on the NEON back ends.
# AEAD (tests/harness): RFC 8439, Poly1305, Wycheproof, bit flips, the
# OpenSSL differential (arm64 OpenSSL 3.0, itself run under QEMU),
# back-end equivalence, chacha-xor and poly-blocks; the neon back end gets
# the full run, the portable one (already fully tested natively) the
# quick one. ML-KEM (tests/mlkem, neon back end): every primitive against
# the portable one (equiv), SHA-3 against OpenSSL, ACVP, Wycheproof, CCTV
# with the 10,000-iteration accumulated test, the @noble/post-quantum
# differential (cases made on the host); valgrind does not run under QEMU.
# tests/arm64/neon_check.c under -cpu max (SHA-3, DIT) and cortex-a72
# (neither): the load-time Keccak choice, both Keccak versions, PSTATE.DIT
# in and after a section. tests/arm64/no_vector_spills.sh: no NEON
# function stores a v-register to the stack. Ends with the summed
# "N passed, N failed" line.
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
out=$root/build/harness-arm64

"$VGC_SCRIPTS/fetch/arm64.sh" tools || { echo "harness-arm64: 0 passed, 1 failed"; exit 1; }
sysroot=$("$VGC_SCRIPTS/fetch/arm64.sh" sysroot) || {
	echo "harness-arm64: no arm64 libcrypto: 0 passed, 1 failed"
	exit 1
}

if ! make -s -C "$root/tests/harness" O="$out" CC=aarch64-linux-gnu-gcc \
	EXTRA_CFLAGS="-I$sysroot/usr/include -I$sysroot/usr/include/aarch64-linux-gnu" \
	OPENSSL_LIBS="-static -L$sysroot/usr/lib/aarch64-linux-gnu -lcrypto -lpthread" \
	-j2 "$out/vgc_test" 2> >(grep -v -e 'statically linked applications' \
		-e 'in function' >&2); then
	echo "harness-arm64: build failed: 0 passed, 1 failed"
	exit 1
fi

# binfmt_misc may not be set up (containers): name the emulator.
run() { qemu-aarch64-static "$out/vgc_test" "$@"; }

pass=0 fail=0
count() {
	local line p f
	line=$(grep -Eo '^harness: [0-9]+ passed, [0-9]+ failed' "$1" | tail -n1)
	if [[ -z $line ]]; then
		fail=$((fail + 1))
		return
	fi
	p=${line#harness: } p=${p%% passed*}
	f=${line#*passed, } f=${f%% failed*}
	pass=$((pass + p)) fail=$((fail + f))
}

# ML-KEM: tests/mlkem built the same way, then tests/arm64/neon_check.c
# linked with its algorithm objects
mout=$root/build/mlkem-arm64
inc="-I$sysroot/usr/include -I$sysroot/usr/include/aarch64-linux-gnu"
if ! make -s -C "$root/tests/mlkem" O="$mout" CC=aarch64-linux-gnu-gcc \
	OPT="-O2 -g -static -L$sysroot/usr/lib/aarch64-linux-gnu" \
	ALGO_CPPFLAGS_EXTRA="$inc" -j2 "$mout/mlkem_test" \
	2> >(grep -v -e 'statically linked applications' -e 'in function' >&2) ||
   ! aarch64-linux-gnu-gcc -O2 -g -Wall -Wextra -Werror -static \
	-I"$root/tests/harness/include" -I"$root/tests/harness" -I"$root/lib" \
	-I"$root/include" -o "$mout/neon_check" "$root/tests/arm64/neon_check.c" \
	$(ls "$mout"/obj/lib/*.o | grep -v '/xwing\.o$') \
	"$mout"/obj/arch/arm64/*.o; then
	echo "harness-arm64: ML-KEM build failed: 0 passed, 1 failed"
	exit 1
fi
# the noble cases are plain text, made natively (node) once
noble= xwing=
if make -s -C "$root/tests/mlkem" O="$root/build/mlkem" noble >/dev/null; then
	noble=$(ls "$root"/build/mlkem/noble-cases-*.txt 2>/dev/null | head -n1)
	xwing=$(ls "$root"/build/mlkem/noble-xwing-cases-*.txt 2>/dev/null | head -n1)
fi

log=$out/run-neon.log
run --require-vectors --backend neon "$@" 2>&1 | tee "$log"
grep -q 'back ends:.*neon' "$log" || { echo "harness-arm64: the neon back end did not run"; fail=$((fail + 1)); }
count "$log"
log=$out/run-generic.log
run --quick --require-vectors --backend generic "$@" 2>&1 | tee "$log"
count "$log"

# mlkem_test ends with "N passed, N failed"; neon_check with "neon-check: ..."
count_line() {
	local line p f
	line=$(grep -Eo "^$2[0-9]+ passed, [0-9]+ failed" "$1" | tail -n1)
	if [[ -z $line ]]; then
		fail=$((fail + 1))
		return
	fi
	line=${line#"$2"}
	p=${line%% passed*}
	f=${line#*passed, } f=${f%% failed*}
	pass=$((pass + p)) fail=$((fail + f))
}
log=$mout/run-neon.log
qemu-aarch64-static "$mout/mlkem_test" --backend neon ${noble:+--noble "$noble"} \
	${xwing:+--xwing "$xwing"} \
	--no-ctgrind "valgrind does not run under qemu-aarch64 (the portable code is checked natively)" \
	2>&1 | tee "$log"
grep -q '^equiv\[neon\]' "$log" || { echo "not ok - the ML-KEM neon back end did not run"; fail=$((fail + 1)); }
[[ -n $noble ]] || echo "not ok - no @noble/post-quantum cases (make -C tests/mlkem noble failed)"
count_line "$log" ""
for cpu in max cortex-a72; do
	log=$mout/neon-check-$cpu.log
	qemu-aarch64-static -cpu "$cpu" "$mout/neon_check" 2>&1 | tee "$log"
	count_line "$log" "neon-check: "
done
log=$mout/spills.log
"$root/tests/arm64/no_vector_spills.sh" "$mout"/obj/arch/arm64/*.o 2>&1 | tee "$log"
pass=$((pass + $(grep -c '^ok - ' "$log"))) fail=$((fail + $(grep -c '^not ok - ' "$log")))

echo "harness-arm64: $pass passed, $fail failed"
((fail == 0))
