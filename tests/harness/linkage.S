/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * <linux/linkage.h> for the user-space builds of arch/x86's assembly
 * (include/linux/linkage.h includes this): the symbol macros it uses, as
 * plain global functions, and RET as a plain ret (the kernel's RET goes
 * through its return thunk where the configuration asks for one). Also
 * marks the stack of the programs that link these objects as not
 * executable.
 */
#define SYM_FUNC_START(name)	vgc_sym_func_start name
#define SYM_FUNC_END(name)	vgc_sym_func_end name
#define RET			ret

.macro vgc_sym_func_start name
	.globl	\name
	.type	\name, @function
	.p2align 4
\name:
.endm

.macro vgc_sym_func_end name
	.size	\name, . - \name
.endm

	.pushsection .note.GNU-stack, "", @progbits
	.popsection
