/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One-pass ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8) over data that
 * arrives in segments of any length, and the interface its back ends fill.
 */
#ifndef VGC_CHACHA20POLY1305_H
#define VGC_CHACHA20POLY1305_H

#include "chacha20.h"
#include "poly1305.h"

#define VGC_CP_KEY_SIZE		32
#define VGC_CP_NONCE_SIZE	12
#define VGC_CP_TAG_SIZE		16

/* Most data one SIMD section may cover, so preemption is not held off long. */
#define VGC_SIMD_CHUNK		4096

/*
 * A back end: the only code that differs between the portable, AVX2,
 * AVX-512 and NEON drivers. The core never looks inside the state beyond
 * the documented layouts.
 */
struct vgc_cp_backend {
	const char *name;	/* the suffix of the driver names */
	int priority;		/* crypto API priority of its drivers */
	/*
	 * Can this CPU (and kernel) run it? If not, *why says what is
	 * missing, for the log. NULL: it runs everywhere.
	 */
	bool (*usable)(const char **why);

	/* XOR @nblocks 64-byte keystream blocks into src; state[12] advances */
	void (*chacha_xor)(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks);
	/*
	 * The same, then block @nblocks's keystream into @ks, in one pass
	 * (state[12] advances by @nblocks + 1): a text's partial last block
	 * rides along with the whole ones.
	 */
	void (*chacha_xor_ks)(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks, u8 ks[64]);
	/* absorb @nblocks full 16-byte blocks (each with its 2^128 bit) */
	void (*poly_blocks)(struct vgc_poly1305 *p, const u8 *src,
			    unsigned int nblocks);
	/*
	 * For back ends that use vector registers: bracket each call sequence
	 * (at most VGC_SIMD_CHUNK bytes of data). NULL for scalar back ends,
	 * which may run where SIMD is not usable.
	 */
	void (*simd_begin)(void);
	void (*simd_end)(void);
};

extern const struct vgc_cp_backend vgc_cp_backend_generic;

/*
 * Every back end of this build, fastest first, the portable one last,
 * NULL-terminated: registration, the KUnit suites and the user-space
 * harness all walk this one list (arch/<arch>/backends.c, or
 * lib/backends_portable.c where the module has no code for the
 * architecture).
 */
extern const struct vgc_cp_backend *const vgc_cp_backends[];

/*
 * Keystream made ahead: the first text block's with the Poly1305 key (in
 * one back-end call of two blocks), and a text's last partial block with
 * the whole blocks before it (chacha_xor_ks).
 */
#define VGC_CP_KS_BLOCKS	2

/*
 * The state of one request. It lives on the caller's stack (about 430
 * bytes) and is wiped by vgc_cp_final() / vgc_cp_open_final().
 */
struct vgc_cp_req {
	u32 chacha[16];
	struct vgc_poly1305 poly;
	u8 ks[VGC_CP_KS_BLOCKS * VGC_CHACHA_BLOCK_SIZE];
	u8 pbuf[VGC_POLY1305_BLOCK_SIZE];	/* an incomplete Poly1305 block */
	u64 adlen;
	u64 textlen;
	unsigned int ks_pos;		/* unused keystream: ks[ks_pos..] */
	unsigned int ks_avail;		/* how many bytes of it */
	unsigned int pbuf_len;
	bool in_text;
	const struct vgc_cp_backend *be;
};

void vgc_cp_init(struct vgc_cp_req *r, const struct vgc_cp_backend *be,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE]);
/* Associated data, in as many calls as it comes in; all before any text. */
void vgc_cp_ad(struct vgc_cp_req *r, const u8 *ad, size_t len);
/* Text, in order, in segments of any length; dst may equal src. */
void vgc_cp_seal_update(struct vgc_cp_req *r, u8 *dst, const u8 *src, size_t len);
void vgc_cp_open_update(struct vgc_cp_req *r, u8 *dst, const u8 *src, size_t len);
/* The tag of what was sealed; wipes @r. */
void vgc_cp_final(struct vgc_cp_req *r, u8 tag[VGC_CP_TAG_SIZE]);
/* 0 if @tag matches in constant time, else -EBADMSG; wipes @r. */
int vgc_cp_open_final(struct vgc_cp_req *r, const u8 tag[VGC_CP_TAG_SIZE]);

/* Contiguous one-shot forms: dst holds len + 16 bytes for seal. */
void vgc_cp_seal(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		 size_t len, const u8 *ad, size_t adlen,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE]);
/*
 * @len includes the tag. Returns 0, -EINVAL (shorter than a tag) or
 * -EBADMSG; on failure the len - 16 bytes at @dst are zero.
 */
int vgc_cp_open(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		size_t len, const u8 *ad, size_t adlen,
		const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE]);

#endif /* VGC_CHACHA20POLY1305_H */
