// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for vgcrypto's ML-KEM drivers (kpp and akcipher, by driver
 * name) and its exported functions. Every case runs once per parameter
 * set and registered back end. Outputs go to poisoned buffers so that a
 * refusal that writes anything, or a success that writes past its
 * output, is seen. Requests that overlap: mlkem_concurrency_kunit.c.
 *
 * Expected values: NIST ACVP (generated header, from ../shared/vectors at
 * build time), the C2SP CCTV accumulated hashes, and J(z || c) computed
 * here with SHAKE-256 for implicit rejection.
 */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "mlkem_kunit.h"
#include "../crypto/vgc_glue.h"

enum { ACVP_ENCAPS, ACVP_DECAPS, ACVP_EK_CHECK, ACVP_DK_CHECK };

struct acvp_keygen {
	enum vgc_mlkem_set set;
	int tcid;
	const u8 *seed;
	size_t seed_len;
	const u8 *ek;
	size_t ek_len;
	const u8 *dk;
	size_t dk_len;
};

struct acvp_encdec {
	enum vgc_mlkem_set set;
	int fn;
	int tcid;
	int passed;		/* key checks: 1 or 0; else -1 */
	const u8 *ek;
	size_t ek_len;
	const u8 *dk;
	size_t dk_len;
	const u8 *c;
	size_t c_len;
	const u8 *k;
	size_t k_len;
	const u8 *m;
	size_t m_len;
};

#include "generated/mlkem_acvp.h"

static const struct mlkem_set_info mlkem_sets[] = {
	{ VGC_MLKEM512, 512, vgc_mlkem512_keypair, vgc_mlkem512_encaps,
	  vgc_mlkem512_decaps,
	  "705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13" },
	{ VGC_MLKEM768, 768, vgc_mlkem768_keypair, vgc_mlkem768_encaps,
	  vgc_mlkem768_decaps,
	  "f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1" },
	{ VGC_MLKEM1024, 1024, vgc_mlkem1024_keypair, vgc_mlkem1024_encaps,
	  vgc_mlkem1024_decaps,
	  "e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5" },
};

static bool drivers_registered(const struct vgc_mlkem_backend *be)
{
	char name[CRYPTO_MAX_ALG_NAME];

	snprintf(name, sizeof(name), "mlkem768-vgcrypto-%s", be->name);
	return crypto_has_alg(name, CRYPTO_ALG_TYPE_KPP, CRYPTO_ALG_TYPE_MASK);
}

/*
 * The table is filled when the first parameter is asked for (the suites
 * run one case at a time); 6.1's KTAP prints skipped parameters as
 * passed, so back ends not registered are left out instead.
 */
const void *mlkem_gen_params(const void *prev, char *desc)
{
	static struct mlkem_param params[4 * ARRAY_SIZE(mlkem_sets)];
	static unsigned int n;
	const struct vgc_mlkem_backend *const *be;
	const struct mlkem_param *p;
	unsigned int i;

	if (!prev) {
		n = 0;
		for (be = vgc_mlkem_backends; *be; be++) {
			if (*be != &vgc_mlkem_backend_generic &&
			    !drivers_registered(*be))
				continue;
			for (i = 0; i < ARRAY_SIZE(mlkem_sets); i++) {
				if (n == ARRAY_SIZE(params))
					break;
				params[n].be = *be;
				params[n++].si = &mlkem_sets[i];
			}
		}
		p = params;
	} else {
		p = (const struct mlkem_param *)prev + 1;
	}
	if (p >= params + n)
		return NULL;
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "mlkem%u %s", p->si->bits,
		 p->be->name);
	return p;
}

struct mk *mk_new(struct kunit *test)
{
	const struct mlkem_param *param = test->param_value;
	const struct mlkem_set_info *si = param->si;
	struct mk *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	t->si = si;
	t->be = param->be;
	t->set = si->set;
	t->ekl = vgc_mlkem_ek_size(si->set);
	t->dkl = vgc_mlkem_dk_size(si->set);
	t->ctl = vgc_mlkem_ct_size(si->set);
	snprintf(t->kpp_name, sizeof(t->kpp_name), "mlkem%u-vgcrypto-%s",
		 si->bits, param->be->name);
	snprintf(t->ak_name, sizeof(t->ak_name),
		 "mlkem%u-vgcrypto-%s-akcipher", si->bits, param->be->name);
	t->kpp = crypto_alloc_kpp(t->kpp_name, 0, 0);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(t->kpp), "kpp mlkem%u: %ld",
			       si->bits, PTR_ERR(t->kpp));
	t->ak = crypto_alloc_akcipher(t->ak_name, 0, 0);
	if (IS_ERR(t->ak)) {
		crypto_free_kpp(t->kpp);
		KUNIT_ASSERT_FAILURE(test, "akcipher mlkem%u: %ld", si->bits,
				     PTR_ERR(t->ak));
	}
	t->kreq = kpp_request_alloc(t->kpp, GFP_KERNEL);
	t->areq = akcipher_request_alloc(t->ak, GFP_KERNEL);
	test->priv = t;
	KUNIT_ASSERT_NOT_NULL(test, t->kreq);
	KUNIT_ASSERT_NOT_NULL(test, t->areq);
	return t;
}

void mk_exit(struct kunit *test)
{
	struct mk *t = test->priv;

	/* a case that failed half way leaves the pool looking seeded */
	vgc_mlkem_test_rng_unready(false);
	if (!t)
		return;
	kpp_request_free(t->kreq);
	akcipher_request_free(t->areq);
	if (!IS_ERR_OR_NULL(t->ak))
		crypto_free_akcipher(t->ak);
	if (!IS_ERR_OR_NULL(t->kpp))
		crypto_free_kpp(t->kpp);
	test->priv = NULL;
}

/*
 * A scatterlist over @buf: one piece, or (@split) three of unequal
 * lengths, so that the drivers' copies cross entries.
 */
struct scatterlist *mk_sg(struct scatterlist sg[3], void *buf,
			  unsigned int len, bool split)
{
	unsigned int a = len / 3, b = len / 2;

	if (!buf)
		return NULL;
	if (!split || len < 3) {
		sg_init_one(sg, buf, len);
		return sg;
	}
	sg_init_table(sg, 3);
	sg_set_buf(&sg[0], buf, a);
	sg_set_buf(&sg[1], buf + a, b - a);
	sg_set_buf(&sg[2], buf + b, len - b);
	return sg;
}

static void poison(struct mk *t)
{
	memset(t->out, POISON, OUT_SIZE);
}

/* Whether t->out is all poison from @from on. */
bool poisoned_from(struct mk *t, unsigned int from)
{
	return !memchr_inv(t->out + from, POISON, OUT_SIZE - from);
}

/* ---- one operation each; outputs in t->out (poisoned first) ---- */

int kpp_pub(struct mk *t, unsigned int dst_len)
{
	struct scatterlist d[3];
	int err;

	poison(t);
	kpp_request_set_input(t->kreq, NULL, 0);
	kpp_request_set_output(t->kreq, mk_sg(d, t->out, dst_len, false),
			       dst_len);
	err = crypto_kpp_generate_public_key(t->kreq);
	t->dst_len = t->kreq->dst_len;
	return err;
}

/* src_len may differ from the bytes in the list (@have) to test refusals */
int kpp_ss(struct mk *t, const u8 *ct, unsigned int have,
	   unsigned int src_len, unsigned int dst_len, bool split)
{
	struct scatterlist s[3], d[3];
	int err;

	memcpy(t->in, ct, have);
	poison(t);
	kpp_request_set_input(t->kreq, mk_sg(s, t->in, have, split), src_len);
	kpp_request_set_output(t->kreq, mk_sg(d, t->out, dst_len, split),
			       dst_len);
	err = crypto_kpp_compute_shared_secret(t->kreq);
	t->dst_len = t->kreq->dst_len;
	return err;
}

int kpp_key_set(struct mk *t, const u8 *key, unsigned int len)
{
	if (len)
		memcpy(t->key, key, len);
	return crypto_kpp_set_secret(t->kpp, len ? t->key : NULL, len);
}

int enc_derand(struct mk *t, const u8 *ek, const u8 *m)
{
	return vgc_mlkem_encaps_derand_be(t->be, t->set, t->ct, t->ctl, t->ss,
					  ek, t->ekl, m, &t->work);
}

int ak_enc(struct mk *t, const u8 *m, unsigned int m_len,
	   unsigned int dst_len, bool split)
{
	struct scatterlist s[3], d[3];
	int err;

	if (m_len)
		memcpy(t->in, m, m_len);
	poison(t);
	akcipher_request_set_crypt(t->areq,
				   m_len ? mk_sg(s, t->in, m_len, split) : NULL,
				   mk_sg(d, t->out, dst_len, split), m_len,
				   dst_len);
	err = crypto_akcipher_encrypt(t->areq);
	t->dst_len = t->areq->dst_len;
	return err;
}

int ak_dec(struct mk *t, const u8 *ct, unsigned int have,
	   unsigned int src_len, unsigned int dst_len, bool split)
{
	struct scatterlist s[3], d[3];
	int err;

	memcpy(t->in, ct, have);
	poison(t);
	akcipher_request_set_crypt(t->areq, mk_sg(s, t->in, have, split),
				   mk_sg(d, t->out, dst_len, split), src_len,
				   dst_len);
	err = crypto_akcipher_decrypt(t->areq);
	t->dst_len = t->areq->dst_len;
	return err;
}

int ak_pub_set(struct mk *t, const u8 *key, unsigned int len)
{
	memcpy(t->key, key, len);
	return crypto_akcipher_set_pub_key(t->ak, t->key, len);
}

int ak_priv_set(struct mk *t, const u8 *key, unsigned int len)
{
	memcpy(t->key, key, len);
	return crypto_akcipher_set_priv_key(t->ak, t->key, len);
}

/* J(z || c): the implicit-rejection secret for dk's z */
static void expect_j(struct mk *t, const u8 *dk, const u8 *ct, u8 out[SS])
{
	vgc_shake256_init(&t->kc2);
	vgc_keccak_absorb(&t->kc2, dk + t->dkl - 32, 32);
	vgc_keccak_absorb(&t->kc2, ct, t->ctl);
	vgc_keccak_squeeze(&t->kc2, out, SS);
}

/* ---- cases ---- */

/* What a user asking for "mlkemN" gets: the highest priority registered. */
static const struct vgc_mlkem_backend *top_backend(void)
{
	const struct vgc_mlkem_backend *const *be, *top = NULL;

	for (be = vgc_mlkem_backends; *be; be++)
		if (drivers_registered(*be) &&
		    (!top || (*be)->priority > top->priority))
			top = *be;
	return top;
}

static void test_registration(struct kunit *test)
{
	struct mk *t = mk_new(test);
	const struct vgc_mlkem_backend *top = top_backend();
	struct crypto_kpp *byname;
	char name[CRYPTO_MAX_ALG_NAME];

	KUNIT_EXPECT_STREQ(test,
			   crypto_tfm_alg_driver_name(crypto_kpp_tfm(t->kpp)),
			   t->kpp_name);
	KUNIT_EXPECT_STREQ(test,
			   crypto_tfm_alg_driver_name(crypto_akcipher_tfm(t->ak)),
			   t->ak_name);
	KUNIT_EXPECT_EQ(test, crypto_kpp_maxsize(t->kpp), t->ekl);
	KUNIT_EXPECT_EQ(test, crypto_akcipher_maxsize(t->ak), t->ctl + SS);
	/* by algorithm name, as a user would ask: vgcrypto's fastest driver */
	KUNIT_ASSERT_NOT_NULL(test, top);
	snprintf(name, sizeof(name), "mlkem%u", t->si->bits);
	byname = crypto_alloc_kpp(name, 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(byname));
	snprintf(name, sizeof(name), "mlkem%u-vgcrypto-%s", t->si->bits,
		 top->name);
	KUNIT_EXPECT_STREQ(test,
			   crypto_tfm_alg_driver_name(crypto_kpp_tfm(byname)),
			   name);
	crypto_free_kpp(byname);
}

static void test_round_trips(struct kunit *test)
{
	struct mk *t = mk_new(test);
	unsigned int i;

	/* a fresh key pair (kpp, len 0) and a fresh m (akcipher, empty src) */
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, NULL, 0), 0);
	KUNIT_ASSERT_EQ(test, kpp_pub(t, t->ekl), 0);
	KUNIT_EXPECT_EQ(test, t->dst_len, t->ekl);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, t->ekl));
	memcpy(t->ek, t->out, t->ekl);
	KUNIT_ASSERT_EQ(test, ak_pub_set(t, t->ek, t->ekl), 0);
	KUNIT_ASSERT_EQ(test, ak_enc(t, NULL, 0, t->ctl + SS + 100, true), 0);
	KUNIT_EXPECT_EQ(test, t->dst_len, t->ctl + SS);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, t->ctl + SS));
	memcpy(t->ct, t->out, t->ctl);
	memcpy(t->ss, t->out + t->ctl, SS);
	KUNIT_ASSERT_EQ(test, kpp_ss(t, t->ct, t->ctl, t->ctl, SS, true), 0);
	KUNIT_EXPECT_EQ(test, t->dst_len, SS);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, SS));
	/* fresh means fresh: another encapsulation and key pair differ */
	KUNIT_ASSERT_EQ(test, ak_enc(t, NULL, 0, t->ctl + SS, false), 0);
	EXPECT_MEMNEQ(test, t->out, t->ct, t->ctl);
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, NULL, 0), 0);
	KUNIT_ASSERT_EQ(test, kpp_pub(t, t->ekl), 0);
	EXPECT_MEMNEQ(test, t->out, t->ek, t->ekl);

	/* from a seed: kpp, akcipher and the exported functions agree */
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 3 * i + t->si->bits;
	for (i = 0; i < VGC_MLKEM_MSG_SIZE; i++)
		t->m[i] = 0xa0 ^ i;
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->seed, sizeof(t->seed)), 0);
	KUNIT_ASSERT_EQ(test, kpp_pub(t, t->ekl), 0);
	EXPECT_MEMEQ(test, t->out, t->ek, t->ekl);
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->dk, t->dkl), 0);
	KUNIT_ASSERT_EQ(test, kpp_pub(t, t->ekl + 1), 0);
	EXPECT_MEMEQ(test, t->out, t->ek, t->ekl);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, t->ekl));

	/*
	 * a chosen m: Encaps_internal (KUnit's alone) agrees with the
	 * exported function of the same name on every back end; the
	 * akcipher refuses an m (a src), writing nothing
	 */
	KUNIT_ASSERT_EQ(test, enc_derand(t, t->ek, t->m), 0);
	KUNIT_ASSERT_EQ(test, vgc_mlkem_encaps_derand(t->set, t->ct2, t->ctl,
						      t->ss2, t->ek, t->ekl,
						      t->m, &t->work), 0);
	EXPECT_MEMEQ(test, t->ct2, t->ct, t->ctl);
	EXPECT_MEMEQ(test, t->ss2, t->ss, SS);
	KUNIT_ASSERT_EQ(test, ak_pub_set(t, t->ek, t->ekl), 0);
	KUNIT_EXPECT_EQ(test, ak_enc(t, t->m, sizeof(t->m), t->ctl + SS, true),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, 0));
	/* akcipher with the seed, then with dk: encrypt and decrypt */
	KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->seed, sizeof(t->seed)), 0);
	KUNIT_ASSERT_EQ(test, ak_enc(t, NULL, 0, t->ctl + SS, false), 0);
	memcpy(t->ct2, t->out, t->ctl);
	memcpy(t->ss2, t->out + t->ctl, SS);
	KUNIT_ASSERT_EQ(test, ak_dec(t, t->ct2, t->ctl, t->ctl, SS, true), 0);
	EXPECT_MEMEQ(test, t->out, t->ss2, SS);
	KUNIT_ASSERT_EQ(test, ak_dec(t, t->ct, t->ctl, t->ctl, SS, true), 0);
	KUNIT_EXPECT_EQ(test, t->dst_len, SS);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->dk, t->dkl), 0);
	KUNIT_ASSERT_EQ(test, ak_dec(t, t->ct, t->ctl, t->ctl, SS + 7, false),
			0);
	KUNIT_EXPECT_EQ(test, t->dst_len, SS);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, SS));
	KUNIT_ASSERT_EQ(test, kpp_ss(t, t->ct, t->ctl, t->ctl, SS, false), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	KUNIT_ASSERT_EQ(test, t->si->decaps(t->ss2, t->ct, t->dk), 0);
	EXPECT_MEMEQ(test, t->ss2, t->ss, SS);
	/* the exported functions' random forms */
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct2, t->ss2, t->ek), 0);
	KUNIT_ASSERT_EQ(test, kpp_ss(t, t->ct2, t->ctl, t->ctl, SS, false), 0);
	EXPECT_MEMEQ(test, t->out, t->ss2, SS);
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, NULL), 0);
	KUNIT_ASSERT_EQ(test, vgc_mlkem_check_dk(t->set, t->dk, t->dkl,
						 &t->work), 0);
}

static void test_acvp_keygen(struct kunit *test)
{
	struct mk *t = mk_new(test);
	unsigned int i, n = 0;

	if (VGC_ACVP_MISSING)
		kunit_skip(test, "MISSING: ../shared/vectors/acvp-mlkem, no ACVP cases");
	for (i = 0; i < ACVP_KEYGEN_COUNT; i++) {
		const struct acvp_keygen *v = &acvp_keygen[i];

		if (v->set != t->set)
			continue;
		n++;
		KUNIT_ASSERT_EQ(test, v->seed_len, VGC_MLKEM_SEED_SIZE);
		KUNIT_ASSERT_EQ(test, v->ek_len, t->ekl);
		KUNIT_ASSERT_EQ(test, v->dk_len, t->dkl);
		/* kpp from d || z */
		KUNIT_ASSERT_EQ(test, kpp_key_set(t, v->seed, 64), 0);
		KUNIT_ASSERT_EQ(test, kpp_pub(t, t->ekl), 0);
		EXPECT_MEMEQ_MSG(test, t->out, v->ek, t->ekl, "tcId %d",
				 v->tcid);
		/* the exported function gives dk too */
		KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, v->seed), 0);
		EXPECT_MEMEQ_MSG(test, t->ek, v->ek, t->ekl, "tcId %d",
				 v->tcid);
		EXPECT_MEMEQ_MSG(test, t->dk, v->dk, t->dkl, "tcId %d",
				 v->tcid);
		/* kpp from the expanded dk: the same ek */
		KUNIT_ASSERT_EQ(test, kpp_key_set(t, v->dk, t->dkl), 0);
		KUNIT_ASSERT_EQ(test, kpp_pub(t, t->ekl), 0);
		EXPECT_MEMEQ_MSG(test, t->out, v->ek, t->ekl, "tcId %d",
				 v->tcid);
	}
	KUNIT_EXPECT_EQ(test, n, 25);
}

static void acvp_encdec_one(struct mk *t, const struct acvp_encdec *v)
{
	struct kunit *test = t->test;
	int want;

	switch (v->fn) {
	case ACVP_ENCAPS:
		/* Encaps_internal, KUnit's alone, on the drivers' back end */
		KUNIT_ASSERT_EQ(test, v->m_len, VGC_MLKEM_MSG_SIZE);
		KUNIT_ASSERT_EQ(test, ak_pub_set(t, v->ek, v->ek_len), 0);
		KUNIT_ASSERT_EQ(test, enc_derand(t, v->ek, v->m), 0);
		EXPECT_MEMEQ_MSG(test, t->ct, v->c, t->ctl, "tcId %d",
				 v->tcid);
		EXPECT_MEMEQ_MSG(test, t->ss, v->k, SS, "tcId %d", v->tcid);
		break;
	case ACVP_DECAPS:
		KUNIT_ASSERT_EQ(test, kpp_key_set(t, v->dk, v->dk_len), 0);
		KUNIT_ASSERT_EQ(test, kpp_ss(t, v->c, v->c_len, v->c_len, SS,
					     false), 0);
		EXPECT_MEMEQ_MSG(test, t->out, v->k, SS, "tcId %d",
				 v->tcid);
		KUNIT_ASSERT_EQ(test, ak_priv_set(t, v->dk, v->dk_len), 0);
		KUNIT_ASSERT_EQ(test, ak_dec(t, v->c, v->c_len, v->c_len, SS,
					     true), 0);
		EXPECT_MEMEQ_MSG(test, t->out, v->k, SS, "tcId %d",
				 v->tcid);
		break;
	case ACVP_EK_CHECK:
		want = v->passed ? 0 : -EINVAL;
		KUNIT_EXPECT_EQ_MSG(test, ak_pub_set(t, v->ek, v->ek_len), want,
				    "tcId %d", v->tcid);
		if (v->ek_len == t->ekl) {
			KUNIT_EXPECT_EQ(test, vgc_mlkem_check_ek(t->set, v->ek,
								 v->ek_len,
								 &t->work),
					want);
			KUNIT_EXPECT_EQ(test, t->si->encaps(t->ct, t->ss, v->ek),
					want);
		}
		break;
	case ACVP_DK_CHECK:
		want = v->passed ? 0 : -EINVAL;
		KUNIT_EXPECT_EQ_MSG(test, kpp_key_set(t, v->dk, v->dk_len), want,
				    "tcId %d", v->tcid);
		KUNIT_EXPECT_EQ_MSG(test, ak_priv_set(t, v->dk, v->dk_len), want,
				    "tcId %d", v->tcid);
		break;
	default:
		KUNIT_FAIL(test, "tcId %d: unknown function", v->tcid);
	}
}

static void test_acvp_encapdecap(struct kunit *test)
{
	struct mk *t = mk_new(test);
	unsigned int i, n = 0, checks = 0;

	if (VGC_ACVP_MISSING)
		kunit_skip(test, "MISSING: ../shared/vectors/acvp-mlkem, no ACVP cases");
	for (i = 0; i < ACVP_ENCDEC_COUNT; i++) {
		const struct acvp_encdec *v = &acvp_encdec[i];

		if (v->set != t->set)
			continue;
		n++;
		checks += v->fn == ACVP_EK_CHECK || v->fn == ACVP_DK_CHECK;
		acvp_encdec_one(t, v);
	}
	/* 25 encapsulations, 10 decapsulations, 20 key checks per set */
	KUNIT_EXPECT_EQ(test, n, 55);
	KUNIT_EXPECT_EQ(test, checks, 20);
}

/*
 * C2SP CCTV accumulated test, final FIPS 203 (../shared/vectors/README.md):
 * 10,000 key pairs, encapsulations and decapsulations of valid and random
 * ciphertexts, everything hashed. KeyGen's dk comes from the exported
 * function (kpp does not give dk out); kpp's ek must equal it.
 */
static void test_cctv_accumulated(struct kunit *test)
{
	struct mk *t;
	unsigned int i, bad = 0, first = 0;
	ktime_t start = ktime_get();
	u8 want[32];

	if (!vgc_test_long())
		kunit_skip(test, "test_long=0: run natively and on arm64");
	t = mk_new(test);
	KUNIT_ASSERT_EQ(test, hex2bin(want, t->si->cctv, sizeof(want)), 0);
	vgc_shake128_init(&t->kc);	/* the random stream, empty input */
	vgc_shake128_init(&t->kc2);	/* the accumulator */
	for (i = 0; i < 10000; i++) {
		bool ok = true;

		vgc_keccak_squeeze(&t->kc, t->seed, 64);	/* d, z */
		vgc_keccak_squeeze(&t->kc, t->m, 32);
		vgc_keccak_squeeze(&t->kc, t->ct2, t->ctl);	/* ct_r */
		ok &= !vgc_mlkem_keypair_derand(t->set, t->ek, t->ekl, t->dk,
						t->dkl, t->seed, 64, &t->work);
		ok &= !kpp_key_set(t, t->seed, 64) && !kpp_pub(t, t->ekl) &&
		      !memcmp(t->out, t->ek, t->ekl);
		ok &= !ak_pub_set(t, t->ek, t->ekl) &&
		      !enc_derand(t, t->ek, t->m);
		ok &= !kpp_key_set(t, t->dk, t->dkl) &&
		      !kpp_ss(t, t->ct, t->ctl, t->ctl, SS, false) &&
		      !memcmp(t->out, t->ss, SS);
		ok &= !kpp_ss(t, t->ct2, t->ctl, t->ctl, SS, false);
		memcpy(t->ss2, t->out, SS);
		vgc_keccak_absorb(&t->kc2, t->ek, t->ekl);
		vgc_keccak_absorb(&t->kc2, t->dk, t->dkl);
		vgc_keccak_absorb(&t->kc2, t->ct, t->ctl);
		vgc_keccak_absorb(&t->kc2, t->ss, SS);
		vgc_keccak_absorb(&t->kc2, t->ss2, SS);
		if (!ok && !bad++)
			first = i;
	}
	vgc_keccak_squeeze(&t->kc2, t->ss, 32);
	kunit_info(test, "mlkem%u: 10000 iterations in %lld ms\n", t->si->bits,
		   ktime_ms_delta(ktime_get(), start));
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "first failing iteration %u", first);
	EXPECT_MEMEQ(test, t->ss, want, 32);
}

static void expect_refused(struct mk *t, int err, unsigned int dst_len,
			   const char *what)
{
	struct kunit *test = t->test;

	KUNIT_EXPECT_EQ_MSG(test, err, -EINVAL, "%s", what);
	KUNIT_EXPECT_TRUE_MSG(test, poisoned_from(t, 0), "%s wrote", what);
	KUNIT_EXPECT_EQ_MSG(test, t->dst_len, dst_len, "%s: dst_len", what);
}

/*
 * The requests that must be refused, nothing written: -EINVAL, or, where
 * only the destination is too small, -EOVERFLOW with dst_len set to the
 * size needed (as rsa.c answers).
 */
enum refused_key { NO_KEY, KPP_SEED, AK_EK, AK_DK };
enum refused_op { KPP_PUB, KPP_SS, AK_ENC, AK_DEC };
/* a length: one of the set's sizes (or 0) plus a difference */
enum refused_base { ZERO, EK, CT, CT_SS, K };

struct refused_len {
	enum refused_base base;
	int delta;
};

struct refused {
	const char *what;
	enum refused_key key;	/* the key the tfm holds */
	enum refused_op op;
	struct refused_len have;	/* bytes in the source list */
	struct refused_len src_len, dst_len;
	bool split;
	bool overflow;
};

#define RL(b, d)	{ b, d }

static const struct refused refusals[] = {
	{ "kpp public key, no key", NO_KEY, KPP_PUB, RL(ZERO, 0), RL(ZERO, 0),
	  RL(EK, 0) },
	{ "kpp shared secret, no key", NO_KEY, KPP_SS, RL(CT, 0), RL(CT, 0),
	  RL(K, 0) },
	{ "akcipher encrypt, no key", NO_KEY, AK_ENC, RL(ZERO, 0), RL(ZERO, 0),
	  RL(CT_SS, 0) },
	{ "akcipher decrypt, no key", NO_KEY, AK_DEC, RL(CT, 0), RL(CT, 0),
	  RL(K, 0) },
	{ "kpp public key into ek - 1 bytes", KPP_SEED, KPP_PUB, RL(ZERO, 0),
	  RL(ZERO, 0), RL(EK, -1), false, true },
	{ "kpp public key into nothing", KPP_SEED, KPP_PUB, RL(ZERO, 0),
	  RL(ZERO, 0), RL(ZERO, 0), false, true },
	{ "kpp ciphertext - 1", KPP_SEED, KPP_SS, RL(CT, -1), RL(CT, -1),
	  RL(K, 0) },
	{ "kpp ciphertext + 1", KPP_SEED, KPP_SS, RL(CT, 1), RL(CT, 1),
	  RL(K, 0) },
	{ "kpp ciphertext + 1 in a list of ct bytes", KPP_SEED, KPP_SS,
	  RL(CT, 0), RL(CT, 1), RL(K, 0) },
	{ "kpp ciphertext longer than its scatterlist", KPP_SEED, KPP_SS,
	  RL(CT, -1), RL(CT, 0), RL(K, 0), true },
	{ "kpp empty ciphertext", KPP_SEED, KPP_SS, RL(ZERO, 0), RL(ZERO, 0),
	  RL(K, 0) },
	{ "kpp secret into 31 bytes", KPP_SEED, KPP_SS, RL(CT, 0), RL(CT, 0),
	  RL(K, -1), false, true },
	{ "akcipher decrypt with only ek", AK_EK, AK_DEC, RL(CT, 0), RL(CT, 0),
	  RL(K, 0) },
	{ "akcipher encrypt, 1-byte m", AK_EK, AK_ENC, RL(ZERO, 1),
	  RL(ZERO, 1), RL(CT_SS, 0) },
	{ "akcipher encrypt, 31-byte m", AK_EK, AK_ENC, RL(K, -1), RL(K, -1),
	  RL(CT_SS, 0) },
	{ "akcipher encrypt, 33-byte m", AK_EK, AK_ENC, RL(K, 1), RL(K, 1),
	  RL(CT_SS, 0) },
	{ "akcipher encrypt, 32-byte m (Encaps_internal is for tests)", AK_EK,
	  AK_ENC, RL(K, 0), RL(K, 0), RL(CT_SS, 0) },
	{ "akcipher encrypt into ct + 31 bytes", AK_EK, AK_ENC, RL(ZERO, 0),
	  RL(ZERO, 0), RL(CT_SS, -1), false, true },
	{ "akcipher encrypt into ct bytes", AK_EK, AK_ENC, RL(ZERO, 0),
	  RL(ZERO, 0), RL(CT, 0), false, true },
	{ "akcipher ciphertext - 1", AK_DK, AK_DEC, RL(CT, -1), RL(CT, -1),
	  RL(K, 0) },
	{ "akcipher ciphertext + 1", AK_DK, AK_DEC, RL(CT, 1), RL(CT, 1),
	  RL(K, 0) },
	{ "akcipher ciphertext + 1 in a list of ct bytes", AK_DK, AK_DEC,
	  RL(CT, 0), RL(CT, 1), RL(K, 0) },
	{ "akcipher secret into 31 bytes", AK_DK, AK_DEC, RL(CT, 0), RL(CT, 0),
	  RL(K, -1), false, true },
};

static unsigned int refused_len(struct mk *t, struct refused_len l)
{
	const unsigned int base[] = {
		[ZERO] = 0, [EK] = t->ekl, [CT] = t->ctl, [CT_SS] = t->ctl + SS,
		[K] = SS,
	};

	return base[l.base] + l.delta;
}

/* The key the row needs, set once for the rows that follow it. */
static void refused_key_set(struct mk *t, enum refused_key key)
{
	struct kunit *test = t->test;

	switch (key) {
	case KPP_SEED:
		KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->seed, 64), 0);
		break;
	case AK_EK:
		KUNIT_ASSERT_EQ(test, ak_pub_set(t, t->ek, t->ekl), 0);
		break;
	case AK_DK:
		KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->dk, t->dkl), 0);
		break;
	default:
		break;
	}
}

static void refused_run(struct mk *t, const struct refused *r)
{
	unsigned int have = refused_len(t, r->have);
	unsigned int src_len = refused_len(t, r->src_len);
	unsigned int dst_len = refused_len(t, r->dst_len);
	int err;

	switch (r->op) {
	case KPP_PUB:
		err = kpp_pub(t, dst_len);
		break;
	case KPP_SS:
		err = kpp_ss(t, t->ct_long, have, src_len, dst_len, r->split);
		break;
	case AK_ENC:
		err = ak_enc(t, have ? t->m : NULL, have, dst_len, r->split);
		break;
	default:
		err = ak_dec(t, t->ct_long, have, src_len, dst_len, r->split);
		break;
	}
	if (r->overflow) {
		/* the size the operation writes */
		const struct refused_len need[] = {
			[KPP_PUB] = RL(EK, 0), [KPP_SS] = RL(K, 0),
			[AK_ENC] = RL(CT_SS, 0), [AK_DEC] = RL(K, 0),
		};

		KUNIT_EXPECT_EQ_MSG(t->test, err, -EOVERFLOW, "%s", r->what);
		KUNIT_EXPECT_TRUE_MSG(t->test, poisoned_from(t, 0), "%s wrote",
				      r->what);
		KUNIT_EXPECT_EQ_MSG(t->test, t->dst_len,
				    refused_len(t, need[r->op]),
				    "%s: dst_len, the size needed", r->what);
		return;
	}
	expect_refused(t, err, dst_len, r->what);
}

static void test_refusals(struct kunit *test)
{
	struct mk *t = mk_new(test);
	const unsigned int bad_priv[] = { 1, 32, 63, 65, t->ekl, t->dkl - 1,
					  t->dkl + 1 };
	const unsigned int bad_pub[] = { 1, 64, t->ekl - 1, t->ekl + 1,
					 t->dkl };
	enum refused_key key = NO_KEY;
	unsigned int i;

	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = i * 7;
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek), 0);
	memcpy(t->ct_long, t->ct, t->ctl);
	t->ct_long[t->ctl] = 0;

	/* requests without the key they need, or of the wrong lengths */
	for (i = 0; i < ARRAY_SIZE(refusals); i++) {
		if (refusals[i].key != key) {
			key = refusals[i].key;
			refused_key_set(t, key);
		}
		refused_run(t, &refusals[i]);
	}
	/* and the same tfms still answer correct requests */
	KUNIT_ASSERT_EQ(test, kpp_ss(t, t->ct, t->ctl, t->ctl, SS, false), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	KUNIT_ASSERT_EQ(test, ak_dec(t, t->ct, t->ctl, t->ctl, SS, false), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);

	/* key lengths */
	for (i = 0; i < ARRAY_SIZE(bad_priv); i++) {
		memset(t->key, 0, sizeof(t->key));
		KUNIT_EXPECT_EQ_MSG(test, crypto_kpp_set_secret(t->kpp, t->key,
								bad_priv[i]),
				    -EINVAL, "kpp secret of %u bytes",
				    bad_priv[i]);
		KUNIT_EXPECT_EQ_MSG(test,
				    crypto_akcipher_set_priv_key(t->ak, t->key,
								 bad_priv[i]),
				    -EINVAL, "private key of %u bytes",
				    bad_priv[i]);
	}
	KUNIT_EXPECT_EQ(test, crypto_akcipher_set_priv_key(t->ak, t->key, 0),
			-EINVAL);
	for (i = 0; i < ARRAY_SIZE(bad_pub); i++)
		KUNIT_EXPECT_EQ_MSG(test, crypto_akcipher_set_pub_key(t->ak,
								      t->key,
								      bad_pub[i]),
				    -EINVAL, "public key of %u bytes",
				    bad_pub[i]);
	KUNIT_EXPECT_EQ(test, crypto_akcipher_set_pub_key(t->ak, t->key, 0),
			-EINVAL);

	/* a refused key leaves no key behind */
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->seed, 64), 0);
	KUNIT_EXPECT_EQ(test, kpp_key_set(t, t->seed, 63), -EINVAL);
	expect_refused(t, kpp_pub(t, t->ekl), t->ekl,
		       "kpp public key after a refused key");

	/* the library: wrong lengths and unknown sets, nothing written */
	memset(t->ss2, POISON, SS);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_decaps(t->set, t->ss2, t->ct,
					       t->ctl - 1, t->dk, t->dkl,
					       &t->work), -EINVAL);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_decaps(3, t->ss2, t->ct, t->ctl, t->dk,
					       t->dkl, &t->work), -EINVAL);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_encaps(t->set, t->ct2, t->ctl, t->ss2,
					       t->ek, t->ekl + 1, &t->work),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(t->ss2, POISON, SS));
}

/* A corrupted ciphertext: 0 and J(z || c'), for every byte of it. */
static void test_implicit_rejection(struct kunit *test)
{
	struct mk *t = mk_new(test);
	unsigned int i, wrong = 0, first = 0;
	u8 j[SS];

	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 0xc0 + i;
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek), 0);
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->dk, t->dkl), 0);
	KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->dk, t->dkl), 0);
	/* the valid one, and J of it is something else */
	KUNIT_ASSERT_EQ(test, kpp_ss(t, t->ct, t->ctl, t->ctl, SS, false), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	expect_j(t, t->dk, t->ct, j);
	EXPECT_MEMNEQ(test, j, t->ss, SS);

	for (i = 0; i < t->ctl; i++) {
		bool ok;

		memcpy(t->ct2, t->ct, t->ctl);
		t->ct2[i] ^= 1 << (i % 8);
		expect_j(t, t->dk, t->ct2, j);
		ok = !kpp_ss(t, t->ct2, t->ctl, t->ctl, SS, i & 1) &&
		     t->dst_len == SS && !memcmp(t->out, j, SS) &&
		     poisoned_from(t, SS);
		if (i % 16 == 0)
			ok &= !ak_dec(t, t->ct2, t->ctl, t->ctl, SS, false) &&
			      !memcmp(t->out, j, SS);
		if (!ok && !wrong++)
			first = i;
	}
	KUNIT_EXPECT_EQ_MSG(test, wrong, 0, "first wrong byte %u of %u", first,
			    t->ctl);
	/* and the exported decaps */
	t->ct2[0] ^= 0x80;
	expect_j(t, t->dk, t->ct2, j);
	KUNIT_ASSERT_EQ(test, t->si->decaps(t->ss2, t->ct2, t->dk), 0);
	EXPECT_MEMEQ(test, t->ss2, j, SS);
}

static void test_bad_keys(struct kunit *test)
{
	struct mk *t = mk_new(test);
	unsigned int i, k = t->ekl / 384;
	/* in dk_pke, ek, H(ek), z */
	unsigned int offs[] = { 0, t->dkl - t->ekl - 64 + 5,
				t->dkl - 64 + 3, t->dkl - 32 + 1 };

	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 0x11 * i;
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);

	/*
	 * The modulus check: the first coefficient of each polynomial of t^
	 * set to q is refused, to q - 1 accepted.
	 */
	for (i = 0; i < k; i++) {
		u8 *p;

		memcpy(t->ct2, t->ek, t->ekl);	/* scratch copy of ek */
		p = t->ct2 + 384 * i;
		p[0] = 3329 & 0xff;
		p[1] = (p[1] & 0xf0) | (3329 >> 8);
		KUNIT_EXPECT_EQ_MSG(test, ak_pub_set(t, t->ct2, t->ekl), -EINVAL,
				    "coefficient q in polynomial %u", i);
		expect_refused(t, ak_enc(t, NULL, 0, t->ctl + SS, false),
			       t->ctl + SS, "encrypt after a refused ek");
		KUNIT_EXPECT_EQ(test, t->si->encaps(t->ct, t->ss, t->ct2),
				-EINVAL);
		p[0] = 3328 & 0xff;
		KUNIT_EXPECT_EQ_MSG(test, ak_pub_set(t, t->ct2, t->ekl), 0,
				    "coefficient q - 1 in polynomial %u", i);
		p[0] = 0xff;
		p[1] |= 0x0f;
		KUNIT_EXPECT_EQ(test, ak_pub_set(t, t->ct2, t->ekl), -EINVAL);
	}
	/* the last coefficient of the last polynomial */
	memcpy(t->ct2, t->ek, t->ekl);
	t->ct2[384 * k - 1] = 0xff;
	KUNIT_EXPECT_EQ(test, ak_pub_set(t, t->ct2, t->ekl), -EINVAL);
	/* rho is not checked */
	memcpy(t->ct2, t->ek, t->ekl);
	t->ct2[t->ekl - 1] ^= 0xff;
	KUNIT_EXPECT_EQ(test, ak_pub_set(t, t->ct2, t->ekl), 0);

	/*
	 * The hash check: ek inside dk or H(ek) changed is refused; z and
	 * dk_pke are not covered by it (and are accepted).
	 */
	for (i = 1; i < 3; i++) {
		memcpy(t->key, t->dk, t->dkl);
		t->key[offs[i]] ^= 0x04;
		KUNIT_EXPECT_EQ_MSG(test, crypto_kpp_set_secret(t->kpp, t->key,
								t->dkl),
				    -EINVAL, "dk byte %u", offs[i]);
		expect_refused(t, kpp_ss(t, t->ct, t->ctl, t->ctl, SS, false),
			       SS, "decaps after a refused dk");
		KUNIT_EXPECT_EQ_MSG(test,
				    crypto_akcipher_set_priv_key(t->ak, t->key,
								 t->dkl),
				    -EINVAL, "dk byte %u", offs[i]);
		memset(t->ss2, POISON, SS);
		KUNIT_EXPECT_EQ(test, t->si->decaps(t->ss2, t->ct, t->key),
				-EINVAL);
		KUNIT_EXPECT_TRUE(test, !memchr_inv(t->ss2, POISON, SS));
	}
	for (i = 0; i < 4; i += 3) {
		memcpy(t->key, t->dk, t->dkl);
		t->key[offs[i]] ^= 0x04;
		KUNIT_EXPECT_EQ(test, kpp_key_set(t, t->key, t->dkl), 0);
	}
}

/*
 * Randomness before the pool is seeded (KUnit makes it look so until the
 * next wait): what may not sleep is refused with -EAGAIN and writes
 * nothing; what may sleep waits (once) and then succeeds.
 */
static void test_rng_not_ready(struct kunit *test)
{
	struct mk *t = mk_new(test);
	unsigned int i;

	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 5 * i;
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, ak_pub_set(t, t->ek, t->ekl), 0);

	/* the functions with a work area never sleep: -EAGAIN */
	vgc_mlkem_test_rng_unready(true);
	memset(t->out, POISON, OUT_SIZE);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_encaps(t->set, t->out, t->ctl,
					       t->out + t->ctl, t->ek, t->ekl,
					       &t->work), -EAGAIN);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_keypair(t->set, t->out, t->ekl,
						t->out + t->ekl, t->dkl,
						&t->work), -EAGAIN);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, 0));
	/* an encrypt request that may not sleep: -EAGAIN, nothing written */
	akcipher_request_set_callback(t->areq, 0, NULL, NULL);
	KUNIT_EXPECT_EQ(test, ak_enc(t, NULL, 0, t->ctl + SS, false), -EAGAIN);
	KUNIT_EXPECT_TRUE(test, poisoned_from(t, 0));
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 0U);

	/* one that may sleep waits, then encapsulates */
	akcipher_request_set_callback(t->areq, CRYPTO_TFM_REQ_MAY_SLEEP, NULL,
				      NULL);
	KUNIT_EXPECT_EQ(test, ak_enc(t, NULL, 0, t->ctl + SS, false), 0);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 1U);
	memcpy(t->ct, t->out, t->ctl);
	memcpy(t->ss, t->out + t->ctl, SS);
	KUNIT_EXPECT_EQ(test, t->si->decaps(t->ss2, t->ct, t->dk), 0);
	EXPECT_MEMEQ(test, t->ss2, t->ss, SS);
	akcipher_request_set_callback(t->areq, 0, NULL, NULL);

	/* kpp's fresh key pair and the per-set functions may sleep: they wait */
	vgc_mlkem_test_rng_unready(true);
	KUNIT_EXPECT_EQ(test, kpp_key_set(t, NULL, 0), 0);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 1U);
	KUNIT_EXPECT_EQ(test, kpp_pub(t, t->ekl), 0);
	vgc_mlkem_test_rng_unready(true);
	KUNIT_EXPECT_EQ(test, t->si->encaps(t->ct2, t->ss2, t->ek), 0);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 1U);
	KUNIT_EXPECT_EQ(test, t->si->decaps(t->ss, t->ct2, t->dk), 0);
	EXPECT_MEMEQ(test, t->ss, t->ss2, SS);
	vgc_mlkem_test_rng_unready(true);
	KUNIT_EXPECT_EQ(test, t->si->keypair(t->ek, t->dk, NULL), 0);
	KUNIT_EXPECT_EQ(test, vgc_mlkem_test_rng_waits(), 1U);
	vgc_mlkem_test_rng_unready(false);
}

static struct kunit_case vgc_mlkem_cases[] = {
	KUNIT_CASE_PARAM(test_registration, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_round_trips, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_acvp_keygen, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_acvp_encapdecap, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_refusals, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_implicit_rejection, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_bad_keys, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_cctv_accumulated, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_rng_not_ready, mlkem_gen_params),
	{}
};

static struct kunit_suite vgc_mlkem_suite = {
	.name = "vgcrypto_mlkem",
	.exit = mk_exit,
	.test_cases = vgc_mlkem_cases,
};

kunit_test_suite(vgc_mlkem_suite);
