// SPDX-License-Identifier: GPL-2.0-only
/*
 * Poly1305 on its own against OpenSSL's EVP_MAC "POLY1305", through
 * vgc_poly1305_mac() and through the back end's poly_blocks.
 *
 * Random keys and messages rarely leave the accumulator at or just above
 * p = 2^130 - 5, where the final reduction matters; so with r = 1 two
 * all-but-full blocks are crafted to sum to exactly p - 3 ... p + 3,
 * and three full blocks push it past 2^130 into the per-block fold.
 * Sixteen blocks with r = 1 do the same for a 4-lane vector code (see
 * crafted_lanes()), and a second set of random messages up to 4200 bytes
 * reaches the long-input paths of vector back ends.
 */
#include "harness.h"

#define SUITE		"poly1305"
#define FULL_RANDOM	20000
#define QUICK_RANDOM	2000
#define MAX_MSG		300
#define LONG_RANDOM	1000
#define QUICK_LONG	200
#define MAX_LONG	4200

static bool one_mac(const struct vgc_cp_backend *be, const u8 key[32],
		    const u8 *m, size_t len, const char **why)
{
	u8 want[16], got[16];

	*why = "OpenSSL EVP_MAC POLY1305 failed";
	if (vgc_ossl_poly1305(want, m, len, key))
		return false;
	vgc_poly1305_mac(got, m, len, key);
	*why = "vgc_poly1305_mac differs from OpenSSL";
	if (memcmp(got, want, 16))
		return false;
	vgc_be_poly1305(be, got, m, len, key, 0);
	*why = "back end poly_blocks (all blocks at once) differs";
	if (memcmp(got, want, 16))
		return false;
	vgc_be_poly1305(be, got, m, len, key, 1);
	*why = "back end poly_blocks (block by block) differs";
	return !memcmp(got, want, 16);
}

/* r = 1; s all zero, all ones, or random */
static void crafted_key(u8 key[32], unsigned int kind, struct vgc_rng *rng)
{
	memset(key, 0, 32);
	key[0] = 1;
	if (kind == 1)
		memset(key + 16, 0xff, 16);
	else if (kind == 2)
		vgc_rng_fill(rng, key + 16, 16);
}

static void crafted(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		    struct vgc_tally *t)
{
	u8 key[32], m[48];
	const char *why;
	unsigned int kind;
	int k;
	bool ok;

	for (kind = 0; kind < 3; kind++) {
		/* (2^128 - 1) + (2^128 - 4 + k) + 2 * 2^128 = p + k */
		for (k = -3; k <= 3; k++) {
			crafted_key(key, kind, rng);
			memset(m, 0xff, 32);
			m[16] = (u8)(0xfc + k);
			ok = one_mac(be, key, m, 32, &why);
			vgc_check(t, ok, SUITE, be->name,
				  "accumulator p%+d, s kind %u: %s", k, kind,
				  why);
		}
		/* three full blocks: past 2^130 before the fold */
		crafted_key(key, kind, rng);
		memset(m, 0xff, 48);
		ok = one_mac(be, key, m, 48, &why);
		vgc_check(t, ok, SUITE, be->name,
			  "three all-ones blocks, s kind %u: %s", kind, why);
	}
}

/*
 * r = 1, so h is the plain sum of the blocks, each plus 2^128. Of 16
 * blocks only the first four are not zero: a 4-lane code keeps each lane
 * below 2^130 until it adds the lanes up, and the sum, 2^132 + (those
 * four), folds to 20 + (those four) = p + k with the first block
 * 2^128 - 22 + k and the next three all ones.
 */
static void crafted_lanes(const struct vgc_cp_backend *be,
			  struct vgc_rng *rng, struct vgc_tally *t)
{
	u8 key[32], m[256];
	const char *why;
	unsigned int kind;
	int k;
	bool ok;

	for (kind = 0; kind < 3; kind++) {
		for (k = -3; k <= 3; k++) {
			crafted_key(key, kind, rng);
			memset(m, 0, sizeof(m));
			memset(m, 0xff, 64);
			m[0] = (u8)(0xea + k);
			ok = one_mac(be, key, m, sizeof(m), &why);
			vgc_check(t, ok, SUITE, be->name,
				  "16 blocks, 4-lane sum p%+d, s kind %u: %s",
				  k, kind, why);
		}
	}
}

/*
 * @n random MACs of up to @maxlen bytes: a quarter with r at its clamped
 * maximum, a quarter of all-ones text (the longest carries).
 */
static void random_macs(const struct vgc_cp_backend *be, struct vgc_rng *rng,
			const struct vgc_opts *o, struct vgc_tally *t,
			unsigned long n, size_t maxlen, const char *what)
{
	static u8 m[MAX_LONG];
	const char *why = "";
	unsigned long i;
	u8 key[32];
	size_t len;
	bool ok;

	for (i = 0; i < n; i++) {
		len = vgc_rng_below(rng, maxlen + 1);
		vgc_rng_fill(rng, key, sizeof(key));
		if (!vgc_rng_below(rng, 4))
			memset(key, 0xff, 16);
		if (!vgc_rng_below(rng, 4))
			memset(m, 0xff, len);
		else
			vgc_rng_fill(rng, m, len);
		ok = one_mac(be, key, m, len, &why);
		vgc_check(t, ok, SUITE, be->name,
			  "%s case %lu (seed %llu, len %zu): %s", what, i,
			  (unsigned long long)o->seed, len, why);
	}
}

void vgc_suite_poly1305(const struct vgc_cp_backend *be,
			const struct vgc_opts *o, struct vgc_tally *t)
{
	struct vgc_rng rng;

	vgc_rng_seed(&rng, o->seed ^ 0x706f6c79ULL);
	crafted(be, &rng, t);
	crafted_lanes(be, &rng, t);
	random_macs(be, &rng, o, t, o->quick ? QUICK_RANDOM : FULL_RANDOM,
		    MAX_MSG, "random");
	/* long messages reach the vector paths */
	random_macs(be, &rng, o, t, o->quick ? QUICK_LONG : LONG_RANDOM,
		    MAX_LONG, "long random");
}
