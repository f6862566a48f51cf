// SPDX-License-Identifier: GPL-2.0-only
/*
 * In-kernel figures for the library calls WireGuard makes, not a test:
 * the kernel's own lib/crypto/chacha20poly1305.c on its x86 SIMD ChaCha20
 * and Poly1305 (built for User-Mode Linux by
 * scripts/bench/kernel-x86-uml.sh as kchacha20poly1305.ko, its exports
 * renamed kchacha20poly1305_*, linked against that build's
 * Module.symvers: VGC_LIB_KBENCH=1 and KBUILD_EXTRA_SYMBOLS, as
 * scripts/bench/uml.sh builds it) against vgcrypto's
 * (<vgcrypto/chacha20poly1305.h>, what the libchacha20poly1305
 * replacement forwards to). Packets as WireGuard seals and opens them: in
 * place, one scatterlist entry, no AD, a 64-bit nonce. The two take turns
 * in short batches, the first changing every round; each round's kernel
 * time is divided by vgcrypto's: the median and quartiles of those paired
 * ratios are printed beside each side's median time per packet. It
 * prints "lib-kbench:" lines and then refuses to stay loaded (-EAGAIN).
 */
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include <vgcrypto/chacha20poly1305.h>

/* the kernel's declarations, under kchacha20poly1305.ko's names */
#define chacha20poly1305_encrypt_sg_inplace kchacha20poly1305_encrypt_sg_inplace
#define chacha20poly1305_decrypt_sg_inplace kchacha20poly1305_decrypt_sg_inplace
#include <crypto/chacha20poly1305.h>

typedef bool (*lk_fn)(struct scatterlist *src, size_t src_len, const u8 *ad,
		      size_t ad_len, u64 nonce, const u8 *key);

#define LK_ROUNDS	201
#define LK_TAG		16
#define LK_BATCH_BYTES	SZ_64K
#define LK_BATCH_MIN	16
#define LK_MAX		4096
#define LK_SLOT(len)	ALIGN((len) + LK_TAG, 64)

static const unsigned int lk_sizes[] = { 64, 256, 1420, 4096 };

struct lk {
	lk_fn fn[2][2];			/* [side][seal, open] */
	u64 ns[2][2][LK_ROUNDS];	/* [side][op][round] */
	u64 tmp[LK_ROUNDS];
	u8 key[32];
	u8 pt[LK_MAX + LK_TAG];
	u8 ct[LK_MAX + LK_TAG];
	u8 *slots;
	struct scatterlist *sg;
	unsigned int nslots;
};

static unsigned int lk_batch(unsigned int len)
{
	return max_t(unsigned int, LK_BATCH_MIN, LK_BATCH_BYTES / len);
}

static int lk_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 lk_rank(u64 *v, unsigned int q)
{
	sort(v, LK_ROUNDS, sizeof(*v), lk_cmp, NULL);
	return v[(LK_ROUNDS - 1) * q / 4];
}

/* one batch: every slot gets @rec, then @op on each; ns, or 0 on failure */
static u64 lk_batch_ns(struct lk *k, unsigned int side, unsigned int op,
		       unsigned int len)
{
	unsigned int n = lk_batch(len), i;
	const u8 *rec = op ? k->ct : k->pt;
	u64 t;

	for (i = 0; i < n; i++)
		memcpy(k->slots + i * LK_SLOT(len), rec, len + LK_TAG);
	t = ktime_get_ns();
	for (i = 0; i < n; i++)
		if (!k->fn[side][op](&k->sg[i], op ? len + LK_TAG : len, NULL, 0,
				     0, k->key))
			return 0;
	t = ktime_get_ns() - t;
	/* the other side's answer, in the last slot written */
	if (memcmp(k->slots + (n - 1) * LK_SLOT(len), op ? k->pt : k->ct,
		   op ? len : len + LK_TAG))
		return 0;
	return t ?: 1;
}

static int lk_size(struct lk *k, unsigned int len)
{
	unsigned int n = lk_batch(len), r, i, op, side;
	u64 t[2][2], q[2][3];

	for (i = 0; i < n; i++)
		sg_init_one(&k->sg[i], k->slots + i * LK_SLOT(len), len + LK_TAG);
	memcpy(k->ct, k->pt, len);
	sg_init_one(&k->sg[0], k->ct, len + LK_TAG);
	if (!k->fn[0][0](&k->sg[0], len, NULL, 0, 0, k->key))
		return -EINVAL;
	sg_init_one(&k->sg[0], k->slots, len + LK_TAG);
	for (r = 0; r < LK_ROUNDS; r++) {
		for (op = 0; op < 2; op++) {
			for (i = 0; i < 2; i++) {
				side = (r + i) & 1;
				k->ns[side][op][r] = lk_batch_ns(k, side, op, len);
				if (!k->ns[side][op][r]) {
					pr_info("lib-kbench: %s %s of %u bytes failed\n",
						side ? "vgcrypto" : "kernel",
						op ? "open" : "seal", len);
					return -EBADMSG;
				}
			}
		}
		cond_resched();
	}
	for (op = 0; op < 2; op++) {
		for (side = 0; side < 2; side++) {
			memcpy(k->tmp, k->ns[side][op], sizeof(k->tmp));
			t[op][side] = div_u64(lk_rank(k->tmp, 2) * 10, n);
		}
		for (i = 0; i < 3; i++) {
			for (r = 0; r < LK_ROUNDS; r++)
				k->tmp[r] = div64_u64(k->ns[0][op][r] * 1000,
						      k->ns[1][op][r]);
			q[op][i] = lk_rank(k->tmp, i + 1);
		}
	}
	pr_info("lib-kbench: %5u %8llu.%llu %8llu.%llu %3llu.%02llu (%llu.%02llu-%llu.%02llu) %8llu.%llu %8llu.%llu %3llu.%02llu (%llu.%02llu-%llu.%02llu)\n",
		len, t[0][0] / 10, t[0][0] % 10, t[0][1] / 10, t[0][1] % 10,
		q[0][1] / 1000, q[0][1] % 1000 / 10, q[0][0] / 1000,
		q[0][0] % 1000 / 10, q[0][2] / 1000, q[0][2] % 1000 / 10,
		t[1][0] / 10, t[1][0] % 10, t[1][1] / 10, t[1][1] % 10,
		q[1][1] / 1000, q[1][1] % 1000 / 10, q[1][0] / 1000,
		q[1][0] % 1000 / 10, q[1][2] / 1000, q[1][2] % 1000 / 10);
	return 0;
}

static bool lk_vgc_seal(struct scatterlist *src, size_t len, const u8 *ad,
			size_t ad_len, u64 nonce, const u8 *key)
{
	return vgc_chacha20poly1305_encrypt_sg_inplace(src, len, ad, ad_len,
						       nonce, key);
}

static bool lk_vgc_open(struct scatterlist *src, size_t len, const u8 *ad,
			size_t ad_len, u64 nonce, const u8 *key)
{
	return vgc_chacha20poly1305_decrypt_sg_inplace(src, len, ad, ad_len,
						       nonce, key);
}

static int __init lib_kbench_init(void)
{
	struct lk *k = kzalloc(sizeof(*k), GFP_KERNEL);
	unsigned int i;
	int err;

	if (!k)
		return -ENOMEM;
	k->fn[0][0] = kchacha20poly1305_encrypt_sg_inplace;
	k->fn[0][1] = kchacha20poly1305_decrypt_sg_inplace;
	k->fn[1][0] = lk_vgc_seal;
	k->fn[1][1] = lk_vgc_open;
	k->nslots = lk_batch(lk_sizes[0]);
	k->slots = kvmalloc(k->nslots * LK_SLOT(LK_MAX), GFP_KERNEL);
	k->sg = kcalloc(k->nslots, sizeof(*k->sg), GFP_KERNEL);
	err = -ENOMEM;
	if (!k->slots || !k->sg)
		goto out;
	for (i = 0; i < sizeof(k->key); i++)
		k->key[i] = 3 * i + 1;
	for (i = 0; i < LK_MAX; i++)
		k->pt[i] = i * 7 + (i >> 8);
	pr_info("lib-kbench: the kernel's lib/crypto/chacha20poly1305.c on its x86 drivers against vgcrypto's (%s); in place, one scatterlist entry, no AD, as WireGuard; ns per packet, median of %u rounds; ratio = kernel / vgcrypto time, median of per-round ratios (quartiles)\n",
		vgc_chacha20poly1305_backend(), LK_ROUNDS);
	pr_info("lib-kbench: %5s %10s %10s %21s %10s %10s %21s\n", "bytes",
		"kern seal", "vgc seal", "ratio", "kern open", "vgc open", "ratio");
	for (i = 0; i < ARRAY_SIZE(lk_sizes); i++) {
		err = lk_size(k, lk_sizes[i]);
		if (err)
			goto out;
	}
	err = -EAGAIN;
out:
	kvfree(k->slots);
	kfree(k->sg);
	kfree_sensitive(k);
	return err;
}

module_init(lib_kbench_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("vgcrypto: the library calls against the kernel's lib/crypto/chacha20poly1305.c, in-kernel figures (not a test)");
