// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgcrypto: module load and unload. Every self-check runs before the first
 * algorithm is registered, so a module that fails one leaves nothing
 * registered behind (an algorithm unregistered right after registration
 * may still be held by its self-test, on kernels that test
 * asynchronously). Then each algorithm family registers one driver set
 * per back end this CPU can run and backends= selects (none, where it
 * names none: the module still loads, for the library calls). The AEAD's library
 * calls (crypto/aead_lib.c) get their per-CPU state before that.
 */
#include <kunit/visibility.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "backend_select.h"
#include "vgc_glue.h"

#if VGC_TEST_HOOKS
/*
 * Test builds only: 0 has the KUnit cases that take minutes under
 * emulation (the 10,000-iteration CCTV accumulated test) skip, where
 * the native runs keep them (the x86 debug kernel under QEMU sets it;
 * its part is preemption and atomic context, not the arithmetic)
 */
static bool test_long = true;
module_param(test_long, bool, 0444);
MODULE_PARM_DESC(test_long, "test builds: 0 skips the long KUnit cases");

bool vgc_test_long(void)
{
	return test_long;
}
EXPORT_SYMBOL_IF_KUNIT(vgc_test_long);
#endif

static int __init vgc_init(void)
{
	unsigned int n;
	int err;

	n = vgc_aead_prepare();
	n += vgc_mlkem_prepare();
	/*
	 * Loaded all the same: the libchacha20poly1305 replacement, and
	 * WireGuard on it, need this module, and the library calls run on
	 * the portable code (which the known-answer checks then check)
	 */
	if (!n)
		pr_warn("backends=%s names no back end this CPU can run: no driver registered; the library calls run on the portable code\n",
			vgc_backends_param());
	err = vgc_aead_selftest() ?: vgc_mlkem_selftest();
	if (err)
		return err;
	err = vgc_aead_lib_init();
	if (err)
		return err;

	err = vgc_aead_register();
	if (err)
		goto lib;
	err = vgc_mlkem_register();
	if (!err)
		return 0;
	vgc_aead_unregister();
lib:
	vgc_aead_lib_exit();
	return err;
}

static void __exit vgc_exit(void)
{
	vgc_mlkem_unregister();
	vgc_aead_unregister();
	vgc_aead_lib_exit();
}

module_init(vgc_init);
module_exit(vgc_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("One-pass ChaCha20-Poly1305 AEAD (RFC 8439) and ML-KEM (FIPS 203) for the crypto API");
