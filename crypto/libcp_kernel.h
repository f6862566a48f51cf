/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's own ChaCha20-Poly1305 composed from its exported ChaCha20
 * and Poly1305 library functions (crypto/libcp_kernel.c): what the
 * libchacha20poly1305 replacement runs where vgcrypto's calls are slower.
 * The same contracts as <vgcrypto/chacha20poly1305.h>, with the RFC's
 * 96-bit nonce.
 */
#ifndef VGC_LIBCP_KERNEL_H
#define VGC_LIBCP_KERNEL_H

#include <linux/types.h>

struct scatterlist;

#define VGC_KCP_NONCE_SIZE	12

/* which functions of the kernel's these run on, for the log */
extern const char vgc_kcp_name[];

void vgc_kcp_encrypt(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		     size_t ad_len, const u8 nonce[VGC_KCP_NONCE_SIZE],
		     const u8 key[32]);
/* @src_len includes the tag; nothing written unless it verifies */
bool vgc_kcp_decrypt(u8 *dst, const u8 *src, size_t src_len, const u8 *ad,
		     size_t ad_len, const u8 nonce[VGC_KCP_NONCE_SIZE],
		     const u8 key[32]);
bool vgc_kcp_encrypt_sg_inplace(struct scatterlist *sg, size_t len,
				const u8 *ad, size_t ad_len,
				const u8 nonce[VGC_KCP_NONCE_SIZE],
				const u8 key[32]);
bool vgc_kcp_decrypt_sg_inplace(struct scatterlist *sg, size_t src_len,
				const u8 *ad, size_t ad_len,
				const u8 nonce[VGC_KCP_NONCE_SIZE],
				const u8 key[32]);
/* HChaCha20: the XChaCha20 subkey of @key and the nonce's first 16 bytes */
void vgc_kcp_hchacha20(u8 subkey[32], const u8 key[32], const u8 nonce[16]);

#endif /* VGC_LIBCP_KERNEL_H */
