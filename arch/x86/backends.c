// SPDX-License-Identifier: GPL-2.0-only
/*
 * The x86-64 back ends, shared by the module and the user-space harness
 * (whose compatibility header answers the CPU checks from cpuid): which
 * ChaCha20 and Poly1305 functions each pairs, and what the CPU must have
 * to run them.
 */
#include <linux/build_bug.h>
#include <linux/minmax.h>
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/stddef.h>
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

/* the assembly's view of struct vgc_poly1305 (poly1305_x86.h) */
static_assert(offsetof(struct vgc_poly1305, h) == VGC_P_H, "h");
static_assert(offsetof(struct vgc_poly1305, r) == VGC_P_R, "r");
static_assert(offsetof(struct vgc_poly1305, s) == VGC_P_S, "s");
static_assert(offsetof(struct vgc_poly1305, vec_powers) == VGC_P_POWERS,
	      "vec_powers");
static_assert(offsetof(struct vgc_poly1305, vec_live) == VGC_P_LIVE,
	      "vec_live");
static_assert(offsetof(struct vgc_poly1305, vec_pw) == VGC_P_PW, "vec_pw");
static_assert(offsetof(struct vgc_poly1305, vec_acc) == VGC_P_ACC, "vec_acc");
static_assert(VGC_POLY1305_VEC_PW >= 27 && VGC_POLY1305_VEC_ACC >= 24,
	      "room for the IFMA and AVX2 state");

/* kernel_fpu_begin() saves what it must into the task's own area */
static void x86_simd_begin(struct vgc_simd_save *save __maybe_unused)
{
	kernel_fpu_begin();
}

static void x86_simd_end(struct vgc_simd_save *save __maybe_unused)
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

/*
 * avx512vl-noifma runs where this holds (avx512vl also needs IFMA):
 * AVX-512VL's instructions on ymm (and its
 * registers 16-31, whose state is part of the AVX-512 state the OS must
 * save), on every such CPU, whether or not it prefers ymm.
 */
static bool x86_ymm512_usable(const char **why)
{
	*why = "the CPU has no AVX-512F and AVX-512VL";
	if (!boot_cpu_has(X86_FEATURE_AVX512F) ||
	    !boot_cpu_has(X86_FEATURE_AVX512VL) || !x86_avx2_usable(why))
		return false;
#ifndef CONFIG_UML
	*why = "the OS does not save zmm registers";
	if (!cpu_has_xfeatures(XFEATURE_MASK_AVX512, NULL))
		return false;
#endif
	return true;
}

static bool x86_ymm512_ifma_usable(const char **why)
{
	if (!x86_ymm512_usable(why))
		return false;
	*why = "the CPU has no AVX-512 IFMA";
	return boot_cpu_has(X86_FEATURE_AVX512IFMA);
}

/* avx512-noifma runs where this holds; avx512 also needs IFMA */
static bool x86_zmm_usable(const char **why)
{
	if (!x86_ymm512_usable(why))
		return false;
	*why = "the CPU prefers ymm registers (its clock drops on zmm)";
	return !x86_prefers_ymm();
}

static bool x86_avx512_usable(const char **why)
{
	if (!x86_zmm_usable(why))
		return false;
	*why = "the CPU has no AVX-512 IFMA";
	return boot_cpu_has(X86_FEATURE_AVX512IFMA);
}

/*
 * The back ends' ops are these C functions, never the assembly itself:
 * with indirect-branch tracking (IBT, as in Debian's 7.x kernels) a
 * function called through a pointer must begin with ENDBR, which the
 * compiler gives C functions and the kernel's SYM_FUNC_START no longer
 * does; the assembly is only ever called directly.
 */
#define VGC_CHACHA_OPS(isa)						\
static void isa##_chacha_xor(u32 state[16], u8 *dst, const u8 *src,	\
			     unsigned int nblocks)			\
{									\
	vgc_chacha20_xor_##isa(state, dst, src, nblocks);		\
}									\
static void isa##_chacha_xor_ks(u32 state[16], u8 *dst, const u8 *src,	\
				unsigned int nblocks, u8 ks[64])	\
{									\
	vgc_chacha20_xor_ks_##isa(state, dst, src, nblocks, ks);	\
}

VGC_CHACHA_OPS(ssse3)
VGC_CHACHA_OPS(avx2)
VGC_CHACHA_OPS(avx512)
VGC_CHACHA_OPS(avx512vl)

static void avx2_seal_passes(u32 state[16], struct vgc_poly1305 *p, u8 *dst,
			     const u8 *src, unsigned int npasses)
{
	vgc_chacha20poly1305_seal_avx2(state, dst, src, npasses, p);
}

static void avx2_open_passes(u32 state[16], struct vgc_poly1305 *p, u8 *dst,
			     const u8 *src, unsigned int len)
{
	vgc_chacha20poly1305_open_avx2(state, dst, src, len, p);
}

static void x64_chacha_block(u32 state[16], u8 ks[64])
{
	vgc_chacha20_block_x64(state, ks);
}

static void x64_poly_blocks(struct vgc_poly1305 *p, const u8 *src,
			    unsigned int nblocks)
{
	vgc_poly1305_blocks_x64(p, src, nblocks);
}

/*
 * Poly1305 for the vector back ends (lib/poly1305_vec.h): steps of 4
 * (AVX2) or 8 (IFMA) blocks.
 */
enum vec_poly_code { VEC_AVX2, VEC_IFMA, VEC_IFMA256 };

struct vec_poly {
	unsigned int step;	/* blocks a vector step takes */
	unsigned int min;	/* blocks a call needs to start the lanes */
	enum vec_poly_code code;	/* called directly: see above */
};

static const struct vec_poly vec_poly_avx2 = {
	.step = 4,
	.min = VGC_POLY1305_AVX2_MIN_BLOCKS,
	.code = VEC_AVX2,
};

static const struct vec_poly vec_poly_ifma = {
	.step = 8,
	.min = VGC_POLY1305_IFMA_MIN_BLOCKS,
	.code = VEC_IFMA,
};

static const struct vec_poly vec_poly_ifma256 = {
	.step = 4,
	.min = VGC_POLY1305_IFMA256_MIN_BLOCKS,
	.code = VEC_IFMA256,
};

static void vec_blocks(const struct vec_poly *v, struct vgc_poly1305 *p,
		       const u8 *src, unsigned int nblocks)
{
	if (v->code == VEC_IFMA)
		vgc_poly1305_ifma_blocks(p, src, nblocks);
	else if (v->code == VEC_IFMA256)
		vgc_poly1305_ifma256_blocks(p, src, nblocks);
	else
		vgc_poly1305_avx2_blocks(p, src, nblocks);
}

static void vec_lanes_flush(const struct vec_poly *v, struct vgc_poly1305 *p)
{
	if (v->code == VEC_IFMA)
		vgc_poly1305_ifma_flush(p);
	else if (v->code == VEC_IFMA256)
		vgc_poly1305_ifma256_flush(p);
	else
		vgc_poly1305_avx2_flush(p);
}

static void vec_scalar_blocks(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks)
{
	vgc_poly1305_blocks_x64(p, src, nblocks);
}

static_assert(VGC_POLY1305_VEC_PEND >= 8, "a whole IFMA step");

#include "poly1305_vec.h"

static void avx2_poly_blocks(struct vgc_poly1305 *p, const u8 *src,
			     unsigned int nblocks)
{
	vec_poly_blocks(&vec_poly_avx2, p, src, nblocks);
}

static void avx2_poly_flush(struct vgc_poly1305 *p)
{
	vec_poly_flush(&vec_poly_avx2, p);
}

static void ifma_poly_blocks(struct vgc_poly1305 *p, const u8 *src,
			     unsigned int nblocks)
{
	vec_poly_blocks(&vec_poly_ifma, p, src, nblocks);
}

static void ifma_poly_flush(struct vgc_poly1305 *p)
{
	vec_poly_flush(&vec_poly_ifma, p);
}

static void ifma256_poly_blocks(struct vgc_poly1305 *p, const u8 *src,
				unsigned int nblocks)
{
	vec_poly_blocks(&vec_poly_ifma256, p, src, nblocks);
}

static void ifma256_poly_flush(struct vgc_poly1305 *p)
{
	vec_poly_flush(&vec_poly_ifma256, p);
}

/* 4-block xmm ChaCha20, scalar 64-bit Poly1305 */
static const struct vgc_cp_backend vgc_cp_backend_ssse3 = {
	.name = "ssse3",
	.priority = 320,
	.usable = x86_ssse3_usable,
	.chacha_xor = ssse3_chacha_xor,
	.chacha_xor_ks = ssse3_chacha_xor_ks,
	.chacha_block = x64_chacha_block,
	.poly_blocks = x64_poly_blocks,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/* 8-block ymm ChaCha20, 4-way radix 2^26 Poly1305 */
static const struct vgc_cp_backend vgc_cp_backend_avx2 = {
	.name = "avx2",
	.priority = 330,
	.usable = x86_avx2_usable,
	.chacha_xor = avx2_chacha_xor,
	.chacha_xor_ks = avx2_chacha_xor_ks,
	.chacha_block = x64_chacha_block,
	.poly_blocks = avx2_poly_blocks,
	.poly_flush = avx2_poly_flush,
	.seal_passes = avx2_seal_passes,
	.open_passes = avx2_open_passes,
	.seal_pass = 512,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/* 16-block zmm ChaCha20, 8-way radix 2^44 Poly1305 with IFMA */
static const struct vgc_cp_backend vgc_cp_backend_avx512 = {
	.name = "avx512",
	.priority = 340,
	.usable = x86_avx512_usable,
	.chacha_xor = avx512_chacha_xor,
	.chacha_xor_ks = avx512_chacha_xor_ks,
	.chacha_block = x64_chacha_block,
	.poly_blocks = ifma_poly_blocks,
	.poly_flush = ifma_poly_flush,
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
	.chacha_xor = avx512_chacha_xor,
	.chacha_xor_ks = avx512_chacha_xor_ks,
	.chacha_block = x64_chacha_block,
	.poly_blocks = avx2_poly_blocks,
	.poly_flush = avx2_poly_flush,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/*
 * AVX-512VL on ymm: 16-block ChaCha20 in 32 registers with vprold, IFMA
 * Poly1305 in four lanes; for the CPUs that prefer ymm, and registered
 * below the zmm back ends elsewhere (so that it is tested).
 */
static const struct vgc_cp_backend vgc_cp_backend_avx512vl = {
	.name = "avx512vl",
	.priority = 333,
	.usable = x86_ymm512_ifma_usable,
	.chacha_xor = avx512vl_chacha_xor,
	.chacha_xor_ks = avx512vl_chacha_xor_ks,
	.chacha_block = x64_chacha_block,
	.poly_blocks = ifma256_poly_blocks,
	.poly_flush = ifma256_poly_flush,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/* the same ChaCha20 with the AVX2 Poly1305, for CPUs without IFMA */
static const struct vgc_cp_backend vgc_cp_backend_avx512vl_noifma = {
	.name = "avx512vl-noifma",
	.priority = 332,
	.usable = x86_ymm512_usable,
	.chacha_xor = avx512vl_chacha_xor,
	.chacha_xor_ks = avx512vl_chacha_xor_ks,
	.chacha_block = x64_chacha_block,
	.poly_blocks = avx2_poly_blocks,
	.poly_flush = avx2_poly_flush,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
};

/* fastest first; exported for the KUnit suites, which run on each one */
const struct vgc_cp_backend *const vgc_cp_backends[] = {
	&vgc_cp_backend_avx512,
	&vgc_cp_backend_avx512_noifma,
	&vgc_cp_backend_avx512vl,
	&vgc_cp_backend_avx512vl_noifma,
	&vgc_cp_backend_avx2,
	&vgc_cp_backend_ssse3,
	&vgc_cp_backend_generic,
	NULL
};

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_cp_backends);
#endif

/*
 * A CPU feature that picks between two functions of a back end: the
 * branch is patched when the module loads (cpu_feature_enabled()).
 * User-Mode Linux's cpu_feature_enabled() does not build (6.1: no
 * DISABLED_MASK_BIT_SET); its boot_cpu_has() reads the host's flags.
 */
#ifdef CONFIG_UML
#define x86_feature(f)	boot_cpu_has(f)
#else
#define x86_feature(f)	cpu_feature_enabled(f)
#endif

/*
 * ML-KEM's zmm back end: AVX-512F (Keccak), BW and VL (the arithmetic),
 * and, like the AEAD's, only where zmm code pays.
 */
static bool x86_mlkem_avx512_usable(const char **why)
{
	if (!x86_zmm_usable(why))
		return false;
	*why = "the CPU has no AVX-512BW";
	return boot_cpu_has(X86_FEATURE_AVX512BW);
}

/*
 * SampleNTT's rejection step with VBMI's byte permutes and VBMI2's word
 * compression (and BMI2, POPCNT) where the CPU has them, else the AVX2
 * one.
 */
static unsigned int x86_mlkem_rej_uniform_avx512(s16 p[VGC_MLKEM_N],
						 unsigned int have,
						 const u8 *buf,
						 unsigned int len)
{
	if (x86_feature(X86_FEATURE_AVX512VBMI) &&
	    x86_feature(X86_FEATURE_AVX512_VBMI2) &&
	    x86_feature(X86_FEATURE_BMI2) && x86_feature(X86_FEATURE_POPCNT))
		return vgc_mlkem_rej_uniform_avx512(p, have, buf, len);
	return vgc_mlkem_rej_uniform_avx2(p, have, buf, len);
}

/*
 * One Keccak state, for a job alone in the lanes (G, the tail of H(ek)
 * or J): with BMI1's andn and BMI2's rorx where the CPU has them (every
 * CPU with AVX2 does, but a hypervisor may hide them), else the
 * portable code.
 */
static void x86_keccak_x1(u64 *s)
{
	if (x86_feature(X86_FEATURE_BMI1) && x86_feature(X86_FEATURE_BMI2))
		vgc_keccak_x1_bmi2(s);
	else
		vgc_keccak_f1600(s);
}

/*
 * 16 lanes of s16 per ymm for the arithmetic and the codecs; 4-way ymm
 * Keccak, a job alone in its lanes on one state, which takes a little
 * more than half the time of the 4-way permutation (Zen 5).
 */
static const struct vgc_mlkem_backend vgc_mlkem_backend_avx2 = {
	.name = "avx2",
	.priority = 310,
	.usable = x86_avx2_usable,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
	.keccak_lanes = 4,
	.keccak_par = vgc_keccak_x4_avx2,
	.keccak_x1 = x86_keccak_x1,
	.rej_uniform = vgc_mlkem_rej_uniform_avx2,
	.cbd = vgc_mlkem_cbd_avx2,
	.ntt = vgc_mlkem_ntt_avx2,
	.invntt = vgc_mlkem_invntt_avx2,
	.basemul_row = vgc_mlkem_basemul_row_avx2,
	.tomont = vgc_mlkem_tomont_avx2,
	.add = vgc_mlkem_add_avx2,
	.rsub = vgc_mlkem_rsub_avx2,
	.compress = vgc_mlkem_compress_avx2,
	.decompress = vgc_mlkem_decompress_avx2,
	.tobytes = vgc_mlkem_tobytes_avx2,
	.frombytes = vgc_mlkem_frombytes_avx2,
};

/*
 * 32 lanes per zmm, the codecs with VBMI byte permutes where present;
 * 8-way zmm Keccak, a job alone in its lanes on one state, as above
 */
static const struct vgc_mlkem_backend vgc_mlkem_backend_avx512 = {
	.name = "avx512",
	.priority = 320,
	.usable = x86_mlkem_avx512_usable,
	.simd_begin = x86_simd_begin,
	.simd_end = x86_simd_end,
	.keccak_lanes = 8,
	.keccak_par = vgc_keccak_x8_avx512,
	.keccak_x1 = x86_keccak_x1,
	.rej_uniform = x86_mlkem_rej_uniform_avx512,
	.cbd = vgc_mlkem_cbd_avx2,
	.ntt = vgc_mlkem_ntt_avx512,
	.invntt = vgc_mlkem_invntt_avx512,
	.basemul_row = vgc_mlkem_basemul_row_avx512,
	.tomont = vgc_mlkem_tomont_avx512,
	.add = vgc_mlkem_add_avx512,
	.rsub = vgc_mlkem_rsub_avx512,
	.compress = vgc_mlkem_compress_avx512,
	.decompress = vgc_mlkem_decompress_avx512,
	.tobytes = vgc_mlkem_tobytes_avx512,
	.frombytes = vgc_mlkem_frombytes_avx512,
};

/* fastest first; registration, KUnit and the harness walk it */
const struct vgc_mlkem_backend *const vgc_mlkem_backends[] = {
	&vgc_mlkem_backend_avx512,
	&vgc_mlkem_backend_avx2,
	&vgc_mlkem_backend_generic,
	NULL
};

#ifdef VGC_TEST_BUILD
EXPORT_SYMBOL_GPL(vgc_mlkem_backends);
#endif
