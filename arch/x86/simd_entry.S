/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Included by every x86-64 SIMD assembly file.
 *
 * VGC_SIMD_ENTRY is the first thing every SIMD entry point does. In the
 * module it is nothing. In the user-space harness's test builds
 * (-DVGC_SIMD_CHECK, tests/harness/algo.mk) it calls vgc_simd_check()
 * with the function's name, which counts a call made outside a
 * kernel_fpu_begin/end section (tests/harness/kcompat.h): the same check
 * as VGC_SIMD_ENTRY() in C (lib/chacha20poly1305.h). The six argument
 * registers are kept, and the stack is 16-byte aligned at the call (an
 * entry's %rsp is 8 below a multiple of 16: six pushes and 8 bytes more).
 * Nothing vector has been touched yet, so the C function may clobber
 * what it likes there.
 */
.macro VGC_SIMD_ENTRY name
#ifdef VGC_SIMD_CHECK
	push	%rdi
	push	%rsi
	push	%rdx
	push	%rcx
	push	%r8
	push	%r9
	sub	$8, %rsp
	lea	.Lvgc_entry_name_\@(%rip), %rdi
	call	vgc_simd_check@PLT
	add	$8, %rsp
	pop	%r9
	pop	%r8
	pop	%rcx
	pop	%rdx
	pop	%rsi
	pop	%rdi
	.pushsection .rodata.str1.1, "aMS", @progbits, 1
.Lvgc_entry_name_\@:
	.asciz	"\name"
	.popsection
#endif
.endm
