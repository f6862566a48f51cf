#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/kernel-asm.sh OUTDIR
#
# The kernel's own x86-64 ChaCha20 and Poly1305 assembly (Linux 6.1:
# arch/x86/crypto/chacha-{ssse3,avx2,avx512vl}-x86_64.S, and the Poly1305
# code its poly1305-x86_64-cryptogams.pl writes), assembled for user space
# from the linux-source-6.1 package scripts/fetch/kernel.sh fetches, with
# scripts/bench/kernel_rfc7539.c composing them as the rfc7539 template
# does. Writes OUTDIR/objs (the list of objects, for vgc_bench's link);
# nothing here goes into the project. Exits non-zero (and vgc_bench runs
# without the column) where the source or a tool is missing.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

out=${1:-}
[[ -n $out ]] || vgc_usage
[[ $(uname -m) == x86_64 ]] || vgc_die "the kernel's assembly here is x86-64"
mkdir -p "$out/include/linux" "$out/include/asm"
out=$(cd "$out" && pwd)
src=$("$VGC_SCRIPTS/fetch/kernel.sh" 6.1 source)
kx=$src/arch/x86/crypto
cc=${CC:-gcc}

# The two kernel headers the assembly includes: <linux/linkage.h> as the
# harness has it, <asm/frame.h> without frame pointers.
cat >"$out/include/linux/linkage.h" <<EOF
#include "$VGC_TOP/tests/harness/linkage.S"
#define SYM_FUNC_START_LOCAL(name)	name:
EOF
cat >"$out/include/asm/frame.h" <<'EOF'
#define FRAME_BEGIN
#define FRAME_END
EOF

perl "$kx/poly1305-x86_64-cryptogams.pl" >"$out/poly1305-x86_64-cryptogams.S"
objs=()
for f in "$kx"/chacha-ssse3-x86_64.S "$kx"/chacha-avx2-x86_64.S \
	"$kx"/chacha-avx512vl-x86_64.S "$out/poly1305-x86_64-cryptogams.S"; do
	o=$out/$(basename "${f%.S}").o
	"$cc" -c -D__ASSEMBLY__ -DCONFIG_AS_AVX512 -I"$out/include" -o "$o" "$f"
	objs+=("$o")
done
"$cc" -O2 -Wall -Wextra -Werror -mgeneral-regs-only -I"$VGC_TOP/tests/harness/include" \
	-I"$VGC_TOP/tests/harness" -I"$VGC_TOP/lib" -I"$VGC_SCRIPTS/bench" -c \
	-o "$out/kernel_rfc7539.o" "$VGC_SCRIPTS/bench/kernel_rfc7539.c"
objs+=("$out/kernel_rfc7539.o")
printf '%s\n' "${objs[@]}" >"$out/objs"
echo "kernel-asm: $(basename "$src") arch/x86/crypto assembled into $out"
