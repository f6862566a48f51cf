// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AEAD core. Sealing is one walk over the text in which each stretch
 * of keystream is applied and the ciphertext is absorbed into Poly1305
 * while it is still in cache. Opening is two: Poly1305 over the
 * ciphertext, the tag compared, and only then the keystream applied, so
 * that a refused open writes nothing. Segments may be any length, so a
 * partial ChaCha20 block (its unused keystream) and a partial Poly1305
 * block are carried from one segment to the next; whole blocks go to the
 * back end directly.
 */
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/stddef.h>

#include "chacha20poly1305.h"

/*
 * The generic back end is C: the compiler may spill key words, keystream
 * or r to the stack, so each call is followed by a burn of its frame.
 */
static void generic_chacha_xor(u32 state[16], u8 *dst, const u8 *src,
			       unsigned int nblocks)
{
	vgc_chacha20_xor_generic(state, dst, src, nblocks);
	vgc_burn_stack();
}

static void generic_chacha_xor_ks(u32 state[16], u8 *dst, const u8 *src,
				  unsigned int nblocks, u8 ks[64])
{
	vgc_chacha20_xor_ks_generic(state, dst, src, nblocks, ks);
	vgc_burn_stack();
}

static void generic_poly_blocks(struct vgc_poly1305 *p, const u8 *src,
				unsigned int nblocks)
{
	vgc_poly1305_blocks_generic(p, src, nblocks, 1);
	vgc_burn_stack();
}

const struct vgc_cp_backend vgc_cp_backend_generic = {
	.name = "generic",
	/* above the kernel's own rfc7539 (300 on x86, 250 on arm64, 100 generic) */
	.priority = 310,
	.chacha_xor = generic_chacha_xor,
	.chacha_xor_ks = generic_chacha_xor_ks,
	.poly_blocks = generic_poly_blocks,
};

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_cp_backend_generic);
#endif

/*
 * Larger than the deepest frame of the C functions it follows (the
 * portable ChaCha20 and Poly1305, the NEON ChaCha20: at most about 250
 * bytes with gcc 12 and clang 14, -fstack-usage), with room to spare.
 */
#define VGC_BURN_BYTES	512

noinline void vgc_burn_stack(void)
{
	u8 frame[VGC_BURN_BYTES];

	memzero_explicit(frame, sizeof(frame));
}

static void cp_simd_close(struct vgc_cp_req *r)
{
	if (r->in_simd) {
		r->be->simd_end(&r->simd_save);
		r->in_simd = false;
	}
}

/*
 * How much of the next @len bytes (at stream offset @pos, each costing
 * @cost units) may be processed now: opens a SIMD section where the back
 * end needs one, closes a full one and opens the next. A piece cut short
 * ends on a ChaCha20 block boundary, so that no keystream block is split
 * between two sections' calls.
 */
static size_t cp_section(struct vgc_cp_req *r, size_t len, u64 pos,
			 unsigned int cost)
{
	size_t n;

	if (!r->be->simd_begin)
		return len;
	if (r->in_simd && r->simd_room < cost * VGC_CHACHA_BLOCK_SIZE)
		cp_simd_close(r);
	if (!r->in_simd) {
		r->be->simd_begin(&r->simd_save);
		r->in_simd = true;
		r->simd_room = VGC_SIMD_BUDGET;
	}
	if (!cost)
		return len;
	n = r->simd_room / cost;
	if (len <= n) {
		n = len;
	} else {
		/* n >= 64: a block boundary lies in (pos, pos + n] */
		n -= (pos + n) % VGC_CHACHA_BLOCK_SIZE;
	}
	r->simd_room -= n * cost;
	return n;
}

static void xor_bytes(u8 *dst, const u8 *a, const u8 *b, size_t len)
{
	for (; len >= 8; len -= 8, dst += 8, a += 8, b += 8)
		put_unaligned_le64(get_unaligned_le64(a) ^ get_unaligned_le64(b),
				   dst);
	while (len--)
		*dst++ = *a++ ^ *b++;
}

/* Poly1305 over a byte string, buffering a trailing partial block. */
static void cp_absorb(struct vgc_cp_req *r, const u8 *p, size_t len)
{
	size_t n;

	if (r->pbuf_len) {
		n = min_t(size_t, len, VGC_POLY1305_BLOCK_SIZE - r->pbuf_len);
		memcpy(r->pbuf + r->pbuf_len, p, n);
		r->pbuf_len += n;
		p += n;
		len -= n;
		if (r->pbuf_len < VGC_POLY1305_BLOCK_SIZE)
			return;
		r->be->poly_blocks(&r->poly, r->pbuf, 1);
		r->pbuf_len = 0;
	}
	n = len / VGC_POLY1305_BLOCK_SIZE;
	if (n)
		r->be->poly_blocks(&r->poly, p, n);
	p += n * VGC_POLY1305_BLOCK_SIZE;
	len -= n * VGC_POLY1305_BLOCK_SIZE;
	if (len) {
		memcpy(r->pbuf, p, len);
		r->pbuf_len = len;
	}
}

/*
 * Zero-pad the AD to a block boundary (RFC 8439 2.8) as the text starts;
 * the caller has a section open.
 */
static void cp_enter_text(struct vgc_cp_req *r)
{
	if (r->in_text)
		return;
	r->in_text = true;
	if (!r->pbuf_len)
		return;
	memset(r->pbuf + r->pbuf_len, 0, VGC_POLY1305_BLOCK_SIZE - r->pbuf_len);
	r->be->poly_blocks(&r->poly, r->pbuf, 1);
	r->pbuf_len = 0;
}

/* what the keystream made ahead is XORed into */
static const u8 cp_zero[VGC_CP_KS_BLOCKS * VGC_CHACHA_BLOCK_SIZE];

void vgc_cp_init(struct vgc_cp_req *r, const struct vgc_cp_backend *be,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE],
		 size_t textlen)
{
	unsigned int ahead = 0;
	size_t tblocks;

	r->be = be;
	r->adlen = 0;
	r->textlen = 0;
	r->decrypted = 0;
	r->pbuf_len = 0;
	r->in_text = false;
	r->in_simd = false;
	r->tagged = false;

	/*
	 * Block 0 gives the one-time Poly1305 key; the text starts at block
	 * 1. A short text's blocks are made in the same call: for a vector
	 * back end, a call of a few blocks costs about one block's latency.
	 * Back ends with a one-block function in general registers (x86's,
	 * whose vector passes are wider than the four blocks kept here) make
	 * a longer text's key block alone. The others (arm64's, five blocks
	 * a pass: four in NEON, one beside them) make up to four of its
	 * blocks with it, so that a multiple of five is left. The keystream
	 * is kept for the text's first bytes.
	 */
	tblocks = DIV_ROUND_UP(textlen, VGC_CHACHA_BLOCK_SIZE);
	vgc_chacha20_init(r->chacha, key, nonce, 0);
	if (tblocks > VGC_CP_KS_TEXT_BLOCKS && be->chacha_block) {
		be->chacha_block(r->chacha, r->ks);
	} else {
		if (tblocks <= VGC_CP_KS_TEXT_BLOCKS)
			ahead = tblocks;
		else
			ahead = tblocks % 5 ? tblocks % 5 : 1;
		/* the text's blocks made here count with the text */
		cp_section(r, VGC_CHACHA_BLOCK_SIZE, 0, 1);
		be->chacha_xor(r->chacha, r->ks, cp_zero, 1 + ahead);
	}
	vgc_poly1305_init(&r->poly, r->ks);
	memzero_explicit(r->ks, VGC_CHACHA_BLOCK_SIZE);
	r->ks_pos = VGC_CHACHA_BLOCK_SIZE;
	r->ks_avail = ahead * VGC_CHACHA_BLOCK_SIZE;
}

void vgc_cp_ad(struct vgc_cp_req *r, const u8 *ad, size_t len)
{
	size_t n;

	while (len) {
		n = cp_section(r, len, r->adlen, 1);
		cp_absorb(r, ad, n);
		r->adlen += n;
		ad += n;
		len -= n;
	}
}

enum cp_pass { CP_SEAL, CP_DECRYPT };

/* Use keystream made earlier: the text's first blocks', or a call's rest. */
static size_t cp_use_ks(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			size_t len)
{
	size_t n = min_t(size_t, len, r->ks_avail);

	xor_bytes(dst, src, r->ks + r->ks_pos, n);
	r->ks_pos += n;
	r->ks_avail -= n;
	return n;
}

/*
 * The keystream over @len bytes of text; for sealing, then Poly1305 over
 * all of the ciphertext just written, in one call while it is in cache
 * (so that a vector Poly1305 gets the longest run of whole blocks).
 */
static void cp_crypt(struct vgc_cp_req *r, u8 *dst, const u8 *src,
		     size_t len, enum cp_pass pass)
{
	u8 *ct = dst;
	size_t all = len, n;
	unsigned int nblocks;

	if (r->ks_avail) {
		n = cp_use_ks(r, dst, src, len);
		src += n;
		dst += n;
		len -= n;
	}
	if (pass == CP_SEAL && r->be->seal_passes &&
	    len >= 2 * r->be->seal_pass &&
	    !((r->pbuf_len + (dst - ct)) % VGC_POLY1305_BLOCK_SIZE)) {
		/* stitched: the back end absorbs all but the last pass */
		unsigned int np = len / r->be->seal_pass;

		n = (size_t)np * r->be->seal_pass;
		cp_absorb(r, ct, dst - ct);
		if (r->be->poly_flush)
			r->be->poly_flush(&r->poly);
		r->be->seal_passes(r->chacha, &r->poly, dst, src, np);
		ct = dst + n - r->be->seal_pass;
		all = len - n + r->be->seal_pass;
		src += n;
		dst += n;
		len -= n;
	}
	if (len) {
		/*
		 * Whole blocks; a partial block after them rides along: its
		 * keystream goes to ks[].
		 */
		nblocks = len / VGC_CHACHA_BLOCK_SIZE;
		if (len % VGC_CHACHA_BLOCK_SIZE) {
			r->be->chacha_xor_ks(r->chacha, dst, src, nblocks, r->ks);
			n = (size_t)nblocks * VGC_CHACHA_BLOCK_SIZE;
			r->ks_pos = 0;
			r->ks_avail = VGC_CHACHA_BLOCK_SIZE;
			cp_use_ks(r, dst + n, src + n, len - n);
		} else {
			r->be->chacha_xor(r->chacha, dst, src, nblocks);
		}
	}
	if (pass == CP_SEAL)
		cp_absorb(r, ct, all);
}

void vgc_cp_seal_update(struct vgc_cp_req *r, u8 *dst, const u8 *src, size_t len)
{
	size_t n;

	while (len) {
		n = cp_section(r, len, r->textlen, 2);
		cp_enter_text(r);
		cp_crypt(r, dst, src, n, CP_SEAL);
		r->textlen += n;
		dst += n;
		src += n;
		len -= n;
	}
}

void vgc_cp_auth_update(struct vgc_cp_req *r, const u8 *src, size_t len)
{
	size_t n;

	while (len) {
		n = cp_section(r, len, r->textlen, 1);
		cp_enter_text(r);
		cp_absorb(r, src, n);
		r->textlen += n;
		src += n;
		len -= n;
	}
}

void vgc_cp_auth_copy_update(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			     size_t len)
{
	size_t n;

	while (len) {
		n = cp_section(r, len, r->textlen, 1);
		cp_enter_text(r);
		/*
		 * What is absorbed is what dst holds, not a second read of
		 * src. The two may overlap within this segment (memmove);
		 * across segments dst must not lie ahead of src, which the
		 * module's driver refuses (vgc_text_clobbers()).
		 */
		if (dst != src)
			memmove(dst, src, n);
		cp_absorb(r, dst, n);
		r->textlen += n;
		dst += n;
		src += n;
		len -= n;
	}
}

void vgc_cp_decrypt_update(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			   size_t len)
{
	size_t n;

	while (len) {
		n = cp_section(r, len, r->decrypted, 1);
		cp_crypt(r, dst, src, n, CP_DECRYPT);
		r->decrypted += n;
		dst += n;
		src += n;
		len -= n;
	}
}

/*
 * The tag of the AD and text absorbed: the padded last partial block (if
 * any) and the lengths in one back-end call, inside the section; the
 * final reduction is scalar. The Poly1305 state is wiped.
 */
static void cp_tag(struct vgc_cp_req *r, u8 tag[VGC_CP_TAG_SIZE])
{
	u8 last[2 * VGC_POLY1305_BLOCK_SIZE];
	unsigned int n = 0;

	/*
	 * with no text at all, pbuf holds the AD's partial block; either is
	 * public (AD or ciphertext), as are the lengths: nothing to wipe
	 */
	if (r->pbuf_len) {
		memcpy(last, r->pbuf, r->pbuf_len);
		memset(last + r->pbuf_len, 0, VGC_POLY1305_BLOCK_SIZE - r->pbuf_len);
		n = VGC_POLY1305_BLOCK_SIZE;
	}
	put_unaligned_le64(r->adlen, last + n);
	put_unaligned_le64(r->textlen, last + n + 8);
	cp_section(r, 0, 0, 0);
	r->be->poly_blocks(&r->poly, last, n / VGC_POLY1305_BLOCK_SIZE + 1);
	if (r->be->poly_flush)
		r->be->poly_flush(&r->poly);
	vgc_poly1305_final(&r->poly, tag);
	r->pbuf_len = 0;
	r->tagged = true;
}

/* the tag compared, in constant time: 0 or -EBADMSG (@r not ended) */
static int cp_verify_section(struct vgc_cp_req *r,
			     const u8 tag[VGC_CP_TAG_SIZE])
{
	u8 calc[VGC_CP_TAG_SIZE];
	unsigned long differ;

	cp_tag(r, calc);
	differ = crypto_memneq(calc, tag, VGC_CP_TAG_SIZE);
	memzero_explicit(calc, sizeof(calc));
	/* the verdict is what the call returns: public from here on */
	VGC_CT_DECLASSIFY(&differ, sizeof(differ));
	return differ ? -EBADMSG : 0;
}

void vgc_cp_open_buf_begin(struct vgc_cp_req *r, size_t len)
{
	/* the whole text's stitched pass, 2 units a byte, in this section */
	if (r->in_simd && r->simd_room < 2 * len)
		cp_simd_close(r);
	cp_section(r, 0, 0, 0);
	r->simd_room -= min_t(size_t, r->simd_room, 2 * len);
	/* what the caller copies in, until the open says more */
	r->open_span = len;
}

/*
 * @len bytes of ciphertext at @buf authenticated and decrypted in place
 * by one stitched call, from the counter's block on: its partial last
 * Poly1305 block taken first, while it is still ciphertext; its passes
 * run on over the buffer's room to a whole pass (their span counted).
 */
static void cp_open_stitched(struct vgc_cp_req *r, u8 *buf, size_t len)
{
	size_t whole = len - len % VGC_POLY1305_BLOCK_SIZE;

	cp_absorb(r, buf + whole, len - whole);
	if (r->be->poly_flush)
		r->be->poly_flush(&r->poly);
	r->be->open_passes(r->chacha, &r->poly, buf, buf, len);
	r->open_span += DIV_ROUND_UP(len, r->be->seal_pass) * r->be->seal_pass;
}

/* the verdict; a refusal wipes what the open used of @buf and ends @r */
static int cp_open_verdict(struct vgc_cp_req *r, u8 *buf,
			   const u8 tag[VGC_CP_TAG_SIZE])
{
	int err = cp_verify_section(r, tag);

	if (err)
		vgc_cp_open_buf_end(r, buf);
	return err;
}

/*
 * Everything happens in @buf, inside the section vgc_cp_open_buf_begin()
 * opened, and decrypts before the tag is checked: no one else sees the
 * buffer. The keystream made at init (the text's first blocks, all of a
 * short one's) is used first, then the rest is stitched. A refused open
 * wipes @buf before the section closes, while the buffer is still the
 * caller's.
 */
int vgc_cp_open_buf(struct vgc_cp_req *r, u8 *buf, size_t len,
		    const u8 tag[VGC_CP_TAG_SIZE])
{
	size_t first = min_t(size_t, len, r->ks_avail);
	int err;

	cp_enter_text(r);
	r->textlen = len;
	cp_absorb(r, buf, first);
	cp_use_ks(r, buf, buf, first);
	r->open_span = first;
	if (len > first)
		cp_open_stitched(r, buf + first, len - first);
	err = cp_open_verdict(r, buf, tag);
	if (!err)
		r->decrypted = len;
	return err;
}

/*
 * The text's last @len bytes, after the rest was authenticated (a
 * multiple of 64 bytes, whose keystream, and any made ahead for it,
 * waits for the decryption walk): their blocks' counter for the stitched
 * call, then back for the walk.
 */
int vgc_cp_open_buf_tail(struct vgc_cp_req *r, u8 *buf, size_t len,
			 const u8 tag[VGC_CP_TAG_SIZE])
{
	u32 ctr = r->chacha[12];

	r->chacha[12] = 1 + r->textlen / VGC_CHACHA_BLOCK_SIZE;
	r->open_span = 0;
	cp_open_stitched(r, buf, len);
	r->chacha[12] = ctr;
	r->textlen += len;
	return cp_open_verdict(r, buf, tag);
}

void vgc_cp_open_buf_release(struct vgc_cp_req *r, u8 *buf)
{
	memzero_explicit(buf, r->open_span);
	cp_simd_close(r);
}

void vgc_cp_open_buf_end(struct vgc_cp_req *r, u8 *buf)
{
	memzero_explicit(buf, r->open_span);
	vgc_cp_end(r);
}

void vgc_cp_pause(struct vgc_cp_req *r)
{
	cp_simd_close(r);
}

void vgc_cp_end(struct vgc_cp_req *r)
{
	cp_simd_close(r);
	memzero_explicit(r->chacha, offsetof(struct vgc_cp_req, poly) -
			 offsetof(struct vgc_cp_req, chacha));
	if (!r->tagged)
		vgc_poly1305_wipe(&r->poly);
}

bool vgc_cp_suspend(struct vgc_cp_req *r, struct vgc_cp_resume *s)
{
	if (!r->in_text || (!r->tagged && r->pbuf_len) ||
	    (r->ks_avail | r->ks_pos) % VGC_CHACHA_BLOCK_SIZE)
		return false;
	/*
	 * Whole blocks of keystream made ahead and not used yet (the first
	 * blocks of an open's text, during its first pass): dropped, and
	 * made again from the counter, which goes back over them.
	 */
	r->chacha[12] -= r->ks_avail / VGC_CHACHA_BLOCK_SIZE;
	if (!r->tagged && r->be->poly_flush) {
		/* the lanes into h, inside a section */
		cp_section(r, 0, 0, 0);
		r->be->poly_flush(&r->poly);
	}
	memcpy(s->chacha, r->chacha, sizeof(s->chacha));
	memcpy(s->h, r->poly.h, sizeof(s->h));
	memcpy(s->r, r->poly.r, sizeof(s->r));
	memcpy(s->s, r->poly.s, sizeof(s->s));
	s->adlen = r->adlen;
	s->textlen = r->textlen;
	s->decrypted = r->decrypted;
	s->in_text = r->in_text;
	s->tagged = r->tagged;
	s->be = r->be;
	vgc_cp_end(r);
	return true;
}

void vgc_cp_resume(struct vgc_cp_req *r, struct vgc_cp_resume *s)
{
	r->be = s->be;
	memcpy(r->chacha, s->chacha, sizeof(r->chacha));
	r->ks_pos = 0;
	r->ks_avail = 0;
	r->pbuf_len = 0;
	r->adlen = s->adlen;
	r->textlen = s->textlen;
	r->decrypted = s->decrypted;
	r->in_text = s->in_text;
	r->tagged = s->tagged;
	r->in_simd = false;
	memcpy(r->poly.h, s->h, sizeof(r->poly.h));
	memcpy(r->poly.r, s->r, sizeof(r->poly.r));
	memcpy(r->poly.s, s->s, sizeof(r->poly.s));
	/* the back end makes its powers of r again, and starts new lanes */
	r->poly.vec_powers = 0;
	r->poly.vec_live = 0;
	r->poly.vec_npend = 0;
	memzero_explicit(s, sizeof(*s));
}

void vgc_cp_seal_final(struct vgc_cp_req *r, u8 tag[VGC_CP_TAG_SIZE])
{
	cp_tag(r, tag);
	vgc_cp_end(r);
}

int vgc_cp_verify(struct vgc_cp_req *r, const u8 tag[VGC_CP_TAG_SIZE])
{
	int err = cp_verify_section(r, tag);

	if (err)
		vgc_cp_end(r);
	return err;
}
