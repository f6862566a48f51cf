// SPDX-License-Identifier: GPL-2.0-only
/*
 * The back ends the harness runs: every one in the module's own list
 * (vgc_cp_backends, arch/<arch>/backends.c) that this CPU can execute,
 * in the list's order. A new back end is tested once it is in that list.
 */
#include "harness.h"

unsigned int vgc_backends(const struct vgc_cp_backend **list, unsigned int max)
{
	const struct vgc_cp_backend *const *be;
	unsigned int n = 0;
	const char *why;

	for (be = vgc_cp_backends; *be && n < max; be++)
		if (!(*be)->usable || (*be)->usable(&why))
			list[n++] = *be;
	return n;
}
