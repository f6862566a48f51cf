// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite "vgcrypto-fault" (vgcrypto_fault_kunit.ko, built only for
 * kernels with CONFIG_FAULT_INJECTION: the debug UML kernel of
 * scripts/check/fault-inject.sh). Every allocation on a path fails in
 * turn: current->fail_nth makes the task's n-th fault-injection point
 * fail, so each path runs with n = 1, 2, ... until it gets through
 * without reaching its n-th point. After each injected failure:
 *
 *  - the call returned -ENOMEM (the request allocators: NULL), and wrote
 *    nothing to its outputs;
 *  - nothing was left half-done: a tfm whose key setting failed has no
 *    key (its requests are refused with -EINVAL);
 *  - the next call, without a fault, works and gives the bytes the path
 *    gave before any fault (and every driver gives the same bytes).
 *
 * A failure the kernel absorbed (a fallback allocation) must still give
 * those bytes. AEAD seal and open and the ML-KEM requests must not reach
 * a single point: the data paths do not allocate. The AEAD's guard at
 * load must not register untimed after any of them. Leaks are kmemleak's
 * to find, in the scan after the suite (scripts/check/fault-inject.sh).
 *
 * Which allocations are injection points is set in debugfs before this
 * module loads (tests/debug/fault-arm.sh): failslab on every slab cache
 * but kmemleak's own, fail_page_alloc from order 3 (the 18 KiB ML-KEM
 * work areas and requests), GFP_KERNEL included, no stack dumps. The
 * first case checks that the setup is in place.
 */
#include <kunit/test.h>
#include <linux/version.h>
#include <crypto/aead.h>
#include <crypto/akcipher.h>
#include <crypto/kpp.h>
#include <linux/err.h>
#include <linux/sched.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <vgcrypto/mlkem.h>

#include "chacha20poly1305.h"
#include "mlkem_backend.h"
#include "../crypto/vgc_glue.h"

/* more points than any path here reaches */
#define MAX_POINTS	2000
#define POISON		0xa5
#define TEXT_LEN	1000
#define AD_LEN		20
#define TAG		VGC_CP_TAG_SIZE
#define SS		VGC_MLKEM_SS_SIZE

/* ---- injection ---- */

/*
 * One path under test: @op runs it on @priv; @after checks its result
 * (0: as expected) and undoes it (frees what it allocated) when @op
 * returned 0; @failed checks the state a failed @op left behind.
 */
struct fpath {
	const char *what;
	int (*op)(void *priv);
	int (*after)(void *priv);
	int (*failed)(void *priv);
	bool may_allocate;
};

/* @op with the task's @nth injection point failing; *hit: it was reached */
static int run_failing(const struct fpath *p, void *priv, unsigned int nth,
		       bool *hit)
{
	int err;

	WRITE_ONCE(current->fail_nth, nth);
	err = p->op(priv);
	*hit = !READ_ONCE(current->fail_nth);
	WRITE_ONCE(current->fail_nth, 0);
	return err;
}

static void step_faults(struct kunit *test, const struct fpath *p, void *priv)
{
	unsigned int n, failed = 0, absorbed = 0;
	bool hit;
	int err;

	for (n = 1; n <= MAX_POINTS; n++) {
		err = run_failing(p, priv, n, &hit);
		if (!hit) {
			KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: no fault", p->what);
			if (!err)
				KUNIT_EXPECT_EQ_MSG(test, p->after(priv), 0,
						    "%s: result", p->what);
			break;
		}
		if (err) {
			failed++;
			KUNIT_EXPECT_EQ_MSG(test, err, -ENOMEM,
					    "%s: allocation point %u failing",
					    p->what, n);
			if (p->failed)
				KUNIT_EXPECT_EQ_MSG(test, p->failed(priv), 0,
						    "%s: state after point %u failed",
						    p->what, n);
		} else {
			absorbed++;
			KUNIT_EXPECT_EQ_MSG(test, p->after(priv), 0,
					    "%s: result with point %u failing (absorbed)",
					    p->what, n);
		}
		/* the next call, without a fault, works */
		err = p->op(priv);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: the call after point %u failed",
				    p->what, n);
		if (!err)
			KUNIT_EXPECT_EQ_MSG(test, p->after(priv), 0,
					    "%s: result of the call after point %u failed",
					    p->what, n);
	}
	KUNIT_EXPECT_LE_MSG(test, n, MAX_POINTS, "%s: no end", p->what);
	if (p->may_allocate)
		KUNIT_EXPECT_GT_MSG(test, n, 1U,
				    "%s: reached no allocation point (is fault injection armed?)",
				    p->what);
	else
		KUNIT_EXPECT_EQ_MSG(test, n, 1U, "%s: allocated (%u points)",
				    p->what, n - 1);
	kunit_info(test, "%s: %u allocation points: %u failed the call, %u absorbed\n",
		   p->what, n - 1, failed, absorbed);
}

/* ---- the setup ---- */

static void test_armed(struct kunit *test)
{
	static const size_t sizes[] = { 64, 8192, VGC_MLKEM_WORK_SIZE };
	unsigned int i;
	void *p;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		WRITE_ONCE(current->fail_nth, 1);
		p = kmalloc(sizes[i], GFP_KERNEL);
		WRITE_ONCE(current->fail_nth, 0);
		KUNIT_EXPECT_NULL_MSG(test, p,
				      "kmalloc(%zu, GFP_KERNEL) did not fail: run tests/debug/fault-arm.sh first",
				      sizes[i]);
		kfree(p);
	}
}

/* ---- AEAD ---- */

struct aead_case {
	char driver[CRYPTO_MAX_ALG_NAME];
	bool esp;
	struct crypto_aead *tfm;
	struct aead_request *req;
	u8 key[VGC_CP_KEY_SIZE + 4];
	u8 iv[VGC_CP_NONCE_SIZE];
	u8 *msg;	/* AD || text || tag */
	u8 *out;
	u8 *want;	/* AD || ciphertext || tag, the first driver's */
	bool have_want;
	bool in_place;
};

static unsigned int aead_keylen(struct aead_case *c)
{
	return VGC_CP_KEY_SIZE + (c->esp ? 4 : 0);
}

static void aead_fill(struct aead_case *c)
{
	unsigned int i;

	for (i = 0; i < sizeof(c->key); i++)
		c->key[i] = 0x40 + i;
	for (i = 0; i < sizeof(c->iv); i++)
		c->iv[i] = 0x90 + i;
	for (i = 0; i < AD_LEN + TEXT_LEN; i++)
		c->msg[i] = i * 7 + 3;
}

static int aead_run(struct aead_case *c, bool seal)
{
	struct scatterlist s, d;
	unsigned int len = AD_LEN + TEXT_LEN + TAG;

	if (!c->in_place)
		memset(c->out, POISON, len);
	sg_init_one(&s, c->msg, len);
	sg_init_one(&d, c->in_place ? c->msg : c->out, len);
	aead_request_set_callback(c->req, 0, NULL, NULL);
	aead_request_set_ad(c->req, AD_LEN);
	aead_request_set_crypt(c->req, &s, &d,
			       seal ? TEXT_LEN : TEXT_LEN + TAG, c->iv);
	return seal ? crypto_aead_encrypt(c->req) : crypto_aead_decrypt(c->req);
}

/* seal, check against the first driver's output, open, check the text */
static int aead_round_trip(void *priv)
{
	struct aead_case *c = priv;
	u8 *res = c->in_place ? c->msg : c->out;
	unsigned int i;

	aead_fill(c);
	if (crypto_aead_setkey(c->tfm, c->key, aead_keylen(c)) ||
	    crypto_aead_setauthsize(c->tfm, TAG))
		return -EINVAL;
	if (aead_run(c, true))
		return -EIO;
	if (!c->have_want) {
		/* the AD as sent (out of place, dst's AD area is not ours) */
		memcpy(c->want, c->msg, AD_LEN);
		memcpy(c->want + AD_LEN, res + AD_LEN, TEXT_LEN + TAG);
		c->have_want = true;
	} else if (memcmp(res + AD_LEN, c->want + AD_LEN, TEXT_LEN + TAG)) {
		return -EBADMSG;
	}
	if (!c->in_place)
		memcpy(c->msg + AD_LEN, c->out + AD_LEN, TEXT_LEN + TAG);
	if (aead_run(c, false))
		return -EIO;
	for (i = 0; i < TEXT_LEN; i++)
		if (res[AD_LEN + i] != (u8)((AD_LEN + i) * 7 + 3))
			return -EBADMSG;
	return 0;
}

static int aead_op_alloc(void *priv)
{
	struct aead_case *c = priv;

	c->tfm = crypto_alloc_aead(c->driver, 0, 0);
	if (IS_ERR(c->tfm)) {
		int err = PTR_ERR(c->tfm);

		c->tfm = NULL;
		return err;
	}
	return 0;
}

static int aead_after_alloc(void *priv)
{
	struct aead_case *c = priv;
	int err;

	c->req = aead_request_alloc(c->tfm, GFP_KERNEL);
	err = c->req ? aead_round_trip(c) : -ENOMEM;
	aead_request_free(c->req);
	c->req = NULL;
	crypto_free_aead(c->tfm);
	c->tfm = NULL;
	return err;
}

static int aead_op_req(void *priv)
{
	struct aead_case *c = priv;

	c->req = aead_request_alloc(c->tfm, GFP_KERNEL);
	return c->req ? 0 : -ENOMEM;
}

static int aead_after_req(void *priv)
{
	struct aead_case *c = priv;
	int err = aead_round_trip(c);

	aead_request_free(c->req);
	c->req = NULL;
	return err;
}

static int aead_op_setkey(void *priv)
{
	struct aead_case *c = priv;

	return crypto_aead_setkey(c->tfm, c->key, aead_keylen(c));
}

static int aead_op_seal(void *priv)
{
	struct aead_case *c = priv;

	aead_fill(c);
	return aead_run(c, true);
}

static int aead_after_seal(void *priv)
{
	struct aead_case *c = priv;

	return memcmp((c->in_place ? c->msg : c->out) + AD_LEN,
		      c->want + AD_LEN, TEXT_LEN + TAG) ? -EBADMSG : 0;
}

static int aead_op_open(void *priv)
{
	struct aead_case *c = priv;

	memcpy(c->msg, c->want, AD_LEN + TEXT_LEN + TAG);
	return aead_run(c, false);
}

static int aead_after_open(void *priv)
{
	struct aead_case *c = priv;
	u8 *res = c->in_place ? c->msg : c->out;
	unsigned int i;

	for (i = 0; i < TEXT_LEN; i++)
		if (res[AD_LEN + i] != (u8)((AD_LEN + i) * 7 + 3))
			return -EBADMSG;
	return 0;
}

static int aead_req_path(struct kunit *test, struct aead_case *c)
{
	static const struct fpath setkey = {
		"setkey", aead_op_setkey, aead_round_trip, NULL, false,
	};
	static const struct fpath seal = {
		"seal", aead_op_seal, aead_after_seal, NULL, false,
	};
	static const struct fpath open = {
		"open", aead_op_open, aead_after_open, NULL, false,
	};
	static const struct fpath req = {
		"aead_request_alloc", aead_op_req, aead_after_req, NULL, true,
	};

	step_faults(test, &req, c);
	c->req = aead_request_alloc(c->tfm, GFP_KERNEL);
	if (!c->req)
		return -ENOMEM;
	step_faults(test, &setkey, c);
	for (c->in_place = false; ; c->in_place = true) {
		step_faults(test, &seal, c);
		step_faults(test, &open, c);
		if (c->in_place)
			break;
	}
	c->in_place = false;
	aead_request_free(c->req);
	c->req = NULL;
	return 0;
}

static void test_aead(struct kunit *test)
{
	static const struct fpath alloc = {
		"crypto_alloc_aead", aead_op_alloc, aead_after_alloc, NULL, true,
	};
	const struct vgc_cp_backend *const *be;
	struct aead_case *c;
	unsigned int drivers = 0;
	const char *why;
	int esp;

	for (esp = 0; esp < 2; esp++) {
		c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, c);
		c->msg = kunit_kzalloc(test, AD_LEN + TEXT_LEN + TAG, GFP_KERNEL);
		c->out = kunit_kzalloc(test, AD_LEN + TEXT_LEN + TAG, GFP_KERNEL);
		c->want = kunit_kzalloc(test, AD_LEN + TEXT_LEN + TAG, GFP_KERNEL);
		KUNIT_ASSERT_TRUE(test, c->msg && c->out && c->want);
		c->esp = esp;
		for (be = vgc_cp_backends; *be; be++) {
			snprintf(c->driver, sizeof(c->driver),
				 "%s-chacha20-poly1305-vgcrypto-%s",
				 esp ? "rfc7539esp" : "rfc7539", (*be)->name);
			if (!crypto_has_alg(c->driver, CRYPTO_ALG_TYPE_AEAD,
					    CRYPTO_ALG_TYPE_MASK)) {
				/* absent only where the CPU cannot run it */
				KUNIT_EXPECT_FALSE_MSG(test,
						       !(*be)->usable ||
						       (*be)->usable(&why),
						       "%s is usable but not registered",
						       c->driver);
				continue;
			}
			kunit_info(test, "%s\n", c->driver);
			drivers++;
			step_faults(test, &alloc, c);
			c->tfm = crypto_alloc_aead(c->driver, 0, 0);
			KUNIT_ASSERT_FALSE(test, IS_ERR(c->tfm));
			KUNIT_EXPECT_EQ(test, aead_req_path(test, c), 0);
			crypto_free_aead(c->tfm);
			c->tfm = NULL;
		}
	}
	/* the portable back end is always registered: rfc7539 and esp */
	KUNIT_EXPECT_GE(test, drivers, 2U);
}

/* ---- ML-KEM ---- */

struct mlkem_case {
	enum vgc_mlkem_set set;
	unsigned int bits, ekl, dkl, ctl;
	char kpp_name[CRYPTO_MAX_ALG_NAME];
	char ak_name[CRYPTO_MAX_ALG_NAME];
	struct crypto_kpp *kpp;
	struct crypto_akcipher *ak;
	struct kpp_request *kreq;
	struct akcipher_request *areq;
	const u8 *key;		/* what the set-key paths set */
	unsigned int keylen;
	bool key_random;	/* a fresh key pair: check by a round trip */
	u8 seed[VGC_MLKEM_SEED_SIZE];
	/* the reference, from the exported functions before any fault */
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ss[SS];
	/* outputs */
	u8 o_ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 o_dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 o_ct[VGC_MLKEM_MAX_CT_SIZE + SS];
	u8 o_ss[SS];
	/* a round trip to a fresh key pair */
	u8 r_ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 r_ss[SS];
};

static bool all_poison(const u8 *p, size_t n)
{
	return !memchr_inv(p, POISON, n);
}

static void mk_poison(struct mlkem_case *c)
{
	memset(c->o_ek, POISON, sizeof(c->o_ek));
	memset(c->o_dk, POISON, sizeof(c->o_dk));
	memset(c->o_ct, POISON, sizeof(c->o_ct));
	memset(c->o_ss, POISON, sizeof(c->o_ss));
}

/* the per-set exported functions */
static int xp_keypair(struct mlkem_case *c, const u8 *seed)
{
	switch (c->set) {
	case VGC_MLKEM512:
		return vgc_mlkem512_keypair(c->o_ek, c->o_dk, seed);
	case VGC_MLKEM768:
		return vgc_mlkem768_keypair(c->o_ek, c->o_dk, seed);
	default:
		return vgc_mlkem1024_keypair(c->o_ek, c->o_dk, seed);
	}
}

/* encapsulation draws a fresh m: the reference's ct and K are one pair */
static int xp_encaps(struct mlkem_case *c, const u8 *ek)
{
	switch (c->set) {
	case VGC_MLKEM512:
		return vgc_mlkem512_encaps(c->o_ct, c->o_ss, ek);
	case VGC_MLKEM768:
		return vgc_mlkem768_encaps(c->o_ct, c->o_ss, ek);
	default:
		return vgc_mlkem1024_encaps(c->o_ct, c->o_ss, ek);
	}
}

static int xp_decaps(struct mlkem_case *c, const u8 *ct, const u8 *dk)
{
	switch (c->set) {
	case VGC_MLKEM512:
		return vgc_mlkem512_decaps(c->o_ss, ct, dk);
	case VGC_MLKEM768:
		return vgc_mlkem768_decaps(c->o_ss, ct, dk);
	default:
		return vgc_mlkem1024_decaps(c->o_ss, ct, dk);
	}
}

static int xp_op_keypair(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return xp_keypair(c, c->seed);
}

static int xp_after_keypair(void *priv)
{
	struct mlkem_case *c = priv;

	return memcmp(c->o_ek, c->ek, c->ekl) || memcmp(c->o_dk, c->dk, c->dkl) ?
	       -EBADMSG : 0;
}

static int xp_failed_keypair(void *priv)
{
	struct mlkem_case *c = priv;

	return all_poison(c->o_ek, c->ekl) && all_poison(c->o_dk, c->dkl) ?
	       0 : -EBADMSG;
}

static int xp_op_keypair_random(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return xp_keypair(c, NULL);
}

/* an encapsulation's o_ct and the secret at @ss decapsulate with the reference dk */
static int check_encaps_out(struct mlkem_case *c, const u8 *ss_out)
{
	u8 ss[SS];

	memcpy(ss, ss_out, SS);
	return xp_decaps(c, c->o_ct, c->dk) || memcmp(ss, c->o_ss, SS) ?
	       -EBADMSG : 0;
}

/* a fresh key pair: encapsulate to it, decapsulate */
static int xp_after_keypair_random(void *priv)
{
	struct mlkem_case *c = priv;
	u8 ss[SS];

	if (!memcmp(c->o_ek, c->ek, c->ekl) ||
	    xp_encaps(c, c->o_ek))
		return -EBADMSG;
	memcpy(ss, c->o_ss, SS);
	if (xp_decaps(c, c->o_ct, c->o_dk) || memcmp(ss, c->o_ss, SS))
		return -EBADMSG;
	return 0;
}

static int xp_op_encaps(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return xp_encaps(c, c->ek);
}

static int xp_after_encaps(void *priv)
{
	return check_encaps_out(priv, ((struct mlkem_case *)priv)->o_ss);
}

static int xp_failed_encaps(void *priv)
{
	struct mlkem_case *c = priv;

	return all_poison(c->o_ct, c->ctl) && all_poison(c->o_ss, SS) ?
	       0 : -EBADMSG;
}

static int xp_op_decaps(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return xp_decaps(c, c->ct, c->dk);
}

static int xp_after_decaps(void *priv)
{
	struct mlkem_case *c = priv;

	return memcmp(c->o_ss, c->ss, SS) ? -EBADMSG : 0;
}

static int xp_failed_decaps(void *priv)
{
	struct mlkem_case *c = priv;

	return all_poison(c->o_ss, SS) ? 0 : -EBADMSG;
}

/* one request each on the case's tfms; outputs in o_* */
static int kpp_pub(struct mlkem_case *c)
{
	struct scatterlist d;

	sg_init_one(&d, c->o_ek, c->ekl);
	kpp_request_set_input(c->kreq, NULL, 0);
	kpp_request_set_output(c->kreq, &d, c->ekl);
	return crypto_kpp_generate_public_key(c->kreq);
}

static int kpp_ss(struct mlkem_case *c, const u8 *ct)
{
	struct scatterlist s, d;

	sg_init_one(&s, ct, c->ctl);
	sg_init_one(&d, c->o_ss, SS);
	kpp_request_set_input(c->kreq, &s, c->ctl);
	kpp_request_set_output(c->kreq, &d, SS);
	return crypto_kpp_compute_shared_secret(c->kreq);
}

static int ak_enc(struct mlkem_case *c)
{
	struct scatterlist d;

	sg_init_one(&d, c->o_ct, c->ctl + SS);
	akcipher_request_set_crypt(c->areq, NULL, &d, 0, c->ctl + SS);
	return crypto_akcipher_encrypt(c->areq);
}

static int ak_dec(struct mlkem_case *c, const u8 *ct)
{
	struct scatterlist s, d;

	sg_init_one(&s, ct, c->ctl);
	sg_init_one(&d, c->o_ss, SS);
	akcipher_request_set_crypt(c->areq, &s, &d, c->ctl, SS);
	return crypto_akcipher_decrypt(c->areq);
}

static int mk_op_kpp_alloc(void *priv)
{
	struct mlkem_case *c = priv;

	c->kpp = crypto_alloc_kpp(c->kpp_name, 0, 0);
	if (IS_ERR(c->kpp)) {
		int err = PTR_ERR(c->kpp);

		c->kpp = NULL;
		return err;
	}
	return 0;
}

/* a new kpp tfm: the reference key pair from the seed, the secret */
static int mk_after_kpp_alloc(void *priv)
{
	struct mlkem_case *c = priv;
	int err = -ENOMEM;

	c->kreq = kpp_request_alloc(c->kpp, GFP_KERNEL);
	if (c->kreq) {
		mk_poison(c);
		err = crypto_kpp_set_secret(c->kpp, c->seed, sizeof(c->seed)) ?:
		      kpp_pub(c) ?: kpp_ss(c, c->ct);
		if (!err && (memcmp(c->o_ek, c->ek, c->ekl) ||
			     memcmp(c->o_ss, c->ss, SS)))
			err = -EBADMSG;
	}
	kpp_request_free(c->kreq);
	c->kreq = NULL;
	crypto_free_kpp(c->kpp);
	c->kpp = NULL;
	return err;
}

static int mk_op_ak_alloc(void *priv)
{
	struct mlkem_case *c = priv;

	c->ak = crypto_alloc_akcipher(c->ak_name, 0, 0);
	if (IS_ERR(c->ak)) {
		int err = PTR_ERR(c->ak);

		c->ak = NULL;
		return err;
	}
	return 0;
}

/* a new akcipher tfm: encrypt with the reference m, decrypt */
static int mk_after_ak_alloc(void *priv)
{
	struct mlkem_case *c = priv;
	int err = -ENOMEM;

	c->areq = akcipher_request_alloc(c->ak, GFP_KERNEL);
	if (c->areq) {
		mk_poison(c);
		err = crypto_akcipher_set_pub_key(c->ak, c->ek, c->ekl) ?:
		      ak_enc(c) ?: check_encaps_out(c, c->o_ct + c->ctl);
		err = err ?: crypto_akcipher_set_priv_key(c->ak, c->dk, c->dkl) ?:
		      ak_dec(c, c->ct);
		if (!err && memcmp(c->o_ss, c->ss, SS))
			err = -EBADMSG;
	}
	akcipher_request_free(c->areq);
	c->areq = NULL;
	crypto_free_akcipher(c->ak);
	c->ak = NULL;
	return err;
}

static int mk_op_kreq(void *priv)
{
	struct mlkem_case *c = priv;

	c->kreq = kpp_request_alloc(c->kpp, GFP_KERNEL);
	return c->kreq ? 0 : -ENOMEM;
}

static int mk_after_kreq(void *priv)
{
	struct mlkem_case *c = priv;
	int err;

	mk_poison(c);
	err = kpp_ss(c, c->ct) ?: (memcmp(c->o_ss, c->ss, SS) ? -EBADMSG : 0);
	kpp_request_free(c->kreq);
	c->kreq = NULL;
	return err;
}

static int mk_op_areq(void *priv)
{
	struct mlkem_case *c = priv;

	c->areq = akcipher_request_alloc(c->ak, GFP_KERNEL);
	return c->areq ? 0 : -ENOMEM;
}

static int mk_after_areq(void *priv)
{
	struct mlkem_case *c = priv;
	int err;

	mk_poison(c);
	err = ak_dec(c, c->ct) ?: (memcmp(c->o_ss, c->ss, SS) ? -EBADMSG : 0);
	akcipher_request_free(c->areq);
	c->areq = NULL;
	return err;
}

/* kpp set_secret: the key in c->key (seed, dk, or none: a fresh pair) */
static int mk_op_kpp_key(void *priv)
{
	struct mlkem_case *c = priv;

	return crypto_kpp_set_secret(c->kpp, c->key, c->keylen);
}

static int mk_after_kpp_key(void *priv)
{
	struct mlkem_case *c = priv;
	int err;

	mk_poison(c);
	err = kpp_pub(c);
	if (err)
		return err;
	if (c->key_random) {
		/* a fresh pair: encapsulate to it, the kpp must agree */
		if (!memcmp(c->o_ek, c->ek, c->ekl) ||
		    xp_encaps(c, c->o_ek))
			return -EBADMSG;
		memcpy(c->r_ct, c->o_ct, c->ctl);
		memcpy(c->r_ss, c->o_ss, SS);
		return kpp_ss(c, c->r_ct) ?:
		       (memcmp(c->o_ss, c->r_ss, SS) ? -EBADMSG : 0);
	}
	if (memcmp(c->o_ek, c->ek, c->ekl))
		return -EBADMSG;
	return kpp_ss(c, c->ct) ?: (memcmp(c->o_ss, c->ss, SS) ? -EBADMSG : 0);
}

/* a refused key leaves the tfm with none */
static int mk_failed_kpp_key(void *priv)
{
	struct mlkem_case *c = priv;

	return kpp_pub(c) == -EINVAL && kpp_ss(c, c->ct) == -EINVAL ? 0 : -EBADMSG;
}

static int mk_op_ak_pub(void *priv)
{
	struct mlkem_case *c = priv;

	return crypto_akcipher_set_pub_key(c->ak, c->ek, c->ekl);
}

static int mk_after_ak_pub(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return ak_enc(c) ?: check_encaps_out(c, c->o_ct + c->ctl);
}

static int mk_failed_ak(void *priv)
{
	struct mlkem_case *c = priv;

	return ak_enc(c) == -EINVAL && ak_dec(c, c->ct) == -EINVAL ? 0 : -EBADMSG;
}

static int mk_op_ak_priv(void *priv)
{
	struct mlkem_case *c = priv;

	return crypto_akcipher_set_priv_key(c->ak, c->key, c->keylen);
}

static int mk_after_ak_priv(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return ak_dec(c, c->ct) ?: (memcmp(c->o_ss, c->ss, SS) ? -EBADMSG : 0) ?:
	       mk_after_ak_pub(c);
}

static int mk_op_kpp_ss(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return kpp_ss(c, c->ct);
}

static int mk_op_kpp_pub(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return kpp_pub(c);
}

static int mk_after_kpp_pub(void *priv)
{
	struct mlkem_case *c = priv;

	return memcmp(c->o_ek, c->ek, c->ekl) ? -EBADMSG : 0;
}

static int mk_op_ak_enc(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return ak_enc(c);
}

static int mk_after_ak_enc(void *priv)
{
	struct mlkem_case *c = priv;

	return check_encaps_out(c, c->o_ct + c->ctl);
}

static int mk_op_ak_dec(void *priv)
{
	struct mlkem_case *c = priv;

	mk_poison(c);
	return ak_dec(c, c->ct);
}

static const struct mlkem_set_desc {
	enum vgc_mlkem_set set;
	unsigned int bits;
} mlkem_sets[] = {
	{ VGC_MLKEM512, 512 }, { VGC_MLKEM768, 768 }, { VGC_MLKEM1024, 1024 },
};

static struct mlkem_case *mk_case(struct kunit *test, unsigned int i)
{
	struct mlkem_case *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int j;

	if (!c)
		return NULL;
	c->set = mlkem_sets[i].set;
	c->bits = mlkem_sets[i].bits;
	c->ekl = vgc_mlkem_ek_size(c->set);
	c->dkl = vgc_mlkem_dk_size(c->set);
	c->ctl = vgc_mlkem_ct_size(c->set);
	for (j = 0; j < sizeof(c->seed); j++)
		c->seed[j] = 0x20 + j + i;
	/* the reference */
	if (xp_keypair(c, c->seed))
		return NULL;
	memcpy(c->ek, c->o_ek, c->ekl);
	memcpy(c->dk, c->o_dk, c->dkl);
	if (xp_encaps(c, c->ek))
		return NULL;
	memcpy(c->ct, c->o_ct, c->ctl);
	memcpy(c->ss, c->o_ss, SS);
	return c;
}

static void test_mlkem_exported(struct kunit *test)
{
	static const struct fpath paths[] = {
		{ "keypair (seed)", xp_op_keypair, xp_after_keypair,
		  xp_failed_keypair, true },
		{ "keypair (random)", xp_op_keypair_random,
		  xp_after_keypair_random, xp_failed_keypair, true },
		{ "encaps", xp_op_encaps, xp_after_encaps, xp_failed_encaps,
		  true },
		{ "decaps", xp_op_decaps, xp_after_decaps, xp_failed_decaps,
		  true },
	};
	struct mlkem_case *c;
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(mlkem_sets); i++) {
		c = mk_case(test, i);
		KUNIT_ASSERT_NOT_NULL(test, c);
		kunit_info(test, "vgc_mlkem%u_*\n", c->bits);
		for (j = 0; j < ARRAY_SIZE(paths); j++)
			step_faults(test, &paths[j], c);
	}
}

static void mlkem_driver_paths(struct kunit *test, struct mlkem_case *c)
{
	static const struct fpath kpp_alloc = {
		"crypto_alloc_kpp", mk_op_kpp_alloc, mk_after_kpp_alloc, NULL,
		true,
	};
	static const struct fpath ak_alloc = {
		"crypto_alloc_akcipher", mk_op_ak_alloc, mk_after_ak_alloc,
		NULL, true,
	};
	static const struct fpath kreq = {
		"kpp_request_alloc", mk_op_kreq, mk_after_kreq, NULL, true,
	};
	static const struct fpath areq = {
		"akcipher_request_alloc", mk_op_areq, mk_after_areq, NULL, true,
	};
	static const struct fpath kpp_seed = {
		"kpp set_secret (seed)", mk_op_kpp_key, mk_after_kpp_key,
		mk_failed_kpp_key, true,
	};
	static const struct fpath kpp_dk = {
		"kpp set_secret (dk)", mk_op_kpp_key, mk_after_kpp_key,
		mk_failed_kpp_key, true,
	};
	static const struct fpath kpp_fresh = {
		"kpp set_secret (fresh pair)", mk_op_kpp_key, mk_after_kpp_key,
		mk_failed_kpp_key, true,
	};
	static const struct fpath ak_pub = {
		"akcipher set_pub_key", mk_op_ak_pub, mk_after_ak_pub,
		mk_failed_ak, true,
	};
	static const struct fpath ak_seed = {
		"akcipher set_priv_key (seed)", mk_op_ak_priv, mk_after_ak_priv,
		mk_failed_ak, true,
	};
	static const struct fpath ak_dk = {
		"akcipher set_priv_key (dk)", mk_op_ak_priv, mk_after_ak_priv,
		mk_failed_ak, true,
	};
	static const struct fpath kpp_reqs[] = {
		{ "kpp generate_public_key", mk_op_kpp_pub, mk_after_kpp_pub,
		  NULL, false },
		{ "kpp compute_shared_secret", mk_op_kpp_ss, xp_after_decaps,
		  NULL, false },
	};
	static const struct fpath ak_reqs[] = {
		{ "akcipher encrypt", mk_op_ak_enc, mk_after_ak_enc, NULL,
		  false },
		{ "akcipher decrypt", mk_op_ak_dec, xp_after_decaps, NULL,
		  false },
	};
	unsigned int j;

	step_faults(test, &kpp_alloc, c);
	step_faults(test, &ak_alloc, c);
	c->kpp = crypto_alloc_kpp(c->kpp_name, 0, 0);
	c->ak = crypto_alloc_akcipher(c->ak_name, 0, 0);
	if (IS_ERR(c->kpp) || IS_ERR(c->ak)) {
		KUNIT_FAIL(test, "%s: tfms", c->kpp_name);
		goto out;
	}
	/* keyed, for the requests' round trips */
	if (crypto_kpp_set_secret(c->kpp, c->seed, sizeof(c->seed)) ||
	    crypto_akcipher_set_priv_key(c->ak, c->seed, sizeof(c->seed))) {
		KUNIT_FAIL(test, "%s: keys", c->kpp_name);
		goto out;
	}
	step_faults(test, &kreq, c);
	step_faults(test, &areq, c);
	c->kreq = kpp_request_alloc(c->kpp, GFP_KERNEL);
	c->areq = akcipher_request_alloc(c->ak, GFP_KERNEL);
	if (!c->kreq || !c->areq) {
		KUNIT_FAIL(test, "%s: requests", c->kpp_name);
		goto out;
	}

	c->key = NULL;
	c->keylen = 0;
	c->key_random = true;
	step_faults(test, &kpp_fresh, c);
	c->key_random = false;
	c->key = c->dk;
	c->keylen = c->dkl;
	step_faults(test, &kpp_dk, c);
	c->key = c->seed;
	c->keylen = sizeof(c->seed);
	step_faults(test, &kpp_seed, c);
	for (j = 0; j < ARRAY_SIZE(kpp_reqs); j++)
		step_faults(test, &kpp_reqs[j], c);

	step_faults(test, &ak_pub, c);
	c->key = c->dk;
	c->keylen = c->dkl;
	step_faults(test, &ak_dk, c);
	c->key = c->seed;
	c->keylen = sizeof(c->seed);
	step_faults(test, &ak_seed, c);
	for (j = 0; j < ARRAY_SIZE(ak_reqs); j++)
		step_faults(test, &ak_reqs[j], c);
out:
	kpp_request_free(c->kreq);
	akcipher_request_free(c->areq);
	c->kreq = NULL;
	c->areq = NULL;
	if (!IS_ERR_OR_NULL(c->kpp))
		crypto_free_kpp(c->kpp);
	if (!IS_ERR_OR_NULL(c->ak))
		crypto_free_akcipher(c->ak);
	c->kpp = NULL;
	c->ak = NULL;
}

static void test_mlkem_drivers(struct kunit *test)
{
	const struct vgc_mlkem_backend *const *be;
	struct mlkem_case *c;
	unsigned int i, drivers = 0;
	const char *why;

	for (i = 0; i < ARRAY_SIZE(mlkem_sets); i++) {
		c = mk_case(test, i);
		KUNIT_ASSERT_NOT_NULL(test, c);
		for (be = vgc_mlkem_backends; *be; be++) {
			snprintf(c->kpp_name, sizeof(c->kpp_name),
				 "mlkem%u-vgcrypto-%s", c->bits, (*be)->name);
			snprintf(c->ak_name, sizeof(c->ak_name),
				 "mlkem%u-vgcrypto-%s-akcipher", c->bits,
				 (*be)->name);
			if (!crypto_has_alg(c->kpp_name, CRYPTO_ALG_TYPE_KPP,
					    CRYPTO_ALG_TYPE_MASK)) {
				/* absent only where the CPU cannot run it */
				KUNIT_EXPECT_FALSE_MSG(test,
						       !(*be)->usable ||
						       (*be)->usable(&why),
						       "%s is usable but not registered",
						       c->kpp_name);
				continue;
			}
			kunit_info(test, "%s and %s\n", c->kpp_name, c->ak_name);
			drivers++;
			mlkem_driver_paths(test, c);
		}
	}
	/* the portable back end is always registered */
	KUNIT_EXPECT_GE(test, drivers, 3U);
}

/*
 * The AEAD's guard at load (crypto/aead_guard.c) with each allocation on
 * its path failing in turn (the crypto manager's instantiation runs in a
 * thread of its own, outside this task's count): it never registers
 * without a timing. A failure that stopped it withholds the drivers; one
 * the kernel absorbed leaves a timed verdict. -ENOENT, which a failed
 * instantiation also gives, is asked again before it counts as the
 * template being absent.
 */
static void test_guard(struct kunit *test)
{
	unsigned int n, withheld = 0, timed = 0;
	const char *d;
	bool reg, hit;

	reg = vgc_aead_guard_timed(&vgc_cp_backend_generic);
	d = vgc_aead_guard_decision();
	if (strstr(d, "is not available"))
		kunit_skip(test, "%s", d);
	KUNIT_ASSERT_TRUE_MSG(test, strstr(d, " is at least "),
			      "without faults: %s", d);
	for (n = 1; n <= MAX_POINTS; n++) {
		WRITE_ONCE(current->fail_nth, n);
		reg = vgc_aead_guard_timed(&vgc_cp_backend_generic);
		hit = !READ_ONCE(current->fail_nth);
		WRITE_ONCE(current->fail_nth, 0);
		d = vgc_aead_guard_decision();
		if (!hit)
			break;
		if (!reg) {
			withheld++;
			continue;
		}
		timed++;
		KUNIT_EXPECT_TRUE_MSG(test, strstr(d, " is at least "),
				      "point %u failing: registered without a timing: %s",
				      n, d);
	}
	KUNIT_EXPECT_GT_MSG(test, n, 1U, "the guard reached no allocation point");
	KUNIT_EXPECT_LE(test, n, MAX_POINTS);
	kunit_info(test, "guard: %u allocation points: %u withheld, %u absorbed and timed\n",
		   n - 1, withheld, timed);
}

static struct kunit_case fault_cases[] = {
	KUNIT_CASE(test_armed),
	KUNIT_CASE(test_aead),
	KUNIT_CASE(test_guard),
	KUNIT_CASE(test_mlkem_exported),
	KUNIT_CASE(test_mlkem_drivers),
	{}
};

static struct kunit_suite fault_suite = {
	.name = "vgcrypto-fault",
	.test_cases = fault_cases,
};

kunit_test_suite(fault_suite);

MODULE_LICENSE("GPL");
/* vgc_cp_backends; 6.13 made the namespace a string */
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif
MODULE_DESCRIPTION("vgcrypto under injected allocation failures (KUnit; needs CONFIG_FAULT_INJECTION)");
