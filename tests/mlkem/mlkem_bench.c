// SPDX-License-Identifier: GPL-2.0-only
/*
 * mlkem_bench: KeyGen, Encaps and Decaps of every ML-KEM back end this
 * CPU runs (the module's list), paired with mlkem-native (its AVX2 build,
 * the same with -march=native, and its portable C, built at bench time
 * from ../shared/anchors: see mlkn_peer.c), all in this one process.
 * Its portable C twice: with its own flags (-O3, which lets the compiler
 * vectorize it with SSE2) and, as "mlkn-ck", with the same flags and
 * -mgeneral-regs-only, as the kernel compiles C (no vector registers):
 * the yardstick for the module's portable code, which runs only there.
 * Figures, not a test.
 *
 * Per parameter set and operation, each round gives every peer the same
 * fresh input and times a small batch of calls (the peers' order turns
 * from round to round); their outputs must be equal byte for byte. A
 * peer's figure is the median over rounds of its TSC cycles per call;
 * a ratio is the median over rounds of the two peers' ratio in that
 * round, so that a noisy stretch of time hits both sides of it.
 * Decapsulation alternates valid and corrupted ciphertexts.
 *
 *   mlkem_bench [--rounds N] [--batch N] [--prims]
 *
 * --prims adds each back end's Keccak and sampling primitives alone.
 * Last, the longest SIMD section (simd_begin to simd_end) of each SIMD
 * back end per operation, in cycles and in microseconds (the TSC's rate
 * measured against CLOCK_MONOTONIC): the module's bound on how long one
 * request keeps preemption off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kcompat.h"
#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"
#include "sha3.h"
#ifdef VGC_BENCH_MLKN
#include "mlkn_peer.h"

/* the save area of the SIMD sections this file opens (lib/simd_save.h) */
static struct vgc_simd_save test_save;
#endif

/* The time-stamp counter, where the compiler offers it (x86). */
#ifdef __has_builtin
#if __has_builtin(__builtin_ia32_rdtsc)
#define HAVE_TSC 1
#endif
#endif
#ifndef HAVE_TSC
#define HAVE_TSC 0
#endif

static u64 now(void)
{
#if HAVE_TSC
	/* the loads and stores before it are done (lfence orders rdtsc) */
	__builtin_ia32_lfence();
	return __builtin_ia32_rdtsc();
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
#endif
}

#define MAX_PEERS	8
#define MAX_ROUNDS	5000

enum mlkem_op { KEYGEN, ENCAPS, DECAPS, NOPS };

static const char *const op_names[NOPS] = { "keygen", "encaps", "decaps" };
static const char *const set_names[] = { "512", "768", "1024" };

struct peer {
	const char *name;
	const struct vgc_mlkem_backend *be;	/* vgcrypto's; or: */
	int (*keypair)(unsigned int set, u8 *ek, u8 *dk, const u8 seed[64]);
	int (*encaps)(unsigned int set, u8 *ct, u8 *ss, const u8 *ek,
		      const u8 m[32]);
	int (*decaps)(unsigned int set, u8 *ss, const u8 *ct, const u8 *dk);
	/* this round's outputs */
	u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE], ss[VGC_MLKEM_SS_SIZE];
	double cyc[MAX_ROUNDS];		/* per call, each round */
};

static struct peer peers[MAX_PEERS];
static unsigned int npeers;
static struct vgc_mlkem_work work;
/* the round's inputs */
static u8 in_seed[64], in_m[32], in_ek[VGC_MLKEM_MAX_EK_SIZE];
static u8 in_dk[VGC_MLKEM_MAX_DK_SIZE], in_ct[VGC_MLKEM_MAX_CT_SIZE];

static int run_op(struct peer *p, enum mlkem_op op, unsigned int set)
{
	size_t el = vgc_mlkem_ek_size(set), dl = vgc_mlkem_dk_size(set);
	size_t cl = vgc_mlkem_ct_size(set);

	if (p->be) {
		switch (op) {
		case KEYGEN:
			return vgc_mlkem_keypair_derand_be(p->be, set, p->ek, el,
							   p->dk, dl, in_seed,
							   64, &work);
		case ENCAPS:
			return vgc_mlkem_encaps_derand_be(p->be, set, p->ct, cl,
							  p->ss, in_ek, el,
							  in_m, &work);
		default:
			return vgc_mlkem_decaps_be(p->be, set, p->ss, in_ct,
						   cl, in_dk, dl, &work);
		}
	}
	switch (op) {
	case KEYGEN:
		return p->keypair(set, p->ek, p->dk, in_seed);
	case ENCAPS:
		return p->encaps(set, p->ct, p->ss, in_ek, in_m);
	default:
		return p->decaps(set, p->ss, in_ct, in_dk);
	}
}

/* the outputs of @op by @p and @q equal? */
static bool same_output(const struct peer *p, const struct peer *q,
			enum mlkem_op op, unsigned int set)
{
	switch (op) {
	case KEYGEN:
		return !memcmp(p->ek, q->ek, vgc_mlkem_ek_size(set)) &&
		       !memcmp(p->dk, q->dk, vgc_mlkem_dk_size(set));
	case ENCAPS:
		return !memcmp(p->ct, q->ct, vgc_mlkem_ct_size(set)) &&
		       !memcmp(p->ss, q->ss, VGC_MLKEM_SS_SIZE);
	default:
		return !memcmp(p->ss, q->ss, VGC_MLKEM_SS_SIZE);
	}
}

static u64 rng_state = 0x6d6c6b656d2d6265ULL;

static void fill(u8 *b, size_t n)
{
	u64 z;

	while (n--) {
		z = (rng_state += 0x9e3779b97f4a7c15ULL);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		*b++ = (u8)(z ^ (z >> 31));
	}
}

/* The round's inputs: a key pair and a ciphertext made by peer 0. */
static int make_inputs(unsigned int set, unsigned int round)
{
	size_t el = vgc_mlkem_ek_size(set), dl = vgc_mlkem_dk_size(set);
	size_t cl = vgc_mlkem_ct_size(set);
	struct peer *p = &peers[0];

	fill(in_seed, sizeof(in_seed));
	fill(in_m, sizeof(in_m));
	if (run_op(p, KEYGEN, set))
		return -1;
	memcpy(in_ek, p->ek, el);
	memcpy(in_dk, p->dk, dl);
	if (run_op(p, ENCAPS, set))
		return -1;
	memcpy(in_ct, p->ct, cl);
	/* every other round, a ciphertext that is implicitly rejected */
	if (round & 1)
		in_ct[round % cl] ^= 1 << (round % 8);
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double ratio_median(const struct peer *p, const struct peer *q,
			   unsigned int rounds)
{
	static double r[MAX_ROUNDS];
	unsigned int i;

	for (i = 0; i < rounds; i++)
		r[i] = p->cyc[i] / q->cyc[i];
	return median(r, rounds);
}

static struct peer *find_peer(const char *name)
{
	unsigned int i;

	for (i = 0; i < npeers; i++)
		if (!strcmp(peers[i].name, name))
			return &peers[i];
	return NULL;
}

static void print_cpu(void)
{
	char line[512], model[256] = "unknown";
	int family = -1, mod = -1;
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "model name", 10) && strchr(line, ':'))
			snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
		else if (!strncmp(line, "cpu family", 10) && strchr(line, ':'))
			family = atoi(strchr(line, ':') + 1);
		else if (!strncmp(line, "model\t", 6) && strchr(line, ':'))
			mod = atoi(strchr(line, ':') + 1);
		else if (line[0] == '\n')
			break;	/* the first CPU is enough */
	}
	if (f)
		fclose(f);
	model[strcspn(model, "\n")] = 0;
	printf("CPU: %s (family 0x%x, model 0x%x)%s%s%s\n", model, family, mod,
	       __builtin_cpu_supports("avx2") ? ", AVX2" : "",
	       __builtin_cpu_supports("avx512f") ? ", AVX-512F" : "",
	       __builtin_cpu_supports("avx512vbmi2") ? ", VBMI2" : "");
}

/* Each back end's primitives alone: median cycles of 101 runs of 20. */
static void bench_prims(void)
{
	/* with the permutations' scratch (lib/mlkem_backend.h) */
	static u64 s[VGC_KECCAK_PAR_WORDS], one[VGC_KECCAK_X1_WORDS];
	static s16 p[VGC_MLKEM_N];
	static u8 buf[3 * 168];
	const struct vgc_mlkem_backend *const *be;
	double t[101];
	unsigned int r, k;
	const char *why;
	u64 c;

#define PRIM(label, call) do {						\
		for (r = 0; r < 101; r++) {				\
			c = now();					\
			for (k = 0; k < 20; k++)			\
				call;					\
			t[r] = (double)(now() - c) / 20;		\
		}							\
		printf("  %-10s %-34s %8.0f\n", (*be)->name, label,	\
		       median(t, 101));					\
	} while (0)

	fill(buf, sizeof(buf));
	fill((u8 *)s, sizeof(s));
	printf("\nprimitives, cycles per call (median of 101 runs of 20):\n");
	for (be = vgc_mlkem_backends; *be; be++) {
		if ((*be)->usable && !(*be)->usable(&why))
			continue;
		if ((*be)->simd_begin)
			(*be)->simd_begin(&test_save);
		PRIM((*be)->keccak_lanes == 1 ? "keccak x1" :
		     (*be)->keccak_lanes == 4 ? "keccak_par (4 states)" :
						"keccak_par (8 states)",
		     (*be)->keccak_par(s));
		if ((*be)->keccak_x1)
			PRIM("keccak_x1", (*be)->keccak_x1(one));
		PRIM("rej_uniform, one 168-byte block",
		     (*be)->rej_uniform(p, 0, buf, 168));
		PRIM("rej_uniform, to 256 from 504 bytes",
		     (*be)->rej_uniform(p, 0, buf, 504));
		PRIM("cbd eta 2", (*be)->cbd(p, buf, 2));
		PRIM("cbd eta 3", (*be)->cbd(p, buf, 3));
		if ((*be)->simd_end)
			(*be)->simd_end(&test_save);
	}
#undef PRIM
}

static void add_peers(void)
{
	const struct vgc_mlkem_backend *const *be;
	static char names[MAX_PEERS][32];
	const char *why;

	for (be = vgc_mlkem_backends; *be && npeers < MAX_PEERS - 3; be++) {
		if ((*be)->usable && !(*be)->usable(&why)) {
			printf("vgcrypto %s: not run here: %s\n", (*be)->name,
			       why);
			continue;
		}
		snprintf(names[npeers], sizeof(names[npeers]), "vgc-%s",
			 (*be)->name);
		peers[npeers].name = names[npeers];
		peers[npeers++].be = *be;
	}
#ifdef VGC_BENCH_MLKN
	/* its AVX2 code needs AVX2 and BMI2 (its host detection's flags) */
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")) {
		peers[npeers].name = "mlkn-avx2";
		peers[npeers].keypair = mlkn_avx2_keypair;
		peers[npeers].encaps = mlkn_avx2_encaps;
		peers[npeers++].decaps = mlkn_avx2_decaps;
		/* as it builds for its published figures: -march=native */
		peers[npeers].name = "mlkn-native";
		peers[npeers].keypair = mlkn_native_keypair;
		peers[npeers].encaps = mlkn_native_encaps;
		peers[npeers++].decaps = mlkn_native_decaps;
	}
	peers[npeers].name = "mlkn-c";
	peers[npeers].keypair = mlkn_c_keypair;
	peers[npeers].encaps = mlkn_c_encaps;
	peers[npeers++].decaps = mlkn_c_decaps;
	peers[npeers].name = "mlkn-ck";
	peers[npeers].keypair = mlkn_ck_keypair;
	peers[npeers].encaps = mlkn_ck_encaps;
	peers[npeers++].decaps = mlkn_ck_decaps;
#else
	printf("mlkem-native: not built in (../shared/anchors/mlkem-native missing)\n");
#endif
}

/* the ratios printed: each vgcrypto back end against each yardstick */
static void print_ratios(unsigned int rounds, char *out, size_t len)
{
	struct peer *yard[4] = { find_peer("mlkn-avx2"), find_peer("mlkn-native"),
				 find_peer("mlkn-c"), find_peer("mlkn-ck") };
	unsigned int i, y;
	bool c_yard;
	int n = 0;

	out[0] = 0;
	for (y = 0; y < 4; y++) {
		if (!yard[y])
			continue;
		for (i = 0; i < npeers; i++) {
			if (!peers[i].be)
				continue;
			/* the portable code against the portable yardstick */
			c_yard = y >= 2;
			if (c_yard != !peers[i].be->simd_begin)
				continue;
			n += snprintf(out + n, len - n, " %s/%s %.2f",
				      peers[i].be->name, yard[y]->name + 5,
				      ratio_median(&peers[i], yard[y], rounds));
		}
	}
}

/* One line of the table: every peer on @rounds fresh inputs. */
static unsigned int bench_op(unsigned int set, enum mlkem_op op,
			     unsigned int rounds, unsigned int batch)
{
	static double v[MAX_ROUNDS];
	unsigned int round, i, k, failed = 0;
	char ratios[512];
	struct peer *p;
	int r;
	u64 c;

	for (round = 0; round < rounds; round++) {
		if (make_inputs(set, round)) {
			printf("FAIL: %s could not make inputs\n", peers[0].name);
			return 1;
		}
		for (i = 0; i < npeers; i++) {
			p = &peers[(round + i) % npeers];
			r = 0;
			c = now();
			for (k = 0; k < batch; k++)
				r |= run_op(p, op, set);
			p->cyc[round] = (double)(now() - c) / batch;
			if (r && failed++ < 10)
				printf("FAIL: %s %s returned %d\n", p->name,
				       op_names[op], r);
		}
		for (i = 1; i < npeers; i++) {
			if (same_output(&peers[0], &peers[i], op, set))
				continue;
			if (failed++ < 10)
				printf("FAIL: ML-KEM-%s %s, round %u: %s and %s differ\n",
				       set_names[set], op_names[op], round,
				       peers[0].name, peers[i].name);
		}
	}
	print_ratios(rounds, ratios, sizeof(ratios));
	printf("%-6s %-7s", set_names[set], op_names[op]);
	for (i = 0; i < npeers; i++) {
		memcpy(v, peers[i].cyc, rounds * sizeof(double));
		printf(" %11.0f", median(v, rounds));
	}
	printf(" %s\n", ratios);
	fflush(stdout);
	return failed;
}

/* the back end under section timing: its begin and end, and the longest */
static const struct vgc_mlkem_backend *timed_be;
static u64 section_start, section_max;

static void timed_begin(struct vgc_simd_save *save)
{
	timed_be->simd_begin(save);
	section_start = now();
}

static void timed_end(struct vgc_simd_save *save)
{
	u64 t = now() - section_start;

	timed_be->simd_end(save);
	if (t > section_max)
		section_max = t;
}

/* TSC ticks per microsecond, over 50 ms of CLOCK_MONOTONIC */
static double ticks_per_us(void)
{
	struct timespec a, b;
	u64 c0, c1;
	double ns;

	clock_gettime(CLOCK_MONOTONIC, &a);
	c0 = now();
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	} while (ns < 5e7);
	c1 = now();
	return (double)(c1 - c0) / (ns / 1000);
}

/*
 * The longest section per back end, set and operation over @rounds
 * fresh inputs: the median and the 99th percentile over calls of a
 * call's longest section. In user space a section can be preempted or
 * interrupted (the kernel's runs with preemption off), so the maximum
 * over calls measures the machine's noise more than the code; it is
 * printed too.
 */
static void bench_sections(unsigned int rounds)
{
	static struct vgc_mlkem_backend timed;
	static double v[MAX_ROUNDS];
	double tpu = HAVE_TSC ? ticks_per_us() : 1000;
	unsigned int i, set, round;
	double worst, med, p99;
	enum mlkem_op op;
	struct peer *p;
	u64 all;

	printf("\nlongest SIMD section (simd_begin to simd_end), %s; %.0f ticks/us\n",
	       HAVE_TSC ? "TSC cycles" : "ns", tpu);
	printf("%-10s %-6s %-7s %9s %9s %9s %10s\n", "back end", "ML-KEM",
	       "op", "median", "median us", "p99 us", "max");
	for (i = 0; i < npeers; i++) {
		p = &peers[i];
		if (!p->be || !p->be->simd_begin)
			continue;
		timed = *p->be;
		timed_be = p->be;
		timed.simd_begin = timed_begin;
		timed.simd_end = timed_end;
		worst = 0;
		for (set = 0; set < 3; set++) {
			for (op = KEYGEN; op < NOPS; op++) {
				all = 0;
				for (round = 0; round < rounds; round++) {
					if (make_inputs(set, round))
						return;
					p->be = &timed;
					section_max = 0;
					run_op(p, op, set);
					p->be = timed_be;
					v[round] = (double)section_max;
					if (section_max > all)
						all = section_max;
				}
				med = median(v, rounds);	/* sorts v */
				p99 = v[rounds - 1 - rounds / 100];
				printf("%-10s %-6s %-7s %9.0f %9.2f %9.2f %10llu\n",
				       timed_be->name, set_names[set],
				       op_names[op], med, med / tpu, p99 / tpu,
				       (unsigned long long)all);
				if (med / tpu > worst)
					worst = med / tpu;
			}
		}
		printf("%-10s longest section (median): %.2f us\n",
		       timed_be->name, worst);
	}
}

int main(int argc, char **argv)
{
	unsigned int rounds = 301, batch = 4, set, i, failed = 0;
	bool prims = false;
	enum mlkem_op op;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--rounds") && i + 1 < (unsigned int)argc) {
			rounds = strtoul(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--batch") &&
			   i + 1 < (unsigned int)argc) {
			batch = strtoul(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--prims")) {
			prims = true;
		} else {
			fprintf(stderr,
				"usage: %s [--rounds N] [--batch N] [--prims]\n",
				argv[0]);
			return 2;
		}
	}
	if (!rounds || rounds > MAX_ROUNDS || !batch) {
		fprintf(stderr, "rounds 1..%u, batch >= 1\n", MAX_ROUNDS);
		return 2;
	}

	printf("mlkem_bench: %s per call, median of %u rounds of %u calls per peer,\n",
	       HAVE_TSC ? "TSC cycles" : "nanoseconds", rounds, batch);
	printf("peers interleaved, outputs compared\n");
	print_cpu();
	add_peers();
	printf("ratio: median over rounds of (vgcrypto back end / mlkem-native)\n\n");
	printf("%-6s %-7s", "ML-KEM", "op");
	for (i = 0; i < npeers; i++)
		printf(" %11s", peers[i].name);
	printf("  ratios\n");

	for (set = 0; set < 3; set++)
		for (op = KEYGEN; op < NOPS; op++)
			failed += bench_op(set, op, rounds, batch);
	if (prims)
		bench_prims();
	bench_sections(rounds);
	if (failed)
		printf("\nFAIL: %u outputs differed or calls failed\n", failed);
	return failed ? 1 : 0;
}
