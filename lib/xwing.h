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
#include <vgcrypto/xwing.h>

#include "vgc_base.h"

#define VGC_XWING_ESEED_SIZE	64	/* m || ek_X (EncapsulateDerand) */
#define VGC_XWING_X_SIZE	32	/* an X25519 key or point */

struct vgc_xwing_key {
	u8 dk_m[VGC_MLKEM768_DK_SIZE];
	u8 sk_x[VGC_XWING_X_SIZE];
	u8 pk[VGC_XWING_PK_SIZE];	/* pk_M || pk_X */
};

/*
 * Derandomized encapsulation (the draft's EncapsulateDerand, for tests):
 * in user space, and in a module built for KUnit, where the module's
 * derandomized ML-KEM encapsulation is exported to test modules.
 */
#if !defined(__KERNEL__) || VGC_TEST_HOOKS
#define VGC_XWING_DERAND 1
#else
#define VGC_XWING_DERAND 0
#endif

/*
 * All on the ML-KEM back end that the module's exported ML-KEM functions
 * use (the fastest, or the portable one where SIMD is not usable). They
 * never sleep and never allocate; @work and @key are the caller's.
 */

/* expandDecapsulationKey(sk): writes all of @key, or zeros it (-EINVAL) */
int vgc_xwing_expand(struct vgc_xwing_key *key,
		     const u8 sk[VGC_XWING_SK_SIZE],
		     struct vgc_mlkem_work *work);

/*
 * Encapsulate(pk), with ek_X and ML-KEM's m from get_random_bytes()
 * (-EAGAIN before the pool is seeded). -EINVAL, nothing written, when
 * pk_M fails FIPS 203's modulus check or pk_X is a point of small order
 * (X25519 gives zero: Go's and noble's X-Wing refuse it too; pk is
 * public, so the refusal tells nothing secret).
 */
int vgc_xwing_encaps(u8 ct[VGC_XWING_CT_SIZE], u8 ss[VGC_XWING_SS_SIZE],
		     const u8 pk[VGC_XWING_PK_SIZE],
		     struct vgc_mlkem_work *work);

#if VGC_XWING_DERAND
/* EncapsulateDerand(pk, eseed), eseed = m || ek_X; refusals as above */
int vgc_xwing_encaps_derand(u8 ct[VGC_XWING_CT_SIZE],
			    u8 ss[VGC_XWING_SS_SIZE],
			    const u8 pk[VGC_XWING_PK_SIZE],
			    const u8 eseed[VGC_XWING_ESEED_SIZE],
			    struct vgc_mlkem_work *work);
#endif

/*
 * Decapsulate(ct, sk) with sk expanded in @key. A ct_M that does not
 * re-encrypt gives ML-KEM's implicit-rejection secret, combined as any
 * other; a ct_X of small order is refused (-EINVAL, nothing written),
 * as above: ct_X is public.
 */
int vgc_xwing_decaps(u8 ss[VGC_XWING_SS_SIZE],
		     const u8 ct[VGC_XWING_CT_SIZE],
		     const struct vgc_xwing_key *key,
		     struct vgc_mlkem_work *work);

#endif /* VGC_XWING_H */
