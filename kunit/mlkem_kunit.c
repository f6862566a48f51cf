// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for vgcrypto's ML-KEM drivers (kpp and akcipher, by driver
 * name) and its exported functions. Every case runs once per parameter
 * set. Outputs go to poisoned buffers so that a refusal that writes
 * anything, or a success that writes past its output, is seen.
 *
 * Expected values: NIST ACVP (generated header, from ../shared/vectors at
 * build time), the C2SP CCTV accumulated hashes, and J(z || c) computed
 * here with SHAKE-256 for implicit rejection.
 */
#include <kunit/test.h>
#include <crypto/akcipher.h>
#include <crypto/kpp.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>

#include <vgcrypto/mlkem.h>
#include "../lib/sha3.h"

#define POISON		0x5a
#define OUT_SIZE	4096	/* larger than any output */
#define SS		VGC_MLKEM_SS_SIZE

/* 6.1's KUnit has no KUNIT_EXPECT_MEMEQ */
#define EXPECT_MEMEQ(test, a, b, n)					\
	KUNIT_EXPECT_TRUE_MSG(test, !memcmp(a, b, n), "%s differs from %s", \
			      #a, #b)
#define EXPECT_MEMNEQ(test, a, b, n)					\
	KUNIT_EXPECT_TRUE_MSG(test, memcmp(a, b, n), "%s equals %s", #a, #b)
#define EXPECT_MEMEQ_MSG(test, a, b, n, fmt, ...)			\
			 KUNIT_EXPECT_TRUE_MSG(test, !memcmp(a, b, n), fmt, ##__VA_ARGS__)

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

struct mlkem_set_info {
	enum vgc_mlkem_set set;
	unsigned int bits;
	int (*keypair)(u8 *ek, u8 *dk, const u8 *seed);
	int (*encaps)(u8 *ct, u8 *ss, const u8 *ek, const u8 *m);
	int (*decaps)(u8 *ss, const u8 *ct, const u8 *dk);
	const char *cctv;	/* the accumulated test's SHAKE-128 output */
};

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

static void set_desc(const struct mlkem_set_info *s, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "mlkem%u", s->bits);
}

KUNIT_ARRAY_PARAM(mlkem_set, mlkem_sets, set_desc);

/* Everything one case needs, kmalloc()ed (scatterlists need linear memory). */
struct mk {
	struct kunit *test;
	const struct mlkem_set_info *si;
	enum vgc_mlkem_set set;
	unsigned int ekl, dkl, ctl;
	struct crypto_kpp *kpp;
	struct crypto_akcipher *ak;
	struct kpp_request *kreq;
	struct akcipher_request *areq;
	unsigned int dst_len;	/* the request's dst_len after the call */
	char kpp_name[CRYPTO_MAX_ALG_NAME];
	char ak_name[CRYPTO_MAX_ALG_NAME];
	struct vgc_mlkem_work work;
	struct vgc_keccak kc;
	struct vgc_keccak kc2;
	u8 seed[VGC_MLKEM_SEED_SIZE];
	u8 m[VGC_MLKEM_MSG_SIZE];
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ct2[VGC_MLKEM_MAX_CT_SIZE];
	u8 ss[SS];
	u8 ss2[SS];
	u8 key[VGC_MLKEM_MAX_DK_SIZE + 64];	/* key material to set */
	u8 in[OUT_SIZE];
	u8 out[OUT_SIZE];
};

static struct mk *mk_new(struct kunit *test)
{
	const struct mlkem_set_info *si = test->param_value;
	struct mk *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	t->si = si;
	t->set = si->set;
	t->ekl = vgc_mlkem_ek_size(si->set);
	t->dkl = vgc_mlkem_dk_size(si->set);
	t->ctl = vgc_mlkem_ct_size(si->set);
	snprintf(t->kpp_name, sizeof(t->kpp_name), "mlkem%u-vgcrypto-generic",
		 si->bits);
	snprintf(t->ak_name, sizeof(t->ak_name),
		 "mlkem%u-vgcrypto-generic-akcipher", si->bits);
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

static void mk_exit(struct kunit *test)
{
	struct mk *t = test->priv;

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
static struct scatterlist *mk_sg(struct scatterlist sg[3], void *buf,
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
static bool poisoned_from(struct mk *t, unsigned int from)
{
	return !memchr_inv(t->out + from, POISON, OUT_SIZE - from);
}

/* ---- one operation each; outputs in t->out (poisoned first) ---- */

static int kpp_pub(struct mk *t, unsigned int dst_len)
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
static int kpp_ss(struct mk *t, const u8 *ct, unsigned int have,
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

static int kpp_key_set(struct mk *t, const u8 *key, unsigned int len)
{
	if (len)
		memcpy(t->key, key, len);
	return crypto_kpp_set_secret(t->kpp, len ? t->key : NULL, len);
}

static int ak_enc(struct mk *t, const u8 *m, unsigned int m_len,
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

static int ak_dec(struct mk *t, const u8 *ct, unsigned int have,
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

static int ak_pub_set(struct mk *t, const u8 *key, unsigned int len)
{
	memcpy(t->key, key, len);
	return crypto_akcipher_set_pub_key(t->ak, t->key, len);
}

static int ak_priv_set(struct mk *t, const u8 *key, unsigned int len)
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

static void test_registration(struct kunit *test)
{
	struct mk *t = mk_new(test);
	struct crypto_kpp *byname;
	char name[16];

	KUNIT_EXPECT_STREQ(test,
			   crypto_tfm_alg_driver_name(crypto_kpp_tfm(t->kpp)),
			   t->kpp_name);
	KUNIT_EXPECT_STREQ(test,
			   crypto_tfm_alg_driver_name(crypto_akcipher_tfm(t->ak)),
			   t->ak_name);
	KUNIT_EXPECT_EQ(test, crypto_kpp_maxsize(t->kpp), t->ekl);
	KUNIT_EXPECT_EQ(test, crypto_akcipher_maxsize(t->ak), t->ctl + SS);
	/* by algorithm name, as a user would ask: vgcrypto's driver */
	snprintf(name, sizeof(name), "mlkem%u", t->si->bits);
	byname = crypto_alloc_kpp(name, 0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(byname));
	KUNIT_EXPECT_STREQ(test,
			   crypto_tfm_alg_driver_name(crypto_kpp_tfm(byname)),
			   t->kpp_name);
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

	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek, t->m), 0);
	KUNIT_ASSERT_EQ(test, ak_pub_set(t, t->ek, t->ekl), 0);
	KUNIT_ASSERT_EQ(test, ak_enc(t, t->m, sizeof(t->m), t->ctl + SS, true),
			0);
	EXPECT_MEMEQ(test, t->out, t->ct, t->ctl);
	EXPECT_MEMEQ(test, t->out + t->ctl, t->ss, SS);
	/* akcipher with the seed, then with dk: encrypt and decrypt */
	KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->seed, sizeof(t->seed)), 0);
	KUNIT_ASSERT_EQ(test, ak_enc(t, t->m, sizeof(t->m), t->ctl + SS, false),
			0);
	EXPECT_MEMEQ(test, t->out, t->ct, t->ctl);
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
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct2, t->ss2, t->ek, NULL), 0);
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
		KUNIT_ASSERT_EQ(test, ak_pub_set(t, v->ek, v->ek_len), 0);
		KUNIT_ASSERT_EQ(test, ak_enc(t, v->m, v->m_len, t->ctl + SS,
					     false), 0);
		EXPECT_MEMEQ_MSG(test, t->out, v->c, t->ctl, "tcId %d",
				 v->tcid);
		EXPECT_MEMEQ_MSG(test, t->out + t->ctl, v->k, SS,
				 "tcId %d", v->tcid);
		KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, v->ek, v->m),
				0);
		EXPECT_MEMEQ(test, t->ct, v->c, t->ctl);
		EXPECT_MEMEQ(test, t->ss, v->k, SS);
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
			KUNIT_EXPECT_EQ(test, t->si->encaps(t->ct, t->ss, v->ek,
							    NULL), want);
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

static u8 hexval(char c)
{
	return c <= '9' ? c - '0' : c - 'a' + 10;
}

/*
 * C2SP CCTV accumulated test, final FIPS 203 (../shared/vectors/README.md):
 * 10,000 key pairs, encapsulations and decapsulations of valid and random
 * ciphertexts, everything hashed. KeyGen's dk comes from the exported
 * function (kpp does not give dk out); kpp's ek must equal it.
 */
static void test_cctv_accumulated(struct kunit *test)
{
	struct mk *t = mk_new(test);
	unsigned int i, bad = 0, first = 0;
	ktime_t start = ktime_get();
	u8 want[32];

	for (i = 0; i < 32; i++)
		want[i] = hexval(t->si->cctv[2 * i]) << 4 |
			  hexval(t->si->cctv[2 * i + 1]);
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
		      !ak_enc(t, t->m, 32, t->ctl + SS, false);
		memcpy(t->ct, t->out, t->ctl);
		memcpy(t->ss, t->out + t->ctl, SS);
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

static void test_refusals(struct kunit *test)
{
	struct mk *t = mk_new(test);
	const unsigned int bad_priv[] = { 1, 32, 63, 65, t->ekl, t->dkl - 1,
					  t->dkl + 1 };
	const unsigned int bad_pub[] = { 1, 64, t->ekl - 1, t->ekl + 1,
					 t->dkl };
	unsigned int i;

	/* no key yet */
	expect_refused(t, kpp_pub(t, t->ekl), t->ekl, "kpp public key, no key");
	memset(t->ct, 0x33, t->ctl);
	expect_refused(t, kpp_ss(t, t->ct, t->ctl, t->ctl, SS, false), SS,
		       "kpp shared secret, no key");
	expect_refused(t, ak_enc(t, NULL, 0, t->ctl + SS, false), t->ctl + SS,
		       "akcipher encrypt, no key");
	expect_refused(t, ak_dec(t, t->ct, t->ctl, t->ctl, SS, false), SS,
		       "akcipher decrypt, no key");

	/* key lengths */
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = i * 7;
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
	expect_refused(t, kpp_pub(t, t->ekl), t->ekl, "kpp public key after a refused key");

	/* request lengths, with a key */
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek, NULL), 0);
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->seed, 64), 0);
	expect_refused(t, kpp_pub(t, t->ekl - 1), t->ekl - 1, "kpp public key into ek - 1 bytes");
	expect_refused(t, kpp_pub(t, 0), 0, "kpp public key into nothing");
	expect_refused(t, kpp_ss(t, t->ct, t->ctl - 1, t->ctl - 1, SS, false),
		       SS, "kpp ciphertext - 1");
	expect_refused(t, kpp_ss(t, t->ct, t->ctl, t->ctl + 1, SS, false), SS,
		       "kpp ciphertext + 1");
	expect_refused(t, kpp_ss(t, t->ct, t->ctl - 1, t->ctl, SS, true), SS,
		       "kpp ciphertext longer than its scatterlist");
	expect_refused(t, kpp_ss(t, t->ct, 0, 0, SS, false), SS,
		       "kpp empty ciphertext");
	expect_refused(t, kpp_ss(t, t->ct, t->ctl, t->ctl, SS - 1, false),
		       SS - 1, "kpp secret into 31 bytes");
	KUNIT_ASSERT_EQ(test, kpp_ss(t, t->ct, t->ctl, t->ctl, SS, false), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);

	/* akcipher with only the public key: encrypt, not decrypt */
	KUNIT_ASSERT_EQ(test, ak_pub_set(t, t->ek, t->ekl), 0);
	expect_refused(t, ak_dec(t, t->ct, t->ctl, t->ctl, SS, false), SS,
		       "akcipher decrypt with only ek");
	expect_refused(t, ak_enc(t, t->m, 1, t->ctl + SS, false), t->ctl + SS,
		       "akcipher encrypt, 1-byte m");
	expect_refused(t, ak_enc(t, t->m, 31, t->ctl + SS, false), t->ctl + SS,
		       "akcipher encrypt, 31-byte m");
	expect_refused(t, ak_enc(t, t->m, 33, t->ctl + SS, false), t->ctl + SS,
		       "akcipher encrypt, 33-byte m");
	expect_refused(t, ak_enc(t, NULL, 0, t->ctl + SS - 1, false),
		       t->ctl + SS - 1, "akcipher encrypt into ct + 31 bytes");
	expect_refused(t, ak_enc(t, NULL, 0, t->ctl, false), t->ctl,
		       "akcipher encrypt into ct bytes");

	KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->dk, t->dkl), 0);
	expect_refused(t, ak_dec(t, t->ct, t->ctl - 1, t->ctl - 1, SS, false),
		       SS, "akcipher ciphertext - 1");
	expect_refused(t, ak_dec(t, t->ct, t->ctl, t->ctl + 1, SS, false), SS,
		       "akcipher ciphertext + 1");
	expect_refused(t, ak_dec(t, t->ct, t->ctl, t->ctl, SS - 1, false),
		       SS - 1, "akcipher secret into 31 bytes");
	KUNIT_ASSERT_EQ(test, ak_dec(t, t->ct, t->ctl, t->ctl, SS, false), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);

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
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek, NULL), 0);
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
		KUNIT_EXPECT_EQ(test, t->si->encaps(t->ct, t->ss, t->ct2, NULL),
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

/* ---- concurrent requests on one tfm ---- */

struct worker {
	struct mk *t;
	struct completion done;
	unsigned int id;
	unsigned int rounds;
	unsigned int errors;
	u8 *buf;		/* m, ct || ss, ss: kmalloc()ed */
};

#define W_ROUNDS	100

static int worker_fn(void *data)
{
	struct worker *w = data;
	struct mk *t = w->t;
	struct kpp_request *kr = kpp_request_alloc(t->kpp, GFP_KERNEL);
	struct akcipher_request *ar = akcipher_request_alloc(t->ak, GFP_KERNEL);
	u8 *m = w->buf, *ctss = w->buf + 64, *ss = ctss + t->ctl + SS + 64;
	struct scatterlist s, d;
	unsigned int i;

	if (!kr || !ar) {
		w->errors++;
		goto out;
	}
	for (i = 0; i < W_ROUNDS; i++) {
		memset(m, w->id * 16 + i, 32);
		sg_init_one(&s, m, 32);
		sg_init_one(&d, ctss, t->ctl + SS);
		akcipher_request_set_crypt(ar, &s, &d, 32, t->ctl + SS);
		if (crypto_akcipher_encrypt(ar)) {
			w->errors++;
			continue;
		}
		/* let the other thread run between the two requests */
		usleep_range(10, 20);
		sg_init_one(&s, ctss, t->ctl);
		sg_init_one(&d, ss, SS);
		kpp_request_set_input(kr, &s, t->ctl);
		kpp_request_set_output(kr, &d, SS);
		if (crypto_kpp_compute_shared_secret(kr) ||
		    memcmp(ss, ctss + t->ctl, SS))
			w->errors++;
		w->rounds++;
	}
out:
	kpp_request_free(kr);
	akcipher_request_free(ar);
	complete(&w->done);
	return 0;
}

static void test_concurrent(struct kunit *test)
{
	struct mk *t = mk_new(test);
	struct worker *w = kunit_kcalloc(test, 2, sizeof(*w), GFP_KERNEL);
	struct scatterlist s1, d1, s2, d2;
	struct kpp_request *r2;
	struct task_struct *task;
	unsigned int i;
	u8 *buf2;

	KUNIT_ASSERT_NOT_NULL(test, w);
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 0x5c ^ i;
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->seed, 64), 0);
	KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->seed, 64), 0);

	/*
	 * Two requests on one tfm, both set up before either runs, each
	 * with its own context: neither disturbs the other.
	 */
	buf2 = kunit_kzalloc(test, VGC_MLKEM_MAX_CT_SIZE + SS, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf2);
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek, NULL), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct2, t->ss2, t->ek, NULL), 0);
	r2 = kpp_request_alloc(t->kpp, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r2);
	memcpy(buf2, t->ct2, t->ctl);
	sg_init_one(&s2, buf2, t->ctl);
	sg_init_one(&d2, buf2 + VGC_MLKEM_MAX_CT_SIZE, SS);
	kpp_request_set_input(r2, &s2, t->ctl);
	kpp_request_set_output(r2, &d2, SS);
	memcpy(t->in, t->ct, t->ctl);
	sg_init_one(&s1, t->in, t->ctl);
	sg_init_one(&d1, t->out, SS);
	kpp_request_set_input(t->kreq, &s1, t->ctl);
	kpp_request_set_output(t->kreq, &d1, SS);
	KUNIT_EXPECT_EQ(test, crypto_kpp_compute_shared_secret(r2), 0);
	KUNIT_EXPECT_EQ(test, crypto_kpp_compute_shared_secret(t->kreq), 0);
	KUNIT_EXPECT_EQ(test, crypto_kpp_compute_shared_secret(r2), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	EXPECT_MEMEQ(test, buf2 + VGC_MLKEM_MAX_CT_SIZE, t->ss2, SS);
	kpp_request_free(r2);

	for (i = 0; i < 2; i++) {
		w[i].t = t;
		w[i].id = i;
		init_completion(&w[i].done);
		w[i].buf = kunit_kzalloc(test, 2 * (VGC_MLKEM_MAX_CT_SIZE + 128),
					 GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, w[i].buf);
	}
	for (i = 0; i < 2; i++) {
		task = kthread_run(worker_fn, &w[i], "vgc-mlkem-%u", i);
		if (IS_ERR(task)) {
			KUNIT_FAIL(test, "kthread_run: %ld", PTR_ERR(task));
			complete(&w[i].done);
		}
	}
	for (i = 0; i < 2; i++) {
		wait_for_completion(&w[i].done);
		KUNIT_EXPECT_EQ_MSG(test, w[i].rounds, W_ROUNDS, "thread %u", i);
		KUNIT_EXPECT_EQ_MSG(test, w[i].errors, 0, "thread %u", i);
	}
}

/*
 * Requests from softirq context (an hrtimer) on the same tfm, landing in
 * the middle of requests in process context: on User-Mode Linux (one CPU,
 * no preemption) this is what makes requests overlap. A work area shared
 * between requests instead of each in its own request context gives wrong
 * secrets here.
 */
struct irq_side {
	struct hrtimer timer;
	struct kpp_request *req;
	struct scatterlist s, d;
	u8 *ct;			/* ct, then the output */
	const u8 *want;
	unsigned int ctl;
	unsigned int runs;
	unsigned int errors;
	bool stop;
};

#define IRQ_PERIOD_NS	60000

static enum hrtimer_restart irq_side_fn(struct hrtimer *h)
{
	struct irq_side *c = container_of(h, struct irq_side, timer);
	u8 *out = c->ct + VGC_MLKEM_MAX_CT_SIZE;

	memset(out, 0, SS);
	kpp_request_set_output(c->req, &c->d, SS);
	if (crypto_kpp_compute_shared_secret(c->req) || memcmp(out, c->want, SS))
		c->errors++;
	c->runs++;
	if (READ_ONCE(c->stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(h, ns_to_ktime(IRQ_PERIOD_NS));
	return HRTIMER_RESTART;
}

static void test_softirq_overlap(struct kunit *test)
{
	struct mk *t = mk_new(test);
	struct irq_side *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int i, wrong = 0;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->ct = kunit_kzalloc(test, VGC_MLKEM_MAX_CT_SIZE + SS, GFP_KERNEL);
	c->req = kpp_request_alloc(t->kpp, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->ct);
	KUNIT_ASSERT_NOT_NULL(test, c->req);
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 0x3c ^ i;
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek, NULL), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct2, t->ss2, t->ek, NULL), 0);
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->dk, t->dkl), 0);

	/* the softirq side decapsulates ct2, this thread ct */
	memcpy(c->ct, t->ct2, t->ctl);
	c->want = t->ss2;
	c->ctl = t->ctl;
	sg_init_one(&c->s, c->ct, t->ctl);
	sg_init_one(&c->d, c->ct + VGC_MLKEM_MAX_CT_SIZE, SS);
	kpp_request_set_input(c->req, &c->s, t->ctl);
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
	hrtimer_setup(&c->timer, irq_side_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL_SOFT);
#else
	hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	c->timer.function = irq_side_fn;
#endif
	hrtimer_start(&c->timer, ns_to_ktime(IRQ_PERIOD_NS),
		      HRTIMER_MODE_REL_SOFT);
	for (i = 0; i < 300; i++) {
		if (kpp_ss(t, t->ct, t->ctl, t->ctl, SS, i & 1) ||
		    memcmp(t->out, t->ss, SS))
			wrong++;
	}
	WRITE_ONCE(c->stop, true);
	hrtimer_cancel(&c->timer);
	kpp_request_free(c->req);
	kunit_info(test, "mlkem%u: 300 requests, %u from softirq among them\n",
		   t->si->bits, c->runs);
	KUNIT_EXPECT_EQ(test, wrong, 0);
	KUNIT_EXPECT_EQ(test, c->errors, 0);
	KUNIT_EXPECT_GT(test, c->runs, 0);
}

static struct kunit_case vgc_mlkem_cases[] = {
	KUNIT_CASE_PARAM(test_registration, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_round_trips, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_acvp_keygen, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_acvp_encapdecap, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_refusals, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_implicit_rejection, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_bad_keys, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_concurrent, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_softirq_overlap, mlkem_set_gen_params),
	KUNIT_CASE_PARAM(test_cctv_accumulated, mlkem_set_gen_params),
	{}
};

static struct kunit_suite vgc_mlkem_suite = {
	.name = "vgcrypto_mlkem",
	.exit = mk_exit,
	.test_cases = vgc_mlkem_cases,
};

kunit_test_suite(vgc_mlkem_suite);
