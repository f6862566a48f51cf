#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check-qemu-arm64.sh
#
# vgcrypto.ko cross-built against Debian's arm64 6.1 headers (no compiler
# or modpost warning allowed), then loaded into Debian's stock arm64 6.1
# kernel under qemu-system-aarch64 -M virt -cpu max: tests/qemu/selftest.sh
# (load, the crypto manager's self-tests for the neon and generic drivers,
# tcrypt by name, which must resolve to the neon driver, RFC 8439 vectors
# through AF_ALG per driver, rmmod, backends=), then the IPsec consumer
# test (tests/consumers/ipsec.sh) when Debian's arm64 ip can be shipped.
# Ends with "qemu-arm64: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
root=$VGC_TOP
cd "$root" || exit 1

fail() { echo "qemu-arm64: $*: 0 passed, 1 failed"; exit 1; }

kdir=$(scripts/arm64.sh headers) || fail "no arm64 headers"
out=$root/build/k6.1-arm64
scripts/build-module.sh "$kdir" "$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- -j2 ||
	fail "module build"
echo "ok - vgcrypto.ko built for arm64 6.1 without warnings"

req="rfc7539-chacha20-poly1305-vgcrypto-neon rfc7539esp-chacha20-poly1305-vgcrypto-neon"
req+=" rfc7539-chacha20-poly1305-vgcrypto-generic rfc7539esp-chacha20-poly1305-vgcrypto-generic"
log=$root/build/check/qemu-arm64-console.log
mkdir -p "${log%/*}"
scripts/qemu-arm64.sh --ko "$out/vgcrypto.ko" --script tests/qemu/selftest.sh \
	--add tests/qemu/af_alg_vectors.c --env VGC_RELEASE=arm64-6.1 \
	--env VGC_REQUIRED="$req" --log "$log" --timeout 900 | tee "$out/guest.out"
line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}
grep -q 'resolves to rfc7539-chacha20-poly1305-vgcrypto-neon' "$out/guest.out" ||
	{ echo "not ok - rfc7539 does not resolve to the neon driver"; f=$((f + 1)); }
echo "qemu-arm64: $((p + 1)) passed, $f failed"
((f == 0))
