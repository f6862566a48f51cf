// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for vgcrypto's rfc7539 and rfc7539esp drivers. Every case
 * runs once per back end, allocating its driver by driver name; a back
 * end this CPU cannot run is skipped (and says so), the portable one must
 * be there. Data is placed in scatterlists of many shapes inside poisoned
 * page pools, so that a byte written where it should not be is seen.
 */
#include <kunit/test.h>
#include <crypto/aead.h>
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#include <linux/gfp.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/mm.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>

#include "chacha20poly1305.h"
#include "../crypto/vgc_glue.h"
#include "vgc_testvec.h"
#include "generated/edge_vectors.h"

#define POOL_ORDER	3
#define POOL_SIZE	(PAGE_SIZE << POOL_ORDER)
#define MAX_PIECES	400
#define POISON		0x5a
#define TAG_SIZE	16
#define ESP_IV_SIZE	8

/* ---- RFC 8439 vectors ---- */

/* published test data: RFC 8439 section 2.8.2 and appendix A.5 */

static const u8 rfc282_key[] = {
	0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b,
	0x8c, 0x8d, 0x8e, 0x8f, 0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97,
	0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f,
};

static const u8 rfc282_nonce[] = {
	0x07, 0x00, 0x00, 0x00, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47,
};

static const u8 rfc282_ad[] = {
	0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
};

static const u8 rfc282_ptext[] = {
	0x4c, 0x61, 0x64, 0x69, 0x65, 0x73, 0x20, 0x61, 0x6e, 0x64, 0x20, 0x47,
	0x65, 0x6e, 0x74, 0x6c, 0x65, 0x6d, 0x65, 0x6e, 0x20, 0x6f, 0x66, 0x20,
	0x74, 0x68, 0x65, 0x20, 0x63, 0x6c, 0x61, 0x73, 0x73, 0x20, 0x6f, 0x66,
	0x20, 0x27, 0x39, 0x39, 0x3a, 0x20, 0x49, 0x66, 0x20, 0x49, 0x20, 0x63,
	0x6f, 0x75, 0x6c, 0x64, 0x20, 0x6f, 0x66, 0x66, 0x65, 0x72, 0x20, 0x79,
	0x6f, 0x75, 0x20, 0x6f, 0x6e, 0x6c, 0x79, 0x20, 0x6f, 0x6e, 0x65, 0x20,
	0x74, 0x69, 0x70, 0x20, 0x66, 0x6f, 0x72, 0x20, 0x74, 0x68, 0x65, 0x20,
	0x66, 0x75, 0x74, 0x75, 0x72, 0x65, 0x2c, 0x20, 0x73, 0x75, 0x6e, 0x73,
	0x63, 0x72, 0x65, 0x65, 0x6e, 0x20, 0x77, 0x6f, 0x75, 0x6c, 0x64, 0x20,
	0x62, 0x65, 0x20, 0x69, 0x74, 0x2e,
};

static const u8 rfc282_ctext[] = {
	0xd3, 0x1a, 0x8d, 0x34, 0x64, 0x8e, 0x60, 0xdb, 0x7b, 0x86, 0xaf, 0xbc,
	0x53, 0xef, 0x7e, 0xc2, 0xa4, 0xad, 0xed, 0x51, 0x29, 0x6e, 0x08, 0xfe,
	0xa9, 0xe2, 0xb5, 0xa7, 0x36, 0xee, 0x62, 0xd6, 0x3d, 0xbe, 0xa4, 0x5e,
	0x8c, 0xa9, 0x67, 0x12, 0x82, 0xfa, 0xfb, 0x69, 0xda, 0x92, 0x72, 0x8b,
	0x1a, 0x71, 0xde, 0x0a, 0x9e, 0x06, 0x0b, 0x29, 0x05, 0xd6, 0xa5, 0xb6,
	0x7e, 0xcd, 0x3b, 0x36, 0x92, 0xdd, 0xbd, 0x7f, 0x2d, 0x77, 0x8b, 0x8c,
	0x98, 0x03, 0xae, 0xe3, 0x28, 0x09, 0x1b, 0x58, 0xfa, 0xb3, 0x24, 0xe4,
	0xfa, 0xd6, 0x75, 0x94, 0x55, 0x85, 0x80, 0x8b, 0x48, 0x31, 0xd7, 0xbc,
	0x3f, 0xf4, 0xde, 0xf0, 0x8e, 0x4b, 0x7a, 0x9d, 0xe5, 0x76, 0xd2, 0x65,
	0x86, 0xce, 0xc6, 0x4b, 0x61, 0x16, 0x1a, 0xe1, 0x0b, 0x59, 0x4f, 0x09,
	0xe2, 0x6a, 0x7e, 0x90, 0x2e, 0xcb, 0xd0, 0x60, 0x06, 0x91,
};

static const u8 rfca5_key[] = {
	0x1c, 0x92, 0x40, 0xa5, 0xeb, 0x55, 0xd3, 0x8a, 0xf3, 0x33, 0x88, 0x86,
	0x04, 0xf6, 0xb5, 0xf0, 0x47, 0x39, 0x17, 0xc1, 0x40, 0x2b, 0x80, 0x09,
	0x9d, 0xca, 0x5c, 0xbc, 0x20, 0x70, 0x75, 0xc0,
};

static const u8 rfca5_nonce[] = {
	0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
};

static const u8 rfca5_ad[] = {
	0xf3, 0x33, 0x88, 0x86, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x4e, 0x91,
};

static const u8 rfca5_ptext[] = {
	0x49, 0x6e, 0x74, 0x65, 0x72, 0x6e, 0x65, 0x74, 0x2d, 0x44, 0x72, 0x61,
	0x66, 0x74, 0x73, 0x20, 0x61, 0x72, 0x65, 0x20, 0x64, 0x72, 0x61, 0x66,
	0x74, 0x20, 0x64, 0x6f, 0x63, 0x75, 0x6d, 0x65, 0x6e, 0x74, 0x73, 0x20,
	0x76, 0x61, 0x6c, 0x69, 0x64, 0x20, 0x66, 0x6f, 0x72, 0x20, 0x61, 0x20,
	0x6d, 0x61, 0x78, 0x69, 0x6d, 0x75, 0x6d, 0x20, 0x6f, 0x66, 0x20, 0x73,
	0x69, 0x78, 0x20, 0x6d, 0x6f, 0x6e, 0x74, 0x68, 0x73, 0x20, 0x61, 0x6e,
	0x64, 0x20, 0x6d, 0x61, 0x79, 0x20, 0x62, 0x65, 0x20, 0x75, 0x70, 0x64,
	0x61, 0x74, 0x65, 0x64, 0x2c, 0x20, 0x72, 0x65, 0x70, 0x6c, 0x61, 0x63,
	0x65, 0x64, 0x2c, 0x20, 0x6f, 0x72, 0x20, 0x6f, 0x62, 0x73, 0x6f, 0x6c,
	0x65, 0x74, 0x65, 0x64, 0x20, 0x62, 0x79, 0x20, 0x6f, 0x74, 0x68, 0x65,
	0x72, 0x20, 0x64, 0x6f, 0x63, 0x75, 0x6d, 0x65, 0x6e, 0x74, 0x73, 0x20,
	0x61, 0x74, 0x20, 0x61, 0x6e, 0x79, 0x20, 0x74, 0x69, 0x6d, 0x65, 0x2e,
	0x20, 0x49, 0x74, 0x20, 0x69, 0x73, 0x20, 0x69, 0x6e, 0x61, 0x70, 0x70,
	0x72, 0x6f, 0x70, 0x72, 0x69, 0x61, 0x74, 0x65, 0x20, 0x74, 0x6f, 0x20,
	0x75, 0x73, 0x65, 0x20, 0x49, 0x6e, 0x74, 0x65, 0x72, 0x6e, 0x65, 0x74,
	0x2d, 0x44, 0x72, 0x61, 0x66, 0x74, 0x73, 0x20, 0x61, 0x73, 0x20, 0x72,
	0x65, 0x66, 0x65, 0x72, 0x65, 0x6e, 0x63, 0x65, 0x20, 0x6d, 0x61, 0x74,
	0x65, 0x72, 0x69, 0x61, 0x6c, 0x20, 0x6f, 0x72, 0x20, 0x74, 0x6f, 0x20,
	0x63, 0x69, 0x74, 0x65, 0x20, 0x74, 0x68, 0x65, 0x6d, 0x20, 0x6f, 0x74,
	0x68, 0x65, 0x72, 0x20, 0x74, 0x68, 0x61, 0x6e, 0x20, 0x61, 0x73, 0x20,
	0x2f, 0xe2, 0x80, 0x9c, 0x77, 0x6f, 0x72, 0x6b, 0x20, 0x69, 0x6e, 0x20,
	0x70, 0x72, 0x6f, 0x67, 0x72, 0x65, 0x73, 0x73, 0x2e, 0x2f, 0xe2, 0x80,
	0x9d,
};

static const u8 rfca5_ctext[] = {
	0x64, 0xa0, 0x86, 0x15, 0x75, 0x86, 0x1a, 0xf4, 0x60, 0xf0, 0x62, 0xc7,
	0x9b, 0xe6, 0x43, 0xbd, 0x5e, 0x80, 0x5c, 0xfd, 0x34, 0x5c, 0xf3, 0x89,
	0xf1, 0x08, 0x67, 0x0a, 0xc7, 0x6c, 0x8c, 0xb2, 0x4c, 0x6c, 0xfc, 0x18,
	0x75, 0x5d, 0x43, 0xee, 0xa0, 0x9e, 0xe9, 0x4e, 0x38, 0x2d, 0x26, 0xb0,
	0xbd, 0xb7, 0xb7, 0x3c, 0x32, 0x1b, 0x01, 0x00, 0xd4, 0xf0, 0x3b, 0x7f,
	0x35, 0x58, 0x94, 0xcf, 0x33, 0x2f, 0x83, 0x0e, 0x71, 0x0b, 0x97, 0xce,
	0x98, 0xc8, 0xa8, 0x4a, 0xbd, 0x0b, 0x94, 0x81, 0x14, 0xad, 0x17, 0x6e,
	0x00, 0x8d, 0x33, 0xbd, 0x60, 0xf9, 0x82, 0xb1, 0xff, 0x37, 0xc8, 0x55,
	0x97, 0x97, 0xa0, 0x6e, 0xf4, 0xf0, 0xef, 0x61, 0xc1, 0x86, 0x32, 0x4e,
	0x2b, 0x35, 0x06, 0x38, 0x36, 0x06, 0x90, 0x7b, 0x6a, 0x7c, 0x02, 0xb0,
	0xf9, 0xf6, 0x15, 0x7b, 0x53, 0xc8, 0x67, 0xe4, 0xb9, 0x16, 0x6c, 0x76,
	0x7b, 0x80, 0x4d, 0x46, 0xa5, 0x9b, 0x52, 0x16, 0xcd, 0xe7, 0xa4, 0xe9,
	0x90, 0x40, 0xc5, 0xa4, 0x04, 0x33, 0x22, 0x5e, 0xe2, 0x82, 0xa1, 0xb0,
	0xa0, 0x6c, 0x52, 0x3e, 0xaf, 0x45, 0x34, 0xd7, 0xf8, 0x3f, 0xa1, 0x15,
	0x5b, 0x00, 0x47, 0x71, 0x8c, 0xbc, 0x54, 0x6a, 0x0d, 0x07, 0x2b, 0x04,
	0xb3, 0x56, 0x4e, 0xea, 0x1b, 0x42, 0x22, 0x73, 0xf5, 0x48, 0x27, 0x1a,
	0x0b, 0xb2, 0x31, 0x60, 0x53, 0xfa, 0x76, 0x99, 0x19, 0x55, 0xeb, 0xd6,
	0x31, 0x59, 0x43, 0x4e, 0xce, 0xbb, 0x4e, 0x46, 0x6d, 0xae, 0x5a, 0x10,
	0x73, 0xa6, 0x72, 0x76, 0x27, 0x09, 0x7a, 0x10, 0x49, 0xe6, 0x17, 0xd9,
	0x1d, 0x36, 0x10, 0x94, 0xfa, 0x68, 0xf0, 0xff, 0x77, 0x98, 0x71, 0x30,
	0x30, 0x5b, 0xea, 0xba, 0x2e, 0xda, 0x04, 0xdf, 0x99, 0x7b, 0x71, 0x4d,
	0x6c, 0x6f, 0x2c, 0x29, 0xa6, 0xad, 0x5c, 0xb4, 0x02, 0x2b, 0x02, 0x70,
	0x9b, 0xee, 0xad, 0x9d, 0x67, 0x89, 0x0c, 0xbb, 0x22, 0x39, 0x23, 0x36,
	0xfe, 0xa1, 0x85, 0x1f, 0x38,
};

static const struct vgc_aead_testvec rfc_vectors[] = {
	{
		.name = "RFC 8439 2.8.2",
		.key = rfc282_key,
		.nonce = rfc282_nonce,
		.ad = rfc282_ad,
		.adlen = sizeof(rfc282_ad),
		.ptext = rfc282_ptext,
		.len = sizeof(rfc282_ptext),
		.ctext = rfc282_ctext,
	},
	{
		.name = "RFC 8439 A.5",
		.key = rfca5_key,
		.nonce = rfca5_nonce,
		.ad = rfca5_ad,
		.adlen = sizeof(rfca5_ad),
		.ptext = rfca5_ptext,
		.len = sizeof(rfca5_ptext),
		.ctext = rfca5_ctext,
	},
};

/* ---- back ends: one run of every case per driver ---- */

static bool driver_registered(const struct vgc_cp_backend *be)
{
	char name[CRYPTO_MAX_ALG_NAME];

	snprintf(name, sizeof(name), "rfc7539-chacha20-poly1305-vgcrypto-%s",
		 be->name);
	return crypto_has_alg(name, CRYPTO_ALG_TYPE_AEAD, CRYPTO_ALG_TYPE_MASK);
}

/*
 * The parameters are the back ends of vgcrypto.ko's list that are
 * registered now: one this CPU cannot run is not applicable rather than
 * skipped (6.1's KTAP output prints skipped parameters as passed). The
 * portable one is always a parameter, so its absence fails rather than
 * vanishes.
 */
static const void *backend_gen_params(const void *prev, char *desc)
{
	const struct vgc_cp_backend *const *p;

	p = prev ? (const struct vgc_cp_backend *const *)prev + 1 :
		   vgc_cp_backends;
	for (; *p; p++) {
		if (*p == &vgc_cp_backend_generic || driver_registered(*p)) {
			strscpy(desc, (*p)->name, KUNIT_PARAM_DESC_SIZE);
			return p;
		}
	}
	return NULL;
}

/* ---- scatterlist layouts ---- */

enum layout {
	L_ONE,		/* one entry, page aligned */
	L_CROSS,	/* one entry starting 5 bytes before a page boundary */
	L_BYTES,	/* one-byte entries (first 300 bytes), then the rest */
	L_BLOCKS,	/* entries of 15, 1, 16, 17, 63, 64, 65 bytes, repeated */
	L_SHARED,	/* AD and the first text bytes share an entry */
	L_PAGES,	/* 4000-byte entries, each straddling a page boundary */
	L_RANDOM,	/* random lengths 1-300 */
	L_COUNT,
};

static const char * const layout_names[L_COUNT] = {
	"one", "cross", "bytes", "blocks", "shared", "pages", "random",
};

struct pool {
	u8 *mem;		/* POOL_SIZE bytes, POISON where no piece is */
	struct scatterlist *sg;
	unsigned int off[MAX_PIECES];	/* where each piece sits in mem */
	unsigned int len[MAX_PIECES];
	unsigned int npieces;
};

struct ctx {
	struct crypto_aead *tfm[2];	/* freed by ctx_exit, even after a failure */
	struct pool src, dst;
	u8 *expect;		/* scratch, POOL_SIZE bytes */
	u8 *data;		/* scratch, POOL_SIZE bytes */
	u8 *snap;		/* the source pool before the request */
};

static u32 prng(u32 *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static unsigned int piece_len(enum layout l, unsigned int i, unsigned int done,
			      unsigned int adlen, u32 *seed)
{
	static const unsigned int blocks[] = { 15, 1, 16, 17, 63, 64, 65 };

	switch (l) {
	case L_BYTES:
		return done < 300 ? 1 : UINT_MAX;
	case L_BLOCKS:
		return blocks[i % ARRAY_SIZE(blocks)];
	case L_SHARED:
		return i == 0 ? adlen + 5 : 100;
	case L_PAGES:
		return 4000;
	case L_RANDOM:
		return 1 + prng(seed) % 300;
	default:
		return UINT_MAX;
	}
}

/*
 * Lay @total bytes of @data out in @p's pool as the pieces of layout @l,
 * one to three poison bytes apart, and point @p->sg at them.
 */
static void pool_fill(struct kunit *test, struct pool *p, enum layout l,
		      const u8 *data, unsigned int total, unsigned int adlen,
		      u32 seed)
{
	unsigned int cur, done = 0, n, i;

	memset(p->mem, POISON, POOL_SIZE);
	cur = l == L_CROSS || l == L_PAGES ? PAGE_SIZE - 5 : 0;
	for (i = 0; done < total || i == 0; i++) {
		n = min(piece_len(l, i, done, adlen, &seed), total - done);
		if (i == MAX_PIECES - 1)
			n = total - done;
		if (l == L_PAGES)
			cur = round_up(cur, PAGE_SIZE) - 5 - (i % 3);
		KUNIT_ASSERT_LE(test, cur + n, (unsigned int)POOL_SIZE);
		p->off[i] = cur;
		p->len[i] = n;
		memcpy(p->mem + cur, data + done, n);
		done += n;
		cur += n + (l == L_ONE || l == L_CROSS ? 0 : 1 + i % 3);
	}
	p->npieces = i;
	sg_init_table(p->sg, p->npieces);
	for (i = 0; i < p->npieces; i++)
		sg_set_buf(&p->sg[i], p->mem + p->off[i], p->len[i]);
}

/* Copy the bytes the pieces hold back into one buffer. */
static void pool_gather(const struct pool *p, u8 *out)
{
	unsigned int i;

	for (i = 0; i < p->npieces; i++) {
		memcpy(out, p->mem + p->off[i], p->len[i]);
		out += p->len[i];
	}
}

/* Every byte outside the pieces must still be poison. */
static bool pool_poison_intact(const struct pool *p)
{
	unsigned int i, at = 0;

	for (i = 0; i <= p->npieces; i++) {
		unsigned int end = i < p->npieces ? p->off[i] : POOL_SIZE;

		if (memchr_inv(p->mem + at, POISON, end - at))
			return false;
		if (i < p->npieces)
			at = p->off[i] + p->len[i];
	}
	return true;
}

static int first_diff(const u8 *a, const u8 *b, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return i;
	return -1;
}

/* ---- driver access ---- */

static const struct vgc_cp_backend *test_backend(struct kunit *test)
{
	return *(const struct vgc_cp_backend *const *)test->param_value;
}

static struct crypto_aead *alloc_driver(struct kunit *test, bool esp)
{
	const char *be = test_backend(test)->name;
	struct ctx *c = test->priv;
	char name[CRYPTO_MAX_ALG_NAME];
	struct crypto_aead *tfm;

	snprintf(name, sizeof(name), "%s-chacha20-poly1305-vgcrypto-%s",
		 esp ? "rfc7539esp" : "rfc7539", be);
	/* mask CRYPTO_ALG_ASYNC: the drivers must be synchronous */
	tfm = crypto_alloc_aead(name, 0, CRYPTO_ALG_ASYNC);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(tfm), "%s: %ld", name, PTR_ERR(tfm));
	if (c->tfm[esp])
		crypto_free_aead(c->tfm[esp]);
	c->tfm[esp] = tfm;
	KUNIT_EXPECT_STREQ(test, crypto_tfm_alg_driver_name(crypto_aead_tfm(tfm)), name);
	return tfm;
}

static void set_key(struct kunit *test, struct crypto_aead *tfm, bool esp,
		    const u8 *key, const u8 *nonce)
{
	u8 k[36];

	memcpy(k, key, 32);
	memcpy(k + 32, nonce, 4);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(tfm, k, esp ? 36 : 32), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setauthsize(tfm, TAG_SIZE), 0);
	memzero_explicit(k, sizeof(k));
}

static int do_crypt(struct crypto_aead *tfm, bool enc, struct scatterlist *src,
		    struct scatterlist *dst, unsigned int assoclen,
		    unsigned int cryptlen, u8 *iv)
{
	struct aead_request *req;
	int err;

	req = aead_request_alloc(tfm, GFP_KERNEL);
	if (!req)
		return -ENOMEM;
	aead_request_set_callback(req, 0, NULL, NULL);
	aead_request_set_ad(req, assoclen);
	aead_request_set_crypt(req, src, dst, cryptlen, iv);
	err = enc ? crypto_aead_encrypt(req) : crypto_aead_decrypt(req);
	aead_request_free(req);
	return err;
}

/*
 * One vector, one direction, one layout: build the request, run it and
 * check the output bytes and every byte around them.
 */
static void check_case(struct kunit *test, struct crypto_aead *tfm, bool esp,
		       bool enc, bool inplace, enum layout l,
		       const struct vgc_aead_testvec *v, u32 seed)
{
	struct ctx *c = test->priv;
	unsigned int assoclen = v->adlen + (esp ? ESP_IV_SIZE : 0);
	unsigned int inlen = enc ? v->len : v->len + TAG_SIZE;
	unsigned int outlen = enc ? v->len + TAG_SIZE : v->len;
	unsigned int total = assoclen + max(inlen, outlen);
	unsigned int i;
	u8 iv[12];
	int err, d;

	memcpy(iv, esp ? v->nonce + 4 : v->nonce, esp ? ESP_IV_SIZE : 12);

	/* src: AD (|| IV for ESP) || input, padded for an in-place tag */
	memcpy(c->data, v->ad, v->adlen);
	if (esp)
		memcpy(c->data + v->adlen, v->nonce + 4, ESP_IV_SIZE);
	memcpy(c->data + assoclen, enc ? v->ptext : v->ctext, inlen);
	memset(c->data + assoclen + inlen, 0, total - assoclen - inlen);
	pool_fill(test, &c->src, l, c->data, inplace ? total : assoclen + inlen,
		  v->adlen, seed);

	/*
	 * what dst must hold: AD untouched (poison out of place) || output;
	 * out of place it starts as poison || the output with every bit flipped
	 */
	if (inplace) {
		memcpy(c->expect, c->data, total);
	} else {
		memset(c->expect, POISON, assoclen);
		for (i = 0; i < outlen; i++)
			c->expect[assoclen + i] = ~(enc ? v->ctext : v->ptext)[i];
		pool_fill(test, &c->dst, (l + 3) % L_COUNT, c->expect,
			  assoclen + outlen, v->adlen, seed ^ 0x9e3779b9);
	}
	memcpy(c->expect + assoclen, enc ? v->ctext : v->ptext, outlen);
	memcpy(c->snap, c->src.mem, POOL_SIZE);

	err = do_crypt(tfm, enc, c->src.sg, inplace ? c->src.sg : c->dst.sg,
		       assoclen, inlen, iv);
	KUNIT_ASSERT_EQ_MSG(test, err, 0, "%s %s %s %s", v->name,
			    enc ? "enc" : "dec", layout_names[l],
			    inplace ? "in-place" : "out-of-place");

	pool_gather(inplace ? &c->src : &c->dst, c->data);
	d = first_diff(c->data, c->expect, inplace ? total : assoclen + outlen);
	KUNIT_EXPECT_EQ_MSG(test, d, -1, "%s %s %s %s: first wrong byte", v->name,
			    enc ? "enc" : "dec", layout_names[l],
			    inplace ? "in-place" : "out-of-place");
	KUNIT_EXPECT_TRUE_MSG(test, pool_poison_intact(&c->src) &&
			      (inplace || pool_poison_intact(&c->dst)),
			      "%s %s: bytes written outside the scatterlist", v->name,
			      layout_names[l]);
	/* the source of an out-of-place request is read only */
	if (!inplace)
		KUNIT_EXPECT_EQ(test, memcmp(c->snap, c->src.mem, POOL_SIZE), 0);
}

static void run_vector(struct kunit *test, struct crypto_aead *tfm, bool esp,
		       const struct vgc_aead_testvec *v, bool all_layouts)
{
	enum layout l;
	int inplace;

	set_key(test, tfm, esp, v->key, v->nonce);
	for (l = 0; l < (all_layouts ? L_COUNT : 1); l++)
		for (inplace = 0; inplace < 2; inplace++) {
			check_case(test, tfm, esp, true, inplace, l, v, l * 7919 + v->len + 1);
			check_case(test, tfm, esp, false, inplace, l, v, l * 104729 + v->len + 1);
		}
}

static int ctx_init(struct kunit *test)
{
	struct ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct page *pg;

	if (!c)
		return -ENOMEM;
	c->expect = kunit_kmalloc(test, POOL_SIZE, GFP_KERNEL);
	c->data = kunit_kmalloc(test, POOL_SIZE, GFP_KERNEL);
	c->snap = kunit_kmalloc(test, POOL_SIZE, GFP_KERNEL);
	c->src.sg = kunit_kcalloc(test, MAX_PIECES, sizeof(*c->src.sg), GFP_KERNEL);
	c->dst.sg = kunit_kcalloc(test, MAX_PIECES, sizeof(*c->dst.sg), GFP_KERNEL);
	if (!c->expect || !c->data || !c->snap || !c->src.sg || !c->dst.sg)
		return -ENOMEM;
	/* whole pages, so that pieces can straddle real page boundaries */
	pg = alloc_pages(GFP_KERNEL, POOL_ORDER);
	if (!pg)
		return -ENOMEM;
	c->src.mem = page_address(pg);
	pg = alloc_pages(GFP_KERNEL, POOL_ORDER);
	if (!pg) {
		__free_pages(virt_to_page(c->src.mem), POOL_ORDER);
		return -ENOMEM;
	}
	c->dst.mem = page_address(pg);
	test->priv = c;
	return 0;
}

static void ctx_exit(struct kunit *test)
{
	struct ctx *c = test->priv;

	/* a failed assertion ends a case early: free its tfms here */
	if (c->tfm[0])
		crypto_free_aead(c->tfm[0]);
	if (c->tfm[1])
		crypto_free_aead(c->tfm[1]);
	__free_pages(virt_to_page(c->src.mem), POOL_ORDER);
	__free_pages(virt_to_page(c->dst.mem), POOL_ORDER);
}

/* ---- the cases ---- */

static void test_rfc8439(struct kunit *test)
{
	struct crypto_aead *tfm[2];
	unsigned int i;
	int esp;

	tfm[0] = alloc_driver(test, false);
	tfm[1] = alloc_driver(test, true);
	for (i = 0; i < ARRAY_SIZE(rfc_vectors); i++)
		for (esp = 0; esp < 2; esp++)
			run_vector(test, tfm[esp], esp, &rfc_vectors[i], true);
}

static void test_edge_vectors(struct kunit *test)
{
	struct crypto_aead *tfm[2];
	unsigned int i;
	int esp;

	tfm[0] = alloc_driver(test, false);
	tfm[1] = alloc_driver(test, true);
	for (i = 0; i < ARRAY_SIZE(vgc_edge_vectors); i++)
		for (esp = 0; esp < 2; esp++)
			run_vector(test, tfm[esp], esp, &vgc_edge_vectors[i], true);
}

static void test_properties(struct kunit *test)
{
	int esp;

	for (esp = 0; esp < 2; esp++) {
		struct crypto_aead *tfm = alloc_driver(test, esp);
		struct crypto_alg *alg = crypto_aead_tfm(tfm)->__crt_alg;

		KUNIT_EXPECT_STREQ(test, alg->cra_name, esp ?
				   "rfc7539esp(chacha20,poly1305)" :
				   "rfc7539(chacha20,poly1305)");
		KUNIT_EXPECT_EQ(test, crypto_aead_ivsize(tfm), esp ? 8U : 12U);
		KUNIT_EXPECT_EQ(test, crypto_aead_maxauthsize(tfm), 16U);
		KUNIT_EXPECT_EQ(test, crypto_aead_blocksize(tfm), 1U);
		/* outranks the kernel's own rfc7539 (300 on x86, 250 on arm64) */
		KUNIT_EXPECT_GT(test, alg->cra_priority, 300);
	}
}

static void test_refuse_keys_and_authsize(struct kunit *test)
{
	struct ctx *c = test->priv;
	static const unsigned int bad_keylen[2][5] = {
		{ 0, 16, 31, 33, 36 }, { 0, 32, 35, 37, 40 },
	};
	const struct vgc_aead_testvec *v = &vgc_edge_vectors[0];
	unsigned int i;
	int esp;
	u8 key[40];

	memset(key, 0xa5, sizeof(key));
	for (esp = 0; esp < 2; esp++) {
		struct crypto_aead *tfm = alloc_driver(test, esp);

		set_key(test, tfm, esp, v->key, v->nonce);
		for (i = 0; i < ARRAY_SIZE(bad_keylen[esp]); i++)
			KUNIT_EXPECT_EQ_MSG(test, crypto_aead_setkey(tfm, key, bad_keylen[esp][i]),
					    -EINVAL, "key length %u", bad_keylen[esp][i]);
		for (i = 0; i <= 32; i++)
			if (i != TAG_SIZE)
				KUNIT_EXPECT_EQ_MSG(test, crypto_aead_setauthsize(tfm, i),
						    -EINVAL, "authsize %u", i);
		KUNIT_EXPECT_EQ(test, crypto_aead_setauthsize(tfm, TAG_SIZE), 0);
		/*
		 * The crypto API marks a tfm whose setkey failed as keyless
		 * (CRYPTO_TFM_NEED_KEY): requests get -ENOKEY until a key is set.
		 */
		pool_fill(test, &c->src, L_ONE, key, 16, 0, 1);
		KUNIT_EXPECT_EQ(test, do_crypt(tfm, true, c->src.sg, c->src.sg, 0, 0, key),
				-ENOKEY);
		set_key(test, tfm, esp, v->key, v->nonce);
		check_case(test, tfm, esp, true, false, L_ONE, v, 1);
	}
}

/* Requests the drivers refuse before touching anything: dst stays poison. */
static void test_refuse_lengths(struct kunit *test)
{
	struct ctx *c = test->priv;
	const struct vgc_aead_testvec *v = &vgc_edge_vectors[0];
	struct crypto_aead *tfm;
	u8 iv[12];
	unsigned int n;
	int esp, enc;

	memset(c->data, 0x33, 256);
	for (esp = 0; esp < 2; esp++) {
		tfm = alloc_driver(test, esp);
		set_key(test, tfm, esp, v->key, v->nonce);
		memcpy(iv, v->nonce + (esp ? 4 : 0), sizeof(iv) - (esp ? 4 : 0));
		/* a decryption shorter than the tag */
		for (n = 0; n < TAG_SIZE; n++) {
			pool_fill(test, &c->src, L_ONE, c->data, 8 + n, 0, 1);
			pool_fill(test, &c->dst, L_ONE, c->data, 8 + n, 0, 1);
			memset(c->dst.mem, POISON, POOL_SIZE);
			KUNIT_EXPECT_EQ_MSG(test, do_crypt(tfm, false, c->src.sg, c->dst.sg,
							   8, n, iv), -EINVAL,
					    "cryptlen %u", n);
			KUNIT_EXPECT_FALSE(test, memchr_inv(c->dst.mem, POISON, POOL_SIZE));
		}
		/*
		 * AD and text lengths whose sum wraps in 32 bits (the tag's
		 * offset). No scatterlist here is 4 GiB long, so before the
		 * explicit check the AD walk running out refused these too.
		 */
		for (enc = 0; enc < 2; enc++) {
			n = enc ? 32 : 32 + TAG_SIZE;
			pool_fill(test, &c->src, L_ONE, c->data, 64, 0, 1);
			pool_fill(test, &c->dst, L_ONE, c->data, 64, 0, 1);
			memset(c->dst.mem, POISON, POOL_SIZE);
			KUNIT_EXPECT_EQ_MSG(test, do_crypt(tfm, enc, c->src.sg, c->dst.sg,
							   UINT_MAX - 15, n, iv), -EINVAL,
					    "assoclen %u + cryptlen %u wraps", UINT_MAX - 15, n);
			KUNIT_EXPECT_EQ_MSG(test, do_crypt(tfm, enc, c->src.sg, c->dst.sg,
							   8, UINT_MAX - 3, iv), -EINVAL,
					    "assoclen 8 + cryptlen %u wraps", UINT_MAX - 3);
			KUNIT_EXPECT_FALSE(test, memchr_inv(c->dst.mem, POISON, POOL_SIZE));
		}
		/* ESP needs at least the IV copy in the AD */
		for (n = 0; esp && n < ESP_IV_SIZE; n++) {
			for (enc = 0; enc < 2; enc++) {
				pool_fill(test, &c->src, L_ONE, c->data, n + 32 + TAG_SIZE, 0, 1);
				pool_fill(test, &c->dst, L_ONE, c->data, n + 32 + TAG_SIZE, 0, 1);
				memset(c->dst.mem, POISON, POOL_SIZE);
				KUNIT_EXPECT_EQ_MSG(test, do_crypt(tfm, enc, c->src.sg, c->dst.sg,
								   n, 32, iv), -EINVAL,
						    "assoclen %u", n);
				KUNIT_EXPECT_FALSE(test, memchr_inv(c->dst.mem, POISON, POOL_SIZE));
			}
		}
	}
}

/*
 * A forged message (tag, ciphertext, AD, or key changed): -EBADMSG and no
 * plaintext written. In place nothing is written: the whole source pool,
 * ciphertext and tag included, is unchanged. Out of place, where the open
 * goes through the buffer (vgc_cp_open_buffered(): a stitching back end,
 * up to 4 KiB) nothing is written either; elsewhere it copies the
 * ciphertext into dst to authenticate it there (what it would decrypt
 * is then exactly what it authenticated): dst's text pieces (0xc3 before)
 * hold the ciphertext as sent (on a stitching back end only the part
 * before the last 4 KiB or so, which goes through the buffer), its AD
 * part and every byte around the pieces are as they were.
 */
static void check_forgery(struct kunit *test, struct crypto_aead *tfm, bool esp,
			  bool inplace, const struct vgc_aead_testvec *v,
			  unsigned int flip_bit, const char *what)
{
	struct ctx *c = test->priv;
	unsigned int assoclen = v->adlen + (esp ? ESP_IV_SIZE : 0);
	unsigned int inlen = v->len + TAG_SIZE, copied = v->len;
	u8 iv[12];
	int err;

	memcpy(iv, esp ? v->nonce + 4 : v->nonce, esp ? ESP_IV_SIZE : 12);
	memcpy(c->data, v->ad, v->adlen);
	if (esp)
		memcpy(c->data + v->adlen, v->nonce + 4, ESP_IV_SIZE);
	memcpy(c->data + assoclen, v->ctext, inlen);
	if (flip_bit != UINT_MAX)
		c->data[flip_bit / 8] ^= 1 << (flip_bit % 8);
	pool_fill(test, &c->src, L_BLOCKS, c->data, assoclen + inlen, v->adlen, 5);
	memset(c->expect, POISON, assoclen);
	memset(c->expect + assoclen, 0xc3, v->len);
	if (!inplace)
		pool_fill(test, &c->dst, L_RANDOM, c->expect, assoclen + v->len, v->adlen, 9);
	memcpy(c->snap, inplace ? c->src.mem : c->dst.mem, POOL_SIZE);

	err = do_crypt(tfm, false, c->src.sg, inplace ? c->src.sg : c->dst.sg,
		       assoclen, inlen, iv);
	KUNIT_EXPECT_EQ_MSG(test, err, -EBADMSG, "%s %s", what, v->name);
	if (inplace) {
		KUNIT_EXPECT_EQ_MSG(test, first_diff(c->src.mem, c->snap, POOL_SIZE),
				    -1, "%s %s in place: refused, but changed at this offset",
				    what, v->name);
		return;
	}
	if (crypto_simd_usable() && vgc_cp_open_buffered(test_backend(test), v->len)) {
		KUNIT_EXPECT_EQ_MSG(test, first_diff(c->dst.mem, c->snap, POOL_SIZE),
				    -1, "%s %s through the buffer: refused, dst changed at",
				    what, v->name);
		return;
	}
	/* a longer text's last part goes through the buffer: not copied */
	if (crypto_simd_usable() && vgc_cp_open_buffered_tail(test_backend(test), v->len))
		copied = vgc_cp_open_head(v->len);
	memcpy(c->expect + assoclen, c->data + assoclen, copied);
	pool_gather(&c->dst, c->snap);
	KUNIT_EXPECT_EQ_MSG(test, first_diff(c->snap, c->expect, assoclen + v->len),
			    -1, "%s %s out of place: refused, dst not the ciphertext at",
			    what, v->name);
	KUNIT_EXPECT_TRUE_MSG(test, pool_poison_intact(&c->dst),
			      "%s %s: refused, written outside dst's pieces", what,
			      v->name);
}

static void test_refuse_forgeries(struct kunit *test)
{
	const struct vgc_aead_testvec *v;
	struct crypto_aead *tfm;
	unsigned int i, bit, assoclen;
	int esp, inplace;
	u8 key[32];

	for (esp = 0; esp < 2; esp++) {
		tfm = alloc_driver(test, esp);
		for (i = 0; i < ARRAY_SIZE(vgc_edge_vectors); i += 3) {
			v = &vgc_edge_vectors[i];
			assoclen = v->adlen + (esp ? ESP_IV_SIZE : 0);
			set_key(test, tfm, esp, v->key, v->nonce);
			for (inplace = 0; inplace < 2; inplace++) {
				/* last tag bit, first tag bit, a text bit, an AD bit */
				bit = (assoclen + v->len + TAG_SIZE) * 8 - 1;
				check_forgery(test, tfm, esp, inplace, v, bit, "tag");
				check_forgery(test, tfm, esp, inplace, v,
					      (assoclen + v->len) * 8, "tag");
				if (v->len)
					check_forgery(test, tfm, esp, inplace, v,
						      assoclen * 8 + (v->len * 8) / 2, "text");
				if (v->adlen)
					check_forgery(test, tfm, esp, inplace, v, 0, "ad");
			}
			/* the right message under another key */
			memcpy(key, v->key, 32);
			key[31] ^= 0x80;
			set_key(test, tfm, esp, key, v->nonce);
			check_forgery(test, tfm, esp, false, v, UINT_MAX, "key");
		}
	}
}

/*
 * The source of an out-of-place open changed between its two passes, as
 * a writer of its pages (AF_ALG's TX pages can be a file's page cache)
 * could change it: the open must return 0 with the decryption of what it
 * authenticated, the original plaintext, or -EBADMSG; never 0 with the
 * changed bytes decrypted. The test hook flips one ciphertext bit of the
 * request's source after the first pass.
 */
static struct {
	struct scatterlist *sg;
	unsigned int at;	/* the byte to change, from the start of src */
	unsigned int calls;
} tamper;

static void tamper_src(struct aead_request *req)
{
	u8 b;

	if (req->src != tamper.sg)
		return;
	tamper.calls++;
	if (sg_pcopy_to_buffer(req->src, sg_nents(req->src), &b, 1, tamper.at) != 1)
		return;
	b ^= 0x10;
	sg_pcopy_from_buffer(req->src, sg_nents(req->src), &b, 1, tamper.at);
}

static void test_open_source_changes(struct kunit *test)
{
	struct ctx *c = test->priv;
	const struct vgc_aead_testvec *v;
	unsigned int i, assoclen, calls = 0;
	struct crypto_aead *tfm;
	enum layout l;
	u8 iv[12];
	int esp, err, d;

	for (esp = 0; esp < 2; esp++) {
		tfm = alloc_driver(test, esp);
		for (i = 0; i < ARRAY_SIZE(vgc_edge_vectors); i++) {
			v = &vgc_edge_vectors[i];
			if (!v->len)
				continue;
			assoclen = v->adlen + (esp ? ESP_IV_SIZE : 0);
			set_key(test, tfm, esp, v->key, v->nonce);
			memcpy(iv, esp ? v->nonce + 4 : v->nonce, esp ? ESP_IV_SIZE : 12);
			memcpy(c->data, v->ad, v->adlen);
			if (esp)
				memcpy(c->data + v->adlen, v->nonce + 4, ESP_IV_SIZE);
			memcpy(c->data + assoclen, v->ctext, v->len + TAG_SIZE);
			l = i % L_COUNT;
			pool_fill(test, &c->src, l, c->data, assoclen + v->len + TAG_SIZE,
				  v->adlen, i + 1);
			memset(c->expect, POISON, assoclen + v->len);
			pool_fill(test, &c->dst, (l + 3) % L_COUNT, c->expect,
				  assoclen + v->len, v->adlen, i + 7);

			tamper.sg = c->src.sg;
			tamper.at = assoclen + (i * 131) % v->len;
			tamper.calls = 0;
			vgc_aead_set_test_hook(tamper_src);
			err = do_crypt(tfm, false, c->src.sg, c->dst.sg, assoclen,
				       v->len + TAG_SIZE, iv);
			vgc_aead_set_test_hook(NULL);
			calls += tamper.calls;

			pool_gather(&c->dst, c->data);
			d = first_diff(c->data + assoclen, v->ptext, v->len);
			KUNIT_EXPECT_TRUE_MSG(test, err == -EBADMSG || (!err && d == -1),
					      "%s %s: source changed between the passes: %d, plaintext wrong from byte %d",
					      v->name, layout_names[l], err, d);
		}
	}
	/* the hook ran: the case tested what it says */
	KUNIT_EXPECT_GT(test, calls, 0U);
}

/*
 * Out of place with src and dst over the same memory: at the same
 * offsets (in place by another name) the request runs as usual, and an
 * open with dst behind src too (it copies the text into dst in order);
 * a seal with dst shifted either way (its vector passes read and write
 * in their own order) and an open with dst ahead of src (its copy would
 * overwrite text not yet read, across pieces) are refused with -EINVAL,
 * and nothing in the memory changes.
 */
#define OVL_TEXT	3000
#define OVL_AD		13
#define OVL_SHIFT	100

/* @n bytes at @buf in three entries, cut at @cut and 2 * @cut */
static void ovl_list(struct scatterlist *sg, u8 *buf, unsigned int n,
		     unsigned int cut)
{
	sg_init_table(sg, 3);
	sg_set_buf(&sg[0], buf, cut);
	sg_set_buf(&sg[1], buf + cut, cut);
	sg_set_buf(&sg[2], buf + 2 * cut, n - 2 * cut);
}

static void test_partial_overlap(struct kunit *test)
{
	const unsigned int all = OVL_AD + OVL_TEXT + TAG_SIZE;
	struct ctx *c = test->priv;
	struct scatterlist s[3], d[3];
	struct crypto_aead *tfm = alloc_driver(test, false);
	u8 key[32], iv[12], *mem = c->src.mem, *ref = c->expect;
	u32 seed = 77;
	unsigned int i;
	int err;

	for (i = 0; i < sizeof(key); i++)
		key[i] = prng(&seed);
	for (i = 0; i < sizeof(iv); i++)
		iv[i] = prng(&seed);
	set_key(test, tfm, false, key, iv);
	/* the reference: AD || plaintext in c->data, sealed in place in ref */
	for (i = 0; i < OVL_AD + OVL_TEXT; i++)
		c->data[i] = prng(&seed);
	memcpy(ref, c->data, OVL_AD + OVL_TEXT);
	ovl_list(s, ref, all, 1000);
	KUNIT_ASSERT_EQ(test, do_crypt(tfm, true, s, s, OVL_AD, OVL_TEXT, iv), 0);

	/* open, dst ahead of src: refused, nothing written */
	memset(mem, POISON, 2 * PAGE_SIZE);
	memcpy(mem, ref, all);
	memcpy(c->snap, mem, all + OVL_SHIFT);
	ovl_list(s, mem, all, 1000);
	ovl_list(d, mem + OVL_SHIFT, all, 1000);
	err = do_crypt(tfm, false, s, d, OVL_AD, OVL_TEXT + TAG_SIZE, iv);
	KUNIT_EXPECT_EQ_MSG(test, err, -EINVAL, "open, dst %u bytes ahead of src",
			    OVL_SHIFT);
	KUNIT_EXPECT_EQ_MSG(test, memcmp(mem, c->snap, all + OVL_SHIFT), 0,
			    "a refused open wrote");
	/* seal, dst ahead of src: refused, nothing written */
	memcpy(mem, c->data, OVL_AD + OVL_TEXT);
	memcpy(c->snap, mem, all + OVL_SHIFT);
	err = do_crypt(tfm, true, s, d, OVL_AD, OVL_TEXT, iv);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);
	KUNIT_EXPECT_EQ_MSG(test, memcmp(mem, c->snap, all + OVL_SHIFT), 0,
			    "a refused seal wrote");

	/* open, dst behind src: the plaintext, in dst's text */
	memcpy(mem + OVL_SHIFT, ref, all);
	ovl_list(s, mem + OVL_SHIFT, all, 1000);
	ovl_list(d, mem, all, 1000);
	err = do_crypt(tfm, false, s, d, OVL_AD, OVL_TEXT + TAG_SIZE, iv);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, memcmp(mem + OVL_AD, c->data + OVL_AD, OVL_TEXT), 0);
	/* seal, dst behind src: refused, nothing written */
	memcpy(mem + OVL_SHIFT, c->data, OVL_AD + OVL_TEXT);
	memcpy(c->snap, mem, all + OVL_SHIFT);
	err = do_crypt(tfm, true, s, d, OVL_AD, OVL_TEXT, iv);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);
	KUNIT_EXPECT_EQ_MSG(test, memcmp(mem, c->snap, all + OVL_SHIFT), 0,
			    "a refused seal wrote");
	/* the same memory for seal in place, two lists cut differently */
	memcpy(mem, c->data, OVL_AD + OVL_TEXT);
	ovl_list(s, mem, all, 1000);
	ovl_list(d, mem, all, 700);
	err = do_crypt(tfm, true, s, d, OVL_AD, OVL_TEXT, iv);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, memcmp(mem + OVL_AD, ref + OVL_AD, OVL_TEXT + TAG_SIZE), 0);

	/* and open */
	memcpy(mem, ref, all);
	ovl_list(s, mem, all, 1000);
	ovl_list(d, mem, all, 700);
	err = do_crypt(tfm, false, s, d, OVL_AD, OVL_TEXT + TAG_SIZE, iv);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, memcmp(mem + OVL_AD, c->data + OVL_AD, OVL_TEXT), 0);
	memzero_explicit(key, sizeof(key));
}

/*
 * A long request that may sleep gives the CPU up between its pieces, of
 * text and of AD alike. On one CPU without preemption (User-Mode Linux)
 * that is observable: a real-time kthread woken just before the request
 * (the scheduler then marks this thread to reschedule) runs, and counts,
 * during the request only if the request yields; without
 * CRYPTO_TFM_REQ_MAY_SLEEP it must not run until the request is over.
 */
#define LONG_ORDER	5	/* 128 KiB of text or AD */

struct spinner {
	unsigned long ticks;
	bool go;
	struct task_struct *task;
};

/* each time it is woken with go set: one tick, and back to sleep */
static int spin_fn(void *data)
{
	struct spinner *sp = data;

	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(sp->go)) {
			__set_current_state(TASK_RUNNING);
			WRITE_ONCE(sp->go, false);
			WRITE_ONCE(sp->ticks, sp->ticks + 1);
			continue;
		}
		schedule();
	}
	return 0;
}

/* nothing between the wake-up and the request's end can switch but it */
static unsigned long ticks_during(struct crypto_aead *tfm, struct aead_request *req,
				  struct spinner *sp, bool enc)
{
	unsigned long before = READ_ONCE(sp->ticks), after;
	int err;

	WRITE_ONCE(sp->go, true);
	wake_up_process(sp->task);
	err = enc ? crypto_aead_encrypt(req) : crypto_aead_decrypt(req);
	after = READ_ONCE(sp->ticks);
	/* let it have its tick now if it did not */
	usleep_range(2000, 3000);
	return err ? ULONG_MAX : after - before;
}

static void test_may_sleep_yields(struct kunit *test)
{
	const unsigned int len = (PAGE_SIZE << LONG_ORDER) - TAG_SIZE;
	struct spinner sp = { 0 };
	struct task_struct *task;
	struct aead_request *req;
	struct crypto_aead *tfm;
	struct scatterlist sg;
	struct page *pg;
	unsigned long t[8];
	unsigned int ad, text;
	u8 *buf, iv[12] = { 1 }, key[32] = { 2 };
	int i;

	if (IS_ENABLED(CONFIG_PREEMPTION) || num_online_cpus() != 1)
		kunit_skip(test, "needs one CPU and no preemption (User-Mode Linux)");
	tfm = alloc_driver(test, false);
	KUNIT_ASSERT_EQ(test, crypto_aead_setkey(tfm, key, sizeof(key)), 0);
	KUNIT_ASSERT_EQ(test, crypto_aead_setauthsize(tfm, TAG_SIZE), 0);
	pg = alloc_pages(GFP_KERNEL, LONG_ORDER);
	KUNIT_ASSERT_NOT_NULL(test, pg);
	buf = page_address(pg);
	req = aead_request_alloc(tfm, GFP_KERNEL);
	if (!req) {
		__free_pages(pg, LONG_ORDER);
		KUNIT_ASSERT_FAILURE(test, "request");
	}
	task = kthread_run(spin_fn, &sp, "vgc-spin");
	sp.task = task;
	if (IS_ERR(task)) {
		aead_request_free(req);
		__free_pages(pg, LONG_ORDER);
		KUNIT_ASSERT_FAILURE(test, "kthread");
	}
	sched_set_fifo_low(task);
	usleep_range(2000, 3000);
	/*
	 * seal in place, then open: without, then with MAY_SLEEP; all of it
	 * text, then all of it AD
	 */
	for (i = 0; i < 8; i++) {
		ad = i & 4 ? len : 0;
		text = len - ad;
		memset(buf, 0x6b, len);
		sg_init_one(&sg, buf, len + TAG_SIZE);
		aead_request_set_callback(req, i & 2 ? CRYPTO_TFM_REQ_MAY_SLEEP : 0,
					  NULL, NULL);
		aead_request_set_ad(req, ad);
		aead_request_set_crypt(req, &sg, &sg, text, iv);
		t[i] = ticks_during(tfm, req, &sp, true);
		if (i & 1) {
			aead_request_set_crypt(req, &sg, &sg, text + TAG_SIZE, iv);
			t[i] = ticks_during(tfm, req, &sp, false);
		}
	}
	kthread_stop(task);
	aead_request_free(req);
	__free_pages(pg, LONG_ORDER);
	KUNIT_EXPECT_EQ_MSG(test, t[0], 0UL, "seal without MAY_SLEEP let another task run");
	KUNIT_EXPECT_EQ_MSG(test, t[1], 0UL, "open without MAY_SLEEP let another task run");
	KUNIT_EXPECT_TRUE_MSG(test, t[2] && t[2] != ULONG_MAX,
			      "seal with MAY_SLEEP of %u bytes never yielded (%lu)", len, t[2]);
	KUNIT_EXPECT_TRUE_MSG(test, t[3] && t[3] != ULONG_MAX,
			      "open with MAY_SLEEP of %u bytes never yielded (%lu)", len, t[3]);
	KUNIT_EXPECT_EQ_MSG(test, t[4], 0UL, "seal of AD without MAY_SLEEP let another task run");
	KUNIT_EXPECT_EQ_MSG(test, t[5], 0UL, "open of AD without MAY_SLEEP let another task run");
	KUNIT_EXPECT_TRUE_MSG(test, t[6] && t[6] != ULONG_MAX,
			      "seal with MAY_SLEEP of %u bytes of AD never yielded (%lu)",
			      len, t[6]);
	KUNIT_EXPECT_TRUE_MSG(test, t[7] && t[7] != ULONG_MAX,
			      "open with MAY_SLEEP of %u bytes of AD never yielded (%lu)",
			      len, t[7]);
}

static struct kunit_case vgc_aead_cases[] = {
	KUNIT_CASE_PARAM(test_properties, backend_gen_params),
	KUNIT_CASE_PARAM(test_rfc8439, backend_gen_params),
	KUNIT_CASE_PARAM(test_edge_vectors, backend_gen_params),
	KUNIT_CASE_PARAM(test_refuse_keys_and_authsize, backend_gen_params),
	KUNIT_CASE_PARAM(test_refuse_lengths, backend_gen_params),
	KUNIT_CASE_PARAM(test_refuse_forgeries, backend_gen_params),
	KUNIT_CASE_PARAM(test_open_source_changes, backend_gen_params),
	KUNIT_CASE_PARAM(test_partial_overlap, backend_gen_params),
	KUNIT_CASE_PARAM(test_may_sleep_yields, backend_gen_params),
	{}
};

static struct kunit_suite vgc_aead_suite = {
	.name = "vgcrypto_chacha20poly1305",
	.init = ctx_init,
	.exit = ctx_exit,
	.test_cases = vgc_aead_cases,
};

kunit_test_suite(vgc_aead_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for vgcrypto's ChaCha20-Poly1305 drivers");
/* the ML-KEM suites' SHA-3, from vgcrypto.ko (lib/vgc_base.h) */
VGC_IMPORT_INTERNAL();
/* vgc_aead_set_test_hook; 6.13 made the namespace a string */
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
#else
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
#endif
