// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_bench: a clean vector state before each timed stretch. OpenSSL's
 * AVX-512 code leaves the upper parts of zmm16-zmm31 non-zero, and until
 * they are cleared every legacy-SSE instruction in the thread, the next
 * implementation's included, runs slower (measured: 16-byte seals about
 * twice as slow after it). Each implementation then pays only for what
 * it leaves behind itself (the module's own assembly zeroes every vector
 * register it used). Built with -mavx512f; run only where the CPU has
 * AVX-512F.
 */
#include "harness.h"

void vgc_zmm_clean(void)
{
	/* the xmm forms of the zero idiom clear the whole zmm register */
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
		     "vpxord %%xmm31, %%xmm31, %%xmm31\n\t"
		     "vzeroupper"
		     : : : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20",
		       "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26",
		       "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");
}
