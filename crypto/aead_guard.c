// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AEAD's guard at load. A driver registered under
 * rfc7539(chacha20,poly1305) at any priority is found before the kernel's
 * own template is ever instantiated, so registering is a promise to be
 * no slower than what the kernel already has. Before the drivers are
 * registered, the back end they would run on is timed here against the
 * kernel's own rfc7539 on this CPU, as the kernel's raid6 and xor code
 * time their choices at boot: seal and open at a few sizes, both sides
 * in turn, the best of a few tries each. The drivers are registered only
 * if no figure is below VGC_GUARD_MIN_RATIO. ML-KEM is not affected.
 *
 * Both sides run the same request (one scatterlist entry, in place for
 * seal, out of place for open: what kTLS and ESP do); ours through the
 * function its driver's encrypt and decrypt call, the kernel's through
 * crypto_aead_encrypt()/decrypt(), which adds the crypto API's dispatch
 * (a few nanoseconds, which ours will pay too once registered). Their
 * outputs must agree.
 *
 * The kernel's instance is looked up with CRYPTO_NOLOAD: without it the
 * lookup asks modprobe for crypto-rfc7539(chacha20,poly1305), which is
 * this module, still loading. The template's own module (crypto-rfc7539,
 * chacha20poly1305.ko) and its ChaCha20 and Poly1305 are loaded as usual.
 */
#include <crypto/aead.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "chacha20poly1305.h"
#include "vgc_glue.h"

static char *aead = "auto";
module_param(aead, charp, 0444);
MODULE_PARM_DESC(aead,
		 "auto: register the ChaCha20-Poly1305 drivers only if they are not slower than the kernel's own rfc7539 on this CPU (timed at load); always: register without timing; never: register none");

/* what was decided at load, and why (read-only) */
static char aead_decision[200] = "not decided";
module_param_string(aead_decision, aead_decision, sizeof(aead_decision), 0444);
MODULE_PARM_DESC(aead_decision,
		 "read-only: whether the ChaCha20-Poly1305 drivers were registered, and why");

/*
 * kernel's time / ours, in hundredths (as printed, so that the line and
 * the decision agree): the least that still registers
 */
#define VGC_GUARD_MIN_RATIO	95
#define VGC_GUARD_TRIES		5
/* text per timed batch: a few microseconds to tens of them */
#define VGC_GUARD_BATCH_BYTES	8192
#define VGC_GUARD_AD		13
#define VGC_GUARD_MAX_TEXT	4096

static const unsigned int vgc_guard_sizes[] = { 64, 256, 1420, 4096 };
#define VGC_GUARD_NSIZES	ARRAY_SIZE(vgc_guard_sizes)

struct vgc_guard {
	struct crypto_aead *tfm;
	struct aead_request *req;
	struct vgc_cp_req *r;
	const struct vgc_cp_backend *be;
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
	/* best time per batch, [size][seal, open][kernel, ours] */
	u64 best[VGC_GUARD_NSIZES][2][2];
};

/* one request of @len bytes of text on the kernel's side or ours */
static int vgc_guard_one(struct vgc_guard *g, bool ours, bool seal,
			 unsigned int len)
{
	struct aead_request *req = g->req;

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
static int vgc_guard_prepare(struct vgc_guard *g, unsigned int len)
{
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

/* nanoseconds for a batch of @reps requests */
static u64 vgc_guard_batch(struct vgc_guard *g, bool ours, bool seal,
			   unsigned int len, unsigned int reps, int *err)
{
	u64 t0 = ktime_get_ns();
	unsigned int i;

	for (i = 0; i < reps && !*err; i++)
		*err = vgc_guard_one(g, ours, seal, len);
	return ktime_get_ns() - t0;
}

static int vgc_guard_time(struct vgc_guard *g)
{
	unsigned int s, try, reps, op, side;
	int err = 0;
	u64 t;

	for (s = 0; s < VGC_GUARD_NSIZES; s++) {
		err = vgc_guard_prepare(g, vgc_guard_sizes[s]);
		if (err)
			return err;
		reps = max(1U, VGC_GUARD_BATCH_BYTES / vgc_guard_sizes[s]);
		for (try = 0; try < VGC_GUARD_TRIES; try++) {
			for (op = 0; op < 2; op++) {
				/* the side that goes first changes each try */
				for (side = 0; side < 2; side++) {
					bool ours = side ^ (try & 1);

					t = vgc_guard_batch(g, ours, op == 0,
							    vgc_guard_sizes[s],
							    reps, &err);
					if (err)
						return err;
					if (!try || t < g->best[s][op][ours])
						g->best[s][op][ours] = t;
				}
			}
			cond_resched();
		}
	}
	return 0;
}

/* kernel's time / ours in hundredths, rounded */
static unsigned int vgc_guard_ratio(u64 kernel, u64 ours)
{
	ours = max_t(u64, ours, 1);
	return div64_u64(kernel * 100 + ours / 2, ours);
}

static void vgc_guard_decide(const char *fmt, const char *arg, bool reg)
{
	scnprintf(aead_decision, sizeof(aead_decision), fmt,
		  reg ? "registered" : "not registered", arg);
}

/* Should the AEAD drivers of back end @be be registered? */
bool vgc_aead_guard(const struct vgc_cp_backend *be)
{
	unsigned int s, op, q[2], least = UINT_MAX, least_s = 0, least_op = 0;
	char line[320];
	struct vgc_guard *g;
	const char *kname;
	bool reg;
	int pos = 0, err;

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

	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		goto unknown;
	g->be = be;
	g->tfm = crypto_alloc_aead("rfc7539(chacha20,poly1305)", 0,
				   CRYPTO_ALG_ASYNC | CRYPTO_NOLOAD);
	if (IS_ERR(g->tfm)) {
		err = PTR_ERR(g->tfm);
		kfree(g);
		scnprintf(aead_decision, sizeof(aead_decision),
			  "registered: the kernel's own rfc7539(chacha20,poly1305) is not available (%d)",
			  err);
		pr_info("ChaCha20-Poly1305: the kernel's own rfc7539(chacha20,poly1305) is not available (%d): registering %s without timing\n",
			err, be->name);
		return true;
	}
	kname = crypto_tfm_alg_driver_name(crypto_aead_tfm(g->tfm));
	g->r = kzalloc(sizeof(*g->r), GFP_KERNEL);
	g->req = aead_request_alloc(g->tfm, GFP_KERNEL);
	err = -ENOMEM;
	if (!g->r || !g->req)
		goto out;
	get_random_bytes(g->key, sizeof(g->key));
	get_random_bytes(g->nonce, sizeof(g->nonce));
	aead_request_set_callback(g->req, 0, NULL, NULL);
	err = crypto_aead_setkey(g->tfm, g->key, sizeof(g->key)) ?:
	      crypto_aead_setauthsize(g->tfm, VGC_CP_TAG_SIZE) ?:
	      vgc_guard_time(g);
	if (err)
		goto out;

	for (s = 0; s < VGC_GUARD_NSIZES; s++) {
		for (op = 0; op < 2; op++) {
			q[op] = vgc_guard_ratio(g->best[s][op][0], g->best[s][op][1]);
			if (q[op] < least) {
				least = q[op];
				least_s = s;
				least_op = op;
			}
		}
		pos += scnprintf(line + pos, sizeof(line) - pos,
				 "%s%u B %u.%02u/%u.%02ux", s ? ", " : "",
				 vgc_guard_sizes[s], q[0] / 100, q[0] % 100,
				 q[1] / 100, q[1] % 100);
	}
	reg = least >= VGC_GUARD_MIN_RATIO;
	scnprintf(aead_decision, sizeof(aead_decision),
		  "%s: %s is at least %u.%02ux the speed of %s (least at %u B %s)",
		  reg ? "registered" : "not registered", be->name,
		  least / 100, least % 100, kname, vgc_guard_sizes[least_s],
		  least_op ? "open" : "seal");
	pr_info("ChaCha20-Poly1305: %s against the kernel's %s, kernel's time / ours, best of %d, seal/open: %s; least %u.%02ux, %s %u.%02u: %s\n",
		be->name, kname, VGC_GUARD_TRIES, line, least / 100,
		least % 100, reg ? ">=" : "<", VGC_GUARD_MIN_RATIO / 100,
		VGC_GUARD_MIN_RATIO % 100,
		reg ? "registering" : "not registering (aead=always overrides)");
out:
	if (err) {
		reg = err != -EBADE;
		scnprintf(aead_decision, sizeof(aead_decision),
			  "%s: timing against %s failed (%d)",
			  reg ? "registered" : "not registered", kname, err);
		pr_warn("ChaCha20-Poly1305: timing %s against %s failed (%d%s): %s\n",
			be->name, kname, err,
			err == -EBADE ? ", the outputs differ" : "",
			reg ? "registering" : "not registering");
	}
	aead_request_free(g->req);
	crypto_free_aead(g->tfm);
	kfree_sensitive(g->r);
	kfree_sensitive(g);
	return reg;

unknown:
	vgc_guard_decide("%s: %s", "out of memory for the timing", true);
	return true;
}
