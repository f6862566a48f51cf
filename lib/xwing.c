// SPDX-License-Identifier: GPL-2.0-only
/*
 * X-Wing (draft-connolly-cfrg-xwing-kem-10) on the module's ML-KEM-768
 * (its exported functions) and the kernel's X25519 library
 * (curve25519(), with the arch code the kernel has for it).
 */
#include <crypto/curve25519.h>
#include <kunit/visibility.h>
#include <linux/build_bug.h>
#include <linux/string.h>

#include "mlkem_backend.h"
#include "sha3.h"
#include "xwing.h"

/* "\./" "/^\", draft section 5.3 */
static const u8 xwing_label[6] = { 0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c };

static const u8 x25519_base[VGC_XWING_X_SIZE] = { 9 };

/* SHA3-256(ss_M || ss_X || ct_X || pk_X || XWingLabel) */
static void xwing_combine(u8 ss[VGC_XWING_SS_SIZE], const u8 *ss_m,
			  const u8 *ss_x, const u8 *ct_x, const u8 *pk_x)
{
	struct vgc_keccak k;

	vgc_sha3_256_init(&k);
	vgc_keccak_absorb(&k, ss_m, VGC_MLKEM_SS_SIZE);
	vgc_keccak_absorb(&k, ss_x, VGC_XWING_X_SIZE);
	vgc_keccak_absorb(&k, ct_x, VGC_XWING_X_SIZE);
	vgc_keccak_absorb(&k, pk_x, VGC_XWING_X_SIZE);
	vgc_keccak_absorb(&k, xwing_label, sizeof(xwing_label));
	vgc_keccak_squeeze(&k, ss, VGC_XWING_SS_SIZE);
	vgc_keccak_wipe(&k);
}

int vgc_xwing_expand(struct vgc_xwing_key *key,
		     const u8 sk[VGC_XWING_SK_SIZE],
		     struct vgc_mlkem_work *work)
{
	/* d || z || sk_X */
	u8 expanded[VGC_MLKEM_SEED_SIZE + VGC_XWING_X_SIZE];
	struct vgc_keccak k;
	int err;

	/* <vgcrypto/xwing.h> spells the sizes out */
	BUILD_BUG_ON(VGC_MLKEM768_EK_SIZE + VGC_XWING_X_SIZE !=
		     VGC_XWING_PK_SIZE);
	BUILD_BUG_ON(VGC_MLKEM768_CT_SIZE + VGC_XWING_X_SIZE !=
		     VGC_XWING_CT_SIZE);
	vgc_shake256_init(&k);
	vgc_keccak_absorb(&k, sk, VGC_XWING_SK_SIZE);
	vgc_keccak_squeeze(&k, expanded, sizeof(expanded));
	vgc_keccak_wipe(&k);
	err = vgc_mlkem_keypair_derand(VGC_MLKEM768, key->pk,
				       VGC_MLKEM768_EK_SIZE, key->dk_m,
				       sizeof(key->dk_m), expanded,
				       VGC_MLKEM_SEED_SIZE, work);
	memcpy(key->sk_x, expanded + VGC_MLKEM_SEED_SIZE, VGC_XWING_X_SIZE);
	memzero_explicit(expanded, sizeof(expanded));
	/* a clamped scalar times the base point is never zero */
	if (err || !curve25519(key->pk + VGC_MLKEM768_EK_SIZE, key->sk_x,
			       x25519_base)) {
		memzero_explicit(key, sizeof(*key));
		return err ?: -EINVAL;
	}
	return 0;
}

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_xwing_expand);
#endif

/* @m: ML-KEM's message, or NULL for a fresh one */
static int xwing_encaps(u8 ct[VGC_XWING_CT_SIZE], u8 ss[VGC_XWING_SS_SIZE],
			const u8 pk[VGC_XWING_PK_SIZE], const u8 *ek_x,
			const u8 *m, struct vgc_mlkem_work *work)
{
	const u8 *pk_x = pk + VGC_MLKEM768_EK_SIZE;
	u8 ss_m[VGC_MLKEM_SS_SIZE], ss_x[VGC_XWING_X_SIZE];
	u8 ct_x[VGC_XWING_X_SIZE];
	int err = -EINVAL;

	/* the X25519 half first: a refused pk_X leaves ct untouched */
	if (!curve25519(ss_x, ek_x, pk_x) ||
	    !curve25519(ct_x, ek_x, x25519_base))
		goto out;
#if VGC_XWING_DERAND
	if (m)
		err = vgc_mlkem_encaps_derand(VGC_MLKEM768, ct,
					      VGC_MLKEM768_CT_SIZE, ss_m, pk,
					      VGC_MLKEM768_EK_SIZE, m, work);
	else
#endif
		err = vgc_mlkem_encaps(VGC_MLKEM768, ct, VGC_MLKEM768_CT_SIZE,
				       ss_m, pk, VGC_MLKEM768_EK_SIZE, work);
	if (err)
		goto out;
	memcpy(ct + VGC_MLKEM768_CT_SIZE, ct_x, VGC_XWING_X_SIZE);
	xwing_combine(ss, ss_m, ss_x, ct_x, pk_x);
out:
	memzero_explicit(ss_m, sizeof(ss_m));
	memzero_explicit(ss_x, sizeof(ss_x));
	return err;
}

int vgc_xwing_encaps(u8 ct[VGC_XWING_CT_SIZE], u8 ss[VGC_XWING_SS_SIZE],
		     const u8 pk[VGC_XWING_PK_SIZE],
		     struct vgc_mlkem_work *work)
{
	u8 ek_x[VGC_XWING_X_SIZE];
	int err;

	err = vgc_mlkem_random(ek_x, sizeof(ek_x), false);
	if (!err)
		err = xwing_encaps(ct, ss, pk, ek_x, NULL, work);
	memzero_explicit(ek_x, sizeof(ek_x));
	return err;
}

#if VGC_XWING_DERAND
int vgc_xwing_encaps_derand(u8 ct[VGC_XWING_CT_SIZE],
			    u8 ss[VGC_XWING_SS_SIZE],
			    const u8 pk[VGC_XWING_PK_SIZE],
			    const u8 eseed[VGC_XWING_ESEED_SIZE],
			    struct vgc_mlkem_work *work)
{
	return xwing_encaps(ct, ss, pk, eseed + VGC_MLKEM_MSG_SIZE, eseed,
			    work);
}

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_xwing_encaps_derand);
#endif
#endif

int vgc_xwing_decaps(u8 ss[VGC_XWING_SS_SIZE],
		     const u8 ct[VGC_XWING_CT_SIZE],
		     const struct vgc_xwing_key *key,
		     struct vgc_mlkem_work *work)
{
	const u8 *ct_x = ct + VGC_MLKEM768_CT_SIZE;
	u8 ss_m[VGC_MLKEM_SS_SIZE], ss_x[VGC_XWING_X_SIZE];
	int err = -EINVAL;

	if (!curve25519(ss_x, key->sk_x, ct_x))
		goto out;
	err = vgc_mlkem_decaps(VGC_MLKEM768, ss_m, ct, VGC_MLKEM768_CT_SIZE,
			       key->dk_m, sizeof(key->dk_m), work);
	if (!err)
		xwing_combine(ss, ss_m, ss_x, ct_x,
			      key->pk + VGC_MLKEM768_EK_SIZE);
out:
	memzero_explicit(ss_m, sizeof(ss_m));
	memzero_explicit(ss_x, sizeof(ss_x));
	return err;
}

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_xwing_decaps);
#endif
