// SPDX-License-Identifier: GPL-2.0-only
/*
 * The back ends the harness runs: every one this build links and this CPU
 * can execute. Adding one takes three steps: its sources in BACKEND_SRCS
 * (Makefile), its -DVGC_HAVE_<NAME> in BACKEND_DEFS, and a slot below
 * with the CPU check that gates it.
 */
#include "harness.h"

struct backend_slot {
	const struct vgc_cp_backend *be;
	bool (*usable)(void);	/* NULL: runs on any CPU */
};

#ifdef VGC_HAVE_AVX2
extern const struct vgc_cp_backend vgc_cp_backend_avx2;

static bool cpu_avx2(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2");
}
#endif

#ifdef VGC_HAVE_AVX512
extern const struct vgc_cp_backend vgc_cp_backend_avx512;

static bool cpu_avx512(void)
{
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx512f") &&
	       __builtin_cpu_supports("avx512vl");
}
#endif

#ifdef VGC_HAVE_NEON
extern const struct vgc_cp_backend vgc_cp_backend_neon;
#endif

static const struct backend_slot slots[] = {
	{ &vgc_cp_backend_generic, NULL },
#ifdef VGC_HAVE_AVX2
	{ &vgc_cp_backend_avx2, cpu_avx2 },
#endif
#ifdef VGC_HAVE_AVX512
	{ &vgc_cp_backend_avx512, cpu_avx512 },
#endif
#ifdef VGC_HAVE_NEON
	{ &vgc_cp_backend_neon, NULL },	/* NEON is baseline on arm64 */
#endif
};

unsigned int vgc_backends(const struct vgc_cp_backend **list, unsigned int max)
{
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(slots) && n < max; i++)
		if (!slots[i].usable || slots[i].usable())
			list[n++] = slots[i].be;
	return n;
}
