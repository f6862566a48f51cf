// SPDX-License-Identifier: GPL-2.0-only
/*
 * neon_check: what the shared ML-KEM suites cannot see of the arm64 back
 * end, run by scripts/check/harness-arm64.sh under qemu-aarch64 with CPU
 * models with and without FEAT_SHA3 and FEAT_DIT:
 *  - the back end's load-time choice: the SHA-3 Keccak exactly when the
 *    CPU has the extension;
 *  - both Keccak versions (the SHA-3 one where the CPU has it) against
 *    the portable permutation, two states at a time;
 *  - PSTATE.DIT: set inside an ML-KEM section, clear again after it, left
 *    set after it if it was set before; never touched (MRS of DIT would
 *    be undefined) on a CPU without FEAT_DIT;
 *  - a key pair, encapsulation and both decapsulations on neon, equal
 *    byte for byte to the portable back end's, with DIT clear after each;
 *  - the rejection sampler's index and count tables, recomputed from
 *    their definition.
 * Ends with "neon-check: N passed, N failed".
 *
 *   neon_check
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kcompat.h"
#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"
#include "sha3.h"
#include "../../arch/arm64/mlkem_neon.h"
#include "../../arch/arm64/mlkem_neon_tables.h"

/* the save area of the SIMD sections this file opens (lib/simd_save.h) */
static struct vgc_simd_save test_save;

static unsigned int passed, failed;

__printf(2, 3)
static void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s - ", ok ? "ok" : "not ok");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (ok)
		passed++;
	else
		failed++;
}

static u64 dit(void)
{
	u64 v;

	__asm__ __volatile__("mrs %0, S3_3_C4_C2_5" : "=r" (v));
	return v >> 24 & 1;
}

static void dit_set(bool on)
{
	if (on)
		__asm__ __volatile__(".inst 0xd503415f" : : : "memory");
	else
		__asm__ __volatile__(".inst 0xd503405f" : : : "memory");
}

static u64 rng = 0x6e656f6e2d63686bULL;

static u64 next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* @f on two interleaved states against vgc_keccak_f1600() on each */
static void keccak_vs_portable(void (*f)(u64 *s), const char *name)
{
	static u64 s[50], one[2][25];
	unsigned int it, i, j, bad = 0;

	for (it = 0; it < 100; it++) {
		for (i = 0; i < 50; i++)
			s[i] = it ? next() : 0;
		for (i = 0; i < 25; i++)
			for (j = 0; j < 2; j++)
				one[j][i] = s[2 * i + j];
		f(s);
		for (j = 0; j < 2; j++) {
			vgc_keccak_f1600(one[j]);
			for (i = 0; i < 25; i++)
				bad += one[j][i] != s[2 * i + j];
		}
	}
	check(!bad, "Keccak-f[1600] x2 %s as the portable one (100 pairs, %u words differ)",
	      name, bad);
}

struct kem_out {
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ss[VGC_MLKEM_SS_SIZE];
	u8 ss2[VGC_MLKEM_SS_SIZE];
	u8 ss3[VGC_MLKEM_SS_SIZE];
};

static struct vgc_mlkem_work work;

/* the three operations; *dit_after is DIT after each, ORed */
static int kem(const struct vgc_mlkem_backend *be, enum vgc_mlkem_set set,
	       struct kem_out *o, bool have_dit, u64 *dit_after)
{
	size_t ekl = vgc_mlkem_ek_size(set), dkl = vgc_mlkem_dk_size(set);
	size_t ctl = vgc_mlkem_ct_size(set);
	u8 seed[VGC_MLKEM_SEED_SIZE], m[VGC_MLKEM_MSG_SIZE];
	unsigned int i;
	int err;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (u8)(3 * i + set);
	for (i = 0; i < sizeof(m); i++)
		m[i] = (u8)(5 * i + 1);
	memset(o, 0, sizeof(*o));
	err = vgc_mlkem_keypair_derand_be(be, set, o->ek, ekl, o->dk, dkl,
					  seed, sizeof(seed), &work);
	*dit_after |= have_dit ? dit() : 0;
	err = err ?: vgc_mlkem_encaps_derand_be(be, set, o->ct, ctl, o->ss,
						o->ek, ekl, m, &work);
	*dit_after |= have_dit ? dit() : 0;
	err = err ?: vgc_mlkem_decaps_be(be, set, o->ss2, o->ct, ctl, o->dk,
					 dkl, &work);
	o->ct[ctl - 1] ^= 1;
	err = err ?: vgc_mlkem_decaps_be(be, set, o->ss3, o->ct, ctl, o->dk,
					 dkl, &work);
	*dit_after |= have_dit ? dit() : 0;
	return err;
}

/*
 * Mask m of accepted lanes (bit i: 16-bit lane i): the TBX indices put
 * the bytes of the accepted lanes first, in order, and 0xff (keep the
 * destination byte) after them; the count is the number of lanes.
 */
static void rej_tables_derived(void)
{
	unsigned int m, i, n, differ = 0;
	u8 want[16];

	for (m = 0; m < 256; m++) {
		memset(want, 0xff, sizeof(want));
		for (i = n = 0; i < 8; i++) {
			if (!(m >> i & 1))
				continue;
			want[2 * n] = 2 * i;
			want[2 * n + 1] = 2 * i + 1;
			n++;
		}
		differ += memcmp(want, mlkem_rej_idx[m], sizeof(want)) ||
			  mlkem_rej_count[m] != n;
	}
	check(!differ, "rejection tables as their definition (%u of 256 masks differ)",
	      differ);
}

int main(void)
{
	const struct vgc_mlkem_backend *const *b, *be = NULL;
	static struct kem_out on, og;
	bool have_sha3 = cpu_have_named_feature(SHA3);
	bool have_dit = cpu_have_named_feature(DIT);
	const char *why;
	u64 in, after;
	int set;

	printf("# CPU: %s SHA-3 extension, %s FEAT_DIT\n",
	       have_sha3 ? "with the" : "without the",
	       have_dit ? "with" : "without");
	for (b = vgc_mlkem_backends; *b; b++)
		if (!strcmp((*b)->name, "neon"))
			be = *b;
	check(be && be->usable && be->usable(&why),
	      "the neon ML-KEM back end is listed and usable");
	if (!be) {
		printf("neon-check: %u passed, %u failed\n", passed, failed + 1);
		return 1;
	}
	rej_tables_derived();
	check(vgc_keccak_x2_uses_sha3() == have_sha3,
	      "the load-time choice: %s Keccak",
	      vgc_keccak_x2_uses_sha3() ? "SHA-3" : "plain NEON");

	be->simd_begin(&test_save);
	keccak_vs_portable(vgc_keccak_x2_plain, "plain NEON");
	if (have_sha3)
		keccak_vs_portable(vgc_keccak_x2_sha3, "with EOR3/RAX1/XAR/BCAX");
	be->simd_end(&test_save);

	if (have_dit) {
		dit_set(false);
		be->simd_begin(&test_save);
		in = dit();
		be->simd_end(&test_save);
		after = dit();
		check(in == 1 && after == 0,
		      "DIT set inside a section (%llu), clear after it (%llu)",
		      in, after);
		dit_set(true);
		be->simd_begin(&test_save);
		in = dit();
		be->simd_end(&test_save);
		after = dit();
		dit_set(false);
		check(in == 1 && after == 1,
		      "with DIT set before: set inside (%llu), still set after (%llu)",
		      in, after);
	}

	for (set = VGC_MLKEM512; set <= VGC_MLKEM1024; set++) {
		int e1, e2;

		after = 0;
		e1 = kem(be, set, &on, have_dit, &after);
		e2 = kem(&vgc_mlkem_backend_generic, set, &og, false, &after);
		check(!e1 && !e2 && !memcmp(&on, &og, sizeof(on)) &&
		      !memcmp(on.ss, on.ss2, sizeof(on.ss)) &&
		      memcmp(on.ss, on.ss3, sizeof(on.ss)),
		      "set %d: neon keys, ciphertext, secrets as the portable ones",
		      set);
		if (have_dit)
			check(!after, "set %d: DIT clear after each operation", set);
	}
	printf("neon-check: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
