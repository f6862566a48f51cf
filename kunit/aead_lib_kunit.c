// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the AEAD's library calls (<vgcrypto/chacha20poly1305.h>,
 * crypto/aead_lib.c), which the libchacha20poly1305 replacement exports
 * under the kernel's names for WireGuard:
 *  - every length of a list crossing blocks, vector thresholds and a SIMD
 *    section, with and without AD: the flat encryption equals the
 *    generic rfc7539 driver's with the nonce 00 00 00 00 || le64(nonce),
 *    the scatterlist form (pieces cut inside blocks) equals the flat one,
 *    and both decrypt back;
 *  - a bit flipped anywhere in the message: both decryptions refuse and
 *    write nothing; a message shorter than its tag is refused;
 *  - XChaCha20 under key 00 .. 1f and the HChaCha20 nonce of
 *    draft-irtf-cfrg-xchacha-03 section 2.2.1 seals as ChaCha20 under
 *    that section's subkey;
 *  - calls from softirq context (an hrtimer) landing in the middle of a
 *    thread's calls give the right answers on both sides;
 *  - a 64 KiB call where a reschedule is always pending (a test hook
 *    stands for one) opens a window (preemption enabled, the state off
 *    its per-CPU slot) at least every 4 KiB of each pass, flat and in a
 *    scatterlist, and still gives the right bytes (kernels with
 *    preemption: the x86 debug kernel, arm64).
 */
#include <crypto/aead.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>
#include <kunit/test.h>

#include <vgcrypto/chacha20poly1305.h>

#include "vgc_base.h"
#include "chacha20poly1305.h"
#include "../crypto/vgc_glue.h"

#define MAXLEN		9000
#define TAG		VGC_LIB_TAG_SIZE

static const unsigned int lens[] = {
	0, 1, 15, 16, 63, 64, 65, 255, 256, 257, 320, 513, 1023, 1420, 4096,
	4097, MAXLEN,
};

struct lt {
	u8 key[VGC_LIB_KEY_SIZE];
	u8 ad[13];
	u8 pt[MAXLEN];
	u8 ct[MAXLEN + TAG];
	u8 ref[MAXLEN + TAG];
	u8 out[MAXLEN + TAG];
	struct scatterlist sg[4];
};

static void fill(u8 *p, unsigned int n, unsigned int seed)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		p[i] = (u8)(seed + 29 * i + (i >> 7));
}

/* the generic rfc7539 driver's seal, the 64-bit nonce in the RFC's form */
static int driver_seal(struct kunit *test, struct lt *t, unsigned int len,
		       unsigned int adlen, u64 nonce)
{
	struct crypto_aead *tfm;
	struct aead_request *req;
	struct scatterlist s[2], d[2];
	DECLARE_CRYPTO_WAIT(wait);
	u8 iv[12] = { 0 }, *ad = kunit_kzalloc(test, 16, GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, 2 * (MAXLEN + TAG), GFP_KERNEL);
	int err;

	KUNIT_ASSERT_NOT_NULL(test, ad);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	tfm = crypto_alloc_aead("rfc7539-chacha20-poly1305-vgcrypto-generic", 0, 0);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm);
	req = aead_request_alloc(tfm, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	put_unaligned_le64(nonce, iv + 4);
	memcpy(ad, t->ad, adlen);
	memcpy(buf, t->pt, len);
	/* the AD's entry only where there is AD: the text starts at assoclen */
	sg_init_table(s, adlen ? 2 : 1);
	sg_init_table(d, adlen ? 2 : 1);
	if (adlen) {
		sg_set_buf(&s[0], ad, adlen);
		sg_set_buf(&d[0], ad, adlen);
	}
	sg_set_buf(&s[adlen ? 1 : 0], buf, len + TAG);
	sg_set_buf(&d[adlen ? 1 : 0], buf + MAXLEN + TAG, len + TAG);
	err = crypto_aead_setkey(tfm, t->key, sizeof(t->key)) ?:
	      crypto_aead_setauthsize(tfm, TAG);
	if (!err) {
		aead_request_set_callback(req, 0, crypto_req_done, &wait);
		aead_request_set_ad(req, adlen);
		aead_request_set_crypt(req, s, d, len, iv);
		err = crypto_wait_req(crypto_aead_encrypt(req), &wait);
	}
	if (!err)
		memcpy(t->ref, buf + MAXLEN + TAG, len + TAG);
	aead_request_free(req);
	crypto_free_aead(tfm);
	return err;
}

/* len bytes (and room for the tag) of t->ct in three pieces */
static void split(struct lt *t, unsigned int len, unsigned int cut)
{
	unsigned int a = min(cut, len + TAG), b = min(a + 3 * cut + 1, len + TAG);

	sg_init_table(t->sg, 3);
	sg_set_buf(&t->sg[0], t->ct, a ? a : 1);
	sg_set_buf(&t->sg[1], t->ct + a, b - a ? b - a : 1);
	sg_set_buf(&t->sg[2], t->ct + b, len + TAG - b ? len + TAG - b : 1);
}

/* @n bytes at @got must be @want's */
static void expect_mem(struct kunit *test, const u8 *got, const u8 *want,
		       unsigned int n, const char *what, unsigned int len)
{
	KUNIT_EXPECT_EQ_MSG(test, memcmp(got, want, n), 0, "%s of %u bytes", what, len);
}

/* t->pt's first @len bytes, in t->ct and described by t->sg, sealed in place and back */
static void sg_round_trip(struct kunit *test, struct lt *t, unsigned int len,
			  unsigned int adlen, u64 nonce, const char *what)
{
	bool ok;

	ok = vgc_chacha20poly1305_encrypt_sg_inplace(t->sg, len, t->ad, adlen,
						     nonce, t->key);
	KUNIT_EXPECT_TRUE_MSG(test, ok, "%s seal of %u bytes", what, len);
	expect_mem(test, t->ct, t->ref, len + TAG, what, len);
	ok = vgc_chacha20poly1305_decrypt_sg_inplace(t->sg, len + TAG, t->ad,
						     adlen, nonce, t->key);
	KUNIT_EXPECT_TRUE_MSG(test, ok, "%s open of %u bytes", what, len);
	expect_mem(test, t->ct, t->pt, len, what, len);
}

static void test_lengths(struct kunit *test)
{
	struct lt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	unsigned int i, adlen, len;
	bool ok;
	u64 nonce;
	int err;

	KUNIT_ASSERT_NOT_NULL(test, t);
	fill(t->key, sizeof(t->key), 1);
	fill(t->ad, sizeof(t->ad), 2);
	fill(t->pt, MAXLEN, 3);
	for (adlen = 0; adlen <= sizeof(t->ad); adlen += sizeof(t->ad)) {
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			len = lens[i];
			nonce = 0x0102030405060708ULL * (i + 1) + adlen;
			err = driver_seal(test, t, len, adlen, nonce);
			KUNIT_ASSERT_EQ_MSG(test, err, 0, "generic driver at %u", len);
			vgc_chacha20poly1305_encrypt(t->out, t->pt, len, t->ad,
						     adlen, nonce, t->key);
			expect_mem(test, t->out, t->ref, len + TAG, "flat seal", len);
			memset(t->ct, 0, sizeof(t->ct));
			ok = vgc_chacha20poly1305_decrypt(t->ct, t->out, len + TAG,
							  t->ad, adlen, nonce,
							  t->key);
			KUNIT_EXPECT_TRUE(test, ok);
			expect_mem(test, t->ct, t->pt, len, "flat open", len);

			memcpy(t->ct, t->pt, len);
			split(t, len, 7 + i * 13);
			sg_round_trip(test, t, len, adlen, nonce, "scatterlist");
			/* one entry: the flat path */
			memcpy(t->ct, t->pt, len);
			sg_init_one(t->sg, t->ct, len + TAG);
			sg_round_trip(test, t, len, adlen, nonce, "one-entry");
		}
	}
}

static void test_refusals(struct kunit *test)
{
	struct lt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	static const unsigned int n[] = { 0, 64, 1420 };
	unsigned int i, bit, len, all;
	const u64 nonce = 42;
	const u8 *ad;
	bool ok;

	KUNIT_ASSERT_NOT_NULL(test, t);
	ad = t->ad;
	fill(t->key, sizeof(t->key), 4);
	fill(t->ad, sizeof(t->ad), 5);
	fill(t->pt, MAXLEN, 6);
	for (i = 0; i < ARRAY_SIZE(n); i++) {
		len = n[i];
		all = len + TAG;
		vgc_chacha20poly1305_encrypt(t->ref, t->pt, len, ad,
					     sizeof(t->ad), nonce, t->key);
		for (bit = 0; bit < 8 * all; bit += 8 * all / 5 + 3) {
			memcpy(t->ct, t->ref, all);
			t->ct[bit / 8] ^= 1 << (bit % 8);
			memset(t->out, 0x5a, all);
			ok = vgc_chacha20poly1305_decrypt(t->out, t->ct, all, ad,
							  sizeof(t->ad), nonce,
							  t->key);
			KUNIT_EXPECT_FALSE(test, ok);
			KUNIT_EXPECT_FALSE_MSG(test, memchr_inv(t->out, 0x5a, all),
					       "a refused flat open of %u wrote", len);
			memcpy(t->out, t->ct, all);
			split(t, len, 5);
			ok = vgc_chacha20poly1305_decrypt_sg_inplace(t->sg, all, ad,
								     sizeof(t->ad),
								     nonce, t->key);
			KUNIT_EXPECT_FALSE(test, ok);
			expect_mem(test, t->ct, t->out, all,
				   "a refused in-place open (unchanged)", len);
			sg_init_one(t->sg, t->ct, all);
			ok = vgc_chacha20poly1305_decrypt_sg_inplace(t->sg, all, ad,
								     sizeof(t->ad),
								     nonce, t->key);
			KUNIT_EXPECT_FALSE(test, ok);
			expect_mem(test, t->ct, t->out, all,
				   "a refused one-entry open (unchanged)", len);
		}
		/* the wrong nonce, and a wrong AD, are refused too */
		ok = vgc_chacha20poly1305_decrypt(t->out, t->ref, all, ad,
						  sizeof(t->ad), nonce + 1, t->key);
		KUNIT_EXPECT_FALSE(test, ok);
		ok = vgc_chacha20poly1305_decrypt(t->out, t->ref, all, ad,
						  sizeof(t->ad) - 1, nonce, t->key);
		KUNIT_EXPECT_FALSE(test, ok);
	}
	ok = vgc_chacha20poly1305_decrypt(t->out, t->ref, TAG - 1, NULL, 0,
					  nonce, t->key);
	KUNIT_EXPECT_FALSE(test, ok);
	sg_init_one(t->sg, t->ct, TAG - 1);
	ok = vgc_chacha20poly1305_decrypt_sg_inplace(t->sg, TAG - 1, NULL, 0,
						     nonce, t->key);
	KUNIT_EXPECT_FALSE(test, ok);
	/* a list shorter than the message plus its tag: refused, not overrun */
	sg_init_one(t->sg, t->ct, 100);
	ok = vgc_chacha20poly1305_encrypt_sg_inplace(t->sg, 100, NULL, 0, nonce,
						     t->key);
	KUNIT_EXPECT_FALSE(test, ok);
}

/* draft-irtf-cfrg-xchacha-03 section 2.2.1 */
static const u8 hchacha_nonce[16] = {
	0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x4a,
	0x00, 0x00, 0x00, 0x00, 0x31, 0x41, 0x59, 0x27,
};

static const u8 hchacha_subkey[32] = {
	0x82, 0x41, 0x3b, 0x42, 0x27, 0xb2, 0x7b, 0xfe,
	0xd3, 0x0e, 0x42, 0x50, 0x8a, 0x87, 0x7d, 0x73,
	0xa0, 0xf9, 0xe4, 0xd5, 0x8a, 0x74, 0xa8, 0x53,
	0xc1, 0x2e, 0xc4, 0x13, 0x26, 0xd3, 0xec, 0xdc,
};

static void test_xchacha(struct kunit *test)
{
	struct lt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 xnonce[VGC_LIB_XNONCE_SIZE];
	const u64 nonce = 0x1122334455667788ULL;
	unsigned int i, len, all;
	bool ok;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (i = 0; i < sizeof(t->key); i++)
		t->key[i] = i;
	fill(t->ad, sizeof(t->ad), 7);
	fill(t->pt, MAXLEN, 8);
	memcpy(xnonce, hchacha_nonce, sizeof(hchacha_nonce));
	put_unaligned_le64(nonce, xnonce + 16);
	for (i = 0; i < ARRAY_SIZE(lens); i += 4) {
		len = lens[i];
		all = len + TAG;
		vgc_chacha20poly1305_encrypt(t->ref, t->pt, len, t->ad,
					     sizeof(t->ad), nonce, hchacha_subkey);
		vgc_xchacha20poly1305_encrypt(t->ct, t->pt, len, t->ad,
					      sizeof(t->ad), xnonce, t->key);
		expect_mem(test, t->ct, t->ref, all, "XChaCha20-Poly1305", len);
		ok = vgc_xchacha20poly1305_decrypt(t->out, t->ct, all, t->ad,
						   sizeof(t->ad), xnonce, t->key);
		KUNIT_EXPECT_TRUE(test, ok);
		expect_mem(test, t->out, t->pt, len, "XChaCha20-Poly1305 open", len);
		t->ct[len] ^= 0x10;
		memset(t->out, 0x77, all);
		ok = vgc_xchacha20poly1305_decrypt(t->out, t->ct, all, t->ad,
						   sizeof(t->ad), xnonce, t->key);
		KUNIT_EXPECT_FALSE(test, ok);
		KUNIT_EXPECT_FALSE(test, memchr_inv(t->out, 0x77, all));
	}
}

/* ---- calls from softirq context in the middle of a thread's ---- */

#define SOFT_PERIOD_NS	20000
#define SOFT_LEN	1420

struct soft {
	struct hrtimer timer;
	u8 key[VGC_LIB_KEY_SIZE];
	u8 pt[SOFT_LEN];
	u8 ref[SOFT_LEN + TAG];
	u8 ct[SOFT_LEN + TAG];
	u8 out[SOFT_LEN];
	unsigned int runs, errors;
	bool stop;
};

static enum hrtimer_restart soft_fn(struct hrtimer *h)
{
	struct soft *c = container_of(h, struct soft, timer);

	if (READ_ONCE(c->stop))
		return HRTIMER_NORESTART;
	vgc_chacha20poly1305_encrypt(c->ct, c->pt, SOFT_LEN, NULL, 0, 7, c->key);
	if (memcmp(c->ct, c->ref, sizeof(c->ct)) ||
	    !vgc_chacha20poly1305_decrypt(c->out, c->ct, sizeof(c->ct), NULL, 0,
					  7, c->key) ||
	    memcmp(c->out, c->pt, SOFT_LEN))
		c->errors++;
	c->runs++;
	hrtimer_forward_now(h, ns_to_ktime(SOFT_PERIOD_NS));
	return HRTIMER_RESTART;
}

static void test_softirq(struct kunit *test)
{
	struct soft *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct lt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	unsigned int i, wrong = 0;

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, t);
	fill(c->key, sizeof(c->key), 9);
	fill(c->pt, SOFT_LEN, 10);
	vgc_chacha20poly1305_encrypt(c->ref, c->pt, SOFT_LEN, NULL, 0, 7, c->key);
	fill(t->key, sizeof(t->key), 11);
	fill(t->pt, MAXLEN, 12);
	vgc_chacha20poly1305_encrypt(t->ref, t->pt, MAXLEN, t->ad, sizeof(t->ad),
				     9, t->key);
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
	hrtimer_setup(&c->timer, soft_fn, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
#else
	hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	c->timer.function = soft_fn;
#endif
	hrtimer_start(&c->timer, ns_to_ktime(SOFT_PERIOD_NS), HRTIMER_MODE_REL_SOFT);
	for (i = 0; i < 2000 && (i < 50 || !READ_ONCE(c->runs)); i++) {
		vgc_chacha20poly1305_encrypt(t->ct, t->pt, MAXLEN, t->ad,
					     sizeof(t->ad), 9, t->key);
		if (memcmp(t->ct, t->ref, MAXLEN + TAG) ||
		    !vgc_chacha20poly1305_decrypt(t->out, t->ct, MAXLEN + TAG,
						  t->ad, sizeof(t->ad), 9, t->key) ||
		    memcmp(t->out, t->pt, MAXLEN))
			wrong++;
		if (i >= 50)
			cond_resched();
	}
	WRITE_ONCE(c->stop, true);
	hrtimer_cancel(&c->timer);
	kunit_info(test, "%u calls in the thread, %u from softirq among them (%s)\n",
		   i, c->runs, vgc_chacha20poly1305_backend());
	KUNIT_EXPECT_EQ(test, wrong, 0);
	KUNIT_EXPECT_EQ(test, c->errors, 0);
	KUNIT_EXPECT_GT(test, c->runs, 0);
}

/* ---- a long call lets the task be preempted between pieces ---- */

#define WIN_LEN		(64 * 1024)
#define WIN_STRETCH	4096

static unsigned int win_count, win_not_preemptible;

/*
 * In each window: is preemption enabled there? (With the hook set, every
 * stop takes a window, as on a CPU where a reschedule is always pending.)
 */
static void win_hook(void)
{
	win_count++;
	if (!preemptible())
		win_not_preemptible++;
}

struct win {
	u8 key[VGC_LIB_KEY_SIZE];
	u8 pt[WIN_LEN];
	u8 ref[WIN_LEN + TAG];
	u8 ct[WIN_LEN + TAG];
	u8 out[WIN_LEN + TAG];
	struct scatterlist sg[3];
};

/* @what's windows: at least one per stretch of each pass, all preemptible */
static void win_expect(struct kunit *test, unsigned int passes,
		       const char *what)
{
	unsigned int want = passes * (WIN_LEN / WIN_STRETCH - 1);

	KUNIT_EXPECT_GE_MSG(test, win_count, want,
			    "%s of %u bytes: %u windows", what, WIN_LEN, win_count);
	KUNIT_EXPECT_EQ_MSG(test, win_not_preemptible, 0U,
			    "%s: windows where preemption stayed off", what);
	win_count = 0;
	win_not_preemptible = 0;
}

static void test_preempt_windows(struct kunit *test)
{
	struct win *w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	const unsigned int cut = 5000;
	bool ok;

	if (!IS_ENABLED(CONFIG_PREEMPT_COUNT) || !IS_ENABLED(CONFIG_PREEMPTION))
		kunit_skip(test, "without preemption, preempt_enable() never preempts");
	KUNIT_ASSERT_NOT_NULL(test, w);
	fill(w->key, sizeof(w->key), 13);
	fill(w->pt, WIN_LEN, 14);
	vgc_chacha20poly1305_encrypt(w->ref, w->pt, WIN_LEN, NULL, 0, 5, w->key);

	vgc_lib_set_test_hook(win_hook);
	win_count = 0;
	win_not_preemptible = 0;
	vgc_chacha20poly1305_encrypt(w->ct, w->pt, WIN_LEN, NULL, 0, 5, w->key);
	win_expect(test, 1, "flat seal");
	ok = vgc_chacha20poly1305_decrypt(w->out, w->ct, WIN_LEN + TAG, NULL, 0,
					  5, w->key);
	win_expect(test, 2, "flat open");
	KUNIT_EXPECT_TRUE(test, ok);
	KUNIT_EXPECT_EQ(test, memcmp(w->ct, w->ref, WIN_LEN + TAG), 0);
	KUNIT_EXPECT_EQ(test, memcmp(w->out, w->pt, WIN_LEN), 0);

	/* in place in a list of three pieces, cut inside blocks */
	memcpy(w->ct, w->pt, WIN_LEN);
	sg_init_table(w->sg, 3);
	sg_set_buf(&w->sg[0], w->ct, cut);
	sg_set_buf(&w->sg[1], w->ct + cut, 7 * cut);
	sg_set_buf(&w->sg[2], w->ct + 8 * cut, WIN_LEN + TAG - 8 * cut);
	ok = vgc_chacha20poly1305_encrypt_sg_inplace(w->sg, WIN_LEN, NULL, 0, 5,
						     w->key);
	win_expect(test, 1, "scatterlist seal");
	KUNIT_EXPECT_TRUE(test, ok);
	KUNIT_EXPECT_EQ(test, memcmp(w->ct, w->ref, WIN_LEN + TAG), 0);
	ok = vgc_chacha20poly1305_decrypt_sg_inplace(w->sg, WIN_LEN + TAG, NULL,
						     0, 5, w->key);
	win_expect(test, 2, "scatterlist open");
	KUNIT_EXPECT_TRUE(test, ok);
	KUNIT_EXPECT_EQ(test, memcmp(w->ct, w->pt, WIN_LEN), 0);
	vgc_lib_set_test_hook(NULL);
	kunit_info(test, "%s: a window every %u bytes at most\n",
		   vgc_chacha20poly1305_backend(), WIN_STRETCH);
}

/*
 * The open buffers (vgc_open_buf()): a softirq that runs inside a task's
 * buffered open on the same CPU (arm64 from 6.19 lets it take NEON
 * there) must get a buffer other than the task's. The softirq runs at
 * local_bh_enable(), with preemption held off, on this CPU.
 */
static u8 *bufs_softirq;

static void bufs_tasklet_fn(struct tasklet_struct *t)
{
	bufs_softirq = vgc_open_buf();
}

static void test_open_buffers(struct kunit *test)
{
	struct tasklet_struct *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 *task;

	KUNIT_ASSERT_NOT_NULL(test, t);
	tasklet_setup(t, bufs_tasklet_fn);
	bufs_softirq = NULL;
	preempt_disable();
	task = vgc_open_buf();
	local_bh_disable();
	tasklet_schedule(t);
	local_bh_enable();
	KUNIT_EXPECT_PTR_EQ(test, task, vgc_open_buf());
	preempt_enable();
	tasklet_kill(t);
	KUNIT_ASSERT_NOT_NULL(test, bufs_softirq);
	KUNIT_EXPECT_PTR_NE(test, task, bufs_softirq);
	/* the two lie apart, whole */
	KUNIT_EXPECT_TRUE(test, bufs_softirq >= task + VGC_CP_OPEN_ROOM ||
			  task >= bufs_softirq + VGC_CP_OPEN_ROOM);
}

static struct kunit_case vgc_aead_lib_cases[] = {
	KUNIT_CASE(test_lengths),
	KUNIT_CASE(test_refusals),
	KUNIT_CASE(test_xchacha),
	KUNIT_CASE(test_softirq),
	KUNIT_CASE(test_preempt_windows),
	KUNIT_CASE(test_open_buffers),
	{}
};

static struct kunit_suite vgc_aead_lib_suite = {
	.name = "vgcrypto_aead_lib",
	.test_cases = vgc_aead_lib_cases,
};

kunit_test_suite(vgc_aead_lib_suite);
