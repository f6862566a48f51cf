// SPDX-License-Identifier: GPL-2.0-only
/*
 * The arm64 back end, shared by the module and the user-space harness:
 * NEON ChaCha20 (four blocks in v-registers, one or two in rows) with the
 * 64-bit scalar Poly1305 (mul/umulh). Only the NEON bracket and the CPU
 * check differ between the kernel and user space.
 */
#include "backends.h"
#include "chacha20_neon.h"

#ifdef __KERNEL__
#include <linux/version.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <asm/cpufeature.h>
#include <asm/neon.h>

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

bool vgc_arm64_neon_usable(const char **why)
{
	*why = "the CPU has no ASIMD (NEON)";
	if (!cpu_have_named_feature(ASIMD))
		return false;
	*why = "the kernel does not use the FP/SIMD registers";
	return system_supports_fpsimd();
}
#else
/* user space: the registers are the process's own */
#include <sys/auxv.h>
#include <asm/hwcap.h>

static void arm64_neon_begin(void)
{
}

static void arm64_neon_end(void)
{
}

bool vgc_arm64_neon_usable(const char **why)
{
	*why = "the CPU has no ASIMD (NEON)";
	return getauxval(AT_HWCAP) & HWCAP_ASIMD;
}
#endif

/* 4-block vertical (1-2 block horizontal) NEON ChaCha20, scalar Poly1305 */
const struct vgc_cp_backend vgc_cp_backend_neon = {
	.name = "neon",
	.priority = 320,
	.chacha_xor = vgc_chacha20_xor_neon,
	.chacha_xor_ks = vgc_chacha20_xor_ks_neon,
	.poly_blocks = vgc_poly1305_blocks_arm64,
	.simd_begin = arm64_neon_begin,
	.simd_end = arm64_neon_end,
};
