// SPDX-License-Identifier: GPL-2.0-only
/*
 * The arm64 back end, shared by the module and the user-space harness
 * (whose compatibility header answers the CPU check from the auxiliary
 * vector): NEON ChaCha20 (four blocks in v-registers, one or two in rows)
 * with the 64-bit scalar Poly1305 (mul/umulh).
 */
#include <linux/export.h>
#include <linux/version.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <asm/cpufeature.h>
#include <asm/neon.h>

#include "chacha20poly1305.h"
#include "mlkem_backend.h"
#include "chacha20_neon.h"

#if KERNEL_VERSION(6, 19, 0) <= LINUX_VERSION_CODE
/*
 * Linux 6.19 made the caller of kernel_neon_begin() and kernel_neon_end()
 * supply the buffer that the section's NEON registers are saved to when
 * the task is interrupted by a softirq that uses NEON itself, or is
 * scheduled out (kernel_neon_begin() no longer disables preemption in
 * task context). The back-end interface has no place for a buffer per
 * call, so the section runs with preemption disabled, as it does before
 * 6.8, and the buffer is this CPU's: only the task running on this CPU
 * can be in such a section here, and it cannot move until simd_end. A
 * softirq that interrupts it and runs this back end itself passes the
 * same buffer, which is harmless: kernel_neon_begin() records the
 * caller's buffer only in task context; in a softirq it saves the
 * interrupted section into the buffer that section recorded (this one),
 * and the softirq's own registers are not saved anywhere.
 */
static DEFINE_PER_CPU(struct user_fpsimd_state, vgc_neon_state);

static void arm64_neon_begin(void)
{
	preempt_disable();
	kernel_neon_begin(this_cpu_ptr(&vgc_neon_state));
}

static void arm64_neon_end(void)
{
	kernel_neon_end(this_cpu_ptr(&vgc_neon_state));
	preempt_enable();
}
#else
static void arm64_neon_begin(void)
{
	kernel_neon_begin();
}

static void arm64_neon_end(void)
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

/* 4-block vertical (1-2 block horizontal) NEON ChaCha20, scalar Poly1305 */
static const struct vgc_cp_backend vgc_cp_backend_neon = {
	.name = "neon",
	.priority = 320,
	.usable = arm64_neon_usable,
	.chacha_xor = vgc_chacha20_xor_neon,
	.chacha_xor_ks = vgc_chacha20_xor_ks_neon,
	.poly_blocks = vgc_poly1305_blocks_arm64,
	.simd_begin = arm64_neon_begin,
	.simd_end = arm64_neon_end,
};

/* fastest first; exported for the KUnit suites, which run on each one */
const struct vgc_cp_backend *const vgc_cp_backends[] = {
	&vgc_cp_backend_neon,
	&vgc_cp_backend_generic,
	NULL
};
EXPORT_SYMBOL_GPL(vgc_cp_backends);

const struct vgc_mlkem_backend *const vgc_mlkem_backends[] = {
	&vgc_mlkem_backend_generic,
	NULL
};
EXPORT_SYMBOL_GPL(vgc_mlkem_backends);
