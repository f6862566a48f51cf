// SPDX-License-Identifier: GPL-2.0-only
/*
 * ML-KEM (FIPS 203): K-PKE and the KEM on top, for all three parameter
 * sets, on any back end (lib/mlkem_backend.h).
 *
 * Keccak dominates ML-KEM's cost, and much of it is sequential: H(ek) and
 * J(z || c) are one sponge each over a kilobyte or more. Every Keccak
 * use of an operation that does not wait for another is therefore a job
 * for mlkem_sponges(), which runs them side by side in the lanes of the
 * back end's multi-state permutation and gives a lane that finishes the
 * next job: in Encaps, H(ek) runs beside the matrix sampling; in Decaps,
 * the key's hash check and J(z || c) do. The matrix is sampled whole, so
 * the working memory holds up to k^2 + k polynomials.
 */
#include <kunit/visibility.h>
#include <linux/build_bug.h>
#include <linux/export.h>
#include <linux/random.h>
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"
#include "sha3.h"

/* As the kernel's OPTIMIZER_HIDE_VAR(): the compiler loses track of v. */
static inline u32 mlkem_hide(u32 v)
{
	__asm__ ("" : "+r" (v));
	return v;
}

#define MLKEM_MAX_K	4
#define MLKEM_SYMBYTES	32

struct mlkem_params {
	unsigned int k;
	unsigned int eta1;
	unsigned int du;
	unsigned int dv;
	size_t ek_size;
	size_t dk_size;
	size_t ct_size;
};

static const struct mlkem_params mlkem_params[] = {
	[VGC_MLKEM512] = { 2, 3, 10, 4, VGC_MLKEM512_EK_SIZE,
			   VGC_MLKEM512_DK_SIZE, VGC_MLKEM512_CT_SIZE },
	[VGC_MLKEM768] = { 3, 2, 10, 4, VGC_MLKEM768_EK_SIZE,
			   VGC_MLKEM768_DK_SIZE, VGC_MLKEM768_CT_SIZE },
	[VGC_MLKEM1024] = { 4, 2, 11, 5, VGC_MLKEM1024_EK_SIZE,
			    VGC_MLKEM1024_DK_SIZE, VGC_MLKEM1024_CT_SIZE },
};

/* ---- sponges in lanes ---- */

/* What a sponge's output becomes. */
enum mlkem_job_kind {
	JOB_BYTES,		/* the first outlen bytes, to out */
	JOB_SAMPLE_NTT,		/* SampleNTT's coefficients, to poly */
};

/*
 * One sponge: the message in[0] || in[1], absorbed at @rate bytes a
 * block with FIPS 202's padding (@dsbyte carries the domain bits), then
 * squeezed until its output is complete.
 */
struct mlkem_job {
	const u8 *in[2];
	u16 inlen[2];
	u16 rate;
	u8 dsbyte;
	u8 kind;
	u8 tail[2];		/* a short in[1]: (x, y) or the PRF nonce */
	bool squeezing;
	u16 done;		/* message bytes absorbed, then output made */
	u16 outlen;
	u8 *out;
	s16 *poly;
};

/* FIPS 202 rates (bytes) and domain bytes of the functions ML-KEM uses */
#define SHA3_256_RATE	136
#define SHA3_512_RATE	72
#define SHAKE128_RATE	168
#define SHAKE256_RATE	136
#define DS_SHA3		0x06
#define DS_SHAKE	0x1f

/* the jobs of the largest batch: KeyGen's matrix and noise */
#define MLKEM_MAX_JOBS	(MLKEM_MAX_K * MLKEM_MAX_K + 2 * MLKEM_MAX_K)

/* What struct vgc_mlkem_work holds, at a 64-byte boundary inside it. */
struct mlkem_ws {
	u64 ks[VGC_KECCAK_PAR_WORDS];	/* the lanes' states, scratch */
	s16 mat[MLKEM_MAX_K * MLKEM_MAX_K][VGC_MLKEM_N]; /* A^ or A^T */
	s16 vec[MLKEM_MAX_K][VGC_MLKEM_N];	/* s^ or y^ */
	s16 p[2][VGC_MLKEM_N];			/* a row's result, a term */
	u8 noise[2 * MLKEM_MAX_K + 1][3 * 64];	/* PRF outputs */
	u8 block[SHAKE128_RATE];		/* a squeezed XOF block */
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];		/* the re-encryption */
	u8 g[2 * MLKEM_SYMBYTES];	/* G's output: (rho, sigma) or (K, r) */
	u8 in[2 * MLKEM_SYMBYTES];	/* G's input */
	u8 hek[MLKEM_SYMBYTES];		/* H(ek) */
	u8 kbar[MLKEM_SYMBYTES];	/* J(z || c) */
	u64 ks1[VGC_KECCAK_X1_WORDS];	/* one lane's, for keccak_x1 */
	struct mlkem_job jobs[MLKEM_MAX_JOBS];
	struct vgc_simd_save simd_save;	/* the open section's (arm64 6.19+) */
};

static_assert(sizeof(struct mlkem_ws) + 63 <= sizeof(struct vgc_mlkem_work),
	      "VGC_MLKEM_WORK_SIZE is too small");

static struct mlkem_ws *mlkem_ws(struct vgc_mlkem_work *work)
{
	return (struct mlkem_ws *)(((uintptr_t)work + 63) & ~(uintptr_t)63);
}

static void job_init(struct mlkem_job *j, unsigned int rate, u8 dsbyte,
		     const u8 *in, size_t len)
{
	memset(j, 0, sizeof(*j));
	j->rate = rate;
	j->dsbyte = dsbyte;
	j->in[0] = in;
	j->inlen[0] = len;
}

/* A hash or PRF: @outlen bytes of output to @out. */
static void job_bytes(struct mlkem_job *j, unsigned int rate, u8 dsbyte,
		      const u8 *in, size_t len, u8 *out, unsigned int outlen)
{
	job_init(j, rate, dsbyte, in, len);
	j->kind = JOB_BYTES;
	j->out = out;
	j->outlen = outlen;
}

/* PRF_eta(seed, nonce) = SHAKE256(seed || nonce, 64 eta) */
static void job_prf(struct mlkem_job *j, const u8 *seed, u8 nonce,
		    unsigned int eta, u8 *out)
{
	job_bytes(j, SHAKE256_RATE, DS_SHAKE, seed, MLKEM_SYMBYTES, out,
		  64 * eta);
	j->tail[0] = nonce;
	j->in[1] = j->tail;
	j->inlen[1] = 1;
}

/* SampleNTT(rho || x || y) into @p */
static void job_sample_ntt(struct mlkem_job *j, const u8 *rho, u8 x, u8 y,
			   s16 *p)
{
	job_init(j, SHAKE128_RATE, DS_SHAKE, rho, MLKEM_SYMBYTES);
	j->kind = JOB_SAMPLE_NTT;
	j->tail[0] = x;
	j->tail[1] = y;
	j->in[1] = j->tail;
	j->inlen[1] = 2;
	j->poly = p;
}

/* The next block of the message into lane @l; pads the last one. */
static void job_absorb(u64 *s, unsigned int lanes, unsigned int l,
		       struct mlkem_job *j)
{
	unsigned int pos = 0, off = j->done, i, n;
	u8 pad;

	/* j->done counts the bytes of in[0] || in[1] absorbed so far */
	for (i = 0; i < 2 && pos < j->rate; i++) {
		if (off >= j->inlen[i]) {
			off -= j->inlen[i];
			continue;
		}
		n = min_t(unsigned int, j->rate - pos, j->inlen[i] - off);
		vgc_keccak_lane_xor(s, lanes, l, pos, j->in[i] + off, n);
		pos += n;
		j->done += n;
		off = 0;
	}
	/* a whole block: the padding goes in a later one */
	if (pos == j->rate)
		return;
	pad = j->dsbyte;
	vgc_keccak_lane_xor(s, lanes, l, pos, &pad, 1);
	pad = 0x80;
	vgc_keccak_lane_xor(s, lanes, l, j->rate - 1, &pad, 1);
	j->squeezing = true;
	j->done = 0;
}

/* One squeezed block of lane @l to its job; true when the job is done. */
static bool job_squeeze(const struct vgc_mlkem_backend *be, struct mlkem_ws *w,
			unsigned int lanes, unsigned int l, struct mlkem_job *j)
{
	unsigned int n;

	if (j->kind == JOB_BYTES) {
		n = min_t(unsigned int, j->rate, j->outlen - j->done);
		vgc_keccak_lane_read(w->ks, lanes, l, 0, j->out + j->done, n);
		j->done += n;
		return j->done == j->outlen;
	}
	vgc_keccak_lane_read(w->ks, lanes, l, 0, w->block, j->rate);
	j->done = be->rej_uniform(j->poly, j->done, w->block, j->rate);
	if (j->done < VGC_MLKEM_N)
		return false;
	if (be->ntt_layout)
		be->ntt_layout(j->poly);
	return true;
}

static void lane_clear(u64 *s, unsigned int lanes, unsigned int l)
{
	unsigned int i;

	for (i = 0; i < 25; i++)
		s[lanes * i + l] = 0;
}

/* Lane @l alone through the back end's one-state permutation. */
static void lane_x1(const struct vgc_mlkem_backend *be, struct mlkem_ws *w,
		    unsigned int lanes, unsigned int l)
{
	unsigned int i;

	for (i = 0; i < 25; i++)
		w->ks1[i] = w->ks[lanes * i + l];
	be->keccak_x1(w->ks1);
	for (i = 0; i < 25; i++)
		w->ks[lanes * i + l] = w->ks1[i];
}

/*
 * Runs @n jobs, keccak_lanes at a time, within the caller's SIMD
 * section. A lane whose job is done takes the next job, so jobs of
 * different lengths share permutations; while only one lane has a job,
 * it is permuted alone where the back end has keccak_x1. Which lane
 * runs what, and for how many rounds, depends on message lengths and on
 * the rejection counts of matrix sampling, all public.
 */
static void mlkem_sponges(const struct vgc_mlkem_backend *be,
			  struct mlkem_ws *w, struct mlkem_job *jobs,
			  unsigned int n)
{
	unsigned int lanes = be->keccak_lanes, next = 0, l, busy, last = 0;
	struct mlkem_job *lane[VGC_KECCAK_MAX_LANES];

	memset(w->ks, 0, lanes * 25 * sizeof(u64));
	busy = 0;
	for (l = 0; l < lanes; l++) {
		lane[l] = next < n ? &jobs[next++] : NULL;
		if (lane[l]) {
			busy++;
			last = l;
		}
	}
	do {
		for (l = 0; l < lanes; l++)
			if (lane[l] && !lane[l]->squeezing)
				job_absorb(w->ks, lanes, l, lane[l]);
		if (busy == 1 && be->keccak_x1)
			lane_x1(be, w, lanes, last);
		else
			be->keccak_par(w->ks);
		busy = 0;
		for (l = 0; l < lanes; l++) {
			if (!lane[l])
				continue;
			if (lane[l]->squeezing &&
			    job_squeeze(be, w, lanes, l, lane[l])) {
				lane_clear(w->ks, lanes, l);
				lane[l] = next < n ? &jobs[next++] : NULL;
			}
			if (lane[l]) {
				busy++;
				last = l;
			}
		}
	} while (busy);
	/* the states and whatever scratch the back end used */
	memzero_explicit(w->ks, sizeof(w->ks));
	if (be->keccak_x1)
		memzero_explicit(w->ks1, sizeof(w->ks1));
}

/*
 * One hash: H (SHA3-256), G (SHA3-512) or J (SHAKE256) of @in. With
 * keccak_x1 its state is absorbed into and squeezed from that
 * permutation's buffer directly: H(ek) and J(z || c) take 6 to 12
 * permutations, and gathering one lane out of keccak_par's interleaved
 * states around each was most of the sponge bookkeeping (8.8 % of an
 * AVX-512 ML-KEM-512 keygen, about 5 % after, on a Xeon).
 */
static void mlkem_hash(const struct vgc_mlkem_backend *be, struct mlkem_ws *w,
		       unsigned int rate, u8 dsbyte, const u8 *in, size_t len,
		       u8 *out, unsigned int outlen)
{
	struct mlkem_job *j = &w->jobs[0];

	job_bytes(j, rate, dsbyte, in, len, out, outlen);
	/* every output here (64 bytes at most) fits in one block */
	if (!be->keccak_x1 || outlen > rate) {
		mlkem_sponges(be, w, j, 1);
		return;
	}
	memset(w->ks1, 0, 25 * sizeof(u64));
	do {
		job_absorb(w->ks1, 1, 0, j);
		be->keccak_x1(w->ks1);
	} while (!j->squeezing);
	vgc_keccak_lane_read(w->ks1, 1, 0, 0, out, outlen);
	memzero_explicit(w->ks1, sizeof(w->ks1));
}

/* ---- K-PKE ---- */

static void mlkem_begin(const struct vgc_mlkem_backend *be, struct mlkem_ws *w)
{
	if (be->simd_begin)
		be->simd_begin(&w->simd_save);
}

static void mlkem_end(const struct vgc_mlkem_backend *be, struct mlkem_ws *w)
{
	if (be->simd_end)
		be->simd_end(&w->simd_save);
}

static const struct mlkem_params *mlkem_get(enum vgc_mlkem_set set)
{
	if ((unsigned int)set >= ARRAY_SIZE(mlkem_params))
		return NULL;
	return &mlkem_params[set];
}

/*
 * K-PKE.KeyGen (FIPS 203 Algorithm 13) from d: ek_pke to @ek, dk_pke to
 * @dk. The noise and the matrix A^ are sampled in one batch of sponges.
 */
static void kpke_keygen(const struct vgc_mlkem_backend *be,
			const struct mlkem_params *p, struct mlkem_ws *w,
			u8 *ek, u8 *dk, const u8 *d)
{
	const u8 *rho = w->g, *sigma = w->g + MLKEM_SYMBYTES;
	unsigned int i, j, n = 0, k = p->k;

	/* (rho, sigma) = G(d || k): domain separation by k */
	memcpy(w->in, d, MLKEM_SYMBYTES);
	w->in[MLKEM_SYMBYTES] = (u8)k;
	mlkem_hash(be, w, SHA3_512_RATE, DS_SHA3, w->in, MLKEM_SYMBYTES + 1,
		   w->g, 2 * MLKEM_SYMBYTES);
	VGC_CT_DECLASSIFY(rho, MLKEM_SYMBYTES);

	/* s (nonces 0..k-1), e (k..2k-1), A^[i, j] = SampleNTT(rho || j || i) */
	for (i = 0; i < 2 * k; i++)
		job_prf(&w->jobs[n++], sigma, (u8)i, p->eta1, w->noise[i]);
	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++)
			job_sample_ntt(&w->jobs[n++], rho, (u8)j, (u8)i,
				       w->mat[i * k + j]);
	mlkem_sponges(be, w, w->jobs, n);

	for (i = 0; i < k; i++) {
		be->cbd(w->vec[i], w->noise[i], p->eta1);
		be->ntt(w->vec[i]);
		be->tobytes(dk + i * VGC_MLKEM_POLYBYTES, w->vec[i]);
	}
	/* t^ = A^ s^ + e^, row by row */
	for (i = 0; i < k; i++) {
		be->basemul_row(w->p[0], w->mat[i * k], w->vec[0], k);
		be->tomont(w->p[0]);
		be->cbd(w->p[1], w->noise[k + i], p->eta1);
		be->ntt(w->p[1]);
		be->add(w->p[0], w->p[1]);
		be->tobytes(ek + i * VGC_MLKEM_POLYBYTES, w->p[0]);
	}
	memcpy(ek + k * VGC_MLKEM_POLYBYTES, rho, MLKEM_SYMBYTES);
}

/* A^T[i, j] = A^[j, i] = SampleNTT(rho || i || j), as jobs from @n on */
static unsigned int jobs_matrix_t(const struct mlkem_params *p,
				  struct mlkem_ws *w, const u8 *rho,
				  unsigned int n)
{
	unsigned int i, j, k = p->k;

	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++)
			job_sample_ntt(&w->jobs[n++], rho, (u8)i, (u8)j,
				       w->mat[i * k + j]);
	return n;
}

/*
 * K-PKE.Encrypt (Algorithm 14) of the message @m with randomness @r to
 * @ct, with A^T already in w->mat. The modulus check on @ek is done.
 */
static void kpke_encrypt(const struct vgc_mlkem_backend *be,
			 const struct mlkem_params *p, struct mlkem_ws *w,
			 u8 *ct, const u8 *ek, const u8 *m, const u8 *r)
{
	unsigned int i, n = 0, k = p->k;
	u8 *c2 = ct + k * 32 * p->du;

	/* y (nonces 0..k-1), e1 (k..2k-1), e2 (2k) */
	for (i = 0; i < k; i++)
		job_prf(&w->jobs[n++], r, (u8)i, p->eta1, w->noise[i]);
	for (i = 0; i <= k; i++)
		job_prf(&w->jobs[n++], r, (u8)(k + i), 2, w->noise[k + i]);
	mlkem_sponges(be, w, w->jobs, n);

	for (i = 0; i < k; i++) {
		be->cbd(w->vec[i], w->noise[i], p->eta1);
		be->ntt(w->vec[i]);
	}
	/* u = NTT^-1(A^T y^) + e1, row by row */
	for (i = 0; i < k; i++) {
		be->basemul_row(w->p[0], w->mat[i * k], w->vec[0], k);
		be->invntt(w->p[0]);
		be->cbd(w->p[1], w->noise[k + i], 2);
		be->add(w->p[0], w->p[1]);
		be->compress(ct + i * 32 * p->du, w->p[0], p->du);
	}
	/*
	 * v = NTT^-1(t^T y^) + e2 + Decompress_1(m); A^T is done with. t^ is
	 * basemul_row's b: in Decaps it comes from the ek inside dk, which
	 * only the hash check covers, so its values may reach 4095 (the same
	 * mod q, as ByteDecode_12 has it), which b's bound allows and a's
	 * does not
	 */
	for (i = 0; i < k; i++)
		be->frombytes(w->mat[i], ek + i * VGC_MLKEM_POLYBYTES);
	be->basemul_row(w->p[0], w->vec[0], w->mat[0], k);
	be->invntt(w->p[0]);
	be->cbd(w->p[1], w->noise[2 * k], 2);
	be->add(w->p[0], w->p[1]);
	be->decompress(w->p[1], m, 1);
	be->add(w->p[0], w->p[1]);
	be->compress(c2, w->p[0], p->dv);
}

/*
 * K-PKE.Decrypt (Algorithm 15): the message to @m. NTT(u') goes to the
 * first k polynomials of w->mat, s^ to w->vec.
 */
static void kpke_decrypt(const struct vgc_mlkem_backend *be,
			 const struct mlkem_params *p, struct mlkem_ws *w,
			 u8 *m, const u8 *dk, const u8 *ct)
{
	unsigned int i, k = p->k;

	for (i = 0; i < k; i++) {
		be->decompress(w->mat[i], ct + i * 32 * p->du, p->du);
		be->ntt(w->mat[i]);
		be->frombytes(w->vec[i], dk + i * VGC_MLKEM_POLYBYTES);
	}
	/* w = v' - NTT^-1(s^T NTT(u')) */
	be->basemul_row(w->p[0], w->mat[0], w->vec[0], k);
	be->invntt(w->p[0]);
	be->decompress(w->p[1], ct + k * 32 * p->du, p->dv);
	be->rsub(w->p[0], w->p[1]);
	be->compress(m, w->p[0], 1);
}

static void ws_wipe(struct mlkem_ws *w)
{
	memzero_explicit(w, sizeof(*w));
}

/* FIPS 203 section 7.2: every coefficient of t^ below q */
static bool ek_modulus_ok(const struct vgc_mlkem_backend *be,
			  const struct mlkem_params *p, struct mlkem_ws *w,
			  const u8 *ek)
{
	unsigned int i;
	bool ok = true;

	for (i = 0; i < p->k; i++)
		ok &= be->frombytes(w->p[0], ek + i * VGC_MLKEM_POLYBYTES);
	return ok;
}

/* FIPS 203 section 7.3: H(ek) as stored in dk, with w->hek computed */
static bool dk_hash_ok(const struct mlkem_params *p, struct mlkem_ws *w,
		       const u8 *dk)
{
	const u8 *h = dk + p->k * VGC_MLKEM_POLYBYTES + p->ek_size;
	bool ok = !crypto_memneq(w->hek, h, MLKEM_SYMBYTES);

	/* whether a key is well formed is public: the caller is told */
	VGC_CT_DECLASSIFY(&ok, sizeof(ok));
	return ok;
}

/* ---- the KEM ---- */

size_t vgc_mlkem_ek_size(enum vgc_mlkem_set set)
{
	const struct mlkem_params *p = mlkem_get(set);

	return p ? p->ek_size : 0;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_ek_size);

size_t vgc_mlkem_dk_size(enum vgc_mlkem_set set)
{
	const struct mlkem_params *p = mlkem_get(set);

	return p ? p->dk_size : 0;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_dk_size);

size_t vgc_mlkem_ct_size(enum vgc_mlkem_set set)
{
	const struct mlkem_params *p = mlkem_get(set);

	return p ? p->ct_size : 0;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_ct_size);

int vgc_mlkem_keypair_derand_be(const struct vgc_mlkem_backend *be,
				enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
				u8 *dk, size_t dk_len, const u8 *seed,
				size_t seed_len, struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w;
	size_t off;

	if (!p || !work || ek_len != p->ek_size || dk_len != p->dk_size ||
	    seed_len != VGC_MLKEM_SEED_SIZE)
		return -EINVAL;
	w = mlkem_ws(work);

	/* dk = dk_pke || ek || H(ek) || z */
	off = p->k * VGC_MLKEM_POLYBYTES;
	mlkem_begin(be, w);
	kpke_keygen(be, p, w, ek, dk, seed);
	mlkem_end(be, w);
	mlkem_begin(be, w);
	mlkem_hash(be, w, SHA3_256_RATE, DS_SHA3, ek, p->ek_size,
		   dk + off + p->ek_size, MLKEM_SYMBYTES);
	mlkem_end(be, w);
	memcpy(dk + off, ek, p->ek_size);
	off += p->ek_size + MLKEM_SYMBYTES;
	memcpy(dk + off, seed + MLKEM_SYMBYTES, MLKEM_SYMBYTES);
	ws_wipe(w);
	return 0;
}

int vgc_mlkem_encaps_derand_be(const struct vgc_mlkem_backend *be,
			       enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
			       u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek,
			       size_t ek_len, const u8 m[VGC_MLKEM_MSG_SIZE],
			       struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w;
	unsigned int n;

	if (!p || !work || ct_len != p->ct_size || ek_len != p->ek_size)
		return -EINVAL;
	w = mlkem_ws(work);

	mlkem_begin(be, w);
	if (!ek_modulus_ok(be, p, w, ek)) {
		mlkem_end(be, w);
		ws_wipe(w);
		return -EINVAL;
	}
	/* H(ek) beside the sampling of A^T from ek's rho */
	job_bytes(&w->jobs[0], SHA3_256_RATE, DS_SHA3, ek, p->ek_size,
		  w->in + MLKEM_SYMBYTES, MLKEM_SYMBYTES);
	n = jobs_matrix_t(p, w, ek + p->k * VGC_MLKEM_POLYBYTES, 1);
	mlkem_sponges(be, w, w->jobs, n);
	/* (K, r) = G(m || H(ek)) */
	memcpy(w->in, m, MLKEM_SYMBYTES);
	mlkem_hash(be, w, SHA3_512_RATE, DS_SHA3, w->in, 2 * MLKEM_SYMBYTES,
		   w->g, 2 * MLKEM_SYMBYTES);
	mlkem_end(be, w);

	mlkem_begin(be, w);
	kpke_encrypt(be, p, w, ct, ek, w->in, w->g + MLKEM_SYMBYTES);
	mlkem_end(be, w);
	memcpy(ss, w->g, VGC_MLKEM_SS_SIZE);
	ws_wipe(w);
	return 0;
}

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_mlkem_encaps_derand_be);
#endif

/*
 * Nonzero bytes anywhere give 0xff, else 0x00: every byte is read and
 * nothing depends on where the first difference is.
 */
static u8 ct_differ_mask(const u8 *a, const u8 *b, size_t len)
{
	u32 d = 0;
	size_t i;

	for (i = 0; i < len; i++)
		d |= a[i] ^ b[i];
	d = mlkem_hide(d);
	/*
	 * d in [0, 255]: 0 - d borrows into bit 31 unless d is 0. Hidden
	 * again so that the compiler cannot see a boolean to branch on.
	 */
	return (u8)mlkem_hide(0 - ((0 - d) >> 31));
}

int vgc_mlkem_decaps_be(const struct vgc_mlkem_backend *be,
			enum vgc_mlkem_set set, u8 ss[VGC_MLKEM_SS_SIZE],
			const u8 *ct, size_t ct_len, const u8 *dk,
			size_t dk_len, struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	const u8 *ek, *h, *z;
	struct mlkem_ws *w;
	unsigned int i, n;
	u8 mask;

	if (!p || !work || ct_len != p->ct_size || dk_len != p->dk_size)
		return -EINVAL;
	w = mlkem_ws(work);
	ek = dk + p->k * VGC_MLKEM_POLYBYTES;
	h = ek + p->ek_size;
	z = h + MLKEM_SYMBYTES;
	VGC_CT_DECLASSIFY(ek, p->ek_size);

	mlkem_begin(be, w);
	/* m' = Decrypt(dk_pke, c) */
	kpke_decrypt(be, p, w, w->in, dk, ct);
	/*
	 * H(ek) for the key check and K_bar = J(z || c) = SHAKE256(z || c,
	 * 32) beside the sampling of A^T for the re-encryption
	 */
	job_bytes(&w->jobs[0], SHA3_256_RATE, DS_SHA3, ek, p->ek_size, w->hek,
		  MLKEM_SYMBYTES);
	job_bytes(&w->jobs[1], SHAKE256_RATE, DS_SHAKE, z, MLKEM_SYMBYTES,
		  w->kbar, MLKEM_SYMBYTES);
	w->jobs[1].in[1] = ct;
	w->jobs[1].inlen[1] = p->ct_size;
	n = jobs_matrix_t(p, w, ek + p->k * VGC_MLKEM_POLYBYTES, 2);
	mlkem_sponges(be, w, w->jobs, n);
	if (!dk_hash_ok(p, w, dk)) {
		mlkem_end(be, w);
		ws_wipe(w);
		return -EINVAL;
	}
	/* (K', r') = G(m' || h) */
	memcpy(w->in + MLKEM_SYMBYTES, h, MLKEM_SYMBYTES);
	mlkem_hash(be, w, SHA3_512_RATE, DS_SHA3, w->in, 2 * MLKEM_SYMBYTES,
		   w->g, 2 * MLKEM_SYMBYTES);
	mlkem_end(be, w);

	mlkem_begin(be, w);
	kpke_encrypt(be, p, w, w->ct, ek, w->in, w->g + MLKEM_SYMBYTES);
	mlkem_end(be, w);

	/* K' when c' = c, else K_bar: selected by mask, not by a branch */
	mask = ct_differ_mask(ct, w->ct, p->ct_size);
	for (i = 0; i < VGC_MLKEM_SS_SIZE; i++)
		ss[i] = w->g[i] ^ (mask & (w->g[i] ^ w->kbar[i]));
	ws_wipe(w);
	return 0;
}

int vgc_mlkem_check_ek_be(const struct vgc_mlkem_backend *be,
			  enum vgc_mlkem_set set, const u8 *ek, size_t ek_len,
			  struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w;
	bool ok;

	if (!p || !work || ek_len != p->ek_size)
		return -EINVAL;
	w = mlkem_ws(work);
	mlkem_begin(be, w);
	ok = ek_modulus_ok(be, p, w, ek);
	mlkem_end(be, w);
	ws_wipe(w);
	return ok ? 0 : -EINVAL;
}

int vgc_mlkem_check_dk_be(const struct vgc_mlkem_backend *be,
			  enum vgc_mlkem_set set, const u8 *dk, size_t dk_len,
			  struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w;
	const u8 *ek;
	bool ok;

	if (!p || !work || dk_len != p->dk_size)
		return -EINVAL;
	w = mlkem_ws(work);
	ek = dk + p->k * VGC_MLKEM_POLYBYTES;
	VGC_CT_DECLASSIFY(ek, p->ek_size);
	mlkem_begin(be, w);
	mlkem_hash(be, w, SHA3_256_RATE, DS_SHA3, ek, p->ek_size, w->hek,
		   MLKEM_SYMBYTES);
	mlkem_end(be, w);
	ok = dk_hash_ok(p, w, dk);
	ws_wipe(w);
	return ok ? 0 : -EINVAL;
}

/* ---- the exported functions: the fastest back end SIMD allows now ---- */

static const struct vgc_mlkem_backend *mlkem_fastest =
	&vgc_mlkem_backend_generic;

void vgc_mlkem_set_fastest(const struct vgc_mlkem_backend *be)
{
	WRITE_ONCE(mlkem_fastest, be);
}

static const struct vgc_mlkem_backend *mlkem_be(void)
{
	const struct vgc_mlkem_backend *be = READ_ONCE(mlkem_fastest);

	return !be->simd_begin || crypto_simd_usable() ? be :
	       &vgc_mlkem_backend_generic;
}

/*
 * Randomness for key generation and encapsulation, never from a pool that
 * is not seeded yet (early boot): where the caller may sleep it waits for
 * the pool (wait_for_random_bytes(): 0, or -ERESTARTSYS on a signal),
 * elsewhere it refuses with -EAGAIN until rng_is_initialized(). KUnit can
 * make the pool look unseeded until the next wait.
 */
#if VGC_TEST_HOOKS
static bool mlkem_rng_test_unready;
static unsigned int mlkem_rng_test_waits;

void vgc_mlkem_test_rng_unready(bool unready)
{
	WRITE_ONCE(mlkem_rng_test_unready, unready);
	WRITE_ONCE(mlkem_rng_test_waits, 0);
}
EXPORT_SYMBOL_IF_KUNIT(vgc_mlkem_test_rng_unready);

unsigned int vgc_mlkem_test_rng_waits(void)
{
	return READ_ONCE(mlkem_rng_test_waits);
}
EXPORT_SYMBOL_IF_KUNIT(vgc_mlkem_test_rng_waits);
#endif

static bool mlkem_rng_ready(void)
{
#if VGC_TEST_HOOKS
	if (READ_ONCE(mlkem_rng_test_unready))
		return false;
#endif
	return rng_is_initialized();
}

int vgc_mlkem_wait_for_rng(void)
{
#if VGC_TEST_HOOKS
	if (READ_ONCE(mlkem_rng_test_unready)) {
		WRITE_ONCE(mlkem_rng_test_waits, mlkem_rng_test_waits + 1);
		WRITE_ONCE(mlkem_rng_test_unready, false);
	}
#endif
	return wait_for_random_bytes();
}

VGC_EXPORT_INTERNAL(vgc_mlkem_wait_for_rng);

int vgc_mlkem_random(void *buf, size_t len, bool may_sleep)
{
	int err;

	if (!mlkem_rng_ready()) {
		if (!may_sleep)
			return -EAGAIN;
		err = vgc_mlkem_wait_for_rng();
		if (err)
			return err;
	}
	get_random_bytes(buf, len);
	return 0;
}

VGC_EXPORT_INTERNAL(vgc_mlkem_random);

int vgc_mlkem_keypair_derand(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
			     u8 *dk, size_t dk_len, const u8 *seed,
			     size_t seed_len, struct vgc_mlkem_work *work)
{
	return vgc_mlkem_keypair_derand_be(mlkem_be(), set, ek, ek_len, dk,
					   dk_len, seed, seed_len, work);
}
EXPORT_SYMBOL_GPL(vgc_mlkem_keypair_derand);

int vgc_mlkem_keypair(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
		      u8 *dk, size_t dk_len, struct vgc_mlkem_work *work)
{
	u8 seed[VGC_MLKEM_SEED_SIZE];
	int ret;

	ret = vgc_mlkem_random(seed, sizeof(seed), false);
	if (!ret)
		ret = vgc_mlkem_keypair_derand(set, ek, ek_len, dk, dk_len,
					       seed, sizeof(seed), work);
	memzero_explicit(seed, sizeof(seed));
	return ret;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_keypair);

/* FIPS 203 keeps Encaps_internal for testing: a reused m repeats K */
int vgc_mlkem_encaps_derand(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
			    u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek,
			    size_t ek_len, const u8 m[VGC_MLKEM_MSG_SIZE],
			    struct vgc_mlkem_work *work)
{
	return vgc_mlkem_encaps_derand_be(mlkem_be(), set, ct, ct_len, ss, ek,
					  ek_len, m, work);
}

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_mlkem_encaps_derand);
#endif

int vgc_mlkem_encaps(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
		     u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek, size_t ek_len,
		     struct vgc_mlkem_work *work)
{
	u8 m[VGC_MLKEM_MSG_SIZE];
	int ret;

	ret = vgc_mlkem_random(m, sizeof(m), false);
	if (!ret)
		ret = vgc_mlkem_encaps_derand(set, ct, ct_len, ss, ek, ek_len,
					      m, work);
	memzero_explicit(m, sizeof(m));
	return ret;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_encaps);

int vgc_mlkem_decaps(enum vgc_mlkem_set set, u8 ss[VGC_MLKEM_SS_SIZE],
		     const u8 *ct, size_t ct_len, const u8 *dk, size_t dk_len,
		     struct vgc_mlkem_work *work)
{
	return vgc_mlkem_decaps_be(mlkem_be(), set, ss, ct, ct_len, dk, dk_len,
				   work);
}
EXPORT_SYMBOL_GPL(vgc_mlkem_decaps);

int vgc_mlkem_check_ek(enum vgc_mlkem_set set, const u8 *ek, size_t ek_len,
		       struct vgc_mlkem_work *work)
{
	return vgc_mlkem_check_ek_be(mlkem_be(), set, ek, ek_len, work);
}
EXPORT_SYMBOL_GPL(vgc_mlkem_check_ek);

int vgc_mlkem_check_dk(enum vgc_mlkem_set set, const u8 *dk, size_t dk_len,
		       struct vgc_mlkem_work *work)
{
	return vgc_mlkem_check_dk_be(mlkem_be(), set, dk, dk_len, work);
}
EXPORT_SYMBOL_GPL(vgc_mlkem_check_dk);
