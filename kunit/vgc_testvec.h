/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The shape of an AEAD test case shared by the hand-written RFC 8439
 * vectors and the edge cases that the user-space harness computes with
 * OpenSSL at build time (kunit/generated/edge_vectors.h, not committed).
 */
#ifndef VGC_TESTVEC_H
#define VGC_TESTVEC_H

#include <linux/types.h>

struct vgc_aead_testvec {
	const char *name;
	const u8 *key;		/* 32 bytes */
	const u8 *nonce;	/* 12 bytes */
	const u8 *ad;
	unsigned int adlen;
	const u8 *ptext;
	unsigned int len;	/* plaintext length */
	const u8 *ctext;	/* len + 16 bytes: ciphertext || tag */
};

#endif /* VGC_TESTVEC_H */
