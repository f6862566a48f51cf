/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared between the module's registration code and its arch back ends. */
#ifndef VGC_GLUE_H
#define VGC_GLUE_H

#include "../lib/chacha20poly1305.h"

/* The most back ends one architecture offers, the portable one included. */
#define VGC_MAX_BACKENDS	6

/*
 * Each architecture's glue header (arch/<arch>/vgc_arch.h) provides
 *   int vgc_arch_backends(const struct vgc_cp_backend **list, int max);
 * which fills @list with the SIMD back ends this CPU can run, fastest
 * first, and logs one line for each it leaves out and why.
 */

/*
 * crypto/mlkem_glue.c: ML-KEM's kpp and akcipher drivers. Registration
 * runs a known-answer check first and fails (the module does not load)
 * if it does not pass.
 */
int vgc_mlkem_register(void);
void vgc_mlkem_unregister(void);

#endif /* VGC_GLUE_H */
