/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The memory a SIMD section's owner lends the section (the back ends'
 * simd_begin and simd_end). Linux 6.19 made kernel_neon_begin() and
 * kernel_neon_end() take the area that the section's NEON registers are
 * saved to when the task is scheduled out, or a softirq that uses NEON
 * interrupts it: the caller's, alive until the section ends, and holding
 * key-derived data afterwards, so the back end wipes it then. Raw bytes,
 * aligned by the back end: an AEAD request's context (where the AEAD's
 * area lives, as its sections span calls) is only CRYPTO_MINALIGN
 * aligned. No other build needs an area: the struct is empty there.
 */
#ifndef VGC_SIMD_SAVE_H
#define VGC_SIMD_SAVE_H

#include "vgc_base.h"

#if defined(__aarch64__) && KERNEL_VERSION(6, 19, 0) <= LINUX_VERSION_CODE
/* struct user_fpsimd_state (528 bytes), at a 16-byte boundary inside */
#define VGC_SIMD_SAVE_BYTES	(528 + 15)
struct vgc_simd_save {
	u8 area[VGC_SIMD_SAVE_BYTES];
};
#else
#define VGC_SIMD_SAVE_BYTES	0
struct vgc_simd_save {
};
#endif

#endif /* VGC_SIMD_SAVE_H */
