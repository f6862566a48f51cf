/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86-64 (and User-Mode Linux on x86-64) back ends for the module's
 * registration: those this CPU can run, fastest first, with one log line
 * for each it leaves out. At most one of the two AVX-512 back ends is
 * usable on a CPU.
 */
#ifndef VGC_ARCH_X86_H
#define VGC_ARCH_X86_H

#include <linux/printk.h>
#include "backends.h"

static inline int vgc_arch_backends(const struct vgc_cp_backend **list, int max)
{
	static const struct {
		const struct vgc_cp_backend *be;
		bool (*usable)(const char **why);
	} all[] = {
		{ &vgc_cp_backend_avx512, vgc_x86_avx512_usable },
		{ &vgc_cp_backend_avx512_noifma, vgc_x86_avx512_noifma_usable },
		{ &vgc_cp_backend_avx2, vgc_x86_avx2_usable },
		{ &vgc_cp_backend_ssse3, vgc_x86_ssse3_usable },
	};
	const char *why;
	int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(all) && n < max; i++) {
		if (all[i].usable(&why))
			list[n++] = all[i].be;
		else
			pr_info("vgcrypto: %s back end not registered: %s\n",
				all[i].be->name, why);
	}
	return n;
}

#endif /* VGC_ARCH_X86_H */
