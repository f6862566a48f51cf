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

/*
 * The module (vgcrypto.ko) exports, EXPORT_SYMBOL_GPL:
 *
 * - every function of lib/mlkem.h above: the caller supplies the work
 *   area (struct vgc_mlkem_work, VGC_MLKEM_WORK_SIZE bytes; in a request
 *   context, a kmalloc()ed buffer, never shared by concurrent calls).
 *   They never sleep and never allocate: usable in any context.
 *
 * - the per-set convenience functions below, which kmalloc(GFP_KERNEL)
 *   the work area and free it with kfree_sensitive(): they may sleep.
 *   Buffers have exactly the set's sizes (VGC_MLKEMn_EK_SIZE,
 *   _DK_SIZE, _CT_SIZE; VGC_MLKEM_SS_SIZE for the secret):
 *
 *   vgc_mlkemN_keypair(ek, dk, seed)  KeyGen; @seed = d || z (64 bytes),
 *                                     or NULL for get_random_bytes()
 *   vgc_mlkemN_encaps(ct, ss, ek, m)  Encaps; @m (32 bytes), or NULL for
 *                                     get_random_bytes()
 *   vgc_mlkemN_decaps(ss, ct, dk)     Decaps
 *
 *   Return: 0; -EINVAL when @ek fails the modulus check (FIPS 203 7.2) or
 *   @dk the hash check (7.3), with nothing written; -ENOMEM when the work
 *   area cannot be allocated. A ciphertext that does not re-encrypt is
 *   not an error: decaps returns 0 and the implicit-rejection secret, so
 *   no function here returns -EBADMSG.
 *
 * Example (ML-KEM-768, both ends in one place):
 *
 *	u8 ek[VGC_MLKEM768_EK_SIZE], dk[VGC_MLKEM768_DK_SIZE];
 *	u8 ct[VGC_MLKEM768_CT_SIZE], k1[32], k2[32];
 *
 *	err = vgc_mlkem768_keypair(ek, dk, NULL);
 *	err = err ?: vgc_mlkem768_encaps(ct, k1, ek, NULL);
 *	err = err ?: vgc_mlkem768_decaps(k2, ct, dk);	k1 == k2
 *
 * (dk is secret: keep it off the stack in real code and wipe it with
 * memzero_explicit() when done.) The same operations are reachable
 * through the crypto API as kpp and akcipher "mlkem512", "mlkem768" and
 * "mlkem1024"; see the README.
 */
int vgc_mlkem512_keypair(u8 *ek, u8 *dk, const u8 *seed);
int vgc_mlkem768_keypair(u8 *ek, u8 *dk, const u8 *seed);
int vgc_mlkem1024_keypair(u8 *ek, u8 *dk, const u8 *seed);
int vgc_mlkem512_encaps(u8 *ct, u8 *ss, const u8 *ek, const u8 *m);
int vgc_mlkem768_encaps(u8 *ct, u8 *ss, const u8 *ek, const u8 *m);
int vgc_mlkem1024_encaps(u8 *ct, u8 *ss, const u8 *ek, const u8 *m);
int vgc_mlkem512_decaps(u8 *ss, const u8 *ct, const u8 *dk);
int vgc_mlkem768_decaps(u8 *ss, const u8 *ct, const u8 *dk);
int vgc_mlkem1024_decaps(u8 *ss, const u8 *ct, const u8 *dk);

#endif /* VGCRYPTO_MLKEM_H */
