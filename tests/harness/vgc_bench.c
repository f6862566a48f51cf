// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_bench: one-shot seal and open per back end against OpenSSL's EVP
 * ChaCha20-Poly1305, at message sizes from 16 bytes to 64 KiB with 13
 * bytes of AD (the size of a TLS 1.2 record's AD).
 *
 * OpenSSL is given a fair shot: one EVP_CIPHER_CTX each way, keyed once,
 * only the nonce set per operation. Implementations are interleaved
 * within each round (the order rotating from round to round), each round
 * runs every (implementation, operation) for about --round-ms, and the
 * median over --rounds is reported. The output of every timed run is
 * checked against the reference afterwards.
 *
 * With --chacha it measures instead each back end's chacha_xor alone
 * (keystream XOR, in place, counter running on) against OpenSSL's
 * EVP_chacha20 in cycles per byte, at 64 bytes to 4 KiB.
 *
 *   vgc_bench [--rounds N] [--round-ms N] [--backend NAME] [--quick]
 *             [--chacha]
 */
#include <time.h>
#include <openssl/evp.h>

#include "harness.h"

#define AD_LEN		13
#define MAX_IMPLS	(VGC_MAX_BACKENDS + 1)
#define MAX_ROUNDS	15
#define CPB_SIZE	16384
#define MAX_SIZE	65536

static const size_t sizes[] = { 16, 64, 256, 1024, 1420, 4096, 16384, 65536 };

#define NSIZES		ARRAY_SIZE(sizes)

enum bench_op { OP_SEAL, OP_OPEN, NOPS };

static const char *const op_name[NOPS] = { "seal", "open" };

struct impl {
	const char *name;
	const struct vgc_cp_backend *be;	/* NULL: OpenSSL */
	bool gather;	/* text in two pieces: len - 1 bytes, then 1 byte */
};

struct bench {
	u8 key[32], nonce[12], ad[AD_LEN];
	u8 *pt, *ref, *out;	/* ref: the reference ct || tag */
	EVP_CIPHER_CTX *enc, *dec;
	unsigned long bad;	/* operations that did not succeed */
	unsigned int rounds, round_ms, nimpl;
	struct impl impls[MAX_IMPLS];
	/* per size, implementation, operation and round */
	double ns[NSIZES][MAX_IMPLS][NOPS][MAX_ROUNDS];
	double ticks[NSIZES][MAX_IMPLS][NOPS][MAX_ROUNDS];
};

#ifdef __x86_64__
static bool have_avx512;
#endif

static inline u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

/* The time-stamp counter, where the compiler offers it (x86). */
#ifdef __has_builtin
#if __has_builtin(__builtin_ia32_rdtsc)
#define HAVE_TSC 1
#endif
#endif
#ifndef HAVE_TSC
#define HAVE_TSC 0
#endif

static inline u64 tsc(void)
{
#if HAVE_TSC
	return __builtin_ia32_rdtsc();
#else
	return 0;
#endif
}

static void ossl_seal(struct bench *b, size_t len)
{
	int outl;

	if (EVP_EncryptInit_ex(b->enc, NULL, NULL, NULL, b->nonce) != 1 ||
	    EVP_EncryptUpdate(b->enc, NULL, &outl, b->ad, AD_LEN) != 1 ||
	    EVP_EncryptUpdate(b->enc, b->out, &outl, b->pt, (int)len) != 1 ||
	    EVP_EncryptFinal_ex(b->enc, b->out + len, &outl) != 1 ||
	    EVP_CIPHER_CTX_ctrl(b->enc, EVP_CTRL_AEAD_GET_TAG, 16,
				b->out + len) != 1)
		b->bad++;
}

static void ossl_open(struct bench *b, size_t len)
{
	int outl;

	if (EVP_DecryptInit_ex(b->dec, NULL, NULL, NULL, b->nonce) != 1 ||
	    EVP_DecryptUpdate(b->dec, NULL, &outl, b->ad, AD_LEN) != 1 ||
	    EVP_DecryptUpdate(b->dec, b->out, &outl, b->ref, (int)len) != 1 ||
	    EVP_CIPHER_CTX_ctrl(b->dec, EVP_CTRL_AEAD_SET_TAG, 16,
				b->ref + len) != 1 ||
	    EVP_DecryptFinal_ex(b->dec, b->out + len, &outl) != 1)
		b->bad++;
}

/*
 * A TLS record's payload and its one-byte content type, or ESP's payload
 * and trailer: the streaming API with the text in two pieces.
 */
static void gather_op(struct bench *b, const struct impl *im, enum bench_op op,
		      size_t len)
{
	struct vgc_cp_req r;
	size_t first = len ? len - 1 : 0;

	vgc_cp_init(&r, im->be, b->key, b->nonce);
	vgc_cp_ad(&r, b->ad, AD_LEN);
	if (op == OP_SEAL) {
		vgc_cp_seal_update(&r, b->out, b->pt, first);
		vgc_cp_seal_update(&r, b->out + first, b->pt + first, len - first);
		vgc_cp_seal_final(&r, b->out + len);
		return;
	}
	vgc_cp_auth_update(&r, b->ref, first);
	vgc_cp_auth_update(&r, b->ref + first, len - first);
	if (vgc_cp_verify(&r, b->ref + len)) {
		b->bad++;
		return;
	}
	vgc_cp_decrypt_update(&r, b->out, b->ref, first);
	vgc_cp_decrypt_update(&r, b->out + first, b->ref + first, len - first);
	vgc_cp_end(&r);
}

static void run_ops(struct bench *b, const struct impl *im, enum bench_op op,
		    size_t len, unsigned long n)
{
	while (n--) {
		if (im->gather)
			gather_op(b, im, op, len);
		else if (!im->be && op == OP_SEAL)
			ossl_seal(b, len);
		else if (!im->be)
			ossl_open(b, len);
		else if (op == OP_SEAL)
			vgc_cp_seal(im->be, b->out, b->pt, len, b->ad, AD_LEN,
				    b->key, b->nonce);
		else if (vgc_cp_open(im->be, b->out, b->ref, len + 16, b->ad,
				     AD_LEN, b->key, b->nonce))
			b->bad++;
	}
}

/* After timing: every operation succeeded and the last gave the reference. */
static bool output_ok(const struct bench *b, enum bench_op op, size_t len)
{
	if (b->bad)
		return false;
	if (op == OP_SEAL)
		return !memcmp(b->out, b->ref, len + 16);
	return !memcmp(b->out, b->pt, len);
}

/* Run for about @target_ns in batches sized so the clock reads are noise. */
static void measure(struct bench *b, const struct impl *im, enum bench_op op,
		    size_t len, double *ns, double *ticks)
{
	u64 target_ns = b->round_ms * 1000000ULL, t0, t1, c0, c1, start;
	unsigned long batch = 1, ops = 0;

	/* what the last implementation left in the vector unit (zmm_clean.c) */
#ifdef __x86_64__
	if (have_avx512)
		vgc_zmm_clean();
#endif

	/* warm up, and grow the batch to about 50 us */
	for (;;) {
		start = now_ns();
		run_ops(b, im, op, len, batch);
		if (now_ns() - start >= 50000 || batch >= (1UL << 24))
			break;
		batch *= 2;
	}
	t0 = now_ns();
	c0 = tsc();
	do {
		run_ops(b, im, op, len, batch);
		ops += batch;
		t1 = now_ns();
	} while (t1 - t0 < target_ns);
	c1 = tsc();
	*ns = (double)(t1 - t0) / ops;
	*ticks = (double)(c1 - c0) / ops;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(const double *v, unsigned int n)
{
	double tmp[MAX_ROUNDS];

	memcpy(tmp, v, n * sizeof(*v));
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/* All rounds of one size; false if an implementation got it wrong. */
static bool bench_size(struct bench *b, unsigned int s)
{
	size_t len = sizes[s];
	unsigned int r, k, i;
	int op;

	/* the reference: the generic back end, checked against OpenSSL */
	vgc_cp_seal(&vgc_cp_backend_generic, b->ref, b->pt, len, b->ad,
		    AD_LEN, b->key, b->nonce);
	for (r = 0; r < b->rounds; r++) {
		for (k = 0; k < b->nimpl; k++) {
			i = (k + r) % b->nimpl;
			for (op = 0; op < NOPS; op++) {
				measure(b, &b->impls[i], op, len,
					&b->ns[s][i][op][r],
					&b->ticks[s][i][op][r]);
				if (output_ok(b, op, len))
					continue;
				fprintf(stderr,
					"vgc_bench: %s %s of %zu bytes is wrong\n",
					b->impls[i].name, op_name[op], len);
				return false;
			}
		}
	}
	return true;
}

static void report(const struct bench *b)
{
	double med[MAX_IMPLS][NOPS], ghz;
	unsigned int s, i, c;
	int op;

	printf("\n%6s %-10s %11s %10s %6s   %11s %10s %6s\n", "bytes",
	       "impl", "seal ns/op", "seal MB/s", "ratio", "open ns/op",
	       "open MB/s", "ratio");
	for (s = 0; s < NSIZES; s++) {
		for (i = 0; i < b->nimpl; i++)
			for (op = 0; op < NOPS; op++)
				med[i][op] = median(b->ns[s][i][op], b->rounds);
		for (i = 0; i < b->nimpl; i++) {
			printf("%6zu %-10s", sizes[s], b->impls[i].name);
			/* OpenSSL is the last implementation */
			for (op = 0; op < NOPS; op++)
				printf(" %11.1f %10.1f %6.2f%s", med[i][op],
				       sizes[s] * 1e3 / med[i][op],
				       med[b->nimpl - 1][op] / med[i][op],
				       op == OP_SEAL ? "  " : "\n");
		}
	}

	/* the gather row is the one before OpenSSL's, its back end before it */
	printf("\ngather (%s, text as len - 1 and 1 bytes) / contiguous, ns/op:\n",
	       b->impls[b->nimpl - 2].be->name);
	for (s = 0; s < NSIZES; s++)
		printf("%6zu  seal %.3f  open %.3f\n", sizes[s],
		       median(b->ns[s][b->nimpl - 2][OP_SEAL], b->rounds) /
		       median(b->ns[s][b->nimpl - 3][OP_SEAL], b->rounds),
		       median(b->ns[s][b->nimpl - 2][OP_OPEN], b->rounds) /
		       median(b->ns[s][b->nimpl - 3][OP_OPEN], b->rounds));

	if (!HAVE_TSC) {
		printf("\n(no rdtsc here: cycles/byte not shown)\n");
		return;
	}
	for (c = 0; sizes[c] != CPB_SIZE; c++)
		;
	ghz = median(b->ticks[c][0][OP_SEAL], b->rounds) /
	      median(b->ns[c][0][OP_SEAL], b->rounds);
	printf("\ncycles/byte at %d bytes from rdtsc: TSC (reference) cycles\n"
	       "at ~%.2f GHz, not core cycles (turbo and frequency scaling\n"
	       "make those differ):\n", CPB_SIZE, ghz);
	for (i = 0; i < b->nimpl; i++)
		printf("  %-10s seal %5.2f  open %5.2f\n", b->impls[i].name,
		       median(b->ticks[c][i][OP_SEAL], b->rounds) / CPB_SIZE,
		       median(b->ticks[c][i][OP_OPEN], b->rounds) / CPB_SIZE);
}

/* ---- --chacha: the ChaCha20 keystream XOR alone ---- */

static const size_t chacha_sizes[] = { 64, 256, 1024, 4096 };

#define NCSIZES		ARRAY_SIZE(chacha_sizes)
#define CHACHA_MAX	4096

struct chacha_bench {
	u32 state[16];
	u8 buf[CHACHA_MAX];
	EVP_CIPHER_CTX *ctx;	/* keyed once; each call continues the stream */
	unsigned long bad;
	/* TSC ticks per byte, per size, implementation and round */
	double cpb[NCSIZES][MAX_IMPLS][MAX_ROUNDS];
};

/*
 * @n calls over @len bytes in place, as the AEAD core makes them: the
 * back end's bracket around each, the counter carried on in state[].
 */
static void chacha_run(struct chacha_bench *c, const struct impl *im,
		       size_t len, unsigned long n)
{
	int outl;

	while (n--) {
		if (!im->be) {
			if (EVP_EncryptUpdate(c->ctx, c->buf, &outl, c->buf,
					      (int)len) != 1)
				c->bad++;
			continue;
		}
		vgc_be_begin(im->be);
		im->be->chacha_xor(c->state, c->buf, c->buf,
				   len / VGC_CHACHA_BLOCK_SIZE);
		vgc_be_end(im->be);
	}
}

/*
 * The best of many batches of about 20 us each within ~round_ms: a batch
 * in which the process was preempted or interrupted counts those ticks
 * too (the TSC runs on), and on a shared machine most long runs are.
 */
static double chacha_measure(struct chacha_bench *c, const struct impl *im,
			     size_t len, unsigned int round_ms)
{
	u64 target_ns = round_ms * 1000000ULL, t0, c0, start;
	unsigned long batch = 1;
	double best = 1e30, cpb;

	for (;;) {
		start = now_ns();
		chacha_run(c, im, len, batch);
		if (now_ns() - start >= 20000 || batch >= (1UL << 24))
			break;
		batch *= 2;
	}
	t0 = now_ns();
	do {
		c0 = tsc();
		chacha_run(c, im, len, batch);
		cpb = (double)(tsc() - c0) / ((double)batch * len);
		if (cpb < best)
			best = cpb;
	} while (now_ns() - t0 < target_ns);
	return best;
}

/* Every back end's keystream against OpenSSL's, before any timing. */
static bool chacha_agree(struct chacha_bench *c, const struct impl *impls,
			 unsigned int nimpl, const u8 key[32],
			 const u8 iv[16])
{
	static u8 ref[CHACHA_MAX], out[CHACHA_MAX];
	const u8 *nonce = iv + 4;
	unsigned int i;
	int outl;
	u32 st[16];

	memset(ref, 0, sizeof(ref));
	if (EVP_EncryptUpdate(c->ctx, ref, &outl, ref, CHACHA_MAX) != 1)
		return false;
	for (i = 0; i + 1 < nimpl; i++) {
		vgc_chacha20_init(st, key, nonce, get_unaligned_le32(iv));
		memset(out, 0, sizeof(out));
		vgc_be_begin(impls[i].be);
		impls[i].be->chacha_xor(st, out, out, 7);
		impls[i].be->chacha_xor(st, out + 7 * 64, out + 7 * 64,
					CHACHA_MAX / 64 - 7);
		vgc_be_end(impls[i].be);
		if (memcmp(out, ref, sizeof(out))) {
			fprintf(stderr, "vgc_bench: %s: wrong keystream\n",
				impls[i].name);
			return false;
		}
	}
	return true;
}

static int bench_chacha(const struct bench *b)
{
	struct chacha_bench *c = calloc(1, sizeof(*c));
	unsigned int s, r, k, i, j, nimpl = 0;
	struct impl impls[MAX_IMPLS];
	struct vgc_rng rng;
	u8 key[32], iv[16];
	double ghz;
	u64 t0, c0;
	bool ok;

	if (!c)
		return 1;
	if (!HAVE_TSC) {
		fprintf(stderr, "vgc_bench: --chacha needs rdtsc\n");
		free(c);
		return 1;
	}
	/* one column per distinct ChaCha20: several back ends share one */
	for (i = 0; i < b->nimpl; i++) {
		for (j = 0; j < nimpl && b->impls[i].be; j++)
			if (impls[j].be && impls[j].be->chacha_xor ==
					   b->impls[i].be->chacha_xor)
				break;
		if (j == nimpl || !b->impls[i].be)
			impls[nimpl++] = b->impls[i];
	}
	vgc_rng_seed(&rng, 8439);
	vgc_rng_fill(&rng, key, sizeof(key));
	vgc_rng_fill(&rng, iv + 4, sizeof(iv) - 4);
	put_unaligned_le32(1, iv);	/* the first block of AEAD text */
	vgc_rng_fill(&rng, c->buf, sizeof(c->buf));
	vgc_chacha20_init(c->state, key, iv + 4, 1);
	c->ctx = EVP_CIPHER_CTX_new();
	ok = c->ctx && EVP_EncryptInit_ex(c->ctx, EVP_chacha20(), NULL, key,
					  iv) == 1 &&
	     chacha_agree(c, impls, nimpl, key, iv);
	if (!ok) {
		fprintf(stderr, "vgc_bench: ChaCha20 set-up failed\n");
		EVP_CIPHER_CTX_free(c->ctx);
		free(c);
		return 1;
	}

	printf("vgc_bench --chacha: keystream XOR in place, a call a message\n");
	printf("vgc_bench: %u rounds x ~%u ms per implementation and size\n",
	       b->rounds, b->round_ms);
	printf("vgc_bench: interleaved; best 20 us batch of a round; median\n");
	fflush(stdout);
	t0 = now_ns();
	c0 = tsc();
	for (r = 0; r < b->rounds; r++)
		for (s = 0; s < NCSIZES; s++)
			for (k = 0; k < nimpl; k++) {
				i = (k + r) % nimpl;
				c->cpb[s][i][r] =
					chacha_measure(c, &impls[i],
						       chacha_sizes[s],
						       b->round_ms);
			}
	ghz = (double)(tsc() - c0) / (double)(now_ns() - t0);

	printf("\nTSC cycles/byte; TSC at ~%.2f GHz (reference cycles,\n",
	       ghz);
	printf("not core cycles: turbo makes those differ)\n%6s", "bytes");
	for (i = 0; i < nimpl; i++)
		printf(" %9s", impls[i].name);
	printf("  | ratio to openssl (below 1: faster)\n");
	for (s = 0; s < NCSIZES; s++) {
		printf("%6zu", chacha_sizes[s]);
		for (i = 0; i < nimpl; i++)
			printf(" %9.3f", median(c->cpb[s][i], b->rounds));
		printf("  |");
		for (i = 0; i + 1 < nimpl; i++)
			printf(" %s %.2f", impls[i].name,
			       median(c->cpb[s][i], b->rounds) /
			       median(c->cpb[s][nimpl - 1], b->rounds));
		printf("\n");
	}
	printf("(a back end sharing another's ChaCha20 is not repeated)\n");
	ok = !c->bad;
	if (!ok)
		fprintf(stderr, "vgc_bench: OpenSSL calls failed\n");
	EVP_CIPHER_CTX_free(c->ctx);
	free(c);
	return ok ? 0 : 1;
}

static const char *const help[] = {
	"usage: vgc_bench [--rounds N] [--round-ms N] [--backend NAME] [--quick]",
	"                 [--chacha]",
	"  --rounds N     rounds, median reported (1-15, default 5)",
	"  --round-ms N   time per implementation, operation and round (100)",
	"  --backend NAME only this back end (and OpenSSL)",
	"  --quick        3 rounds of 20 ms",
	"  --chacha       ChaCha20 keystream XOR alone, cycles/byte, 64 B-4 KiB",
};

static int usage_error(const char *arg)
{
	bool asked = arg && !strcmp(arg, "--help");
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(help); i++)
		fprintf(asked ? stdout : stderr, "%s\n", help[i]);
	return asked ? 0 : 2;
}

static bool setup(struct bench *b, const char *only_be)
{
	const struct vgc_cp_backend *bes[VGC_MAX_BACKENDS];
	unsigned int nbe, i;
	struct vgc_rng rng;

	nbe = vgc_backends(bes, ARRAY_SIZE(bes));
	for (i = 0; i < nbe; i++) {
		if (only_be && strcmp(only_be, bes[i]->name))
			continue;
		b->impls[b->nimpl].name = bes[i]->name;
		b->impls[b->nimpl++].be = bes[i];
	}
	if (!b->nimpl) {
		fprintf(stderr, "vgc_bench: no back end named %s\n", only_be);
		return false;
	}
	/* the last (fastest) back end again, with its text in two pieces */
	b->impls[b->nimpl] = b->impls[b->nimpl - 1];
	b->impls[b->nimpl].name = "gather";
	b->impls[b->nimpl++].gather = true;
	b->impls[b->nimpl++].name = "openssl";

	vgc_rng_seed(&rng, 1305);
	vgc_rng_fill(&rng, b->key, sizeof(b->key));
	vgc_rng_fill(&rng, b->nonce, sizeof(b->nonce));
	vgc_rng_fill(&rng, b->ad, sizeof(b->ad));
	b->pt = vgc_xmalloc(MAX_SIZE);
	b->ref = vgc_xmalloc(MAX_SIZE + 16);
	b->out = vgc_xmalloc(MAX_SIZE + 16);
	vgc_rng_fill(&rng, b->pt, MAX_SIZE);

	/* keyed once: each operation only sets the nonce */
	b->enc = EVP_CIPHER_CTX_new();
	b->dec = EVP_CIPHER_CTX_new();
	if (!b->enc || !b->dec ||
	    EVP_EncryptInit_ex(b->enc, EVP_chacha20_poly1305(), NULL, b->key,
			       NULL) != 1 ||
	    EVP_DecryptInit_ex(b->dec, EVP_chacha20_poly1305(), NULL, b->key,
			       NULL) != 1) {
		fprintf(stderr, "vgc_bench: OpenSSL could not be keyed\n");
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	struct bench *b = calloc(1, sizeof(*b));
	const char *only_be = NULL;
	u64 start = now_ns();
	bool ok = true, chacha = false;
	unsigned int s;
	int a;

	if (!b)
		return 1;
	b->rounds = 5;
	b->round_ms = 100;
	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--rounds") && a + 1 < argc) {
			b->rounds = (unsigned int)atoi(argv[++a]);
		} else if (!strcmp(argv[a], "--round-ms") && a + 1 < argc) {
			b->round_ms = (unsigned int)atoi(argv[++a]);
		} else if (!strcmp(argv[a], "--backend") && a + 1 < argc) {
			only_be = argv[++a];
		} else if (!strcmp(argv[a], "--chacha")) {
			chacha = true;
		} else if (!strcmp(argv[a], "--quick")) {
			b->rounds = 3;
			b->round_ms = 20;
		} else {
			return usage_error(argv[a]);
		}
	}
	if (!b->rounds || b->rounds > MAX_ROUNDS || !b->round_ms)
		return usage_error(NULL);
	if (!setup(b, only_be))
		return 1;
	if (chacha) {
		ok = !bench_chacha(b);
		goto out;
	}

	printf("vgc_bench: one-shot seal/open, AD %d bytes (as in TLS 1.2)\n",
	       AD_LEN);
	printf("vgc_bench: %u rounds x ~%u ms per implementation and op\n",
	       b->rounds, b->round_ms);
	printf("vgc_bench: interleaved; median; ratio = ops/s / OpenSSL's\n");
#ifdef __x86_64__
	__builtin_cpu_init();
	have_avx512 = __builtin_cpu_supports("avx512f");
	if (have_avx512)
		printf("vgc_bench: zmm16-31 zeroed before each implementation's stretch\n");
#endif
	fflush(stdout);
	for (s = 0; s < NSIZES && ok; s++)
		ok = bench_size(b, s);
	if (ok)
		report(b);
out:
	printf("\nvgc_bench: %.1f s\n", (now_ns() - start) / 1e9);

	EVP_CIPHER_CTX_free(b->enc);
	EVP_CIPHER_CTX_free(b->dec);
	free(b->pt);
	free(b->ref);
	free(b->out);
	free(b);
	return ok ? 0 : 1;
}
