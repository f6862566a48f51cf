/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * arm64 back ends for the module's registration: the NEON one where the
 * CPU has ASIMD and the kernel supports kernel-mode NEON, with one log
 * line when it is left out.
 */
#ifndef VGC_ARCH_ARM64_H
#define VGC_ARCH_ARM64_H

#include <linux/printk.h>

#ifdef CONFIG_KERNEL_MODE_NEON
#include "backends.h"

static inline int vgc_arch_backends(const struct vgc_cp_backend **list, int max)
{
	const char *why;

	if (max < 1)
		return 0;
	if (vgc_arm64_neon_usable(&why)) {
		list[0] = &vgc_cp_backend_neon;
		return 1;
	}
	pr_info("vgcrypto: %s back end not registered: %s\n",
		vgc_cp_backend_neon.name, why);
	return 0;
}
#else
static inline int vgc_arch_backends(const struct vgc_cp_backend **list, int max)
{
	pr_info("vgcrypto: neon back end not registered: the kernel was built without KERNEL_MODE_NEON\n");
	return 0;
}
#endif

#endif /* VGC_ARCH_ARM64_H */
