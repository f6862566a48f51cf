/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared pieces of the user-space test harness: back-end list, counting,
 * a deterministic PRNG, hex helpers, segmented AEAD through the streaming
 * API, and OpenSSL as the independent reference.
 */
#ifndef VGC_HARNESS_H
#define VGC_HARNESS_H

#include <stdio.h>
#include <stdlib.h>

#include "chacha20poly1305.h"

/* ---- back ends (backends.c) ---- */

#define VGC_MAX_BACKENDS	8

/*
 * Fill @list with the back ends this build has and this CPU can run, in
 * the order of the module's list (fastest first). Returns how many.
 */
unsigned int vgc_backends(const struct vgc_cp_backend **list, unsigned int max);

#ifdef __x86_64__
/* zero zmm16-31 and vzeroupper (zmm_clean.c); needs AVX-512F */
void vgc_zmm_clean(void);
#endif

/* Bracket direct calls into a back end's primitives. */
extern __thread struct vgc_simd_save vgc_be_save;
__weak __thread struct vgc_simd_save vgc_be_save;

static inline void vgc_be_begin(const struct vgc_cp_backend *be)
{
	if (be->simd_begin)
		be->simd_begin(&vgc_be_save);
}

static inline void vgc_be_end(const struct vgc_cp_backend *be)
{
	if (be->simd_end)
		be->simd_end(&vgc_be_save);
}

/* ---- counting (util.c) ---- */

struct vgc_tally {
	unsigned long passed;
	unsigned long failed;
	unsigned long skipped;
};

/* Failure details are printed for the first few failures of a suite only. */
#define VGC_MAX_FAIL_REPORTS	10

/* Record one test; prints "FAIL suite[be]: what" for early failures. */
__printf(5, 6)
bool vgc_check(struct vgc_tally *t, bool ok, const char *suite,
	       const char *be, const char *fmt, ...);

/* "<suite>[<backend>]: N passed, N failed[, N skipped]" */
void vgc_tally_print(const char *suite, const char *be,
		     const struct vgc_tally *t);

/* ---- deterministic PRNG: SplitMix64 (util.c) ---- */

struct vgc_rng {
	u64 state;
};

void vgc_rng_seed(struct vgc_rng *r, u64 seed);
u64 vgc_rng_next(struct vgc_rng *r);
/* Uniform in [0, n); n > 0. */
u32 vgc_rng_below(struct vgc_rng *r, u32 n);
void vgc_rng_fill(struct vgc_rng *r, void *buf, size_t len);
/* A segment length to split @remaining: 0, tiny, near a block edge or big. */
size_t vgc_rng_segment(struct vgc_rng *r, size_t remaining);

/* ---- hex and buffers (util.c) ---- */

/* Decode @hex (even length, no separators). Returns bytes, or -1 if bad. */
long vgc_unhex(u8 *out, size_t max, const char *hex);
/* Allocating form; *len gets the length. NULL on bad hex or no memory. */
u8 *vgc_unhex_alloc(const char *hex, size_t *len);
void vgc_hexdump(FILE *f, const char *label, const u8 *p, size_t len);
/* Every byte of p[0..len) is @byte (a refused open's untouched pattern). */
bool vgc_all_byte(const u8 *p, size_t len, u8 byte);
/*
 * What a refused out-of-place open leaves in @out (@n = text + tag bytes,
 * @out filled with VGC_PATTERN before): the ciphertext of @sealed, which
 * it copied there to authenticate it, and the pattern where the tag would
 * be; never plaintext.
 */
bool vgc_refused_out(const u8 *out, const u8 *sealed, size_t n);
/*
 * The same for the one-shot vgc_cp_open() on @be: where it opens through
 * its buffer (vgc_cp_open_buffered()), nothing at all (@out all pattern);
 * a longer text's last part through it (vgc_cp_open_buffered_tail()),
 * only the first part's ciphertext.
 */
bool vgc_refused_oneshot(const struct vgc_cp_backend *be, const u8 *out,
			 const u8 *sealed, size_t n);

/* What tests fill an output with before an open that must be refused. */
#define VGC_PATTERN	0xa5
void *vgc_xmalloc(size_t len);

/* ---- the contiguous one-shot forms (oneshot.c) ---- */

/* dst holds len + 16 bytes. */
void vgc_cp_seal(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		 size_t len, const u8 *ad, size_t adlen,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE]);
/*
 * @len includes the tag. Returns 0, -EINVAL (shorter than a tag) or
 * -EBADMSG; on failure nothing has been written to @dst.
 */
/*
 * The one-shot open's buffer (vgc_cp_open_buffered()), this thread's:
 * wiped after every open, which the dead-stack suite checks.
 */
extern __thread u8 vgc_harness_open_buf[VGC_CP_OPEN_ROOM];
int vgc_cp_open(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		size_t len, const u8 *ad, size_t adlen,
		const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE]);

/* ---- AEAD through the segmented streaming API (seg.c) ---- */

/*
 * Seal @len bytes of @src into @dst (len + 16 bytes), feeding the AD and
 * the text to vgc_cp_ad() / vgc_cp_seal_update() in random segments. With
 * @in_place the text is copied to @dst first and sealed there.
 */
void vgc_seal_seg(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		  bool in_place, u8 *dst, const u8 *src, size_t len,
		  const u8 *ad, size_t adlen, const u8 *key, const u8 *nonce);

/*
 * Open @len bytes (text + 16-byte tag) of @src into @dst in random
 * segments: the ciphertext authenticated, the tag verified, then
 * decrypted (each pass in its own segments). Returns vgc_cp_verify()'s
 * result; on -EBADMSG nothing was written to @dst. With @in_place the
 * sealed message is copied to @dst first and opened there (a refusal
 * then leaves it as it was).
 */
int vgc_open_seg(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		 bool in_place, u8 *dst, const u8 *src, size_t len,
		 const u8 *ad, size_t adlen, const u8 *key, const u8 *nonce);

/*
 * Poly1305 of @len bytes with the back end's full-block routine, @step
 * blocks a call (0: all at once); a short last block goes through the
 * portable code, as the AEAD core never hands one to a back end.
 */
void vgc_be_poly1305(const struct vgc_cp_backend *be, u8 tag[16], const u8 *m,
		     size_t len, const u8 key[32], unsigned int step);

/* ---- OpenSSL EVP ChaCha20-Poly1305 (ossl.c) ---- */

/* dst gets len + 16 bytes. Returns 0, or -EIO if OpenSSL failed. */
int vgc_ossl_seal(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		  size_t adlen, const u8 *key, const u8 *nonce,
		  size_t noncelen);
/* @len includes the tag. Returns 0, -EBADMSG (tag refused) or -EIO. */
int vgc_ossl_open(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		  size_t adlen, const u8 *key, const u8 *nonce,
		  size_t noncelen);
/* Poly1305 through EVP_MAC. Returns 0, or -EIO if OpenSSL failed. */
int vgc_ossl_poly1305(u8 tag[16], const u8 *m, size_t len, const u8 key[32]);
void vgc_ossl_cleanup(void);

/* ---- suites (suite_*.c) ---- */

struct vgc_opts {
	bool quick;
	u64 seed;
	const char *vectors;	/* directory holding wycheproof/ */
	bool require_vectors;	/* missing vector files fail instead of skip */
};

void vgc_suite_rfc8439(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_wycheproof(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_poly1305(const struct vgc_cp_backend *be,
			const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_bitflip(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_openssl(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_backend_eq(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_chacha_xor(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_poly_blocks(const struct vgc_cp_backend *be,
			   const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_kat(const struct vgc_cp_backend *be, const struct vgc_opts *o,
		   struct vgc_tally *t);
void vgc_suite_dead_stack(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_simd_save(const struct vgc_cp_backend *be,
			 const struct vgc_opts *o, struct vgc_tally *t);
void vgc_suite_suspend(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t);

#endif /* VGC_HARNESS_H */
