/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * <linux/linkage.h> for the arch/ assembly in user space: the symbol
 * annotations the kernel provides (<linux/linkage.h>, <asm/linkage.h>),
 * without its alignment padding, CFI and return-thunk variants.
 */
#ifndef _LINUX_LINKAGE_H
#define _LINUX_LINKAGE_H

#ifdef __ASSEMBLER__
/* a user-space object that says nothing gets an executable stack */
	.section .note.GNU-stack, "", @progbits
	.text

#define SYM_FUNC_START(name)	\
	.globl name; .type name, @function; .p2align 4; name:
#define SYM_FUNC_END(name)	.size name, . - name
#define SYM_DATA_START(name)	.globl name; .type name, @object; name:
#define SYM_DATA_START_LOCAL(name)	.type name, @object; name:
#define SYM_DATA_END(name)	.size name, . - name
#define RET	ret
#endif

#endif /* _LINUX_LINKAGE_H */
