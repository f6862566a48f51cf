/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * X-Wing (draft-connolly-cfrg-xwing-kem-10): ML-KEM-768 and X25519 as one
 * KEM, exported (EXPORT_SYMBOL_GPL) by vgcrypto_xwing.ko, the module that
 * also registers the kpp "xwing" (docs/mlkem.md). It is built where the
 * kernel has its X25519 library (CONFIG_CRYPTO_LIB_CURVE25519).
 *
 * The private key sk is a 32-byte seed; pk is 1,216 bytes (pk_M || pk_X),
 * a ciphertext 1,120 (ct_M || ct_X), the shared secret 32. All of them
 * allocate their working memory (GFP_KERNEL) and may sleep: they wait for
 * the random pool to be seeded where they draw from it. Outputs must not
 * overlap inputs.
 *
 * Return values: 0; -EINVAL with nothing written for a pk whose ML-KEM
 * part fails FIPS 203's modulus check, or a pk_X or ct_X of small order
 * (X25519 of it is zero for every key: refused, as Go's and noble's
 * X-Wing do; the value is public); -ENOMEM; -ERESTARTSYS if the wait for
 * the pool is interrupted. A ciphertext whose ML-KEM part does not
 * re-encrypt is not an error: it decapsulates to a secret derived from
 * ML-KEM's implicit rejection, which no one else has.
 *
 *	u8 sk[VGC_XWING_SK_SIZE], pk[VGC_XWING_PK_SIZE];
 *	u8 ct[VGC_XWING_CT_SIZE], k1[32], k2[32];
 *
 *	err = vgc_xwing_keypair(pk, sk);		receiver
 *	err = err ?: vgc_xwing_encapsulate(ct, k1, pk);	sender
 *	err = err ?: vgc_xwing_decapsulate(k2, ct, sk);	receiver: k1 == k2
 */
#ifndef VGCRYPTO_XWING_H
#define VGCRYPTO_XWING_H

#include <linux/types.h>

#define VGC_XWING_SK_SIZE	32
#define VGC_XWING_PK_SIZE	1216
#define VGC_XWING_CT_SIZE	1120
#define VGC_XWING_SS_SIZE	32

/* a fresh key pair: sk from get_random_bytes(), pk from it */
int vgc_xwing_keypair(u8 pk[VGC_XWING_PK_SIZE], u8 sk[VGC_XWING_SK_SIZE]);
/* pk of a given sk */
int vgc_xwing_public_key(u8 pk[VGC_XWING_PK_SIZE],
			 const u8 sk[VGC_XWING_SK_SIZE]);
int vgc_xwing_encapsulate(u8 ct[VGC_XWING_CT_SIZE], u8 ss[VGC_XWING_SS_SIZE],
			  const u8 pk[VGC_XWING_PK_SIZE]);
int vgc_xwing_decapsulate(u8 ss[VGC_XWING_SS_SIZE],
			  const u8 ct[VGC_XWING_CT_SIZE],
			  const u8 sk[VGC_XWING_SK_SIZE]);

#endif /* VGCRYPTO_XWING_H */
