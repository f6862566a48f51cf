/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the ML-KEM KUnit suites share (mlkem_kunit.c, the drivers' answers;
 * mlkem_concurrency_kunit.c, requests that overlap): the parameters (each
 * parameter set on each registered back end), one case's memory and the
 * helpers that run one request on it.
 */
#ifndef VGC_MLKEM_KUNIT_H
#define VGC_MLKEM_KUNIT_H

#include <kunit/test.h>
#include <crypto/akcipher.h>
#include <crypto/kpp.h>
#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"
#include "sha3.h"

#define POISON		0x5a
#define OUT_SIZE	4096	/* larger than any output */
#define SS		VGC_MLKEM_SS_SIZE

/* 6.1's KUnit has no KUNIT_EXPECT_MEMEQ */
#define EXPECT_MEMEQ(test, a, b, n)					\
	KUNIT_EXPECT_TRUE_MSG(test, !memcmp(a, b, n), "%s differs from %s", \
			      #a, #b)
#define EXPECT_MEMNEQ(test, a, b, n)					\
	KUNIT_EXPECT_TRUE_MSG(test, memcmp(a, b, n), "%s equals %s", #a, #b)
#define EXPECT_MEMEQ_MSG(test, a, b, n, fmt, ...)			\
	KUNIT_EXPECT_TRUE_MSG(test, !memcmp(a, b, n), fmt, ##__VA_ARGS__)

struct mlkem_set_info {
	enum vgc_mlkem_set set;
	unsigned int bits;
	int (*keypair)(u8 *ek, u8 *dk, const u8 *seed);
	int (*encaps)(u8 *ct, u8 *ss, const u8 *ek);
	int (*decaps)(u8 *ss, const u8 *ct, const u8 *dk);
	const char *cctv;	/* the accumulated test's SHAKE-128 output, hex */
};

/* A case's parameter: one set on one back end's drivers. */
struct mlkem_param {
	const struct vgc_mlkem_backend *be;
	const struct mlkem_set_info *si;
};

/*
 * Every set on every back end of vgcrypto.ko's list whose drivers are
 * registered now; the portable back end is always there, so its absence
 * fails rather than vanishes.
 */
const void *mlkem_gen_params(const void *prev, char *desc);

/* Everything one case needs, kmalloc()ed (scatterlists need linear memory). */
struct mk {
	struct kunit *test;
	const struct mlkem_set_info *si;
	const struct vgc_mlkem_backend *be;	/* the drivers' back end */
	enum vgc_mlkem_set set;
	unsigned int ekl, dkl, ctl;
	struct crypto_kpp *kpp;
	struct crypto_akcipher *ak;
	struct kpp_request *kreq;
	struct akcipher_request *areq;
	unsigned int dst_len;	/* the request's dst_len after the call */
	char kpp_name[CRYPTO_MAX_ALG_NAME];
	char ak_name[CRYPTO_MAX_ALG_NAME];
	struct vgc_mlkem_work work;
	struct vgc_keccak kc;
	struct vgc_keccak kc2;
	u8 seed[VGC_MLKEM_SEED_SIZE];
	u8 m[VGC_MLKEM_MSG_SIZE];
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ct2[VGC_MLKEM_MAX_CT_SIZE];
	u8 ct_long[VGC_MLKEM_MAX_CT_SIZE + 1];	/* ct and one byte more */
	u8 ss[SS];
	u8 ss2[SS];
	u8 key[VGC_MLKEM_MAX_DK_SIZE + 64];	/* key material to set */
	u8 in[OUT_SIZE];
	u8 out[OUT_SIZE];
};

/* The case's memory and its tfms and requests (freed by mk_exit). */
struct mk *mk_new(struct kunit *test);
void mk_exit(struct kunit *test);

/* One piece, or (@split) three of unequal lengths */
struct scatterlist *mk_sg(struct scatterlist sg[3], void *buf,
			  unsigned int len, bool split);
/* Whether t->out is all poison from @from on. */
bool poisoned_from(struct mk *t, unsigned int from);

/*
 * One request each, output in t->out (poisoned first), t->dst_len set to
 * the request's dst_len after it; @have is how many bytes the source
 * list holds, which may differ from the length given, to test refusals.
 */
int kpp_pub(struct mk *t, unsigned int dst_len);
int kpp_ss(struct mk *t, const u8 *ct, unsigned int have,
	   unsigned int src_len, unsigned int dst_len, bool split);
int kpp_key_set(struct mk *t, const u8 *key, unsigned int len);
int ak_enc(struct mk *t, const u8 *m, unsigned int m_len,
	   unsigned int dst_len, bool split);
int ak_dec(struct mk *t, const u8 *ct, unsigned int have,
	   unsigned int src_len, unsigned int dst_len, bool split);
int ak_pub_set(struct mk *t, const u8 *key, unsigned int len);
/*
 * ML-KEM.Encaps_internal(@ek, @m) on the drivers' back end, into t->ct and
 * t->ss (exported to KUnit alone: FIPS 203 keeps it for testing).
 */
int enc_derand(struct mk *t, const u8 *ek, const u8 *m);
int ak_priv_set(struct mk *t, const u8 *key, unsigned int len);

#endif /* VGC_MLKEM_KUNIT_H */
