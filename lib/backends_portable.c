// SPDX-License-Identifier: GPL-2.0-only
/*
 * The lists of back ends where the module has no code for the
 * architecture (arch/<arch>/backends.c has them where it does): the
 * portable ones alone.
 */
#include <kunit/visibility.h>
#include <linux/export.h>

#include "chacha20poly1305.h"
#include "mlkem_backend.h"

/* fastest first; exported for the KUnit suites, which run on each one */
const struct vgc_cp_backend *const vgc_cp_backends[] = {
	&vgc_cp_backend_generic,
	NULL
};

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_cp_backends);
#endif

const struct vgc_mlkem_backend *const vgc_mlkem_backends[] = {
	&vgc_mlkem_backend_generic,
	NULL
};

#ifdef VGC_TEST_BUILD
EXPORT_SYMBOL_GPL(vgc_mlkem_backends);
#endif
