/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ChaCha20-Poly1305 (RFC 8439) and XChaCha20-Poly1305 as library calls:
 * the functions vgcrypto.ko exports (EXPORT_SYMBOL_GPL) with the contract
 * of the kernel's own lib/crypto/chacha20poly1305.c, which the opt-in
 * libchacha20poly1305 replacement (crypto/libchacha20poly1305.c,
 * docs/wireguard.md) exports under the kernel's names.
 *
 * - The 64-bit @nonce is the RFC's 96-bit nonce with four zero bytes
 *   first, then @nonce little-endian (as WireGuard's counter).
 * - XChaCha20 (draft-irtf-cfrg-xchacha-03): HChaCha20 of the key and the
 *   nonce's first 16 bytes is the key, its last 8 bytes the 64-bit nonce.
 * - An encryption writes @src_len bytes and the 16-byte tag after them;
 *   a decryption takes @src_len with the tag and writes @src_len - 16
 *   bytes. Flat buffers may be the same (in place) or apart, not partly
 *   overlapping; the _sg_inplace forms take a scatterlist of at least
 *   @src_len bytes (and 16 more for the tag an encryption appends).
 * - A decryption authenticates first and decrypts only if the tag
 *   verifies: a refused one (false) writes nothing. Its input is read
 *   twice, so it must not change during the call (in place, as in the
 *   kernel's own, it is the caller's to keep).
 * - Callable in any context, with SIMD usable or not (then the portable
 *   code); nothing is allocated and the call does not sleep. The state
 *   (about 1 KiB, more than a kernel stack frame may hold) is one of four
 *   per-CPU slots, by context (task, softirq, hard irq, NMI), with
 *   preemption disabled for the call.
 * - Keys, keystream and Poly1305 state are wiped before returning.
 */
#ifndef VGCRYPTO_CHACHA20POLY1305_H
#define VGCRYPTO_CHACHA20POLY1305_H

#include <linux/types.h>

struct scatterlist;

#define VGC_LIB_KEY_SIZE	32
#define VGC_LIB_TAG_SIZE	16
#define VGC_LIB_XNONCE_SIZE	24

void vgc_chacha20poly1305_encrypt(u8 *dst, const u8 *src, size_t src_len,
				  const u8 *ad, size_t ad_len, u64 nonce,
				  const u8 key[VGC_LIB_KEY_SIZE]);
bool __must_check vgc_chacha20poly1305_decrypt(u8 *dst, const u8 *src,
					       size_t src_len, const u8 *ad,
					       size_t ad_len, u64 nonce,
					       const u8 key[VGC_LIB_KEY_SIZE]);
void vgc_xchacha20poly1305_encrypt(u8 *dst, const u8 *src, size_t src_len,
				   const u8 *ad, size_t ad_len,
				   const u8 nonce[VGC_LIB_XNONCE_SIZE],
				   const u8 key[VGC_LIB_KEY_SIZE]);
bool __must_check vgc_xchacha20poly1305_decrypt(u8 *dst, const u8 *src,
						size_t src_len, const u8 *ad,
						size_t ad_len,
						const u8 nonce[VGC_LIB_XNONCE_SIZE],
						const u8 key[VGC_LIB_KEY_SIZE]);
/* false where the list is shorter than @src_len (+ 16) or over 4 GiB */
bool vgc_chacha20poly1305_encrypt_sg_inplace(struct scatterlist *src,
					     size_t src_len, const u8 *ad,
					     size_t ad_len, u64 nonce,
					     const u8 key[VGC_LIB_KEY_SIZE]);
bool vgc_chacha20poly1305_decrypt_sg_inplace(struct scatterlist *src,
					     size_t src_len, const u8 *ad,
					     size_t ad_len, u64 nonce,
					     const u8 key[VGC_LIB_KEY_SIZE]);

/* which back end the calls run on where SIMD is usable ("avx512", ...) */
const char *vgc_chacha20poly1305_backend(void);

#endif /* VGCRYPTO_CHACHA20POLY1305_H */
