// SPDX-License-Identifier: GPL-2.0-only
/*
 * OpenSSL's EVP ChaCha20-Poly1305: the independent implementation the
 * harness compares lib/ against. One context each way, reused.
 */
#include <limits.h>
#include <openssl/evp.h>

#include "harness.h"

/* EVP_CIPHER_CTX and EVP_MAC, by their struct names */
static struct evp_cipher_ctx_st *enc_ctx, *dec_ctx;
static struct evp_mac_st *poly_mac;

static EVP_CIPHER_CTX *ctx_get(EVP_CIPHER_CTX **ctx)
{
	if (!*ctx) {
		*ctx = EVP_CIPHER_CTX_new();
		if (!*ctx) {
			fprintf(stderr, "harness: EVP_CIPHER_CTX_new failed\n");
			exit(2);
		}
	}
	return *ctx;
}

void vgc_ossl_cleanup(void)
{
	EVP_CIPHER_CTX_free(enc_ctx);
	EVP_CIPHER_CTX_free(dec_ctx);
	EVP_MAC_free(poly_mac);
	enc_ctx = NULL;
	dec_ctx = NULL;
	poly_mac = NULL;
}

int vgc_ossl_poly1305(u8 tag[16], const u8 *m, size_t len, const u8 key[32])
{
	EVP_MAC_CTX *c;
	size_t outl = 0;
	int ret = -EIO;

	if (!poly_mac)
		poly_mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
	c = poly_mac ? EVP_MAC_CTX_new(poly_mac) : NULL;
	if (!c)
		return -EIO;
	if (EVP_MAC_init(c, key, 32, NULL) == 1 &&
	    (!len || EVP_MAC_update(c, m, len) == 1) &&
	    EVP_MAC_final(c, tag, &outl, 16) == 1 && outl == 16)
		ret = 0;
	EVP_MAC_CTX_free(c);
	return ret;
}

/* Cipher, IV length, then key and IV (the IV length must come first). */
static int setup(EVP_CIPHER_CTX *c, int enc, const u8 *key, const u8 *nonce,
		 size_t noncelen)
{
	if (EVP_CipherInit_ex(c, EVP_chacha20_poly1305(), NULL, NULL, NULL,
			      enc) != 1)
		return -EIO;
	if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, (int)noncelen,
				NULL) != 1)
		return -EIO;
	if (EVP_CipherInit_ex(c, NULL, NULL, key, nonce, enc) != 1)
		return -EIO;
	return 0;
}

int vgc_ossl_seal(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		  size_t adlen, const u8 *key, const u8 *nonce, size_t noncelen)
{
	EVP_CIPHER_CTX *c = ctx_get(&enc_ctx);
	int outl;

	if (len > INT_MAX || adlen > INT_MAX ||
	    setup(c, 1, key, nonce, noncelen))
		return -EIO;
	if (adlen && EVP_EncryptUpdate(c, NULL, &outl, ad, (int)adlen) != 1)
		return -EIO;
	if (len && (EVP_EncryptUpdate(c, dst, &outl, src, (int)len) != 1 ||
		    (size_t)outl != len))
		return -EIO;
	if (EVP_EncryptFinal_ex(c, dst + len, &outl) != 1 || outl != 0)
		return -EIO;
	if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, VGC_CP_TAG_SIZE,
				dst + len) != 1)
		return -EIO;
	return 0;
}

int vgc_ossl_open(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		  size_t adlen, const u8 *key, const u8 *nonce, size_t noncelen)
{
	EVP_CIPHER_CTX *c = ctx_get(&dec_ctx);
	u8 tag[VGC_CP_TAG_SIZE];
	int outl;

	if (len < VGC_CP_TAG_SIZE)
		return -EINVAL;
	len -= VGC_CP_TAG_SIZE;
	memcpy(tag, src + len, sizeof(tag));
	if (len > INT_MAX || adlen > INT_MAX ||
	    setup(c, 0, key, nonce, noncelen))
		return -EIO;
	if (adlen && EVP_DecryptUpdate(c, NULL, &outl, ad, (int)adlen) != 1)
		return -EIO;
	if (len && (EVP_DecryptUpdate(c, dst, &outl, src, (int)len) != 1 ||
		    (size_t)outl != len))
		return -EIO;
	if (EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, VGC_CP_TAG_SIZE,
				tag) != 1)
		return -EIO;
	if (EVP_DecryptFinal_ex(c, dst + len, &outl) != 1)
		return -EBADMSG;
	return 0;
}
