// SPDX-License-Identifier: GPL-2.0-only
/*
 * ML-KEM-512, ML-KEM-768 and ML-KEM-1024 (FIPS 203) for the crypto API:
 * for each parameter set one kpp and one akcipher driver over lib/mlkem.c.
 *
 * One such pair per parameter set and back end (lib/mlkem_poly.h), the
 * driver names ending in the back end's name (here for generic):
 *
 *   kpp "mlkemN" (driver mlkemN-vgcrypto-generic)
 *     set_secret(buf, len): 64 = the seed d || z (the key pair is derived
 *       from it), the decapsulation-key size = an expanded dk (hash
 *       checked), 0 = a fresh key pair (randomness: see below)
 *     generate_public_key: dst <- ek
 *     compute_shared_secret: src = a ciphertext, dst <- the 32-byte secret
 *   akcipher "mlkemN" (driver mlkemN-vgcrypto-generic-akcipher)
 *     set_pub_key(ek) (modulus checked), set_priv_key(dk or the seed)
 *     encrypt: src empty (a fresh m), dst <- ct || secret; FIPS 203
 *       keeps encapsulation with a chosen m (Encaps_internal) for
 *       testing, so a src is refused
 *     decrypt: src = a ciphertext, dst <- the 32-byte secret
 *     max_size: ciphertext size + 32
 *
 * Lengths are exact (a destination may be longer; dst_len is set to what
 * was written); a destination that is shorter gets -EOVERFLOW and
 * dst_len set to the size needed, anything else -EINVAL, before a byte is
 * written, as does a request on a tfm without the key it needs. A key that is refused
 * leaves the tfm with no key. A ciphertext that does not re-encrypt gives
 * 0 and the implicit-rejection secret, as FIPS 203 requires.
 *
 * Randomness (a fresh key pair, m) comes only from a seeded pool: early in
 * boot, before it is, set_secret (which may sleep) waits for it, and an
 * encrypt request waits if it may sleep (CRYPTO_TFM_REQ_MAY_SLEEP), else
 * it is refused with -EAGAIN until the pool is ready.
 *
 * The keys live in the tfm context; setting one allocates a work area for
 * the while (GFP_KERNEL; as for every tfm, it must not race requests).
 * Requests use the work area in their own request context (reqsize), so
 * concurrent requests on one tfm are safe and nothing is allocated per
 * request. A request runs on the drivers' back end, or on the portable
 * one where SIMD is not usable (crypto_simd_usable()). Contexts are wiped
 * when a request or a tfm ends.
 */
#include <crypto/internal/akcipher.h>
#include <crypto/internal/kpp.h>
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"
#include "sha3.h"
#include "backend_select.h"
#include "vgc_glue.h"

#define VGC_MLKEM_NSETS		3
/* the most ML-KEM back ends an architecture's list may hold */
#define VGC_MLKEM_MAX_BACKENDS	4

/* The key of a tfm; the set and its sizes are fixed when it is made. */
struct vgc_mlkem_key {
	const struct vgc_mlkem_backend *be;
	enum vgc_mlkem_set set;
	unsigned int ek_len;
	unsigned int dk_len;
	unsigned int ct_len;
	bool have_ek;
	bool have_dk;
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
};

/* One request's memory: the work area and its copies of the data. */
struct vgc_mlkem_req {
	struct vgc_mlkem_work work;
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ss[VGC_MLKEM_SS_SIZE];
	u8 m[VGC_MLKEM_MSG_SIZE];
};

struct vgc_mlkem_kpp_alg {
	struct kpp_alg alg;
	const struct vgc_mlkem_backend *be;
	enum vgc_mlkem_set set;
};

struct vgc_mlkem_akcipher_alg {
	struct akcipher_alg alg;
	const struct vgc_mlkem_backend *be;
	enum vgc_mlkem_set set;
};

static const unsigned int vgc_mlkem_bits[VGC_MLKEM_NSETS] = {
	[VGC_MLKEM512] = 512,
	[VGC_MLKEM768] = 768,
	[VGC_MLKEM1024] = 1024,
};

/* the drivers of the chosen back ends, set by set: entry i is set i % 3 */
static struct vgc_mlkem_kpp_alg
	vgc_mlkem_kpp_algs[VGC_MLKEM_MAX_BACKENDS * VGC_MLKEM_NSETS];
static struct vgc_mlkem_akcipher_alg
	vgc_mlkem_ak_algs[VGC_MLKEM_MAX_BACKENDS * VGC_MLKEM_NSETS];
static const struct vgc_mlkem_backend *vgc_mlkem_bes[VGC_MLKEM_MAX_BACKENDS];
static unsigned int vgc_mlkem_nr_bes;
static unsigned int vgc_mlkem_nr_registered;

/* ---- keys ---- */

static void mk_key_init(struct vgc_mlkem_key *k,
			const struct vgc_mlkem_backend *be, enum vgc_mlkem_set set)
{
	k->be = be;
	k->set = set;
	k->ek_len = vgc_mlkem_ek_size(set);
	k->dk_len = vgc_mlkem_dk_size(set);
	k->ct_len = vgc_mlkem_ct_size(set);
	k->have_ek = false;
	k->have_dk = false;
}

static void mk_key_clear(struct vgc_mlkem_key *k)
{
	k->have_ek = false;
	k->have_dk = false;
	memzero_explicit(k->ek, sizeof(k->ek));
	memzero_explicit(k->dk, sizeof(k->dk));
}

/* The back end a request runs on now. */
static const struct vgc_mlkem_backend *mk_be(const struct vgc_mlkem_key *k)
{
	return !k->be->simd_begin || crypto_simd_usable() ? k->be :
	       &vgc_mlkem_backend_generic;
}

/*
 * A private key: the 64-byte seed, an expanded dk (hash-checked) or,
 * where @random_ok, nothing (a fresh key pair). ek comes with it: derived,
 * or the copy inside dk = dk_pke || ek || H(ek) || z.
 */
static int mk_key_set_private(struct vgc_mlkem_key *k, const void *buf,
			      unsigned int len, bool random_ok)
{
	struct vgc_mlkem_work *w = kmalloc(sizeof(*w), GFP_KERNEL);
	u8 seed[VGC_MLKEM_SEED_SIZE];
	int err = -EINVAL;

	mk_key_clear(k);
	if (!w)
		return -ENOMEM;
	if (len == 0 && random_ok) {
		err = vgc_mlkem_random(seed, sizeof(seed), true);
		if (!err)
			err = vgc_mlkem_keypair_derand_be(mk_be(k), k->set,
							  k->ek, k->ek_len,
							  k->dk, k->dk_len,
							  seed, sizeof(seed), w);
	} else if (len == VGC_MLKEM_SEED_SIZE && buf) {
		err = vgc_mlkem_keypair_derand_be(mk_be(k), k->set, k->ek,
						  k->ek_len, k->dk, k->dk_len,
						  buf, len, w);
	} else if (len == k->dk_len && buf) {
		err = vgc_mlkem_check_dk_be(mk_be(k), k->set, buf, len, w);
		if (!err) {
			memcpy(k->dk, buf, len);
			memcpy(k->ek, k->dk + k->dk_len - k->ek_len -
			       2 * VGC_MLKEM_SS_SIZE, k->ek_len);
		}
	}
	kfree_sensitive(w);
	memzero_explicit(seed, sizeof(seed));
	if (err) {
		mk_key_clear(k);
		return err;
	}
	k->have_ek = true;
	k->have_dk = true;
	return 0;
}

static int mk_key_set_public(struct vgc_mlkem_key *k, const void *buf,
			     unsigned int len)
{
	struct vgc_mlkem_work *w;
	int err = -EINVAL;

	mk_key_clear(k);
	if (!buf || len != k->ek_len)
		return -EINVAL;
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	err = vgc_mlkem_check_ek_be(mk_be(k), k->set, buf, len, w);
	kfree_sensitive(w);
	if (err)
		return err;
	memcpy(k->ek, buf, len);
	k->have_ek = true;
	return 0;
}

/* ---- scatterlists ---- */

/* Whether @sg holds at least @len bytes (a NULL list holds none). */
static bool sg_fits(struct scatterlist *sg, unsigned int len)
{
	return !len || (sg && sg_nents_for_len(sg, len) >= 0);
}

static bool sg_get(struct scatterlist *sg, void *buf, unsigned int len)
{
	return sg_pcopy_to_buffer(sg, sg_nents(sg), buf, len, 0) == len;
}

static bool sg_put(struct scatterlist *sg, const void *buf, unsigned int len,
		   unsigned int off)
{
	return sg_pcopy_from_buffer(sg, sg_nents(sg), buf, len, off) == len;
}

/*
 * A destination shorter than the output: the size it needs in *@dst_len
 * and -EOVERFLOW, as rsa.c answers, so that a caller can size it.
 */
static int vgc_mlkem_too_small(unsigned int *dst_len, unsigned int need)
{
	*dst_len = need;
	return -EOVERFLOW;
}

/* Decaps of the ciphertext in @src into @dst: kpp and akcipher alike. */
static int vgc_mlkem_decaps_sg(struct vgc_mlkem_key *k,
			       struct vgc_mlkem_req *rc,
			       struct scatterlist *src, unsigned int src_len,
			       struct scatterlist *dst, unsigned int *dst_len)
{
	int err;

	if (!k->have_dk || src_len != k->ct_len || !sg_fits(src, src_len))
		return -EINVAL;
	if (*dst_len < VGC_MLKEM_SS_SIZE)
		return vgc_mlkem_too_small(dst_len, VGC_MLKEM_SS_SIZE);
	if (!sg_fits(dst, VGC_MLKEM_SS_SIZE))
		return -EINVAL;
	err = -EINVAL;
	if (sg_get(src, rc->ct, k->ct_len))
		err = vgc_mlkem_decaps_be(mk_be(k), k->set, rc->ss, rc->ct,
					  k->ct_len, k->dk, k->dk_len,
					  &rc->work);
	if (!err && !sg_put(dst, rc->ss, VGC_MLKEM_SS_SIZE, 0))
		err = -EINVAL;
	if (!err)
		*dst_len = VGC_MLKEM_SS_SIZE;
	memzero_explicit(rc, sizeof(*rc));
	return err;
}

/* ---- kpp ---- */

static struct vgc_mlkem_key *kpp_key(struct crypto_kpp *tfm)
{
	return kpp_tfm_ctx(tfm);
}

static int vgc_mlkem_kpp_set_secret(struct crypto_kpp *tfm, const void *buf,
				    unsigned int len)
{
	return mk_key_set_private(kpp_key(tfm), buf, len, true);
}

static int vgc_mlkem_kpp_public_key(struct kpp_request *req)
{
	struct vgc_mlkem_key *k = kpp_key(crypto_kpp_reqtfm(req));

	if (!k->have_ek)
		return -EINVAL;
	if (req->dst_len < k->ek_len)
		return vgc_mlkem_too_small(&req->dst_len, k->ek_len);
	if (!sg_fits(req->dst, k->ek_len))
		return -EINVAL;
	if (!sg_put(req->dst, k->ek, k->ek_len, 0))
		return -EINVAL;
	req->dst_len = k->ek_len;
	return 0;
}

static int vgc_mlkem_kpp_shared_secret(struct kpp_request *req)
{
	return vgc_mlkem_decaps_sg(kpp_key(crypto_kpp_reqtfm(req)),
				   kpp_request_ctx(req), req->src,
				   req->src_len, req->dst, &req->dst_len);
}

static unsigned int vgc_mlkem_kpp_max_size(struct crypto_kpp *tfm)
{
	return kpp_key(tfm)->ek_len;
}

static int vgc_mlkem_kpp_init(struct crypto_kpp *tfm)
{
	struct vgc_mlkem_kpp_alg *a = container_of(crypto_kpp_alg(tfm),
						   struct vgc_mlkem_kpp_alg,
						   alg);

	mk_key_init(kpp_key(tfm), a->be, a->set);
	/* 6.1 keeps reqsize in the alg, later releases in the tfm: both
	 * are set through this helper.
	 */
	kpp_set_reqsize(tfm, sizeof(struct vgc_mlkem_req));
	return 0;
}

static void vgc_mlkem_kpp_exit(struct crypto_kpp *tfm)
{
	memzero_explicit(kpp_key(tfm), sizeof(struct vgc_mlkem_key));
}

/* ---- akcipher ---- */

static struct vgc_mlkem_key *ak_key(struct crypto_akcipher *tfm)
{
	return akcipher_tfm_ctx(tfm);
}

static int vgc_mlkem_ak_set_pub_key(struct crypto_akcipher *tfm,
				    const void *key, unsigned int keylen)
{
	return mk_key_set_public(ak_key(tfm), key, keylen);
}

static int vgc_mlkem_ak_set_priv_key(struct crypto_akcipher *tfm,
				     const void *key, unsigned int keylen)
{
	return mk_key_set_private(ak_key(tfm), key, keylen, false);
}

static int vgc_mlkem_ak_encrypt(struct akcipher_request *req)
{
	struct vgc_mlkem_key *k = ak_key(crypto_akcipher_reqtfm(req));
	struct vgc_mlkem_req *rc = akcipher_request_ctx(req);
	unsigned int need = k->ct_len + VGC_MLKEM_SS_SIZE;
	int err;

	if (!k->have_ek || req->src_len)
		return -EINVAL;
	if (req->dst_len < need)
		return vgc_mlkem_too_small(&req->dst_len, need);
	if (!sg_fits(req->dst, need))
		return -EINVAL;
	err = vgc_mlkem_random(rc->m, VGC_MLKEM_MSG_SIZE,
			       req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP);
	if (!err)
		err = vgc_mlkem_encaps_derand_be(mk_be(k), k->set, rc->ct,
						 k->ct_len, rc->ss, k->ek,
						 k->ek_len, rc->m, &rc->work);
	if (!err && (!sg_put(req->dst, rc->ct, k->ct_len, 0) ||
		     !sg_put(req->dst, rc->ss, VGC_MLKEM_SS_SIZE, k->ct_len)))
		err = -EINVAL;
	if (!err)
		req->dst_len = need;
	memzero_explicit(rc, sizeof(*rc));
	return err;
}

static int vgc_mlkem_ak_decrypt(struct akcipher_request *req)
{
	return vgc_mlkem_decaps_sg(ak_key(crypto_akcipher_reqtfm(req)),
				   akcipher_request_ctx(req), req->src,
				   req->src_len, req->dst, &req->dst_len);
}

static unsigned int vgc_mlkem_ak_max_size(struct crypto_akcipher *tfm)
{
	return ak_key(tfm)->ct_len + VGC_MLKEM_SS_SIZE;
}

static int vgc_mlkem_ak_init(struct crypto_akcipher *tfm)
{
	struct vgc_mlkem_akcipher_alg *a =
		container_of(crypto_akcipher_alg(tfm),
			     struct vgc_mlkem_akcipher_alg, alg);

	mk_key_init(ak_key(tfm), a->be, a->set);
	akcipher_set_reqsize(tfm, sizeof(struct vgc_mlkem_req));
	return 0;
}

static void vgc_mlkem_ak_exit(struct crypto_akcipher *tfm)
{
	memzero_explicit(ak_key(tfm), sizeof(struct vgc_mlkem_key));
}

/* ---- the load-time known-answer check ---- */

/*
 * For each set: KeyGen from the seed 0, 1, ..., 63, Encaps with m = 64,
 * ..., 95, Decaps of that ciphertext and of it with its last bit flipped;
 * SHA3-256(ek || dk || ct || K || K_rejected) computed independently (by
 * @noble/post-quantum). The module does not load if any differs.
 */
static const u8 vgc_mlkem_kat[VGC_MLKEM_NSETS][32] = {
	[VGC_MLKEM512] = {
		0xa3, 0x64, 0xec, 0xd6, 0x48, 0x61, 0xda, 0xc5,
		0x0d, 0xfc, 0x42, 0x20, 0xaf, 0xc9, 0xd9, 0x7e,
		0x5e, 0x22, 0xeb, 0x62, 0xe0, 0x34, 0x53, 0xc0,
		0xfe, 0x78, 0xcb, 0x91, 0x2c, 0x5e, 0x7c, 0xb3,
	},
	[VGC_MLKEM768] = {
		0x96, 0x9f, 0xbb, 0xe6, 0xe5, 0x5b, 0xa3, 0xbc,
		0xaf, 0xfb, 0x08, 0x38, 0xb5, 0x18, 0xff, 0xdf,
		0x92, 0x36, 0xa0, 0x25, 0x03, 0xe5, 0x66, 0x69,
		0xe6, 0xa3, 0x42, 0x64, 0xca, 0x1d, 0x2c, 0x64,
	},
	[VGC_MLKEM1024] = {
		0x4a, 0xbb, 0xb0, 0x3a, 0x63, 0x66, 0x28, 0x38,
		0x23, 0xb6, 0xc1, 0x01, 0x6c, 0xbc, 0xba, 0x9a,
		0x53, 0x1a, 0xcc, 0xa7, 0x36, 0xdc, 0x47, 0x3a,
		0xea, 0x90, 0x3e, 0xba, 0x4a, 0x90, 0x02, 0xb5,
	},
};

struct vgc_mlkem_kat_mem {
	struct vgc_mlkem_work work;
	struct vgc_keccak kc;
	u8 seed[VGC_MLKEM_SEED_SIZE];
	u8 m[VGC_MLKEM_MSG_SIZE];
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ss[VGC_MLKEM_SS_SIZE];
	u8 ss2[VGC_MLKEM_SS_SIZE];
	u8 digest[32];
};

static int vgc_mlkem_kat_one(struct vgc_mlkem_kat_mem *t,
			     const struct vgc_mlkem_backend *be,
			     enum vgc_mlkem_set set)
{
	size_t ekl = vgc_mlkem_ek_size(set), dkl = vgc_mlkem_dk_size(set);
	size_t ctl = vgc_mlkem_ct_size(set);
	unsigned int i;
	int err;

	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = i;
	for (i = 0; i < VGC_MLKEM_MSG_SIZE; i++)
		t->m[i] = VGC_MLKEM_SEED_SIZE + i;
	err = vgc_mlkem_keypair_derand_be(be, set, t->ek, ekl, t->dk, dkl,
					  t->seed, VGC_MLKEM_SEED_SIZE,
					  &t->work);
	err = err ?: vgc_mlkem_encaps_derand_be(be, set, t->ct, ctl, t->ss,
						t->ek, ekl, t->m, &t->work);
	err = err ?: vgc_mlkem_decaps_be(be, set, t->ss2, t->ct, ctl, t->dk,
					 dkl, &t->work);
	if (err)
		return err;
	if (memcmp(t->ss, t->ss2, VGC_MLKEM_SS_SIZE))
		return -EBADMSG;
	vgc_sha3_256_init(&t->kc);
	vgc_keccak_absorb(&t->kc, t->ek, ekl);
	vgc_keccak_absorb(&t->kc, t->dk, dkl);
	vgc_keccak_absorb(&t->kc, t->ct, ctl);
	vgc_keccak_absorb(&t->kc, t->ss, VGC_MLKEM_SS_SIZE);
	t->ct[ctl - 1] ^= 1;
	err = vgc_mlkem_decaps_be(be, set, t->ss2, t->ct, ctl, t->dk, dkl,
				  &t->work);
	if (err)
		return err;
	vgc_keccak_absorb(&t->kc, t->ss2, VGC_MLKEM_SS_SIZE);
	vgc_keccak_squeeze(&t->kc, t->digest, sizeof(t->digest));
	if (memcmp(t->digest, vgc_mlkem_kat[set], sizeof(t->digest)))
		return -EBADMSG;
	return 0;
}

/* every chosen back end, before any driver is registered (crypto/main.c) */
int vgc_mlkem_selftest(void)
{
	const struct vgc_mlkem_backend *be;
	struct vgc_mlkem_kat_mem *t;
	unsigned int i;
	int set, err = 0;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	/* with none chosen, the portable one, which the exported calls run on */
	for (i = 0; i < max(vgc_mlkem_nr_bes, 1U) && !err; i++) {
		be = vgc_mlkem_nr_bes ? vgc_mlkem_bes[i] : &vgc_mlkem_backend_generic;
		for (set = 0; set < VGC_MLKEM_NSETS && !err; set++) {
			err = vgc_mlkem_kat_one(t, be, set);
			if (err)
				pr_err("ML-KEM-%u known-answer check of the %s back end failed (%d)\n",
				       vgc_mlkem_bits[set], be->name, err);
		}
	}
	kfree_sensitive(t);
	return err ? -EINVAL : 0;
}

/* ---- registration ---- */

static void vgc_mlkem_fill_base(struct crypto_alg *base,
				const struct vgc_mlkem_backend *be,
				unsigned int bits, const char *suffix)
{
	snprintf(base->cra_name, sizeof(base->cra_name), "mlkem%u", bits);
	snprintf(base->cra_driver_name, sizeof(base->cra_driver_name),
		 "mlkem%u-vgcrypto-%s%s", bits, be->name, suffix);
	base->cra_priority = be->priority;
	base->cra_ctxsize = sizeof(struct vgc_mlkem_key);
	base->cra_module = THIS_MODULE;
}

static void vgc_mlkem_fill(unsigned int i, const struct vgc_mlkem_backend *be,
			   enum vgc_mlkem_set set)
{
	struct vgc_mlkem_kpp_alg *kp = &vgc_mlkem_kpp_algs[i];
	struct vgc_mlkem_akcipher_alg *ak = &vgc_mlkem_ak_algs[i];

	memset(kp, 0, sizeof(*kp));
	kp->be = be;
	kp->set = set;
	kp->alg.set_secret = vgc_mlkem_kpp_set_secret;
	kp->alg.generate_public_key = vgc_mlkem_kpp_public_key;
	kp->alg.compute_shared_secret = vgc_mlkem_kpp_shared_secret;
	kp->alg.max_size = vgc_mlkem_kpp_max_size;
	kp->alg.init = vgc_mlkem_kpp_init;
	kp->alg.exit = vgc_mlkem_kpp_exit;
	/* a driver name is unique across types: the akcipher one differs */
	vgc_mlkem_fill_base(&kp->alg.base, be, vgc_mlkem_bits[set], "");

	memset(ak, 0, sizeof(*ak));
	ak->be = be;
	ak->set = set;
	ak->alg.encrypt = vgc_mlkem_ak_encrypt;
	ak->alg.decrypt = vgc_mlkem_ak_decrypt;
	ak->alg.set_pub_key = vgc_mlkem_ak_set_pub_key;
	ak->alg.set_priv_key = vgc_mlkem_ak_set_priv_key;
	ak->alg.max_size = vgc_mlkem_ak_max_size;
	ak->alg.init = vgc_mlkem_ak_init;
	ak->alg.exit = vgc_mlkem_ak_exit;
	vgc_mlkem_fill_base(&ak->alg.base, be, vgc_mlkem_bits[set], "-akcipher");
}

unsigned int vgc_mlkem_prepare(void)
{
	const struct vgc_mlkem_backend *const *be;
	unsigned int n = 0;
	int set;

	for (be = vgc_mlkem_backends; *be; be++) {
		if (WARN_ON(n == VGC_MLKEM_MAX_BACKENDS))
			break;
		if (!vgc_backend_selected("ML-KEM ", (*be)->name, (*be)->usable))
			continue;
		for (set = 0; set < VGC_MLKEM_NSETS; set++)
			vgc_mlkem_fill(n * VGC_MLKEM_NSETS + set, *be, set);
		vgc_mlkem_bes[n++] = *be;
	}
	vgc_mlkem_nr_bes = n;
	return n;
}

void vgc_mlkem_unregister(void)
{
	vgc_mlkem_set_fastest(&vgc_mlkem_backend_generic);
	while (vgc_mlkem_nr_registered > 0) {
		unsigned int i = --vgc_mlkem_nr_registered;

		crypto_unregister_akcipher(&vgc_mlkem_ak_algs[i].alg);
		crypto_unregister_kpp(&vgc_mlkem_kpp_algs[i].alg);
	}
}

int vgc_mlkem_register(void)
{
	unsigned int i, n = vgc_mlkem_nr_bes * VGC_MLKEM_NSETS;
	const char *names[VGC_MLKEM_MAX_BACKENDS];
	int prios[VGC_MLKEM_MAX_BACKENDS];
	int err;

	for (i = 0; i < n; i++) {
		err = crypto_register_kpp(&vgc_mlkem_kpp_algs[i].alg);
		if (err)
			goto fail;
		err = crypto_register_akcipher(&vgc_mlkem_ak_algs[i].alg);
		if (err) {
			crypto_unregister_kpp(&vgc_mlkem_kpp_algs[i].alg);
			goto fail;
		}
		vgc_mlkem_nr_registered++;
	}
	for (i = 0; i < vgc_mlkem_nr_bes; i++) {
		names[i] = vgc_mlkem_bes[i]->name;
		prios[i] = vgc_mlkem_bes[i]->priority;
	}
	vgc_log_registered("ML-KEM-512/768/1024", "kpp and akcipher; known-answer check passed",
			   names, prios, vgc_mlkem_nr_bes);
	/* the exported functions: the fastest chosen (the list's order) */
	if (vgc_mlkem_nr_bes)
		vgc_mlkem_set_fastest(vgc_mlkem_bes[0]);
	return 0;

fail:
	pr_err("registering %s failed: %d\n",
	       vgc_mlkem_kpp_algs[i].alg.base.cra_driver_name, err);
	vgc_mlkem_unregister();
	return err;
}

MODULE_ALIAS_CRYPTO("mlkem512");
MODULE_ALIAS_CRYPTO("mlkem768");
MODULE_ALIAS_CRYPTO("mlkem1024");
/* every driver name a back end may have here */
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-generic");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-generic");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-generic");
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-generic-akcipher");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-generic-akcipher");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-generic-akcipher");
#if defined(CONFIG_X86_64)
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-avx512");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-avx512");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-avx512");
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-avx512-akcipher");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-avx512-akcipher");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-avx512-akcipher");
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-avx2");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-avx2");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-avx2");
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-avx2-akcipher");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-avx2-akcipher");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-avx2-akcipher");
#elif defined(CONFIG_ARM64) && defined(CONFIG_KERNEL_MODE_NEON)
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-neon");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-neon");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-neon");
MODULE_ALIAS_CRYPTO("mlkem512-vgcrypto-neon-akcipher");
MODULE_ALIAS_CRYPTO("mlkem768-vgcrypto-neon-akcipher");
MODULE_ALIAS_CRYPTO("mlkem1024-vgcrypto-neon-akcipher");
#endif
