// SPDX-License-Identifier: GPL-2.0-only
/*
 * A request that moves between two storages in the middle of its text
 * (vgc_cp_suspend, vgc_cp_resume), as the library calls' request does
 * when the task may be preempted: seals and opens, on every back end, in
 * pieces of random whole blocks, suspended after each into a small
 * struct and resumed in the other storage, must give the bytes of the
 * generic one-shot seal, and open them again. After each suspend the
 * storage left behind holds no key word, keystream or Poly1305 state
 * (it is then filled with a pattern, so that the resumed request can
 * take nothing from it). A suspend where a block is half used (keystream
 * after a text offset that is not a multiple of 64, Poly1305 one that is
 * not a multiple of 16, or before the text) must refuse and leave the
 * request going on as before; a forgery opened with suspends is still
 * refused.
 */
#include "harness.h"

#define SUITE		"suspend"
#define MAX_TEXT	20000
#define SWEEP_MAX	1100
#define FULL_RANDOM	300
#define QUICK_RANDOM	40

struct sus_bufs {
	u8 key[32], nonce[12], ad[64];
	u8 pt[MAX_TEXT], ref[MAX_TEXT + 16], out[MAX_TEXT + 16];
	struct vgc_cp_req req[2];
};

struct sus_run {
	struct sus_bufs *b;
	struct vgc_rng *rng;
	unsigned int cur;	/* which storage holds the request */
	unsigned int moves;
	const char *why;
};

static struct vgc_cp_req *req_of(struct sus_run *s)
{
	return &s->b->req[s->cur];
}

/* is anything secret left in a storage the request moved out of? */
static bool wiped(const struct vgc_cp_req *r)
{
	static const u8 zero[sizeof(r->ks)];

	return !memcmp(r->chacha, zero, sizeof(r->chacha)) &&
	       !memcmp(r->ks, zero, sizeof(r->ks)) &&
	       !memcmp(r->poly.h, zero, sizeof(r->poly.h)) &&
	       !memcmp(r->poly.r, zero, sizeof(r->poly.r)) &&
	       !memcmp(r->poly.s, zero, sizeof(r->poly.s));
}

/*
 * After @off bytes of a pass: move the request, which must succeed
 * exactly where @off is a multiple of @align (64 where keystream is
 * used, the Poly1305 block where only authenticated).
 */
static bool move(struct sus_run *s, size_t off, size_t align)
{
	struct vgc_cp_resume st;
	bool want = !(off % align);

	if (vgc_cp_suspend(req_of(s), &st) != want) {
		s->why = want ? "suspend refused at a block boundary" :
				"suspend taken inside a block";
		return false;
	}
	if (!want)
		return true;
	if (!wiped(req_of(s))) {
		s->why = "the storage left behind still holds secret state";
		return false;
	}
	memset(req_of(s), VGC_PATTERN, sizeof(struct vgc_cp_req));
	s->cur ^= 1;
	vgc_cp_resume(req_of(s), &st);
	s->moves++;
	return true;
}

/* a piece length: whole blocks mostly, now and then an odd one (not at the end) */
static size_t piece(struct sus_run *s, size_t left)
{
	size_t n = VGC_CHACHA_BLOCK_SIZE * (1 + vgc_rng_below(s->rng, 70));

	if (!vgc_rng_below(s->rng, 8))
		n = 1 + vgc_rng_below(s->rng, 200);
	return min(n, left);
}

typedef void (*sus_update)(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			   size_t len);

static void sus_seal(struct vgc_cp_req *r, u8 *dst, const u8 *src, size_t len)
{
	vgc_cp_seal_update(r, dst, src, len);
}

static void sus_auth(struct vgc_cp_req *r, u8 *dst __maybe_unused,
		     const u8 *src, size_t len)
{
	vgc_cp_auth_update(r, src, len);
}

static void sus_decrypt(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			size_t len)
{
	vgc_cp_decrypt_update(r, dst, src, len);
}

/* one pass over @len bytes in pieces, moving after each but the last */
static bool pass(struct sus_run *s, sus_update fn, u8 *dst, const u8 *src,
		 size_t len)
{
	size_t align = fn == sus_auth ? VGC_POLY1305_BLOCK_SIZE :
		       VGC_CHACHA_BLOCK_SIZE;
	size_t off = 0, n;

	while (off < len) {
		n = piece(s, len - off);
		/* the authentication pass has no dst */
		fn(req_of(s), dst ? dst + off : NULL, src + off, n);
		off += n;
		if (off < len && !move(s, off, align))
			return false;
	}
	return true;
}

static bool one(const struct vgc_cp_backend *be, struct sus_run *s, size_t len,
		size_t adlen)
{
	struct sus_bufs *b = s->b;
	struct vgc_cp_resume st;
	int ret;

	vgc_rng_fill(s->rng, b->key, sizeof(b->key));
	vgc_rng_fill(s->rng, b->nonce, sizeof(b->nonce));
	vgc_rng_fill(s->rng, b->ad, adlen);
	vgc_rng_fill(s->rng, b->pt, len);
	vgc_cp_seal(&vgc_cp_backend_generic, b->ref, b->pt, len, b->ad, adlen,
		    b->key, b->nonce);

	s->cur = 0;
	vgc_cp_init(req_of(s), be, b->key, b->nonce, len);
	vgc_cp_ad(req_of(s), b->ad, adlen);
	if (vgc_cp_suspend(req_of(s), &st)) {
		s->why = "suspend taken before the text";
		return false;
	}
	memset(b->out, VGC_PATTERN, len + 16);
	if (!pass(s, sus_seal, b->out, b->pt, len))
		return false;
	vgc_cp_seal_final(req_of(s), b->out + len);
	if (memcmp(b->out, b->ref, len + 16)) {
		s->why = "the seal differs from generic's";
		return false;
	}

	/* open in place, both passes moving */
	vgc_cp_init(req_of(s), be, b->key, b->nonce, len);
	vgc_cp_ad(req_of(s), b->ad, adlen);
	if (!pass(s, sus_auth, NULL, b->out, len))
		return false;
	ret = vgc_cp_verify(req_of(s), b->out + len);
	if (ret) {
		s->why = "the open refused its own seal";
		return false;
	}
	if (!pass(s, sus_decrypt, b->out, b->out, len))
		return false;
	vgc_cp_end(req_of(s));
	if (memcmp(b->out, b->pt, len)) {
		s->why = "the open gave other text";
		return false;
	}

	/* a forgery, authenticated with moves, is refused */
	memcpy(b->out, b->ref, len + 16);
	b->out[len + vgc_rng_below(s->rng, 16)] ^= 1 << vgc_rng_below(s->rng, 8);
	vgc_cp_init(req_of(s), be, b->key, b->nonce, len);
	vgc_cp_ad(req_of(s), b->ad, adlen);
	if (!pass(s, sus_auth, NULL, b->out, len))
		return false;
	if (vgc_cp_verify(req_of(s), b->out + len) != -EBADMSG) {
		s->why = "a forgery was not refused";
		return false;
	}
	return true;
}

void vgc_suite_suspend(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t)
{
	unsigned int nrand = o->quick ? QUICK_RANDOM : FULL_RANDOM, i;
	struct sus_bufs *b = vgc_xmalloc(sizeof(*b));
	struct vgc_rng rng;
	struct sus_run s = { .b = b, .rng = &rng };
	size_t len, adlen;
	bool ok;

	vgc_rng_seed(&rng, o->seed ^ 0x73757370656e64ULL);
	for (i = 0; i <= SWEEP_MAX + nrand; i++) {
		len = i <= SWEEP_MAX ? i : vgc_rng_below(&rng, MAX_TEXT + 1);
		adlen = vgc_rng_below(&rng, sizeof(b->ad) + 1);
		s.why = "";
		ok = one(be, &s, len, adlen);
		vgc_check(t, ok, SUITE, be->name, "len %zu adlen %zu (seed %llu): %s",
			  len, adlen, (unsigned long long)o->seed, s.why);
	}
	/* the suite means nothing unless requests did move */
	vgc_check(t, s.moves > 1000, SUITE, be->name,
		  "%u moves between storages", s.moves);
	free(b);
}
