/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Leaving zmm code. gcc ends every function that used ymm or zmm registers
 * with vzeroupper, which clears the upper parts of registers 0-15 only;
 * with the upper parts of zmm16-zmm31 left non-zero, Intel cores keep
 * their "dirty upper state", in which each legacy-SSE instruction that
 * runs afterwards in the same context pays an extra merge. Zeroing the
 * sixteen registers (the xmm forms of the zero idiom clear the whole zmm
 * register) ends that state. VGC_KEEP_ZMM_HI16 (for vgc_bench only) leaves
 * them, to measure what it costs.
 */
#ifndef VGC_X86_ZMM_X86_H
#define VGC_X86_ZMM_X86_H

#ifndef __AVX512F__
#error "zmm_x86.h is for files built with -mavx512f"
#endif

static __always_inline void vgc_zmm_hi16_zero(void)
{
#ifndef VGC_KEEP_ZMM_HI16
	asm volatile("vpxord %%xmm16, %%xmm16, %%xmm16\n\t"
		     "vpxord %%xmm17, %%xmm17, %%xmm17\n\t"
		     "vpxord %%xmm18, %%xmm18, %%xmm18\n\t"
		     "vpxord %%xmm19, %%xmm19, %%xmm19\n\t"
		     "vpxord %%xmm20, %%xmm20, %%xmm20\n\t"
		     "vpxord %%xmm21, %%xmm21, %%xmm21\n\t"
		     "vpxord %%xmm22, %%xmm22, %%xmm22\n\t"
		     "vpxord %%xmm23, %%xmm23, %%xmm23\n\t"
		     "vpxord %%xmm24, %%xmm24, %%xmm24\n\t"
		     "vpxord %%xmm25, %%xmm25, %%xmm25\n\t"
		     "vpxord %%xmm26, %%xmm26, %%xmm26\n\t"
		     "vpxord %%xmm27, %%xmm27, %%xmm27\n\t"
		     "vpxord %%xmm28, %%xmm28, %%xmm28\n\t"
		     "vpxord %%xmm29, %%xmm29, %%xmm29\n\t"
		     "vpxord %%xmm30, %%xmm30, %%xmm30\n\t"
		     "vpxord %%xmm31, %%xmm31, %%xmm31"
		     : : : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20",
		       "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26",
		       "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");
#endif
}

#endif /* VGC_X86_ZMM_X86_H */
