/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * <linux/linkage.h> for the assembly files of arch/ in user space
 * (include/linux/linkage.h links here; only .S files include it): the
 * kernel's symbol annotations as plain ELF directives. The kernel also
 * emits ENDBR and alignment padding for its own checks (IBT, objtool);
 * a user-space test has no use for them. RET is a plain return (the
 * kernel's may be a jump to its return thunk). Each function also marks
 * its object as needing no executable stack, which the linker otherwise
 * assumes for assembly.
 */
#ifndef VGC_HARNESS_LINKAGE_H
#define VGC_HARNESS_LINKAGE_H

#ifdef __ASSEMBLER__

.macro vgc_sym_func_start name
	.pushsection ".note.GNU-stack", "", @progbits
	.popsection
	.globl \name
	.type \name, @function
	.p2align 4
\name\():
.endm

.macro vgc_sym_func_end name
	.size \name, . - \name
.endm

#define SYM_FUNC_START(name)	vgc_sym_func_start name
#define SYM_FUNC_END(name)	vgc_sym_func_end name
#define RET			ret

#endif /* __ASSEMBLER__ */

#endif /* VGC_HARNESS_LINKAGE_H */
