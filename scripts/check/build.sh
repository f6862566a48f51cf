#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The module built against one kernel's headers, warnings counted as
# failures (scripts/build/module.sh), and its objects checked for vector
# registers outside the SIMD ones (scripts/check/simd-objects.sh),
# reported as test counts. The opt-in libchacha20poly1305 replacement is
# built beside it (VGC_LIBCP=1: it changes nothing in vgcrypto.ko), and
# its six exports' CRCs are compared with what that kernel's stock
# wireguard.ko imports.
#
# usage: scripts/check/build.sh 6.1|6.12|7.3|arm64-6.1|arm64-6.12|arm64-7.3
#   arm64-*: cross-built (aarch64-linux-gnu-, the compiler Debian's arm64
#   headers name) against that release's arm64 headers (scripts/fetch/arm64.sh)
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
ver=${1:?usage: $0 6.1}

make=() arch=x86 out=$root/build/k$ver
case $ver in
arm64-*)
	rel=${ver#arm64-} arch=arm64 out=$root/build/k$rel-arm64
	make=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- -j2)
	kdir=$("$root/scripts/fetch/arm64.sh" "$rel" headers)
	mods=$("$root/scripts/fetch/arm64.sh" "$rel" modules)
	;;
*)
	kdir=$("$root/scripts/fetch/kernel.sh" "$ver" headers)
	mods=$("$root/scripts/fetch/kernel.sh" "$ver" modules)
	;;
esac || {
	echo "build-$ver: headers unavailable"
	echo "0 passed, 1 failed"
	exit 1
}
if ! "$root/scripts/build/module.sh" "$kdir" "$out" VGC_LIBCP=1 ${make[@]+"${make[@]}"}; then
	echo "not ok - vgcrypto.ko against $kdir"
	echo "build-$ver: 0 passed, 1 failed"
	exit 1
fi
echo "ok - vgcrypto.ko built against $kdir with no warning"
# no vector register outside the SIMD objects (FPU isolation by structure)
simd=$("$root/scripts/check/simd-objects.sh" "$out" "$arch")
rc=$?
grep -v '^ok - ' <<<"$simd"
line=$(tail -n 1 <<<"$simd")
p=${line#simd-objects: } p=${p%% passed*}
f=${line#*passed, } f=${f%% failed*}
[[ $p =~ ^[0-9]+$ && $f =~ ^[0-9]+$ ]] || p=0 f=1
# x86: %rbp only ever a frame pointer in the assembly
if [[ $arch == x86 ]]; then
	fp=$("$root/scripts/check/frame-pointer.sh" "$out")
	grep -v '^ok - ' <<<"$fp"
	line=$(tail -n 1 <<<"$fp")
	fp_p=${line#frame-pointer: } fp_p=${fp_p%% passed*}
	fp_f=${line#*passed, } fp_f=${fp_f%% failed*}
	[[ $fp_p =~ ^[0-9]+$ && $fp_f =~ ^[0-9]+$ ]] || fp_p=0 fp_f=1
	p=$((p + fp_p)) f=$((f + fp_f))
	((fp_f == 0)) || rc=1
fi
# The module this build makes is the one DKMS and the package make: no
# test-only entry point may be exported from it (lib/vgc_base.h), and the
# public ones are.
syms=$out/Module.symvers
if [[ -f $syms ]] && grep -q 'vgc_mlkem_encaps[[:space:]]' "$syms" &&
	! grep -E 'EXPORTED_FOR_KUNIT_TESTING|vgc_aead_set_test_hook|vgc_mlkem_test_|vgc_mlkem_encaps_derand|vgc_cp_backend|vgc_mlkem_backend' "$syms"; then
	echo "ok - no test-only symbol exported by the production build ($(wc -l <"$syms") exports)"
	p=$((p + 1))
else
	echo "not ok - the production build's exports ($syms): test-only symbols above, or vgc_mlkem_encaps missing"
	f=$((f + 1)) rc=1
fi
# X-Wing's module wherever the kernel has the X25519 library it calls
# (Kbuild), with its four functions exported
if grep -qE '^CONFIG_CRYPTO_LIB_CURVE25519=(y|m)$' "$kdir/.config"; then
	n=$(grep -cE '\svgc_xwing_(keypair|public_key|encapsulate|decapsulate)\s.*vgcrypto_xwing\s' "$syms" 2>/dev/null)
	if [[ -f $out/vgcrypto_xwing.ko && $n == 4 ]]; then
		echo "ok - vgcrypto_xwing.ko built, its 4 functions exported"
		p=$((p + 1))
	else
		echo "not ok - vgcrypto_xwing.ko missing or $n of its 4 functions exported"
		f=$((f + 1)) rc=1
	fi
fi
# The replacement's exports as the stock wireguard.ko imports them: the
# same CRCs where the kernel has CONFIG_MODVERSIONS (Debian's 6.1 and
# 6.12), the same names where it has not (7.3)
if "$root/scripts/check/libcp-crcs.sh" "$mods" "$syms"; then
	p=$((p + 1))
else
	f=$((f + 1)) rc=1
fi
# A kernel whose libchacha20poly1305 is built in (or absent) cannot take
# the replacement: its build stops with the reason, and builds nothing
# (the kernel's .config overridden on the command line; x86 releases)
if [[ $arch == x86 ]]; then
	yout=$(mktemp -d)
	ylog=$("$root/scripts/build/module.sh" "$kdir" "$yout" VGC_LIBCP=1 \
		CONFIG_CRYPTO_LIB_CHACHA20POLY1305=y 2>&1)
	if grep -q 'libchacha20poly1305 is not a module in this kernel' <<<"$ylog" &&
		[[ ! -e $yout/libchacha20poly1305.ko ]]; then
		echo "ok - with CONFIG_CRYPTO_LIB_CHACHA20POLY1305=y the replacement's build stops, nothing built"
		p=$((p + 1))
	else
		echo "not ok - the replacement built, or failed otherwise, with CONFIG_CRYPTO_LIB_CHACHA20POLY1305=y"
		tail -n 5 <<<"$ylog"
		f=$((f + 1)) rc=1
	fi
	rm -rf "$yout"
fi
# arm64: no NEON function of this compiler's build stores a v-register to
# the stack (the kernel's flags differ between releases: UBSAN in 7.x)
if [[ $arch == arm64 ]]; then
	if "$root/tests/arm64/no_vector_spills.sh" "$out"/arch/arm64/*_neon.o; then
		p=$((p + 1))
	else
		f=$((f + 1)) rc=1
	fi
fi
echo "build-$ver: $((p + 1)) passed, $f failed"
((rc == 0))
