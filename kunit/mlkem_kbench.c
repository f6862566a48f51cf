// SPDX-License-Identifier: GPL-2.0-only
/*
 * In-kernel ML-KEM figures, not a test: one encapsulation (akcipher
 * encrypt) and one decapsulation (kpp compute_shared_secret) through the
 * crypto API, per ML-KEM-768 driver of vgcrypto registered here, timed
 * with ktime (User-Mode Linux has no cycle counter). The drivers take
 * turns in small batches, round after round; each round's time per pair
 * is compared with the generic driver's in the same round, and the median
 * over rounds of that ratio is printed beside each driver's median time.
 * It prints "mlkem-kbench:" lines when it loads and then refuses to stay
 * loaded (-EAGAIN), as tcrypt does (scripts/bench/uml.sh).
 */
#include <crypto/akcipher.h>
#include <crypto/kpp.h>
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

#define KB_MAX_BES	4
#define KB_ROUNDS	101
#define KB_BATCH	8
#define KB_SS		VGC_MLKEM_SS_SIZE

struct kb_peer {
	const char *name;
	struct crypto_kpp *kpp;
	struct crypto_akcipher *ak;
	struct kpp_request *kr;
	struct akcipher_request *ar;
	u64 ns[KB_ROUNDS];		/* per pair, each round */
};

struct kb {
	struct kb_peer peer[KB_MAX_BES];
	unsigned int n;
	u8 seed[VGC_MLKEM_SEED_SIZE];
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 ct_ss[VGC_MLKEM_MAX_CT_SIZE + KB_SS];
	u8 ss[KB_SS];
	u64 tmp[KB_ROUNDS];
};

static int kb_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 kb_median(u64 *v)
{
	sort(v, KB_ROUNDS, sizeof(*v), kb_cmp, NULL);
	return v[KB_ROUNDS / 2];
}

/* One encapsulation and one decapsulation; 0 when both succeeded. */
static int kb_pair(struct kb *k, struct kb_peer *p, unsigned int ekl,
		   unsigned int ctl)
{
	struct scatterlist s, d;
	int err;

	sg_init_one(&d, k->ct_ss, ctl + KB_SS);
	akcipher_request_set_crypt(p->ar, NULL, &d, 0, ctl + KB_SS);
	err = crypto_akcipher_encrypt(p->ar);
	if (err)
		return err;
	sg_init_one(&s, k->ct_ss, ctl);
	sg_init_one(&d, k->ss, KB_SS);
	kpp_request_set_input(p->kr, &s, ctl);
	kpp_request_set_output(p->kr, &d, KB_SS);
	return crypto_kpp_compute_shared_secret(p->kr);
}

/* kpp and akcipher of driver mlkem768-vgcrypto-@be, keyed from k->seed */
static int kb_open(struct kb *k, struct kb_peer *p, const char *be,
		   unsigned int ekl)
{
	char name[CRYPTO_MAX_ALG_NAME];
	struct scatterlist d;
	int err;

	p->name = be;
	snprintf(name, sizeof(name), "mlkem768-vgcrypto-%s", be);
	p->kpp = crypto_alloc_kpp(name, 0, 0);
	if (IS_ERR(p->kpp))
		return PTR_ERR(p->kpp);
	snprintf(name, sizeof(name), "mlkem768-vgcrypto-%s-akcipher", be);
	p->ak = crypto_alloc_akcipher(name, 0, 0);
	if (IS_ERR(p->ak))
		return PTR_ERR(p->ak);
	p->kr = kpp_request_alloc(p->kpp, GFP_KERNEL);
	p->ar = akcipher_request_alloc(p->ak, GFP_KERNEL);
	if (!p->kr || !p->ar)
		return -ENOMEM;
	err = crypto_kpp_set_secret(p->kpp, k->seed, sizeof(k->seed));
	if (err)
		return err;
	sg_init_one(&d, k->ek, ekl);
	kpp_request_set_input(p->kr, NULL, 0);
	kpp_request_set_output(p->kr, &d, ekl);
	err = crypto_kpp_generate_public_key(p->kr);
	if (err)
		return err;
	return crypto_akcipher_set_pub_key(p->ak, k->ek, ekl);
}

static void kb_close(struct kb_peer *p)
{
	if (!IS_ERR_OR_NULL(p->kr))
		kpp_request_free(p->kr);
	if (!IS_ERR_OR_NULL(p->ar))
		akcipher_request_free(p->ar);
	if (!IS_ERR_OR_NULL(p->ak))
		crypto_free_akcipher(p->ak);
	if (!IS_ERR_OR_NULL(p->kpp))
		crypto_free_kpp(p->kpp);
}

static int kb_run(struct kb *k)
{
	unsigned int ekl = vgc_mlkem_ek_size(VGC_MLKEM768);
	unsigned int ctl = vgc_mlkem_ct_size(VGC_MLKEM768);
	struct kb_peer *gen = NULL, *p;
	unsigned int r, i, b;
	u64 t;
	int err;

	for (r = 0; r < KB_ROUNDS; r++) {
		for (i = 0; i < k->n; i++) {
			p = &k->peer[(r + i) % k->n];
			t = ktime_get_ns();
			for (b = 0; b < KB_BATCH; b++) {
				err = kb_pair(k, p, ekl, ctl);
				if (err)
					return err;
			}
			p->ns[r] = (ktime_get_ns() - t) / KB_BATCH;
		}
		cond_resched();
	}
	for (i = 0; i < k->n; i++)
		if (!strcmp(k->peer[i].name, "generic"))
			gen = &k->peer[i];
	pr_info("mlkem-kbench: ML-KEM-768 encaps + decaps through the crypto API, ns per pair, median of %u rounds of %u; ratio to generic, median of per-round ratios (x1000)\n",
		KB_ROUNDS, KB_BATCH);
	for (i = 0; i < k->n; i++) {
		p = &k->peer[i];
		for (r = 0; r < KB_ROUNDS && gen; r++)
			k->tmp[r] = div64_u64(p->ns[r] * 1000, gen->ns[r] ?: 1);
		t = gen ? kb_median(k->tmp) : 0;
		memcpy(k->tmp, p->ns, sizeof(k->tmp));
		pr_info("mlkem-kbench: %-8s %8llu ns  ratio %llu\n", p->name,
			kb_median(k->tmp), t);
	}
	return 0;
}

static int __init mlkem_kbench_init(void)
{
	const struct vgc_mlkem_backend *const *be;
	unsigned int ekl = vgc_mlkem_ek_size(VGC_MLKEM768), i;
	struct kb *k = kzalloc(sizeof(*k), GFP_KERNEL);
	int err = 0;

	if (!k)
		return -ENOMEM;
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		k->seed[i] = 0x40 + i;
	for (be = vgc_mlkem_backends; *be && k->n < KB_MAX_BES; be++) {
		err = kb_open(k, &k->peer[k->n], (*be)->name, ekl);
		if (err) {
			pr_info("mlkem-kbench: %s: not registered here (%d)\n",
				(*be)->name, err);
			kb_close(&k->peer[k->n]);
			memset(&k->peer[k->n], 0, sizeof(k->peer[0]));
			continue;
		}
		k->n++;
	}
	err = k->n ? kb_run(k) : -ENODEV;
	if (err)
		pr_info("mlkem-kbench: failed: %d\n", err);
	for (i = 0; i < k->n; i++)
		kb_close(&k->peer[i]);
	kfree_sensitive(k);
	return err ?: -EAGAIN;
}

module_init(mlkem_kbench_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ML-KEM-768 encaps + decaps through the crypto API, per vgcrypto driver (figures, not a test)");
