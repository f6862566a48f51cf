// SPDX-License-Identifier: GPL-2.0-only
/*
 * rfc7539(chacha20,poly1305) and rfc7539esp(chacha20,poly1305) for the
 * kernel crypto API: one synchronous AEAD driver pair per back end, each
 * request one walk over its scatterlists into the AEAD core in lib/.
 */
#include <crypto/internal/aead.h>
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#include <crypto/algapi.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/string.h>

#include "vgc_glue.h"

#ifdef VGC_ARCH_HEADER
#include VGC_ARCH_HEADER
#else
static inline int vgc_arch_backends(const struct vgc_cp_backend **list, int max)
{
	return 0;
}
#endif

#define VGC_ESP_SALT_SIZE	4
#define VGC_ESP_IV_SIZE		8

/*
 * kmap_atomic() mappings (SG_MITER_ATOMIC) are how 6.1 maps pages for
 * code that may run in softirq context; later kernels (6.9) added
 * kmap_local() mappings through SG_MITER_LOCAL and deprecated the atomic
 * form. Either way the mappings are released in reverse order.
 */
#ifdef SG_MITER_LOCAL
#define VGC_MITER_MAP	SG_MITER_LOCAL
#else
#define VGC_MITER_MAP	SG_MITER_ATOMIC
#endif

struct vgc_aead_ctx {
	u8 key[VGC_CP_KEY_SIZE];
	u8 salt[VGC_ESP_SALT_SIZE];
	unsigned int saltlen;	/* 0 for rfc7539, 4 for rfc7539esp */
	const struct vgc_cp_backend *be;
};

struct vgc_aead_alg {
	struct aead_alg alg;
	const struct vgc_cp_backend *be;
};

static char *backends;
module_param(backends, charp, 0444);
MODULE_PARM_DESC(backends,
		 "comma-separated back ends to register (default: all this CPU can run), e.g. generic,avx2");

static struct vgc_aead_alg vgc_algs[VGC_MAX_BACKENDS][2];
static int vgc_nr_registered;

static const struct vgc_cp_backend *vgc_tfm_backend(struct crypto_aead *tfm)
{
	struct aead_alg *alg = crypto_aead_alg(tfm);

	return container_of(alg, struct vgc_aead_alg, alg)->be;
}

static int vgc_aead_init(struct crypto_aead *tfm)
{
	struct vgc_aead_ctx *ctx = crypto_aead_ctx(tfm);

	ctx->be = vgc_tfm_backend(tfm);
	ctx->saltlen = crypto_aead_ivsize(tfm) == VGC_ESP_IV_SIZE ?
		       VGC_ESP_SALT_SIZE : 0;
	return 0;
}

static void vgc_aead_exit(struct crypto_aead *tfm)
{
	struct vgc_aead_ctx *ctx = crypto_aead_ctx(tfm);

	memzero_explicit(ctx->key, sizeof(ctx->key));
	memzero_explicit(ctx->salt, sizeof(ctx->salt));
}

static int vgc_aead_setkey(struct crypto_aead *tfm, const u8 *key,
			   unsigned int keylen)
{
	struct vgc_aead_ctx *ctx = crypto_aead_ctx(tfm);

	if (keylen != VGC_CP_KEY_SIZE + ctx->saltlen)
		return -EINVAL;
	memcpy(ctx->key, key, VGC_CP_KEY_SIZE);
	memcpy(ctx->salt, key + VGC_CP_KEY_SIZE, ctx->saltlen);
	return 0;
}

static int vgc_aead_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return authsize == VGC_CP_TAG_SIZE ? 0 : -EINVAL;
}

/* The associated data: the first @len bytes of @sg. */
static bool vgc_walk_ad(struct vgc_cp_req *r, struct scatterlist *sg,
			unsigned int len)
{
	struct sg_mapping_iter m;
	unsigned int n;

	if (!len)
		return true;
	sg_miter_start(&m, sg, sg_nents(sg), SG_MITER_FROM_SG | VGC_MITER_MAP);
	while (len && sg_miter_next(&m)) {
		n = min_t(unsigned int, len, m.length);
		vgc_cp_ad(r, m.addr, n);
		m.consumed = n;
		len -= n;
	}
	sg_miter_stop(&m);
	return !len;
}

static void vgc_update(struct vgc_cp_req *r, u8 *dst, const u8 *src,
		       unsigned int len, bool seal)
{
	if (seal)
		vgc_cp_seal_update(r, dst, src, len);
	else
		vgc_cp_open_update(r, dst, src, len);
}

/*
 * The text: @len bytes at offset @skip of both lists. Out of place, the
 * two iterators advance by whatever is left in the shorter of the two
 * mapped pieces, and both are stopped (unmapped, last mapped first)
 * before either moves on.
 */
static bool vgc_walk_text(struct vgc_cp_req *r, struct scatterlist *src,
			  struct scatterlist *dst, unsigned int skip,
			  unsigned int len, bool seal)
{
	struct sg_mapping_iter sm, dm;
	unsigned int n;

	if (!len)
		return true;

	if (src == dst) {
		sg_miter_start(&sm, src, sg_nents(src),
			       SG_MITER_FROM_SG | SG_MITER_TO_SG | VGC_MITER_MAP);
		if (!sg_miter_skip(&sm, skip))
			return false;
		while (len && sg_miter_next(&sm)) {
			n = min_t(unsigned int, len, sm.length);
			vgc_update(r, sm.addr, sm.addr, n, seal);
			sm.consumed = n;
			len -= n;
		}
		sg_miter_stop(&sm);
		return !len;
	}

	sg_miter_start(&sm, src, sg_nents(src), SG_MITER_FROM_SG | VGC_MITER_MAP);
	sg_miter_start(&dm, dst, sg_nents(dst), SG_MITER_TO_SG | VGC_MITER_MAP);
	if (!sg_miter_skip(&sm, skip) || !sg_miter_skip(&dm, skip))
		return false;
	while (len) {
		if (!sg_miter_next(&sm))
			break;
		if (!sg_miter_next(&dm)) {
			sg_miter_stop(&sm);
			break;
		}
		n = min3(len, (unsigned int)sm.length, (unsigned int)dm.length);
		vgc_update(r, dm.addr, sm.addr, n, seal);
		sm.consumed = n;
		dm.consumed = n;
		sg_miter_stop(&dm);
		sg_miter_stop(&sm);
		len -= n;
	}
	return !len;
}

static int vgc_aead_crypt(struct aead_request *req, bool seal)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct vgc_aead_ctx *ctx = crypto_aead_ctx(tfm);
	const struct vgc_cp_backend *be = ctx->be;
	unsigned int textlen = req->cryptlen;
	unsigned int adlen = req->assoclen;
	u8 nonce[VGC_CP_NONCE_SIZE];
	u8 tag[VGC_CP_TAG_SIZE];
	struct vgc_cp_req r;
	int ret = 0;

	if (!seal) {
		if (textlen < VGC_CP_TAG_SIZE)
			return -EINVAL;
		textlen -= VGC_CP_TAG_SIZE;
	}
	if (ctx->saltlen) {
		/* ESP: the AD ends with a copy of the IV, which is not authenticated */
		if (adlen < VGC_ESP_IV_SIZE)
			return -EINVAL;
		adlen -= VGC_ESP_IV_SIZE;
		memcpy(nonce, ctx->salt, VGC_ESP_SALT_SIZE);
		memcpy(nonce + VGC_ESP_SALT_SIZE, req->iv, VGC_ESP_IV_SIZE);
	} else {
		memcpy(nonce, req->iv, VGC_CP_NONCE_SIZE);
	}
	if (!seal &&
	    sg_pcopy_to_buffer(req->src, sg_nents(req->src), tag, VGC_CP_TAG_SIZE,
			       req->assoclen + textlen) != VGC_CP_TAG_SIZE)
		return -EINVAL;

	/* the self-tests and some contexts forbid vector registers */
	if (be->simd_begin && !crypto_simd_usable())
		be = &vgc_cp_backend_generic;

	vgc_cp_init(&r, be, ctx->key, nonce);
	if (!vgc_walk_ad(&r, req->src, adlen) ||
	    !vgc_walk_text(&r, req->src, req->dst, req->assoclen, textlen, seal)) {
		memzero_explicit(&r, sizeof(r));
		ret = -EINVAL;
		goto out;
	}
	if (seal) {
		vgc_cp_final(&r, tag);
		if (sg_pcopy_from_buffer(req->dst, sg_nents(req->dst), tag,
					 VGC_CP_TAG_SIZE, req->assoclen + textlen) !=
		    VGC_CP_TAG_SIZE)
			ret = -EINVAL;
	} else {
		ret = vgc_cp_open_final(&r, tag);
	}
out:
	/* a refused open leaves no unverified plaintext behind */
	if (ret && !seal)
		sg_zero_buffer(req->dst, sg_nents(req->dst), textlen, req->assoclen);
	memzero_explicit(nonce, sizeof(nonce));
	memzero_explicit(tag, sizeof(tag));
	return ret;
}

static int vgc_aead_encrypt(struct aead_request *req)
{
	return vgc_aead_crypt(req, true);
}

static int vgc_aead_decrypt(struct aead_request *req)
{
	return vgc_aead_crypt(req, false);
}

static void vgc_fill_alg(struct vgc_aead_alg *va, const struct vgc_cp_backend *be,
			 bool esp)
{
	struct aead_alg *alg = &va->alg;

	memset(va, 0, sizeof(*va));
	va->be = be;
	alg->init = vgc_aead_init;
	alg->exit = vgc_aead_exit;
	alg->setkey = vgc_aead_setkey;
	alg->setauthsize = vgc_aead_setauthsize;
	alg->encrypt = vgc_aead_encrypt;
	alg->decrypt = vgc_aead_decrypt;
	alg->ivsize = esp ? VGC_ESP_IV_SIZE : VGC_CP_NONCE_SIZE;
	alg->maxauthsize = VGC_CP_TAG_SIZE;
	alg->chunksize = VGC_CHACHA_BLOCK_SIZE;
	alg->base.cra_blocksize = 1;
	alg->base.cra_ctxsize = sizeof(struct vgc_aead_ctx);
	alg->base.cra_priority = be->priority;
	alg->base.cra_module = THIS_MODULE;
	snprintf(alg->base.cra_name, CRYPTO_MAX_ALG_NAME, "%s(chacha20,poly1305)",
		 esp ? "rfc7539esp" : "rfc7539");
	snprintf(alg->base.cra_driver_name, CRYPTO_MAX_ALG_NAME,
		 "%s-chacha20-poly1305-vgcrypto-%s", esp ? "rfc7539esp" : "rfc7539",
		 be->name);
}

/* Is @name in the comma-separated backends= list (or is there no list)? */
static bool vgc_backend_wanted(const char *name)
{
	const char *p = backends;
	size_t len = strlen(name);

	if (!p || !*p)
		return true;
	while (*p) {
		if (!strncmp(p, name, len) && (p[len] == ',' || !p[len]))
			return true;
		p = strchrnul(p, ',');
		if (*p)
			p++;
	}
	return false;
}

static void vgc_unregister_all(void)
{
	while (vgc_nr_registered > 0) {
		vgc_nr_registered--;
		crypto_unregister_aead(&vgc_algs[vgc_nr_registered][1].alg);
		crypto_unregister_aead(&vgc_algs[vgc_nr_registered][0].alg);
	}
}

static int __init vgc_init(void)
{
	const struct vgc_cp_backend *all[VGC_MAX_BACKENDS], *list[VGC_MAX_BACKENDS];
	int nall, n = 0, i, err;

	nall = vgc_arch_backends(all, VGC_MAX_BACKENDS - 1);
	all[nall++] = &vgc_cp_backend_generic;
	for (i = 0; i < nall; i++) {
		if (vgc_backend_wanted(all[i]->name))
			list[n++] = all[i];
		else
			pr_info("vgcrypto: %s back end not registered (backends=%s)\n",
				all[i]->name, backends);
	}
	/*
	 * Refuse before registering anything: an algorithm unregistered
	 * right after its registration may still be held by its self-test
	 * (seen on 7.3, as a warning from crypto_unregister_alg()).
	 */
	if (!n) {
		pr_err("vgcrypto: backends=%s names no back end this CPU can run\n",
		       backends);
		return -ENODEV;
	}

	for (i = 0; i < n; i++) {
		vgc_fill_alg(&vgc_algs[vgc_nr_registered][0], list[i], false);
		vgc_fill_alg(&vgc_algs[vgc_nr_registered][1], list[i], true);
		err = crypto_register_aead(&vgc_algs[vgc_nr_registered][0].alg);
		if (err)
			goto fail;
		err = crypto_register_aead(&vgc_algs[vgc_nr_registered][1].alg);
		if (err) {
			crypto_unregister_aead(&vgc_algs[vgc_nr_registered][0].alg);
			goto fail;
		}
		vgc_nr_registered++;
		pr_info("vgcrypto: registered %s back end (priority %d)\n",
			list[i]->name, list[i]->priority);
	}

	err = vgc_mlkem_register();
	if (err) {
		vgc_unregister_all();
		return err;
	}
	return 0;

fail:
	pr_err("vgcrypto: registering the %s back end failed: %d\n",
	       list[i]->name, err);
	vgc_unregister_all();
	return err;
}

static void __exit vgc_exit(void)
{
	vgc_unregister_all();
	vgc_mlkem_unregister();
}

module_init(vgc_init);
module_exit(vgc_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("One-pass ChaCha20-Poly1305 AEAD (RFC 8439) and ML-KEM (FIPS 203) for the crypto API");
MODULE_ALIAS_CRYPTO("rfc7539(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539esp(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-generic");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-generic");
