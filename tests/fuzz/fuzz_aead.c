// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: the one-pass AEAD core (lib/chacha20poly1305.c) on
 * every back end of the module's list that this CPU runs, against
 * OpenSSL's EVP ChaCha20-Poly1305. The fuzzer chooses:
 *
 *   byte 0     bit 0: in place (dst == src); bit 1: a forgery
 *   32 + 12    key, nonce
 *   2 + 2      AD length (mod 1024), text length (mod 8192)
 *   2          which bit of AD || ciphertext || tag the forgery flips
 *   1 + 2 * n  n segment lengths (n mod 16): how the AD and then the text
 *              are cut for the streaming calls (each mod what is left + 1)
 *   rest       the AD and text bytes (repeated when short)
 *
 * Each back end must, through the streaming API cut as chosen and through
 * the one-shot functions: seal to OpenSSL's ciphertext and tag, open that
 * to the text (0), and refuse the forgery with -EBADMSG, writing nothing
 * (the streaming open authenticates as cut, then decrypts as cut from
 * where that ended). Buffers are malloc()ed
 * at their exact sizes, so AddressSanitizer sees a byte too far.
 */
#include <errno.h>

#include "harness.h"
#include "fuzz.h"

#define MAX_SEGS	16
#define FILL		0xa5

struct cut {
	unsigned int n;
	unsigned int len[MAX_SEGS];
};

/* @total cut as chosen: the next segment length, 0 once all is cut */
static size_t cut_next(const struct cut *c, unsigned int *i, size_t left)
{
	size_t n;

	if (!left)
		return 0;
	if (*i >= c->n)
		return left;
	n = c->len[(*i)++] % (left + 1);
	return n;
}

static void stream_seal(const struct vgc_cp_backend *be, const struct cut *c,
			u8 *dst, const u8 *src, size_t len, const u8 *ad,
			size_t adlen, const u8 *key, const u8 *nonce)
{
	struct vgc_cp_req r;
	unsigned int i = 0;
	size_t off, n;

	vgc_cp_init(&r, be, key, nonce, len);
	for (off = 0; off < adlen; off += n) {
		n = cut_next(c, &i, adlen - off);
		vgc_cp_ad(&r, ad + off, n);
	}
	for (off = 0; off < len; off += n) {
		n = cut_next(c, &i, len - off);
		vgc_cp_seal_update(&r, dst + off, src + off, n);
	}
	vgc_cp_seal_final(&r, dst + len);
}

static int stream_open(const struct vgc_cp_backend *be, const struct cut *c,
		       u8 *dst, const u8 *src, size_t len, const u8 *ad,
		       size_t adlen, const u8 *key, const u8 *nonce)
{
	struct vgc_cp_req r;
	unsigned int i = 0;
	size_t off, n;
	u8 tag[VGC_CP_TAG_SIZE];
	int ret;

	memcpy(tag, src + len, sizeof(tag));
	vgc_cp_init(&r, be, key, nonce, len);
	for (off = 0; off < adlen; off += n) {
		n = cut_next(c, &i, adlen - off);
		vgc_cp_ad(&r, ad + off, n);
	}
	/*
	 * authenticate as cut, then decrypt as cut from where that ended; out
	 * of place as the module's driver: copy into dst and authenticate it
	 * there, then decrypt dst in place
	 */
	for (off = 0; off < len; off += n) {
		n = cut_next(c, &i, len - off);
		if (dst == src)
			vgc_cp_auth_update(&r, src + off, n);
		else
			vgc_cp_auth_copy_update(&r, dst + off, src + off, n);
	}
	ret = vgc_cp_verify(&r, tag);
	if (ret)
		return ret;
	for (off = 0; off < len; off += n) {
		n = cut_next(c, &i, len - off);
		vgc_cp_decrypt_update(&r, dst + off, dst + off, n);
	}
	vgc_cp_end(&r);
	return 0;
}

static bool all_of(const u8 *p, size_t n, u8 v)
{
	while (n--)
		if (*p++ != v)
			return false;
	return true;
}

int fz_target(const u8 *data, size_t size)
{
	const struct vgc_cp_backend *bes[VGC_MAX_BACKENDS];
	unsigned int nbe = vgc_backends(bes, VGC_MAX_BACKENDS), b, i;
	struct fz f = { data, size };
	u8 key[VGC_CP_KEY_SIZE], nonce[VGC_CP_NONCE_SIZE];
	unsigned int flags, flip;
	size_t adlen, len, pos, copied;
	struct cut cut;
	u8 *ad, *pt, *want, *buf, *out, *forged;
	int ret;

	flags = fz_u8(&f);
	fz_bytes(&f, key, sizeof(key));
	fz_bytes(&f, nonce, sizeof(nonce));
	adlen = fz_u16(&f) % 1024;
	len = fz_u16(&f) % 8192;
	flip = fz_u16(&f);
	cut.n = fz_u8(&f) % (MAX_SEGS + 1);
	for (i = 0; i < cut.n; i++)
		cut.len[i] = fz_u16(&f);

	ad = malloc(adlen + 1);
	pt = malloc(len + 1);
	want = malloc(len + VGC_CP_TAG_SIZE);
	buf = malloc(len + VGC_CP_TAG_SIZE);
	out = malloc(len + VGC_CP_TAG_SIZE);
	forged = malloc(len + VGC_CP_TAG_SIZE);
	FZ_CHECK(ad && pt && want && buf && out && forged, "malloc");
	for (pos = 0; pos < adlen + len; pos++) {
		u8 v = f.left ? f.p[pos % f.left] : (u8)pos;

		if (pos < adlen)
			ad[pos] = v;
		else
			pt[pos - adlen] = v;
	}
	FZ_CHECK(!vgc_ossl_seal(want, pt, len, ad, adlen, key, nonce,
				sizeof(nonce)), "OpenSSL seal");

	for (b = 0; b < nbe; b++) {
		const struct vgc_cp_backend *be = bes[b];

		/* streaming seal, as cut */
		if (flags & 1) {
			memcpy(buf, pt, len);
			stream_seal(be, &cut, buf, buf, len, ad, adlen, key, nonce);
			memcpy(out, buf, len + VGC_CP_TAG_SIZE);
		} else {
			memset(out, FILL, len + VGC_CP_TAG_SIZE);
			stream_seal(be, &cut, out, pt, len, ad, adlen, key, nonce);
		}
		FZ_CHECK(!memcmp(out, want, len + VGC_CP_TAG_SIZE),
			 "%s: streaming seal differs from OpenSSL (ad %zu, text %zu, %u cuts, %s)",
			 be->name, adlen, len, cut.n, flags & 1 ? "in place" : "out of place");
		/* streaming open, as cut */
		if (flags & 1) {
			memcpy(buf, want, len + VGC_CP_TAG_SIZE);
			ret = stream_open(be, &cut, buf, buf, len, ad, adlen, key, nonce);
		} else {
			memset(buf, FILL, len + VGC_CP_TAG_SIZE);
			ret = stream_open(be, &cut, buf, want, len, ad, adlen, key, nonce);
		}
		FZ_CHECK(ret == 0 && !memcmp(buf, pt, len),
			 "%s: streaming open: %d or wrong text (ad %zu, text %zu)",
			 be->name, ret, adlen, len);

		/* one shot */
		memset(out, FILL, len + VGC_CP_TAG_SIZE);
		vgc_cp_seal(be, out, pt, len, ad, adlen, key, nonce);
		FZ_CHECK(!memcmp(out, want, len + VGC_CP_TAG_SIZE),
			 "%s: vgc_cp_seal differs from OpenSSL", be->name);
		memset(buf, FILL, len + VGC_CP_TAG_SIZE);
		ret = vgc_cp_open(be, buf, want, len + VGC_CP_TAG_SIZE, ad, adlen,
				  key, nonce);
		FZ_CHECK(ret == 0 && !memcmp(buf, pt, len),
			 "%s: vgc_cp_open: %d or wrong text", be->name, ret);

		if (!(flags & 2))
			continue;
		/* the forgery: one bit of AD || ciphertext || tag */
		memcpy(forged, want, len + VGC_CP_TAG_SIZE);
		pos = flip % ((adlen + len + VGC_CP_TAG_SIZE) * 8);
		if (pos < adlen * 8)
			ad[pos / 8] ^= 1 << (pos % 8);
		else
			forged[pos / 8 - adlen] ^= 1 << (pos % 8);
		memset(buf, FILL, len + VGC_CP_TAG_SIZE);
		ret = vgc_cp_open(be, buf, forged, len + VGC_CP_TAG_SIZE, ad,
				  adlen, key, nonce);
		FZ_CHECK(ret == -EBADMSG, "%s: forgery (bit %zu) opened: %d",
			 be->name, pos, ret);
		/*
		 * the ciphertext copied, but for what goes through the open
		 * buffer (all of a short text, a longer one's last part)
		 */
		copied = vgc_cp_open_buffered(be, len) ? 0 :
			 vgc_cp_open_buffered_tail(be, len) ?
			 vgc_cp_open_head(len) : len;
		FZ_CHECK(!memcmp(buf, forged, copied) &&
			 all_of(buf + copied, len - copied + VGC_CP_TAG_SIZE, FILL),
			 "%s: a refused open wrote other than the ciphertext",
			 be->name);
		memset(buf, FILL, len + VGC_CP_TAG_SIZE);
		ret = stream_open(be, &cut, buf, forged, len, ad, adlen, key,
				  nonce);
		FZ_CHECK(ret == -EBADMSG, "%s: streaming open of a forgery: %d",
			 be->name, ret);
		FZ_CHECK(!memcmp(buf, forged, len) &&
			 all_of(buf + len, VGC_CP_TAG_SIZE, FILL),
			 "%s: a refused streaming open wrote other than the ciphertext",
			 be->name);
		if (pos < adlen * 8)
			ad[pos / 8] ^= 1 << (pos % 8);
	}
	free(ad);
	free(pt);
	free(want);
	free(buf);
	free(out);
	free(forged);
	return 0;
}
