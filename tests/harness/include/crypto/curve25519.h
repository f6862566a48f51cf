/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's X25519 library call, in user space on OpenSSL: as the
 * kernel's, it writes X25519(secret, basepoint) and returns false when
 * that is all zero (a point of small order), writing zeros then.
 */
#ifndef VGC_HARNESS_CURVE25519_H
#define VGC_HARNESS_CURVE25519_H

#include <string.h>
#include <openssl/evp.h>

#include "kcompat.h"

#define CURVE25519_KEY_SIZE 32

static inline bool curve25519(u8 out[CURVE25519_KEY_SIZE],
			      const u8 secret[CURVE25519_KEY_SIZE],
			      const u8 basepoint[CURVE25519_KEY_SIZE])
{
	EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL,
						   secret, 32);
	EVP_PKEY *p = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL,
						  basepoint, 32);
	EVP_PKEY_CTX *c = k ? EVP_PKEY_CTX_new(k, NULL) : NULL;
	size_t n = CURVE25519_KEY_SIZE;
	bool ok;

	/* OpenSSL refuses an all-zero result, as the kernel's check does */
	ok = c && p && EVP_PKEY_derive_init(c) > 0 &&
	     EVP_PKEY_derive_set_peer(c, p) > 0 &&
	     EVP_PKEY_derive(c, out, &n) > 0 && n == CURVE25519_KEY_SIZE;
	EVP_PKEY_CTX_free(c);
	EVP_PKEY_free(p);
	EVP_PKEY_free(k);
	if (!ok)
		memset(out, 0, CURVE25519_KEY_SIZE);
	return ok;
}

#endif /* VGC_HARNESS_CURVE25519_H */
