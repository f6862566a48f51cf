#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/kernel-arm64-asm.sh OUTDIR
#
# The kernel's own arm64 ChaCha20 and Poly1305 assembly (Linux 6.1:
# arch/arm64/crypto/chacha-neon-core.S, and the code its poly1305-armv8.pl
# writes, with the kernel's -D__KERNEL__ and its poly1305_init rename),
# cross-assembled for user space from the linux-source-6.1 package that
# scripts/fetch/kernel.sh fetches, with scripts/bench/kernel_rfc7539_arm64.c
# composing them as the rfc7539 template does. Writes OUTDIR/objs (the
# objects, for insn_count's link); nothing here goes into the project.
# The three kernel headers the ChaCha20 source includes are replaced by
# the few definitions it uses (symbol markers, adr_l, frame_push/pop,
# L1_CACHE_SHIFT, CPU_BE), written here.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

out=${1:-}
[[ -n $out ]] || vgc_usage
mkdir -p "$out/include/linux" "$out/include/asm"
out=$(cd "$out" && pwd)
src=$("$VGC_SCRIPTS/fetch/kernel.sh" 6.1 source)
ka=$src/arch/arm64/crypto
cc=aarch64-linux-gnu-gcc

cat >"$out/include/linux/linkage.h" <<'H'
#define SYM_FUNC_START(name)		.globl name; .type name, %function; .p2align 2; name:
#define SYM_FUNC_START_LOCAL(name)	.type name, %function; .p2align 2; name:
#define SYM_FUNC_END(name)		.size name, . - name
H
cat >"$out/include/asm/cache.h" <<'H'
#define L1_CACHE_SHIFT	6
H
# frame_push N: x29, x30 and x19.. (N of them, an even slot count) saved
cat >"$out/include/asm/assembler.h" <<'H'
#define CPU_BE(code...)
	.macro	adr_l, dst, sym
	adrp	\dst, \sym
	add	\dst, \dst, :lo12:\sym
	.endm
	.macro	frame_push, regcount:req, extra=0
	.set	.Lframe_regcount, \regcount
	.set	.Lframe_size, 16 + 8 * ((\regcount + 1) & ~1) + \extra
	stp	x29, x30, [sp, #-.Lframe_size]!
	mov	x29, sp
	.if	\regcount > 0
	stp	x19, x20, [sp, #16]
	.endif
	.if	\regcount > 2
	stp	x21, x22, [sp, #32]
	.endif
	.if	\regcount > 4
	stp	x23, x24, [sp, #48]
	.endif
	.if	\regcount > 6
	stp	x25, x26, [sp, #64]
	.endif
	.if	\regcount > 8
	stp	x27, x28, [sp, #80]
	.endif
	.endm
	.macro	frame_pop
	.if	.Lframe_regcount > 0
	ldp	x19, x20, [sp, #16]
	.endif
	.if	.Lframe_regcount > 2
	ldp	x21, x22, [sp, #32]
	.endif
	.if	.Lframe_regcount > 4
	ldp	x23, x24, [sp, #48]
	.endif
	.if	.Lframe_regcount > 6
	ldp	x25, x26, [sp, #64]
	.endif
	.if	.Lframe_regcount > 8
	ldp	x27, x28, [sp, #80]
	.endif
	ldp	x29, x30, [sp], #.Lframe_size
	.endm
H
"$cc" -c -I"$out/include" "$ka/chacha-neon-core.S" -o "$out/chacha-neon-core.o"
perl "$ka/poly1305-armv8.pl" void "$out/poly1305-core.S"
# (its scalar functions renamed apart from OpenSSL's, which is linked too)
"$cc" -c -D__KERNEL__ -Dpoly1305_init=poly1305_init_arm64 \
	-Dpoly1305_blocks=kpoly1305_blocks -Dpoly1305_emit=kpoly1305_emit \
	"$out/poly1305-core.S" -o "$out/poly1305-core.o"
"$cc" -O2 -mgeneral-regs-only -Wall -Wextra -Werror -c -I"$VGC_TOP/tests/harness/include" \
	-I"$VGC_TOP/tests/harness" -I"$VGC_TOP/scripts/bench" -I"$VGC_TOP/lib" \
	"$VGC_TOP/scripts/bench/kernel_rfc7539_arm64.c" -o "$out/kernel_rfc7539_arm64.o"
printf '%s\n' "$out/chacha-neon-core.o" "$out/poly1305-core.o" \
	"$out/kernel_rfc7539_arm64.o" >"$out/objs"
