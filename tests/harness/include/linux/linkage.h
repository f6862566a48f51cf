/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * <linux/linkage.h> for the user-space builds of arch/x86's assembly. The
 * harness's other kernel headers are links to kcompat.h; this one is for
 * the assembler only, and its macros are in assembler syntax.
 */
#ifndef VGC_HARNESS_LINKAGE_H
#define VGC_HARNESS_LINKAGE_H

#ifdef __ASSEMBLY__
#include "../../linkage.S"
#endif

#endif /* VGC_HARNESS_LINKAGE_H */
