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
 *   valgrind --error-exitcode=1 vgc_ctgrind --backend NAME (make ct-check)
 *   valgrind --error-exitcode=1 vgc_ctgrind --canary (must be flagged)
 *   vgc_ctgrind --list   every back end of vgc_cp_backends, and whether
 *                        this CPU (or valgrind's virtual one) runs it
 *
 * make ct-check (ct-valgrind.sh) runs each back end the real CPU runs in
 * a valgrind of its own, so that a report names its back end, and says
 * which ones valgrind's virtual CPU cannot run (AVX-512: valgrind has no
 * AVX-512; scripts/check/ct-scan.sh covers those from the object code).
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
	vgc_cp_auth_copy_update(&req, b->out, sealed, len);
	ret = vgc_cp_verify(&req, sealed + len);
	PUBLIC(&ret, sizeof(ret));
	if (ret)
		return ret;
	vgc_cp_decrypt_update(&req, b->out, b->out, len);
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

	/*
	 * open: the right tag, then a wrong one; streaming, and one-shot
	 * (through the buffer, where the back end stitches opens)
	 */
	if (open_stream(be, b, b->sealed, len))
		problem(be->name, len, "open refused a good tag");
	ret = vgc_cp_open(be, b->out, b->sealed, len + 16, b->ad, AD_LEN,
			  b->key, b->nonce);
	PUBLIC(&ret, sizeof(ret));
	if (ret)
		problem(be->name, len, "one-shot open refused a good tag");
	b->sealed[len + (len % 16)] ^= 0x80;
	if (open_stream(be, b, b->sealed, len) != -EBADMSG)
		problem(be->name, len, "open accepted a bad tag");
	ret = vgc_cp_open(be, b->out, b->sealed, len + 16, b->ad, AD_LEN,
			  b->key, b->nonce);
	PUBLIC(&ret, sizeof(ret));
	if (ret != -EBADMSG)
		problem(be->name, len, "one-shot open accepted a bad tag");

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

/* every back end in the module's list, usable here or not, and why */
static void list_backends(void)
{
	const struct vgc_cp_backend *const *be;
	const char *why;

	for (be = vgc_cp_backends; *be; be++) {
		why = "";
		if (!(*be)->usable || (*be)->usable(&why))
			printf("backend %s usable\n", (*be)->name);
		else
			printf("backend %s unusable: %s\n", (*be)->name, why);
	}
}

int main(int argc, char **argv)
{
	const struct vgc_cp_backend *bes[VGC_MAX_BACKENDS];
	struct ct_bufs *b = vgc_xmalloc(sizeof(*b));
	const char *only = NULL;
	unsigned int nbe, i, j, ran = 0;
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
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		list_backends();
		free(b);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "--backend")) {
		only = argv[2];
	} else if (argc != 1) {
		fprintf(stderr, "usage: vgc_ctgrind [--canary | --list | --backend NAME]\n");
		free(b);
		return 2;
	}
	printf("vgc_ctgrind: running on valgrind: %s\n",
	       RUNNING_ON_VALGRIND ? "yes" : "NO (nothing is checked)");

	nbe = vgc_backends(bes, ARRAY_SIZE(bes));
	for (i = 0; i < nbe; i++) {
		if (only && strcmp(only, bes[i]->name))
			continue;
		for (j = 0; j < ARRAY_SIZE(lens); j++)
			check_len(bes[i], &rng, b, lens[j]);
		printf("vgc_ctgrind[%s]: %zu lengths sealed and opened\n",
		       bes[i]->name, ARRAY_SIZE(lens));
		ran++;
	}
	free(b);
	if (!ran) {
		printf("vgc_ctgrind: back end %s not run: this CPU cannot\n",
		       only ? only : "(any)");
		return 3;
	}
	if (problems)
		printf("vgc_ctgrind: %lu functional problems\n", problems);
	return problems ? 1 : 0;
}
