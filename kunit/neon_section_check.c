// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgcrypto_neon_check.ko (arm64): the neon AEAD driver's NEON sections,
 * entered and left from task and from softirq context, for Debian's
 * stock kernels under QEMU, which have no KUnit (tests/arm64/
 * neon-sections.sh). When it loads, the loading task seals texts of
 * 4-16 KiB (several sections each) for VGC_RUN_MS, while a timer on
 * every CPU seals a short text in softirq context at every tick. From
 * 6.8 a softirq may use NEON inside a task's section (the kernel saves
 * the task's registers first, and from 6.19 into the area the softirq's
 * caller lent it: lib/simd_save.h); before, sections keep softirqs off.
 * One "vgcrypto_neon_check: ok - ..." or "not ok - ..." line per check;
 * the load fails with -EINVAL if one failed:
 *  - every task and every softirq output equals the portable driver's
 *    for the same input (a section whose registers were lost to a
 *    softirq's, or wiped before they were loaded back, gives another);
 *  - after every request, the save area in its context is zero (6.19 on:
 *    softirq requests that nested have had the task's registers in it);
 *  - after every task request, the task holds no NEON section
 *    (TIF_KERNEL_FPSTATE clear, from 6.8; no save area recorded, 6.19);
 *  - 6.19 on: softirq requests ran inside the task's sections (the
 *    nested path was taken at least once).
 */
#include <crypto/aead.h>
#include <crypto/internal/aead.h>	/* aead_request_ctx() */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/version.h>
#include <asm/thread_info.h>

#include "chacha20poly1305.h"

#define VGC_RUN_MS	3000
#define AD_LEN		13
#define SQ_LEN		512
#define TASK_MAX	16384
#define DRV		"rfc7539-chacha20-poly1305-vgcrypto-"

/* one per CPU: the softirq's request, text and expected output */
struct sq {
	struct timer_list timer;
	struct aead_request *req;
	struct scatterlist sg;
	u8 buf[AD_LEN + SQ_LEN + 16];
	unsigned long runs, wrong, unwiped, nested;
};

static DEFINE_PER_CPU(struct sq *, vgc_sq);
static struct crypto_aead *neon, *generic;
/* kmalloc'd, as everything a scatterlist names (not module data) */
static u8 *sq_want;
static struct task_struct *worker;
static bool stopping;
static int failed;

static const u8 key[32] = { 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87 };
static u8 nonce[12] = { 7, 0, 0, 0, 0x40, 0x41, 0x42, 0x43 };

__printf(2, 3)
static void check(bool ok, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_info("%s - %pV\n", ok ? "ok" : "not ok", &vaf);
	va_end(args);
	failed += !ok;
}

#if VGC_SIMD_SAVE_BYTES
/* the save area in a finished request's context: wiped? */
static bool area_wiped(struct aead_request *req)
{
	struct vgc_cp_req *r = aead_request_ctx(req);

	return !memchr_inv(PTR_ALIGN(&r->simd_save.area[0], 16), 0,
			   sizeof(struct user_fpsimd_state));
}
#else
/* before 6.19 the kernel saves into the task's own state, not ours */
static bool area_wiped(struct aead_request *req)
{
	return true;
}
#endif

static int seal(struct crypto_aead *tfm, struct aead_request *req,
		struct scatterlist *sg, u8 *buf, unsigned int len)
{
	aead_request_set_tfm(req, tfm);
	aead_request_set_callback(req, 0, NULL, NULL);
	sg_init_one(sg, buf, AD_LEN + len + 16);
	aead_request_set_crypt(req, sg, sg, len, nonce);
	aead_request_set_ad(req, AD_LEN);
	return crypto_aead_encrypt(req);
}

static void fill(u8 *buf, unsigned int len, unsigned int seed)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		buf[i] = i * 7 + seed;
}

static void sq_tick(struct timer_list *t)
{
	struct sq *q = container_of(t, struct sq, timer);

	/* in softirq: is the task it interrupted inside a NEON section? */
#ifdef TIF_KERNEL_FPSTATE
	if (current == worker && test_thread_flag(TIF_KERNEL_FPSTATE))
		q->nested++;
#endif
	fill(q->buf, AD_LEN + SQ_LEN, 1);
	q->wrong += seal(neon, q->req, &q->sg, q->buf, SQ_LEN) ||
		    memcmp(q->buf, sq_want, AD_LEN + SQ_LEN + 16);
	q->unwiped += !area_wiped(q->req);
	q->runs++;
	if (!READ_ONCE(stopping))
		mod_timer(t, jiffies + 1);
}

/* the task's part: texts of several sections, each against generic */
static void task_run(u8 *got, u8 *want, struct aead_request *req,
		     struct aead_request *greq)
{
	unsigned long end = jiffies + msecs_to_jiffies(VGC_RUN_MS);
	unsigned long n = 0, wrong = 0, unwiped = 0;
	unsigned long held __maybe_unused = 0;
	struct scatterlist sg, gsg;
	unsigned int len;

	do {
		len = 4096 + (n * 1237) % (TASK_MAX - 4096);
		fill(want, AD_LEN + len, n);
		memcpy(got, want, AD_LEN + len);
		wrong += seal(generic, greq, &gsg, want, len) ||
			 seal(neon, req, &sg, got, len) ||
			 memcmp(got, want, AD_LEN + len + 16);
		unwiped += !area_wiped(req);
#ifdef TIF_KERNEL_FPSTATE
		held += test_thread_flag(TIF_KERNEL_FPSTATE);
#endif
#if KERNEL_VERSION(6, 19, 0) <= LINUX_VERSION_CODE
		held += !!current->thread.kernel_fpsimd_state;
#endif
		n++;
		cond_resched();
	} while (time_before(jiffies, end));
	check(n && !wrong, "task: %lu seals of 4-16 KiB, %lu differ from generic",
	      n, wrong);
	if (VGC_SIMD_SAVE_BYTES)
		check(!unwiped, "task: %lu request save areas not wiped", unwiped);
#ifdef TIF_KERNEL_FPSTATE
	check(!held, "task: %lu times a NEON section still held after a request",
	      held);
#endif
}

static int sq_start(void)
{
	unsigned int cpu;
	struct sq *q;

	for_each_online_cpu(cpu) {
		q = kzalloc(sizeof(*q), GFP_KERNEL);
		if (!q)
			return -ENOMEM;
		per_cpu(vgc_sq, cpu) = q;
		q->req = aead_request_alloc(neon, GFP_KERNEL);
		if (!q->req)
			return -ENOMEM;
		timer_setup(&q->timer, sq_tick, TIMER_PINNED);
		q->timer.expires = jiffies + 1;
		add_timer_on(&q->timer, cpu);
	}
	return 0;
}

static void sq_stop(void)
{
	unsigned long runs = 0, wrong = 0, unwiped = 0, nested = 0;
	unsigned int cpu;
	struct sq *q;

	WRITE_ONCE(stopping, true);
	for_each_online_cpu(cpu) {
		q = per_cpu(vgc_sq, cpu);
		if (!q)
			continue;
		if (q->req) {
#if KERNEL_VERSION(6, 2, 0) <= LINUX_VERSION_CODE
			timer_delete_sync(&q->timer);
#else
			del_timer_sync(&q->timer);
#endif
			aead_request_free(q->req);
		}
		runs += q->runs;
		wrong += q->wrong;
		unwiped += q->unwiped;
		nested += q->nested;
		kfree(q);
		per_cpu(vgc_sq, cpu) = NULL;
	}
	check(runs && !wrong, "softirq: %lu seals of %u bytes, %lu differ from generic",
	      runs, SQ_LEN, wrong);
	if (VGC_SIMD_SAVE_BYTES)
		check(!unwiped, "softirq: %lu request save areas not wiped", unwiped);
	pr_info("# softirq: %lu of the seals ran inside the task's NEON sections\n",
		nested);
	if (KERNEL_VERSION(6, 19, 0) <= LINUX_VERSION_CODE)
		check(nested, "softirq: %lu seals nested in a task section (6.19 on)",
		      nested);
}

static int setup(struct crypto_aead **tfm, const char *name)
{
	*tfm = crypto_alloc_aead(name, 0, 0);
	if (IS_ERR(*tfm)) {
		pr_info("not ok - %s: %ld\n", name, PTR_ERR(*tfm));
		return PTR_ERR(*tfm);
	}
	return crypto_aead_setkey(*tfm, key, sizeof(key)) ?:
	       crypto_aead_setauthsize(*tfm, 16);
}

static int __init neon_check_init(void)
{
	struct aead_request *req = NULL, *greq = NULL;
	u8 *got = NULL, *want = NULL;
	struct scatterlist sg;
	int err;

	err = setup(&neon, DRV "neon") ?: setup(&generic, DRV "generic");
	if (err)
		goto out;
	err = -ENOMEM;
	got = kmalloc(AD_LEN + TASK_MAX + 16, GFP_KERNEL);
	want = kmalloc(AD_LEN + TASK_MAX + 16, GFP_KERNEL);
	sq_want = kmalloc(AD_LEN + SQ_LEN + 16, GFP_KERNEL);
	req = aead_request_alloc(neon, GFP_KERNEL);
	greq = aead_request_alloc(generic, GFP_KERNEL);
	if (!got || !want || !sq_want || !req || !greq)
		goto out;
	fill(sq_want, AD_LEN + SQ_LEN, 1);
	err = seal(generic, greq, &sg, sq_want, SQ_LEN);
	if (err)
		goto out;
	worker = current;
	err = sq_start();
	if (!err)
		task_run(got, want, req, greq);
	sq_stop();
	err = err ?: failed ? -EINVAL : 0;
out:
	aead_request_free(req);
	aead_request_free(greq);
	kfree(got);
	kfree(want);
	kfree(sq_want);
	if (!IS_ERR_OR_NULL(generic))
		crypto_free_aead(generic);
	if (!IS_ERR_OR_NULL(neon))
		crypto_free_aead(neon);
	return err;
}

static void __exit neon_check_exit(void)
{
}

module_init(neon_check_init);
module_exit(neon_check_exit);
MODULE_DESCRIPTION("vgcrypto: neon sections from task and softirq context (QEMU guests)");
MODULE_LICENSE("GPL");
