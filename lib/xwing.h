/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * X-Wing (draft-connolly-cfrg-xwing-kem-10): ML-KEM-768 and X25519 as one
 * KEM, their secrets joined by SHA3-256. The private key is a 32-byte
 * seed; struct vgc_xwing_key is what it expands to, kept so that each
 * decapsulation does not run ML-KEM key generation again (draft section
 * 5.5.1; the expanded form never leaves the holder).
 */
#ifndef VGC_XWING_H
#define VGC_XWING_H

#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

#define VGC_XWING_SK_SIZE	32
#define VGC_XWING_ESEED_SIZE	64	/* m || ek_X (EncapsulateDerand) */
#define VGC_XWING_X_SIZE	32	/* an X25519 key or point */
#define VGC_XWING_PK_SIZE	(VGC_MLKEM768_EK_SIZE + VGC_XWING_X_SIZE)
#define VGC_XWING_CT_SIZE	(VGC_MLKEM768_CT_SIZE + VGC_XWING_X_SIZE)
#define VGC_XWING_SS_SIZE	32

struct vgc_xwing_key {
	u8 dk_m[VGC_MLKEM768_DK_SIZE];
	u8 sk_x[VGC_XWING_X_SIZE];
	u8 pk[VGC_XWING_PK_SIZE];	/* pk_M || pk_X */
};

/* expandDecapsulationKey(sk): writes all of @key, or nothing (-EINVAL) */
int vgc_xwing_expand_be(const struct vgc_mlkem_backend *be,
			struct vgc_xwing_key *key,
			const u8 sk[VGC_XWING_SK_SIZE],
			struct vgc_mlkem_work *work);

/*
 * EncapsulateDerand(pk, eseed). -EINVAL, nothing written, when pk_M fails
 * FIPS 203's modulus check or pk_X is a point of small order (X25519
 * gives zero: as Go's and noble's X-Wing refuse it; pk is public, so the
 * refusal tells nothing secret).
 */
int vgc_xwing_encaps_derand_be(const struct vgc_mlkem_backend *be,
			       u8 ct[VGC_XWING_CT_SIZE],
			       u8 ss[VGC_XWING_SS_SIZE],
			       const u8 pk[VGC_XWING_PK_SIZE],
			       const u8 eseed[VGC_XWING_ESEED_SIZE],
			       struct vgc_mlkem_work *work);

/*
 * Decapsulate(ct, sk) with sk expanded in @key. A ct_M that does not
 * re-encrypt gives ML-KEM's implicit-rejection secret, combined as any
 * other; a ct_X of small order is refused (-EINVAL, nothing written),
 * as above: ct_X is public.
 */
int vgc_xwing_decaps_be(const struct vgc_mlkem_backend *be,
			u8 ss[VGC_XWING_SS_SIZE],
			const u8 ct[VGC_XWING_CT_SIZE],
			const struct vgc_xwing_key *key,
			struct vgc_mlkem_work *work);

#endif /* VGC_XWING_H */
