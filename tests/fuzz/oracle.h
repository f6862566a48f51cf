/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Independent answers for the ML-KEM targets, from FIPS 203 and OpenSSL's
 * SHA-3 (not from lib/): the encapsulation-key modulus check (section
 * 7.2), the decapsulation-key hash check (7.3) and the implicit-rejection
 * secret J(z || c) = SHAKE256(z || c, 32).
 */
#ifndef VGC_FUZZ_ORACLE_H
#define VGC_FUZZ_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <linux/types.h>
#include <openssl/evp.h>

#define ORACLE_Q	3329

/* every 12-bit value of the 384 * k bytes before rho is below q */
static inline bool oracle_ek_ok(const u8 *ek, size_t ek_len)
{
	size_t i, polybytes = ek_len - 32;

	for (i = 0; i + 3 <= polybytes; i += 3) {
		unsigned int a = ek[i] | (ek[i + 1] & 0x0f) << 8;
		unsigned int b = ek[i + 1] >> 4 | ek[i + 2] << 4;

		if (a >= ORACLE_Q || b >= ORACLE_Q)
			return false;
	}
	return true;
}

static inline void oracle_md(const EVP_MD *md, u8 *out, size_t outlen,
			     const u8 *a, size_t alen, const u8 *b,
			     size_t blen)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	unsigned int l;
	int ok;

	ok = c && EVP_DigestInit_ex(c, md, NULL) == 1 &&
	     EVP_DigestUpdate(c, a, alen) == 1 &&
	     (!blen || EVP_DigestUpdate(c, b, blen) == 1);
	if (ok && md == EVP_shake256())
		ok = EVP_DigestFinalXOF(c, out, outlen) == 1;
	else if (ok)
		ok = EVP_DigestFinal_ex(c, out, &l) == 1 && l == outlen;
	EVP_MD_CTX_free(c);
	if (!ok)
		abort();
}

/*
 * dk = dk_pke (384 k) || ek || H(ek) || z: where ek starts, from the
 * sizes alone
 */
static inline size_t oracle_dk_ek_off(size_t dk_len, size_t ek_len)
{
	return dk_len - ek_len - 64;
}

/* H(ek) == the hash stored in dk */
static inline bool oracle_dk_ok(const u8 *dk, size_t dk_len,
				size_t ek_len)
{
	size_t off = oracle_dk_ek_off(dk_len, ek_len);
	u8 h[32];

	oracle_md(EVP_sha3_256(), h, 32, dk + off, ek_len, NULL, 0);
	return !memcmp(h, dk + off + ek_len, 32);
}

/* make dk's stored hash right */
static inline void oracle_dk_fix(u8 *dk, size_t dk_len, size_t ek_len)
{
	size_t off = oracle_dk_ek_off(dk_len, ek_len);

	oracle_md(EVP_sha3_256(), dk + off + ek_len, 32, dk + off, ek_len,
		  NULL, 0);
}

/* J(z || c) */
static inline void oracle_reject(u8 ss[32], const u8 *dk,
				 size_t dk_len, const u8 *ct,
				 size_t ct_len)
{
	oracle_md(EVP_shake256(), ss, 32, dk + dk_len - 32, 32, ct, ct_len);
}

#endif /* VGC_FUZZ_ORACLE_H */
