#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/arm64.sh [ITERS]
#
# The NEON gain without arm64 hardware: dynamic instruction counts per
# byte of a one-shot seal (13 bytes of AD) at 64, 1420 and 16384 bytes,
# for the neon and generic back ends and, for reference, OpenSSL 3.0's
# EVP ChaCha20-Poly1305 (Debian's arm64 libcrypto, its own assembly).
# tests/arm64/insn_count.c runs under qemu-aarch64 with -d
# in_asm,exec,nochain: every translated block's guest instructions are
# listed once (in_asm) and every execution of a block is logged (exec;
# nochain so that none is skipped), so the instructions executed between
# the program's two marker calls are counted exactly. Instructions are not
# cycles: NEON instructions do four lanes' work, and their latency and
# throughput differ by core; this is an operation count, not a speed.
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
flags=(-O2 -Wall -Wextra -Werror -I"$root/tests/harness/include" -I"$root/tests/harness"
	-I"$root/lib" -I"$root/include"
	-I"$sysroot/usr/include" -I"$sysroot/usr/include/aarch64-linux-gnu")
# the harness's and the module's flags: Poly1305 without SIMD registers
$cc "${flags[@]}" -mgeneral-regs-only -c -o "$out/poly1305_arm64.o" \
	"$root/arch/arm64/poly1305_arm64.c"
$cc "${flags[@]}" -static -o "$out/insn_count" "$root/tests/arm64/insn_count.c" \
	"$root"/lib/{chacha20,poly1305,chacha20poly1305,sha3,mlkem,mlkem_poly}.c \
	"$root/tests/harness/oneshot.c" \
	"$root"/arch/arm64/{backends,chacha20_neon}.c "$out/poly1305_arm64.o" \
	-L"$sysroot/usr/lib/aarch64-linux-gnu" -lcrypto -lpthread \
	2> >(grep -v -e 'statically linked applications' -e 'in function' >&2)

begin=$(aarch64-linux-gnu-nm "$out/insn_count" | awk '$3 == "vgc_mark_begin" { print $1 }')
end=$(aarch64-linux-gnu-nm "$out/insn_count" | awk '$3 == "vgc_mark_end" { print $1 }')

# count IMPL LEN: instructions executed from vgc_mark_begin to vgc_mark_end
count() {
	local trace=$out/trace.log
	rm -f "$trace"
	qemu-aarch64-static -d in_asm,exec,nochain -D "$trace" \
		"$out/insn_count" "$1" "$2" "$iters"
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

printf '\narm64 dynamic instructions per byte, seal with 13 bytes of AD\n'
printf '(qemu-aarch64 -d in_asm,exec,nochain, %s messages each; lower is better)\n' "$iters"
printf '%7s %10s %10s %10s %14s\n' bytes generic neon openssl generic/neon
for len in 64 1420 16384; do
	g=$(count generic "$len") n=$(count neon "$len") o=$(count openssl "$len")
	python3 -c "
g, n, o, l, k = $g, $n, $o, $len, $iters
print('%7d %10.2f %10.2f %10.2f %13.2fx' % (l, g / k / l, n / k / l, o / k / l, g / n))"
done
