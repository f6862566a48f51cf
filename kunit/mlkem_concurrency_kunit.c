// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for vgcrypto's ML-KEM drivers under overlapping requests:
 * two kthreads sharing one tfm, and requests from softirq context landing
 * in the middle of requests on the same tfm. Each request must have its
 * own working memory (its request context); one shared between requests
 * crashes or gives wrong secrets here. Every case runs once per parameter
 * set and registered back end (mlkem_kunit.h).
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/version.h>

#include "mlkem_kunit.h"

/* ---- two threads, one tfm ---- */

struct worker {
	struct mk *t;
	struct completion done;
	unsigned int id;
	unsigned int rounds;
	unsigned int errors;
	u8 *buf;		/* ct || ss, ss: kmalloc()ed */
};

#define W_ROUNDS	100

static int worker_fn(void *data)
{
	struct worker *w = data;
	struct mk *t = w->t;
	struct kpp_request *kr = kpp_request_alloc(t->kpp, GFP_KERNEL);
	struct akcipher_request *ar = akcipher_request_alloc(t->ak, GFP_KERNEL);
	u8 *ctss = w->buf + 64, *ss = ctss + t->ctl + SS + 64;
	struct scatterlist s, d;
	unsigned int i;

	if (!kr || !ar) {
		w->errors++;
		goto out;
	}
	for (i = 0; i < W_ROUNDS; i++) {
		sg_init_one(&d, ctss, t->ctl + SS);
		akcipher_request_set_crypt(ar, NULL, &d, 0, t->ctl + SS);
		if (crypto_akcipher_encrypt(ar)) {
			w->errors++;
			continue;
		}
		/* let the other thread run between the two requests */
		usleep_range(10, 20);
		sg_init_one(&s, ctss, t->ctl);
		sg_init_one(&d, ss, SS);
		kpp_request_set_input(kr, &s, t->ctl);
		kpp_request_set_output(kr, &d, SS);
		if (crypto_kpp_compute_shared_secret(kr) ||
		    memcmp(ss, ctss + t->ctl, SS))
			w->errors++;
		w->rounds++;
	}
out:
	kpp_request_free(kr);
	akcipher_request_free(ar);
	complete(&w->done);
	return 0;
}

static void test_concurrent(struct kunit *test)
{
	struct mk *t = mk_new(test);
	struct worker *w = kunit_kcalloc(test, 2, sizeof(*w), GFP_KERNEL);
	struct scatterlist s1, d1, s2, d2;
	struct kpp_request *r2;
	struct task_struct *task;
	unsigned int i;
	u8 *buf2;

	KUNIT_ASSERT_NOT_NULL(test, w);
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 0x5c ^ i;
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->seed, 64), 0);
	KUNIT_ASSERT_EQ(test, ak_priv_set(t, t->seed, 64), 0);

	/*
	 * Two requests on one tfm, both set up before either runs, each
	 * with its own context: neither disturbs the other.
	 */
	buf2 = kunit_kzalloc(test, VGC_MLKEM_MAX_CT_SIZE + SS, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf2);
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct2, t->ss2, t->ek), 0);
	r2 = kpp_request_alloc(t->kpp, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r2);
	memcpy(buf2, t->ct2, t->ctl);
	sg_init_one(&s2, buf2, t->ctl);
	sg_init_one(&d2, buf2 + VGC_MLKEM_MAX_CT_SIZE, SS);
	kpp_request_set_input(r2, &s2, t->ctl);
	kpp_request_set_output(r2, &d2, SS);
	memcpy(t->in, t->ct, t->ctl);
	sg_init_one(&s1, t->in, t->ctl);
	sg_init_one(&d1, t->out, SS);
	kpp_request_set_input(t->kreq, &s1, t->ctl);
	kpp_request_set_output(t->kreq, &d1, SS);
	KUNIT_EXPECT_EQ(test, crypto_kpp_compute_shared_secret(r2), 0);
	KUNIT_EXPECT_EQ(test, crypto_kpp_compute_shared_secret(t->kreq), 0);
	KUNIT_EXPECT_EQ(test, crypto_kpp_compute_shared_secret(r2), 0);
	EXPECT_MEMEQ(test, t->out, t->ss, SS);
	EXPECT_MEMEQ(test, buf2 + VGC_MLKEM_MAX_CT_SIZE, t->ss2, SS);
	kpp_request_free(r2);

	for (i = 0; i < 2; i++) {
		w[i].t = t;
		w[i].id = i;
		init_completion(&w[i].done);
		w[i].buf = kunit_kzalloc(test, 2 * (VGC_MLKEM_MAX_CT_SIZE + 128),
					 GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, w[i].buf);
	}
	for (i = 0; i < 2; i++) {
		task = kthread_run(worker_fn, &w[i], "vgc-mlkem-%u", i);
		if (IS_ERR(task)) {
			KUNIT_FAIL(test, "kthread_run: %ld", PTR_ERR(task));
			complete(&w[i].done);
		}
	}
	for (i = 0; i < 2; i++) {
		wait_for_completion(&w[i].done);
		KUNIT_EXPECT_EQ_MSG(test, w[i].rounds, W_ROUNDS, "thread %u", i);
		KUNIT_EXPECT_EQ_MSG(test, w[i].errors, 0, "thread %u", i);
	}
}

/*
 * ---- requests from softirq context ----
 *
 * An hrtimer on the same tfm, landing in the middle of requests in
 * process context: on User-Mode Linux (one CPU, no preemption) this is
 * what makes requests overlap.
 */
struct irq_side {
	struct hrtimer timer;
	struct kpp_request *req;
	struct scatterlist s, d;
	u8 *ct;			/* ct, then the output */
	const u8 *want;
	unsigned int ctl;
	unsigned int runs;
	unsigned int errors;
	bool stop;
};

#define IRQ_PERIOD_NS	60000
#define IRQ_MIN_REQS	300
#define IRQ_MAX_REQS	100000

static enum hrtimer_restart irq_side_fn(struct hrtimer *h)
{
	struct irq_side *c = container_of(h, struct irq_side, timer);
	u8 *out = c->ct + VGC_MLKEM_MAX_CT_SIZE;

	memset(out, 0, SS);
	kpp_request_set_output(c->req, &c->d, SS);
	if (crypto_kpp_compute_shared_secret(c->req) || memcmp(out, c->want, SS))
		c->errors++;
	c->runs++;
	if (READ_ONCE(c->stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(h, ns_to_ktime(IRQ_PERIOD_NS));
	return HRTIMER_RESTART;
}

static void test_softirq_overlap(struct kunit *test)
{
	struct mk *t = mk_new(test);
	struct irq_side *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int i, wrong = 0;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->ct = kunit_kzalloc(test, VGC_MLKEM_MAX_CT_SIZE + SS, GFP_KERNEL);
	c->req = kpp_request_alloc(t->kpp, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->ct);
	KUNIT_ASSERT_NOT_NULL(test, c->req);
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		t->seed[i] = 0x3c ^ i;
	KUNIT_ASSERT_EQ(test, t->si->keypair(t->ek, t->dk, t->seed), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct, t->ss, t->ek), 0);
	KUNIT_ASSERT_EQ(test, t->si->encaps(t->ct2, t->ss2, t->ek), 0);
	KUNIT_ASSERT_EQ(test, kpp_key_set(t, t->dk, t->dkl), 0);

	/* the softirq side decapsulates ct2, this thread ct */
	memcpy(c->ct, t->ct2, t->ctl);
	c->want = t->ss2;
	c->ctl = t->ctl;
	sg_init_one(&c->s, c->ct, t->ctl);
	sg_init_one(&c->d, c->ct + VGC_MLKEM_MAX_CT_SIZE, SS);
	kpp_request_set_input(c->req, &c->s, t->ctl);
#if KERNEL_VERSION(6, 13, 0) <= LINUX_VERSION_CODE
	hrtimer_setup(&c->timer, irq_side_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL_SOFT);
#else
	hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	c->timer.function = irq_side_fn;
#endif
	hrtimer_start(&c->timer, ns_to_ktime(IRQ_PERIOD_NS),
		      HRTIMER_MODE_REL_SOFT);
	/*
	 * At least IRQ_MIN_REQS, and on until the timer has run: on a loaded
	 * host the softirq can be left to ksoftirqd, which a loop that never
	 * sleeps (no preemption under UML) starves, so past the minimum the
	 * loop yields now and then.
	 */
	for (i = 0; i < IRQ_MAX_REQS; i++) {
		if (i >= IRQ_MIN_REQS) {
			if (READ_ONCE(c->runs))
				break;
			cond_resched();
		}
		if (kpp_ss(t, t->ct, t->ctl, t->ctl, SS, i & 1) ||
		    memcmp(t->out, t->ss, SS))
			wrong++;
	}
	WRITE_ONCE(c->stop, true);
	hrtimer_cancel(&c->timer);
	kpp_request_free(c->req);
	kunit_info(test, "mlkem%u: %u requests, %u from softirq among them\n",
		   t->si->bits, i, c->runs);
	KUNIT_EXPECT_EQ(test, wrong, 0);
	KUNIT_EXPECT_EQ(test, c->errors, 0);
	KUNIT_EXPECT_GT(test, c->runs, 0);
}

static struct kunit_case vgc_mlkem_concurrency_cases[] = {
	KUNIT_CASE_PARAM(test_concurrent, mlkem_gen_params),
	KUNIT_CASE_PARAM(test_softirq_overlap, mlkem_gen_params),
	{}
};

static struct kunit_suite vgc_mlkem_concurrency_suite = {
	.name = "vgcrypto_mlkem_concurrency",
	.exit = mk_exit,
	.test_cases = vgc_mlkem_concurrency_cases,
};

kunit_test_suite(vgc_mlkem_concurrency_suite);
