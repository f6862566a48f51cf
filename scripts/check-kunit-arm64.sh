#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check-kunit-arm64.sh [qemu-arm64.sh options, e.g. --append ARGS]
#
# KUnit on arm64: the kernel of scripts/arm64-kunit-kernel.sh (Debian's
# linux-source-6.1 with KUnit and the crypto manager's extra self-tests)
# under qemu-system-aarch64 -M virt -cpu max. vgcrypto.ko and
# vgcrypto_kunit.ko are cross-built for it; the guest runs
# tests/qemu/selftest.sh (self-tests of the neon and generic drivers,
# tcrypt, AF_ALG vectors, rmmod), and the KUnit suites, which run every
# case for each registered driver, neon included. The KTAP is parsed with
# the kernel's kunit.py. Ends with "kunit-arm64: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"
root=$VGC_TOP
cd "$root" || exit 1

fail() { echo "kunit-arm64: $*: 0 passed, 1 failed"; exit 1; }

kdir=$(scripts/arm64-kunit-kernel.sh) || fail "no arm64 KUnit kernel"
make -s kunit-vectors >/dev/null || fail "kunit-vectors"
out=$root/build/kunit-arm64
scripts/build-module.sh "$kdir" "$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- -j2 ||
	fail "module build"
[[ -f $out/vgcrypto_kunit.ko ]] || fail "no vgcrypto_kunit.ko (kernel without KUnit?)"

req="rfc7539-chacha20-poly1305-vgcrypto-neon rfc7539esp-chacha20-poly1305-vgcrypto-neon"
req+=" rfc7539-chacha20-poly1305-vgcrypto-generic rfc7539esp-chacha20-poly1305-vgcrypto-generic"
log=$root/build/check/kunit-arm64-console.log
mkdir -p "${log%/*}"
scripts/qemu-arm64.sh --kunit --ko "$out/vgcrypto.ko" --ko "$out/vgcrypto_kunit.ko" \
	--script tests/arm64/kunit-guest.sh --add tests/qemu/selftest.sh \
	--add tests/qemu/af_alg_vectors.c --env VGC_RELEASE=arm64-kunit \
	--env VGC_REQUIRED="$req" --log "$log" --timeout 1200 "$@" |
	sed '/===VGC-DMESG-BEGIN===/,/===VGC-DMESG-END===/d' | tee "$out/guest.out"
line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}

# The KTAP of the kernel log; the built-in executor's empty plan at boot
# ("KTAP version 1" / "1..0") would make kunit.py see no tests: drop it.
sed -n '/===VGC-DMESG-BEGIN===/,/===VGC-DMESG-END===/p' "$log" |
	awk '
	hdr && /^(\[[^]]*\] )?1\.\.0$/ { hdr = 0; next }
	{ hdr = ($0 ~ /^(\[[^]]*\] )?KTAP version [0-9]+$/); print }' >"$out/ktap.log"
src=$(scripts/kernel-6.1.sh source)
kparse=$(cd "$src/tools/testing/kunit" &&
	PYTHONDONTWRITEBYTECODE=1 python3 ./kunit.py parse "$out/ktap.log" 2>&1) || true
printf '%s\n' "$kparse" | tail -n 60
summary=$(grep -E 'Ran [0-9]+ tests' <<<"$kparse" | tail -n1 || true)
get() { sed -nE "s/.*[ ,:]$1: ([0-9]+).*/\\1/p" <<<"$summary"; }
kp=$(get passed) kf=$(get failed) kc=$(get crashed) ks=$(get skipped) ke=$(get errors)
kp=${kp:-0} kf=${kf:-0} kc=${kc:-0} ks=${ks:-0} ke=${ke:-0}
((kp > 0)) || { echo "not ok - no KUnit test passed"; f=$((f + 1)); }
# every case that ran for the generic driver must have passed for neon
ng=$(grep -cE '^(\[[^]]*\] )? *ok [0-9]+ generic$' "$out/ktap.log" || true)
nn=$(grep -cE '^(\[[^]]*\] )? *ok [0-9]+ neon$' "$out/ktap.log" || true)
if ((nn > 0 && nn == ng)); then
	echo "ok - all $nn KUnit cases passed on the neon driver, as on generic"
	p=$((p + 1))
else
	echo "not ok - KUnit cases passed: $nn on neon, $ng on generic"
	f=$((f + 1))
fi
echo "# kunit: passed $kp, failed $kf, crashed $kc, skipped $ks, errors $ke"
echo "kunit-arm64: $((p + kp)) passed, $((f + kf + kc + ke)) failed"
((f + kf + kc + ke == 0))
