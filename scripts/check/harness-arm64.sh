#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/harness-arm64.sh [vgc_test args...]
#
# The user-space harness cross-built for arm64 (static, against Debian's
# arm64 libcrypto, unpacked privately by scripts/fetch/arm64.sh) and run under
# qemu-aarch64 user mode, so every suite runs on the NEON back end: RFC
# 8439, Poly1305, Wycheproof, bit flips, the OpenSSL differential (arm64
# OpenSSL 3.0, itself run under QEMU), back-end equivalence, chacha-xor
# and poly-blocks. The neon back end gets the full run, the portable one
# (already fully tested natively) the quick one. Ends with the summed
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

log=$out/run-neon.log
run --require-vectors --backend neon "$@" 2>&1 | tee "$log"
grep -q 'back ends:.*neon' "$log" || { echo "harness-arm64: the neon back end did not run"; fail=$((fail + 1)); }
count "$log"
log=$out/run-generic.log
run --quick --require-vectors --backend generic "$@" 2>&1 | tee "$log"
count "$log"

echo "harness-arm64: $pass passed, $fail failed"
((fail == 0))
