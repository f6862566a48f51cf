/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * arm64 back ends. The NEON back end is the work of issue 6; until it
 * lands the portable back end is the only one.
 */
#ifndef VGC_ARCH_ARM64_H
#define VGC_ARCH_ARM64_H

static inline int vgc_arch_backends(const struct vgc_cp_backend **list, int max)
{
	return 0;
}

#endif /* VGC_ARCH_ARM64_H */
