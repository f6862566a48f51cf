// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgcrypto_xwing_check.ko: round trips through the kpp "xwing" and the
 * exported X-Wing functions, for kernels without KUnit (Debian's stock
 * kernels under QEMU, tests/qemu/mlkem.sh). It does its work when it
 * loads: one "vgcrypto_xwing_check: ok - ..." or "not ok - ..." line per
 * check, and the load fails with -EINVAL if any failed. The KUnit suite
 * (kunit/xwing_kunit.c) is the full test.
 */
#include <crypto/kpp.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <vgcrypto/xwing.h>

#define ENC_OUT	(VGC_XWING_CT_SIZE + VGC_XWING_SS_SIZE)

struct xc {
	struct crypto_kpp *kpp;
	struct kpp_request *req;
	struct scatterlist src, dst;
	u8 pk[VGC_XWING_PK_SIZE];
	u8 sk[VGC_XWING_SK_SIZE];
	u8 ct_ss[ENC_OUT];
	u8 ss[VGC_XWING_SS_SIZE];
	int failed;
};

static void check(struct xc *c, bool ok, const char *what)
{
	pr_info("%s - %s\n", ok ? "ok" : "not ok", what);
	c->failed += !ok;
}

static int run(struct xc *c, bool pub, void *in, unsigned int in_len,
	       void *out, unsigned int out_len)
{
	if (in)
		sg_init_one(&c->src, in, in_len);
	sg_init_one(&c->dst, out, out_len);
	kpp_request_set_callback(c->req, CRYPTO_TFM_REQ_MAY_SLEEP, NULL, NULL);
	kpp_request_set_input(c->req, in ? &c->src : NULL, in_len);
	kpp_request_set_output(c->req, &c->dst, out_len);
	return pub ? crypto_kpp_generate_public_key(c->req) :
		     crypto_kpp_compute_shared_secret(c->req);
}

static void xwing_kpp(struct xc *c)
{
	c->kpp = crypto_alloc_kpp("xwing", 0, 0);
	check(c, !IS_ERR(c->kpp), "kpp xwing allocated");
	if (IS_ERR(c->kpp))
		return;
	check(c, !strcmp(crypto_tfm_alg_driver_name(crypto_kpp_tfm(c->kpp)),
			 "xwing-vgcrypto"), "xwing resolves to xwing-vgcrypto");
	c->req = kpp_request_alloc(c->kpp, GFP_KERNEL);
	if (c->req) {
		check(c, !crypto_kpp_set_secret(c->kpp, NULL, 0) &&
		      !run(c, true, NULL, 0, c->pk, sizeof(c->pk)),
		      "kpp: fresh key pair, public key");
		check(c, !run(c, false, c->pk, sizeof(c->pk), c->ct_ss,
			      sizeof(c->ct_ss)) &&
		      c->req->dst_len == ENC_OUT,
		      "kpp: encapsulation to the public key");
		check(c, !run(c, false, c->ct_ss, VGC_XWING_CT_SIZE, c->ss,
			      sizeof(c->ss)) &&
		      !memcmp(c->ss, c->ct_ss + VGC_XWING_CT_SIZE,
			      sizeof(c->ss)),
		      "kpp: decapsulation gives the same secret");
		check(c, run(c, false, c->ct_ss, VGC_XWING_CT_SIZE - 1, c->ss,
			     sizeof(c->ss)) == -EINVAL,
		      "kpp: a short ciphertext refused");
		kpp_request_free(c->req);
	}
	crypto_free_kpp(c->kpp);
}

static void xwing_functions(struct xc *c)
{
	check(c, !vgc_xwing_keypair(c->pk, c->sk) &&
	      !vgc_xwing_encapsulate(c->ct_ss, c->ct_ss + VGC_XWING_CT_SIZE,
				     c->pk) &&
	      !vgc_xwing_decapsulate(c->ss, c->ct_ss, c->sk) &&
	      !memcmp(c->ss, c->ct_ss + VGC_XWING_CT_SIZE, sizeof(c->ss)),
	      "functions: key pair, encapsulation, decapsulation");
}

static int __init xwing_check_init(void)
{
	struct xc *c = kzalloc(sizeof(*c), GFP_KERNEL);
	int failed;

	if (!c)
		return -ENOMEM;
	xwing_kpp(c);
	xwing_functions(c);
	failed = c->failed;
	kfree_sensitive(c);
	return failed ? -EINVAL : 0;
}

static void __exit xwing_check_exit(void)
{
}

module_init(xwing_check_init);
module_exit(xwing_check_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Load-time round trips through vgcrypto's X-Wing kpp and functions");
