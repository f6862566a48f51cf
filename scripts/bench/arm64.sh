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
#  - ChaCha20-Poly1305: instructions per byte of a one-shot seal (13 bytes
#    of AD) at 64, 1420 and 16384 bytes, neon and generic, and OpenSSL
#    3.0's EVP (Debian's arm64 libcrypto, its own assembly) for reference;
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
# shellcheck disable=SC2086
$cc -O2 -Wall -Wextra -Werror -static -I"$root/tests/harness/include" \
	-I"$root/tests/harness" -I"$root/lib" -I"$root/include" $inc \
	-o "$out/insn_count" "$root/tests/arm64/insn_count.c" \
	"$root/tests/harness/oneshot.c" "$out"/mlkem/obj/lib/*.o "$out"/mlkem/obj/arch/arm64/*.o \
	-L"$sysroot/usr/lib/aarch64-linux-gnu" -lcrypto 2> >(quiet)

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
	local bin=$1 trace=$out/trace.log begin end
	shift
	begin=$(aarch64-linux-gnu-nm "$bin" | awk '$3 == "vgc_mark_begin" { print $1 }')
	end=$(aarch64-linux-gnu-nm "$bin" | awk '$3 == "vgc_mark_end" { print $1 }')
	rm -f "$trace"
	qemu-aarch64-static -cpu max -d in_asm,exec,nochain -D "$trace" "$bin" "$@" ||
		vgc_die "insn_count $* failed"
	python3 - "$trace" "$begin" "$end" <<'PY'
import re, sys
trace, begin, end = sys.argv[1], int(sys.argv[2], 16), int(sys.argv[3], 16)
size, cur, on, total = {}, None, False, 0
insn = re.compile(r'^0x([0-9a-f]+):\s')
ex = re.compile(r'^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/')
with open(trace) as f:
    for line in f:
        if line.startswith('IN:'):
            cur = None
            continue
        m = insn.match(line)
        if m:
            pc = int(m.group(1), 16)
            if cur is None:
                cur = pc
                size[cur] = 0
            size[cur] += 1
            continue
        m = ex.match(line)
        if m:
            cur = None
            pc = int(m.group(1), 16)
            if pc == begin:
                on = True
            elif pc == end:
                on = False
            elif on:
                total += size[pc]
print(total)
PY
	rm -f "$trace"
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

printf '\narm64 dynamic instructions per byte, seal with 13 bytes of AD\n'
printf '(qemu-aarch64 -d in_asm,exec,nochain, %s messages each; lower is better)\n' "$iters"
printf '%7s %10s %10s %10s %14s\n' bytes generic neon openssl generic/neon
for len in 64 1420 16384; do
	g=$(count "$out/insn_count" aead generic "$len" "$iters")
	n=$(count "$out/insn_count" aead neon "$len" "$iters")
	o=$(count "$out/insn_count" aead openssl "$len" "$iters")
	python3 -c "
g, n, o, l, k = $g, $n, $o, $len, $iters
print('%7d %10.2f %10.2f %10.2f %13.2fx' % (l, g / k / l, n / k / l, o / k / l, g / n))"
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
