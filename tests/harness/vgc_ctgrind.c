// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_ctgrind: constant-time check under valgrind memcheck.
 *
 * The key, nonce and plaintext are marked undefined, so memcheck reports
 * any branch or memory index that depends on them (or on anything
 * computed from them: keystream, Poly1305 key and accumulator, tag). What
 * is public by design is marked defined again before the harness looks
 * at it: the sealed output, and the pass/fail result of an open.
 *
 *   valgrind --error-exitcode=1 vgc_ctgrind          (make ct-check)
 *   valgrind --error-exitcode=1 vgc_ctgrind --canary (must be flagged)
 *
 * Without valgrind the client requests do nothing and it runs as a plain
 * seal/open round trip.
 */
#include <valgrind/memcheck.h>

#include "harness.h"

#define SECRET(p, n)	VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n)	VALGRIND_MAKE_MEM_DEFINED((p), (n))

static const size_t lens[] = {
	0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 1024, 4095, 4096, 4097,
};

#define MAX_LEN		4097
#define AD_LEN		13

struct ct_bufs {
	u8 key[32], nonce[12], ad[AD_LEN];
	u8 pt[MAX_LEN], sealed[MAX_LEN + 16], seg[MAX_LEN + 16];
	u8 out[MAX_LEN + 16];
};

static unsigned long problems;

static void problem(const char *be, size_t len, const char *what)
{
	printf("vgc_ctgrind[%s]: len %zu: %s\n", be, len, what);
	problems++;
}

/* Open through the streaming API; the verdict is public once returned. */
static int open_stream(const struct vgc_cp_backend *be, struct ct_bufs *b,
		       const u8 *sealed, size_t len)
{
	struct vgc_cp_req req;
	int ret;

	vgc_cp_init(&req, be, b->key, b->nonce, len);
	vgc_cp_ad(&req, b->ad, AD_LEN);
	vgc_cp_auth_update(&req, sealed, len);
	ret = vgc_cp_verify(&req, sealed + len);
	PUBLIC(&ret, sizeof(ret));
	if (ret)
		return ret;
	vgc_cp_decrypt_update(&req, b->out, sealed, len);
	vgc_cp_end(&req);
	return 0;
}

static void check_len(const struct vgc_cp_backend *be, struct vgc_rng *rng,
		      struct ct_bufs *b, size_t len)
{
	u8 tag[VGC_POLY1305_TAG_SIZE];
	int ret;

	vgc_rng_fill(rng, b->key, sizeof(b->key));
	vgc_rng_fill(rng, b->nonce, sizeof(b->nonce));
	vgc_rng_fill(rng, b->ad, sizeof(b->ad));
	vgc_rng_fill(rng, b->pt, len);
	SECRET(b->key, sizeof(b->key));
	SECRET(b->nonce, sizeof(b->nonce));
	SECRET(b->pt, len);

	/* seal, one-shot and segmented (segment lengths are public) */
	vgc_cp_seal(be, b->sealed, b->pt, len, b->ad, AD_LEN, b->key, b->nonce);
	vgc_seal_seg(be, rng, len & 1, b->seg, b->pt, len, b->ad, AD_LEN,
		     b->key, b->nonce);
	PUBLIC(b->sealed, len + 16);
	PUBLIC(b->seg, len + 16);
	if (memcmp(b->sealed, b->seg, len + 16))
		problem(be->name, len, "segmented seal differs");

	/* open: the right tag, then a wrong one */
	if (open_stream(be, b, b->sealed, len))
		problem(be->name, len, "open refused a good tag");
	b->sealed[len + (len % 16)] ^= 0x80;
	if (open_stream(be, b, b->sealed, len) != -EBADMSG)
		problem(be->name, len, "open accepted a bad tag");

	/* the one-shot open: it decrypts only when the tag is right */
	ret = vgc_cp_open(be, b->out, b->sealed, len + 16, b->ad, AD_LEN,
			  b->key, b->nonce);
	PUBLIC(&ret, sizeof(ret));
	if (ret != -EBADMSG)
		problem(be->name, len, "one-shot open accepted a bad tag");
	b->sealed[len + (len % 16)] ^= 0x80;
	ret = vgc_cp_open(be, b->out, b->sealed, len + 16, b->ad, AD_LEN,
			  b->key, b->nonce);
	PUBLIC(&ret, sizeof(ret));
	if (ret)
		problem(be->name, len, "one-shot open refused a good tag");

	/* bare Poly1305 with a secret key and message */
	SECRET(b->key, sizeof(b->key));
	vgc_poly1305_mac(tag, b->pt, len, b->key);
	PUBLIC(tag, sizeof(tag));
}

/* A deliberate branch on a secret: valgrind must report it. */
static noinline int canary(const u8 *secret)
{
	return (secret[0] & 1) ? 3 : 5 * secret[1];
}

int main(int argc, char **argv)
{
	const struct vgc_cp_backend *bes[VGC_MAX_BACKENDS];
	struct ct_bufs *b = vgc_xmalloc(sizeof(*b));
	unsigned int nbe, i, j;
	struct vgc_rng rng;
	int r;

	vgc_rng_seed(&rng, 0x6374);
	if (argc == 2 && !strcmp(argv[1], "--canary")) {
		vgc_rng_fill(&rng, b->key, sizeof(b->key));
		SECRET(b->key, sizeof(b->key));
		r = canary(b->key);
		PUBLIC(&r, sizeof(r));
		printf("vgc_ctgrind: canary gave %d; valgrind must report its branch\n",
		       r);
		free(b);
		return 0;
	}
	if (argc != 1) {
		fprintf(stderr, "usage: vgc_ctgrind [--canary]\n");
		return 2;
	}
	printf("vgc_ctgrind: running on valgrind: %s\n",
	       RUNNING_ON_VALGRIND ? "yes" : "NO (nothing is checked)");

	nbe = vgc_backends(bes, ARRAY_SIZE(bes));
	for (i = 0; i < nbe; i++) {
		for (j = 0; j < ARRAY_SIZE(lens); j++)
			check_len(bes[i], &rng, b, lens[j]);
		printf("vgc_ctgrind[%s]: %zu lengths sealed and opened\n",
		       bes[i]->name, ARRAY_SIZE(lens));
	}
	free(b);
	if (problems)
		printf("vgc_ctgrind: %lu functional problems\n", problems);
	return problems ? 1 : 0;
}
