// SPDX-License-Identifier: GPL-2.0-only
/*
 * chacha-xor: each back end's chacha_xor called directly, against
 * vgc_chacha20_xor_generic, for every block count 0..70 (every tail of
 * the 4- and 8-way paths, several passes of each). States are random,
 * fully or with RFC 8439 constants, and their counters are often just
 * below 2^32, so that the 32-bit counter wraps inside the call (every
 * lane of a vector must wrap on its own, with no carry into word 13).
 * Out of place with both pointers misaligned by random amounts, and in
 * place. Checked: the output, the state afterwards (word 12 advanced by
 * nblocks, the rest untouched), the source untouched, and the bytes on
 * both sides of the output untouched. A back end's chacha_xor_ks is
 * checked the same way, and the keystream of block nblocks it writes to
 * its own buffer must equal the generic code's, the buffer's
 * surroundings untouched and word 12 advanced by nblocks + 1; a back end's
 * chacha_block likewise for its one block. Then long streams cut into
 * calls of random sizes must equal one generic call.
 */
#include "harness.h"

#define SUITE		"chacha-xor"
#define MAX_BLOCKS	70
#define GUARD		64
#define BUF_SIZE	(GUARD + 64 + MAX_BLOCKS * 64 + GUARD)
#define TRIALS		6	/* per block count and placement */
#define STREAMS		40
#define STREAM_BLOCKS	300

struct xor_bufs {
	u8 src[BUF_SIZE], dst[BUF_SIZE], ref[BUF_SIZE], orig[BUF_SIZE];
	u8 big_src[STREAM_BLOCKS * 64], big_ref[STREAM_BLOCKS * 64];
	u8 big_dst[STREAM_BLOCKS * 64];
	u8 ks[GUARD + 64 + GUARD], ks_ref[GUARD + 64 + GUARD];
};

/* A state to start from; trial picks the kind, so every kind is met. */
static void pick_state(struct vgc_rng *rng, u32 st[16], unsigned int trial,
		       unsigned int nblocks)
{
	u8 key[32], nonce[12];
	unsigned int i;

	if (trial % 2) {
		for (i = 0; i < 16; i++)
			st[i] = (u32)vgc_rng_next(rng);
	} else {
		vgc_rng_fill(rng, key, sizeof(key));
		vgc_rng_fill(rng, nonce, sizeof(nonce));
		vgc_chacha20_init(st, key, nonce, (u32)vgc_rng_next(rng));
	}
	switch (trial % 3) {
	case 0:
		/* the counter wraps inside the call (or right at its end) */
		st[12] = 0u - 1 - vgc_rng_below(rng, nblocks + 1);
		break;
	case 1:
		st[12] = vgc_rng_below(rng, 2) ? 0xffffffffu : 0;
		break;
	default:
		break;	/* random */
	}
}

static bool one_call(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		     struct xor_bufs *b, unsigned int nblocks,
		     unsigned int trial, bool in_place, bool with_ks,
		     const char **why)
{
	size_t len = (size_t)nblocks * 64;
	unsigned int soff = GUARD + vgc_rng_below(rng, 64);
	unsigned int doff = in_place ? soff : GUARD + vgc_rng_below(rng, 64);
	u32 st[16], st_ref[16];
	u8 *dst;

	pick_state(rng, st, trial, nblocks);
	memcpy(st_ref, st, sizeof(st));

	vgc_rng_fill(rng, b->src, BUF_SIZE);
	vgc_rng_fill(rng, b->dst, BUF_SIZE);
	memcpy(b->ref, in_place ? b->src : b->dst, BUF_SIZE);
	vgc_chacha20_xor_generic(st_ref, b->ref + doff, b->src + soff, nblocks);
	vgc_rng_fill(rng, b->ks, sizeof(b->ks));
	memcpy(b->ks_ref, b->ks, sizeof(b->ks));
	if (with_ks) {
		memset(b->ks_ref + GUARD, 0, 64);
		vgc_chacha20_xor_generic(st_ref, b->ks_ref + GUARD,
					 b->ks_ref + GUARD, 1);
	}

	memcpy(b->orig, b->src, BUF_SIZE);
	dst = in_place ? b->src : b->dst;
	vgc_be_begin(be);
	if (with_ks)
		be->chacha_xor_ks(st, dst + doff, b->src + soff, nblocks,
				  b->ks + GUARD);
	else
		be->chacha_xor(st, dst + doff, b->src + soff, nblocks);
	vgc_be_end(be);

	*why = "output differs from generic";
	if (memcmp(dst + doff, b->ref + doff, len))
		return false;
	*why = "wrote outside dst[0, nblocks * 64)";
	if (memcmp(dst, b->ref, doff) ||
	    memcmp(dst + doff + len, b->ref + doff + len,
		   BUF_SIZE - doff - len))
		return false;
	*why = "changed src (out of place)";
	if (!in_place && memcmp(b->src, b->orig, BUF_SIZE))
		return false;
	*why = "keystream block (ks) differs from generic, or ks's surroundings changed";
	if (memcmp(b->ks, b->ks_ref, sizeof(b->ks)))
		return false;
	*why = "state afterwards differs (word 12 += nblocks [+ 1 with ks], rest kept)";
	return !memcmp(st, st_ref, sizeof(st));
}

/*
 * The one-block function (outside any SIMD section: it needs none): all
 * 64 bytes and word 12 advanced by one, against the generic code.
 */
static bool one_block(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		      struct xor_bufs *b, unsigned int trial, const char **why)
{
	u32 st[16], st_ref[16];

	pick_state(rng, st, trial, 1);
	memcpy(st_ref, st, sizeof(st));
	vgc_rng_fill(rng, b->ks, sizeof(b->ks));
	memcpy(b->ks_ref, b->ks, sizeof(b->ks));
	memset(b->ks_ref + GUARD, 0, 64);
	vgc_chacha20_xor_generic(st_ref, b->ks_ref + GUARD, b->ks_ref + GUARD,
				 1);
	be->chacha_block(st, b->ks + GUARD);
	*why = "keystream block differs from generic, or its surroundings changed";
	if (memcmp(b->ks, b->ks_ref, sizeof(b->ks)))
		return false;
	*why = "state afterwards differs (word 12 += 1, rest kept)";
	return !memcmp(st, st_ref, sizeof(st));
}

/* A long stream in calls of random sizes equals one generic call. */
static bool one_stream(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		       struct xor_bufs *b, unsigned int trial, const char **why)
{
	unsigned int nblocks = 1 + vgc_rng_below(rng, STREAM_BLOCKS);
	unsigned int done = 0, n;
	u32 st[16], st_ref[16];

	pick_state(rng, st, trial, nblocks);
	memcpy(st_ref, st, sizeof(st));
	vgc_rng_fill(rng, b->big_src, (size_t)nblocks * 64);
	vgc_chacha20_xor_generic(st_ref, b->big_ref, b->big_src, nblocks);

	vgc_be_begin(be);
	while (done < nblocks) {
		n = vgc_rng_below(rng, MAX_BLOCKS + 1);
		n = min_t(unsigned int, n, nblocks - done);
		be->chacha_xor(st, b->big_dst + (size_t)done * 64,
			       b->big_src + (size_t)done * 64, n);
		done += n;
	}
	vgc_be_end(be);

	*why = "stream in random calls differs from one generic call";
	if (memcmp(b->big_dst, b->big_ref, (size_t)nblocks * 64))
		return false;
	*why = "state after the stream differs";
	return !memcmp(st, st_ref, sizeof(st));
}

void vgc_suite_chacha_xor(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t)
{
	struct xor_bufs *b = vgc_xmalloc(sizeof(*b));
	unsigned int nblocks, trial;
	const char *why = "";
	struct vgc_rng rng;
	int in_place, ks;
	bool ok;

	vgc_rng_seed(&rng, o->seed ^ 0x63686163686158ULL);
	for (ks = 0; ks <= !!be->chacha_xor_ks; ks++)
		for (nblocks = 0; nblocks <= MAX_BLOCKS; nblocks++)
			for (trial = 0; trial < TRIALS; trial++)
				for (in_place = 0; in_place < 2; in_place++) {
					ok = one_call(be, &rng, b, nblocks,
						      trial, in_place, ks, &why);
					vgc_check(t, ok, SUITE, be->name,
						  "%s nblocks %u trial %u %s (seed %llu): %s",
						  ks ? "chacha_xor_ks" : "chacha_xor",
						  nblocks, trial,
						  in_place ? "in place" : "out of place",
						  (unsigned long long)o->seed, why);
				}
	for (trial = 0; be->chacha_block && trial < 30; trial++) {
		ok = one_block(be, &rng, b, trial, &why);
		vgc_check(t, ok, SUITE, be->name,
			  "chacha_block trial %u (seed %llu): %s", trial,
			  (unsigned long long)o->seed, why);
	}
	for (trial = 0; trial < STREAMS; trial++) {
		ok = one_stream(be, &rng, b, trial, &why);
		vgc_check(t, ok, SUITE, be->name, "stream %u (seed %llu): %s",
			  trial, (unsigned long long)o->seed, why);
	}
	free(b);
}
