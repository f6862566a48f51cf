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
# through AF_ALG per driver, rmmod, backends=), then the consumer tests of
# tests/qemu/consumers.sh (AF_ALG differential, kTLS, IPsec, unloading)
# and tests/qemu/mlkem.sh, through tests/qemu/all.sh.
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
# tests/qemu/all.sh, as the amd64 QEMU stages run it: selftest.sh, then
# consumers.sh (AF_ALG differential, kTLS, IPsec with Debian's arm64 ip,
# rmmod while in use, load/use/unload cycles, tcrypt mode=213), then
# mlkem.sh; the workloads are smaller than on amd64 (TCG emulates arm64
# more slowly), VGCRYPTO_* as for scripts/check-qemu.sh override them.
scripts/qemu-arm64.sh --ko "$out/vgcrypto.ko" --script tests/qemu/all.sh \
	--add tests/qemu/selftest.sh --add tests/qemu/consumers.sh \
	--add tests/qemu/af_alg_vectors.c --add tests/consumers/af_alg_diff.c \
	--add tests/consumers/ktls_test.c --add tests/consumers/tcp_xfer.c \
	--add tests/consumers/ipsec.sh \
	--add tests/qemu/mlkem.sh --add "$out/vgcrypto_mlkem_check.ko" \
	--mod tls --mod veth --mod xfrm_user --mod esp4 \
	--env VGC_RELEASE=arm64-6.1 --env VGC_REQUIRED="$req" \
	--env VGC_AFALG_CASES="${VGCRYPTO_AFALG_CASES:-2000}" \
	--env VGC_KTLS_RECORDS="${VGCRYPTO_KTLS_RECORDS:-500}" \
	--env VGC_IPSEC_BYTES="${VGCRYPTO_IPSEC_BYTES:-4194304}" \
	--env VGC_CYCLES="${VGCRYPTO_CYCLES:-5}" \
	--log "$log" --timeout 1800 | tee "$out/guest.out"
line=$(grep -Eo '^qemu-arm64-6.1: [0-9]+ passed, [0-9]+ failed' "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
line=${line#*: }
p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}
grep -q 'resolves to rfc7539-chacha20-poly1305-vgcrypto-neon' "$out/guest.out" ||
	{ echo "not ok - rfc7539 does not resolve to the neon driver"; f=$((f + 1)); }
echo "qemu-arm64: $((p + 1)) passed, $f failed"
((f == 0))
