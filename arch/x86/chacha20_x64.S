/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One ChaCha20 block in general registers, for x86-64:
 *
 *	void vgc_chacha20_block_x64(u32 state[16], u8 ks[64]);
 *
 * ks = the keystream block of @state; state[12] advances by one. It makes
 * the AEAD's Poly1305 key (block 0) of a message whose text the vector
 * code takes in whole passes: a single block is one chain of 20 rounds,
 * bound by latency, and the general registers' adds, XORs and rotates
 * take one cycle each where the vector units' take two on some CPUs
 * (about 150 TSC ticks here against 320 for the xmm code on Zen 5). No
 * vector register, no kernel_fpu_begin(): it runs anywhere.
 *
 * Thirteen registers hold thirteen words, one is a temporary, and %rbp is
 * left alone (a frame-pointer unwinder reads it in an interrupt). The
 * other three words live in stack slots: each half round's first pair of
 * quarter rounds (columns 0-1, then diagonals 2-3) uses words 4, 8 and 9
 * and never 6, 10 and 11, and its second pair the other way round, so
 * the two trios share three registers and trade places with the slots
 * once per half round, as the 16-register vector code does with words
 * 8-11. The slots and every register that held a key-derived word are
 * cleared before returning.
 */
#include <linux/linkage.h>

/*
 * words: 0-3 %eax %ebx %ecx %edx; 4 or 6 %esi, 5 %edi, 7 %r8d; 8 or 10
 * %r9d, 9 or 11 %r10d; 12-15 %r11d-%r14d
 */
#define STATE	0		/* the state pointer, saved */
#define KS	8		/* the ks pointer, saved */
#define SLOT(i)	(16 + 4 * (i))	/* words 10, 11, 6 or 8, 9, 4 */
#define COUNT	28		/* double rounds left */

/* a <<<= n */
.macro _rol n, a
	rol	$\n, \a
.endm

/* two quarter rounds side by side: (a0, b0, c0, d0) and (a1, b1, c1, d1) */
.macro _qr2 a0, b0, c0, d0, a1, b1, c1, d1
	add	\b0, \a0
	add	\b1, \a1
	xor	\a0, \d0
	xor	\a1, \d1
	_rol	16, \d0
	_rol	16, \d1
	add	\d0, \c0
	add	\d1, \c1
	xor	\c0, \b0
	xor	\c1, \b1
	_rol	12, \b0
	_rol	12, \b1
	add	\b0, \a0
	add	\b1, \a1
	xor	\a0, \d0
	xor	\a1, \d1
	_rol	8, \d0
	_rol	8, \d1
	add	\d0, \c0
	add	\d1, \c1
	xor	\c0, \b0
	xor	\c1, \b1
	_rol	7, \b0
	_rol	7, \b1
.endm

/*
 * the words in %r9d, %r10d, %esi and those in the slots trade places
 * (not xchg: with a memory operand it is locked)
 */
.macro _swap
	mov	SLOT(0)(%rsp), %r15d
	mov	%r9d, SLOT(0)(%rsp)
	mov	%r15d, %r9d
	mov	SLOT(1)(%rsp), %r15d
	mov	%r10d, SLOT(1)(%rsp)
	mov	%r15d, %r10d
	mov	SLOT(2)(%rsp), %r15d
	mov	%esi, SLOT(2)(%rsp)
	mov	%r15d, %esi
.endm


SYM_FUNC_START(vgc_chacha20_block_x64)
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$32, %rsp
	mov	%rdi, STATE(%rsp)
	mov	%rsi, KS(%rsp)
	mov	40(%rdi), %eax
	mov	%eax, SLOT(0)(%rsp)
	mov	44(%rdi), %eax
	mov	%eax, SLOT(1)(%rsp)
	mov	24(%rdi), %eax
	mov	%eax, SLOT(2)(%rsp)
	mov	0(%rdi), %eax
	mov	4(%rdi), %ebx
	mov	8(%rdi), %ecx
	mov	12(%rdi), %edx
	mov	16(%rdi), %esi
	mov	28(%rdi), %r8d
	mov	32(%rdi), %r9d
	mov	36(%rdi), %r10d
	mov	48(%rdi), %r11d
	mov	52(%rdi), %r12d
	mov	56(%rdi), %r13d
	mov	60(%rdi), %r14d
	mov	20(%rdi), %edi
	movl	$10, COUNT(%rsp)
.Lround:
	/* columns: words 4, 8, 9 loaded, then 6, 10, 11 */
	_qr2	%eax, %esi, %r9d, %r11d, %ebx, %edi, %r10d, %r12d
	_swap
	_qr2	%ecx, %esi, %r9d, %r13d, %edx, %r8d, %r10d, %r14d
	/* diagonals: 6, 10, 11 (still loaded), then 4, 8, 9 */
	_qr2	%eax, %edi, %r9d, %r14d, %ebx, %esi, %r10d, %r11d
	_swap
	_qr2	%ecx, %r8d, %r9d, %r12d, %edx, %esi, %r10d, %r13d
	decl	COUNT(%rsp)
	jnz	.Lround

	/* feed-forward into ks; state[12] advances */
	mov	STATE(%rsp), %r15
	add	0(%r15), %eax
	add	4(%r15), %ebx
	add	8(%r15), %ecx
	add	12(%r15), %edx
	add	16(%r15), %esi
	add	20(%r15), %edi
	add	28(%r15), %r8d
	add	32(%r15), %r9d
	add	36(%r15), %r10d
	add	48(%r15), %r11d
	add	52(%r15), %r12d
	add	56(%r15), %r13d
	add	60(%r15), %r14d
	incl	48(%r15)
	mov	KS(%rsp), %r15
	mov	%eax, 0(%r15)
	mov	%ebx, 4(%r15)
	mov	%ecx, 8(%r15)
	mov	%edx, 12(%r15)
	mov	%esi, 16(%r15)
	mov	%edi, 20(%r15)
	mov	%r8d, 28(%r15)
	mov	%r9d, 32(%r15)
	mov	%r10d, 36(%r15)
	mov	%r11d, 48(%r15)
	mov	%r12d, 52(%r15)
	mov	%r13d, 56(%r15)
	mov	%r14d, 60(%r15)
	mov	STATE(%rsp), %rdi
	mov	SLOT(0)(%rsp), %eax
	add	40(%rdi), %eax
	mov	%eax, 40(%r15)
	mov	SLOT(1)(%rsp), %eax
	add	44(%rdi), %eax
	mov	%eax, 44(%r15)
	mov	SLOT(2)(%rsp), %eax
	add	24(%rdi), %eax
	mov	%eax, 24(%r15)

	/* no key-derived word left in a register or the stack */
	xor	%eax, %eax
	mov	%rax, SLOT(0)(%rsp)	/* slots 0 and 1 */
	mov	%eax, SLOT(2)(%rsp)
	xor	%ecx, %ecx
	xor	%edx, %edx
	xor	%esi, %esi
	xor	%edi, %edi
	xor	%r8d, %r8d
	xor	%r9d, %r9d
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	add	$32, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	RET
SYM_FUNC_END(vgc_chacha20_block_x64)
