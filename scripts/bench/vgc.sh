#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/vgc.sh [vgc_bench arguments]
#
# The user-space benchmark (tests/harness/vgc_bench): every back end this
# CPU runs against OpenSSL's EVP ChaCha20-Poly1305 and, on x86-64, the
# kernel's own assembly in its rfc7539 composition (assembled at bench
# time from linux-source-6.1: scripts/bench/kernel-asm.sh), paired ratios
# for seal and open. Run twice: OpenSSL with everything this CPU has, then
# OpenSSL limited to AVX2 (OPENSSL_ia32cap=":~0x80010000", AVX-512F and
# VL masked) and the kernel's composition and our back ends answering as
# a CPU without AVX-512 (VGCRYPTO_HIDE_CPU=avx512): the comparison an
# AVX2-only CPU gets, on this CPU's AVX2 units. Each table names its mask
# and the CPU. Built in build/bench, from the sources alone (a fresh
# clone needs nothing that make check makes).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

out=$VGC_TOP/build/bench
mkdir -p "$out"
make -s -C "$VGC_TOP/tests/harness" deps
kobjs=""
if [[ $(uname -m) == x86_64 ]]; then
	if "$VGC_SCRIPTS/bench/kernel-asm.sh" "$out/kasm" >"$out/kasm.log" 2>&1; then
		kobjs=$(tr '\n' ' ' <"$out/kasm/objs")
	else
		vgc_log "no kernel column (see $out/kasm.log)"
	fi
fi
# SIMD_CHECK=0: no SIMD-section checks, as in the module
make -s -C "$VGC_TOP/tests/harness" O="$out/harness" BENCH_KERNEL_OBJS="$kobjs" \
	SIMD_CHECK=0 "$out/harness/vgc_bench"

"$out/harness/vgc_bench" "$@"
if [[ $(uname -m) == x86_64 ]] && grep -qw avx512f /proc/cpuinfo; then
	echo
	echo "==== again as on a CPU without AVX-512: OpenSSL limited to AVX2, the kernel's"
	echo "==== composition on its AVX2 path, our back ends without AVX-512 (VGCRYPTO_HIDE_CPU)"
	VGCRYPTO_HIDE_CPU=avx512 OPENSSL_ia32cap=":~0x80010000" \
		"$out/harness/vgc_bench" "$@"
fi
