/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vgc_polybench's second builds of the vector block functions, with lower
 * thresholds (see the poly-bench part of the Makefile).
 */
#ifndef VGC_POLYBENCH_VARIANTS_H
#define VGC_POLYBENCH_VARIANTS_H

#include "../../arch/x86/poly1305_x86.h"

void vgc_polybench_avx2_always(struct vgc_poly1305 *p, const u8 *src,
			       unsigned int nblocks);
void vgc_polybench_ifma_always(struct vgc_poly1305 *p, const u8 *src,
			       unsigned int nblocks);

#endif /* VGC_POLYBENCH_VARIANTS_H */
