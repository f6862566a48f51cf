// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgcrypto_mlkem_stress.ko: ML-KEM under load from every CPU at once, for
 * the SMP stress guest (tests/stress/guest.sh). Loading it runs, for
 * seconds= seconds, threads= kthreads (default: two per online CPU, bound
 * to the CPUs in turn), each going round every parameter set on every
 * registered back end, with tfms and requests allocated and freed every
 * round:
 *
 *  - a key pair from a fresh seed through the exported per-set function
 *    and through the kpp driver (set_secret, generate_public_key): the
 *    same ek;
 *  - encapsulation through the akcipher driver and the exported
 *    function, each with a fresh m: the akcipher's ct decapsulates (kpp)
 *    to its K, the exported function's is decapsulated below;
 *  - decapsulation through kpp, akcipher (set_priv_key with dk) and the
 *    exported function: K each time; with one ciphertext bit flipped, the
 *    same rejection secret from all three, and not K;
 *  - one request on a kpp tfm all threads share (keyed once): its K.
 *
 * Meanwhile a timer decapsulates in softirq context, on whichever CPU it
 * fires, with the caller-work-area function, every few milliseconds (at
 * most a fifth of one CPU's time).
 * The load returns when the time is up: 0 if every check passed, else
 * -EIO, with one summary line in the kernel log either way. Meanwhile
 * vgcrypto cannot be unloaded: this module uses its exported functions.
 */
#include <crypto/akcipher.h>
#include <crypto/kpp.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/version.h>

#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

#define SS		VGC_MLKEM_SS_SIZE
#define MAX_THREADS	64
#define MAX_REPORTS	10

static unsigned int seconds = 60;
module_param(seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "how long the load runs (default 60)");
static unsigned int threads;
module_param(threads, uint, 0444);
MODULE_PARM_DESC(threads, "kthreads (default: two per online CPU)");

static const struct {
	enum vgc_mlkem_set set;
	unsigned int bits;
	int (*keypair)(u8 *ek, u8 *dk, const u8 *seed);
	int (*encaps)(u8 *ct, u8 *ss, const u8 *ek);
	int (*decaps)(u8 *ss, const u8 *ct, const u8 *dk);
} sets[] = {
	{ VGC_MLKEM512, 512, vgc_mlkem512_keypair, vgc_mlkem512_encaps,
	  vgc_mlkem512_decaps },
	{ VGC_MLKEM768, 768, vgc_mlkem768_keypair, vgc_mlkem768_encaps,
	  vgc_mlkem768_decaps },
	{ VGC_MLKEM1024, 1024, vgc_mlkem1024_keypair, vgc_mlkem1024_encaps,
	  vgc_mlkem1024_decaps },
};

/* One key, ciphertext and secret (ML-KEM-512) for the shared uses. */
struct fixed {
	u8 ek[VGC_MLKEM512_EK_SIZE];
	u8 dk[VGC_MLKEM512_DK_SIZE];
	u8 ct[VGC_MLKEM512_CT_SIZE];
	u8 ss[SS];
};

static struct stress {
	unsigned long end;		/* jiffies */
	const struct vgc_mlkem_backend *bes[8];
	unsigned int nbe;
	struct fixed *fx;
	struct crypto_kpp *shared;	/* keyed with fx->dk */
	struct timer_list timer;
	struct vgc_mlkem_work *twork;	/* the timer's */
	u8 tct[VGC_MLKEM512_CT_SIZE];	/* its copy of fx->ct */
	u8 tss[SS];
	bool timer_on;
	atomic_t errors;
	atomic_t reports;
	atomic_long_t rounds;
	atomic_long_t checks;
	atomic_long_t softirq_rounds;
} st;

struct worker {
	struct completion done;
	unsigned int id;
	unsigned long rounds;
	u8 seed[VGC_MLKEM_SEED_SIZE];
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 ek2[VGC_MLKEM_MAX_EK_SIZE];
	u8 dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	u8 ctss[VGC_MLKEM_MAX_CT_SIZE + SS];
	u8 ss[SS];
	u8 ss2[SS];
	u8 ss3[SS];
	u8 ss4[SS];
};

static void check(bool ok, const char *what, unsigned int bits,
		  const char *be)
{
	atomic_long_inc(&st.checks);
	if (ok)
		return;
	atomic_inc(&st.errors);
	if (atomic_inc_return(&st.reports) <= MAX_REPORTS)
		pr_err("not ok - mlkem%u %s: %s (CPU %d)\n", bits, be, what,
		       raw_smp_processor_id());
}

static int kpp_do(struct kpp_request *r, bool pub, const u8 *src,
		  unsigned int slen, u8 *dst, unsigned int dlen)
{
	struct scatterlist s, d;

	sg_init_one(&d, dst, dlen);
	if (src)
		sg_init_one(&s, src, slen);
	kpp_request_set_input(r, src ? &s : NULL, slen);
	kpp_request_set_output(r, &d, dlen);
	return pub ? crypto_kpp_generate_public_key(r) :
		     crypto_kpp_compute_shared_secret(r);
}

static int ak_do(struct akcipher_request *r, bool enc, const u8 *src,
		 unsigned int slen, u8 *dst, unsigned int dlen)
{
	struct scatterlist s, d;

	if (slen)
		sg_init_one(&s, src, slen);
	sg_init_one(&d, dst, dlen);
	akcipher_request_set_crypt(r, slen ? &s : NULL, &d, slen, dlen);
	return enc ? crypto_akcipher_encrypt(r) : crypto_akcipher_decrypt(r);
}

/* One round: one set on one back end's drivers and the exported functions. */
static void round_once(struct worker *w, unsigned int si,
		       const struct vgc_mlkem_backend *be)
{
	unsigned int bits = sets[si].bits;
	unsigned int ekl = vgc_mlkem_ek_size(sets[si].set);
	unsigned int dkl = vgc_mlkem_dk_size(sets[si].set);
	unsigned int ctl = vgc_mlkem_ct_size(sets[si].set);
	char name[CRYPTO_MAX_ALG_NAME];
	struct crypto_kpp *kpp;
	struct crypto_akcipher *ak;
	struct kpp_request *kr = NULL;
	struct akcipher_request *ar = NULL;
	bool ok;

	snprintf(name, sizeof(name), "mlkem%u-vgcrypto-%s", bits, be->name);
	kpp = crypto_alloc_kpp(name, 0, 0);
	snprintf(name, sizeof(name), "mlkem%u-vgcrypto-%s-akcipher", bits,
		 be->name);
	ak = crypto_alloc_akcipher(name, 0, 0);
	ok = !IS_ERR(kpp) && !IS_ERR(ak);
	check(ok, "tfms allocated", bits, be->name);
	if (!ok)
		goto out;
	kr = kpp_request_alloc(kpp, GFP_KERNEL);
	ar = akcipher_request_alloc(ak, GFP_KERNEL);
	ok = kr && ar;
	check(ok, "requests allocated", bits, be->name);
	if (!ok)
		goto out;

	get_random_bytes(w->seed, sizeof(w->seed));
	/* key pair: exported function and kpp from the same seed */
	ok = !sets[si].keypair(w->ek, w->dk, w->seed) &&
	     !crypto_kpp_set_secret(kpp, w->seed, sizeof(w->seed)) &&
	     !kpp_do(kr, true, NULL, 0, w->ek2, ekl) &&
	     !memcmp(w->ek, w->ek2, ekl);
	check(ok, "key pair: exported function and kpp agree", bits, be->name);
	if (!ok)
		goto out;
	/*
	 * encapsulation, each with a fresh m: the akcipher's ct decapsulates
	 * (kpp) to its K; the exported function's is checked below
	 */
	ok = !sets[si].encaps(w->ct, w->ss, w->ek) &&
	     !crypto_akcipher_set_pub_key(ak, w->ek, ekl) &&
	     !ak_do(ar, true, NULL, 0, w->ctss, ctl + SS) &&
	     !kpp_do(kr, false, w->ctss, ctl, w->ss2, SS) &&
	     !memcmp(w->ss2, w->ctss + ctl, SS);
	check(ok, "encapsulation: exported function and akcipher", bits,
	      be->name);
	if (!ok)
		goto out;
	/* decapsulation three ways */
	ok = !kpp_do(kr, false, w->ct, ctl, w->ss2, SS) &&
	     !crypto_akcipher_set_priv_key(ak, w->dk, dkl) &&
	     !ak_do(ar, false, w->ct, ctl, w->ss3, SS) &&
	     !sets[si].decaps(w->ss4, w->ct, w->dk) &&
	     !memcmp(w->ss2, w->ss, SS) && !memcmp(w->ss3, w->ss, SS) &&
	     !memcmp(w->ss4, w->ss, SS);
	check(ok, "decapsulation: kpp, akcipher and exported function give K",
	      bits, be->name);
	/* implicit rejection, three ways alike */
	w->ct[w->rounds % ctl] ^= 1 << (w->rounds % 8);
	ok = !kpp_do(kr, false, w->ct, ctl, w->ss2, SS) &&
	     !ak_do(ar, false, w->ct, ctl, w->ss3, SS) &&
	     !sets[si].decaps(w->ss4, w->ct, w->dk) &&
	     !memcmp(w->ss2, w->ss3, SS) && !memcmp(w->ss2, w->ss4, SS) &&
	     memcmp(w->ss2, w->ss, SS);
	check(ok, "flipped ciphertext bit: the same rejection secret three ways",
	      bits, be->name);
out:
	kpp_request_free(kr);
	akcipher_request_free(ar);
	if (!IS_ERR(ak))
		crypto_free_akcipher(ak);
	if (!IS_ERR(kpp))
		crypto_free_kpp(kpp);
}

/* A request on the tfm every thread shares. */
static void shared_once(struct worker *w)
{
	struct kpp_request *r = kpp_request_alloc(st.shared, GFP_KERNEL);
	bool ok;

	ok = r && !kpp_do(r, false, st.fx->ct, sizeof(st.fx->ct), w->ss2, SS) &&
	     !memcmp(w->ss2, st.fx->ss, SS);
	check(ok, "request on the shared tfm gives its K", 512, "shared");
	kpp_request_free(r);
}

static int worker_fn(void *data)
{
	struct worker *w = data;
	unsigned int si = w->id % ARRAY_SIZE(sets), bi = w->id % st.nbe;

	while (time_before(jiffies, st.end)) {
		round_once(w, si, st.bes[bi]);
		shared_once(w);
		w->rounds++;
		si = (si + 1) % ARRAY_SIZE(sets);
		if (!si)
			bi = (bi + 1) % st.nbe;
		cond_resched();
	}
	atomic_long_add(w->rounds, &st.rounds);
	kthread_complete_and_exit(&w->done, 0);
}

/* softirq: the caller-work-area decapsulation, K and a rejection */
static void timer_fn(struct timer_list *t)
{
	struct stress *s = container_of(t, struct stress, timer);
	long n = atomic_long_inc_return(&s->softirq_rounds);
	unsigned long t0 = jiffies;
	bool flip = n & 1;
	bool ok, same;

	memcpy(s->tct, s->fx->ct, sizeof(s->tct));
	if (flip)
		s->tct[n % sizeof(s->tct)] ^= 0x40;
	ok = !vgc_mlkem_decaps(VGC_MLKEM512, s->tss, s->tct, sizeof(s->tct),
			       s->fx->dk, sizeof(s->fx->dk), s->twork);
	/* K for the ciphertext, another secret for the flipped one */
	same = !memcmp(s->tss, s->fx->ss, SS);
	ok = ok && same != flip;
	check(ok, "decapsulation in softirq context", 512, "timer");
	/*
	 * Again in 5 ms, or four times as long as this one took: under a
	 * slow emulator softirq must not take a whole CPU (a soft lockup)
	 */
	if (READ_ONCE(s->timer_on))
		mod_timer(&s->timer, jiffies + max(msecs_to_jiffies(5),
						   4 * (jiffies - t0 + 1)));
}

static void stop_timer(void)
{
	WRITE_ONCE(st.timer_on, false);
	/* 6.2 renamed del_timer_sync(); 6.15 dropped the old name */
#if KERNEL_VERSION(6, 2, 0) <= LINUX_VERSION_CODE
	timer_delete_sync(&st.timer);
#else
	del_timer_sync(&st.timer);
#endif
}

static bool registered(const struct vgc_mlkem_backend *be)
{
	char name[CRYPTO_MAX_ALG_NAME];

	snprintf(name, sizeof(name), "mlkem768-vgcrypto-%s", be->name);
	return crypto_has_alg(name, CRYPTO_ALG_TYPE_KPP, CRYPTO_ALG_TYPE_MASK);
}

static int __init stress_init(void)
{
	const struct vgc_mlkem_backend *const *be;
	struct worker *ws[MAX_THREADS];
	struct task_struct *t;
	unsigned int i, n, started = 0, cpu = 0;
	int err = -ENOMEM;
	char drv[CRYPTO_MAX_ALG_NAME];

	for (be = vgc_mlkem_backends; *be && st.nbe < ARRAY_SIZE(st.bes); be++)
		if (registered(*be))
			st.bes[st.nbe++] = *be;
	if (!st.nbe)
		return -ENODEV;
	n = threads ?: 2 * num_online_cpus();
	n = min_t(unsigned int, n, MAX_THREADS);

	st.fx = kmalloc(sizeof(*st.fx), GFP_KERNEL);
	st.twork = kmalloc(sizeof(*st.twork), GFP_KERNEL);
	if (!st.fx || !st.twork)
		goto free;
	err = vgc_mlkem512_keypair(st.fx->ek, st.fx->dk, NULL) ?:
	      vgc_mlkem512_encaps(st.fx->ct, st.fx->ss, st.fx->ek);
	if (err)
		goto free;
	snprintf(drv, sizeof(drv), "mlkem512-vgcrypto-%s", st.bes[0]->name);
	st.shared = crypto_alloc_kpp(drv, 0, 0);
	if (IS_ERR(st.shared)) {
		err = PTR_ERR(st.shared);
		st.shared = NULL;
		goto free;
	}
	err = crypto_kpp_set_secret(st.shared, st.fx->dk, sizeof(st.fx->dk));
	if (err)
		goto free;

	st.end = jiffies + seconds * HZ;
	timer_setup(&st.timer, timer_fn, 0);
	st.timer_on = true;
	mod_timer(&st.timer, jiffies + 1);
	for (i = 0; i < n; i++) {
		ws[i] = kzalloc(sizeof(*ws[i]), GFP_KERNEL);
		if (!ws[i])
			break;
		ws[i]->id = i;
		init_completion(&ws[i]->done);
		t = kthread_create(worker_fn, ws[i], "vgc-mlkem-stress/%u", i);
		if (IS_ERR(t)) {
			kfree(ws[i]);
			break;
		}
		kthread_bind(t, cpu);
		cpu = cpumask_next(cpu, cpu_online_mask);
		if (cpu >= nr_cpu_ids)
			cpu = cpumask_first(cpu_online_mask);
		wake_up_process(t);
		started++;
	}
	for (i = 0; i < started; i++) {
		wait_for_completion(&ws[i]->done);
		kfree_sensitive(ws[i]);
	}
	stop_timer();
	pr_info("%u threads on %u CPUs, %u back ends: %ld rounds, %ld in softirq, %ld checks, %d failed\n",
		started, num_online_cpus(), st.nbe, atomic_long_read(&st.rounds),
		atomic_long_read(&st.softirq_rounds),
		atomic_long_read(&st.checks), atomic_read(&st.errors));
	err = started == n && !atomic_read(&st.errors) ? 0 : -EIO;
free:
	if (st.shared)
		crypto_free_kpp(st.shared);
	kfree_sensitive(st.twork);
	kfree_sensitive(st.fx);
	return err;
}

static void __exit stress_exit(void)
{
}

module_init(stress_init);
module_exit(stress_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ML-KEM from every CPU at once: kpp, akcipher, exported functions, softirq (load test)");
