#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/kunit-arm64.sh [scripts/run/qemu.sh options, e.g. --append ARGS]
#
# KUnit on arm64: the kernel of scripts/build/kunit-kernel.sh arm64 (Debian's
# linux-source-6.1 with KUnit and the crypto manager's extra self-tests)
# under qemu-system-aarch64 -M virt -cpu max. vgcrypto.ko and
# vgcrypto_kunit.ko are cross-built for it; the guest runs
# tests/qemu/selftest.sh (self-tests of the neon and generic drivers,
# tcrypt, AF_ALG vectors, rmmod), and the KUnit suites, which run every
# case for each registered driver, neon included (AEAD and ML-KEM: every
# case that passes on generic must pass on neon), and the arm64 DIT suite
# (kunit/mlkem_arm64_dit_kunit.c, none of it skipped). The KTAP is parsed
# with the kernel's kunit.py. Ends with "kunit-arm64: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1

fail() { echo "kunit-arm64: $*: 0 passed, 1 failed"; exit 1; }

kdir=$(scripts/build/kunit-kernel.sh arm64) || fail "no arm64 KUnit kernel"
make -s kunit-vectors >/dev/null || fail "kunit-vectors"
out=$root/build/kunit-arm64
scripts/build/module.sh "$kdir" "$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- -j2 \
	VGC_TEST_MODULES=1 ||
	fail "module build"
[[ -f $out/vgcrypto_kunit.ko ]] || fail "no vgcrypto_kunit.ko (kernel without KUnit?)"
[[ -f $out/vgcrypto_fault_kunit.ko ]] || fail "no vgcrypto_fault_kunit.ko (kernel without CONFIG_FAULT_INJECTION?)"

req="rfc7539-chacha20-poly1305-vgcrypto-neon rfc7539esp-chacha20-poly1305-vgcrypto-neon"
req+=" rfc7539-chacha20-poly1305-vgcrypto-generic rfc7539esp-chacha20-poly1305-vgcrypto-generic"
log=$root/build/check/kunit-arm64-console.log
mkdir -p "${log%/*}"
scripts/run/qemu.sh --arch arm64 --kunit --ko "$out/vgcrypto.ko" --ko "$out/vgcrypto_kunit.ko" \
	--script tests/arm64/kunit-guest.sh --add tests/qemu/selftest.sh \
	--add tests/qemu/af_alg_vectors.c --add tests/debug/fault-arm.sh \
	--add "$out/vgcrypto_fault_kunit.ko" --append 'slub_debug=A,kmalloc-*' \
	--env VGC_RELEASE=arm64-kunit \
	--env VGC_REQUIRED="$req" --log "$log" --timeout 1200 "$@" |
	sed '/===VGC-DMESG-BEGIN===/,/===VGC-DMESG-END===/d' | tee "$out/guest.out"
line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}

# the KTAP between the guest's markers; every generic case passed on neon
vgc_kunit_guest_judge "$log" "$out" neon
# the same for the ML-KEM cases ("mlkem768 neon"), which must have run
mg=$(grep -cE '^(\[[^]]*\] )? *ok [0-9]+ mlkem(512|768|1024) generic$' "$out/ktap.log" || true)
mn=$(grep -cE '^(\[[^]]*\] )? *ok [0-9]+ mlkem(512|768|1024) neon$' "$out/ktap.log" || true)
if ((mn > 0 && mn == mg)); then
	echo "ok - all $mn ML-KEM KUnit cases passed on the neon drivers, as on generic"
	p=$((p + 1))
else
	echo "not ok - ML-KEM KUnit cases passed: $mn on neon, $mg on generic"
	f=$((f + 1))
fi
# every suite ran, the fault-injection one (loaded last) included
for s in vgcrypto_chacha20poly1305 vgcrypto_aead_lib vgcrypto_aead_guard vgcrypto_mlkem \
	vgcrypto_mlkem_concurrency vgcrypto-fault; do
	if grep -qE "^(\[[^]]*\] )?ok [0-9]+ $s\$" "$out/ktap.log"; then
		p=$((p + 1))
	else
		echo "not ok - KUnit suite $s: $(grep -E " $s( |\$)" "$out/ktap.log" | tail -n1)"
		f=$((f + 1))
	fi
done
# PSTATE.DIT in neon sections: -cpu max has FEAT_DIT, so none may be skipped
for c in dit_set_in_section dit_kept_when_set dit_after_kem; do
	if grep -qE "^(\[[^]]*\] )? *ok [0-9]+ $c\$" "$out/ktap.log"; then
		echo "ok - KUnit $c ran and passed"
		p=$((p + 1))
	else
		echo "not ok - KUnit $c: $(grep -E " $c( |\$)" "$out/ktap.log" | tail -n1)"
		f=$((f + 1))
	fi
done
echo "# kunit: passed $KP, failed $KF, crashed $KC, skipped $KS, errors $KE"
echo "kunit-arm64: $((p + KP)) passed, $((f + KF + KC + KE)) failed"
((f + KF + KC + KE == 0))
