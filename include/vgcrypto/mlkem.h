/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203, August 2024): the
 * functions vgcrypto.ko exports (EXPORT_SYMBOL_GPL) to other modules.
 * The same operations are reachable through the crypto API as kpp and
 * akcipher "mlkem512", "mlkem768" and "mlkem1024" (docs/mlkem.md).
 *
 * Two forms:
 *
 * - vgc_mlkemN_keypair(), _encaps(), _decaps(): one parameter set each,
 *   buffers of exactly that set's sizes (VGC_MLKEMN_EK_SIZE, _DK_SIZE,
 *   _CT_SIZE; VGC_MLKEM_SS_SIZE for the secret). They kmalloc() their
 *   working memory (GFP_KERNEL) and free it with kfree_sensitive(), so
 *   they may sleep.
 *
 * - vgc_mlkem_*(set, ...): any set, explicit lengths, and a caller's work
 *   area (struct vgc_mlkem_work, VGC_MLKEM_WORK_SIZE bytes: in a request
 *   context or kmalloc()ed, never shared by concurrent calls). They never
 *   sleep and never allocate, so they may be called in any context.
 *
 * Both wipe their working memory before returning, use under 1 KiB of
 * stack per frame, and require outputs that do not overlap inputs.
 *
 * Randomness (a key pair without a seed, every encapsulation) comes from
 * get_random_bytes(), and only once the pool is seeded: early in boot the
 * per-set functions wait for it (wait_for_random_bytes()), the others
 * refuse with -EAGAIN until rng_is_initialized().
 *
 * Encapsulation always draws a fresh m: FIPS 203 (section 6) keeps the
 * derandomized ML-KEM.Encaps_internal(ek, m) for testing, since a reused
 * m gives the same ciphertext and key twice. The module has it for its
 * own tests only: it is neither declared here nor exported by the module
 * that DKMS and the package build. Key generation from a seed d || z
 * (ML-KEM.KeyGen_internal) stays public: the seed is a form in which
 * FIPS 203 lets a private key be stored.
 *
 * Return values: 0 on success; -EINVAL for an unknown parameter set, a
 * buffer of the wrong length, an encapsulation key that fails the modulus
 * check (FIPS 203 section 7.2) or a decapsulation key that fails the hash
 * check (section 7.3), with nothing written to the outputs; -ENOMEM when
 * the per-set functions cannot allocate their working memory; -EAGAIN
 * (the functions with a work area) before the random pool is seeded, and
 * -ERESTARTSYS if a per-set function's wait for it is interrupted.
 * Decapsulation of a ciphertext that fails re-encryption is not an error:
 * it returns 0 and the implicit-rejection secret J(z || c), as the
 * standard requires (chosen in constant time), so no function here
 * returns -EBADMSG.
 *
 * ML-KEM through the crypto API is a KEM, not Diffie-Hellman (the contract
 * of the kpp and akcipher drivers; docs/mlkem.md shows it in use):
 *
 * - The receiver holds the key pair: kpp set_secret (seed, dk, or none
 *   for a fresh pair) and generate_public_key give ek, which it sends.
 * - The sender encapsulates to that ek: akcipher set_pub_key(ek), then
 *   encrypt with an empty src gives ct || K; it keeps K and sends ct
 *   (vgc_mlkemN_encaps() does the same without the crypto API).
 * - The receiver's kpp compute_shared_secret takes that *ciphertext*,
 *   never the peer's public key, and gives K.
 *
 * Both sides do not exchange public keys and combine them as with DH. A
 * caller that hands the peer's ek to compute_shared_secret as a DH user
 * would is refused by length for ML-KEM-512 and -768 (-EINVAL), but not
 * for ML-KEM-1024, whose ek and ciphertext are both 1568 bytes: there the
 * call succeeds with an implicit-rejection secret that no one else has
 * (FIPS 203 requires a ciphertext that does not re-encrypt to decapsulate
 * to such a secret, silently). Nothing in the call can tell the two
 * apart; the protocol must carry ciphertexts where DH carries keys.
 *
 * Example (ML-KEM-768, both ends in one place):
 *
 *	u8 ek[VGC_MLKEM768_EK_SIZE], dk[VGC_MLKEM768_DK_SIZE];
 *	u8 ct[VGC_MLKEM768_CT_SIZE], k1[32], k2[32];
 *
 *	err = vgc_mlkem768_keypair(ek, dk, NULL);
 *	err = err ?: vgc_mlkem768_encaps(ct, k1, ek);
 *	err = err ?: vgc_mlkem768_decaps(k2, ct, dk);	k1 == k2
 *
 * (dk is secret: keep it off the stack in real code and wipe it with
 * memzero_explicit() when done.)
 */
#ifndef VGCRYPTO_MLKEM_H
#define VGCRYPTO_MLKEM_H

#include <linux/types.h>

enum vgc_mlkem_set {
	VGC_MLKEM512,
	VGC_MLKEM768,
	VGC_MLKEM1024,
};

#define VGC_MLKEM_SEED_SIZE	64	/* d || z for key generation */
#define VGC_MLKEM_MSG_SIZE	32	/* m (Encaps_internal, tests only) */
#define VGC_MLKEM_SS_SIZE	32	/* the shared secret K */

#define VGC_MLKEM512_EK_SIZE	800
#define VGC_MLKEM512_DK_SIZE	1632
#define VGC_MLKEM512_CT_SIZE	768
#define VGC_MLKEM768_EK_SIZE	1184
#define VGC_MLKEM768_DK_SIZE	2400
#define VGC_MLKEM768_CT_SIZE	1088
#define VGC_MLKEM1024_EK_SIZE	1568
#define VGC_MLKEM1024_DK_SIZE	3168
#define VGC_MLKEM1024_CT_SIZE	1568

#define VGC_MLKEM_MAX_EK_SIZE	VGC_MLKEM1024_EK_SIZE
#define VGC_MLKEM_MAX_DK_SIZE	VGC_MLKEM1024_DK_SIZE
#define VGC_MLKEM_MAX_CT_SIZE	VGC_MLKEM1024_CT_SIZE

/* 576 of it: a NEON save area on arm64 from Linux 6.19 (lib/simd_save.h) */
#define VGC_MLKEM_WORK_SIZE	19008

struct vgc_mlkem_work {
	u64 space[VGC_MLKEM_WORK_SIZE / sizeof(u64)];
};

/* ---- one parameter set each; they allocate ---- */

/* KeyGen; @seed = d || z (64 bytes), or NULL for get_random_bytes() */
int vgc_mlkem512_keypair(u8 *ek, u8 *dk, const u8 *seed);
int vgc_mlkem768_keypair(u8 *ek, u8 *dk, const u8 *seed);
int vgc_mlkem1024_keypair(u8 *ek, u8 *dk, const u8 *seed);
/* Encaps, with a fresh m */
int vgc_mlkem512_encaps(u8 *ct, u8 *ss, const u8 *ek);
int vgc_mlkem768_encaps(u8 *ct, u8 *ss, const u8 *ek);
int vgc_mlkem1024_encaps(u8 *ct, u8 *ss, const u8 *ek);
/* Decaps */
int vgc_mlkem512_decaps(u8 *ss, const u8 *ct, const u8 *dk);
int vgc_mlkem768_decaps(u8 *ss, const u8 *ct, const u8 *dk);
int vgc_mlkem1024_decaps(u8 *ss, const u8 *ct, const u8 *dk);

/* ---- any set, with the caller's work area; they never sleep ---- */

/* Key sizes in bytes for @set, or 0 for an unknown set. */
size_t vgc_mlkem_ek_size(enum vgc_mlkem_set set);
size_t vgc_mlkem_dk_size(enum vgc_mlkem_set set);
size_t vgc_mlkem_ct_size(enum vgc_mlkem_set set);

/*
 * ML-KEM.KeyGen_internal(d, z) with @seed = d || z (@seed_len must be 64):
 * writes the encapsulation key @ek and the decapsulation key @dk.
 */
int vgc_mlkem_keypair_derand(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
			     u8 *dk, size_t dk_len, const u8 *seed,
			     size_t seed_len, struct vgc_mlkem_work *work);
/* ML-KEM.KeyGen: as above with a seed from get_random_bytes(). */
int vgc_mlkem_keypair(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
		      u8 *dk, size_t dk_len, struct vgc_mlkem_work *work);

/*
 * ML-KEM.Encaps(ek): checks @ek (length, modulus), then writes the
 * ciphertext @ct and the shared secret @ss, from a fresh m from
 * get_random_bytes().
 */
int vgc_mlkem_encaps(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
		     u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek, size_t ek_len,
		     struct vgc_mlkem_work *work);

/*
 * ML-KEM.Decaps(dk, c): checks the lengths and the hash of the ek inside
 * @dk, then writes the shared secret @ss: K' when @ct re-encrypts, else
 * the implicit-rejection secret.
 */
int vgc_mlkem_decaps(enum vgc_mlkem_set set, u8 ss[VGC_MLKEM_SS_SIZE],
		     const u8 *ct, size_t ct_len, const u8 *dk, size_t dk_len,
		     struct vgc_mlkem_work *work);

/* The input checks alone (sections 7.2 and 7.3, lengths included). */
int vgc_mlkem_check_ek(enum vgc_mlkem_set set, const u8 *ek, size_t ek_len,
		       struct vgc_mlkem_work *work);
int vgc_mlkem_check_dk(enum vgc_mlkem_set set, const u8 *dk, size_t dk_len,
		       struct vgc_mlkem_work *work);

#endif /* VGCRYPTO_MLKEM_H */
