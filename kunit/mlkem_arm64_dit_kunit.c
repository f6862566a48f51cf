// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the arm64 ML-KEM back end's sections and PSTATE.DIT
 * (arch/arm64/backends.c), built into vgcrypto_kunit.ko on arm64 and run
 * by scripts/check/kunit-arm64.sh in the 6.1 KUnit guest (-cpu max, which
 * has FEAT_DIT; 6.1 runs kernel code with DIT clear):
 *  - inside a neon ML-KEM section DIT is set, and after it DIT is what it
 *    was before (clear on 6.1);
 *  - a section entered with DIT already set leaves it set;
 *  - after key generation, encapsulation and decapsulation through the
 *    exported functions (which run on neon) DIT is what it was before.
 * Skipped, saying why, where the CPU has no FEAT_DIT or neon is not
 * registered.
 */
#include <kunit/test.h>
#include <linux/preempt.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/cpufeature.h>

#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

static u64 dit_read(void)
{
	u64 v;

	__asm__ __volatile__("mrs %0, S3_3_C4_C2_5" : "=r" (v));
	return v >> 24 & 1;
}

/* MSR DIT, #imm by its encoding */
static void dit_write(bool on)
{
	if (on)
		__asm__ __volatile__(".inst 0xd503415f" : : : "memory");
	else
		__asm__ __volatile__(".inst 0xd503405f" : : : "memory");
}

static const struct vgc_mlkem_backend *neon_or_skip(struct kunit *test)
{
	const struct vgc_mlkem_backend *const *be;
	const char *why;

	if (!cpu_have_named_feature(DIT))
		kunit_skip(test, "the CPU has no FEAT_DIT");
	for (be = vgc_mlkem_backends; *be; be++)
		if (!strcmp((*be)->name, "neon"))
			break;
	if (!*be || !(*be)->usable(&why))
		kunit_skip(test, "no usable neon ML-KEM back end");
	return *be;
}

static void dit_set_in_section(struct kunit *test)
{
	const struct vgc_mlkem_backend *be = neon_or_skip(test);
	struct vgc_simd_save save;
	u64 before, inside, after;

	preempt_disable();
	before = dit_read();
	be->simd_begin(&save);
	inside = dit_read();
	be->simd_end(&save);
	after = dit_read();
	preempt_enable();
	KUNIT_EXPECT_EQ_MSG(test, inside, 1ULL, "DIT inside the section");
	KUNIT_EXPECT_EQ_MSG(test, after, before, "DIT after the section");
}

static void dit_kept_when_set(struct kunit *test)
{
	const struct vgc_mlkem_backend *be = neon_or_skip(test);
	struct vgc_simd_save save;
	u64 before, inside, after;

	preempt_disable();
	before = dit_read();
	dit_write(true);
	be->simd_begin(&save);
	inside = dit_read();
	be->simd_end(&save);
	after = dit_read();
	dit_write(before);
	preempt_enable();
	KUNIT_EXPECT_EQ(test, inside, 1ULL);
	KUNIT_EXPECT_EQ_MSG(test, after, 1ULL,
			    "a section entered with DIT set cleared it");
}

struct dit_kem {
	struct vgc_mlkem_work work;
	u8 seed[VGC_MLKEM_SEED_SIZE];
	u8 m[VGC_MLKEM_MSG_SIZE];
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ss[VGC_MLKEM_SS_SIZE];
	u8 ss2[VGC_MLKEM_SS_SIZE];
};

static void dit_after_kem(struct kunit *test)
{
	enum vgc_mlkem_set set = VGC_MLKEM768;
	size_t ekl, dkl, ctl;
	struct dit_kem *k;
	u64 before;
	int err;

	neon_or_skip(test);
	k = kunit_kzalloc(test, sizeof(*k), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, k);
	memset(k->seed, 0x5c, sizeof(k->seed));
	memset(k->m, 0xa3, sizeof(k->m));
	ekl = vgc_mlkem_ek_size(set);
	dkl = vgc_mlkem_dk_size(set);
	ctl = vgc_mlkem_ct_size(set);
	before = dit_read();
	err = vgc_mlkem_keypair_derand(set, k->ek, ekl, k->dk, dkl, k->seed,
				       sizeof(k->seed), &k->work);
	KUNIT_ASSERT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, dit_read(), before);
	err = vgc_mlkem_encaps_derand(set, k->ct, ctl, k->ss, k->ek, ekl,
				      k->m, &k->work);
	KUNIT_ASSERT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, dit_read(), before);
	err = vgc_mlkem_decaps(set, k->ss2, k->ct, ctl, k->dk, dkl, &k->work);
	KUNIT_ASSERT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, dit_read(), before);
	KUNIT_EXPECT_EQ(test, memcmp(k->ss, k->ss2, sizeof(k->ss)), 0);
}

static struct kunit_case vgc_arm64_dit_cases[] = {
	KUNIT_CASE(dit_set_in_section),
	KUNIT_CASE(dit_kept_when_set),
	KUNIT_CASE(dit_after_kem),
	{}
};

static struct kunit_suite vgc_arm64_dit_suite = {
	.name = "vgcrypto_mlkem_arm64_dit",
	.test_cases = vgc_arm64_dit_cases,
};

kunit_test_suite(vgc_arm64_dit_suite);
