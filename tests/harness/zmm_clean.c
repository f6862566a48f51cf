// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_bench: a clean vector state before each timed stretch. OpenSSL's
 * AVX-512 code leaves the upper parts of zmm16-zmm31 non-zero, and until
 * they are cleared every legacy-SSE instruction in the thread, the next
 * implementation's included, runs slower (measured: 16-byte seals about
 * twice as slow after it). Each implementation then pays only for what
 * it leaves behind itself. Built with -mavx512f; run only where the CPU
 * has AVX-512F.
 */
#include "harness.h"
#include "../../arch/x86/zmm_x86.h"

void vgc_zmm_clean(void)
{
	vgc_zmm_hi16_zero();
	__builtin_ia32_vzeroupper();
}
