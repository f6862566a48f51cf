/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel facilities the portable algorithm code needs, in one place.
 * The user-space harness compiles lib/ and arch/ unchanged: its include
 * directory (tests/harness/include) gives these headers' names to
 * tests/harness/kcompat.h.
 */
#ifndef VGC_BASE_H
#define VGC_BASE_H

#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/version.h>
#include <linux/compiler.h>
#include <linux/bitops.h>
#include <crypto/algapi.h>	/* crypto_memneq() */
/* asm/unaligned.h became linux/unaligned.h in 6.12 (and the old one went) */
#if KERNEL_VERSION(6, 12, 0) <= LINUX_VERSION_CODE
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * The constant-time checks (valgrind, in tests/) mark secrets undefined;
 * what the algorithm makes public (a tag's verdict, rho, the
 * encapsulation key, the outcome of a key check) is declared defined
 * again through this. Nothing in the module.
 */
#ifndef VGC_CT_DECLASSIFY
#define VGC_CT_DECLASSIFY(p, n) do { } while (0)
#endif

#endif /* VGC_BASE_H */
