// SPDX-License-Identifier: GPL-2.0-only
/*
 * Back-end equivalence: for every text length 0..2048 and random lengths
 * up to 64 KiB, with random AD lengths, random segmentation, in place and
 * out of place, a back end must seal to exactly the bytes of the generic
 * back end's contiguous one-shot seal, and open them again. For the
 * generic back end itself this pits the streaming paths (partial-block
 * carry, SIMD chunking) against the one-shot path.
 */
#include "harness.h"

#define SUITE		"backend-eq"
#define MAX_TEXT	65536
#define MAX_AD		9000
#define SWEEP_MAX	2048
#define FULL_RANDOM	512
#define QUICK_RANDOM	64
/* an open whose dst starts this many bytes before its src */
#define SHIFT		5

struct eq_bufs {
	u8 key[32], nonce[12];
	u8 ad[MAX_AD], pt[MAX_TEXT];
	u8 ref[MAX_TEXT + 16], out[MAX_TEXT + 16], back[MAX_TEXT + 16];
	u8 shifted[SHIFT + MAX_TEXT + 16];
};

static size_t pick_adlen(struct vgc_rng *rng)
{
	switch (vgc_rng_below(rng, 8)) {
	case 0:
		return 0;
	case 1:
		return vgc_rng_below(rng, MAX_AD + 1);
	default:
		return vgc_rng_below(rng, 80);
	}
}

static bool one_len(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		    struct eq_bufs *b, size_t len, size_t adlen, bool in_place,
		    const char **why)
{
	vgc_rng_fill(rng, b->key, sizeof(b->key));
	vgc_rng_fill(rng, b->nonce, sizeof(b->nonce));
	vgc_rng_fill(rng, b->ad, adlen);
	vgc_rng_fill(rng, b->pt, len);

	vgc_cp_seal(&vgc_cp_backend_generic, b->ref, b->pt, len, b->ad, adlen,
		    b->key, b->nonce);

	memset(b->out, 0xa5, len + 16);
	vgc_seal_seg(be, rng, in_place, b->out, b->pt, len, b->ad, adlen,
		     b->key, b->nonce);
	*why = "segmented seal differs from generic one-shot";
	if (memcmp(b->out, b->ref, len + 16))
		return false;

	memset(b->back, 0xa5, len + 16);
	*why = "segmented open refused or gave other text";
	if (vgc_open_seg(be, rng, !in_place, b->back, b->ref, len + 16, b->ad,
			 adlen, b->key, b->nonce) ||
	    memcmp(b->back, b->pt, len))
		return false;

	memset(b->back, 0xa5, len + 16);
	*why = "one-shot open refused or gave other text";
	if (vgc_cp_open(be, b->back, b->ref, len + 16, b->ad, adlen, b->key,
			b->nonce) || memcmp(b->back, b->pt, len))
		return false;

	/*
	 * dst and src overlapping in part: nothing should ask for it, and
	 * nothing forbids it; the copy into dst must allow it (the clang
	 * build of this harness runs with AddressSanitizer, which reports
	 * an overlapping memcpy).
	 */
	memcpy(b->shifted + SHIFT, b->ref, len + 16);
	*why = "one-shot open with dst overlapping src refused or gave other text";
	if (vgc_cp_open(be, b->shifted, b->shifted + SHIFT, len + 16, b->ad,
			adlen, b->key, b->nonce) || memcmp(b->shifted, b->pt, len))
		return false;

	memset(b->out, 0xa5, len + 16);
	vgc_cp_seal(be, b->out, b->pt, len, b->ad, adlen, b->key, b->nonce);
	*why = "one-shot seal differs from generic one-shot";
	return !memcmp(b->out, b->ref, len + 16);
}

void vgc_suite_backend_eq(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t)
{
	unsigned int nrand = o->quick ? QUICK_RANDOM : FULL_RANDOM;
	struct eq_bufs *b = vgc_xmalloc(sizeof(*b));
	const char *why = "";
	struct vgc_rng rng;
	size_t len, adlen;
	unsigned int i;
	bool in_place, ok;

	vgc_rng_seed(&rng, o->seed ^ 0x6261636b656e64ULL);
	for (i = 0; i <= SWEEP_MAX + nrand; i++) {
		if (i <= SWEEP_MAX)
			len = i;
		else
			len = vgc_rng_below(&rng, MAX_TEXT + 1);
		adlen = pick_adlen(&rng);
		in_place = i & 1;
		ok = one_len(be, &rng, b, len, adlen, in_place, &why);
		vgc_check(t, ok, SUITE, be->name,
			  "len %zu adlen %zu %s (seed %llu): %s", len, adlen,
			  in_place ? "in place" : "out of place",
			  (unsigned long long)o->seed, why);
	}
	free(b);
}
