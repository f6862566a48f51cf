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

#ifdef VGC_HAVE_X86
#include "../../arch/x86/backends.h"

static bool cpu_ssse3(void)
{
	const char *why;

	return vgc_x86_ssse3_usable(&why);
}

static bool cpu_avx2(void)
{
	const char *why;

	return vgc_x86_avx2_usable(&why);
}

static bool cpu_avx512(void)
{
	const char *why;

	return vgc_x86_avx512_usable(&why);
}

static bool cpu_avx512_noifma(void)
{
	const char *why;

	return vgc_x86_avx512_noifma_usable(&why);
}
#endif

#ifdef VGC_HAVE_ARM64
#include "../../arch/arm64/backends.h"

static bool cpu_neon(void)
{
	const char *why;

	return vgc_arm64_neon_usable(&why);
}
#endif

static const struct backend_slot slots[] = {
	{ &vgc_cp_backend_generic, NULL },
#ifdef VGC_HAVE_X86
	{ &vgc_cp_backend_ssse3, cpu_ssse3 },
	{ &vgc_cp_backend_avx2, cpu_avx2 },
	{ &vgc_cp_backend_avx512_noifma, cpu_avx512_noifma },
	{ &vgc_cp_backend_avx512, cpu_avx512 },
#endif
#ifdef VGC_HAVE_ARM64
	{ &vgc_cp_backend_neon, cpu_neon },
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
