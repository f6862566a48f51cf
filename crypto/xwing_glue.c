// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgcrypto_xwing.ko: X-Wing (draft-connolly-cfrg-xwing-kem-10) for the
 * crypto API and as plain functions (<vgcrypto/xwing.h>), on vgcrypto.ko's
 * ML-KEM-768 and the kernel's X25519 library. A module of its own so that
 * vgcrypto.ko needs none of the kernel's curve25519 modules.
 *
 *   kpp "xwing" (driver xwing-vgcrypto)
 *     set_secret(buf, len): 32 = the private key (expanded once, kept in
 *       the tfm); 0 = a fresh one from get_random_bytes()
 *     generate_public_key: dst <- pk (1,216 bytes)
 *     compute_shared_secret, by the length of src:
 *       1,120 (a ciphertext): decapsulation with the tfm's key, dst <- ss
 *       1,216 (a peer's pk): encapsulation to it with fresh randomness,
 *         dst <- ct || ss (1,152 bytes); no key needed
 *     max_size: 1,216
 *
 * The lengths tell the two uses apart, so neither can be taken for the
 * other. Refusals before a byte is written: a destination too short gets
 * -EOVERFLOW and dst_len set to the size needed; anything else -EINVAL
 * (another length, a request without the key it needs, a pk whose
 * ML-KEM part fails the modulus check, a pk_X or ct_X of small order).
 * Randomness only from a seeded pool: set_secret and a request that may
 * sleep wait for it, another request is refused with -EAGAIN.
 *
 * Requests work in their own context (reqsize: ML-KEM's work area and
 * the copies of src and dst), wiped when they end; the key is wiped with
 * the tfm. Before it registers, the module derives the draft's first key
 * pair and decapsulates its ciphertext; it does not load if either
 * differs.
 */
#include <crypto/internal/kpp.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "mlkem_backend.h"
#include "sha3.h"
#include "xwing.h"
#include "xwing_kat.h"

#define XWING_ENC_OUT	(VGC_XWING_CT_SIZE + VGC_XWING_SS_SIZE)

struct vgc_xwing_ctx {
	struct vgc_xwing_key key;
	bool have_key;
};

struct vgc_xwing_req {
	struct vgc_mlkem_work work;
	u8 in[VGC_XWING_PK_SIZE];	/* a ciphertext or a pk */
	u8 out[XWING_ENC_OUT];
};

/* a work area and an expanded key, for set_secret and the functions */
struct vgc_xwing_mem {
	struct vgc_mlkem_work work;
	struct vgc_xwing_key key;
	struct vgc_keccak kc;
	u8 digest[32];
};

static struct vgc_xwing_mem *xwing_mem(void)
{
	return kmalloc(sizeof(struct vgc_xwing_mem), GFP_KERNEL);
}

/* ---- kpp ---- */

static struct vgc_xwing_ctx *xw_ctx(struct crypto_kpp *tfm)
{
	return kpp_tfm_ctx(tfm);
}

static int vgc_xwing_set_secret(struct crypto_kpp *tfm, const void *buf,
				unsigned int len)
{
	struct vgc_xwing_ctx *c = xw_ctx(tfm);
	struct vgc_mlkem_work *w;
	u8 sk[VGC_XWING_SK_SIZE];
	int err = 0;

	memzero_explicit(c, sizeof(*c));
	if (len == VGC_XWING_SK_SIZE && buf)
		memcpy(sk, buf, len);
	else if (len == 0)
		err = vgc_mlkem_random(sk, sizeof(sk), true);
	else
		return -EINVAL;
	if (err)
		return err;
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	err = w ? vgc_xwing_expand(&c->key, sk, w) : -ENOMEM;
	kfree_sensitive(w);
	memzero_explicit(sk, sizeof(sk));
	c->have_key = !err;
	return err;
}

static bool sg_fits(struct scatterlist *sg, unsigned int len)
{
	return sg && sg_nents_for_len(sg, len) >= 0;
}

static int xwing_put(struct kpp_request *req, const void *buf,
		     unsigned int len)
{
	if (req->dst_len < len) {
		req->dst_len = len;
		return -EOVERFLOW;
	}
	if (!sg_fits(req->dst, len) ||
	    sg_pcopy_from_buffer(req->dst, sg_nents(req->dst), buf, len, 0) !=
	    len)
		return -EINVAL;
	req->dst_len = len;
	return 0;
}

static int vgc_xwing_public_key_req(struct kpp_request *req)
{
	struct vgc_xwing_ctx *c = xw_ctx(crypto_kpp_reqtfm(req));

	if (!c->have_key)
		return -EINVAL;
	return xwing_put(req, c->key.pk, VGC_XWING_PK_SIZE);
}

static int vgc_xwing_shared_secret(struct kpp_request *req)
{
	struct vgc_xwing_ctx *c = xw_ctx(crypto_kpp_reqtfm(req));
	struct vgc_xwing_req *rc = kpp_request_ctx(req);
	bool sleep = req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP;
	unsigned int len = req->src_len, out;
	int err;

	if (len == VGC_XWING_CT_SIZE && c->have_key)
		out = VGC_XWING_SS_SIZE;
	else if (len == VGC_XWING_PK_SIZE)
		out = XWING_ENC_OUT;
	else
		return -EINVAL;
	if (req->dst_len < out) {
		req->dst_len = out;
		return -EOVERFLOW;
	}
	if (!sg_fits(req->src, len) || !sg_fits(req->dst, out) ||
	    sg_pcopy_to_buffer(req->src, sg_nents(req->src), rc->in, len, 0) !=
	    len)
		return -EINVAL;
	if (out == VGC_XWING_SS_SIZE) {
		err = vgc_xwing_decaps(rc->out, rc->in, &c->key, &rc->work);
	} else {
		err = vgc_xwing_encaps(rc->out, rc->out + VGC_XWING_CT_SIZE,
				       rc->in, &rc->work);
		/* -EAGAIN comes only from a pool not seeded yet */
		if (err == -EAGAIN && sleep)
			err = vgc_mlkem_wait_for_rng() ?:
			      vgc_xwing_encaps(rc->out,
					       rc->out + VGC_XWING_CT_SIZE,
					       rc->in, &rc->work);
	}
	if (!err)
		err = xwing_put(req, rc->out, out);
	memzero_explicit(rc, sizeof(*rc));
	return err;
}

static unsigned int vgc_xwing_max_size(struct crypto_kpp *tfm)
{
	return VGC_XWING_PK_SIZE;
}

static int vgc_xwing_init(struct crypto_kpp *tfm)
{
	memzero_explicit(xw_ctx(tfm), sizeof(struct vgc_xwing_ctx));
	/* 6.1 keeps reqsize in the alg, later releases in the tfm */
	kpp_set_reqsize(tfm, sizeof(struct vgc_xwing_req));
	return 0;
}

static void vgc_xwing_exit(struct crypto_kpp *tfm)
{
	memzero_explicit(xw_ctx(tfm), sizeof(struct vgc_xwing_ctx));
}

static struct kpp_alg vgc_xwing_alg = {
	.set_secret = vgc_xwing_set_secret,
	.generate_public_key = vgc_xwing_public_key_req,
	.compute_shared_secret = vgc_xwing_shared_secret,
	.max_size = vgc_xwing_max_size,
	.init = vgc_xwing_init,
	.exit = vgc_xwing_exit,
	.base = {
		.cra_name = "xwing",
		.cra_driver_name = "xwing-vgcrypto",
		.cra_priority = 300,
		.cra_ctxsize = sizeof(struct vgc_xwing_ctx),
		.cra_module = THIS_MODULE,
	},
};

/* ---- functions ---- */

int vgc_xwing_public_key(u8 pk[VGC_XWING_PK_SIZE],
			 const u8 sk[VGC_XWING_SK_SIZE])
{
	struct vgc_xwing_mem *m = xwing_mem();
	int err;

	if (!m)
		return -ENOMEM;
	err = vgc_xwing_expand(&m->key, sk, &m->work);
	if (!err)
		memcpy(pk, m->key.pk, VGC_XWING_PK_SIZE);
	kfree_sensitive(m);
	return err;
}
EXPORT_SYMBOL_GPL(vgc_xwing_public_key);

int vgc_xwing_keypair(u8 pk[VGC_XWING_PK_SIZE], u8 sk[VGC_XWING_SK_SIZE])
{
	u8 seed[VGC_XWING_SK_SIZE];
	int err;

	err = vgc_mlkem_random(seed, sizeof(seed), true) ?:
	      vgc_xwing_public_key(pk, seed);
	if (!err)
		memcpy(sk, seed, sizeof(seed));
	memzero_explicit(seed, sizeof(seed));
	return err;
}
EXPORT_SYMBOL_GPL(vgc_xwing_keypair);

int vgc_xwing_encapsulate(u8 ct[VGC_XWING_CT_SIZE], u8 ss[VGC_XWING_SS_SIZE],
			  const u8 pk[VGC_XWING_PK_SIZE])
{
	struct vgc_mlkem_work *w = kmalloc(sizeof(*w), GFP_KERNEL);
	int err;

	if (!w)
		return -ENOMEM;
	err = vgc_mlkem_wait_for_rng() ?: vgc_xwing_encaps(ct, ss, pk, w);
	kfree_sensitive(w);
	return err;
}
EXPORT_SYMBOL_GPL(vgc_xwing_encapsulate);

int vgc_xwing_decapsulate(u8 ss[VGC_XWING_SS_SIZE],
			  const u8 ct[VGC_XWING_CT_SIZE],
			  const u8 sk[VGC_XWING_SK_SIZE])
{
	struct vgc_xwing_mem *m = xwing_mem();
	int err;

	if (!m)
		return -ENOMEM;
	err = vgc_xwing_expand(&m->key, sk, &m->work) ?:
	      vgc_xwing_decaps(ss, ct, &m->key, &m->work);
	kfree_sensitive(m);
	return err;
}
EXPORT_SYMBOL_GPL(vgc_xwing_decapsulate);

/* ---- load ---- */

static int vgc_xwing_selftest(void)
{
	struct vgc_xwing_mem *m = xwing_mem();
	u8 ss[VGC_XWING_SS_SIZE];
	int err;

	if (!m)
		return -ENOMEM;
	err = vgc_xwing_expand(&m->key, xwing_kat_sk, &m->work);
	if (!err) {
		vgc_sha3_256_init(&m->kc);
		vgc_keccak_absorb(&m->kc, m->key.pk, VGC_XWING_PK_SIZE);
		vgc_keccak_squeeze(&m->kc, m->digest, sizeof(m->digest));
		err = vgc_xwing_decaps(ss, xwing_kat_ct, &m->key, &m->work);
	}
	if (!err && (memcmp(m->digest, xwing_kat_pk_sha3, sizeof(m->digest)) ||
		     memcmp(ss, xwing_kat_ss, sizeof(ss))))
		err = -EBADMSG;
	kfree_sensitive(m);
	memzero_explicit(ss, sizeof(ss));
	return err;
}

static int __init vgc_xwing_mod_init(void)
{
	int err = vgc_xwing_selftest();

	if (err) {
		pr_err("X-Wing known-answer check failed (%d): not registered\n",
		       err);
		return -EINVAL;
	}
	err = crypto_register_kpp(&vgc_xwing_alg);
	if (err)
		return err;
	pr_info("X-Wing (draft-connolly-cfrg-xwing-kem-10) registered: kpp %s; known-answer check passed\n",
		vgc_xwing_alg.base.cra_driver_name);
	return 0;
}

static void __exit vgc_xwing_mod_exit(void)
{
	crypto_unregister_kpp(&vgc_xwing_alg);
}

module_init(vgc_xwing_mod_init);
module_exit(vgc_xwing_mod_exit);

MODULE_DESCRIPTION("X-Wing (ML-KEM-768 + X25519) on vgcrypto's ML-KEM and the kernel's X25519");
MODULE_LICENSE("GPL");
MODULE_ALIAS_CRYPTO("xwing");
MODULE_ALIAS_CRYPTO("xwing-vgcrypto");
VGC_IMPORT_INTERNAL();
#if VGC_TEST_HOOKS
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif
#endif
