// SPDX-License-Identifier: GPL-2.0-only
/*
 * The x86-64 back ends, shared by the module and the user-space harness:
 * which ChaCha20 and Poly1305 functions each pairs, and what the CPU must
 * have to run them. Only the SIMD bracket and the CPU check differ
 * between the kernel and user space.
 */
#include "backends.h"
#include "chacha20_x86.h"
#include "poly1305_x86.h"

#ifdef __KERNEL__
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>

static void x86_simd_begin(void)
{
	kernel_fpu_begin();
}

static void x86_simd_end(void)
{
	kernel_fpu_end();
}

/*
 * The OS must save the ymm state on context switch. User-Mode Linux has
 * no cpu_has_xfeatures(): its kernel runs in a host process, whose state
 * the host kernel saves.
 */
static bool x86_os_saves_ymm(void)
{
#ifdef CONFIG_UML
	return true;
#else
	return cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
#endif
}

bool vgc_x86_ssse3_usable(const char **why)
{
	*why = "the CPU has no SSSE3";
	return boot_cpu_has(X86_FEATURE_SSSE3);
}

bool vgc_x86_avx2_usable(const char **why)
{
	*why = "the CPU has no AVX2";
	if (!boot_cpu_has(X86_FEATURE_AVX2) || !boot_cpu_has(X86_FEATURE_AVX))
		return false;
	*why = "the OS does not save ymm registers";
	return x86_os_saves_ymm();
}
#else
/* user space: the registers are the process's own */
static void x86_simd_begin(void)
{
}

static void x86_simd_end(void)
{
}

bool vgc_x86_ssse3_usable(const char **why)
{
	*why = "the CPU has no SSSE3";
	__builtin_cpu_init();
	return __builtin_cpu_supports("ssse3");
}

bool vgc_x86_avx2_usable(const char **why)
{
	*why = "the CPU has no AVX2";
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2");
}
#endif

/* 4-block xmm ChaCha20, scalar 64-bit Poly1305 */
const struct vgc_cp_backend vgc_cp_backend_ssse3 = {
	.name = "ssse3",
	.priority = 320,
	.chacha_xor = vgc_chacha20_xor_ssse3,
	.poly_blocks = vgc_poly1305_blocks_x64,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/* 8-block ymm ChaCha20, 4-way radix 2^26 Poly1305 for long stretches */
const struct vgc_cp_backend vgc_cp_backend_avx2 = {
	.name = "avx2",
	.priority = 330,
	.chacha_xor = vgc_chacha20_xor_avx2,
	.poly_blocks = vgc_poly1305_blocks_avx2,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};
