// SPDX-License-Identifier: GPL-2.0-only
/*
 * The x86-64 back ends, shared by the module and the user-space harness
 * (whose compatibility header answers the CPU checks from cpuid): which
 * ChaCha20 and Poly1305 functions each pairs, and what the CPU must have
 * to run them.
 */
#include <linux/export.h>
#include <linux/version.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>

#include "chacha20poly1305.h"
#include "mlkem_backend.h"
#include "chacha20_x86.h"
#include "poly1305_x86.h"
#include "mlkem_x86.h"
#include "sha3.h"

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

static bool x86_ssse3_usable(const char **why)
{
	*why = "the CPU has no SSSE3";
	return boot_cpu_has(X86_FEATURE_SSSE3);
}

static bool x86_avx2_usable(const char **why)
{
	*why = "the CPU has no AVX2";
	if (!boot_cpu_has(X86_FEATURE_AVX2) || !boot_cpu_has(X86_FEATURE_AVX))
		return false;
	*why = "the OS does not save ymm registers";
	return x86_os_saves_ymm();
}

/*
 * zmm code only where it pays: some CPUs drop their clock while zmm
 * registers are in use, which costs the rest of the system more than the
 * wider vectors gain (they get the AVX2 back end). Linux 6.15 marks them
 * with X86_FEATURE_PREFER_YMM; before it, the same Intel models (family
 * 6: Skylake-X 0x55, Ice Lake 0x6a 0x6c 0x7d 0x7e 0x9d, Tiger Lake 0x8c
 * 0x8d) are recognised here. User-Mode Linux has neither.
 */
static bool x86_prefers_ymm(void)
{
#if KERNEL_VERSION(6, 15, 0) <= LINUX_VERSION_CODE
	return boot_cpu_has(X86_FEATURE_PREFER_YMM);
#elif defined(CONFIG_UML)
	return false;
#else
	static const u8 models[] = { 0x55, 0x6a, 0x6c, 0x7d, 0x7e, 0x9d,
				     0x8c, 0x8d };
	int i;

	if (boot_cpu_data.x86_vendor != X86_VENDOR_INTEL ||
	    boot_cpu_data.x86 != 6)
		return false;
	for (i = 0; i < ARRAY_SIZE(models); i++)
		if (boot_cpu_data.x86_model == models[i])
			return true;
	return false;
#endif
}

/* avx512-noifma runs where this holds; avx512 also needs IFMA */
static bool x86_zmm_usable(const char **why)
{
	*why = "the CPU has no AVX-512F and AVX-512VL";
	if (!boot_cpu_has(X86_FEATURE_AVX512F) ||
	    !boot_cpu_has(X86_FEATURE_AVX512VL) || !x86_avx2_usable(why))
		return false;
	*why = "the CPU prefers ymm registers (its clock drops on zmm)";
	if (x86_prefers_ymm())
		return false;
#ifndef CONFIG_UML
	*why = "the OS does not save zmm registers";
	if (!cpu_has_xfeatures(XFEATURE_MASK_AVX512, NULL))
		return false;
#endif
	return true;
}

static bool x86_avx512_usable(const char **why)
{
	if (!x86_zmm_usable(why))
		return false;
	*why = "the CPU has no AVX-512 IFMA";
	return boot_cpu_has(X86_FEATURE_AVX512IFMA);
}

/* 4-block xmm ChaCha20, scalar 64-bit Poly1305 */
static const struct vgc_cp_backend vgc_cp_backend_ssse3 = {
	.name = "ssse3",
	.priority = 320,
	.usable = x86_ssse3_usable,
	.chacha_xor = vgc_chacha20_xor_ssse3,
	.chacha_xor_ks = vgc_chacha20_xor_ks_ssse3,
	.poly_blocks = vgc_poly1305_blocks_x64,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/* 8-block ymm ChaCha20, 4-way radix 2^26 Poly1305 for long stretches */
static const struct vgc_cp_backend vgc_cp_backend_avx2 = {
	.name = "avx2",
	.priority = 330,
	.usable = x86_avx2_usable,
	.chacha_xor = vgc_chacha20_xor_avx2,
	.chacha_xor_ks = vgc_chacha20_xor_ks_avx2,
	.poly_blocks = vgc_poly1305_blocks_avx2,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/*
 * 16-block zmm ChaCha20, 8-way radix 2^44 Poly1305 with IFMA. Running the
 * Poly1305 steps between the ChaCha20 rounds was tried and measured 0-7%
 * slower than the two over each 4 KiB chunk in turn (Xeon model 0xcf):
 * the multiply-adds and the rotates compete for one port.
 */
static const struct vgc_cp_backend vgc_cp_backend_avx512 = {
	.name = "avx512",
	.priority = 340,
	.usable = x86_avx512_usable,
	.chacha_xor = vgc_chacha20_xor_avx512,
	.chacha_xor_ks = vgc_chacha20_xor_ks_avx512,
	.poly_blocks = vgc_poly1305_blocks_avx512ifma,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/*
 * AVX-512 without IFMA: zmm ChaCha20, the AVX2 radix 2^26 Poly1305. Where
 * the CPU has IFMA it registers too, below avx512, so that it is tested.
 */
static const struct vgc_cp_backend vgc_cp_backend_avx512_noifma = {
	.name = "avx512-noifma",
	.priority = 335,
	.usable = x86_zmm_usable,
	.chacha_xor = vgc_chacha20_xor_avx512,
	.chacha_xor_ks = vgc_chacha20_xor_ks_avx512,
	.poly_blocks = vgc_poly1305_blocks_avx2,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/* fastest first; exported for the KUnit suites, which run on each one */
const struct vgc_cp_backend *const vgc_cp_backends[] = {
	&vgc_cp_backend_avx512,
	&vgc_cp_backend_avx512_noifma,
	&vgc_cp_backend_avx2,
	&vgc_cp_backend_ssse3,
	&vgc_cp_backend_generic,
	NULL
};
EXPORT_SYMBOL_GPL(vgc_cp_backends);

/* zmm ML-KEM arithmetic: 16-bit lanes need AVX-512BW */
static bool x86_mlkem_zmm_usable(const char **why)
{
	if (!x86_zmm_usable(why))
		return false;
	*why = "the CPU has no AVX-512BW";
	return boot_cpu_has(X86_FEATURE_AVX512BW);
}

/*
 * ML-KEM with the AVX2 arithmetic (16 lanes of s16 per ymm) and, for
 * now, the portable Keccak and sampling.
 */
static const struct vgc_mlkem_backend vgc_mlkem_backend_avx2 = {
	.name = "avx2",
	.priority = 310,
	.usable = x86_avx2_usable,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
	.keccak_lanes = 1,
	.keccak_par = vgc_keccak_f1600,
	.ntt = vgc_mlkem_ntt_avx2,
	.invntt = vgc_mlkem_invntt_avx2,
	.basemul_row = vgc_mlkem_basemul_row_avx2,
	.tomont = vgc_mlkem_tomont_avx2,
	.add = vgc_mlkem_add_avx2,
	.rsub = vgc_mlkem_rsub_avx2,
	.rej_uniform = vgc_mlkem_rej_uniform,
	.cbd = vgc_mlkem_cbd,
	.compress = vgc_mlkem_compress_avx2,
	.decompress = vgc_mlkem_decompress_avx2,
	.tobytes = vgc_mlkem_tobytes_avx2,
	.frombytes = vgc_mlkem_frombytes_avx2,
};

/* 32 lanes per zmm; the codecs with VBMI byte permutes where present */
static const struct vgc_mlkem_backend vgc_mlkem_backend_avx512 = {
	.name = "avx512",
	.priority = 320,
	.usable = x86_mlkem_zmm_usable,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
	.keccak_lanes = 1,
	.keccak_par = vgc_keccak_f1600,
	.ntt = vgc_mlkem_ntt_avx512,
	.invntt = vgc_mlkem_invntt_avx512,
	.basemul_row = vgc_mlkem_basemul_row_avx512,
	.tomont = vgc_mlkem_tomont_avx512,
	.add = vgc_mlkem_add_avx512,
	.rsub = vgc_mlkem_rsub_avx512,
	.rej_uniform = vgc_mlkem_rej_uniform,
	.cbd = vgc_mlkem_cbd,
	.compress = vgc_mlkem_compress_avx512,
	.decompress = vgc_mlkem_decompress_avx512,
	.tobytes = vgc_mlkem_tobytes_avx512,
	.frombytes = vgc_mlkem_frombytes_avx512,
};

const struct vgc_mlkem_backend *const vgc_mlkem_backends[] = {
	&vgc_mlkem_backend_avx512,
	&vgc_mlkem_backend_avx2,
	&vgc_mlkem_backend_generic,
	NULL
};
EXPORT_SYMBOL_GPL(vgc_mlkem_backends);
