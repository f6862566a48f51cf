// SPDX-License-Identifier: GPL-2.0-only
/*
 * ML-KEM (FIPS 203): K-PKE and the KEM on top, for all three parameter
 * sets. The matrix A is never stored: each entry is sampled from SHAKE128
 * when it is needed, which costs nothing extra because every entry is
 * used exactly once per operation. Only one vector of k polynomials (the
 * secret s or y) is kept whole; everything else is one polynomial at a
 * time, so the working memory is a few kilobytes for every set.
 */
#include <linux/build_bug.h>
#include <linux/export.h>
#include <linux/random.h>
#include <vgcrypto/mlkem.h>

#include "mlkem_poly.h"
#include "sha3.h"

/*
 * The constant-time check (tests/mlkem) marks secrets undefined for
 * valgrind; what the standard makes public (rho, the encapsulation key,
 * the outcome of a key check) is declared defined again through this.
 */
#ifndef VGC_CT_DECLASSIFY
#define VGC_CT_DECLASSIFY(p, n) do { } while (0)
#endif

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

/* What struct vgc_mlkem_work holds. */
struct mlkem_ws {
	struct vgc_keccak kc;
	s16 vec[MLKEM_MAX_K][VGC_MLKEM_N];	/* s^ or y^ */
	s32 acc32[VGC_MLKEM_N];		/* a row of A^ s^ or A^T y^ */
	s16 acc[VGC_MLKEM_N];
	s16 a[VGC_MLKEM_N];
	s16 b[VGC_MLKEM_N];
	u8 buf[3 * 64];			/* a SHAKE128 block or PRF output */
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];	/* the re-encryption in Decaps */
	u8 g[2 * MLKEM_SYMBYTES];	/* G's output: (rho, sigma) or (K, r) */
	u8 in[2 * MLKEM_SYMBYTES];	/* G's input */
	u8 kbar[MLKEM_SYMBYTES];
	u8 rand[VGC_MLKEM_SEED_SIZE];
};

static_assert(sizeof(struct mlkem_ws) <= sizeof(struct vgc_mlkem_work),
	      "VGC_MLKEM_WORK_SIZE is too small");
static_assert(3 * 64 >= VGC_SHAKE128_RATE, "buf holds a SHAKE128 block");

static const struct mlkem_params *mlkem_get(enum vgc_mlkem_set set)
{
	if ((unsigned int)set >= ARRAY_SIZE(mlkem_params))
		return NULL;
	return &mlkem_params[set];
}

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

/* SampleNTT(rho || x || y), one SHAKE128 block at a time. */
static void sample_ntt(struct mlkem_ws *w, s16 p[VGC_MLKEM_N], const u8 *rho,
		       u8 x, u8 y)
{
	unsigned int have = 0;
	u8 xy[2] = { x, y };

	vgc_shake128_init(&w->kc);
	vgc_keccak_absorb(&w->kc, rho, MLKEM_SYMBYTES);
	vgc_keccak_absorb(&w->kc, xy, 2);
	while (have < VGC_MLKEM_N) {
		vgc_keccak_squeeze(&w->kc, w->buf, VGC_SHAKE128_RATE);
		have = vgc_mlkem_rej_uniform(p, have, w->buf,
					     VGC_SHAKE128_RATE);
	}
}

/* SamplePolyCBD_eta(PRF_eta(seed, nonce)) */
static void sample_cbd(struct mlkem_ws *w, s16 p[VGC_MLKEM_N], const u8 *seed,
		       u8 nonce, unsigned int eta)
{
	vgc_shake256_init(&w->kc);
	vgc_keccak_absorb(&w->kc, seed, MLKEM_SYMBYTES);
	vgc_keccak_absorb(&w->kc, &nonce, 1);
	vgc_keccak_squeeze(&w->kc, w->buf, 64 * eta);
	vgc_mlkem_cbd(p, w->buf, eta);
}

/* G(in) = SHA3-512 over w->in, into w->g */
static void mlkem_g(struct mlkem_ws *w, size_t inlen)
{
	vgc_sha3_512(&w->kc, w->g, w->in, inlen);
}

/*
 * K-PKE.KeyGen (FIPS 203 Algorithm 13): ek_pke to @ek, dk_pke to @dk.
 * Row i of t^ = A^ s^ + e^ is finished and encoded before row i + 1.
 */
static void kpke_keygen(const struct mlkem_params *p, struct mlkem_ws *w,
			u8 *ek, u8 *dk, const u8 *d)
{
	const u8 *rho = w->g, *sigma = w->g + MLKEM_SYMBYTES;
	unsigned int i, j, k = p->k;

	memcpy(w->in, d, MLKEM_SYMBYTES);
	w->in[MLKEM_SYMBYTES] = (u8)k;	/* domain separation by k */
	mlkem_g(w, MLKEM_SYMBYTES + 1);
	VGC_CT_DECLASSIFY(rho, MLKEM_SYMBYTES);

	for (i = 0; i < k; i++) {
		sample_cbd(w, w->vec[i], sigma, (u8)i, p->eta1);
		vgc_mlkem_ntt(w->vec[i]);
		vgc_mlkem_poly_tobytes(dk + i * VGC_MLKEM_POLYBYTES, w->vec[i]);
	}
	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			/* A^[i, j] = SampleNTT(rho || j || i) */
			sample_ntt(w, w->a, rho, (u8)j, (u8)i);
			vgc_mlkem_basemul_acc(w->acc32, w->a, w->vec[j], j == 0);
		}
		vgc_mlkem_acc_reduce(w->acc, w->acc32);
		vgc_mlkem_poly_tomont(w->acc);
		sample_cbd(w, w->b, sigma, (u8)(k + i), p->eta1);
		vgc_mlkem_ntt(w->b);
		vgc_mlkem_poly_add(w->acc, w->b);
		vgc_mlkem_poly_tobytes(ek + i * VGC_MLKEM_POLYBYTES, w->acc);
	}
	memcpy(ek + k * VGC_MLKEM_POLYBYTES, rho, MLKEM_SYMBYTES);
}

/*
 * K-PKE.Encrypt (Algorithm 14) of the message @m with randomness @r to
 * @ct. The modulus check on @ek has been done by the caller.
 */
static void kpke_encrypt(const struct mlkem_params *p, struct mlkem_ws *w,
			 u8 *ct, const u8 *ek, const u8 *m, const u8 *r)
{
	const u8 *rho = ek + p->k * VGC_MLKEM_POLYBYTES;
	unsigned int i, j, k = p->k;
	u8 *c2 = ct + k * 32 * p->du;

	for (i = 0; i < k; i++) {
		sample_cbd(w, w->vec[i], r, (u8)i, p->eta1);
		vgc_mlkem_ntt(w->vec[i]);
	}
	/* u = NTT^-1(A^T y^) + e1, row by row */
	for (i = 0; i < k; i++) {
		for (j = 0; j < k; j++) {
			/* A^T[i, j] = A^[j, i] = SampleNTT(rho || i || j) */
			sample_ntt(w, w->a, rho, (u8)i, (u8)j);
			vgc_mlkem_basemul_acc(w->acc32, w->a, w->vec[j], j == 0);
		}
		vgc_mlkem_acc_reduce(w->acc, w->acc32);
		vgc_mlkem_invntt(w->acc);
		sample_cbd(w, w->b, r, (u8)(k + i), 2);
		vgc_mlkem_poly_add(w->acc, w->b);
		vgc_mlkem_poly_compress(ct + i * 32 * p->du, w->acc, p->du);
	}
	/* v = NTT^-1(t^T y^) + e2 + Decompress_1(m) */
	for (j = 0; j < k; j++) {
		vgc_mlkem_poly_frombytes(w->a, ek + j * VGC_MLKEM_POLYBYTES);
		vgc_mlkem_basemul_acc(w->acc32, w->a, w->vec[j], j == 0);
	}
	vgc_mlkem_acc_reduce(w->acc, w->acc32);
	vgc_mlkem_invntt(w->acc);
	sample_cbd(w, w->b, r, (u8)(2 * k), 2);
	vgc_mlkem_poly_add(w->acc, w->b);
	vgc_mlkem_poly_decompress(w->b, m, 1);
	vgc_mlkem_poly_add(w->acc, w->b);
	vgc_mlkem_poly_compress(c2, w->acc, p->dv);
}

/* K-PKE.Decrypt (Algorithm 15): the message to @m. */
static void kpke_decrypt(const struct mlkem_params *p, struct mlkem_ws *w,
			 u8 *m, const u8 *dk, const u8 *ct)
{
	unsigned int i, k = p->k;

	/* s^T NTT(u'), one component at a time */
	for (i = 0; i < k; i++) {
		vgc_mlkem_poly_decompress(w->a, ct + i * 32 * p->du, p->du);
		vgc_mlkem_ntt(w->a);
		vgc_mlkem_poly_frombytes(w->b, dk + i * VGC_MLKEM_POLYBYTES);
		vgc_mlkem_basemul_acc(w->acc32, w->b, w->a, i == 0);
	}
	vgc_mlkem_acc_reduce(w->acc, w->acc32);
	vgc_mlkem_invntt(w->acc);
	/* w = v' - NTT^-1(s^T NTT(u')) */
	vgc_mlkem_poly_decompress(w->b, ct + k * 32 * p->du, p->dv);
	vgc_mlkem_poly_rsub(w->acc, w->b);
	vgc_mlkem_poly_compress(m, w->acc, 1);
}

static void ws_wipe(struct mlkem_ws *w)
{
	memzero_explicit(w, sizeof(*w));
}

/* FIPS 203 section 7.2: every coefficient of t^ below q */
static bool ek_modulus_ok(const struct mlkem_params *p, struct mlkem_ws *w,
			  const u8 *ek)
{
	unsigned int i;
	bool ok = true;

	for (i = 0; i < p->k; i++)
		ok &= vgc_mlkem_poly_frombytes(w->a,
					       ek + i * VGC_MLKEM_POLYBYTES);
	return ok;
}

/* FIPS 203 section 7.3: H(ek) as stored in dk */
static bool dk_hash_ok(const struct mlkem_params *p, struct mlkem_ws *w,
		       const u8 *dk)
{
	const u8 *ek = dk + p->k * VGC_MLKEM_POLYBYTES;
	const u8 *h = ek + p->ek_size;
	bool ok;

	VGC_CT_DECLASSIFY(ek, p->ek_size);
	vgc_sha3_256(&w->kc, w->kbar, ek, p->ek_size);
	ok = !crypto_memneq(w->kbar, h, MLKEM_SYMBYTES);
	/* whether a key is well formed is public: the caller is told */
	VGC_CT_DECLASSIFY(&ok, sizeof(ok));
	return ok;
}

int vgc_mlkem_keypair_derand(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
			     u8 *dk, size_t dk_len, const u8 *seed,
			     size_t seed_len, struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w = (struct mlkem_ws *)work;
	size_t off;

	if (!p || !w || ek_len != p->ek_size || dk_len != p->dk_size ||
	    seed_len != VGC_MLKEM_SEED_SIZE)
		return -EINVAL;

	/* dk = dk_pke || ek || H(ek) || z */
	off = p->k * VGC_MLKEM_POLYBYTES;
	kpke_keygen(p, w, ek, dk, seed);
	memcpy(dk + off, ek, p->ek_size);
	off += p->ek_size;
	vgc_sha3_256(&w->kc, dk + off, ek, p->ek_size);
	off += MLKEM_SYMBYTES;
	memcpy(dk + off, seed + MLKEM_SYMBYTES, MLKEM_SYMBYTES);
	ws_wipe(w);
	return 0;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_keypair_derand);

int vgc_mlkem_keypair(enum vgc_mlkem_set set, u8 *ek, size_t ek_len,
		      u8 *dk, size_t dk_len, struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w = (struct mlkem_ws *)work;
	int ret;

	if (!p || !w || ek_len != p->ek_size || dk_len != p->dk_size)
		return -EINVAL;
	get_random_bytes(w->rand, VGC_MLKEM_SEED_SIZE);
	ret = vgc_mlkem_keypair_derand(set, ek, ek_len, dk, dk_len, w->rand,
				       VGC_MLKEM_SEED_SIZE, work);
	ws_wipe(w);
	return ret;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_keypair);

int vgc_mlkem_encaps_derand(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
			    u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek,
			    size_t ek_len, const u8 m[VGC_MLKEM_MSG_SIZE],
			    struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w = (struct mlkem_ws *)work;

	if (!p || !w || ct_len != p->ct_size || ek_len != p->ek_size)
		return -EINVAL;
	if (!ek_modulus_ok(p, w, ek)) {
		ws_wipe(w);
		return -EINVAL;
	}

	/* (K, r) = G(m || H(ek)) */
	memcpy(w->in, m, MLKEM_SYMBYTES);
	vgc_sha3_256(&w->kc, w->in + MLKEM_SYMBYTES, ek, p->ek_size);
	mlkem_g(w, 2 * MLKEM_SYMBYTES);
	kpke_encrypt(p, w, ct, ek, w->in, w->g + MLKEM_SYMBYTES);
	memcpy(ss, w->g, VGC_MLKEM_SS_SIZE);
	ws_wipe(w);
	return 0;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_encaps_derand);

int vgc_mlkem_encaps(enum vgc_mlkem_set set, u8 *ct, size_t ct_len,
		     u8 ss[VGC_MLKEM_SS_SIZE], const u8 *ek, size_t ek_len,
		     struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w = (struct mlkem_ws *)work;
	int ret;

	if (!p || !w || ct_len != p->ct_size || ek_len != p->ek_size)
		return -EINVAL;
	get_random_bytes(w->rand, VGC_MLKEM_MSG_SIZE);
	ret = vgc_mlkem_encaps_derand(set, ct, ct_len, ss, ek, ek_len, w->rand,
				      work);
	ws_wipe(w);
	return ret;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_encaps);

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

int vgc_mlkem_decaps(enum vgc_mlkem_set set, u8 ss[VGC_MLKEM_SS_SIZE],
		     const u8 *ct, size_t ct_len, const u8 *dk, size_t dk_len,
		     struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w = (struct mlkem_ws *)work;
	const u8 *ek, *h, *z;
	unsigned int i;
	u8 mask;

	if (!p || !w || ct_len != p->ct_size || dk_len != p->dk_size)
		return -EINVAL;
	if (!dk_hash_ok(p, w, dk)) {
		ws_wipe(w);
		return -EINVAL;
	}
	ek = dk + p->k * VGC_MLKEM_POLYBYTES;
	h = ek + p->ek_size;
	z = h + MLKEM_SYMBYTES;

	/* m' = Decrypt(dk_pke, c); (K', r') = G(m' || h) */
	kpke_decrypt(p, w, w->in, dk, ct);
	memcpy(w->in + MLKEM_SYMBYTES, h, MLKEM_SYMBYTES);
	mlkem_g(w, 2 * MLKEM_SYMBYTES);

	/* K_bar = J(z || c) = SHAKE256(z || c, 32) */
	vgc_shake256_init(&w->kc);
	vgc_keccak_absorb(&w->kc, z, MLKEM_SYMBYTES);
	vgc_keccak_absorb(&w->kc, ct, p->ct_size);
	vgc_keccak_squeeze(&w->kc, w->kbar, MLKEM_SYMBYTES);

	kpke_encrypt(p, w, w->ct, ek, w->in, w->g + MLKEM_SYMBYTES);

	/* K' when c' = c, else K_bar: selected by mask, not by a branch */
	mask = ct_differ_mask(ct, w->ct, p->ct_size);
	for (i = 0; i < VGC_MLKEM_SS_SIZE; i++)
		ss[i] = w->g[i] ^ (mask & (w->g[i] ^ w->kbar[i]));
	ws_wipe(w);
	return 0;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_decaps);

int vgc_mlkem_check_ek(enum vgc_mlkem_set set, const u8 *ek, size_t ek_len,
		       struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w = (struct mlkem_ws *)work;
	bool ok;

	if (!p || !w || ek_len != p->ek_size)
		return -EINVAL;
	ok = ek_modulus_ok(p, w, ek);
	ws_wipe(w);
	return ok ? 0 : -EINVAL;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_check_ek);

int vgc_mlkem_check_dk(enum vgc_mlkem_set set, const u8 *dk, size_t dk_len,
		       struct vgc_mlkem_work *work)
{
	const struct mlkem_params *p = mlkem_get(set);
	struct mlkem_ws *w = (struct mlkem_ws *)work;
	bool ok;

	if (!p || !w || dk_len != p->dk_size)
		return -EINVAL;
	ok = dk_hash_ok(p, w, dk);
	ws_wipe(w);
	return ok ? 0 : -EINVAL;
}
EXPORT_SYMBOL_GPL(vgc_mlkem_check_dk);
