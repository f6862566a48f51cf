#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/debug-x86.sh [scripts/run/qemu.sh options]
#
# What User-Mode Linux cannot check (it has no preemption): the x86-64
# debug kernel of scripts/build/kunit-kernel.sh x86-debug (6.1, PREEMPT,
# DEBUG_ATOMIC_SLEEP, PROVE_LOCKING, KUnit, the crypto manager's extra
# tests; tests/x86/debug.config) under qemu-system-x86_64 (TCG, -cpu max:
# AVX2, so the FPU sections are real) with two CPUs. The guest
# (tests/x86/debug-guest.sh) runs the self-tests, tcrypt, AF_ALG vectors,
# every KUnit suite, and vgcrypto_mlkem_stress.ko on both CPUs; dmesg must
# hold no sleeping-in-atomic or lockdep report. The KTAP is parsed with
# the kernel's kunit.py; every case that passed on generic must pass on
# avx2. Ends with "debug-x86: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1
fail() { echo "debug-x86: $*: 0 passed, 1 failed"; exit 1; }

kdir=$(scripts/build/kunit-kernel.sh x86-debug) || fail "no x86-64 debug kernel"
make -s kunit-vectors >/dev/null || fail "kunit-vectors"
out=$root/build/debug-x86
scripts/build/module.sh "$kdir" "$out" VGC_TEST_MODULES=1 || fail "module build"
[[ -f $out/vgcrypto_kunit.ko ]] || fail "no vgcrypto_kunit.ko (kernel without KUnit?)"

req="rfc7539-chacha20-poly1305-vgcrypto-avx2 rfc7539esp-chacha20-poly1305-vgcrypto-avx2"
req+=" rfc7539-chacha20-poly1305-vgcrypto-generic rfc7539esp-chacha20-poly1305-vgcrypto-generic"
log=$root/build/check/debug-x86-console.log
mkdir -p "${log%/*}"
scripts/run/qemu.sh --kunit --smp 2 --ko "$out/vgcrypto.ko" --ko "$out/vgcrypto_kunit.ko" \
	--script tests/x86/debug-guest.sh --add tests/qemu/selftest.sh \
	--add tests/qemu/af_alg_vectors.c --add "$out/vgcrypto_mlkem_stress.ko" \
	--env VGC_RELEASE=x86-debug --env VGC_REQUIRED="$req" \
	--env VGC_VGCRYPTO_ARGS=test_long=0 \
	--log "$log" --timeout 1500 "$@" |
	sed '/===VGC-DMESG-BEGIN===/,/===VGC-DMESG-END===/d' | tee "$out/guest.out"
line=$(grep -Eo '^debug-x86-guest: [0-9]+ passed, [0-9]+ failed' "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
line=${line#*: }
p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}

vgc_kunit_guest_judge "$log" "$out" avx2
echo "# kunit: passed $KP, failed $KF, crashed $KC, skipped $KS, errors $KE"
echo "debug-x86: $((p + KP)) passed, $((f + KF + KC + KE)) failed"
((f + KF + KC + KE == 0))
