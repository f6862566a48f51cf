/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ChaCha20 keystream XOR for x86-64 with SSSE3, AVX2 and AVX-512 (on zmm,
 * and on ymm only with AVX-512VL, for the CPUs whose clock drops on zmm):
 * one source of macros, written once for every vector width and
 * assembled four times.
 *
 *	void vgc_chacha20_xor_<isa>(u32 state[16], u8 *dst, const u8 *src,
 *				    unsigned int nblocks);
 *	void vgc_chacha20_xor_ks_<isa>(u32 state[16], u8 *dst, const u8 *src,
 *				       unsigned int nblocks, u8 ks[64]);
 *
 * dst = src XOR keystream for @nblocks 64-byte blocks (dst may equal src);
 * the _ks_ form then writes block @nblocks's keystream to @ks. state[12],
 * the block counter, advances by the number of blocks made (mod 2^32, as
 * the vector adds wrap). Call only between kernel_fpu_begin() and
 * kernel_fpu_end(), on a CPU with the extension named.
 *
 * Two layouts, because neither is best at every length:
 *
 *  - vertical: register i holds state word i of LANES consecutive blocks,
 *    one per 32-bit lane (4 in xmm, 8 in ymm, 16 in zmm). The rounds
 *    need no shuffles, but afterwards the words have to be transposed
 *    into blocks, and a pass always costs LANES blocks of rounds.
 *  - horizontal (row-wise): a block's four rows of four words sit in four
 *    registers, one block per 128-bit lane (1 in xmm, 2 in ymm, 4 in
 *    zmm). Three word rotations per half round line the diagonals up as
 *    columns. A pass is bound by the latency of one chain of 20 rounds,
 *    whatever the width, so for one to eight blocks it is the cheaper way;
 *    two register sets are run interleaved, so that one's chain fills the
 *    other's latency.
 *
 * Each function makes vertical passes while at least VMIN blocks are left
 * (with the _ks_ form counting block @nblocks), and the rest row-wise in
 * the narrowest width that holds them: what the C versions of these
 * functions measured fastest on Zen 3 and a Xeon (model 0xcf).
 *
 * Rotates: AVX-512 has one (vprold) for all four amounts, in all three
 * widths with AVX-512VL. Before it, rotates by 16 and 8 bits are byte
 * shuffles (pshufb), by 12 and 7 two shifts and an OR, with a temporary.
 *
 * Registers: with 32 (AVX-512), all sixteen state words of a vertical
 * pass stay in registers. With 16 (SSSE3, AVX2) sixteen words and the
 * rotates' temporaries do not fit: words 0-7 and 12-15 stay, and words
 * 8-11 (c, the third row) live in four stack slots, two of them loaded at
 * a time and swapped with the other two once per half round (the column
 * and diagonal rounds each use c words 8 and 9 together and 10 and 11
 * together). Those slots hold key-derived words, so they are zeroed
 * before the function returns; so are all the vector registers used
 * (vzeroall; zmm16-31 one by one), which also leaves no dirty upper state
 * behind for later SSE code. Nothing else secret goes to memory but the
 * output.
 */
#include <linux/linkage.h>
#include "simd_entry.S"
#include "vec_regs.S"
#include "poly1305_x86.h"
#include "poly1305_mul.S"

	.section .rodata
	.balign	64
/* pshufb indices: each 32-bit word rotated left by 16, by 8 (two lanes' worth) */
.Lrot16:
	.byte	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
	.byte	2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
.Lrot8:
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
/* vertical: lane i runs block done + i (word 12 is the counter) */
.Llane_ctr:
	.long	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
/* horizontal: 128-bit lane L runs block done + L (row 3, word 0) */
.Lrow_ctr:
	.long	0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0

	.text

/*
 * _set_isa ISA, _set_width BYTES: which encoding the primitives below
 * emit (0: SSE, two operands, for SSSE3; 1: VEX, for AVX2; 2: EVEX, for
 * AVX-512 with VL) and the vector width. V0..V31 name the registers of
 * the width, X0..X31 their xmm parts, so that one macro serves all three
 * widths. A function may change width as it goes (its tails are
 * narrower).
 */
.macro _set_isa isa
	.set	ISA, \isa
.if \isa == 2
	.set	NREGS, 32
.else
	.set	NREGS, 16
.endif
.endm

.macro _set_width bytes
	.set	VL, \bytes
	.set	LANES, \bytes / 4
	_vreg_names \bytes
.endm

/* ---- primitives: one vector operation in the encoding of the ISA ---- */

/* d += s (32-bit lanes) */
.macro _vadd s, d
.if ISA == 0
	paddd	\s, \d
.else
	vpaddd	\s, \d, \d
.endif
.endm

/* d ^= s */
.macro _vxor s, d
.if ISA == 0
	pxor	\s, \d
.elseif ISA == 1
	vpxor	\s, \d, \d
.else
	vpxord	\s, \d, \d
.endif
.endm

.macro _vmov s, d
.if ISA == 0
	movdqa	\s, \d
.elseif ISA == 1
	vmovdqa	\s, \d
.else
	vmovdqa64 \s, \d
.endif
.endm

/* unaligned loads and stores */
.macro _vldu m, d
.if ISA == 0
	movdqu	\m, \d
.elseif ISA == 1
	vmovdqu	\m, \d
.else
	vmovdqu64 \m, \d
.endif
.endm

.macro _vstu s, m
.if ISA == 0
	movdqu	\s, \m
.elseif ISA == 1
	vmovdqu	\s, \m
.else
	vmovdqu64 \s, \m
.endif
.endm

/* d = word rotation of s (pshufd) */
.macro _vpshufd imm, s, d
.if ISA == 0
	pshufd	$\imm, \s, \d
.else
	vpshufd	$\imm, \s, \d
.endif
.endm

/* d <<<= n in each 32-bit lane; t: a temporary (not with AVX-512) */
.macro _vrol n, d, t
.if ISA == 2
	vprold	$\n, \d, \d
.elseif \n == 16 || \n == 8
.if ISA == 0
	pshufb	.Lrot\n(%rip), \d
.else
	vpshufb	.Lrot\n(%rip), \d, \d
.endif
.elseif ISA == 0
	movdqa	\d, \t
	pslld	$\n, \d
	psrld	$(32 - \n), \t
	por	\t, \d
.else
	vpsrld	$(32 - \n), \d, \t
	vpslld	$\n, \d, \d
	vpor	\t, \d, \d
.endif
.endm

/*
 * d = unpack (ldq, hdq, lqdq, hqdq) of s1 and s2, within 128-bit lanes.
 * The SSE form is two-operand: d must not be s2 unless it is s1.
 */
.macro _unpk kind, s2, s1, d
.if ISA == 0
.ifnc \d, \s1
	movdqa	\s1, \d
.endif
	punpck\kind \s2, \d
.else
	vpunpck\kind \s2, \s1, \d
.endif
.endm

/* d (register V\i) = the dword at m in every lane */
.macro _bcast32 m, i
.if ISA == 0
	movd	\m, X\i
	pshufd	$0, X\i, X\i
.else
	vpbroadcastd \m, V\i
.endif
.endm

/* V\i = the 32-bit GPR @r in every lane */
.macro _bcast32_gpr r, i
.if ISA == 0
	movd	\r, X\i
	pshufd	$0, X\i, X\i
.elseif ISA == 1
	vmovd	\r, X\i
	vpbroadcastd X\i, V\i
.else
	vpbroadcastd \r, V\i
.endif
.endm

/* V\i = the 16 bytes at m in every 128-bit lane */
.macro _bcast128 m, i
.if VL == 16
	_vldu	\m, V\i
.elseif VL == 32
.if ISA == 1
	vbroadcasti128 \m, V\i
.else
	vbroadcasti32x4 \m, V\i
.endif
.else
	vbroadcasti32x4 \m, V\i
.endif
.endm

/* V\i = the 32-bit GPR @r in word 0 of every 128-bit lane, zero elsewhere */
.macro _lane_gpr r, i
.if ISA == 0
	movd	\r, X\i
.else
	vmovd	\r, X\i
.if VL == 32
	vinserti128 $1, X\i, V\i, V\i
.elseif VL == 64
	vshufi32x4 $0, V\i, V\i, V\i
.endif
.endif
.endm

/* d += the constant at m (aligned to 64 bytes, so also for SSE) */
.macro _vadd_mem m, d
.if ISA == 0
	paddd	\m, \d
.else
	vpaddd	\m, \d, \d
.endif
.endm

/* dst[off..] = src[off..] ^ r, VL bytes; t: a temporary for SSE */
.macro _xor_store off, r, t
.if ISA == 0
	movdqu	\off(%rdx), \t
	pxor	\t, \r
	movdqu	\r, \off(%rsi)
.else
	_vxor	\off(%rdx), \r
	_vstu	\r, \off(%rsi)
.endif
.endm

/*
 * Bytes @off.. of block @blk (counted from dst) are in @r. Full passes
 * XOR every block into dst. A call's last pass may be partial: block blk
 * goes to dst if blk < %r10d (the blocks left to write), as plain
 * keystream to ks (%r8) if blk == %r10d and ks is not NULL, else
 * nowhere (the unused end of a pass). The branches depend only on the
 * lengths asked for.
 */
.macro _put blk, off, r, t, partial
.if \partial
	cmp	$\blk, %r10d
	jbe	.Lput_ks\@
	_xor_store (64*(\blk)+(\off)), \r, \t
	jmp	.Lput_end\@
.Lput_ks\@:
	jne	.Lput_end\@
	test	%r8, %r8
	jz	.Lput_end\@
	_vstu	\r, \off(%r8)
.Lput_end\@:
.else
	_xor_store (64*(\blk)+(\off)), \r, \t
.endif
.endm

/* ---- the rounds ---- */

/*
 * Quarter rounds on (a, b, c, d): two at once, step by step side by side
 * (the core always has independent work while one chain waits), or four.
 */
.macro _qr2 a0, b0, c0, d0, a1, b1, c1, d1, t0, t1
	_vadd	\b0, \a0
	_vadd	\b1, \a1
	_vxor	\a0, \d0
	_vxor	\a1, \d1
	_vrol	16, \d0, \t0
	_vrol	16, \d1, \t1
	_vadd	\d0, \c0
	_vadd	\d1, \c1
	_vxor	\c0, \b0
	_vxor	\c1, \b1
	_vrol	12, \b0, \t0
	_vrol	12, \b1, \t1
	_vadd	\b0, \a0
	_vadd	\b1, \a1
	_vxor	\a0, \d0
	_vxor	\a1, \d1
	_vrol	8, \d0, \t0
	_vrol	8, \d1, \t1
	_vadd	\d0, \c0
	_vadd	\d1, \c1
	_vxor	\c0, \b0
	_vxor	\c1, \b1
	_vrol	7, \b0, \t0
	_vrol	7, \b1, \t1
.endm

.macro _qr1 a, b, c, d, t
	_vadd	\b, \a
	_vxor	\a, \d
	_vrol	16, \d, \t
	_vadd	\d, \c
	_vxor	\c, \b
	_vrol	12, \b, \t
	_vadd	\b, \a
	_vxor	\a, \d
	_vrol	8, \d, \t
	_vadd	\d, \c
	_vxor	\c, \b
	_vrol	7, \b, \t
.endm

/* four quarter rounds at once (AVX-512: vprold needs no temporaries) */
.macro _qr4 a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
.irp r, 16, 12, 8, 7
.if \r == 16 || \r == 8
	vpaddd	\b0, \a0, \a0
	vpaddd	\b1, \a1, \a1
	vpaddd	\b2, \a2, \a2
	vpaddd	\b3, \a3, \a3
	vpxord	\a0, \d0, \d0
	vpxord	\a1, \d1, \d1
	vpxord	\a2, \d2, \d2
	vpxord	\a3, \d3, \d3
	vprold	$\r, \d0, \d0
	vprold	$\r, \d1, \d1
	vprold	$\r, \d2, \d2
	vprold	$\r, \d3, \d3
.else
	vpaddd	\d0, \c0, \c0
	vpaddd	\d1, \c1, \c1
	vpaddd	\d2, \c2, \c2
	vpaddd	\d3, \c3, \c3
	vpxord	\c0, \b0, \b0
	vpxord	\c1, \b1, \b1
	vpxord	\c2, \b2, \b2
	vpxord	\c3, \b3, \b3
	vprold	$\r, \b0, \b0
	vprold	$\r, \b1, \b1
	vprold	$\r, \b2, \b2
	vprold	$\r, \b3, \b3
.endif
.endr
.endm

/*
 * A vertical double round with 16 registers: words 0-7 and 12-15 in
 * V0-V7 and V12-V15, c words 8 and 9 in V8 and V9 on entry and exit,
 * 10 and 11 in their stack slots (%r11); V10 and V11 the rotates'
 * temporaries. The columns take c words 8, 9 then 10, 11; the diagonals
 * 10, 11 (still loaded) then 8, 9: one swap per half round.
 */
.macro _vdround16 poly=0
	_qr2	V0, V4, V8, V12, V1, V5, V9, V13, V10, V11
	_pblock	(\poly >= 1)
	_vstu	V8, 0*VL(%r11)
	_vstu	V9, 1*VL(%r11)
	_vldu	2*VL(%r11), V8
	_vldu	3*VL(%r11), V9
	_qr2	V2, V6, V8, V14, V3, V7, V9, V15, V10, V11
	_pblock	(\poly >= 2)
	_qr2	V0, V5, V8, V15, V1, V6, V9, V12, V10, V11
	_vstu	V8, 2*VL(%r11)
	_vstu	V9, 3*VL(%r11)
	_vldu	0*VL(%r11), V8
	_vldu	1*VL(%r11), V9
	_pblock	(\poly >= 3)
	_qr2	V2, V7, V8, V13, V3, V4, V9, V14, V10, V11
	_pblock	(\poly >= 4)
.endm

/* the stitched seal's and open's stack area (see below) */
#define VGC_ST_R0	(4*32)
#define VGC_ST_R1	(4*32 + 8)
#define VGC_ST_S1	(4*32 + 16)
#define VGC_ST_P	(4*32 + 24)
#define VGC_ST_RDI	(5*32)
#define VGC_ST_RSI	(5*32 + 8)
#define VGC_ST_RCX	(5*32 + 16)
#define VGC_ST_RDX	(5*32 + 24)
#define VGC_ST_RAX	(6*32)
#define VGC_ST_PCNT	(6*32 + 8)

/*
 * The stitched seal's and open's Poly1305 (vgc_chacha20poly1305_seal_avx2):
 * one 16-byte block of ciphertext at %r8 into h (%rbx, %r12, %r13), in
 * general registers beside the vector rounds, r0, r1 and s1 in %rdi,
 * %rsi and %rcx (their own values wait in the stack area meanwhile);
 * in the open (_pcount set), none once the count of blocks to absorb in
 * the stack area has run out (its last pass, partly text and partly
 * padding).
 */
.macro _pblock on
.if \on
.if _pcount
	decl	VGC_ST_PCNT(%r11)
	js	.Lpb_none\@
.endif
	add	0(%r8), %rbx		/* h += m + 2^128 */
	adc	8(%r8), %r12
	adc	$1, %r13
	_p64_mulr %rbx, %r12, %r13, %rdi, %rsi, %rcx, %r14, %r15, %r9
	add	$16, %r8
.Lpb_none\@:
.endif
.endm

/*
 * 4x4 transpose of 32-bit words within each 128-bit lane: from "word w of
 * blocks 0..3" in a, b, c, d to "words 0..3 of block j": block 0 ends in
 * t0, 1 in b, 2 in a, 3 in d (t1 and c are left free).
 */
.macro _transpose4 a, b, c, d, t0, t1
	_unpk	ldq, \b, \a, \t0	/* a0 b0 a1 b1 */
	_unpk	hdq, \b, \a, \a		/* a2 b2 a3 b3 */
	_unpk	ldq, \d, \c, \t1	/* c0 d0 c1 d1 */
	_unpk	hdq, \d, \c, \c		/* c2 d2 c3 d3 */
	_unpk	hqdq, \t1, \t0, \b	/* a1 b1 c1 d1 */
	_unpk	lqdq, \t1, \t0, \t0	/* a0 b0 c0 d0 */
	_unpk	hqdq, \c, \a, \d	/* a3 b3 c3 d3 */
	_unpk	lqdq, \c, \a, \a	/* a2 b2 c2 d2 */
.endm

/*
 * Block-assembly after a transpose, for the 16-register widths: lane L of
 * g0 holds bytes off..off+15 of block j + 4L, lane L of g1 the 16 bytes
 * after them. xmm has one lane: two stores. ymm has two: vperm2i128 pairs
 * the low lanes (block j) and the high lanes (block j + 4).
 */
.macro _halves j, off, g0, g1, p, q, t, partial
.if VL == 16
	_put	\j, \off, \g0, \t, \partial
	_put	\j, (\off+16), \g1, \t, \partial
.else
	vperm2i128 $0x20, \g1, \g0, \p
	vperm2i128 $0x31, \g1, \g0, \q
	_put	\j, \off, \p, \t, \partial
	_put	(\j+4), \off, \q, \t, \partial
.endif
.endm

/*
 * A vertical pass with 16 registers (SSSE3: 4 blocks, AVX2: 8), from
 * block done (%eax) on; @partial: see _put.
 */
.macro _vpass16 partial, stitch=0
	/* state words in every lane; lane i runs block done + i */
.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	_bcast32 (4*\i)(%rdi), \i
.endr
	_bcast32 32(%rdi), 8
	_bcast32 36(%rdi), 9
	_bcast32 40(%rdi), 10
	_vstu	V10, 2*VL(%r11)
	_bcast32 44(%rdi), 10
	_vstu	V10, 3*VL(%r11)
	mov	48(%rdi), %r10d
	add	%eax, %r10d
	_bcast32_gpr %r10d, 12
	_vadd_mem .Llane_ctr(%rip), V12
	_bcast32 52(%rdi), 13
	_bcast32 56(%rdi), 14
	_bcast32 60(%rdi), 15

.if \stitch
	/*
	 * Poly1305 over 512 bytes of ciphertext (stitch 1: the previous
	 * pass's output; 2: this pass's input): three blocks a double round
	 * (a block's multiply chain is about 16 cycles, a double round's
	 * vector work about 60), the last two beside the feed-forward; see
	 * _pstitch_in
	 */
	_pstitch_in (\stitch - 1)
	mov	$5, %r10d
.Lvs16_\@:
	_vdround16 3
	_vdround16 3
	dec	%r10d
	jnz	.Lvs16_\@
	_pblock	1
	_pblock	1
	_pstitch_out
.else
	/* two double rounds an iteration: fewer back edges */
	mov	$5, %r10d
.Lvr16_\@:
	_vdround16
	_vdround16
	dec	%r10d
	jnz	.Lvr16_\@
.endif

	/* feed-forward: add the input state (broadcast again, one load each) */
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15
	_bcast32 (4*\i)(%rdi), 10
	_vadd	V10, V\i
.endr
	mov	48(%rdi), %r10d
	add	%eax, %r10d
	_bcast32_gpr %r10d, 10
	_vadd_mem .Llane_ctr(%rip), V10
	_vadd	V10, V12
	_vstu	V8, 0*VL(%r11)
	_vstu	V9, 1*VL(%r11)
.if \partial
	mov	%ecx, %r10d
	sub	%eax, %r10d
.endif

	/* words 0-7 of every block */
	_transpose4 V0, V1, V2, V3, V8, V9
	_transpose4 V4, V5, V6, V7, V10, V11
	_halves	0, 0, V8, V10, V2, V6, V11, \partial
	_halves	1, 0, V1, V5, V2, V6, V11, \partial
	_halves	2, 0, V0, V4, V2, V6, V11, \partial
	_halves	3, 0, V3, V7, V2, V6, V11, \partial

	/* words 8-15: c from the slots, 10 and 11 still without feed-forward */
	_vldu	0*VL(%r11), V0
	_vldu	1*VL(%r11), V1
	_vldu	2*VL(%r11), V2
	_vldu	3*VL(%r11), V3
	_bcast32 40(%rdi), 4
	_vadd	V4, V2
	_bcast32 44(%rdi), 4
	_vadd	V4, V3
	_transpose4 V0, V1, V2, V3, V8, V9
	_transpose4 V12, V13, V14, V15, V10, V11
	_halves	0, 32, V8, V10, V2, V6, V11, \partial
	_halves	1, 32, V1, V13, V2, V6, V11, \partial
	_halves	2, 32, V0, V12, V2, V6, V11, \partial
	_halves	3, 32, V3, V15, V2, V6, V11, \partial
.endm

/*
 * zmm block assembly: lane L of r0..r3 holds bytes 0-15, 16-31, 32-47,
 * 48-63 of block b0 + L * stride. A 4x4 transpose of 128-bit lanes
 * (vshufi64x2 twice over) gives each block whole in one register.
 */
.macro _blocks4 b0, stride, r0, r1, r2, r3, partial
	vshufi64x2 $0x44, \r1, \r0, %zmm24	/* r0.0 r0.1 r1.0 r1.1 */
	vshufi64x2 $0xee, \r1, \r0, %zmm25	/* r0.2 r0.3 r1.2 r1.3 */
	vshufi64x2 $0x44, \r3, \r2, %zmm26	/* r2.0 r2.1 r3.0 r3.1 */
	vshufi64x2 $0xee, \r3, \r2, %zmm27	/* r2.2 r2.3 r3.2 r3.3 */
	vshufi64x2 $0x88, %zmm26, %zmm24, %zmm28	/* lane 0 of each */
	vshufi64x2 $0xdd, %zmm26, %zmm24, %zmm29	/* lane 1 */
	vshufi64x2 $0x88, %zmm27, %zmm25, %zmm30	/* lane 2 */
	vshufi64x2 $0xdd, %zmm27, %zmm25, %zmm31	/* lane 3 */
	_put	(\b0), 0, %zmm28, , \partial
	_put	(\b0+\stride), 0, %zmm29, , \partial
	_put	(\b0+2*\stride), 0, %zmm30, , \partial
	_put	(\b0+3*\stride), 0, %zmm31, , \partial
.endm

/*
 * Two groups' quarter rounds, four each, interleaved op by op: with one
 * group the 16-block pass is bound by its chains' latency (each step
 * waits on the one before, and the rotates have two of the four vector
 * pipes on Zen 5), with two the pipes stay busy (measured on Zen 5: 28.5
 * against 18.0 TSC ticks per 16 blocks' double round).
 */
.macro _qr4x2 a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, \
	      e0, f0, g0, h0, e1, f1, g1, h1, e2, f2, g2, h2, e3, f3, g3, h3
.irp r, 16, 12, 8, 7
.if \r == 16 || \r == 8
	vpaddd	\b0, \a0, \a0
	vpaddd	\b1, \a1, \a1
	vpaddd	\b2, \a2, \a2
	vpaddd	\b3, \a3, \a3
	vpaddd	\f0, \e0, \e0
	vpaddd	\f1, \e1, \e1
	vpaddd	\f2, \e2, \e2
	vpaddd	\f3, \e3, \e3
	vpxord	\a0, \d0, \d0
	vpxord	\a1, \d1, \d1
	vpxord	\a2, \d2, \d2
	vpxord	\a3, \d3, \d3
	vpxord	\e0, \h0, \h0
	vpxord	\e1, \h1, \h1
	vpxord	\e2, \h2, \h2
	vpxord	\e3, \h3, \h3
	vprold	$\r, \d0, \d0
	vprold	$\r, \d1, \d1
	vprold	$\r, \d2, \d2
	vprold	$\r, \d3, \d3
	vprold	$\r, \h0, \h0
	vprold	$\r, \h1, \h1
	vprold	$\r, \h2, \h2
	vprold	$\r, \h3, \h3
.else
	vpaddd	\d0, \c0, \c0
	vpaddd	\d1, \c1, \c1
	vpaddd	\d2, \c2, \c2
	vpaddd	\d3, \c3, \c3
	vpaddd	\h0, \g0, \g0
	vpaddd	\h1, \g1, \g1
	vpaddd	\h2, \g2, \g2
	vpaddd	\h3, \g3, \g3
	vpxord	\c0, \b0, \b0
	vpxord	\c1, \b1, \b1
	vpxord	\c2, \b2, \b2
	vpxord	\c3, \b3, \b3
	vpxord	\g0, \f0, \f0
	vpxord	\g1, \f1, \f1
	vpxord	\g2, \f2, \f2
	vpxord	\g3, \f3, \f3
	vprold	$\r, \b0, \b0
	vprold	$\r, \b1, \b1
	vprold	$\r, \b2, \b2
	vprold	$\r, \b3, \b3
	vprold	$\r, \f0, \f0
	vprold	$\r, \f1, \f1
	vprold	$\r, \f2, \f2
	vprold	$\r, \f3, \f3
.endif
.endr
.endm

/*
 * 32-register block assembly after the transposes: lane L of r0..r3
 * holds bytes 0-15, 16-31, 32-47, 48-63 of block b0 + 4L. zmm: see
 * _blocks4. ymm: two lanes, paired by vshufi64x2 (vperm2i128 has no
 * encoding for registers 16-31).
 */
.macro _blocks32 b0, r0, r1, r2, r3, partial
.if VL == 64
	_blocks4 \b0, 4, \r0, \r1, \r2, \r3, \partial
.else
	vshufi64x2 $0, \r1, \r0, V24
	vshufi64x2 $0, \r3, \r2, V25
	vshufi64x2 $3, \r1, \r0, V26
	vshufi64x2 $3, \r3, \r2, V27
	_put	(\b0), 0, V24, , \partial
	_put	(\b0), 32, V25, , \partial
	_put	(\b0+4), 0, V26, , \partial
	_put	(\b0+4), 32, V27, , \partial
.endif
.endm

/* a group's words in V0-V15, fed forward, out as blocks b0..; V16-V31 free */
.macro _vout32 b0, partial
	_transpose4 V0, V1, V2, V3, V16, V17		/* V16 V1 V0 V3 */
	_transpose4 V4, V5, V6, V7, V18, V19		/* V18 V5 V4 V7 */
	_transpose4 V8, V9, V10, V11, V20, V21		/* V20 V9 V8 V11 */
	_transpose4 V12, V13, V14, V15, V22, V23	/* V22 V13 V12 V15 */
	_blocks32 (\b0+0), V16, V18, V20, V22, \partial
	_blocks32 (\b0+1), V1, V5, V9, V13, \partial
	_blocks32 (\b0+2), V0, V4, V8, V12, \partial
	_blocks32 (\b0+3), V3, V7, V11, V15, \partial
.endm

/* V\d = the counter words of blocks done + \skip .. (lane i: + i) */
.macro _ctr32 d, skip
	mov	48(%rdi), %r10d
	add	%eax, %r10d
.if \skip
	add	$\skip, %r10d
.endif
	vpbroadcastd %r10d, V\d
	vpaddd	.Llane_ctr(%rip), V\d, V\d
.endm

/* state word i (not the counter) added from memory, broadcast */
.macro _ff32 i, r
.if VL == 64
	vpaddd	(4*\i)(%rdi){1to16}, \r, \r
.else
	vpaddd	(4*\i)(%rdi){1to8}, \r, \r
.endif
.endm

/*
 * A vertical pass with 32 registers (AVX-512, zmm or ymm), nothing spilled
 * during the rounds: @groups 1 (one block per lane: 16 or 8 blocks) or 2
 * (twice that, the second group's words in V16-V31). For the output the
 * second group waits in the stack area at %r11 (zeroed before the
 * function returns), so that its registers can serve as temporaries.
 */
.macro _vpass32 groups, partial
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15
	vpbroadcastd (4*\i)(%rdi), V\i
.endr
	_ctr32	12, 0
.if \groups == 2
	vmovdqa64 V0, V16
	vmovdqa64 V1, V17
	vmovdqa64 V2, V18
	vmovdqa64 V3, V19
	vmovdqa64 V4, V20
	vmovdqa64 V5, V21
	vmovdqa64 V6, V22
	vmovdqa64 V7, V23
	vmovdqa64 V8, V24
	vmovdqa64 V9, V25
	vmovdqa64 V10, V26
	vmovdqa64 V11, V27
	vmovdqa64 V13, V29
	vmovdqa64 V14, V30
	vmovdqa64 V15, V31
	_ctr32	28, LANES
.endif

	mov	$10, %r10d
.Lvr32_\@:
.if \groups == 2
	_qr4x2	V0, V4, V8, V12, V1, V5, V9, V13, V2, V6, V10, V14, V3, V7, V11, V15, \
		V16, V20, V24, V28, V17, V21, V25, V29, V18, V22, V26, V30, V19, V23, V27, V31
	_qr4x2	V0, V5, V10, V15, V1, V6, V11, V12, V2, V7, V8, V13, V3, V4, V9, V14, \
		V16, V21, V26, V31, V17, V22, V27, V28, V18, V23, V24, V29, V19, V20, V25, V30
.else
	_qr4	V0, V4, V8, V12, V1, V5, V9, V13, V2, V6, V10, V14, V3, V7, V11, V15
	_qr4	V0, V5, V10, V15, V1, V6, V11, V12, V2, V7, V8, V13, V3, V4, V9, V14
.endif
	dec	%r10d
	jnz	.Lvr32_\@

	/* feed-forward, the state words broadcast from memory as operands */
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15
	_ff32	\i, V\i
.endr
.if \groups == 2
	_ff32	0, V16
	_ff32	1, V17
	_ff32	2, V18
	_ff32	3, V19
	_ff32	4, V20
	_ff32	5, V21
	_ff32	6, V22
	_ff32	7, V23
	_ff32	8, V24
	_ff32	9, V25
	_ff32	10, V26
	_ff32	11, V27
	_ff32	13, V29
	_ff32	14, V30
	_ff32	15, V31
.endif
.if \groups == 2
.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	_vstu	V\i, (\i-16)*VL(%r11)
.endr
.endif
	_ctr32	16, 0
	vpaddd	V16, V12, V12
.if \partial
	mov	%ecx, %r10d
	sub	%eax, %r10d
.endif
	_vout32	0, \partial
.if \groups == 2
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	_vldu	\i*VL(%r11), V\i
.endr
	_ctr32	16, LANES
	vpaddd	V16, V12, V12
.if \partial
	mov	%ecx, %r10d
	sub	%eax, %r10d
.endif
	_vout32	LANES, \partial
.endif
.endm

/*
 * Row-wise rows out: lane L of a, b, c, d holds rows 0-3 of block
 * first + L. xmm: the rows are the block's bytes in order; ymm: pair the
 * two lanes' halves (vperm2i128); zmm: as the vertical code does.
 */
.macro _rows first, a, b, c, d, p, q, t
.if VL == 16
	_put	\first, 0, \a, \t, 1
	_put	\first, 16, \b, \t, 1
	_put	\first, 32, \c, \t, 1
	_put	\first, 48, \d, \t, 1
.elseif VL == 32
	vperm2i128 $0x20, \b, \a, \p
	vperm2i128 $0x20, \d, \c, \q
	_put	\first, 0, \p, \t, 1
	_put	\first, 32, \q, \t, 1
	vperm2i128 $0x31, \b, \a, \p
	vperm2i128 $0x31, \d, \c, \q
	_put	(\first+1), 0, \p, \t, 1
	_put	(\first+1), 32, \q, \t, 1
.else
	_blocks4 \first, 1, \a, \b, \c, \d, 1
.endif
.endm

/*
 * A row-wise pass of @nsets register sets (rows V0-V3, and V4-V7 for the
 * blocks after them), from block done (%eax) on, always partial (the
 * tail of a call). V8, V9: row 3 before the rounds; V10, V11 temporaries.
 */
.macro _hpass nsets
	_bcast128 0(%rdi), 0
	_bcast128 16(%rdi), 1
	_bcast128 32(%rdi), 2
	_bcast128 48(%rdi), 3
	_lane_gpr %eax, 10
	_vadd	V10, V3
	_vadd_mem .Lrow_ctr(%rip), V3
	_vmov	V3, V8
.if \nsets == 2
	_vmov	V0, V4
	_vmov	V1, V5
	_vmov	V2, V6
	mov	$(VL / 16), %r10d
	_lane_gpr %r10d, 10
	_vadd	V3, V10
	_vmov	V10, V7
	_vmov	V10, V9
.endif

	mov	$10, %r10d
.Lhr_\@:
.if \nsets == 2
	_qr2	V0, V1, V2, V3, V4, V5, V6, V7, V10, V11
.else
	_qr1	V0, V1, V2, V3, V10
.endif
	/* diagonals as columns: rotate rows 1-3 by 1, 2, 3 words */
	_vpshufd 0x39, V1, V1
	_vpshufd 0x4e, V2, V2
	_vpshufd 0x93, V3, V3
.if \nsets == 2
	_vpshufd 0x39, V5, V5
	_vpshufd 0x4e, V6, V6
	_vpshufd 0x93, V7, V7
	_qr2	V0, V1, V2, V3, V4, V5, V6, V7, V10, V11
	_vpshufd 0x93, V5, V5
	_vpshufd 0x4e, V6, V6
	_vpshufd 0x39, V7, V7
.else
	_qr1	V0, V1, V2, V3, V10
.endif
	_vpshufd 0x93, V1, V1
	_vpshufd 0x4e, V2, V2
	_vpshufd 0x39, V3, V3
	dec	%r10d
	jnz	.Lhr_\@

	_bcast128 0(%rdi), 10
	_vadd	V10, V0
.if \nsets == 2
	_vadd	V10, V4
.endif
	_bcast128 16(%rdi), 10
	_vadd	V10, V1
.if \nsets == 2
	_vadd	V10, V5
.endif
	_bcast128 32(%rdi), 10
	_vadd	V10, V2
.if \nsets == 2
	_vadd	V10, V6
	_vadd	V9, V7
.endif
	_vadd	V8, V3
	mov	%ecx, %r10d
	sub	%eax, %r10d
	_rows	0, V0, V1, V2, V3, V8, V9, V10
.if \nsets == 2
	_rows	(VL / 16), V4, V5, V6, V7, V8, V9, V10
.endif
.endm

/*
 * One function: @isa, @width of the vertical passes, @vmin the fewest
 * blocks that still go vertical. Arguments: %rdi state, %rsi dst, %rdx
 * src, %ecx nblocks, %r8 ks (NULL for no keystream block). Kept in: %eax
 * blocks made so far, %r9d blocks to make (nblocks, plus one for ks),
 * %r10d scratch (the counter, the round loop, the blocks a partial pass
 * writes to dst), %r11 the stack slots (16-register widths).
 */
.macro _chacha20 name, isa, width, vmin
SYM_FUNC_START(\name)
	VGC_SIMD_ENTRY \name
	_set_isa \isa
	_set_width \width
	/*
	 * 16 registers: four slots, aligned to the width, for the c words
	 * (words 8-11). 32: 1 KiB for the second group of a two-group pass.
	 */
.if NREGS == 16
	sub	$(5*VL), %rsp
	lea	(VL-1)(%rsp), %r11
	and	$-VL, %r11
.else
	sub	$(16*VL), %rsp
	mov	%rsp, %r11
.endif
	xor	%eax, %eax
	mov	%ecx, %r9d
	test	%r8, %r8
	jz	.Lloop_\@
	inc	%r9d
.Lloop_\@:
	mov	%r9d, %r10d
	sub	%eax, %r10d
	jz	.Lend_\@
.if \isa == 2
	/*
	 * Two interleaved groups of LANES blocks while 2 LANES blocks go to
	 * dst; then one partial pass: two groups for LANES + 1 to 2 LANES - 1
	 * blocks, one for vmin to LANES (zmm on Zen 5: 32 blocks ~460 TSC
	 * ticks, 16 blocks ~330 with one group, whose chains' latency bounds
	 * it, ~460 with two).
	 */
	_set_width \width
	cmp	$\vmin, %r10d
	jb	.Ltail_\@
	mov	%ecx, %r10d
	sub	%eax, %r10d
	cmp	$(2*LANES), %r10d
	jb	.Llast_\@
	_vpass32 2, 0
	add	$(64*2*LANES), %rsi
	add	$(64*2*LANES), %rdx
	add	$(2*LANES), %eax
	jmp	.Lloop_\@
.Llast_\@:
	mov	%r9d, %r10d
	sub	%eax, %r10d
	cmp	$LANES, %r10d
	jbe	.Lone_\@
	_vpass32 2, 1
	jmp	.Lend_\@
.Lone_\@:
	_vpass32 1, 1
	jmp	.Lend_\@
.else
	cmp	$\vmin, %r10d
	jb	.Ltail_\@
	/* a full pass if all its blocks go to dst, else the last, partial one */
	mov	%ecx, %r10d
	sub	%eax, %r10d
	cmp	$LANES, %r10d
	jb	.Llast_\@
	_vpass16 0
	add	$(64*LANES), %rsi
	add	$(64*LANES), %rdx
	add	$LANES, %eax
	jmp	.Lloop_\@
.Llast_\@:
	_vpass16 1
	jmp	.Lend_\@
.endif

	/* %r10d blocks left, fewer than vmin: row-wise, in the narrowest width */
.Ltail_\@:
.if \isa == 0
	cmp	$1, %r10d
	je	.Lt1_\@
	_hpass	2
	jmp	.Lend_\@
.elseif \isa == 1
	cmp	$2, %r10d
	jb	.Lt1_\@
	je	.Lt2_\@
	_hpass	2
	jmp	.Lend_\@
.Lt2_\@:
	_hpass	1
	jmp	.Lend_\@
.else
	/* the ymm function never touches a zmm register */
	_set_width \width
	cmp	$2, %r10d
	jb	.Lt1_\@
	je	.Lt2_\@
.if \width == 64
	cmp	$4, %r10d
	jbe	.Lt4_\@
.endif
	_hpass	2
	jmp	.Lend_\@
.if \width == 64
.Lt4_\@:
	_hpass	1
	jmp	.Lend_\@
.endif
.Lt2_\@:
	_set_width 32
	_hpass	1
	jmp	.Lend_\@
.endif
.Lt1_\@:
	_set_width 16
	_hpass	1

.Lend_\@:
	add	%r9d, 48(%rdi)
	/* no key-derived word left in a vector register or the stack */
.if \isa == 0
.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	pxor	%xmm\i, %xmm\i
.endr
.else
	vzeroall
.if \isa == 2
.irp i, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	vpxord	%xmm\i, %xmm\i, %xmm\i
.endr
.endif
.endif
.if NREGS == 16
	_set_width \width
	_vstu	V0, 0*VL(%r11)
	_vstu	V0, 1*VL(%r11)
	_vstu	V0, 2*VL(%r11)
	_vstu	V0, 3*VL(%r11)
	add	$(5*VL), %rsp
.else
	/* the area held a second group only if LANES + 1 blocks or more were made */
	_set_width \width
	cmp	$(LANES+1), %r9d
	jb	.Lclean_\@
.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	_vstu	V0, \k*VL(%r11)
.endr
.Lclean_\@:
	add	$(16*VL), %rsp
.endif
	RET
SYM_FUNC_END(\name)
.endm

/* without a keystream block: the _ks_ function with ks = NULL */
.macro _chacha20_noks name, ks_name
SYM_FUNC_START(\name)
	xor	%r8d, %r8d
	jmp	\ks_name
SYM_FUNC_END(\name)
.endm

/*
 * The stitched seal and open (AVX2):
 *
 *	void vgc_chacha20poly1305_seal_avx2(u32 state[16], u8 *dst,
 *			const u8 *src, unsigned int npasses,
 *			struct vgc_poly1305 *p);
 *	void vgc_chacha20poly1305_open_avx2(u32 state[16], u8 *dst,
 *			const u8 *src, unsigned int len,
 *			struct vgc_poly1305 *p);
 *
 * @npasses vertical passes of 8 blocks: dst = src XOR keystream,
 * state[12] advancing by 8 npasses; and Poly1305 in general registers
 * (mul, adc) absorbed while a pass's rounds run on the vector units,
 * which the scalar multiplies leave free. The seal (@npasses at least 2)
 * absorbs the ciphertext of every pass but the last, each during the
 * next pass; the last pass's 512 bytes are left to the caller's vector
 * Poly1305. The open (@len at least 1) makes whole passes over
 * @len rounded up to 512 bytes, which src and dst must have room for,
 * and absorbs @len's whole 16-byte blocks, each pass's during its own
 * rounds, before its stores: the last pass may be partly text and partly
 * what the caller padded it with, whose keystream is made but not
 * absorbed (a partial block is the caller's). p->h must be current (no
 * vector lanes live). Kept: %eax blocks made, %ecx blocks to make, %r8 the
 * ciphertext being absorbed, h in %rbx, %r12, %r13; %r9, %r14, %r15
 * the multiply's temporaries. The stack area at %r11: the four c-word
 * slots, then r0, r1, s1, p, during a pass's rounds the %rdi, %rsi,
 * %rcx, %rdx and %eax that r0, r1, s1 and the multiplies displace, and
 * the count of blocks left to absorb.
 */

/*
 * r0, r1, s1 into %rdi, %rsi, %rcx, and the ciphertext to absorb: the
 * previous pass's output (seal), or this pass's input (open, whose
 * loads all come before the pass's stores: in place is safe)
 */
.macro _pstitch_in open
	mov	%rdi, VGC_ST_RDI(%r11)
	mov	%rsi, VGC_ST_RSI(%r11)
	mov	%rcx, VGC_ST_RCX(%r11)
	mov	%rdx, VGC_ST_RDX(%r11)
	mov	%rax, VGC_ST_RAX(%r11)
.if \open
	mov	%rdx, %r8
.else
	lea	-512(%rsi), %r8
.endif
	mov	VGC_ST_R0(%r11), %rdi
	mov	VGC_ST_R1(%r11), %rsi
	mov	VGC_ST_S1(%r11), %rcx
.endm

.macro _pstitch_out
	mov	VGC_ST_RDI(%r11), %rdi
	mov	VGC_ST_RSI(%r11), %rsi
	mov	VGC_ST_RCX(%r11), %rcx
	mov	VGC_ST_RDX(%r11), %rdx
	mov	VGC_ST_RAX(%r11), %rax
.endm

/* the stitched seal (@open 0) or open (1): see above */
.macro _cp_stitched name, open
SYM_FUNC_START(\name)
	VGC_SIMD_ENTRY \name
	_set_isa 1
	_set_width 32
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$(8*VL), %rsp
	lea	(VL-1)(%rsp), %r11
	and	$-VL, %r11
	/* the open: the blocks to absorb, and the passes over @len */
.set _pcount, \open
.if \open
	mov	%ecx, %eax
	shr	$4, %eax
	mov	%eax, VGC_ST_PCNT(%r11)
	add	$511, %ecx
	shr	$9, %ecx
.endif
	mov	VGC_P_R(%r8), %rax
	mov	%rax, VGC_ST_R0(%r11)
	mov	VGC_P_R + 8(%r8), %rax
	mov	%rax, VGC_ST_R1(%r11)
	mov	%rax, %r9
	shr	$2, %r9
	add	%rax, %r9
	mov	%r9, VGC_ST_S1(%r11)	/* s1 = r1 + r1 / 4 */
	mov	%r8, VGC_ST_P(%r11)
	mov	VGC_P_H(%r8), %rbx
	mov	VGC_P_H + 8(%r8), %r12
	mov	VGC_P_H + 16(%r8), %r13
	shl	$3, %ecx
	xor	%eax, %eax
.if \open
.Lst_loop_\@:
	_vpass16 0, 2
	add	$(64*LANES), %rsi
	add	$(64*LANES), %rdx
	add	$LANES, %eax
	cmp	%ecx, %eax
	jb	.Lst_loop_\@
.else
	/* the first pass has no ciphertext before it to absorb */
	_vpass16 0
.Lst_loop_\@:
	add	$(64*LANES), %rsi
	add	$(64*LANES), %rdx
	add	$LANES, %eax
	cmp	%ecx, %eax
	jae	.Lst_end_\@
	_vpass16 0, 1
	jmp	.Lst_loop_\@
.Lst_end_\@:
.endif
	add	%ecx, 48(%rdi)
	mov	VGC_ST_P(%r11), %r8
	mov	%rbx, VGC_P_H(%r8)
	mov	%r12, VGC_P_H + 8(%r8)
	mov	%r13, VGC_P_H + 16(%r8)
	/* nothing key-derived left in a register or the stack area */
	vzeroall
.irp k, 0, 1, 2, 3, 4, 5, 6
	_vstu	V0, \k*VL(%r11)
.endr
	/* the callee-saved ones that held h and products get the caller's back */
	xor	%eax, %eax
	xor	%edx, %edx
	xor	%r9d, %r9d
	add	$(8*VL), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	RET
SYM_FUNC_END(\name)
.endm

_cp_stitched vgc_chacha20poly1305_seal_avx2, 0
_cp_stitched vgc_chacha20poly1305_open_avx2, 1

_chacha20 vgc_chacha20_xor_ks_ssse3, 0, 16, 3
_chacha20_noks vgc_chacha20_xor_ssse3, vgc_chacha20_xor_ks_ssse3
_chacha20 vgc_chacha20_xor_ks_avx2, 1, 32, 5
_chacha20_noks vgc_chacha20_xor_avx2, vgc_chacha20_xor_ks_avx2
_chacha20 vgc_chacha20_xor_ks_avx512, 2, 64, 9
_chacha20_noks vgc_chacha20_xor_avx512, vgc_chacha20_xor_ks_avx512
_chacha20 vgc_chacha20_xor_ks_avx512vl, 2, 32, 5
_chacha20_noks vgc_chacha20_xor_avx512vl, vgc_chacha20_xor_ks_avx512vl
