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
 * Exports for vgcrypto's other module (vgcrypto_xwing.ko) alone, in a
 * namespace of their own: the code it shares with vgcrypto.ko, not an
 * API. 6.13 made a namespace a string literal.
 */
#ifdef VGC_EXPORT_INTERNAL
/* user space: kcompat.h's */
#elif KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
#define VGC_EXPORT_INTERNAL(sym) EXPORT_SYMBOL_NS_GPL(sym, "VGCRYPTO_INTERNAL")
#define VGC_IMPORT_INTERNAL() MODULE_IMPORT_NS("VGCRYPTO_INTERNAL")
#else
#define VGC_EXPORT_INTERNAL(sym) EXPORT_SYMBOL_NS_GPL(sym, VGCRYPTO_INTERNAL)
#define VGC_IMPORT_INTERNAL() MODULE_IMPORT_NS(VGCRYPTO_INTERNAL)
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

/*
 * Entry points for the test modules alone (the KUnit suites' hooks and
 * derandomized encapsulation, exported with EXPORT_SYMBOL_IF_KUNIT under
 * VGC_TEST_HOOKS; the back-end tables that the KUnit suites, the guests'
 * checks and the in-kernel benchmarks call directly, exported under
 * VGC_TEST_BUILD) exist only in a build made for testing, which Kbuild
 * marks VGC_TEST_BUILD (out of tree VGC_TEST_MODULES=1, in a tree the
 * KUnit option). The module that plain make, DKMS and the package build
 * has none of them, whatever the kernel's CONFIG_KUNIT.
 */
#ifdef VGC_TEST_BUILD
#define VGC_TEST_HOOKS IS_ENABLED(CONFIG_KUNIT)
#else
#define VGC_TEST_HOOKS 0
#endif

#endif /* VGC_BASE_H */
