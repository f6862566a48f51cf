#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# One of Debian's stock kernels under QEMU (TCG, -cpu max: AVX2), in one
# boot: the module built against its headers loads, every driver passes
# its self-test, tcrypt runs testmgr for both names, the RFC 8439 vectors
# pass through AF_ALG, rmmod is clean (tests/qemu/selftest.sh); then the
# consumers (tests/qemu/consumers.sh): AF_ALG differential against OpenSSL,
# kTLS, IPsec ESP, rmmod refused while they hold a driver, 20 load/use/
# unload cycles, tcrypt's mode=213 speed table (emulated timing).
#
# usage: scripts/check-qemu.sh [RELEASE]   (6.1, the default, or 6.12)
# Sizes: VGCRYPTO_AFALG_CASES (10000 per driver), VGCRYPTO_KTLS_RECORDS
# (2000), VGCRYPTO_IPSEC_BYTES (16 MiB), VGCRYPTO_CYCLES (20).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rel=${1:-6.1}

mkdir -p "$root/build/check"
kdir=$(scripts/kernel.sh "$rel" headers)
scripts/build-module.sh "$kdir" "$root/build/k$rel"

# Debian's ip (iproute2) for `ip xfrm` and `ip netns`, under a name of its
# own: the guest's busybox sh would run its own `ip` applet instead.
. scripts/common.sh
vgc_need_pkgs iproute2 libssl-dev
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgc-check-qemu.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp /bin/ip "$tmp/iproute2-ip"

log=$root/build/check/qemu-$rel-console.log
rc=0
scripts/qemu-run.sh --release "$rel" --ko "$root/build/k$rel/vgcrypto.ko" \
	--script tests/qemu/all.sh \
	--add tests/qemu/selftest.sh --add tests/qemu/consumers.sh \
	--add tests/qemu/af_alg_vectors.c --add tests/consumers/af_alg_diff.c \
	--add tests/consumers/ktls_test.c --add tests/consumers/tcp_xfer.c \
	--add tests/consumers/ipsec.sh --add "$tmp/iproute2-ip" \
	--add tests/qemu/mlkem.sh --add "$root/build/k$rel/vgcrypto_mlkem_check.ko" \
	--mod tls --mod veth --mod xfrm_user --mod esp4 \
	--env VGC_RELEASE="$rel" \
	--env VGC_AFALG_CASES="${VGCRYPTO_AFALG_CASES:-10000}" \
	--env VGC_KTLS_RECORDS="${VGCRYPTO_KTLS_RECORDS:-2000}" \
	--env VGC_IPSEC_BYTES="${VGCRYPTO_IPSEC_BYTES:-16777216}" \
	--env VGC_CYCLES="${VGCRYPTO_CYCLES:-20}" \
	--extra-tests --timeout 1500 --log "$log" || rc=$?

# The guest's total, last (qemu-run.sh reports the exit status after it).
line=$(grep -E "^qemu-$rel: [0-9]+ passed, [0-9]+ failed" "$log" | tail -n 1 || true)
if [[ -z $line ]]; then
	line="qemu-$rel: 0 passed, 1 failed"
	((rc)) || rc=1
fi
echo "$line"
exit "$rc"
