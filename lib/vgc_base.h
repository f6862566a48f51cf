/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The few kernel facilities the portable algorithm code needs. In the
 * kernel they come from the kernel's headers; the user-space harness
 * provides the same names from tests/harness/kcompat.h, so lib/ and arch/
 * are compiled unchanged in both places.
 */
#ifndef VGC_BASE_H
#define VGC_BASE_H

#ifdef __KERNEL__
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
#else
#include "kcompat.h"
#endif

#endif /* VGC_BASE_H */
