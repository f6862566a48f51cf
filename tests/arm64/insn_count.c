// SPDX-License-Identifier: GPL-2.0-only
/*
 * insn_count: the workload whose instructions scripts/bench/arm64.sh
 * counts under qemu-aarch64. It seals @iters messages of @len bytes (13
 * bytes of AD, as vgc_bench) with one implementation, between two marker
 * calls the counter brackets, and checks each against the first
 * (so nothing is optimised away and the implementations agree).
 *
 *   insn_count neon|generic|openssl LEN ITERS
 *
 * The counter runs it with ITERS = 0 and ITERS = N: the difference over
 * N * LEN is the dynamic instruction count per byte, without the start-up.
 *
 * vgc-ldlibs: -lcrypto
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>

#include "harness.h"	/* vgc_cp_seal(): tests/harness/oneshot.c */

#define AD_LEN	13

/* The counter looks for the first and last calls of these in the trace. */
noinline void vgc_mark_begin(void)
{
	__asm__ volatile("" ::: "memory");
}

noinline void vgc_mark_end(void)
{
	__asm__ volatile("" ::: "memory");
}

static void ossl_seal(EVP_CIPHER_CTX *c, u8 *out, const u8 *pt, size_t len,
		      const u8 *ad, const u8 *nonce)
{
	int n;

	if (!EVP_EncryptInit_ex(c, NULL, NULL, NULL, nonce) ||
	    !EVP_EncryptUpdate(c, NULL, &n, ad, AD_LEN) ||
	    !EVP_EncryptUpdate(c, out, &n, pt, (int)len) ||
	    !EVP_EncryptFinal_ex(c, out + len, &n) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, out + len)) {
		fprintf(stderr, "insn_count: OpenSSL seal failed\n");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	const struct vgc_cp_backend *be = NULL;
	EVP_CIPHER_CTX *c = NULL;
	u8 key[32], nonce[12], ad[AD_LEN], *pt, *out, *ref;
	size_t len, i;
	long iters, k;

	if (argc != 4) {
		fprintf(stderr, "usage: insn_count neon|generic|openssl LEN ITERS\n");
		return 2;
	}
	len = strtoul(argv[2], NULL, 0);
	iters = strtol(argv[3], NULL, 0);
	/* a back end of the module's own list, by name */
	for (i = 0; strcmp(argv[1], "openssl") && vgc_cp_backends[i]; i++)
		if (!strcmp(argv[1], vgc_cp_backends[i]->name))
			be = vgc_cp_backends[i];
	if (!be && strcmp(argv[1], "openssl")) {
		fprintf(stderr, "insn_count: unknown implementation %s\n", argv[1]);
		return 2;
	}
	pt = malloc(len + 1);
	out = malloc(len + 16);
	ref = malloc(len + 16);
	if (!pt || !out || !ref)
		return 1;
	for (i = 0; i < sizeof(key); i++)
		key[i] = (u8)(i * 7 + 1);
	for (i = 0; i < sizeof(nonce); i++)
		nonce[i] = (u8)(i + 0x40);
	for (i = 0; i < AD_LEN; i++)
		ad[i] = (u8)(0xa0 + i);
	for (i = 0; i < len; i++)
		pt[i] = (u8)(i * 13 + 5);
	vgc_cp_seal(&vgc_cp_backend_generic, ref, pt, len, ad, AD_LEN, key, nonce);
	if (!be) {
		c = EVP_CIPHER_CTX_new();
		if (!c || !EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key, NULL))
			return 1;
	}

	vgc_mark_begin();
	for (k = 0; k < iters; k++) {
		if (be)
			vgc_cp_seal(be, out, pt, len, ad, AD_LEN, key, nonce);
		else
			ossl_seal(c, out, pt, len, ad, nonce);
	}
	vgc_mark_end();

	if (iters && memcmp(out, ref, len + 16)) {
		fprintf(stderr, "insn_count: %s disagrees with generic at %zu bytes\n",
			argv[1], len);
		return 1;
	}
	EVP_CIPHER_CTX_free(c);
	free(pt);
	free(out);
	free(ref);
	return 0;
}
