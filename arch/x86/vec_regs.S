/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Included by the x86-64 assembly written once for several vector
 * widths: _vreg_names BYTES names the registers of a width, V0..V31
 * (%xmm, %ymm or %zmm for 16, 32 or 64), and X0..X31 their xmm parts, so
 * that one macro body serves every width.
 */
.macro _vreg_names bytes
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.set	X\i, %xmm\i
.if \bytes == 16
	.set	V\i, %xmm\i
.elseif \bytes == 32
	.set	V\i, %ymm\i
.else
	.set	V\i, %zmm\i
.endif
.endr
.endm
