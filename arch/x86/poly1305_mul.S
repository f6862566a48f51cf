/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Included by the x86-64 Poly1305 assembly: the 64-bit scalar multiply by
 * r and the splits of a value into the vector codes' limbs.
 */
/*
 * (h0, h1, h2) *= r, with r = r0 + r1 2^64 clamped and s1 = r1 + r1 / 4.
 * Needs h2 <= 7; leaves the value below 2^130 + 5 * 2^61, so h2 <= 4.
 *
 * Clamping leaves r0, r1 below 2^60 and r1 a multiple of 4, so
 * h1 r1 2^128 == h1 (r1 / 4) 5 (mod 2^130 - 5) = h1 s1: the products that
 * reach 2^128 fold back through s1 and every column sum fits 128 bits:
 *	d0 = h0 r0 + h1 s1
 *	d1 = h0 r1 + h1 r0 + h2 s1 + (d0 >> 64)
 *	d2 = h2 r0 + (d1 >> 64)			(below 2^63)
 * and the bits of d2 from 2^130 up fold back times 5:
 *	h = (d0 mod 2^64) + (d1 mod 2^64) 2^64 + (d2 & 3) 2^128
 *	    + 5 (d2 >> 2).
 * Clobbers %rax, %rdx, t0, t1, t2.
 */
.macro _p64_mulr h0, h1, h2, r0, r1, s1, t0, t1, t2
	mov	\h0, %rax
	mul	\r0
	mov	%rax, \t0
	mov	%rdx, \t1
	mov	\h1, %rax
	mul	\s1
	add	%rax, \t0
	adc	%rdx, \t1		/* d0 = t1:t0 */
	mov	\h0, %rax
	mul	\r1
	mov	%rax, \h0
	mov	%rdx, \t2
	mov	\h1, %rax
	mul	\r0
	add	%rax, \h0
	adc	%rdx, \t2
	mov	\h2, %rax
	imul	\s1, %rax
	add	%rax, \h0
	adc	$0, \t2
	add	\t1, \h0
	adc	$0, \t2			/* d1 = t2:h0 */
	imul	\r0, \h2
	add	\t2, \h2		/* d2 */
	mov	\h0, \h1
	mov	\t0, \h0
	mov	\h2, %rax
	and	$3, \h2
	shr	$2, %rax
	lea	(%rax, %rax, 4), %rax
	add	%rax, \h0
	adc	$0, \h1
	adc	$0, \h2
.endm

/*
 * Limb @k (0-2) of the value (h0, h1, h2) in radix 2^44 (44, 44 and 42
 * bits; limb 2 takes all bits from 88 up), into @d. Clobbers nothing else.
 */
.macro _p64_limb44 k, h0, h1, h2, d
.if \k == 0
	mov	\h0, \d
	shl	$20, \d
	shr	$20, \d
.elseif \k == 1
	mov	\h1, \d
	shld	$20, \h0, \d		/* bits 44..107 */
	shl	$20, \d
	shr	$20, \d
.else
	mov	\h2, \d
	shld	$40, \h1, \d		/* bits 88.. */
.endif
.endm

/* limb @k (0-4) in radix 2^26 (limb 4 takes all bits from 104 up) */
.macro _p64_limb26 k, h0, h1, h2, d
.if \k == 0
	mov	\h0, \d
.elseif \k == 1
	mov	\h0, \d
	shr	$26, \d
.elseif \k == 2
	mov	\h1, \d
	shld	$12, \h0, \d		/* bits 52..115 */
.elseif \k == 3
	mov	\h1, \d
	shr	$14, \d
.else
	mov	\h2, \d
	shld	$24, \h1, \d		/* bits 104.. */
.endif
.if \k < 4
	and	$0x3ffffff, \d
.endif
.endm
