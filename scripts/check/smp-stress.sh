#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/smp-stress.sh [6.1|arm64] [SECONDS]
#
# SMP stress in Debian's stock 6.1 kernel under QEMU (TCG) with two CPUs:
# amd64 (-cpu max: AVX2) or arm64 (-M virt -cpu max: NEON). The module
# and vgcrypto_mlkem_stress.ko are built against its headers; the guest
# (tests/stress/guest.sh) runs AF_ALG, kTLS, IPsec and ML-KEM (kpp,
# akcipher, exported functions, softirq) at once for SECONDS (default
# 90; VGCRYPTO_STRESS_SECONDS), with rmmod attempts during the load.
# Ends with "smp-stress: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1

rel=${1:-6.1}
secs=${2:-${VGCRYPTO_STRESS_SECONDS:-90}}
fail() { echo "smp-stress: $*: 0 passed, 1 failed"; exit 1; }

if [[ $rel == arm64 ]]; then
	kdir=$(scripts/fetch/arm64.sh headers) || fail "no arm64 headers"
	out=$root/build/smp-arm64
	make=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- -j2)
	args=(--arch arm64)
	bytes=262144
else
	[[ $rel == 6.1 ]] || fail "release $rel: 6.1 or arm64"
	kdir=$(scripts/fetch/kernel.sh 6.1 headers) || fail "no 6.1 headers"
	out=$root/build/smp-6.1
	make=()
	vgc_need_pkgs iproute2 libssl-dev
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgc-smp.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	# Debian's ip under a name of its own (busybox sh would run its applet)
	cp /bin/ip "$tmp/iproute2-ip"
	args=(--release 6.1 --add "$tmp/iproute2-ip")
	bytes=524288
fi
scripts/build/module.sh "$kdir" "$out" ${make[@]+"${make[@]}"} VGC_TEST_MODULES=1 ||
	fail "module build"

log=$root/build/check/smp-stress-$rel-console.log
mkdir -p "${log%/*}"
scripts/run/qemu.sh "${args[@]}" --smp 2 --mem 2048 --ko "$out/vgcrypto.ko" \
	--script tests/stress/guest.sh \
	--add "$out/vgcrypto_mlkem_stress.ko" --add tests/consumers/af_alg_diff.c \
	--add tests/consumers/ktls_test.c --add tests/consumers/tcp_xfer.c \
	--add tests/consumers/ipsec.sh \
	--mod tls --mod veth --mod xfrm_user --mod esp4 \
	--env VGC_STRESS_SECONDS="$secs" --env VGC_STRESS_IPSEC_BYTES="$bytes" \
	--timeout $((secs + 900)) --log "$log" | tee "$out/guest.out"
line=$(grep -Eo '^smp-stress: [0-9]+ passed, [0-9]+ failed' "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
echo "$line"
[[ $line == *" 0 failed" ]]
