// SPDX-License-Identifier: GPL-2.0-only
/*
 * poly-blocks: each back end's poly_blocks called directly, against
 * vgc_poly1305_blocks_generic(..., 1), on the Poly1305 state itself.
 *
 * Vector back ends may leave h in another representation of the same
 * value mod p, so the states are compared as residues mod p, and the
 * contract every back end relies on is checked: h < 5 * 2^128 on return
 * (h[2] <= 4), r and s untouched. The accumulators a call starts from
 * are those another back end may hand over: zero, random, the largest
 * allowed (5 * 2^128 - 1), around p and around 2^130; keys are random,
 * r at its clamped maximum or r = 1; blocks random, all ones (longest
 * carries) or zero. Every block count 0..300 (all paths and tails of a
 * 4-lane or 8-lane code), sources misaligned by random amounts. Then
 * streams cut into pieces that go alternately to the back end and to
 * the generic code (the state handed over both ways, the back end's
 * vector lanes flushed first), or all to the back end with its lanes kept
 * from call to call, must equal one generic call, and accumulators
 * crafted to end exactly at p + k in a 4-lane code must give the
 * generic tag.
 */
#include "harness.h"

#define SUITE		"poly-blocks"
#define MAX_BLOCKS	300
#define TRIALS		4	/* per block count */
#define STREAMS		200
#define BUF_SIZE	(16 + MAX_BLOCKS * 16)

/* h mod p, fully reduced: h < 2p, so at most one p comes off */
static void residue(const u64 h[3], u64 out[3])
{
	unsigned __int128 g0 = (unsigned __int128)h[0] + 5;
	unsigned __int128 g1 = (unsigned __int128)h[1] + (u64)(g0 >> 64);
	u64 g2 = h[2] + (u64)(g1 >> 64);

	/* h >= p exactly when h + 5 reaches 2^130 */
	if (g2 >= 4) {
		out[0] = (u64)g0;
		out[1] = (u64)g1;
		out[2] = g2 - 4;
	} else {
		out[0] = h[0];
		out[1] = h[1];
		out[2] = h[2];
	}
}

static bool same_state(const struct vgc_poly1305 *got,
		       const struct vgc_poly1305 *want, const char **why)
{
	u64 a[3], b[3];

	*why = "h[2] > 4 on return (h >= 5 * 2^128)";
	if (got->h[2] > 4)
		return false;
	*why = "r or s changed";
	if (memcmp(got->r, want->r, sizeof(got->r)) ||
	    memcmp(got->s, want->s, sizeof(got->s)))
		return false;
	residue(got->h, a);
	residue(want->h, b);
	*why = "h differs from the generic code's mod p";
	return !memcmp(a, b, sizeof(a));
}

/* An accumulator another back end may hand over: h < 5 * 2^128. */
static void pick_h(struct vgc_rng *rng, u64 h[3], unsigned int kind)
{
	switch (kind % 6) {
	case 0:
		h[0] = 0;
		h[1] = 0;
		h[2] = 0;
		break;
	case 1:		/* the largest allowed, and just below */
		h[0] = ~0ULL - vgc_rng_below(rng, 4);
		h[1] = ~0ULL;
		h[2] = 4;
		break;
	case 2:		/* p - 3 ... p + 4 */
		h[0] = 0xfffffffffffffffbULL - 3 + vgc_rng_below(rng, 8);
		h[1] = ~0ULL;
		h[2] = 3;
		break;
	case 3:		/* 2^130 and a little more */
		h[0] = vgc_rng_below(rng, 1000);
		h[1] = 0;
		h[2] = 4;
		break;
	case 4:		/* all ones below 2^128, top word 0..4 */
		h[0] = ~0ULL;
		h[1] = ~0ULL;
		h[2] = vgc_rng_below(rng, 5);
		break;
	default:
		h[0] = vgc_rng_next(rng);
		h[1] = vgc_rng_next(rng);
		h[2] = vgc_rng_below(rng, 5);
		break;
	}
}

static void pick_key(struct vgc_rng *rng, struct vgc_poly1305 *p,
		     unsigned int kind)
{
	u8 key[32];

	vgc_rng_fill(rng, key, sizeof(key));
	if (kind % 3 == 1)
		memset(key, 0xff, 16);	/* r at its clamped maximum */
	if (kind % 6 == 2) {
		memset(key, 0, 16);	/* r = 1 */
		key[0] = 1;
	}
	vgc_poly1305_init(p, key);
}

static void pick_msg(struct vgc_rng *rng, u8 *m, size_t len,
		     unsigned int kind)
{
	if (kind % 3 == 0)
		memset(m, 0xff, len);
	else if (kind % 6 == 1)
		memset(m, 0, len);
	else
		vgc_rng_fill(rng, m, len);
}

/* the back end's blocks, and its flush (h is then current) if @flush */
static void be_call(const struct vgc_cp_backend *be, struct vgc_poly1305 *p,
		    const u8 *m, unsigned int n, bool flush)
{
	vgc_be_begin(be);
	be->poly_blocks(p, m, n);
	if (flush && be->poly_flush)
		be->poly_flush(p);
	vgc_be_end(be);
}

static void be_blocks(const struct vgc_cp_backend *be, struct vgc_poly1305 *p,
		      const u8 *m, unsigned int n)
{
	be_call(be, p, m, n, true);
}

/* Every block count, one call each, from the accumulators above. */
static void single_calls(const struct vgc_cp_backend *be, struct vgc_rng *rng,
			 u8 *buf, struct vgc_tally *t)
{
	struct vgc_poly1305 got, want;
	unsigned int n, trial, kind;
	const char *why;
	const u8 *m;

	for (n = 0; n <= MAX_BLOCKS; n++) {
		for (trial = 0; trial < TRIALS; trial++) {
			kind = (u32)vgc_rng_next(rng);
			m = buf + vgc_rng_below(rng, 16);
			pick_key(rng, &want, kind);
			pick_h(rng, want.h, kind >> 8);
			pick_msg(rng, (u8 *)m, (size_t)n * 16, kind >> 16);
			got = want;
			vgc_poly1305_blocks_generic(&want, m, n, 1);
			be_blocks(be, &got, m, n);
			vgc_check(t, same_state(&got, &want, &why), SUITE,
				  be->name, "%u blocks, kind %#x: %s", n, kind,
				  why);
		}
	}
}

/*
 * A stream of @total blocks in pieces given by @pieces (0-terminated; a
 * random cut when it runs out), alternating between the back end
 * (flushed after each piece) and the generic code, starting with the
 * back end when @be_first; or with @be_only, every piece to the back end
 * and one flush at the end (its lanes carried from call to call, as in
 * an AEAD).
 */
static bool stream(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		   const struct vgc_poly1305 *start, const u8 *m,
		   unsigned int total, const unsigned int *pieces,
		   bool be_first, bool be_only, const char **why)
{
	struct vgc_poly1305 got = *start, want = *start;
	unsigned int done = 0, n;
	bool on_be = be_first || be_only;

	vgc_poly1305_blocks_generic(&want, m, total, 1);
	while (done < total) {
		n = *pieces ? *pieces++ : 1 + vgc_rng_below(rng, 40);
		n = min_t(unsigned int, n, total - done);
		if (on_be) {
			be_call(be, &got, m + (size_t)done * 16, n, !be_only);
			*why = "h[2] > 4 after a piece";
			if (!be_only && got.h[2] > 4)
				return false;
		} else {
			vgc_poly1305_blocks_generic(&got, m + (size_t)done * 16,
						    n, 1);
		}
		done += n;
		on_be = be_only || !on_be;
	}
	if (be_only)
		be_call(be, &got, m, 0, true);
	return same_state(&got, &want, why);
}

static void streams(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		    u8 *buf, struct vgc_tally *t)
{
	static const unsigned int fixed[][6] = {
		{ 1, 7, 3, 289, 0 },
		{ 289, 3, 7, 1, 0 },
		{ 16, 1, 16, 3, 32, 0 },
		{ 33, 31, 64, 65, 0 },
		{ 256, 4, 40, 0 },
	};
	static const unsigned int none[1] = { 0 };
	struct vgc_poly1305 start;
	unsigned int i, kind, total;
	const char *why;
	bool ok;

	for (i = 0; i < ARRAY_SIZE(fixed) * 4 + STREAMS; i++) {
		kind = (u32)vgc_rng_next(rng);
		total = i < ARRAY_SIZE(fixed) * 4 ? MAX_BLOCKS :
			vgc_rng_below(rng, MAX_BLOCKS + 1);
		pick_key(rng, &start, kind);
		pick_h(rng, start.h, kind >> 8);
		pick_msg(rng, buf, (size_t)total * 16, kind >> 16);
		ok = stream(be, rng, &start, buf, total,
			    i < ARRAY_SIZE(fixed) * 4 ? fixed[i / 4] : none,
			    i % 2 == 0, i % 4 == 3, &why);
		vgc_check(t, ok, SUITE, be->name,
			  "stream %u (%u blocks, kind %#x, %s): %s", i, total,
			  kind, i % 4 == 3 ? "back end only" : "alternating",
			  why);
	}
}

/*
 * Blocks of @buf summing to top * 2^128 + lo (lo + top below 2^128): the
 * first top blocks all ones, the next lo + top.
 */
static void fill_sum(u8 *buf, unsigned int top, unsigned __int128 lo)
{
	unsigned int i;

	memset(buf, 0xff, (size_t)top * 16);
	lo += top;
	for (i = 0; i < 16; i++)
		buf[top * 16 + i] = (u8)(lo >> (8 * i));
}

/*
 * r = 1 and h = 0, so h is the plain sum of the blocks, each plus 2^128.
 * Of 4j blocks (j <= 4) only the first four are not zero, so the lanes
 * of a 4-lane code stay below 2^130 until it adds them up; their sum is
 * j * 2^130 + S (S, the sum of the four, below 2^130), which folds to
 * S + 5j. S is chosen so that this is p - 3 ... p + 3 (the final
 * reduction has work), or just crosses a multiple of 2^128 (the carries
 * into the top word). The generic code's h is some other representative
 * of the same value; the tags must agree too. How many calls left h >= p
 * is printed.
 */
static void crafted_sums(const struct vgc_cp_backend *be, u8 *buf,
			 struct vgc_tally *t)
{
	const unsigned __int128 all = ~(unsigned __int128)0;
	struct vgc_poly1305 got, want;
	unsigned int j, q, e, above_p = 0, calls = 0;
	u8 key[32] = { 1 }, tg[16], tw[16];
	const char *why;
	int k;
	bool ok;
	u64 red[3];

	for (j = 1; j <= 4; j++) {
		for (k = -3; k <= 10; k++) {
			memset(buf, 0, (size_t)j * 64);
			if (k <= 3) {	/* S + 5j = p + k = 3 * 2^128 + (2^128 - 5 + k) */
				fill_sum(buf, 3, all - 4 + k - 5 * j);
			} else {		/* S = q * 2^128 - e, e <= 5j: crosses q * 2^128 */
				q = 1 + (k - 4) % 3;
				e = (k - 4) / 3 ? 5 * j : 1 + q;
				fill_sum(buf, q - 1, all + 1 - e);
			}
			vgc_poly1305_init(&want, key);
			got = want;
			vgc_poly1305_blocks_generic(&want, buf, 4 * j, 1);
			be_blocks(be, &got, buf, 4 * j);
			ok = same_state(&got, &want, &why);
			residue(got.h, red);
			above_p += memcmp(red, got.h, sizeof(red)) != 0;
			calls++;
			vgc_poly1305_final(&got, tg);
			vgc_poly1305_final(&want, tw);
			if (ok && memcmp(tg, tw, 16)) {
				why = "tags differ";
				ok = false;
			}
			vgc_check(t, ok, SUITE, be->name,
				  "r = 1, %u blocks, crafted sum %d: %s", 4 * j,
				  k, why);
		}
	}
	printf("%s[%s]: crafted: %u of %u calls left h >= p\n", SUITE,
	       be->name, above_p, calls);
}

/*
 * Also r = 1, but n = 16 or 32 blocks whose sum is 5 * 2^128 - 5n/4 - e
 * (e = 1..5): four all ones, a fifth that makes the sum, the rest zero.
 * Each lane of a 4-lane code passes 2^130 n/16 times (its 2^128 bits)
 * and folds that back, so the lanes add up to 2^130 + 2^128 - e; folding
 * that once more crosses 2^128, carrying into the top word.
 */
static void crafted_folded(const struct vgc_cp_backend *be, u8 *buf,
			   struct vgc_tally *t)
{
	const unsigned __int128 all = ~(unsigned __int128)0;
	struct vgc_poly1305 got, want;
	u8 key[32] = { 1 }, tg[16], tw[16];
	unsigned int n, e;
	const char *why;
	bool ok;

	for (n = 16; n <= 32; n += 16) {
		for (e = 1; e <= 5; e++) {
			memset(buf, 0, (size_t)n * 16);
			fill_sum(buf, 4, all - (5 * n / 4 - 5 + e) - 4);
			vgc_poly1305_init(&want, key);
			got = want;
			vgc_poly1305_blocks_generic(&want, buf, n, 1);
			be_blocks(be, &got, buf, n);
			ok = same_state(&got, &want, &why);
			vgc_poly1305_final(&got, tg);
			vgc_poly1305_final(&want, tw);
			if (ok && memcmp(tg, tw, 16)) {
				why = "tags differ";
				ok = false;
			}
			vgc_check(t, ok, SUITE, be->name,
				  "r = 1, %u blocks folded in every lane, e = %u: %s",
				  n, e, why);
		}
	}
}

void vgc_suite_poly_blocks(const struct vgc_cp_backend *be,
			   const struct vgc_opts *o, struct vgc_tally *t)
{
	u8 *buf = vgc_xmalloc(BUF_SIZE);
	struct vgc_rng rng;

	vgc_rng_seed(&rng, o->seed ^ 0x706f6c79626c6bULL);
	single_calls(be, &rng, buf, t);
	streams(be, &rng, buf, t);
	crafted_sums(be, buf, t);
	crafted_folded(be, buf, t);
	free(buf);
}
