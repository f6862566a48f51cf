/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM (FIPS 203) for in-kernel callers: #include <vgcrypto/mlkem.h>.
 *
 * The declarations live beside the implementation in lib/mlkem.h, whose
 * sources build unchanged in the kernel and in the user-space harness
 * (which compiles lib/ without this directory on its include path). This
 * header is the stable name callers use.
 */
#ifndef VGCRYPTO_MLKEM_H
#define VGCRYPTO_MLKEM_H

#include "../../lib/mlkem.h"

#endif /* VGCRYPTO_MLKEM_H */
