// SPDX-License-Identifier: GPL-2.0-only
/*
 * mlkem_bench: keygen, encaps and decaps of the portable code, per
 * parameter set: median TSC cycles (x86-64) and microseconds over
 * repeated runs, and operations per second. Figures, not a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kcompat.h"
#include <vgcrypto/mlkem.h>

/* The time-stamp counter, where the compiler offers it (x86). */
#ifdef __has_builtin
#if __has_builtin(__builtin_ia32_rdtsc)
#define HAVE_TSC 1
#endif
#endif
#ifndef HAVE_TSC
#define HAVE_TSC 0
#endif

static u64 cycles(void)
{
#if HAVE_TSC
	return __builtin_ia32_rdtsc();
#else
	return 0;
#endif
}

#define RUNS 1001

static u64 ns_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static struct vgc_mlkem_work work;
static u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
static u8 ct[VGC_MLKEM_MAX_CT_SIZE];
static u64 cyc[3][RUNS], ns[3][RUNS];

int main(void)
{
	static const char *const names[] = { "512", "768", "1024" };
	static const char *const ops[] = { "keygen", "encaps", "decaps" };
	u8 seed[64] = { 1 }, m[32] = { 2 }, ss[32];
	unsigned int set, i, op;
	size_t el, dl, cl;
	u64 c0, t0;

	printf("%-12s %-7s %12s %10s %10s\n", "set", "op", "cycles", "us",
	       "ops/s");
	for (set = 0; set < 3; set++) {
		el = vgc_mlkem_ek_size(set);
		dl = vgc_mlkem_dk_size(set);
		cl = vgc_mlkem_ct_size(set);
		for (i = 0; i < RUNS; i++) {
			seed[0] = (u8)i;
			m[0] = (u8)i;
			c0 = cycles();
			t0 = ns_now();
			vgc_mlkem_keypair_derand(set, ek, el, dk, dl, seed, 64,
						 &work);
			ns[0][i] = ns_now() - t0;
			cyc[0][i] = cycles() - c0;
			c0 = cycles();
			t0 = ns_now();
			vgc_mlkem_encaps_derand(set, ct, cl, ss, ek, el, m, &work);
			ns[1][i] = ns_now() - t0;
			cyc[1][i] = cycles() - c0;
			c0 = cycles();
			t0 = ns_now();
			vgc_mlkem_decaps(set, ss, ct, cl, dk, dl, &work);
			ns[2][i] = ns_now() - t0;
			cyc[2][i] = cycles() - c0;
		}
		for (op = 0; op < 3; op++) {
			qsort(cyc[op], RUNS, sizeof(u64), cmp_u64);
			qsort(ns[op], RUNS, sizeof(u64), cmp_u64);
			printf("ML-KEM-%-5s %-7s %12llu %10.1f %10.0f\n",
			       names[set], ops[op],
			       HAVE_TSC ? cyc[op][RUNS / 2] : 0ULL,
			       ns[op][RUNS / 2] / 1000.0,
			       1e9 / (double)ns[op][RUNS / 2]);
		}
	}
	return 0;
}
