// SPDX-License-Identifier: GPL-2.0-only
/*
 * SHA-3 against OpenSSL, the polynomial arithmetic against plain integer
 * arithmetic (the NTT product through the back end under test), and the
 * API's refusals.
 */
#include <openssl/evp.h>

#include "mlkem_test.h"
#include "mlkem_poly.h"
#include "sha3.h"

/* the save area of the SIMD sections this file opens (lib/simd_save.h) */
static struct vgc_simd_save test_save;

static u64 rng_state = 0x6d6c6b656d2d7574ULL;

/* SplitMix64: reproducible inputs */
static u64 rng_next(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rng_fill(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rng_next();
}

static void ossl_digest(const EVP_MD *md, const u8 *in, size_t len, u8 *out,
			size_t outlen, bool xof)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	unsigned int n;

	if (!c || !EVP_DigestInit_ex(c, md, NULL) ||
	    !EVP_DigestUpdate(c, in, len) ||
	    !(xof ? EVP_DigestFinalXOF(c, out, outlen) :
		    EVP_DigestFinal_ex(c, out, &n))) {
		fprintf(stderr, "OpenSSL digest failed\n");
		abort();
	}
	EVP_MD_CTX_free(c);
}

void suite_sha3(void)
{
	static const char *const names[] = {
		"SHA3-256", "SHA3-512", "SHAKE128", "SHAKE256"
	};
	static u8 in[1200], want[700], got[700];
	struct mt_tally t = { 0 };
	struct vgc_keccak k;
	size_t len, off, n, outlen, so;
	unsigned int f;
	const EVP_MD *md;

	for (len = 0; len <= sizeof(in); len += (len < 300 ? 1 : 37)) {
		rng_fill(in, len);
		for (f = 0; f < 4; f++) {
			md = f == 0 ? EVP_sha3_256() : f == 1 ? EVP_sha3_512() :
			     f == 2 ? EVP_shake128() : EVP_shake256();
			outlen = f == 0 ? 32 : f == 1 ? 64 :
				 1 + rng_next() % (sizeof(want) - 1);
			ossl_digest(md, in, len, want, outlen, f >= 2);
			if (f == 0)
				vgc_sha3_256_init(&k);
			else if (f == 1)
				vgc_sha3_512_init(&k);
			else if (f == 2)
				vgc_shake128_init(&k);
			else
				vgc_shake256_init(&k);
			/* absorb and squeeze in random pieces */
			for (off = 0; off < len; off += n) {
				n = 1 + rng_next() % (len - off);
				vgc_keccak_absorb(&k, in + off, n);
			}
			for (so = 0; so < outlen; so += n) {
				n = 1 + rng_next() % (outlen - so);
				vgc_keccak_squeeze(&k, got + so, n);
			}
			mt_check(&t, !memcmp(got, want, outlen), "sha3-openssl",
				 "%s of %zu bytes, %zu out", names[f], len,
				 outlen);
		}
	}
	mt_report("sha3-openssl", &t);
}

static s16 modq(s64 x)
{
	x %= VGC_MLKEM_Q;
	return (s16)(x < 0 ? x + VGC_MLKEM_Q : x);
}

static void suite_arith(void)
{
	static const unsigned int ds[] = { 1, 4, 5, 10, 11 };
	static s16 a[VGC_MLKEM_N], b[VGC_MLKEM_N], c[VGC_MLKEM_N];
	static s16 a0[VGC_MLKEM_N], ref[VGC_MLKEM_N];
	struct mt_tally t = { 0 };
	unsigned int i, j, di, d, x, bad, iter;
	s64 s;

	/* Compress_d and Decompress_d against division, every input */
	for (di = 0; di < ARRAY_SIZE(ds); di++) {
		d = ds[di];
		bad = 0;
		for (x = 0; x < VGC_MLKEM_Q; x++)
			bad += vgc_mlkem_compress(x, d) !=
			       (((x << d) + VGC_MLKEM_Q / 2) / VGC_MLKEM_Q) %
			       (1U << d);
		mt_check(&t, !bad, "arith", "Compress_%u: %u wrong", d, bad);
		bad = 0;
		for (x = 0; x < (1U << d); x++)
			bad += vgc_mlkem_decompress(x, d) !=
			       (2 * x * VGC_MLKEM_Q + (1U << d)) >> (d + 1);
		mt_check(&t, !bad, "arith", "Decompress_%u: %u wrong", d, bad);
	}
	/* Barrett and freeze over every s16 */
	bad = 0;
	for (s = -32768; s < 32768; s++)
		bad += vgc_mlkem_freeze((s16)s) != modq(s);
	mt_check(&t, !bad, "arith", "freeze: %u wrong", bad);

	for (iter = 0; iter < 50; iter++) {
		for (i = 0; i < VGC_MLKEM_N; i++) {
			a[i] = (s16)(rng_next() % VGC_MLKEM_Q);
			b[i] = (s16)(rng_next() % VGC_MLKEM_Q);
		}
		/* schoolbook product modulo X^256 + 1 */
		for (i = 0; i < VGC_MLKEM_N; i++) {
			s = 0;
			for (j = 0; j <= i; j++)
				s += (s64)a[j] * b[i - j];
			for (j = i + 1; j < VGC_MLKEM_N; j++)
				s -= (s64)a[j] * b[VGC_MLKEM_N + i - j];
			ref[i] = modq(s);
		}
		/* through the back end under test, in its SIMD section */
		memcpy(a0, a, sizeof(a));
		if (mt_be->simd_begin)
			mt_be->simd_begin(&test_save);
		mt_be->ntt(a);
		mt_be->ntt(b);
		mt_be->basemul_row(c, a, b, 1);
		mt_be->invntt(c);
		mt_be->invntt(a);
		if (mt_be->simd_end)
			mt_be->simd_end(&test_save);
		bad = 0;
		for (i = 0; i < VGC_MLKEM_N; i++)
			bad += vgc_mlkem_freeze(c[i]) != ref[i];
		mt_check(&t, !bad, "arith", "NTT product %u: %u wrong", iter,
			 bad);
		/* invNTT(NTT(a)) is a * 2^16 */
		bad = 0;
		for (i = 0; i < VGC_MLKEM_N; i++)
			bad += vgc_mlkem_freeze(a[i]) != modq((s64)a0[i] << 16);
		mt_check(&t, !bad, "arith", "NTT round trip %u: %u wrong",
			 iter, bad);
	}
	mt_report("arith", &t);
}

static bool all_bytes(const u8 *p, size_t n, u8 v)
{
	while (n--)
		if (*p++ != v)
			return false;
	return true;
}

/* The outputs of a refused call: poisoned before, still poisoned after. */
static u8 o_ek[VGC_MLKEM_MAX_EK_SIZE + 1], o_dk[VGC_MLKEM_MAX_DK_SIZE + 1];
static u8 o_ct[VGC_MLKEM_MAX_CT_SIZE + 1], o_ss[VGC_MLKEM_SS_SIZE];

static void poison(void)
{
	memset(o_ek, 0xa5, sizeof(o_ek));
	memset(o_dk, 0xa5, sizeof(o_dk));
	memset(o_ct, 0xa5, sizeof(o_ct));
	memset(o_ss, 0xa5, sizeof(o_ss));
}

static bool refused(int r)
{
	return r == -EINVAL && all_bytes(o_ek, sizeof(o_ek), 0xa5) &&
	       all_bytes(o_dk, sizeof(o_dk), 0xa5) &&
	       all_bytes(o_ct, sizeof(o_ct), 0xa5) &&
	       all_bytes(o_ss, sizeof(o_ss), 0xa5);
}

#define REFUSED(call, what)						\
	do {								\
		poison();						\
		mt_check(&t, refused(call), s, "set %u%s: %s not refused", \
			 set, sizes, what);				\
	} while (0)

/*
 * Every length off by one, and unknown sets, are refused with -EINVAL
 * and nothing written; the random forms round-trip.
 */
static void suite_api(void)
{
	static u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
	static u8 ct[VGC_MLKEM_MAX_CT_SIZE], ek2[VGC_MLKEM_MAX_EK_SIZE];
	static u8 dk2[VGC_MLKEM_MAX_DK_SIZE], seed[VGC_MLKEM_SEED_SIZE + 1];
	static u8 m[VGC_MLKEM_MSG_SIZE], ss[32], ss2[32];
	static struct vgc_mlkem_work work;
	struct mt_tally t = { 0 };
	const char *s = "api", *sizes;
	unsigned int set;
	size_t el, dl, cl;
	int r, dl1;

	rng_fill(seed, sizeof(seed));
	rng_fill(m, sizeof(m));
	for (set = 0; set < 5; set++) {
		/* sets 3 and 4 (as -1) do not exist: 768's sizes for them */
		enum vgc_mlkem_set ps = set == 4 ? (enum vgc_mlkem_set)-1 :
					(enum vgc_mlkem_set)set;
		bool bad_set = set >= 3;

		el = vgc_mlkem_ek_size(bad_set ? VGC_MLKEM768 : ps);
		dl = vgc_mlkem_dk_size(bad_set ? VGC_MLKEM768 : ps);
		cl = vgc_mlkem_ct_size(bad_set ? VGC_MLKEM768 : ps);
		if (bad_set)
			mt_check(&t, !vgc_mlkem_ek_size(ps) &&
				 !vgc_mlkem_dk_size(ps) &&
				 !vgc_mlkem_ct_size(ps), s, "sizes of set %u",
				 set);
		r = vgc_mlkem_keypair_derand(bad_set ? VGC_MLKEM768 : ps, ek,
					     el, dk, dl, seed, 64, &work);
		mt_check(&t, !r, s, "keypair_derand set %u: %d", set, r);
		for (dl1 = bad_set ? 0 : -1; dl1 <= 1; dl1 += 2) {
			size_t e = el + dl1, k = dl + dl1, c = cl + dl1;

			if (bad_set) {
				e = el;
				k = dl;
				c = cl;
			}
			sizes = bad_set ? " (unknown)" :
				dl1 < 0 ? " (length - 1)" : " (length + 1)";
			REFUSED(vgc_mlkem_keypair_derand(ps, o_ek, e, o_dk, dl,
							 seed, 64, &work),
				"keypair_derand ek_len");
			REFUSED(vgc_mlkem_keypair_derand(ps, o_ek, el, o_dk, k,
							 seed, 64, &work),
				"keypair_derand dk_len");
			REFUSED(vgc_mlkem_keypair_derand(ps, o_ek, el, o_dk, dl,
							 seed, 64 + dl1 * !bad_set,
							 &work),
				"keypair_derand seed_len");
			REFUSED(vgc_mlkem_keypair(ps, o_ek, e, o_dk, dl, &work),
				"keypair ek_len");
			REFUSED(vgc_mlkem_keypair(ps, o_ek, el, o_dk, k, &work),
				"keypair dk_len");
			REFUSED(vgc_mlkem_encaps_derand(ps, o_ct, c, o_ss, ek, el,
							m, &work),
				"encaps_derand ct_len");
			REFUSED(vgc_mlkem_encaps_derand(ps, o_ct, cl, o_ss, ek, e,
							m, &work),
				"encaps_derand ek_len");
			REFUSED(vgc_mlkem_encaps(ps, o_ct, c, o_ss, ek, el, &work),
				"encaps ct_len");
			REFUSED(vgc_mlkem_encaps(ps, o_ct, cl, o_ss, ek, e, &work),
				"encaps ek_len");
			vgc_mlkem_encaps_derand(bad_set ? VGC_MLKEM768 : ps, ct,
						cl, ss, ek, el, m, &work);
			REFUSED(vgc_mlkem_decaps(ps, o_ss, ct, c, dk, dl, &work),
				"decaps ct_len");
			REFUSED(vgc_mlkem_decaps(ps, o_ss, ct, cl, dk, k, &work),
				"decaps dk_len");
			REFUSED(vgc_mlkem_check_ek(ps, ek, e, &work),
				"check_ek length");
			REFUSED(vgc_mlkem_check_dk(ps, dk, k, &work),
				"check_dk length");
		}
		if (bad_set)
			continue;

		/* fresh randomness: round trips, two key pairs differ */
		r = vgc_mlkem_keypair(ps, ek, el, dk, dl, &work);
		r |= vgc_mlkem_keypair(ps, ek2, el, dk2, dl, &work);
		mt_check(&t, !r && memcmp(ek, ek2, el) && memcmp(dk, dk2, dl),
			 s, "two random key pairs of set %u: %d", set, r);
		r = vgc_mlkem_encaps(ps, ct, cl, ss, ek, el, &work);
		r |= vgc_mlkem_decaps(ps, ss2, ct, cl, dk, dl, &work);
		mt_check(&t, !r && !memcmp(ss, ss2, 32), s,
			 "random round trip of set %u: %d", set, r);
		r = vgc_mlkem_encaps(ps, ct, cl, ss2, ek, el, &work);
		mt_check(&t, !r && memcmp(ss, ss2, 32), s,
			 "two random encapsulations of set %u agree", set);
		r = vgc_mlkem_check_ek(ps, ek, el, &work);
		r |= vgc_mlkem_check_dk(ps, dk, dl, &work);
		mt_check(&t, !r, s, "checks of a fresh pair, set %u", set);
		/* every function wipes the work area before it returns */
		mt_check(&t, all_bytes((u8 *)&work, sizeof(work), 0), s,
			 "work area not wiped, set %u", set);
	}
	mt_report("api", &t);
}

void suite_units(void)
{
	suite_arith();
	suite_api();
}
