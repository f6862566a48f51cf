// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AEAD's guard at load. A driver registered under
 * rfc7539(chacha20,poly1305) at any priority is found before the kernel's
 * own template is ever instantiated, so registering is a promise to be
 * no slower than what the kernel already has. Before the drivers are
 * registered, the back end they would run on is timed here against the
 * kernel's own rfc7539 on this CPU (crypto/guard_time.c): seal and open
 * at a few sizes, both sides in turn, the best of a few tries each. The
 * drivers are registered only on a verdict with no figure below
 * VGC_GUARD_MIN_RATIO (1.00); an error on either side, outputs that
 * differ, no memory for the timing: not registered. ML-KEM is not
 * affected.
 *
 * Both sides run the same request (one scatterlist entry, in place for
 * seal, out of place for open: what kTLS and ESP do); ours through the
 * function its driver's encrypt and decrypt call, the kernel's through
 * crypto_aead_encrypt()/decrypt(), which adds the crypto API's dispatch
 * (a few nanoseconds, which ours will pay too once registered). Their
 * outputs must agree.
 */
#include <crypto/aead.h>
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <kunit/visibility.h>
#include <linux/kmod.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "chacha20poly1305.h"
#include "vgc_glue.h"
#include "vgc_guard.h"

static char *aead = "auto";
module_param(aead, charp, 0444);
MODULE_PARM_DESC(aead,
		 "auto: register the ChaCha20-Poly1305 drivers only if they are not slower than the kernel's own rfc7539 on this CPU (timed at load); always: register without timing; never: register none");

/* what was decided at load, and why (read-only) */
static char aead_decision[200] = "not decided";
module_param_string(aead_decision, aead_decision, sizeof(aead_decision), 0444);
MODULE_PARM_DESC(aead_decision,
		 "read-only: whether the ChaCha20-Poly1305 drivers were registered, and why");

#define VGC_GUARD_AD		13
#define VGC_GUARD_MAX_TEXT	4096

static const unsigned int vgc_guard_sizes[] = { 64, 256, 1420, 4096 };

struct vgc_guard {
	struct crypto_aead *tfm;
	struct aead_request *req;
	struct vgc_cp_req *r;
	const struct vgc_cp_backend *be;
	/* the kernel's instance as asked for, and as found */
	char kname[CRYPTO_MAX_ALG_NAME];
	const char *kdriver;
	u8 key[VGC_CP_KEY_SIZE];
	u8 nonce[VGC_CP_NONCE_SIZE];
	/*
	 * AD || text (|| tag): the plaintext, the record the kernel sealed,
	 * what opens write, what seals work on in place
	 */
	u8 pt[VGC_GUARD_AD + VGC_GUARD_MAX_TEXT];
	u8 ct[VGC_GUARD_AD + VGC_GUARD_MAX_TEXT + VGC_CP_TAG_SIZE];
	u8 out[VGC_GUARD_AD + VGC_GUARD_MAX_TEXT + VGC_CP_TAG_SIZE];
	u8 buf[VGC_GUARD_AD + VGC_GUARD_MAX_TEXT + VGC_CP_TAG_SIZE];
	struct scatterlist sg_ct, sg_out, sg_buf;
	struct vgc_guard_result res;
};

#if VGC_TEST_HOOKS
/* Test builds only: errors a side's requests return, [kernel, ours][seal, open] */
static int vgc_guard_fault[2][2];

void vgc_aead_guard_set_fault(bool ours, bool seal, int err)
{
	WRITE_ONCE(vgc_guard_fault[ours][!seal], err);
}
EXPORT_SYMBOL_IF_KUNIT(vgc_aead_guard_set_fault);

const char *vgc_aead_guard_decision(void)
{
	return aead_decision;
}
EXPORT_SYMBOL_IF_KUNIT(vgc_aead_guard_decision);

static int vgc_guard_test_fault(bool ours, bool seal)
{
	return READ_ONCE(vgc_guard_fault[ours][!seal]);
}
#else
static inline int vgc_guard_test_fault(bool ours, bool seal)
{
	return 0;
}
#endif

/* one request of @len bytes of text on the kernel's side or ours */
static int vgc_guard_one(void *ctx, bool ours, bool seal, unsigned int len)
{
	struct vgc_guard *g = ctx;
	struct aead_request *req = g->req;
	int err = vgc_guard_test_fault(ours, seal);

	if (err)
		return err;
	if (seal)
		aead_request_set_crypt(req, &g->sg_buf, &g->sg_buf, len, g->nonce);
	else
		aead_request_set_crypt(req, &g->sg_ct, &g->sg_out,
				       len + VGC_CP_TAG_SIZE, g->nonce);
	aead_request_set_ad(req, VGC_GUARD_AD);
	if (ours)
		return vgc_aead_run_on(g->be, g->key, g->r, req, seal);
	return seal ? crypto_aead_encrypt(req) : crypto_aead_decrypt(req);
}

/*
 * The record the opens take: sealed by the kernel's side; ours must seal
 * the same bytes, and each side must open it to the plaintext.
 */
static int vgc_guard_prepare(void *ctx, unsigned int len)
{
	struct vgc_guard *g = ctx;
	unsigned int n = VGC_GUARD_AD + len + VGC_CP_TAG_SIZE;
	int err, ours;

	sg_init_one(&g->sg_ct, g->ct, n);
	sg_init_one(&g->sg_out, g->out, n);
	sg_init_one(&g->sg_buf, g->buf, n);
	get_random_bytes(g->pt, VGC_GUARD_AD + len);
	for (ours = 0; ours < 2; ours++) {
		memcpy(g->buf, g->pt, VGC_GUARD_AD + len);
		err = vgc_guard_one(g, ours, true, len);
		if (err)
			return err;
		if (!ours)
			memcpy(g->ct, g->buf, n);
		else if (memcmp(g->buf, g->ct, n))
			return -EBADE;
	}
	for (ours = 0; ours < 2; ours++) {
		memset(g->out, 0, n);
		err = vgc_guard_one(g, ours, false, len);
		if (err)
			return err;
		if (memcmp(g->out + VGC_GUARD_AD, g->pt + VGC_GUARD_AD, len))
			return -EBADE;
	}
	return 0;
}

/*
 * The kernel's own rfc7539 on its best ChaCha20 and Poly1305, named by
 * their drivers. Their modules are asked for first (crypto-chacha20 and
 * crypto-poly1305 name the arch modules and the generic ones alike, and
 * modprobe loads each module of an alias): a lookup alone would settle
 * for whichever driver is loaded already. Asking for the instance
 * by those names keeps an instance made earlier on other drivers (the
 * generic ones, made before the arch modules were loaded, or by the
 * crypto manager's tests) from being the one timed. Where there is no
 * Poly1305 hash (7.x: the template calls the Poly1305 library, its arch
 * code included, and accepts only "poly1305" or "poly1305-generic" for
 * it, naming its instances "...,poly1305-generic)"), the template is
 * asked for "poly1305-generic", the name its instance will have.
 * CRYPTO_NOLOAD: a lookup that fails would otherwise ask modprobe for
 * this module, which is still loading.
 */
static int vgc_guard_kernel_tfm(struct vgc_guard *g)
{
	struct crypto_skcipher *chacha;
	struct crypto_shash *poly;
	const char *pname = "poly1305-generic";

	request_module("crypto-chacha20");
	request_module("crypto-poly1305");
	chacha = crypto_alloc_skcipher("chacha20", 0, CRYPTO_ALG_ASYNC);
	if (IS_ERR(chacha))
		return PTR_ERR(chacha);
	poly = crypto_alloc_shash("poly1305", 0, 0);
	if (!IS_ERR(poly))
		pname = crypto_shash_driver_name(poly);
	else if (PTR_ERR(poly) != -ENOENT)
		pname = NULL;
	if (pname)
		snprintf(g->kname, sizeof(g->kname), "rfc7539(%s,%s)",
			 crypto_skcipher_driver_name(chacha), pname);
	if (!IS_ERR(poly))
		crypto_free_shash(poly);
	crypto_free_skcipher(chacha);
	if (!pname)
		return PTR_ERR(poly);
	g->tfm = crypto_alloc_aead(g->kname, 0, CRYPTO_ALG_ASYNC | CRYPTO_NOLOAD);
	if (IS_ERR(g->tfm))
		return PTR_ERR(g->tfm);
	g->kdriver = crypto_tfm_alg_driver_name(crypto_aead_tfm(g->tfm));
	return 0;
}

static void vgc_guard_decide(const char *fmt, const char *arg, bool reg)
{
	scnprintf(aead_decision, sizeof(aead_decision), fmt,
		  reg ? "registered" : "not registered", arg);
}

/* time, then judge: 0, or why there is no verdict */
static int vgc_guard_run(struct vgc_guard *g)
{
	struct vgc_guard_plan plan = {
		.sizes = vgc_guard_sizes,
		.nsizes = ARRAY_SIZE(vgc_guard_sizes),
		.prepare = vgc_guard_prepare,
		.one = vgc_guard_one,
		.ctx = g,
	};

	g->r = kzalloc(sizeof(*g->r), GFP_KERNEL);
	g->req = aead_request_alloc(g->tfm, GFP_KERNEL);
	if (!g->r || !g->req)
		return -ENOMEM;
	get_random_bytes(g->key, sizeof(g->key));
	get_random_bytes(g->nonce, sizeof(g->nonce));
	aead_request_set_callback(g->req, 0, NULL, NULL);
	return crypto_aead_setkey(g->tfm, g->key, sizeof(g->key)) ?:
	       crypto_aead_setauthsize(g->tfm, VGC_CP_TAG_SIZE) ?:
	       vgc_guard_compare(&plan, &g->res);
}

/*
 * aead=auto: should the AEAD drivers of back end @be be registered? Only
 * on a verdict: any error on either side, outputs that differ, or no
 * memory for the timing, and they are not.
 */
bool vgc_aead_guard_timed(const struct vgc_cp_backend *be)
{
	struct vgc_guard_result *res;
	struct vgc_guard *g;
	bool reg = false;
	int err, tries;

	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g) {
		vgc_guard_decide("%s: %s", "no memory for the timing", false);
		pr_warn("ChaCha20-Poly1305: no memory to time %s against the kernel's own: not registering\n",
			be->name);
		return false;
	}
	g->be = be;
	/*
	 * -ENOENT is also what a failed allocation inside the crypto
	 * manager's instantiation gives: asked again before it is taken
	 * for a template that is not there
	 */
	for (tries = 0; tries < 2; tries++) {
		err = vgc_guard_kernel_tfm(g);
		if (err != -ENOENT)
			break;
	}
	if (err == -ENOENT) {
		kfree(g);
		scnprintf(aead_decision, sizeof(aead_decision),
			  "registered: the kernel's own rfc7539(chacha20,poly1305) is not available (%d)",
			  err);
		pr_info("ChaCha20-Poly1305: the kernel's own rfc7539(chacha20,poly1305) is not available (%d): registering %s without timing\n",
			err, be->name);
		return true;
	}
	if (!err)
		err = vgc_guard_run(g);
	res = &g->res;
	if (err) {
		scnprintf(aead_decision, sizeof(aead_decision),
			  "not registered: timing against %s failed (%d)",
			  g->kname, err);
		pr_warn("ChaCha20-Poly1305: timing %s against %s failed (%d%s): not registering\n",
			be->name, g->kname, err,
			err == -EBADE ? ", the outputs differ" : "");
	} else {
		reg = res->keep;
		scnprintf(aead_decision, sizeof(aead_decision),
			  "%s: %s is at least %u.%02ux the speed of %s (least at %u B %s)",
			  reg ? "registered" : "not registered", be->name,
			  res->least / 100, res->least % 100, g->kdriver,
			  res->least_size, res->least_op ? "open" : "seal");
		pr_info("ChaCha20-Poly1305: %s against the kernel's %s, kernel's time / ours, best of %d, seal/open: %s; least %u.%02ux, %s %u.%02u: %s\n",
			be->name, g->kdriver, VGC_GUARD_TRIES, res->figures,
			res->least / 100, res->least % 100, reg ? ">=" : "<",
			VGC_GUARD_MIN_RATIO / 100, VGC_GUARD_MIN_RATIO % 100,
			reg ? "registering" : "not registering (aead=always overrides)");
	}
	if (!IS_ERR_OR_NULL(g->tfm)) {
		aead_request_free(g->req);
		crypto_free_aead(g->tfm);
	}
	kfree_sensitive(g->r);
	kfree_sensitive(g);
	return reg;
}

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_aead_guard_timed);
#endif

/* Should the AEAD drivers of back end @be be registered? (aead=) */
bool vgc_aead_guard(const struct vgc_cp_backend *be)
{
	if (!strcmp(aead, "always")) {
		vgc_guard_decide("%s: aead=%s, not timed", aead, true);
		return true;
	}
	if (!strcmp(aead, "never")) {
		vgc_guard_decide("%s: aead=%s", aead, false);
		pr_info("ChaCha20-Poly1305 drivers not registered (aead=never)\n");
		return false;
	}
	if (strcmp(aead, "auto"))
		pr_warn("aead=%s is none of auto, always, never: taken as auto\n",
			aead);
	return vgc_aead_guard_timed(be);
}
