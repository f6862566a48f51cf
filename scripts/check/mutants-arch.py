#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/mutants-arch.py [--crypto] [--slow] [NAME...]
#
# Mutants in the back ends (arch/x86, arch/arm64): one small change at a
# time, in a scratch copy of lib/, arch/, include/ and tests/harness under
# build/mutants-arch/, never in the tree itself. Each must make the fast
# suites fail: vgc_test --quick on every back end this CPU runs (x86), or
# vgc_test --quick --backend neon cross-built and run under qemu-aarch64
# (arm64). The suites that kill them: RFC 8439, Poly1305, Wycheproof,
# bit flips, the OpenSSL differential, back-end equivalence, chacha-xor,
# poly-blocks, simd-save (arm64 6.19+: the NEON save area wiped after
# each section) and dead-stack (a skipped wipe leaves a key word, a
# keystream word or a Poly1305 power on the dead stack, or on x86-64 in
# a register the assembly returns with); a wrong FPU or
# NEON bracket is caught by the harness's SIMD-section flag
# (-DVGC_SIMD_CHECK: a SIMD entry point outside a section, a section
# opened twice or closed unopened fails every suite run).
#
# The ML-KEM back ends' mutants run tests/mlkem's mlkem_test instead
# (every primitive against the portable one on random and edge inputs,
# ACVP, Wycheproof, CCTV, the noble cases): natively on every x86 back end
# (about 12 s a mutant), and for arm64 cross-built under qemu-aarch64 on
# neon only with --slow (about a minute a mutant, and the cross build:
# measured 2 killed of 2; not in make check).
#
# The scratch copy is built once per architecture; a mutant rebuilds one
# object and relinks, and the file is put back (and its object rebuilt by
# the next mutant). A mutant whose text is not found exactly once (arch/
# moved on) is NOT APPLIED and fails the run, as does one that does not
# build: the list stays honest. Cost on this machine (2 shared cores):
# see the stage's summary line.
#
# crypto/ (the kernel glue: scatterlist walks, the crypto API's
# requests) is not compiled in user space. Its mutants (target "uml") run
# only with --crypto (not in make check: each one rebuilds the module
# against the cached User-Mode Linux 6.1 kernel and boots it with the
# KUnit suites, the crypto manager's extra tests, tcrypt and the AF_ALG
# vectors, scripts/check/kunit-uml.sh: minutes per mutant; measured on
# this machine under load: 6 mutants and the baseline in 26 minutes, 9
# CPU-minutes; 4 killed, 2 survive, explained below).
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
OUT = os.path.join(ROOT, 'build', 'mutants-arch')
VECTORS = os.environ.get('VGC_VECTORS',
                         os.path.abspath(os.path.join(ROOT, '..', 'shared',
                                                      'vectors')))

X64 = 'x86'
A64 = 'arm64'
C = 'arch/x86/chacha20_x86_64.S'
CX = 'arch/x86/chacha20_x64.S'
P = 'arch/x86/poly1305_x64.S'
PM = 'arch/x86/poly1305_mul.S'
PA = 'arch/x86/poly1305_avx2.S'
PI = 'arch/x86/poly1305_ifma.S'
XB = 'arch/x86/backends.c'
VP = 'lib/poly1305_vec.h'
NC = 'arch/arm64/chacha20_neon.c'
NP = 'arch/arm64/poly1305_arm64.c'
NN = 'arch/arm64/poly1305_neon.c'
NB = 'arch/arm64/backends.c'
CG = 'crypto/chacha20poly1305_glue.c'
MA = 'arch/x86/mlkem_arith.S'
MM = 'arch/x86/mlkem_x86_macros.h'
MC = 'arch/x86/mlkem_codec_avx2.S'
MS = 'arch/x86/mlkem_sample_avx2.S'
KX = 'arch/x86/keccak_x86.h'
NM = 'arch/arm64/mlkem_neon.c'
NK = 'arch/arm64/keccak_neon.c'
UML = 'uml'
# ML-KEM back ends: tests/mlkem's mlkem_test (every primitive against the
# portable one, ACVP, Wycheproof, CCTV, noble) instead of vgc_test
MK_X64 = 'mlkem-x86'
MK_A64 = 'mlkem-arm64'
AVX2_WIPE = ('.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, '
             '15, 16, 17, 18, 19, 20, 21, 22\n\tvmovdqu\t%ymm0')

# (name, file, text, replacement, target[, which occurrence, 1-based])
MUTANTS = [
    # ChaCha20, x86 (SSSE3, AVX2, AVX-512 from one macro body)
    ('chacha-rot16-table', C, '.Lrot16:\n\t.byte\t2, 3, 0, 1',
     '.Lrot16:\n\t.byte\t3, 2, 0, 1', X64),
    ('chacha-rot8-table', C, '.Lrot8:\n\t.byte\t3, 0, 1, 2',
     '.Lrot8:\n\t.byte\t3, 0, 2, 1', X64),
    ('chacha-lane-ctr-index', C, '.long\t0, 1, 2, 3, 4, 5, 6, 7, 8',
     '.long\t0, 1, 2, 3, 4, 5, 7, 6, 8', X64),
    ('chacha-row-ctr', C, '.long\t0, 0, 0, 0, 1, 0, 0, 0, 2',
     '.long\t0, 0, 0, 0, 2, 0, 0, 0, 2', X64),
    ('chacha-rot-shift-left', C, 'pslld\t$\\n, \\d', 'pslld\t$(\\n + 1), \\d', X64, 1),
    ('chacha-rot-shift-right-vex', C, 'vpsrld\t$(32 - \\n), \\d, \\t',
     'vpsrld\t$(33 - \\n), \\d, \\t', X64),
    ('chacha-avx512-vprold-h', C, '.irp r, 16, 12, 8, 7', '.irp r, 16, 12, 8, 6', X64, 1),
    ('chacha-avx512-vprold-v', C, '.irp r, 16, 12, 8, 7', '.irp r, 16, 11, 8, 7', X64, 2),
    ('chacha-vpass16-rounds', C, 'mov\t$5, %r10d', 'mov\t$4, %r10d', X64, 2),
    # the stitched AVX2 seal: its Poly1305 beside the rounds
    ('stitch-rounds', C, 'mov\t$5, %r10d', 'mov\t$4, %r10d', X64, 1),
    ('stitch-poly-chunk', C, 'lea\t-512(%rsi), %r8', 'lea\t-496(%rsi), %r8', X64),
    ('stitch-poly-last-blocks', C, '\t_pblock\t1\n\t_pblock\t1\n', '\t_pblock\t1\n', X64),
    ('stitch-poly-s1', C, 'shr\t$2, %r9\n\tadd\t%rax, %r9', 'shr\t$3, %r9\n\tadd\t%rax, %r9', X64),
    ('stitch-h2-kept', C, '\tmov\t%r13, VGC_P_H + 16(%r8)\n', '\n', X64),
    ('stitch-wipe-r', C, '.irp k, 0, 1, 2, 3, 4, 5, 6\n', '.irp k, 0, 1, 2, 3\n', X64),
    ('stitch-restore-rcx', C, '\tmov\tVGC_ST_RCX(%r11), %rcx\n', '\n', X64),
    # the stitched AVX2 open, and the core's buffered open around it
    ('stitch-open-poly-ahead', C, 'mov\t%rdx, %r8', 'lea\t16(%rdx), %r8', X64),
    ('stitch-open-unstitched', C, '_vpass16 0, 2', '_vpass16 0, 0', X64),
    ('stitch-open-count', C, 'shr\t$4, %eax', 'shr\t$5, %eax', X64),
    ('stitch-open-passes', C, 'add\t$511, %ecx', 'add\t$255, %ecx', X64),
    ('core-open-no-flush', 'lib/chacha20poly1305.c',
     'if (r->be->poly_flush)\n\t\tr->be->poly_flush(&r->poly);\n\tr->be->open_passes',
     'r->be->open_passes', X64),
    ('core-open-buf-kept', 'lib/chacha20poly1305.c',
     '\tmemzero_explicit(buf, r->open_span);\n\tvgc_cp_end(r);',
     '\tmemzero_explicit(buf, 0);\n\tvgc_cp_end(r);', X64),
    ('core-open-span', 'lib/chacha20poly1305.c',
     'r->open_span += DIV_ROUND_UP(len, r->be->seal_pass) * r->be->seal_pass;',
     'r->open_span += len;', X64),
    ('core-open-tail-ctr', 'lib/chacha20poly1305.c',
     'r->chacha[12] = 1 + r->textlen / VGC_CHACHA_BLOCK_SIZE;',
     'r->chacha[12] = r->textlen / VGC_CHACHA_BLOCK_SIZE;', X64),
    ('core-open-tail-ctr-back', 'lib/chacha20poly1305.c',
     '\tr->chacha[12] = ctr;\n', '\tr->chacha[12] += 0 * ctr;\n', X64),
    ('core-open-first-ks', 'lib/chacha20poly1305.c',
     'cp_use_ks(r, buf, buf, first);', 'cp_use_ks(r, buf, buf, first / 2);', X64),
    ('chacha-vpass32-rounds', C, 'mov\t$10, %r10d', 'mov\t$9, %r10d', X64, 1),
    ('chacha-hpass-rounds', C, 'mov\t$10, %r10d', 'mov\t$11, %r10d', X64, 2),
    ('chacha-ctr-forgets-ks', C, 'add\t%r9d, 48(%rdi)', 'add\t%ecx, 48(%rdi)', X64),
    ('chacha-put-boundary', C, 'jbe\t.Lput_ks\\@', 'jb\t.Lput_ks\\@', X64),
    ('chacha-ssse3-tail-bound', C, 'cmp\t$1, %r10d\n\tje\t.Lt1_\\@',
     'cmp\t$2, %r10d\n\tje\t.Lt1_\\@', X64),
    ('chacha-avx512-tail-bound', C, 'cmp\t$4, %r10d\n\tjbe\t.Lt4_\\@',
     'cmp\t$5, %r10d\n\tjbe\t.Lt4_\\@', X64),
    ('chacha-avx512-one-group', C, 'cmp\t$LANES, %r10d\n\tjbe\t.Lone_\\@',
     'cmp\t$(LANES+1), %r10d\n\tjbe\t.Lone_\\@', X64),
    ('chacha-ymm512-block-pairs', C, 'vshufi64x2 $3, \\r1, \\r0, V26',
     'vshufi64x2 $2, \\r1, \\r0, V26', X64),
    ('chacha-feed-forward-word', C, '.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15\n\t_bcast32',
     '.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 14, 15\n\t_bcast32', X64),
    # the scalar block (the Poly1305 key of a long text)
    ('chacha-x64-rot7', CX, '_rol\t7, \\b0', '_rol\t6, \\b0', X64),
    ('chacha-x64-swap', CX, 'mov\t%r15d, %r10d', 'mov\t%r15d, %r9d', X64),
    ('chacha-x64-ff-word', CX, 'add\t36(%r15), %r10d', 'add\t32(%r15), %r10d', X64),
    ('chacha-x64-no-counter', CX, 'incl\t48(%r15)', 'nop', X64),
    # skipped wipes: the dead-stack suite must find what they leave
    ('chacha-x64-no-slot-wipe', CX, '\tmov\t%rax, SLOT(0)(%rsp)\t/* slots 0 and 1 */\n', '', X64),
    ('chacha-x64-no-slot2-wipe', CX, '\t/* slots 0 and 1 */\n\tmov\t%eax, SLOT(2)(%rsp)\n',
     '\t/* slots 0 and 1 */\n', X64),
    ('chacha-x64-b-swap', CX, 'mov\t%r15d, %esi', 'mov\t%r15d, %edi', X64),
    ('chacha-x64-no-reg-wipe', CX, '\txor\t%r9d, %r9d\n', '', X64),
    ('chacha-no-wipe-key-words', C, '\t_vstu\tV0, 2*VL(%r11)\n', '', X64),
    ('chacha-avx512-wipe-skipped', C, 'cmp\t$(LANES+1), %r9d',
     'cmp\t$(2*LANES+1), %r9d', X64),
    ('poly-avx2-wipe-short', PA, AVX2_WIPE,
     '.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n\tvmovdqu\t%ymm0', X64),
    # skipped register wipes: dead-stack's register search must see them
    ('poly-x64-no-reg-wipe', P, '\txor\t%r11d, %r11d\n', '', X64),
    ('chacha-avx512-no-zmm16-31-wipe', C,
     '.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\tvpxord',
     '.irp i, 16\n\tvpxord', X64),
    # Poly1305, scalar x86-64
    ('poly-x64-s1-shift', P, 'shr\t$2, %r13', 'shr\t$3, %r13', X64),
    ('poly-x64-no-2^128', P, 'adc\t$1, %r10', 'adc\t$0, %r10', X64),
    ('poly-x64-stride', P, 'add\t$16, %rsi', 'add\t$8, %rsi', X64),
    ('poly-mul-fold-mask', PM, 'and\t$3, \\h2', 'and\t$7, \\h2', X64),
    ('poly-mul-times-5', PM, 'lea\t(%rax, %rax, 4), %rax', 'lea\t(%rax, %rax, 2), %rax', X64),
    ('poly-mul-carry-lost', PM, 'adc\t$0, \\t2\t\t\t/* d1', 'add\t$0, \\t2\t\t\t/* d1', X64),
    ('poly-limb44-shift', PM, 'shld\t$20, \\h0, \\d', 'shld\t$21, \\h0, \\d', X64),
    ('poly-limb26-shift', PM, 'shr\t$14, \\d', 'shr\t$13, \\d', X64),
    # Poly1305, AVX2 (radix 2^26) and IFMA (radix 2^44)
    ('poly-ifma-join-order', PI, '\t_join\tV8, V9, V10\n\t_join\tV17, V18, V19',
     '\t_join\tV17, V18, V19\n\t_join\tV8, V9, V10', X64),
    ('poly-ifma256-groups', PI, 'shr\t$2, %ecx\t\t/* groups of four blocks */',
     'shr\t$3, %ecx\t\t/* groups of four blocks */', X64),
    ('poly-ifma256-hsum', PI, 'vextracti32x4 $1, %ymm\\i, %xmm20',
     'vextracti32x4 $0, %ymm\\i, %xmm20', X64),
    ('poly-avx2-split', PA, 'vpsrlq\t$26, %ymm15, \\d1', 'vpsrlq\t$25, %ymm15, \\d1', X64),
    ('poly-avx2-times-5', PA, 'vpsllq\t$2, %ymm11, %ymm11', 'vpsllq\t$1, %ymm11, %ymm11', X64),
    ('poly-avx2-loop-bound', PA, 'cmp\t$2, %ecx\n\tjae\t.Lavx2_loop',
     'cmp\t$3, %ecx\n\tjae\t.Lavx2_loop', X64),
    ('poly-avx2-final-mask', PA, 'mov\t$0x3ffffff, %edx', 'mov\t$0x1ffffff, %edx', X64),
    ('poly-ifma-split', PI, 'vpsrlq\t$44, \\m0, \\m1', 'vpsrlq\t$43, \\m0, \\m1', X64),
    ('poly-ifma-times-20', PI, 'vpsllq\t$4, \\r1, \\s1', 'vpsllq\t$3, \\r1, \\s1', X64),
    ('poly-ifma-group', PI, 'shr\t$3, %ecx', 'shr\t$2, %ecx', X64),
    # the x86 glue: which Poly1305 code takes which blocks, FPU brackets
    ('glue-avx2-step', XB, '.step = 4,\n\t.min = VGC_POLY1305_AVX2_MIN_BLOCKS,',
     '.step = 2,\n\t.min = VGC_POLY1305_AVX2_MIN_BLOCKS,', X64),
    ('glue-flush-drops-pending', VP, '\tif (p->vec_npend) {\n\t\tvec_scalar_blocks',
     '\tif (0 && p->vec_npend) {\n\t\tvec_scalar_blocks', X64),
    ('glue-live-ignored', VP, 'if (n && (p->vec_live || nblocks >= v->min))',
     'if (n && nblocks >= v->min)', X64),
    ('glue-ifma-avx2-swap', XB, 'if (v->code == VEC_IFMA)\n\t\tvgc_poly1305_ifma_blocks',
     'if (v->code != VEC_IFMA)\n\t\tvgc_poly1305_ifma_blocks', X64),
    ('glue-pending-count', VP, 'p->vec_npend += n;', 'p->vec_npend += n + 1;', X64),
    ('bracket-x86-no-begin', XB, '\tkernel_fpu_begin();\n', '', X64),
    ('bracket-x86-no-end', XB, '\tkernel_fpu_end();\n', '', X64),
    # arm64 NEON ChaCha20, Poly1305, brackets
    ('neon-rotl12', NC, 'vshlq_n_u32(a, 12), a, 20)', 'vshlq_n_u32(a, 12), a, 21)', A64),
    ('neon-rotl7', NC, 'vshlq_n_u32(a, 7), a, 25)', 'vshlq_n_u32(a, 8), a, 25)', A64),
    ('neon-rot8-index', NC, '\t3, 0, 1, 2, 7, 4, 5, 6,', '\t3, 0, 1, 2, 7, 5, 4, 6,', A64),
    ('neon-lane-ctr', NC, 'vgc_neon_lane_ctr[4] __aligned(16) = { 0, 1, 2, 3 }',
     'vgc_neon_lane_ctr[4] __aligned(16) = { 0, 1, 3, 2 }', A64),
    ('neon-ctr-forgets-ks', NC, 'state[12] += done + tail;', 'state[12] += done + nblocks;', A64),
    # the stitched NEON seal and open
    ('neon-stitch-seal-lag', NC, 'dst + (i - 1) * VGC_NEON_PASS, h, &k);',
     'dst + i * VGC_NEON_PASS, h, &k);', A64),
    ('neon-stitch-poly-rounds', NC, 'for (; i < 8; i++, pm += 2 * VGC_POLY1305_BLOCK_SIZE)',
     'for (; i < 7; i++, pm += 2 * VGC_POLY1305_BLOCK_SIZE)', A64),
    ('neon-stitch-open-rest', NC, 'for (i = 0; i < len / VGC_POLY1305_BLOCK_SIZE; i++)',
     'for (i = 1; i < len / VGC_POLY1305_BLOCK_SIZE; i++)', A64),
    ('neon-stitch-ctr', NC, 'state[12] += 4 * n;', 'state[12] += 4 * n + 1;', A64),
    ('neon-tail-bound', NC, 'if (tail > 2)', 'if (tail > 3)', A64),
    ('neon-poly-s1', NP, 's1 = r1 + (r1 >> 2)', 's1 = r1 + (r1 >> 3)', A64),
    ('neon-poly-fold-mask', NP, '#-4\\n', '#-8\\n', A64),
    ('neon-poly-no-2^128', NP, '[one] "r" (1ULL)', '[one] "r" (0ULL)', A64),
    # the registers a call returns with (dead-stack's register search)
    ('neon-xor-no-vreg-wipe', NC, '\tvgc_arm64_wipe_vregs();\n', '', A64, 1),
    ('neon-xor-ks-no-vreg-wipe', NC, '\tvgc_arm64_wipe_vregs();\n', '', A64, 2),
    ('arm64-poly-no-gpr-wipe', NP, '\tvgc_arm64_wipe_gprs();\n', '', A64, 1),
    # arm64 ChaCha20's fifth block, in general registers
    ('neon-5block-rot12', NC, '*b = rol32(*b ^ *c, 12);', '*b = rol32(*b ^ *c, 13);', A64),
    ('neon-5block-ctr', NC, 'const u32 c12 = state[12] + done + 4;',
     'const u32 c12 = state[12] + done + 3;', A64),
    ('neon-5block-diag', NC, 'squarter(&s1, &s6, &s11, &s12);',
     'squarter(&s1, &s6, &s11, &s13);', A64),
    ('neon-xor-no-gpr-wipe', NC, '\tvgc_arm64_wipe_gprs();\n', '', A64, 1),
    ('neon-5block-ks-zero', NC, 'vgc_neon_zero_block[VGC_CHACHA_BLOCK_SIZE] __aligned(16);',
     'vgc_neon_zero_block[VGC_CHACHA_BLOCK_SIZE] __aligned(16) = { 1 };', A64),
    ('neon-5block-ks-twice', NC, '\t\t\tks = NULL;\n', '', A64),
    # arm64 NEON Poly1305 (two lanes, radix 2^26)
    ('neon-poly-hibit', NN, 'vdupq_n_u64(1U << 24)', 'vdupq_n_u64(1U << 23)', A64),
    ('neon-poly-fold-times-4', NN, 'vaddq_u64(t3, vshlq_n_u64(t3, 2))',
     'vshlq_n_u64(t3, 2)', A64),
    ('neon-poly-r4-5r4', NN, 'e[0] = vmlal_laneq_u32(e[0], a[1], k2, 0);',
     'e[0] = vmlal_laneq_u32(e[0], a[1], k1, 3);', A64),
    ('neon-poly-flush-lane-b', NP, 'mul26(db, x, pw + PW_R1);',
     'mul26(db, x, pw + PW_R2);', A64),
    ('neon-poly-h-high-bits', NN, '(h1 >> 40) | (h2 << 24), lane0);',
     '(h1 >> 40) | (h2 << 25), lane0);', A64),
    ('neon-poly-no-vreg-wipe', NN, '\tvgc_arm64_wipe_vregs();\n', '', A64, 1),
    ('neon-poly-flush-no-gpr-wipe', NP, '\tvgc_arm64_wipe_gprs();\n', '', A64, 2),
    ('bracket-neon-no-begin', NB, '\tkernel_neon_begin(arm64_save_area(save));\n',
     '\t(void)save;\n', A64),
    # the 6.19 save area: not wiped after the section, or a misaligned one
    ('neon-save-not-wiped', NB, '\tmemzero_explicit(st, sizeof(*st));\n', '', A64),
    ('neon-save-misaligned', NB, 'PTR_ALIGN(&save->area[0], 16)',
     '(&save->area[0] + 1)', A64),
    # crypto/ glue, through User-Mode Linux (--crypto only)
    ('glue-open-short-length', CG, 'if (textlen < VGC_CP_TAG_SIZE)',
     'if (textlen < VGC_CP_TAG_SIZE - 1)', UML),
    ('glue-esp-ad-length', CG, 'if (adlen < VGC_ESP_IV_SIZE)',
     'if (adlen < VGC_ESP_IV_SIZE - 8)', UML),
    ('glue-authsize', CG, 'return authsize == VGC_CP_TAG_SIZE ? 0 : -EINVAL;',
     'return authsize <= VGC_CP_TAG_SIZE ? 0 : -EINVAL;', UML),
    # ML-KEM, x86 (both widths share the macros and tables)
    ('mlkem-x86-qinv-zmm', MA, 'mov\t\t$-3327, %eax', 'mov\t\t$-3325, %eax', MK_X64, 1),
    ('mlkem-x86-qinv-ymm', MA, 'mov\t\t$-3327, %eax', 'mov\t\t$-3325, %eax', MK_X64, 2),
    ('mlkem-x86-butterfly-sign', MM, '\tvpsubw\t\t\\t, \\a, \\b',
     '\tvpaddw\t\t\\t, \\a, \\b', MK_X64),
    ('mlkem-x86-compress10-shift', MC, '\tvpsllw\t\t$10, \\v, \\v',
     '\tvpsllw\t\t$9, \\v, \\v', MK_X64),
    ('mlkem-x86-rej-bound', MS, '.Lq:\t\t.word Q', '.Lq:\t\t.word Q + 1', MK_X64),
    ('mlkem-x86-cbd-eta', MS, '\tcmp\t\t$3, %edx', '\tcmp\t\t$2, %edx', MK_X64),
    ('mlkem-x86-keccak-rho', KX, '1,  3, 28,  9, 20', '1,  3, 29,  9, 20', MK_X64),
    ('mlkem-x86-keccak-iota', KX, '.quad 0x800000000000808a', '.quad 0x800000000000808b',
     MK_X64),
    # a wrong FPU bracket: the avx2 ML-KEM back end without its begin
    ('mlkem-x86-no-fpu-begin', XB, '.simd_begin = x86_simd_begin,',
     '.simd_begin = NULL,', MK_X64, 7),
    # ML-KEM, arm64
    ('mlkem-neon-compress4-halves', NM, 'w = vuzp1q_u16(vreinterpretq_u16_u32(lo),',
     'w = vuzp2q_u16(vreinterpretq_u16_u32(lo),', MK_A64),
    ('mlkem-neon-keccak-rounds', NK, '\tunsigned long n = 12;',
     '\tunsigned long n = 11;', MK_A64, 2),
    ('glue-setkey-length', CG, 'if (keylen != VGC_CP_KEY_SIZE + ctx->saltlen)',
     'if (keylen < VGC_CP_KEY_SIZE + ctx->saltlen)', UML),
    ('glue-verify-ignored', CG, '\tret = vgc_cp_verify(r, tag);\n\tif (ret)',
     '\tret = vgc_cp_verify(r, tag);\n\tif (0)', UML),
    ('glue-no-key-wipe', CG, '\tmemzero_explicit(ctx->key, sizeof(ctx->key));\n', '', UML),
]

# What the CPU must have to run the code a mutant changes (flags as
# /proc/cpuinfo names them). On a CPU without them (or with them hidden by
# VGCRYPTO_HIDE_CPU, as the harness honours it) the mutant is not run, and
# counts neither as killed nor as failed: the stage names it and why.
ZMM = ('avx512f', 'avx512vl')
NEEDS = {
    'chacha-avx512-vprold-h': ZMM,
    'chacha-avx512-vprold-v': ZMM,
    'chacha-vpass32-rounds': ZMM,
    'chacha-avx512-tail-bound': ZMM,
    'chacha-avx512-one-group': ZMM,
    'chacha-ymm512-block-pairs': ZMM,
    'chacha-avx512-wipe-skipped': ZMM,
    'chacha-avx512-no-zmm16-31-wipe': ZMM,
    'poly-limb44-shift': ZMM + ('avx512ifma',),
    'poly-ifma-split': ZMM + ('avx512ifma',),
    'poly-ifma-times-20': ZMM + ('avx512ifma',),
    'poly-ifma-group': ZMM + ('avx512ifma',),
    'poly-ifma-join-order': ZMM + ('avx512ifma',),
    'poly-ifma256-groups': ZMM + ('avx512ifma',),
    'poly-ifma256-hsum': ZMM + ('avx512ifma',),
    'mlkem-x86-qinv-zmm': ZMM + ('avx512bw',),
}
FLAG_NAMES = {'avx512f': 'AVX-512F', 'avx512vl': 'AVX-512VL',
              'avx512bw': 'AVX-512BW', 'avx512ifma': 'AVX-512 IFMA'}


def cpu_flags():
    """this CPU's flags, less those VGCRYPTO_HIDE_CPU hides (x86-64)"""
    flags = set()
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('flags'):
                    flags = set(line.split(':', 1)[1].split())
                    break
    except OSError:
        pass
    for h in os.environ.get('VGCRYPTO_HIDE_CPU', '').split(','):
        h = h.strip()
        if h == 'avx512':
            flags = set(f for f in flags if not f.startswith('avx512'))
        elif h:
            flags.discard(h)
    return flags


def missing_flags(name, flags):
    return [f for f in NEEDS.get(name, ()) if f not in flags]


# Mutants that survive, and why. A survivor not named here fails the
# run; one named here that is killed is reported.
EXPLAINED_SURVIVORS = {
    'glue-open-short-length':
        'an open of 15 bytes gets past the check, textlen wraps to 2^32 - 1, '
        'and the authentication walk then runs out of scatterlist and returns '
        'the same -EINVAL before anything is written (read from the code: '
        'the check is the early exit, not the only guard), so no suite can '
        'tell the two apart',
    'glue-no-key-wipe':
        'the key stays in the freed tfm context: no UML test looks at a tfm '
        'context after crypto_free_aead() (it is freed memory; a check would '
        'need a hook in exit_tfm or a scan of the slab after the free)',
}


def sh(cmd, log, timeout=600, cwd=None):
    with open(log, 'a') as f:
        try:
            return subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT,
                                  timeout=timeout, cwd=cwd).returncode
        except subprocess.TimeoutExpired:
            f.write('TIMEOUT after %d s\n' % timeout)
            return 124


class Target:
    def __init__(self, arch):
        self.arch = arch
        self.tree = os.path.join(OUT, 'tree')
        self.o = os.path.join(OUT, 'build-' + arch)
        self.make = ['make', '-s', '-j2', '-C',
                     os.path.join(self.tree, 'tests', 'harness'),
                     'O=' + self.o, 'EXTRA_CFLAGS=-Wno-error']
        self.run = [os.path.join(self.o, 'vgc_test'), '--quick',
                    '--require-vectors', '--vectors', VECTORS]
        if arch == A64:
            sysroot = subprocess.run(
                [os.path.join(ROOT, 'scripts', 'fetch', 'arm64.sh'), 'sysroot'],
                capture_output=True, text=True, check=True).stdout.strip()
            inc = '-I%s/usr/include -I%s/usr/include/aarch64-linux-gnu' % (
                sysroot, sysroot)
            self.make = self.make[:-1] + [
                'CC=aarch64-linux-gnu-gcc', 'EXTRA_CFLAGS=-Wno-error ' + inc,
                'OPENSSL_LIBS=-static -L%s/usr/lib/aarch64-linux-gnu '
                '-lcrypto -lpthread' % sysroot]
            self.run = ['qemu-aarch64-static'] + self.run + ['--backend', 'neon']
        self.make.append(os.path.join(self.o, 'vgc_test'))

    def build(self, log):
        return sh(self.make, log) == 0

    def test(self, log):
        return sh(self.run, log, timeout=300)


class MlkemTarget:
    """tests/mlkem's mlkem_test, natively (every back end) or for arm64
    under qemu-aarch64 (neon)"""

    def __init__(self, arch):
        self.arch = arch
        self.o = os.path.join(OUT, 'build-' + arch)
        test = os.path.join(self.o, 'mlkem_test')
        self.make = ['make', '-s', '-j2', '-C',
                     os.path.join(OUT, 'tree', 'tests', 'mlkem'), 'O=' + self.o]
        self.run = [test, '--no-ctgrind', 'valgrind: the mlkem-harness stage']
        if arch == MK_A64:
            sysroot = subprocess.run(
                [os.path.join(ROOT, 'scripts', 'fetch', 'arm64.sh'), 'sysroot'],
                capture_output=True, text=True, check=True).stdout.strip()
            self.make += [
                'CC=aarch64-linux-gnu-gcc',
                'OPT=-O2 -g -static -L%s/usr/lib/aarch64-linux-gnu' % sysroot,
                'ALGO_CPPFLAGS_EXTRA=-I%s/usr/include '
                '-I%s/usr/include/aarch64-linux-gnu' % (sysroot, sysroot)]
            self.run = ['qemu-aarch64-static'] + self.run + ['--backend', 'neon']
        self.make.append(test)

    def build(self, log):
        return sh(self.make, log) == 0

    def test(self, log):
        # the @noble/post-quantum cases, made natively once (node)
        build = os.path.join(ROOT, 'build', 'mlkem')
        sh(['make', '-s', '-C', os.path.join(ROOT, 'tests', 'mlkem'),
            'O=' + build, 'noble'], log)
        noble = sorted(f for f in os.listdir(build)
                       if f.startswith('noble-cases-') and f.endswith('.txt')) \
            if os.path.isdir(build) else []
        xwing = sorted(f for f in os.listdir(build)
                       if f.startswith('noble-xwing-cases-') and f.endswith('.txt')) \
            if os.path.isdir(build) else []
        run = self.run + (['--noble', os.path.join(build, noble[0])] if noble else []) \
            + (['--xwing', os.path.join(build, xwing[0])] if xwing else [])
        os.environ['VGC_VECTORS'] = VECTORS
        return sh(run, log, timeout=300)


class UmlTarget:
    """the whole scratch tree's kunit-uml.sh: it builds and runs"""
    arch = UML

    def __init__(self):
        self.tree = os.path.join(OUT, 'tree')

    def build(self, log):
        return True

    def test(self, log):
        os.makedirs(os.path.join(self.tree, 'build', 'check'), exist_ok=True)
        # a guest that hangs (a mutant can make the kernel loop) is a kill:
        # the unmutated run takes 1-2 minutes on this machine
        return sh([os.path.join(self.tree, 'scripts', 'check', 'kunit-uml.sh'),
                   '--timeout', '480'], log, timeout=900, cwd=self.tree)


def copy_tree(whole):
    tree = os.path.join(OUT, 'tree')
    dirs = ['lib', 'arch', 'include', 'tests/harness', 'tests/mlkem']
    if whole:	# what kunit-uml.sh and module.sh read
        # the test vectors, where the tree's ../shared/vectors looks
        link = os.path.join(OUT, 'shared')
        if not os.path.exists(link):
            os.symlink(os.path.join(os.path.dirname(ROOT), 'shared'), link)
        dirs += ['crypto', 'kunit', 'scripts', 'tests/qemu', 'tests/uml']
        for f in ('Kbuild', 'Kconfig', 'Makefile'):
            shutil.copy(os.path.join(ROOT, f), os.path.join(tree, f))
    for d in dirs:
        dst = os.path.join(tree, d)
        if os.path.isdir(dst):
            shutil.rmtree(dst)
        shutil.copytree(os.path.join(ROOT, d), dst, symlinks=True)
    return tree


# Written while a mutant is in the scratch tree: a run stopped before the
# file was put back leaves objects built from the mutant, newer than the
# restored source, so the next run starts its builds afresh.
DIRTY = os.path.join(OUT, 'mutant-applied')


def apply(tree, m):
    name, path, old, new, target = m[:5]
    nth = m[5] if len(m) > 5 else None
    f = os.path.join(tree, path)
    text = open(os.path.join(ROOT, path)).read()
    n = text.count(old)
    if (nth is None and n != 1) or (nth is not None and n < nth):
        return None
    at = -1
    for _ in range(nth or 1):
        at = text.index(old, at + 1)
    mutated = text[:at] + new + text[at + len(old):]
    with open(DIRTY, 'w') as fh:
        fh.write(name + '\n')
    with open(f, 'w') as fh:
        fh.write(mutated)
    return f


def restore(tree, path):
    shutil.copyfile(os.path.join(ROOT, path), os.path.join(tree, path))
    os.utime(os.path.join(tree, path))	# newer than the mutant's object
    os.remove(DIRTY)


def main(argv):
    only = set(a for a in argv if not a.startswith('--'))
    crypto = '--crypto' in argv
    slow = '--slow' in argv
    t0 = time.time()
    c0 = os.times()
    mutants = [m for m in MUTANTS if (not only or m[0] in only) and
               (crypto or m[4] != UML) and (slow or only or m[4] != MK_A64)]
    flags = cpu_flags()
    not_here = [m for m in mutants if missing_flags(m[0], flags)]
    mutants = [m for m in mutants if m not in not_here]
    for m in not_here:
        print('# %-28s not run here: the CPU has no %s' % (
            m[0], ', '.join(FLAG_NAMES[f] for f in missing_flags(m[0], flags))))
    if not_here:
        print('not exercised on this CPU: %d mutants (%s): %s' % (
            len(not_here), ', '.join(sorted(set(
                FLAG_NAMES[f] for m in not_here
                for f in missing_flags(m[0], flags)))),
            ', '.join(m[0] for m in not_here)))
    os.makedirs(OUT, exist_ok=True)
    if os.path.exists(DIRTY):
        print('# the last run stopped with a mutant applied: builds start afresh')
        for d in os.listdir(OUT):
            if d.startswith('build-'):
                shutil.rmtree(os.path.join(OUT, d))
        os.remove(DIRTY)
    tree = copy_tree(any(m[4] == UML for m in mutants))
    logs = os.path.join(OUT, 'logs')
    shutil.rmtree(logs, ignore_errors=True)
    os.makedirs(logs)
    killed = survived = broken = explained = 0
    targets = {}
    for arch in sorted(set(m[4] for m in mutants)):
        if arch == UML:
            t = UmlTarget()
        elif arch in (MK_X64, MK_A64):
            t = MlkemTarget(arch)
        else:
            t = Target(arch)
        log = os.path.join(logs, 'baseline-%s.log' % arch)
        if not t.build(log) or t.test(log) != 0:
            print('not ok - baseline %s: the unmutated harness fails (%s)'
                  % (arch, log))
            print('mutants-arch: 0 passed, 1 failed')
            return 1
        print('ok - baseline %s: the unmutated copy passes' % arch)
        targets[arch] = t
    for m in mutants:
        name, path, target = m[0], m[1], m[4]
        log = os.path.join(logs, name + '.log')
        if apply(tree, m) is None:
            print('not ok - %-28s NOT APPLIED (text not found once in %s)'
                  % (name, path))
            broken += 1
            continue
        t = targets[target]
        if not t.build(log):
            print('not ok - %-28s BUILD FAILED (%s)' % (name, log))
            broken += 1
            restore(tree, path)
            continue
        rc = t.test(log)
        restore(tree, path)
        why = ''
        with open(log, errors='replace') as f:
            for line in f:
                if 'SIMD-section fault' in line or \
                   (' failed' in line and not line.rstrip().endswith(' 0 failed')
                    and '[' in line):
                    why = line.strip()
                    break
        if rc != 0:
            killed += 1
            if name in EXPLAINED_SURVIVORS:
                print('# %s is listed as a survivor but was killed' % name)
            print('ok - %-28s KILLED   [%s] %s' % (name, target,
                                                    why or 'exit %d' % rc))
        elif name in EXPLAINED_SURVIVORS:
            survived += 1
            explained += 1
            print('ok - %-28s SURVIVED (explained: %s)'
                  % (name, EXPLAINED_SURVIVORS[name]))
        else:
            survived += 1
            print('not ok - %-28s SURVIVED, unexplained (%s)' % (name, log))
    # the last mutated file's object: rebuild it, so the copy stays clean
    for t in targets.values():
        t.build(os.path.join(logs, 'final-%s.log' % t.arch))
    total = killed + survived + broken
    c1 = os.times()
    cpu = (c1.children_user + c1.children_system) - \
        (c0.children_user + c0.children_system)
    print('mutants-arch: %d killed of %d (%.1f %%), %d survived, '
          '%d not applied or not built; %.0f s, %.0f CPU-s'
          % (killed, total, 100.0 * killed / max(total, 1), survived, broken,
             time.time() - t0, cpu))
    # each mutant is a test: killed or explained passes; an unexplained
    # survivor, one not applied or not built fails; and so does the whole
    # run below 95 % killed
    passed = killed + explained
    failed = broken + survived - explained
    if not only and not crypto and killed * 100 < 95 * total:
        print('not ok - fewer than 95 % of the mutants killed')
        failed += 1
    print('mutants-arch: %d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
