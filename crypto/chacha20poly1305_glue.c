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
#include <kunit/visibility.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "chacha20poly1305.h"
#include "chacha20poly1305_kat.h"
#include "backend_select.h"
#include "vgc_glue.h"

#define VGC_ESP_SALT_SIZE	4
#define VGC_ESP_IV_SIZE		8

struct vgc_aead_ctx {
	u8 key[VGC_CP_KEY_SIZE];
	u8 salt[VGC_ESP_SALT_SIZE];
	unsigned int saltlen;	/* 0 for rfc7539, 4 for rfc7539esp */
	const struct vgc_cp_backend *be;
};

/* the most back ends an architecture's list may hold */
#define VGC_AEAD_MAX_BACKENDS	8

/* a driver and the back end it runs on */
struct vgc_aead_alg {
	struct aead_alg alg;
	const struct vgc_cp_backend *be;
};

/* the drivers, rfc7539 and rfc7539esp for each chosen back end in turn */
static struct vgc_aead_alg vgc_aead_algs[2 * VGC_AEAD_MAX_BACKENDS];
static const struct vgc_cp_backend *vgc_aead_bes[VGC_AEAD_MAX_BACKENDS];
static unsigned int vgc_aead_nr_bes;
static unsigned int vgc_aead_nr_registered;

static const struct vgc_cp_backend *vgc_tfm_backend(struct crypto_aead *tfm)
{
	return container_of(crypto_aead_alg(tfm), struct vgc_aead_alg, alg)->be;
}

static int vgc_aead_init(struct crypto_aead *tfm)
{
	struct vgc_aead_ctx *ctx = crypto_aead_ctx(tfm);

	/*
	 * A request's state (about 1 KiB with the vector back ends' Poly1305
	 * lanes and powers) lives in the request, not on the kernel stack;
	 * the caller allocated it with the request, nothing is allocated here.
	 */
	crypto_aead_set_reqsize(tfm, sizeof(struct vgc_cp_req));

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

static void vgc_update(struct vgc_cp_req *r, u8 *dst, const u8 *src,
		       unsigned int len, enum vgc_pass pass)
{
	if (pass == VGC_SEAL)
		vgc_cp_seal_update(r, dst, src, len);
	else if (pass == VGC_AUTH)
		vgc_cp_auth_update(r, src, len);
	else if (pass == VGC_AUTH_COPY)
		vgc_cp_auth_copy_update(r, dst, src, len);
	else
		vgc_cp_decrypt_update(r, dst, src, len);
}

#if VGC_TEST_HOOKS
/*
 * Test builds only (VGC_TEST_HOOKS): called between an open's two
 * passes, so that a test can change the source the way another writer of
 * its pages could.
 */
static void (*vgc_aead_between_passes)(struct aead_request *req);

void vgc_aead_set_test_hook(void (*hook)(struct aead_request *req))
{
	WRITE_ONCE(vgc_aead_between_passes, hook);
}
EXPORT_SYMBOL_IF_KUNIT(vgc_aead_set_test_hook);

static void vgc_aead_test_hook(struct aead_request *req)
{
	void (*hook)(struct aead_request *req) =
		READ_ONCE(vgc_aead_between_passes);

	if (hook)
		hook(req);
}
#else
static inline void vgc_aead_test_hook(struct aead_request *req)
{
}
#endif

/*
 * A request that may sleep (CRYPTO_TFM_REQ_MAY_SLEEP) gives the CPU up
 * between pieces, every VGC_YIELD_BYTES of text a pass, with no page
 * mapped and its SIMD section closed: a long request on the portable back
 * end (no sections) or on a kernel without preemption does not hold the
 * CPU for its whole length.
 */
static struct vgc_cp_req *vgc_sleep_stop(struct vgc_yield *y,
					 struct vgc_cp_req *r)
{
	vgc_cp_pause(r);
	cond_resched();
	return r;
}

struct vgc_yield vgc_yield_sleep = { .stop = vgc_sleep_stop };

/*
 * The associated data: the first @len bytes of @sg. A request that may
 * sleep yields as the text walk does (an arm64 kernel's 64 KiB page of
 * AD is one piece).
 */
static bool vgc_walk_ad(struct vgc_cp_req *r, struct scatterlist *sg,
			unsigned int len, bool may_sleep)
{
	struct sg_mapping_iter m;
	unsigned int n, since = 0;

	if (!len)
		return true;
	sg_miter_start(&m, sg, sg_nents(sg), SG_MITER_FROM_SG | VGC_MITER_MAP);
	while (len && sg_miter_next(&m)) {
		n = min_t(unsigned int, len, m.length);
		vgc_cp_ad(r, m.addr, n);
		m.consumed = n;
		len -= n;
		since += n;
		if (may_sleep && since >= VGC_YIELD_BYTES) {
			sg_miter_stop(&m);
			since = 0;
			vgc_sleep_stop(NULL, r);
		}
	}
	sg_miter_stop(&m);
	return !len;
}

/*
 * How much of a mapped piece of @avail bytes to take, @done bytes into
 * the walk: with stops, no further than the next multiple of
 * VGC_YIELD_BYTES, so that each stop falls there.
 */
static unsigned int vgc_walk_piece(unsigned int avail, unsigned int done,
				   const struct vgc_yield *y)
{
	if (!y)
		return avail;
	return min(avail, VGC_YIELD_BYTES - done % VGC_YIELD_BYTES);
}

/*
 * The text: @len bytes at offset @skip of both lists (of @src alone for
 * VGC_AUTH, which only reads). Out of place, the two iterators advance by
 * whatever is left in the shorter of the two mapped pieces, and both are
 * stopped (unmapped, last mapped first) before either moves on.
 */
bool vgc_walk_text(struct vgc_cp_req *r, struct scatterlist *src,
		   struct scatterlist *dst, unsigned int skip,
		   unsigned int len, enum vgc_pass pass, struct vgc_yield *y)
{
	struct sg_mapping_iter sm, dm;
	unsigned int n, flags, done = 0;

	if (!len)
		return true;

	if (src == dst || pass == VGC_AUTH) {
		flags = SG_MITER_FROM_SG | VGC_MITER_MAP;
		if (pass != VGC_AUTH)
			flags |= SG_MITER_TO_SG;
		sg_miter_start(&sm, src, sg_nents(src), flags);
		if (!sg_miter_skip(&sm, skip))
			return false;
		while (len && sg_miter_next(&sm)) {
			n = vgc_walk_piece(min_t(unsigned int, len, sm.length),
					   done, y);
			vgc_update(r, sm.addr, sm.addr, n, pass);
			sm.consumed = n;
			len -= n;
			done += n;
			if (y && len && !(done % VGC_YIELD_BYTES)) {
				/* unmapped: the next sg_miter_next() resumes */
				sg_miter_stop(&sm);
				r = y->stop(y, r);
			}
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
		n = vgc_walk_piece(min3(len, (unsigned int)sm.length,
					(unsigned int)dm.length), done, y);
		vgc_update(r, dm.addr, sm.addr, n, pass);
		sm.consumed = n;
		dm.consumed = n;
		sg_miter_stop(&dm);
		sg_miter_stop(&sm);
		len -= n;
		done += n;
		if (y && len && !(done % VGC_YIELD_BYTES))
			r = y->stop(y, r);
	}
	return !len;
}

/* the pieces of a list's stretch of text: address, offset in the text, length */
struct vgc_span_iter {
	struct scatterlist *sg;
	unsigned int skip, left, off;
};

static bool vgc_span_next(struct vgc_span_iter *it, phys_addr_t *phys,
			  unsigned int *off, unsigned int *n)
{
	struct scatterlist *sg;

	while (it->sg && it->left) {
		sg = it->sg;
		it->sg = sg_next(sg);
		if (it->skip >= sg->length) {
			it->skip -= sg->length;
			continue;
		}
		*n = min(sg->length - it->skip, it->left);
		*phys = sg_phys(sg) + it->skip;
		*off = it->off;
		it->skip = 0;
		it->off += *n;
		it->left -= *n;
		return true;
	}
	return false;
}

#define VGC_SEEN_BITS	256

static void vgc_span_pfns(phys_addr_t phys, unsigned int n, unsigned long *seen,
			  bool *hit)
{
	unsigned long pfn = PHYS_PFN(phys), last = PHYS_PFN(phys + n - 1);

	for (; pfn <= last; pfn++) {
		unsigned int bit = hash_long(pfn, ilog2(VGC_SEEN_BITS));

		if (hit)
			*hit |= test_bit(bit, seen);
		else
			__set_bit(bit, seen);
	}
}

/*
 * Out of place, lists over the same memory at the same offsets of the
 * text are in place by another name. Any other overlap is refused, before
 * anything is written (no caller should make one): a seal's vector code
 * reads and writes a pass of blocks in its own order, so a shifted dst
 * may overwrite text it has yet to read; an open first copies the text
 * into dst piece by piece, in order, which is safe where dst lies behind
 * src (each byte read before dst's write reaches it; within a piece,
 * memmove) but not where it lies ahead across pieces. A bitmap of the
 * pages of src (256 bits, hashed) keeps the check to one look at each
 * page where the lists share none.
 */
static bool vgc_text_clobbers(struct scatterlist *src, struct scatterlist *dst,
			      unsigned int skip, unsigned int len, bool seal)
{
	DECLARE_BITMAP(seen, VGC_SEEN_BITS);
	struct vgc_span_iter si, di = { dst, skip, len, 0 };
	unsigned int soff, doff, sn, dn;
	phys_addr_t sp, dp;
	bool hit;

	bitmap_zero(seen, VGC_SEEN_BITS);
	si = (struct vgc_span_iter){ src, skip, len, 0 };
	while (vgc_span_next(&si, &sp, &soff, &sn))
		vgc_span_pfns(sp, sn, seen, NULL);
	while (vgc_span_next(&di, &dp, &doff, &dn)) {
		hit = false;
		vgc_span_pfns(dp, dn, seen, &hit);
		if (!hit)
			continue;
		si = (struct vgc_span_iter){ src, skip, len, 0 };
		while (vgc_span_next(&si, &sp, &soff, &sn)) {
			/* a byte at text offset t in dst and s in src: t - s */
			s64 d = (s64)doff - (s64)soff - (s64)(dp - sp);

			if (sp < dp + dn && dp < sp + sn && (seal ? d : d < 0))
				return true;
		}
	}
	return false;
}

/*
 * An open of up to VGC_CP_OPEN_BUF bytes of text on a back end that
 * stitches it: the ciphertext copied from src into this CPU's buffer (the
 * one read of src), authenticated and decrypted there in one pass, and
 * only if the tag verified copied to dst. A refused open writes nothing.
 * All inside one SIMD section (vgc_cp_open_buf_begin()). Ends @r.
 */
static int vgc_aead_open_buffered(struct vgc_cp_req *r,
				  struct aead_request *req, unsigned int len,
				  const u8 tag[VGC_CP_TAG_SIZE])
{
	int ret = -EINVAL;
	u8 *buf;

	/* the buffer is this CPU's: no other task may run here meanwhile */
	preempt_disable();
	vgc_cp_open_buf_begin(r, len);
	buf = vgc_open_buf();
	if (sg_pcopy_to_buffer(req->src, sg_nents(req->src), buf, len,
			       req->assoclen) != len)
		goto end;
	vgc_aead_test_hook(req);
	ret = vgc_cp_open_buf(r, buf, len, tag);
	if (ret)
		goto out;
	if (sg_pcopy_from_buffer(req->dst, sg_nents(req->dst), buf, len,
				 req->assoclen) != len)
		ret = -EINVAL;
end:
	vgc_cp_open_buf_end(r, buf);
out:
	preempt_enable();
	return ret;
}

/*
 * An open of more than VGC_CP_OPEN_BUF bytes on such a back end: the
 * first part (all but the last 4 KiB or so) authenticated by walking
 * src, as an open that does not stitch (out of place, copied into dst
 * and authenticated there), the last part through the buffer as above,
 * its plaintext copied to dst only if the tag verified, then the first
 * part decrypted in dst. A refused open has written at most the first
 * part's ciphertext to dst. Ends @r.
 */
static int vgc_aead_open_split(struct vgc_cp_req *r, struct aead_request *req,
			       unsigned int len, const u8 tag[VGC_CP_TAG_SIZE],
			       struct vgc_yield *y)
{
	unsigned int head = vgc_cp_open_head(len), tail = len - head;
	unsigned int at = req->assoclen + head;
	int ret = -EINVAL;
	u8 *buf;

	if (req->src == req->dst) {
		if (!vgc_walk_text(r, req->src, NULL, req->assoclen, head,
				   VGC_AUTH, y))
			goto end;
	} else if (!vgc_walk_text(r, req->src, req->dst, req->assoclen, head,
				  VGC_AUTH_COPY, y)) {
		goto end;
	}
	/* a request that may sleep yields on either side of the buffer's part */
	if (y)
		y->stop(y, r);
	preempt_disable();
	vgc_cp_open_buf_begin(r, tail);
	buf = vgc_open_buf();
	if (sg_pcopy_to_buffer(req->src, sg_nents(req->src), buf, tail, at) !=
	    tail) {
		vgc_cp_open_buf_end(r, buf);
		preempt_enable();
		return -EINVAL;
	}
	vgc_aead_test_hook(req);
	ret = vgc_cp_open_buf_tail(r, buf, tail, tag);
	if (ret) {
		preempt_enable();
		return ret;
	}
	ret = sg_pcopy_from_buffer(req->dst, sg_nents(req->dst), buf, tail, at) ==
	      tail ? 0 : -EINVAL;
	vgc_cp_open_buf_release(r, buf);
	preempt_enable();
	if (y)
		y->stop(y, r);
	if (!ret && !vgc_walk_text(r, req->dst, req->dst, req->assoclen, head,
				   VGC_DECRYPT, y))
		ret = -EINVAL;
end:
	vgc_cp_end(r);
	return ret;
}

/*
 * One request. Sealing is one walk over the text; opening, where it is
 * not one stitched pass through the buffer (above: a back end with
 * open_passes, up to 4 KiB of text), is two, and
 * decrypts only bytes it has authenticated, and only after the tag
 * verified. In place, the first walk reads the ciphertext for Poly1305
 * and the second, only if the tag verifies, applies the keystream there:
 * a refused open writes nothing. Out of place, src may be pages that
 * someone else can write while the request runs (AF_ALG decrypts from
 * its TX pages, which splice() takes from the page cache), so it is read
 * once: the first walk copies the ciphertext into dst and authenticates
 * the bytes there, the second decrypts dst in place. A refused open has
 * then written the ciphertext to dst, never plaintext. For a vector back
 * end the request runs inside SIMD sections that the core opens and
 * closes (one for up to 4 KiB of text), across the mapping of the pieces.
 */
static int vgc_aead_run(const struct vgc_aead_ctx *ctx, struct vgc_cp_req *r,
			struct aead_request *req, bool seal)
{
	const struct vgc_cp_backend *be = ctx->be;
	unsigned int textlen = req->cryptlen;
	unsigned int adlen = req->assoclen;
	bool sleep = req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP;
	struct vgc_yield *y = sleep ? &vgc_yield_sleep : NULL;
	u8 nonce[VGC_CP_NONCE_SIZE];
	u8 tag[VGC_CP_TAG_SIZE];
	unsigned int tag_at;
	int ret = -EINVAL;

	if (!seal) {
		if (textlen < VGC_CP_TAG_SIZE)
			return -EINVAL;
		textlen -= VGC_CP_TAG_SIZE;
	}
	/* the tag's offset, and the end of the tag, in 32 bits */
	if (check_add_overflow(req->assoclen, textlen, &tag_at) ||
	    tag_at > UINT_MAX - VGC_CP_TAG_SIZE)
		return -EINVAL;
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
			       tag_at) != VGC_CP_TAG_SIZE)
		return -EINVAL;
	if (req->src != req->dst &&
	    vgc_text_clobbers(req->src, req->dst, req->assoclen, textlen, seal))
		return -EINVAL;

	/* the self-tests and some contexts forbid vector registers */
	if (be->simd_begin && !crypto_simd_usable())
		be = &vgc_cp_backend_generic;

	vgc_cp_init(r, be, ctx->key, nonce, textlen);
	if (!vgc_walk_ad(r, req->src, adlen, sleep))
		goto end;
	if (seal) {
		if (!vgc_walk_text(r, req->src, req->dst, req->assoclen,
				   textlen, VGC_SEAL, y))
			goto end;
		vgc_cp_seal_final(r, tag);
		ret = 0;
		if (sg_pcopy_from_buffer(req->dst, sg_nents(req->dst), tag,
					 VGC_CP_TAG_SIZE, tag_at) !=
		    VGC_CP_TAG_SIZE)
			ret = -EINVAL;
		goto out;
	}
	if (vgc_cp_open_buffered(be, textlen)) {
		ret = vgc_aead_open_buffered(r, req, textlen, tag);
		goto out;
	}
	if (vgc_cp_open_buffered_tail(be, textlen)) {
		ret = vgc_aead_open_split(r, req, textlen, tag, y);
		goto out;
	}
	if (req->src == req->dst) {
		if (!vgc_walk_text(r, req->src, NULL, req->assoclen, textlen,
				   VGC_AUTH, y))
			goto end;
	} else if (!vgc_walk_text(r, req->src, req->dst, req->assoclen,
				  textlen, VGC_AUTH_COPY, y)) {
		goto end;
	}
	vgc_aead_test_hook(req);
	ret = vgc_cp_verify(r, tag);
	if (ret)
		goto out;
	ret = vgc_walk_text(r, req->dst, req->dst, req->assoclen, textlen,
			    VGC_DECRYPT, y) ? 0 : -EINVAL;
end:
	vgc_cp_end(r);
out:
	memzero_explicit(nonce, sizeof(nonce));
	memzero_explicit(tag, sizeof(tag));
	return ret;
}

static int vgc_aead_crypt(struct aead_request *req, bool seal)
{
	return vgc_aead_run(crypto_aead_ctx(crypto_aead_reqtfm(req)),
			    aead_request_ctx(req), req, seal);
}

/*
 * One rfc7539 request on back end @be, as its driver would run it, for a
 * request @req of some other tfm (only its scatterlists, lengths, IV and
 * flags are read): the guard at load times this against the kernel's
 * own driver before any of ours is registered.
 */
int vgc_aead_run_on(const struct vgc_cp_backend *be,
		    const u8 *key, struct vgc_cp_req *r,
		    struct aead_request *req, bool seal)
{
	struct vgc_aead_ctx ctx = { .be = be };
	int ret;

	memcpy(ctx.key, key, VGC_CP_KEY_SIZE);
	ret = vgc_aead_run(&ctx, r, req, seal);
	memzero_explicit(&ctx, sizeof(ctx));
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

static void vgc_fill_alg(struct vgc_aead_alg *a, const struct vgc_cp_backend *be,
			 bool esp)
{
	const char *name = esp ? "rfc7539esp" : "rfc7539";
	struct aead_alg *alg = &a->alg;

	memset(a, 0, sizeof(*a));
	a->be = be;
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
	snprintf(alg->base.cra_name, CRYPTO_MAX_ALG_NAME,
		 "%s(chacha20,poly1305)", name);
	snprintf(alg->base.cra_driver_name, CRYPTO_MAX_ALG_NAME,
		 "%s-chacha20-poly1305-vgcrypto-%s", name, be->name);
}

/*
 * The known-answer check (lib/chacha20poly1305_kat.c) of every chosen
 * back end, before any driver is registered (crypto/main.c): a kernel
 * built without the crypto manager's self-tests must not get a broken
 * one either. Module init runs where SIMD is usable.
 */
int vgc_aead_selftest(void)
{
	const struct vgc_cp_backend *be;
	struct vgc_cp_kat *t;
	unsigned int i;
	int err = 0;

	t = kmalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	/* with none chosen, the portable one, which the library calls run on */
	for (i = 0; i < max(vgc_aead_nr_bes, 1U) && !err; i++) {
		be = vgc_aead_nr_bes ? vgc_aead_bes[i] : &vgc_cp_backend_generic;
		err = vgc_cp_selftest(be, t);
		if (err)
			pr_err("ChaCha20-Poly1305 known-answer check of the %s back end failed (%d)\n",
			       be->name, err);
	}
	kfree_sensitive(t);
	return err ? -EINVAL : 0;
}

const struct vgc_cp_backend *vgc_aead_best_backend(void)
{
	return vgc_aead_nr_bes ? vgc_aead_bes[0] : &vgc_cp_backend_generic;
}

unsigned int vgc_aead_prepare(void)
{
	const struct vgc_cp_backend *const *be;
	unsigned int n = 0;

	for (be = vgc_cp_backends; *be; be++) {
		if (WARN_ON(n == VGC_AEAD_MAX_BACKENDS))
			break;
		if (!vgc_backend_selected("", (*be)->name, (*be)->usable))
			continue;
		vgc_fill_alg(&vgc_aead_algs[2 * n], *be, false);
		vgc_fill_alg(&vgc_aead_algs[2 * n + 1], *be, true);
		vgc_aead_bes[n++] = *be;
	}
	vgc_aead_nr_bes = n;
	return n;
}

int vgc_aead_register(void)
{
	const char *names[VGC_AEAD_MAX_BACKENDS];
	int prios[VGC_AEAD_MAX_BACKENDS];
	unsigned int i;
	int err;

	/* the best back end against the kernel's own (crypto/aead_guard.c) */
	if (vgc_aead_nr_bes && !vgc_aead_guard(vgc_aead_bes[0]))
		return 0;
	for (i = 0; i < 2 * vgc_aead_nr_bes; i++) {
		err = crypto_register_aead(&vgc_aead_algs[i].alg);
		if (err) {
			pr_err("registering %s failed: %d\n",
			       vgc_aead_algs[i].alg.base.cra_driver_name, err);
			vgc_aead_unregister();
			return err;
		}
		vgc_aead_nr_registered++;
	}
	for (i = 0; i < vgc_aead_nr_bes; i++) {
		names[i] = vgc_aead_bes[i]->name;
		prios[i] = vgc_aead_bes[i]->priority;
	}
	vgc_log_registered("ChaCha20-Poly1305", "known-answer check passed",
			   names, prios, vgc_aead_nr_bes);
	return 0;
}

void vgc_aead_unregister(void)
{
	while (vgc_aead_nr_registered)
		crypto_unregister_aead(&vgc_aead_algs[--vgc_aead_nr_registered].alg);
}

/* every name a driver may have here, so that asking for it loads us */
MODULE_ALIAS_CRYPTO("rfc7539(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539esp(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-generic");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-generic");
#if defined(CONFIG_X86_64)
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-avx512");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-avx512");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-avx512-noifma");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-avx512-noifma");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-avx512vl");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-avx512vl");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-avx512vl-noifma");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-avx512vl-noifma");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-avx2");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-avx2");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-ssse3");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-ssse3");
#elif defined(CONFIG_ARM64) && defined(CONFIG_KERNEL_MODE_NEON)
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-vgcrypto-neon");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-vgcrypto-neon");
#endif
