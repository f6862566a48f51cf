// SPDX-License-Identifier: GPL-2.0-only
/*
 * The arm64 back ends, shared by the module and the user-space harness
 * (whose compatibility header answers the CPU checks from the auxiliary
 * vector): NEON ChaCha20 (four blocks in v-registers, one or two in rows)
 * with the 64-bit scalar Poly1305 (mul/umulh); NEON ML-KEM (8 x 16-bit
 * lanes, two Keccak states side by side, with the SHA-3 instructions
 * where the CPU has them).
 */
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/version.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/string.h>
#include <asm/cpufeature.h>
#include <asm/neon.h>

#include "chacha20poly1305.h"
#include "mlkem_backend.h"
#include "chacha20_neon.h"
#include "mlkem_neon.h"

#if KERNEL_VERSION(6, 19, 0) <= LINUX_VERSION_CODE
/*
 * Linux 6.19 made the caller of kernel_neon_begin() and kernel_neon_end()
 * supply the area that the section's NEON registers are saved to: in
 * task context the kernel records it for the task, which stays
 * preemptible, and saves the section into it when the task is switched
 * out; in a softirq that interrupts a task's section, the area given
 * there holds the interrupted registers until kernel_neon_end() loads
 * them back (arch/arm64/kernel/fpsimd.c, 6.19 to 7.3). The kernel's own
 * callers put it on their stack (scoped_ksimd()); here it is the section
 * owner's (an AEAD request's context, an ML-KEM work area:
 * lib/simd_save.h), as a section spans calls. It holds key-derived
 * registers afterwards: wiped at the end, after kernel_neon_end() has
 * taken back whatever it held.
 */
static struct user_fpsimd_state *arm64_save_area(struct vgc_simd_save *save)
{
	static_assert(sizeof(struct user_fpsimd_state) + 15 <= VGC_SIMD_SAVE_BYTES,
		      "struct vgc_simd_save is too small for struct user_fpsimd_state");
	return (struct user_fpsimd_state *)PTR_ALIGN(&save->area[0], 16);
}

static void arm64_neon_begin(struct vgc_simd_save *save)
{
	kernel_neon_begin(arm64_save_area(save));
}

static void arm64_neon_end(struct vgc_simd_save *save)
{
	struct user_fpsimd_state *st = arm64_save_area(save);

	kernel_neon_end(st);
	memzero_explicit(st, sizeof(*st));
}
#else
static void arm64_neon_begin(struct vgc_simd_save *save __maybe_unused)
{
	kernel_neon_begin();
}

static void arm64_neon_end(struct vgc_simd_save *save __maybe_unused)
{
	kernel_neon_end();
}
#endif

static bool arm64_neon_usable(const char **why)
{
	*why = "the CPU has no ASIMD (NEON)";
	if (!cpu_have_named_feature(ASIMD))
		return false;
	*why = "the kernel does not use the FP/SIMD registers";
	return system_supports_fpsimd();
}

/*
 * Poly1305 in NEON lanes for texts of VGC_POLY1305_NEON_MIN_BLOCKS and
 * more (lib/poly1305_vec.h), the scalar code for the rest. The NEON
 * code is C: its frame is burnt after each call.
 */
struct vec_poly {
	unsigned int step;	/* blocks a vector step takes */
	unsigned int min;	/* blocks a call needs to start the lanes */
};

static const struct vec_poly vec_poly_neon = {
	.step = 4,
	.min = VGC_POLY1305_NEON_MIN_BLOCKS,
};

static void vec_blocks(const struct vec_poly *v __maybe_unused,
		       struct vgc_poly1305 *p, const u8 *src,
		       unsigned int nblocks)
{
	vgc_poly1305_neon_blocks(p, src, nblocks);
	vgc_burn_stack();
}

static void vec_lanes_flush(const struct vec_poly *v __maybe_unused,
			    struct vgc_poly1305 *p)
{
	vgc_poly1305_neon_flush(p);
	vgc_burn_stack();
}

static void vec_scalar_blocks(struct vgc_poly1305 *p, const u8 *src,
			      unsigned int nblocks)
{
	vgc_poly1305_blocks_arm64(p, src, nblocks);
}

#include "poly1305_vec.h"

static void neon_poly_blocks(struct vgc_poly1305 *p, const u8 *src,
			     unsigned int nblocks)
{
	vec_poly_blocks(&vec_poly_neon, p, src, nblocks);
}

static void neon_poly_flush(struct vgc_poly1305 *p)
{
	vec_poly_flush(&vec_poly_neon, p);
}

/* the stitched passes are C: their frames are burnt after each call */
static void neon_seal_passes(u32 state[16], struct vgc_poly1305 *p, u8 *dst,
			     const u8 *src, unsigned int npasses)
{
	vgc_chacha20poly1305_seal_neon(state, p, dst, src, npasses);
	vgc_burn_stack();
}

static void neon_open_passes(u32 state[16], struct vgc_poly1305 *p, u8 *dst,
			     const u8 *src, unsigned int len)
{
	vgc_chacha20poly1305_open_neon(state, p, dst, src, len);
	vgc_burn_stack();
}

/*
 * 4-block vertical (1-2 block horizontal) NEON ChaCha20; NEON Poly1305
 * (two lanes, four blocks a step) for longer texts, else scalar; seal
 * and open stitched (four NEON blocks, scalar Poly1305 beside them)
 */
static const struct vgc_cp_backend vgc_cp_backend_neon = {
	.name = "neon",
	.priority = 320,
	.usable = arm64_neon_usable,
	.chacha_xor = vgc_chacha20_xor_neon,
	.chacha_xor_ks = vgc_chacha20_xor_ks_neon,
	.poly_blocks = neon_poly_blocks,
	.poly_flush = neon_poly_flush,
	.seal_passes = neon_seal_passes,
	.open_passes = neon_open_passes,
	.seal_pass = VGC_NEON_PASS,
	.simd_begin = arm64_neon_begin,
	.simd_end = arm64_neon_end,
};

/* fastest first; exported for the KUnit suites, which run on each one */
const struct vgc_cp_backend *const vgc_cp_backends[] = {
	&vgc_cp_backend_neon,
	&vgc_cp_backend_generic,
	NULL
};

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_cp_backends);
#endif

/*
 * PSTATE.DIT (FEAT_DIT, Armv8.4): with it set, the instructions Arm lists
 * as data-independent take the same time whatever their operands. Linux
 * runs kernel code with DIT set from 6.2 on (commit 01ab991fc0ee, "arm64:
 * Enable data independent timing (DIT) in the kernel"), where the CPUs
 * have it; 6.1 leaves it clear, and so does a user-space process (the
 * harness). There each ML-KEM section sets it on entry and puts it back
 * on exit, covering the NEON code and the scalar code between its calls.
 * The section runs with preemption disabled (kernel_neon_begin() does it
 * on 6.1), so the saved state can be this CPU's.
 */
#if KERNEL_VERSION(6, 2, 0) > LINUX_VERSION_CODE || !defined(__KERNEL__)
#define VGC_ARM64_SET_DIT 1
#endif

#ifdef VGC_ARM64_SET_DIT
static bool vgc_arm64_dit;
static DEFINE_PER_CPU(bool, vgc_dit_set_here);

/* MRS of DIT (S3_3_C4_C2_5, bit 24); MSR DIT, #imm by its encoding */
static inline bool arm64_dit_is_set(void)
{
	u64 v;

	__asm__ __volatile__("mrs %0, S3_3_C4_C2_5" : "=r" (v) : : "memory");
	return v >> 24 & 1;
}

static inline void arm64_dit_on(void)
{
	__asm__ __volatile__(".inst 0xd503415f" : : : "memory");
}

static inline void arm64_dit_off(void)
{
	__asm__ __volatile__(".inst 0xd503405f" : : : "memory");
}

static void arm64_dit_begin(void)
{
	bool *set = this_cpu_ptr(&vgc_dit_set_here);

	*set = READ_ONCE(vgc_arm64_dit) && !arm64_dit_is_set();
	if (*set)
		arm64_dit_on();
}

static void arm64_dit_end(void)
{
	bool *set = this_cpu_ptr(&vgc_dit_set_here);

	if (*set)
		arm64_dit_off();
	*set = false;
}
#else
static void arm64_dit_begin(void)
{
}

static void arm64_dit_end(void)
{
}
#endif

static void arm64_mlkem_begin(struct vgc_simd_save *save)
{
	arm64_neon_begin(save);
	arm64_dit_begin();
}

static void arm64_mlkem_end(struct vgc_simd_save *save)
{
	arm64_dit_end();
	arm64_neon_end(save);
}

/*
 * The choices made at load: the Keccak with the SHA-3 instructions where
 * the CPU has them, and whether sections set DIT.
 */
static bool arm64_mlkem_usable(const char **why)
{
	if (!arm64_neon_usable(why))
		return false;
	vgc_keccak_x2_select(cpu_have_named_feature(SHA3));
#ifdef VGC_ARM64_SET_DIT
	WRITE_ONCE(vgc_arm64_dit, cpu_have_named_feature(DIT));
#endif
	return true;
}

/* every primitive in NEON; the tail of rejection sampling is scalar */
static const struct vgc_mlkem_backend vgc_mlkem_backend_neon = {
	.name = "neon",
	/* above the portable drivers (300) */
	.priority = 320,
	.usable = arm64_mlkem_usable,
	.simd_begin = arm64_mlkem_begin,
	.simd_end = arm64_mlkem_end,
	.keccak_lanes = 2,
	.keccak_par = vgc_keccak_x2_neon,
	.ntt = vgc_mlkem_ntt_neon,
	.invntt = vgc_mlkem_invntt_neon,
	.basemul_row = vgc_mlkem_basemul_row_neon,
	.tomont = vgc_mlkem_tomont_neon,
	.add = vgc_mlkem_add_neon,
	.rsub = vgc_mlkem_rsub_neon,
	.rej_uniform = vgc_mlkem_rej_uniform_neon,
	.cbd = vgc_mlkem_cbd_neon,
	.compress = vgc_mlkem_compress_neon,
	.decompress = vgc_mlkem_decompress_neon,
	.tobytes = vgc_mlkem_tobytes_neon,
	.frombytes = vgc_mlkem_frombytes_neon,
};

const struct vgc_mlkem_backend *const vgc_mlkem_backends[] = {
	&vgc_mlkem_backend_neon,
	&vgc_mlkem_backend_generic,
	NULL
};

#ifdef VGC_TEST_BUILD
EXPORT_SYMBOL_GPL(vgc_mlkem_backends);
#endif
