/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The AEAD's known-answer check (lib/chacha20poly1305_kat.c): what it
 * seals, and the digest it must come to.
 */
#ifndef VGC_CHACHA20POLY1305_KAT_H
#define VGC_CHACHA20POLY1305_KAT_H

#include "chacha20poly1305.h"
#include "sha3.h"

#define VGC_CP_KAT_NLENS	14
#define VGC_CP_KAT_MAX		4113	/* the longest text */
#define VGC_CP_KAT_ADLEN	13

/* its working memory (about 9 KiB): kmalloc()ed, not on the stack */
struct vgc_cp_kat {
	struct vgc_cp_req r;
	struct vgc_keccak k;
	u8 key[VGC_CP_KEY_SIZE];
	u8 nonce[VGC_CP_NONCE_SIZE];
	u8 ad[VGC_CP_KAT_ADLEN];
	u8 digest[32];
	u8 buf[VGC_CP_KAT_MAX + VGC_CP_TAG_SIZE];
	u8 ref[VGC_CP_KAT_MAX];
};

extern const unsigned int vgc_cp_kat_lens[VGC_CP_KAT_NLENS];
extern const u8 vgc_cp_kat_digest[32];

/* the inputs, for an independent implementation to seal the same */
void vgc_cp_kat_inputs(u8 key[VGC_CP_KEY_SIZE], u8 nonce[VGC_CP_NONCE_SIZE],
		       u8 ad[VGC_CP_KAT_ADLEN]);
void vgc_cp_kat_text(u8 *p, unsigned int len);

/*
 * Run it on @be (SIMD usable now, if @be needs it): 0, or -EBADMSG /
 * -EINVAL when the back end gets any of it wrong. @t is wiped after.
 */
int vgc_cp_selftest(const struct vgc_cp_backend *be, struct vgc_cp_kat *t);

#endif /* VGC_CHACHA20POLY1305_KAT_H */
