// SPDX-License-Identifier: GPL-2.0-only
/*
 * In-kernel ChaCha20-Poly1305 figures, not a test: the kernel's own
 * rfc7539 template over the chacha20 and poly1305 drivers named by
 * "kernel" (default the x86 SIMD ones, which scripts/bench/uml.sh builds
 * for User-Mode Linux) against vgcrypto's driver for "vgc" (default the
 * rfc7539 name, so whichever of vgcrypto's drivers kTLS would get: its
 * best for this CPU). Records as kTLS seals and opens them in place: one
 * scatterlist entry over AD || text || tag, 13 bytes of AD (TLS 1.2's),
 * and opens of records with valid tags; each record of a batch in a
 * buffer of its own. The two take turns in short batches, the first
 * changing every round, and each round's kernel time is divided by
 * vgcrypto's in the same round: the median (and quartiles) of those
 * paired ratios is printed beside each side's median time per record.
 * Timed with ktime (UML has no cycle counter). It prints "aead-kbench:"
 * lines when it loads and then refuses to stay loaded (-EAGAIN), as
 * tcrypt does.
 */
#include <crypto/aead.h>
#include <crypto/internal/aead.h>
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/utsname.h>

static char *kernel = "rfc7539(chacha20-simd,poly1305-simd)";
module_param(kernel, charp, 0444);
MODULE_PARM_DESC(kernel, "the kernel's side, by driver name (a template instance)");
static char *vgc = "rfc7539(chacha20,poly1305)";
module_param(vgc, charp, 0444);
MODULE_PARM_DESC(vgc, "vgcrypto's side, by algorithm or driver name");

#define KB_AD		13
#define KB_TAG		16
#define KB_KEY		32
#define KB_NONCE	12
#define KB_ROUNDS	201
/* text bytes per batch, and the fewest records in one */
#define KB_BATCH_BYTES	SZ_64K
#define KB_BATCH_MIN	16
#define KB_MAX_TEXT	65536
#define KB_SLOT(len)	ALIGN(KB_AD + (len) + KB_TAG, 64)
#define KB_SEAL		0
#define KB_OPEN		1

static const unsigned int kb_sizes[] = {
	16, 64, 256, 512, 1024, 1420, 4096, 8192, 16384, 65536
};

struct kb_side {
	struct crypto_aead *tfm;
	struct aead_request *req;
	u64 ns[2][KB_ROUNDS];		/* per batch, each round */
};

struct kb {
	struct kb_side side[2];		/* the kernel's, vgcrypto's */
	u8 *slots;			/* one record per slot */
	struct scatterlist *sg;
	unsigned int nslots;
	u8 pt[KB_AD + KB_MAX_TEXT + KB_TAG];
	u8 ct[KB_AD + KB_MAX_TEXT + KB_TAG];
	u8 key[KB_KEY];
	u8 nonce[KB_NONCE];
	u64 tmp[KB_ROUNDS];
};

static unsigned int kb_batch(unsigned int len)
{
	return max_t(unsigned int, KB_BATCH_MIN, KB_BATCH_BYTES / len);
}

static int kb_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 kb_rank(u64 *v, unsigned int q)
{
	sort(v, KB_ROUNDS, sizeof(*v), kb_cmp, NULL);
	return v[(KB_ROUNDS - 1) * q / 4];
}

/* The host's CPU as CPUID names it: UML's cpuinfo has no model. */
static void kb_cpu(char *buf, size_t size)
{
#ifdef CONFIG_X86_64
	/* the brand string, with a zero word after it */
	u32 r[13] = {}, sig, ebx, ecx, edx, fam, model, i;

	for (i = 0; i < 3; i++) {
		r[4 * i] = 0x80000002 + i;
		r[4 * i + 2] = 0;
		asm volatile("cpuid" : "+a" (r[4 * i]), "=b" (r[4 * i + 1]),
			     "+c" (r[4 * i + 2]), "=d" (r[4 * i + 3]));
	}
	sig = 1;
	ecx = 0;
	asm volatile("cpuid" : "+a" (sig), "=b" (ebx), "+c" (ecx), "=d" (edx));
	fam = (sig >> 8) & 0xf;
	model = (sig >> 4) & 0xf;
	if (fam == 0xf)
		fam += (sig >> 20) & 0xff;
	if (fam >= 0x6)
		model += ((sig >> 16) & 0xf) << 4;
	snprintf(buf, size, "%s (family 0x%x, model 0x%02x)",
		 strim((char *)r), fam, model);
#else
	snprintf(buf, size, "%s", init_utsname()->machine);
#endif
}

static int kb_open(struct kb *k, struct kb_side *s, const char *name)
{
	int err, i;

	/*
	 * A new template instance's first lookup can fail while the crypto
	 * manager's extra self-tests run on it; a second one finds it.
	 */
	for (i = 0; i < 3; i++) {
		s->tfm = crypto_alloc_aead(name, 0, CRYPTO_ALG_ASYNC);
		if (!IS_ERR(s->tfm))
			break;
	}
	if (IS_ERR(s->tfm))
		return PTR_ERR(s->tfm);
	s->req = aead_request_alloc(s->tfm, GFP_KERNEL);
	if (!s->req)
		return -ENOMEM;
	err = crypto_aead_setkey(s->tfm, k->key, KB_KEY);
	if (!err)
		err = crypto_aead_setauthsize(s->tfm, KB_TAG);
	if (!err && crypto_aead_ivsize(s->tfm) != KB_NONCE)
		err = -EINVAL;
	aead_request_set_callback(s->req, 0, NULL, NULL);
	aead_request_set_ad(s->req, KB_AD);
	return err;
}

static void kb_close(struct kb_side *s)
{
	if (!IS_ERR_OR_NULL(s->req))
		aead_request_free(s->req);
	if (!IS_ERR_OR_NULL(s->tfm))
		crypto_free_aead(s->tfm);
}

/* Each slot gets a copy of @rec (AD || text || tag of @len). */
static void kb_fill(struct kb *k, const u8 *rec, unsigned int len,
		    unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		memcpy(k->slots + i * KB_SLOT(len), rec, KB_AD + len + KB_TAG);
}

static int kb_op(struct kb *k, struct kb_side *s, struct scatterlist *sg,
		 unsigned int len, int op)
{
	aead_request_set_crypt(s->req, sg, sg,
			       op == KB_SEAL ? len : len + KB_TAG, k->nonce);
	return op == KB_SEAL ? crypto_aead_encrypt(s->req) :
			       crypto_aead_decrypt(s->req);
}

/*
 * One batch of @op on @len-byte texts, from records that kb_fill() has
 * just put in the slots (so every open has a valid tag); nanoseconds.
 */
static int kb_batch_ns(struct kb *k, struct kb_side *s, unsigned int len,
		       int op, u64 *ns)
{
	unsigned int n = kb_batch(len), i;
	u64 t;
	int err;

	kb_fill(k, op == KB_SEAL ? k->pt : k->ct, len, n);
	t = ktime_get_ns();
	for (i = 0; i < n; i++) {
		err = kb_op(k, s, &k->sg[i], len, op);
		if (err)
			return err;
	}
	*ns = ktime_get_ns() - t;
	return 0;
}

/*
 * Both sides must write what the other expects: every slot the sealed
 * record (as the kernel's side wrote it into k->ct) after a seal, the
 * plaintext after an open.
 */
static int kb_check(struct kb *k, unsigned int len, int op)
{
	unsigned int i, n = kb_batch(len);
	const u8 *want = op == KB_SEAL ? k->ct : k->pt;
	size_t size = KB_AD + len + (op == KB_SEAL ? KB_TAG : 0);

	for (i = 0; i < n; i++)
		if (memcmp(k->slots + i * KB_SLOT(len), want, size))
			return -EBADMSG;
	return 0;
}

static int kb_size(struct kb *k, unsigned int len)
{
	unsigned int n = kb_batch(len), r, i, op;
	struct kb_side *s;
	int err;

	for (i = 0; i < n; i++)
		sg_init_one(&k->sg[i], k->slots + i * KB_SLOT(len),
			    KB_AD + len + KB_TAG);
	/* the sealed record, once, from the kernel's side */
	kb_fill(k, k->pt, len, 1);
	err = kb_op(k, &k->side[0], &k->sg[0], len, KB_SEAL);
	if (err)
		return err;
	memcpy(k->ct, k->slots, KB_AD + len + KB_TAG);

	for (r = 0; r < KB_ROUNDS; r++) {
		for (op = KB_SEAL; op <= KB_OPEN; op++) {
			for (i = 0; i < 2; i++) {
				s = &k->side[(r + i) & 1];
				err = kb_batch_ns(k, s, len, op, &s->ns[op][r]);
				if (!err && !r)
					err = kb_check(k, len, op);
				if (err) {
					pr_info("aead-kbench: %s: %s of %u bytes: %d\n",
						crypto_aead_driver_name(s->tfm),
						op == KB_SEAL ? "seal" : "open",
						len, err);
					return err;
				}
			}
		}
		cond_resched();
	}
	return 0;
}

/* median time per record, in tenths of a nanosecond */
static u64 kb_per_rec(struct kb *k, const u64 *ns, unsigned int len)
{
	memcpy(k->tmp, ns, sizeof(k->tmp));
	return div_u64(kb_rank(k->tmp, 2) * 10, kb_batch(len));
}

/* quartile @q (1: lower, 2: median, 3: upper) of the paired ratios, x1000 */
static u64 kb_ratio(struct kb *k, int op, unsigned int q)
{
	unsigned int r;

	for (r = 0; r < KB_ROUNDS; r++)
		k->tmp[r] = div64_u64(k->side[0].ns[op][r] * 1000,
				      k->side[1].ns[op][r] ?: 1);
	return kb_rank(k->tmp, q);
}

static void kb_print(struct kb *k, unsigned int len)
{
	u64 t[2][2], q[2][3];
	unsigned int op, i;

	for (op = KB_SEAL; op <= KB_OPEN; op++) {
		for (i = 0; i < 2; i++)
			t[op][i] = kb_per_rec(k, k->side[i].ns[op], len);
		for (i = 0; i < 3; i++)
			q[op][i] = kb_ratio(k, op, i + 1);
	}
	pr_info("aead-kbench: %5u %8llu.%llu %8llu.%llu %3llu.%02llu (%llu.%02llu-%llu.%02llu) %8llu.%llu %8llu.%llu %3llu.%02llu (%llu.%02llu-%llu.%02llu)\n",
		len,
		t[0][0] / 10, t[0][0] % 10, t[0][1] / 10, t[0][1] % 10,
		q[0][1] / 1000, q[0][1] % 1000 / 10,
		q[0][0] / 1000, q[0][0] % 1000 / 10,
		q[0][2] / 1000, q[0][2] % 1000 / 10,
		t[1][0] / 10, t[1][0] % 10, t[1][1] / 10, t[1][1] % 10,
		q[1][1] / 1000, q[1][1] % 1000 / 10,
		q[1][0] / 1000, q[1][0] % 1000 / 10,
		q[1][2] / 1000, q[1][2] % 1000 / 10);
}

static int kb_run(struct kb *k)
{
	char cpu[96];
	unsigned int i;
	int err;

	kb_cpu(cpu, sizeof(cpu));
	pr_info("aead-kbench: CPU: %s\n", cpu);
	pr_info("aead-kbench: kernel: %s (priority %u)\n",
		crypto_aead_driver_name(k->side[0].tfm),
		crypto_aead_alg(k->side[0].tfm)->base.cra_priority);
	pr_info("aead-kbench: vgcrypto: %s (priority %u)\n",
		crypto_aead_driver_name(k->side[1].tfm),
		crypto_aead_alg(k->side[1].tfm)->base.cra_priority);
	pr_info("aead-kbench: in place, one scatterlist entry, %u-byte AD; ns per record, median of %u rounds; ratio = kernel / vgcrypto time, median of per-round ratios (quartiles)\n",
		KB_AD, KB_ROUNDS);
	pr_info("aead-kbench: %5s %10s %10s %21s %10s %10s %21s\n", "bytes",
		"kern seal", "vgc seal", "ratio", "kern open", "vgc open",
		"ratio");
	for (i = 0; i < ARRAY_SIZE(kb_sizes); i++) {
		err = kb_size(k, kb_sizes[i]);
		if (err)
			return err;
		kb_print(k, kb_sizes[i]);
	}
	return 0;
}

static int __init aead_kbench_init(void)
{
	struct kb *k = kzalloc(sizeof(*k), GFP_KERNEL);
	unsigned int i, most = 0;
	int err;

	if (!k)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(kb_sizes); i++) {
		most = max(most, kb_batch(kb_sizes[i]) * KB_SLOT(kb_sizes[i]));
		k->nslots = max(k->nslots, kb_batch(kb_sizes[i]));
	}
	k->slots = kmalloc(most, GFP_KERNEL);
	k->sg = kcalloc(k->nslots, sizeof(*k->sg), GFP_KERNEL);
	err = -ENOMEM;
	if (!k->slots || !k->sg)
		goto out;
	for (i = 0; i < KB_KEY; i++)
		k->key[i] = 0x80 + i;
	for (i = 0; i < KB_NONCE; i++)
		k->nonce[i] = 0x40 + i;
	for (i = 0; i < sizeof(k->pt); i++)
		k->pt[i] = i * 7;
	err = kb_open(k, &k->side[0], kernel);
	if (err) {
		pr_info("aead-kbench: %s: %d\n", kernel, err);
		goto out;
	}
	err = kb_open(k, &k->side[1], vgc);
	if (err) {
		pr_info("aead-kbench: %s: %d\n", vgc, err);
		goto out;
	}
	/* the highest priority might not be vgcrypto's (not loaded) */
	if (!strstr(crypto_aead_driver_name(k->side[1].tfm), "vgcrypto")) {
		pr_info("aead-kbench: %s is %s, not vgcrypto's\n", vgc,
			crypto_aead_driver_name(k->side[1].tfm));
		err = -ENOENT;
		goto out;
	}
	err = kb_run(k);
	if (err)
		pr_info("aead-kbench: failed: %d\n", err);
out:
	for (i = 0; i < 2; i++)
		kb_close(&k->side[i]);
	kfree(k->sg);
	kfree(k->slots);
	kfree(k);
	return err ?: -EAGAIN;
}

module_init(aead_kbench_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ChaCha20-Poly1305: the kernel's rfc7539 template against vgcrypto, paired (figures, not a test)");
