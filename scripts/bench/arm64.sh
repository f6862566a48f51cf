#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/arm64.sh [ITERS]
#
# The NEON gain without arm64 hardware: dynamic instruction counts, under
# qemu-aarch64 with -d in_asm,exec,nochain: every translated block's guest
# instructions are listed once (in_asm) and every execution of a block is
# logged (exec; nochain so that none is skipped), so the instructions
# executed between tests/arm64/insn_count.c's two marker calls are counted
# exactly. Three tables:
#  - ChaCha20-Poly1305: instructions per byte of a one-shot seal and open
#    (13 bytes of AD) from 64 bytes to 16 KiB, neon and generic against
#    the kernel's own arm64 assembly (Linux 6.1 arch/arm64/crypto,
#    assembled here from linux-source-6.1 by kernel-arm64-asm.sh) in its
#    rfc7539 template's composition (kernel_rfc7539_arm64.c), and OpenSSL
#    3.0's EVP seal (Debian's arm64 libcrypto, its own assembly);
#  - ML-KEM primitives: instructions per polynomial, generic and neon,
#    with the NEON figures of the codecs for d = 1, 4, 10 that issue 14
#    sets as the bar (a verified port measured on Neoverse N2);
#  - ML-KEM operations: keygen, encaps, decaps per set, generic, neon with
#    the SHA-3 Keccak and with the plain NEON one, and mlkem-native's
#    AArch64 back end (with and without the SHA-3 instructions) for
#    reference, built here from a copy of ../shared/anchors (never part
#    of the module).
# Instructions are not cycles: NEON instructions do 4 or 8 lanes' work,
# and their latency and throughput differ by core; these are operation
# counts, not speeds.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
iters=${1:-3}
root=$VGC_TOP
out=$root/build/bench-arm64
mkdir -p "$out"

"$VGC_SCRIPTS/fetch/arm64.sh" tools
vgc_need_pkgs python3
sysroot=$("$VGC_SCRIPTS/fetch/arm64.sh" sysroot)
cc=aarch64-linux-gnu-gcc
quiet() { grep -v -e 'statically linked applications' -e 'in function' >&2 || true; }

# Our code with the harness's flags (algo.mk reads arch/arm64/objs.mk, as
# Kbuild does): tests/mlkem's arm64 objects, and insn_count linked to them.
inc="-I$sysroot/usr/include -I$sysroot/usr/include/aarch64-linux-gnu"
make -s -C "$root/tests/mlkem" O="$out/mlkem" CC=$cc \
	OPT="-O2 -static -L$sysroot/usr/lib/aarch64-linux-gnu" \
	ALGO_CPPFLAGS_EXTRA="$inc" -j2 "$out/mlkem/mlkem_test" 2> >(quiet)
# The kernel's assembly, when linux-source-6.1 and perl are at hand
kobjs=() kflags=()
if "$root/scripts/bench/kernel-arm64-asm.sh" "$out/kernel" >&2; then
	mapfile -t kobjs <"$out/kernel/objs"
	kflags=(-DVGC_INSN_KERNEL -I"$root/scripts/bench")
else
	echo "arm64 bench: the kernel's arm64 assembly did not build: no kernel column" >&2
fi
# shellcheck disable=SC2086
$cc -O2 -Wall -Wextra -Werror -static -I"$root/tests/harness/include" \
	-I"$root/tests/harness" -I"$root/lib" -I"$root/include" $inc ${kflags[@]+"${kflags[@]}"} \
	-o "$out/insn_count" "$root/tests/arm64/insn_count.c" \
	"$root/tests/harness/oneshot.c" "$out"/mlkem/obj/lib/*.o "$out"/mlkem/obj/arch/arm64/*.o \
	${kobjs[@]+"${kobjs[@]}"} -L"$sysroot/usr/lib/aarch64-linux-gnu" -lcrypto 2> >(quiet)

# mlkem-native: a fresh copy of the pinned anchor (its symbolic links are
# stored as small files holding the target: made links again), built the
# way its multilevel example is (the monolithic C file included by the
# program, its assembly alongside), with and without the SHA-3 extension.
anchor=$root/../shared/anchors/mlkem-native
have_anchor=0
if [[ -d $anchor ]]; then
	rm -rf "$out/anchor"
	mkdir -p "$out/anchor"
	cp -r "$anchor" "$out/anchor/"
	chmod -R u+w "$out/anchor"
	while IFS= read -r -d '' f; do
		t=$(<"$f")
		[[ $t == ../* && $t != *$'\n'* && -e $(dirname "$f")/$t ]] && ln -sfn "$t" "$f"
	done < <(find "$out/anchor/mlkem-native" -type f -size -200c -print0)
	ex=$out/anchor/mlkem-native/examples/monolithic_build_multilevel_native
	for v in sha3 plain; do
		f=(-O3 -DMLK_FORCE_AARCH64)
		[[ $v == sha3 ]] && f+=(-march=armv8.4-a+sha3)
		$cc "${f[@]}" -DMLK_CONFIG_MULTILEVEL_WITH_SHARED -I"$ex/mlkem_native" \
			-I"$ex" -c "$ex/mlkem_native/mlkem_native_asm.S" -o "$out/anchor/asm-$v.o"
		$cc "${f[@]}" -static -DVGC_INSN_ANCHOR -I"$root/tests/harness/include" \
			-I"$root/tests/harness" -I"$ex/mlkem_native" -I"$ex" \
			-o "$out/insn_count_anchor_$v" "$root/tests/arm64/insn_count.c" \
			"$out/anchor/asm-$v.o" 2> >(quiet)
	done
	have_anchor=1
else
	echo "arm64 bench: no $anchor: mlkem-native not counted" >&2
fi

# count BINARY ARGS...: instructions executed from vgc_mark_begin to vgc_mark_end
count() {
	python3 "$VGC_SCRIPTS/bench/mca_arm64_trace.py" --count "$@" || vgc_die "insn_count ${*:2} failed"
}

# per ITERATIONS ARGS...: the count of one run, rounded
per() {
	local n=$1
	shift
	python3 -c "print(round($(count "$out/insn_count" "$@") / $n))"
}

# prim DIVISOR IMPL PRIMITIVE: per polynomial, the loop and call (nop) taken off
prim() {
	python3 -c "print(round(($(count "$out/insn_count" prim "$2" "$3" "$iters") - $nop) / ($iters * $1)))"
}

printf '\narm64 dynamic instructions per byte, 13 bytes of AD\n'
printf '(qemu-aarch64 -d in_asm,exec,nochain, %s messages each; lower is better;\n' "$iters"
printf ' kernel: Linux 6.1 arch/arm64/crypto in its rfc7539 composition, kernel/neon\n'
printf ' above 1 = fewer instructions in ours)\n'
printf '%-5s %7s %9s %9s %9s %9s %11s\n' op bytes generic neon kernel openssl kernel/neon
for op in seal open; do
	mode=aead
	[[ $op == open ]] && mode=aead-open
	for len in 64 256 1024 1420 4096 16384; do
		g=$(count "$out/insn_count" $mode generic "$len" "$iters")
		n=$(count "$out/insn_count" $mode neon "$len" "$iters")
		kn=0 o=0
		((${#kobjs[@]})) && kn=$(count "$out/insn_count" $mode kernel "$len" "$iters")
		[[ $op == seal ]] && o=$(count "$out/insn_count" aead openssl "$len" "$iters")
		python3 -c "
g, n, kn, o, l, k = $g, $n, $kn, $o, $len, $iters
f = lambda v: '%9.2f' % (v / k / l) if v else '%9s' % '-'
print('%-5s %7d %9.2f %9.2f %s %s %10s' % ('$op', l, g / k / l, n / k / l, f(kn), f(o),
      '%.2fx' % (kn / n) if kn else '-'))"
	done
done

# the bar for the codecs (issue 14: a NEON port's counts per polynomial)
declare -A bar=([compress1]=620 [compress4]=525 [compress10]=681
	[decompress1]=337 [decompress4]=438 [decompress10]=654)
printf '\narm64 ML-KEM primitives, dynamic instructions per polynomial\n'
printf '(basemul: a row of 3 products, per product; rej: one SampleNTT from XOF bytes;\n'
printf ' keccak: one Keccak-f[1600] per state; lower is better)\n'
printf '%-13s %9s %9s %8s %7s\n' primitive generic neon gen/neon bar
nop=$(count "$out/insn_count" prim generic nop "$iters")
for p in ntt invntt basemul tomont add rsub rej cbd2 cbd3 \
	compress1 compress4 compress5 compress10 compress11 \
	decompress1 decompress4 decompress5 decompress10 decompress11 \
	tobytes frombytes keccak; do
	div=1
	[[ $p == basemul ]] && div=3
	g=$(prim "$div" generic "$p")
	[[ $p == keccak ]] && div=2
	n=$(prim "$div" neon "$p")
	name=$p
	[[ $p == keccak ]] && name="keccak sha3"
	python3 -c "print('%-13s %9d %9d %7.1fx %7s' % ('$name', $g, $n, $g / $n, '${bar[$p]:-}'))"
	if [[ $p == keccak ]]; then
		n=$(prim 2 neon-plain keccak)
		python3 -c "print('%-13s %9d %9d %7.1fx' % ('keccak plain', $g, $n, $g / $n))"
	fi
done

kiters=$(( iters > 2 ? 2 : iters ))
printf '\narm64 ML-KEM operations, dynamic instructions (thousands) per operation\n'
printf '(neon: SHA-3 Keccak / plain NEON Keccak; mlkem-native %s: its AArch64 back end\n' \
	"$(grep -o '[0-9a-f]\{40\}' "$anchor/../README.md" 2>/dev/null | head -n1 | cut -c1-12)"
printf ' with -march=armv8.4-a+sha3 / without; lower is better)\n'
printf '%-12s %9s %9s %9s %9s %9s %9s\n' operation generic neon neon-pl gen/neon \
	mln-sha3 mln-v8a
for set in 512 768 1024; do
	for op in keygen encaps decaps; do
		g=$(per "$kiters" kem generic "$set" "$op" "$kiters")
		n=$(per "$kiters" kem neon "$set" "$op" "$kiters")
		np=$(per "$kiters" kem neon-plain "$set" "$op" "$kiters")
		a=0 ap=0
		if ((have_anchor)); then
			a=$(count "$out/insn_count_anchor_sha3" kem mlkem-native "$set" "$op" "$kiters")
			ap=$(count "$out/insn_count_anchor_plain" kem mlkem-native "$set" "$op" "$kiters")
		fi
		python3 -c "
g, n, np, a, ap, k = $g, $n, $np, $a, $ap, $kiters
print('%-12s %9.1f %9.1f %9.1f %8.2fx %9.1f %9.1f' % ('$set $op', g / 1e3, n / 1e3,
      np / 1e3, g / n, a / k / 1e3, ap / k / 1e3))"
	done
done
