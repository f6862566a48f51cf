/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203, August 2024).
 * In-kernel callers include <vgcrypto/mlkem.h>, which is this API.
 *
 * Memory: every call takes a struct vgc_mlkem_work, the scratch space for
 * the matrix entries, vectors and hash state (VGC_MLKEM_WORK_SIZE bytes,
 * the same for every parameter set). Put it in a request context or
 * kmalloc() it; it must not be shared by concurrent calls. The functions
 * allocate nothing, never sleep, use under 1 KiB of stack per frame and
 * wipe the work area before returning. Outputs must not overlap inputs.
 *
 * Return values: 0 on success; -EINVAL for an unknown parameter set, a
 * buffer of the wrong length, an encapsulation key that fails the modulus
 * check (FIPS 203 section 7.2) or a decapsulation key that fails the hash
 * check (section 7.3). Nothing is written to the outputs on -EINVAL.
 * Decapsulation of a ciphertext that fails re-encryption is not an error:
 * it returns 0 and the implicit-rejection secret, as the standard
 * requires, so no function here returns -EBADMSG. (The user-space test
 * build may also return -EIO when getrandom() fails; the kernel's
 * get_random_bytes() cannot fail.)
 */
#ifndef VGC_MLKEM_H
#define VGC_MLKEM_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include "vgc_base.h"
#endif

enum vgc_mlkem_set {
	VGC_MLKEM512,
	VGC_MLKEM768,
	VGC_MLKEM1024,
};

#define VGC_MLKEM_SEED_SIZE	64	/* d || z for key generation */
#define VGC_MLKEM_MSG_SIZE	32	/* m for encapsulation */
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

#define VGC_MLKEM_WORK_SIZE	6912

struct vgc_mlkem_work {
	u64 space[VGC_MLKEM_WORK_SIZE / sizeof(u64)];
};

/* Key sizes in bytes for @set, or 0 for an unknown set. */
size_t vgc_mlkem_ek_size(enum vgc_mlkem_set set);
size_t vgc_mlkem_dk_size(enum vgc_mlkem_set set);
size_t vgc_mlkem_ct_size(enum vgc_mlkem_set set);

/*
 * ML-KEM.KeyGen_internal(d, z) with @seed = d || z (@seed_len must be 64):
 * writes the encapsulation key @ek and the decapsulation key @dk, whose
 * lengths must be exactly the sizes of @set.
 */
int vgc_mlkem_keypair_derand(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
			     u8 *dk, size_t dk_len, const u8 *seed,
			     size_t seed_len, struct vgc_mlkem_work *work);
/* ML-KEM.KeyGen: as above with a seed from get_random_bytes(). */
int vgc_mlkem_keypair(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
		      u8 *dk, size_t dk_len, struct vgc_mlkem_work *work);

/*
 * ML-KEM.Encaps_internal(ek, m): checks @ek (length, modulus) and writes
 * the ciphertext @ct (exactly the ciphertext size) and the 32-byte shared
 * secret @ss.
 */
int vgc_mlkem_encaps_derand(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
			    u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek,
			    size_t ek_len, const u8 m[VGC_MLKEM_MSG_SIZE],
			    struct vgc_mlkem_work *work);
/* ML-KEM.Encaps: as above with m from get_random_bytes(). */
int vgc_mlkem_encaps(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
		     u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek, size_t ek_len,
		     struct vgc_mlkem_work *work);

/*
 * ML-KEM.Decaps(dk, c): checks the lengths and the hash of the embedded
 * encapsulation key, then writes the 32-byte shared secret @ss: K' when
 * @ct re-encrypts, else the implicit-rejection secret J(z || c). Which one
 * is chosen in constant time.
 */
int vgc_mlkem_decaps(enum vgc_mlkem_set set, u8 ss[VGC_MLKEM_SS_SIZE],
		     const u8 *ct, size_t ct_len, const u8 *dk, size_t dk_len,
		     struct vgc_mlkem_work *work);

/*
 * The input checks alone (FIPS 203 sections 7.2 and 7.3, lengths
 * included): 0 when the key passes, -EINVAL when not.
 */
int vgc_mlkem_check_ek(enum vgc_mlkem_set set, const u8 *ek, size_t ek_len,
		       struct vgc_mlkem_work *work);
int vgc_mlkem_check_dk(enum vgc_mlkem_set set, const u8 *dk, size_t dk_len,
		       struct vgc_mlkem_work *work);

#endif /* VGC_MLKEM_H */
