/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86-64 (and User-Mode Linux on x86-64) back ends. The SSSE3, AVX2 and
 * AVX-512 back ends are the work of issue 3; until they land the portable
 * back end is the only one.
 */
#ifndef VGC_ARCH_X86_H
#define VGC_ARCH_X86_H

static inline int vgc_arch_backends(const struct vgc_cp_backend **list, int max)
{
	return 0;
}

#endif /* VGC_ARCH_X86_H */
