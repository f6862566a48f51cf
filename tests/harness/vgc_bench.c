// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_bench: seal and open, one-shot, per back end against OpenSSL's EVP
 * ChaCha20-Poly1305 and (when scripts/bench/kernel-asm.sh built it in)
 * against the kernel's own x86-64 assembly composed as its rfc7539
 * template composes it, at 16 bytes to 64 KiB of text with 13 bytes of
 * AD (a TLS 1.2 record's).
 *
 * Paired ratios: every round runs one short batch (about --batch-us) of
 * every implementation and operation, the order rotating from round to
 * round, and a ratio is taken within the round (the other's time per
 * operation over ours); the median of those per-round ratios over
 * --rounds rounds is what is reported. A shared, noisy machine slows
 * neighbouring batches alike, so the ratio is steadier than a ratio of
 * medians. Every batch's last output is checked (seal: the reference
 * ciphertext and tag, computed by the generic back end and checked
 * against OpenSSL; open: the plaintext).
 *
 * OpenSSL chooses its code from the CPU and OPENSSL_ia32cap, read when it
 * starts: ":~0x80010000" (AVX-512F and AVX-512VL off) limits it to AVX2,
 * ":~0x200000" only takes IFMA away. The mask in force is printed with
 * every table. OpenSSL's EVP costs a few hundred nanoseconds per message
 * on its own, so at 16-256 bytes the ratios mostly measure that.
 *
 * Also: the two-piece gather (the streaming API given the text as
 * len - 1 and 1 bytes, as a TLS record's content type or an ESP trailer
 * comes) against the contiguous call, and open against seal, both paired
 * the same way.
 *
 *   vgc_bench [--rounds N] [--batch-us N] [--backend NAME] [--quick]
 *             [--chacha]
 */
#include <time.h>
#include <cpuid.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include "harness.h"

#define AD_LEN		13
#define MAX_IMPLS	(VGC_MAX_BACKENDS + 4)
#define MAX_ROUNDS	401
#define MAX_SIZE	65536

static const size_t sizes[] = { 16, 64, 256, 1024, 1420, 4096, 16384, 65536 };

#define NSIZES		ARRAY_SIZE(sizes)

enum bench_op { OP_SEAL, OP_OPEN, NOPS };

static const char *const op_name[NOPS] = { "seal", "open" };

enum impl_kind { K_BACKEND, K_GATHER, K_KERNEL, K_OPENSSL };

struct impl {
	const char *name;
	enum impl_kind kind;
	const struct vgc_cp_backend *be;	/* K_BACKEND, K_GATHER */
};

struct bench {
	u8 key[32], nonce[12], ad[AD_LEN];
	u8 *pt, *ref, *out;	/* ref: the reference ct || tag */
	EVP_CIPHER_CTX *enc, *dec;
	unsigned long bad;	/* operations that did not succeed */
	unsigned int rounds, batch_us, nimpl, openssl, kernel;
	struct impl impls[MAX_IMPLS];
	unsigned long batch[MAX_IMPLS][NOPS];	/* operations per batch */
	/* ns per operation: per size, implementation, operation and round */
	double ns[NSIZES][MAX_IMPLS][NOPS][MAX_ROUNDS];
	double ticks[NSIZES][MAX_IMPLS][NOPS][MAX_ROUNDS];
};

#ifdef VGC_BENCH_KERNEL
#include "../../scripts/bench/kernel_rfc7539.h"
#endif

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

	vgc_cp_init(&r, im->be, b->key, b->nonce, len);
	vgc_cp_ad(&r, b->ad, AD_LEN);
	if (op == OP_SEAL) {
		vgc_cp_seal_update(&r, b->out, b->pt, first);
		vgc_cp_seal_update(&r, b->out + first, b->pt + first, len - first);
		vgc_cp_seal_final(&r, b->out + len);
		return;
	}
	/* out of place, as the module's driver opens */
	vgc_cp_auth_copy_update(&r, b->out, b->ref, first);
	vgc_cp_auth_copy_update(&r, b->out + first, b->ref + first, len - first);
	if (vgc_cp_verify(&r, b->ref + len)) {
		b->bad++;
		return;
	}
	vgc_cp_decrypt_update(&r, b->out, b->out, first);
	vgc_cp_decrypt_update(&r, b->out + first, b->out + first, len - first);
	vgc_cp_end(&r);
}

static void run_ops(struct bench *b, const struct impl *im, enum bench_op op,
		    size_t len, unsigned long n)
{
	while (n--) {
		switch (im->kind) {
		case K_GATHER:
			gather_op(b, im, op, len);
			break;
		case K_OPENSSL:
			if (op == OP_SEAL)
				ossl_seal(b, len);
			else
				ossl_open(b, len);
			break;
#ifdef VGC_BENCH_KERNEL
		case K_KERNEL:
			if (op == OP_SEAL)
				vgc_kt_seal(b->out, b->pt, len, b->ad, AD_LEN,
					    b->key, b->nonce);
			else if (vgc_kt_open(b->out, b->ref, len + 16, b->ad,
					     AD_LEN, b->key, b->nonce))
				b->bad++;
			break;
#endif
		default:
			if (op == OP_SEAL)
				vgc_cp_seal(im->be, b->out, b->pt, len, b->ad,
					    AD_LEN, b->key, b->nonce);
			else if (vgc_cp_open(im->be, b->out, b->ref, len + 16,
					     b->ad, AD_LEN, b->key, b->nonce))
				b->bad++;
			break;
		}
	}
}

/* After a batch: every operation succeeded and the last gave the reference. */
static bool output_ok(struct bench *b, enum bench_op op, size_t len)
{
	bool ok = !b->bad && (op == OP_SEAL ? !memcmp(b->out, b->ref, len + 16) :
				       !memcmp(b->out, b->pt, len));

	memset(b->out, 0, len + 16);
	return ok;
}

/* One timed batch, from a clean vector state (zmm_clean.c). */
static void batch(struct bench *b, const struct impl *im, enum bench_op op,
		  size_t len, unsigned long n, double *ns, double *ticks)
{
	u64 t0, c0;

#ifdef __x86_64__
	if (have_avx512)
		vgc_zmm_clean();
#endif
	t0 = now_ns();
	c0 = tsc();
	run_ops(b, im, op, len, n);
	*ticks = (double)(tsc() - c0) / n;
	*ns = (double)(now_ns() - t0) / n;
}

/* Operations per batch so that a batch takes about batch_us. */
static void calibrate(struct bench *b, size_t len)
{
	unsigned int i;
	double ns, ticks;
	int op;

	for (i = 0; i < b->nimpl; i++) {
		for (op = 0; op < NOPS; op++) {
			/* warm up, then time a few */
			batch(b, &b->impls[i], op, len, 3, &ns, &ticks);
			batch(b, &b->impls[i], op, len, 5, &ns, &ticks);
			b->batch[i][op] = (unsigned long)(b->batch_us * 1e3 / ns);
			if (!b->batch[i][op])
				b->batch[i][op] = 1;
		}
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(const double *v, unsigned int n)
{
	static double tmp[MAX_ROUNDS];

	memcpy(tmp, v, n * sizeof(*v));
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

/* median over the rounds of x's time over y's: above 1, y is faster */
static double paired(const struct bench *b, unsigned int s, unsigned int x,
		     int opx, unsigned int y, int opy)
{
	static double q[MAX_ROUNDS];
	unsigned int r;

	for (r = 0; r < b->rounds; r++)
		q[r] = b->ns[s][x][opx][r] / b->ns[s][y][opy][r];
	return median(q, b->rounds);
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
	ossl_seal(b, len);
	if (!output_ok(b, OP_SEAL, len)) {
		fprintf(stderr, "vgc_bench: OpenSSL and the reference differ\n");
		return false;
	}
	calibrate(b, len);
	for (r = 0; r < b->rounds; r++) {
		for (k = 0; k < b->nimpl; k++) {
			i = (k + r) % b->nimpl;
			for (op = 0; op < NOPS; op++) {
				batch(b, &b->impls[i], op, len, b->batch[i][op],
				      &b->ns[s][i][op][r], &b->ticks[s][i][op][r]);
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

static void print_cpu(void)
{
	char line[256], model[256] = "unknown";
	unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
			snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
			model[strcspn(model, "\n")] = 0;
			break;
		}
	}
	if (f)
		fclose(f);
	printf("vgc_bench: CPU: %s", model);
#ifdef __x86_64__
	if (__get_cpuid(1, &eax, &ebx, &ecx, &edx))
		printf(" (family %#x, model %#x, stepping %u)",
		       ((eax >> 8) & 0xf) + ((eax >> 20) & 0xff),
		       ((eax >> 4) & 0xf) | ((eax >> 12) & 0xf0), eax & 0xf);
	__builtin_cpu_init();
	printf("; AVX2 %s, AVX-512F %s, IFMA %s",
	       __builtin_cpu_supports("avx2") ? "yes" : "no",
	       __builtin_cpu_supports("avx512f") ? "yes" : "no",
	       __builtin_cpu_supports("avx512ifma") ? "yes" : "no");
#endif
	printf("\n");
}

static void print_mask(void)
{
	const char *mask = getenv("OPENSSL_ia32cap");

	printf("%s, OPENSSL_ia32cap=%s%s\n",
	       OPENSSL_VERSION_TEXT, mask ? mask : "(unset)",
	       !mask ? ": every feature the CPU has" :
	       strstr(mask, "80010000") ? ": AVX-512F and VL masked, so AVX2 at most" :
	       strstr(mask, "200000") ? ": IFMA masked" : "");
}

static void report(const struct bench *b)
{
	unsigned int s, i, g;
	int op;

	for (op = 0; op < NOPS; op++) {
		printf("\n%s: ratio = OpenSSL's time / ours (above 1: ours faster),\n"
		       "median of %u paired rounds\n", op_name[op], b->rounds);
		print_mask();
		printf("%6s %11s", "bytes", "openssl ns");
		if (b->kernel < b->nimpl)
			printf(" %10s %7s", "kernel ns", "kernel");
		for (i = 0; i < b->nimpl; i++)
			if (b->impls[i].kind == K_BACKEND)
				printf(" %13s", b->impls[i].name);
		printf("\n");
		for (s = 0; s < NSIZES; s++) {
			printf("%6zu %11.1f", sizes[s],
			       median(b->ns[s][b->openssl][op], b->rounds));
			if (b->kernel < b->nimpl)
				printf(" %10.1f %7.2f",
				       median(b->ns[s][b->kernel][op], b->rounds),
				       paired(b, s, b->openssl, op, b->kernel, op));
			for (i = 0; i < b->nimpl; i++)
				if (b->impls[i].kind == K_BACKEND)
					printf(" %13.2f",
					       paired(b, s, b->openssl, op, i, op));
			printf("\n");
		}
		if (b->kernel >= b->nimpl)
			continue;
		printf("%s against the kernel's template composition (%s):\n",
		       op_name[op], "kernel's time / ours");
		printf("%6s", "bytes");
		for (i = 0; i < b->nimpl; i++)
			if (b->impls[i].kind == K_BACKEND)
				printf(" %13s", b->impls[i].name);
		printf("\n");
		for (s = 0; s < NSIZES; s++) {
			printf("%6zu", sizes[s]);
			for (i = 0; i < b->nimpl; i++)
				if (b->impls[i].kind == K_BACKEND)
					printf(" %13.2f",
					       paired(b, s, b->kernel, op, i, op));
			printf("\n");
		}
	}

	printf("\nopen / seal, same back end (%s; 1.05 = open 5%% slower):\n",
	       "refuse-don't-write's cost");
	printf("%6s", "bytes");
	for (i = 0; i < b->nimpl; i++)
		if (b->impls[i].kind == K_BACKEND)
			printf(" %13s", b->impls[i].name);
	printf("\n");
	for (s = 0; s < NSIZES; s++) {
		printf("%6zu", sizes[s]);
		for (i = 0; i < b->nimpl; i++)
			if (b->impls[i].kind == K_BACKEND)
				printf(" %13.3f", paired(b, s, i, OP_OPEN, i, OP_SEAL));
		printf("\n");
	}

	for (g = 0; g < b->nimpl; g++) {
		if (b->impls[g].kind != K_GATHER)
			continue;
		/* the same back end's contiguous row */
		for (i = 0; i < b->nimpl; i++)
			if (b->impls[i].kind == K_BACKEND &&
			    b->impls[i].be == b->impls[g].be)
				break;
		printf("\ngather (%s, text as len - 1 and 1 bytes) / contiguous:\n",
		       b->impls[g].be->name);
		for (s = 0; s < NSIZES; s++)
			printf("%6zu  seal %.3f  open %.3f\n", sizes[s],
			       paired(b, s, g, OP_SEAL, i, OP_SEAL),
			       paired(b, s, g, OP_OPEN, i, OP_OPEN));
	}

	if (!HAVE_TSC)
		return;
	for (s = 0; sizes[s] != 16384; s++)
		;
	printf("\nTSC ticks/byte at 16384 bytes (~%.2f GHz reference ticks, not core cycles):\n",
	       median(b->ticks[s][0][OP_SEAL], b->rounds) /
	       median(b->ns[s][0][OP_SEAL], b->rounds));
	for (i = 0; i < b->nimpl; i++)
		printf("  %-14s seal %5.2f  open %5.2f\n", b->impls[i].name,
		       median(b->ticks[s][i][OP_SEAL], b->rounds) / 16384,
		       median(b->ticks[s][i][OP_OPEN], b->rounds) / 16384);
}

/* ---- --chacha: the ChaCha20 keystream XOR alone ---- */

static const size_t chacha_sizes[] = { 64, 256, 1024, 4096 };

/* time per implementation and size in a round, and rounds (at most 9) */
#define CHACHA_ROUND_MS	30

static unsigned int chacha_rounds(const struct bench *b)
{
	return b->rounds < 9 ? b->rounds : 9;
}

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
		if (b->impls[i].kind != K_BACKEND && b->impls[i].kind != K_OPENSSL)
			continue;
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
	       chacha_rounds(b), CHACHA_ROUND_MS);
	printf("vgc_bench: interleaved; best 20 us batch of a round; median\n");
	fflush(stdout);
	t0 = now_ns();
	c0 = tsc();
	for (r = 0; r < chacha_rounds(b); r++)
		for (s = 0; s < NCSIZES; s++)
			for (k = 0; k < nimpl; k++) {
				i = (k + r) % nimpl;
				c->cpb[s][i][r] =
					chacha_measure(c, &impls[i],
						       chacha_sizes[s],
						       CHACHA_ROUND_MS);
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
			printf(" %9.3f", median(c->cpb[s][i], chacha_rounds(b)));
		printf("  |");
		for (i = 0; i + 1 < nimpl; i++)
			printf(" %s %.2f", impls[i].name,
			       median(c->cpb[s][i], chacha_rounds(b)) /
			       median(c->cpb[s][nimpl - 1], chacha_rounds(b)));
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
	"usage: vgc_bench [--rounds N] [--batch-us N] [--backend NAME] [--quick]",
	"                 [--chacha]",
	"  --rounds N     paired rounds, median reported (1-401, default 101)",
	"  --batch-us N   time of one batch of one implementation (default 40)",
	"  --backend NAME only this back end (and OpenSSL, the kernel's code)",
	"  --quick        21 rounds of 20 us batches",
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

static void add_impl(struct bench *b, const char *name, enum impl_kind kind,
		     const struct vgc_cp_backend *be)
{
	b->impls[b->nimpl].name = name;
	b->impls[b->nimpl].kind = kind;
	b->impls[b->nimpl++].be = be;
}

static bool setup(struct bench *b, const char *only_be)
{
	const struct vgc_cp_backend *bes[VGC_MAX_BACKENDS];
	unsigned int nbe, i;
	struct vgc_rng rng;

	nbe = vgc_backends(bes, ARRAY_SIZE(bes));
	for (i = 0; i < nbe; i++)
		if (!only_be || !strcmp(only_be, bes[i]->name))
			add_impl(b, bes[i]->name, K_BACKEND, bes[i]);
	if (!b->nimpl) {
		fprintf(stderr, "vgc_bench: no back end named %s\n", only_be);
		return false;
	}
	/* the fastest back end again, with its text in two pieces */
	add_impl(b, "gather", K_GATHER, b->impls[0].be);
	b->kernel = MAX_IMPLS;
#ifdef VGC_BENCH_KERNEL
	/* with VGCRYPTO_HIDE_CPU=avx512 the kernel's path is its AVX2 one */
	if (vgc_kt_usable(!vgc_cpu_supports("avx512f"))) {
		b->kernel = b->nimpl;
		add_impl(b, "kernel", K_KERNEL, NULL);
	}
#endif
	b->openssl = b->nimpl;
	add_impl(b, "openssl", K_OPENSSL, NULL);

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
	unsigned int s, i;
	int a;

	if (!b)
		return 1;
	b->rounds = 101;
	b->batch_us = 40;
	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--rounds") && a + 1 < argc) {
			b->rounds = (unsigned int)atoi(argv[++a]);
		} else if (!strcmp(argv[a], "--batch-us") && a + 1 < argc) {
			b->batch_us = (unsigned int)atoi(argv[++a]);
		} else if (!strcmp(argv[a], "--backend") && a + 1 < argc) {
			only_be = argv[++a];
		} else if (!strcmp(argv[a], "--chacha")) {
			chacha = true;
		} else if (!strcmp(argv[a], "--quick")) {
			b->rounds = 21;
			b->batch_us = 20;
		} else {
			return usage_error(argv[a]);
		}
	}
	if (!b->rounds || b->rounds > MAX_ROUNDS || !b->batch_us)
		return usage_error(NULL);
	print_cpu();
	if (!setup(b, only_be))
		return 1;
#ifdef __x86_64__
	__builtin_cpu_init();
	have_avx512 = __builtin_cpu_supports("avx512f");
#endif
	if (chacha) {
		ok = !bench_chacha(b);
		goto out;
	}

	printf("vgc_bench: one-shot seal/open, AD %d bytes (as in TLS 1.2); %u rounds,\n"
	       "each a ~%u us batch of every implementation and operation, interleaved\n",
	       AD_LEN, b->rounds, b->batch_us);
	printf("vgc_bench: implementations:");
	for (i = 0; i < b->nimpl; i++)
		printf(" %s", b->impls[i].name);
	printf("%s\n", b->kernel < b->nimpl ? "" :
	       " (no kernel column: scripts/bench/kernel-asm.sh builds it)");
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
