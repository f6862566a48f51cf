/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ML-KEM back-end seam: the primitives a back end may replace, with
 * the coefficient ranges each entry takes and gives (the equivalence
 * tests in tests/mlkem check them on random and edge inputs), and the
 * KEM operations run on a given back end.
 *
 * The portable back end (lib/mlkem_poly.c, lib/sha3.c) fills every entry;
 * a SIMD one fills each with its own code or the portable function. All
 * entries of a back end with simd_begin are called only between its
 * simd_begin() and simd_end() (lib/mlkem.c brackets each K-PKE step).
 *
 * Coefficients are s16, arithmetic mod q = 3329 with Montgomery factor
 * R = 2^16. "NTT domain" polynomials are in the order FIPS 203 defines
 * unless the back end has ntt_layout (below).
 */
#ifndef VGC_MLKEM_BACKEND_H
#define VGC_MLKEM_BACKEND_H

#include <vgcrypto/mlkem.h>

#include "mlkem_poly.h"
#include "simd_save.h"

/* The most Keccak-f[1600] states any back end permutes at once. */
#define VGC_KECCAK_MAX_LANES	8
/* The words of keccak_par's and keccak_x1's buffers, scratch included */
#define VGC_KECCAK_PAR_WORDS	(25 * VGC_KECCAK_MAX_LANES)
#define VGC_KECCAK_X1_WORDS	64

struct vgc_mlkem_backend {
	const char *name;	/* driver names: mlkem768-vgcrypto-<name> */
	int priority;
	/* Can this CPU run it? Else *why says what is missing. NULL: any. */
	bool (*usable)(const char **why);
	/*
	 * The bracket of every call into the entries below; NULL: scalar.
	 * @save: the section owner's area (lib/simd_save.h).
	 */
	void (*simd_begin)(struct vgc_simd_save *save);
	void (*simd_end)(struct vgc_simd_save *save);

	/*
	 * Keccak-f[1600] on keccak_lanes states at once (1, 2, 4 or 8),
	 * interleaved: word i of state j is s[keccak_lanes * i + j]. s has
	 * VGC_KECCAK_PAR_WORDS words; those past the states are scratch,
	 * which the permutation may overwrite and the caller wipes (so that
	 * a vector code needs no stack).
	 */
	unsigned int keccak_lanes;
	void (*keccak_par)(u64 *s);
	/*
	 * Optional: Keccak-f[1600] on one state, s[0..24], with the rest of
	 * VGC_KECCAK_X1_WORDS scratch as above; for the permutations in
	 * which only one lane has a job (G, and the tail of a long H or J),
	 * where it costs less than keccak_par. NULL: those run in
	 * keccak_par too.
	 */
	void (*keccak_x1)(u64 *s);

	/* In place. In: |c| <= q. Out: |c| < q, NTT domain. */
	void (*ntt)(s16 p[VGC_MLKEM_N]);
	/*
	 * In place. In: |c| < q, NTT domain. Out: the inverse times R (which
	 * cancels basemul_row's R^-1), |c| < q.
	 */
	void (*invntt)(s16 p[VGC_MLKEM_N]);
	/*
	 * r = sum over j < k of a_j * b_j (products in the NTT domain) times
	 * R^-1, |r| < q. a and b are k consecutive polynomials each; every
	 * a coefficient has |a| < q, every b coefficient |b| < q or
	 * 0 <= b < 4096 (a decapsulation key's s^ is not range-checked).
	 */
	void (*basemul_row)(s16 r[VGC_MLKEM_N], const s16 *a, const s16 *b,
			    unsigned int k);
	/* p = p * R mod q; in: |c| < q; out: |c| < q */
	void (*tomont)(s16 p[VGC_MLKEM_N]);
	/* r = r + a; in: |r| + |a| < 2^15 */
	void (*add)(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);
	/* r = a - r; in: |r| + |a| < 2^15 */
	void (*rsub)(s16 r[VGC_MLKEM_N], const s16 a[VGC_MLKEM_N]);

	/*
	 * SampleNTT's rejection step over @len bytes (a multiple of 3) of
	 * XOF output: fills p from index @have on with values in [0, q);
	 * returns the new count (at most VGC_MLKEM_N). p[count] to p[255]
	 * may be overwritten (a vector code stores whole registers); no
	 * byte past buf[len - 1] is read. Its input is public.
	 */
	unsigned int (*rej_uniform)(s16 p[VGC_MLKEM_N], unsigned int have,
				    const u8 *buf, unsigned int len);
	/*
	 * Optional: put a polynomial of the NTT domain in FIPS 203 order
	 * (SampleNTT's output) into the order this back end's ntt, invntt,
	 * basemul_row, tobytes and frombytes use. NULL: they use FIPS 203's.
	 */
	void (*ntt_layout)(s16 p[VGC_MLKEM_N]);
	/* SamplePolyCBD_eta from 64 * eta bytes, eta 2 or 3: out |c| <= eta */
	void (*cbd)(s16 p[VGC_MLKEM_N], const u8 *buf, unsigned int eta);

	/* ByteEncode_d(Compress_d(p mod q)) into 32 * d bytes; any s16 in */
	void (*compress)(u8 *out, const s16 p[VGC_MLKEM_N], unsigned int d);
	/* Decompress_d(ByteDecode_d(in)) from 32 * d bytes; out in [0, q) */
	void (*decompress)(s16 p[VGC_MLKEM_N], const u8 *in, unsigned int d);
	/* ByteEncode_12(p mod q); any s16 in */
	void (*tobytes)(u8 out[VGC_MLKEM_POLYBYTES], const s16 p[VGC_MLKEM_N]);
	/*
	 * ByteDecode_12 without the reduction mod q: out in [0, 4096).
	 * Returns true when every value is below q (FIPS 203 section 7.2).
	 */
	bool (*frombytes)(s16 p[VGC_MLKEM_N], const u8 in[VGC_MLKEM_POLYBYTES]);
};

extern const struct vgc_mlkem_backend vgc_mlkem_backend_generic;

/*
 * Every ML-KEM back end of this build, fastest first, the portable one
 * last, NULL-terminated (arch/<arch>/backends.c, or
 * lib/backends_portable.c): registration, KUnit and the harness walk it.
 */
extern const struct vgc_mlkem_backend *const vgc_mlkem_backends[];

/*
 * The back end of the exported functions (<vgcrypto/mlkem.h>): the
 * fastest the module registered (crypto/mlkem_glue.c sets it), or the
 * portable one where SIMD is not usable now (crypto_simd_usable()).
 */
void vgc_mlkem_set_fastest(const struct vgc_mlkem_backend *be);

/* The KEM operations of <vgcrypto/mlkem.h> on back end @be. */
int vgc_mlkem_keypair_derand_be(const struct vgc_mlkem_backend *be,
				enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
				u8 *dk, size_t dk_len, const u8 *seed,
				size_t seed_len, struct vgc_mlkem_work *work);
int vgc_mlkem_encaps_derand_be(const struct vgc_mlkem_backend *be,
			       enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
			       u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek,
			       size_t ek_len, const u8 m[VGC_MLKEM_MSG_SIZE],
			       struct vgc_mlkem_work *work);
int vgc_mlkem_decaps_be(const struct vgc_mlkem_backend *be,
			enum vgc_mlkem_set set, u8 ss[VGC_MLKEM_SS_SIZE],
			const u8 *ct, size_t ct_len, const u8 *dk,
			size_t dk_len, struct vgc_mlkem_work *work);
int vgc_mlkem_check_ek_be(const struct vgc_mlkem_backend *be,
			  enum vgc_mlkem_set set, const u8 *ek, size_t ek_len,
			  struct vgc_mlkem_work *work);
int vgc_mlkem_check_dk_be(const struct vgc_mlkem_backend *be,
			  enum vgc_mlkem_set set, const u8 *dk, size_t dk_len,
			  struct vgc_mlkem_work *work);

/*
 * @len random bytes for a key pair or an encapsulation, from a seeded
 * pool only: if it is not seeded yet, wait where @may_sleep (0, or
 * -ERESTARTSYS), else -EAGAIN.
 */
int vgc_mlkem_random(void *buf, size_t len, bool may_sleep);
/* wait until the pool is seeded (may sleep): 0, or -ERESTARTSYS */
int vgc_mlkem_wait_for_rng(void);

/*
 * ML-KEM.Encaps_internal(ek, m) on the fastest usable back end, for tests
 * only (FIPS 203 section 6: a reused m repeats the key): checks @ek
 * (length, modulus), then writes the ciphertext @ct and the secret @ss.
 * Exported to KUnit modules by a test build alone.
 */
int vgc_mlkem_encaps_derand(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
			    u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek,
			    size_t ek_len, const u8 m[VGC_MLKEM_MSG_SIZE],
			    struct vgc_mlkem_work *work);

#if VGC_TEST_HOOKS
/*
 * Test builds only: the pool looks unseeded (to vgc_mlkem_random()) until the
 * next wait, which the counter counts.
 */
void vgc_mlkem_test_rng_unready(bool unready);
unsigned int vgc_mlkem_test_rng_waits(void);
#endif

#endif /* VGC_MLKEM_BACKEND_H */
