// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgcrypto_mlkem_check.ko: a round trip through the ML-KEM kpp and
 * akcipher drivers, by driver name, for kernels without KUnit (Debian's
 * stock kernels under QEMU, tests/qemu/mlkem.sh). It does its work when
 * it loads: one "vgcrypto_mlkem_check: ok - ..." or "not ok - ..." line
 * per check in the kernel log, and the load fails with -EINVAL if any
 * check failed. The KUnit suite (kunit/mlkem_kunit.c) is the full test.
 */
#include <crypto/akcipher.h>
#include <crypto/kpp.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

#define SS	VGC_MLKEM_SS_SIZE

struct gc {
	const char *be;		/* the back end whose drivers are tested */
	struct crypto_kpp *kpp;
	struct crypto_akcipher *ak;
	struct kpp_request *kr;
	struct akcipher_request *ar;
	unsigned int ekl, ctl;
	u8 seed[VGC_MLKEM_SEED_SIZE];
	u8 ek[VGC_MLKEM_MAX_EK_SIZE];
	u8 ct_ss[VGC_MLKEM_MAX_CT_SIZE + SS];
	u8 ss[SS];
	u8 ss2[SS];
	int failed;
};

static void check(struct gc *g, bool ok, unsigned int bits, const char *what)
{
	pr_info("%s - mlkem%u %s %s\n", ok ? "ok" : "not ok", bits, g->be,
		what);
	g->failed += !ok;
}

static int kpp_run(struct gc *g, bool pub, const u8 *src, unsigned int slen,
		   u8 *dst, unsigned int dlen)
{
	struct scatterlist s, d;

	sg_init_one(&d, dst, dlen);
	if (src)
		sg_init_one(&s, src, slen);
	kpp_request_set_input(g->kr, src ? &s : NULL, slen);
	kpp_request_set_output(g->kr, &d, dlen);
	return pub ? crypto_kpp_generate_public_key(g->kr) :
		     crypto_kpp_compute_shared_secret(g->kr);
}

static int ak_run(struct gc *g, bool enc, const u8 *src, unsigned int slen,
		  u8 *dst, unsigned int dlen)
{
	struct scatterlist s, d;

	sg_init_one(&d, dst, dlen);
	if (src)
		sg_init_one(&s, src, slen);
	akcipher_request_set_crypt(g->ar, src ? &s : NULL, &d, slen, dlen);
	return enc ? crypto_akcipher_encrypt(g->ar) :
		     crypto_akcipher_decrypt(g->ar);
}

static void round_trip(struct gc *g, enum vgc_mlkem_set set, unsigned int bits)
{
	char name[CRYPTO_MAX_ALG_NAME];
	unsigned int i;
	bool ok;

	g->ekl = vgc_mlkem_ek_size(set);
	g->ctl = vgc_mlkem_ct_size(set);
	snprintf(name, sizeof(name), "mlkem%u-vgcrypto-%s", bits, g->be);
	g->kpp = crypto_alloc_kpp(name, 0, 0);
	snprintf(name, sizeof(name), "mlkem%u-vgcrypto-%s-akcipher", bits, g->be);
	g->ak = crypto_alloc_akcipher(name, 0, 0);
	ok = !IS_ERR(g->kpp) && !IS_ERR(g->ak);
	check(g, ok, bits, "kpp and akcipher allocated by driver name");
	if (!ok)
		goto out;
	g->kr = kpp_request_alloc(g->kpp, GFP_KERNEL);
	g->ar = akcipher_request_alloc(g->ak, GFP_KERNEL);
	if (!g->kr || !g->ar) {
		check(g, false, bits, "requests allocated");
		goto out;
	}
	for (i = 0; i < VGC_MLKEM_SEED_SIZE; i++)
		g->seed[i] = 0x80 + i;

	/* kpp key pair from the seed; akcipher encapsulates to its ek */
	ok = !crypto_kpp_set_secret(g->kpp, g->seed, sizeof(g->seed)) &&
	     !kpp_run(g, true, NULL, 0, g->ek, g->ekl) &&
	     !crypto_akcipher_set_pub_key(g->ak, g->ek, g->ekl) &&
	     !ak_run(g, true, NULL, 0, g->ct_ss, g->ctl + SS) &&
	     !kpp_run(g, false, g->ct_ss, g->ctl, g->ss, SS) &&
	     !memcmp(g->ss, g->ct_ss + g->ctl, SS);
	check(g, ok, bits, "kpp key pair, akcipher encrypt, kpp shared secret agree");
	/* akcipher with the same seed decrypts to the same secret */
	ok = !crypto_akcipher_set_priv_key(g->ak, g->seed, sizeof(g->seed)) &&
	     !ak_run(g, false, g->ct_ss, g->ctl, g->ss2, SS) &&
	     !memcmp(g->ss2, g->ss, SS);
	check(g, ok, bits, "akcipher decrypt agrees");
	/* a corrupted ciphertext: success, another secret, both ways alike */
	g->ct_ss[7] ^= 0x10;
	ok = !kpp_run(g, false, g->ct_ss, g->ctl, g->ss, SS) &&
	     !ak_run(g, false, g->ct_ss, g->ctl, g->ss2, SS) &&
	     !memcmp(g->ss, g->ss2, SS) &&
	     memcmp(g->ss, g->ct_ss + g->ctl, SS);
	check(g, ok, bits, "corrupted ciphertext: implicit rejection");
	/* refusals: a coefficient >= q in ek, a short ciphertext */
	g->ek[0] = 0xff;
	g->ek[1] |= 0x0f;
	ok = crypto_akcipher_set_pub_key(g->ak, g->ek, g->ekl) == -EINVAL &&
	     kpp_run(g, false, g->ct_ss, g->ctl - 1, g->ss, SS) == -EINVAL;
	check(g, ok, bits, "bad ek and short ciphertext refused");
out:
	kpp_request_free(g->kr);
	akcipher_request_free(g->ar);
	g->kr = NULL;
	g->ar = NULL;
	if (!IS_ERR_OR_NULL(g->ak))
		crypto_free_akcipher(g->ak);
	if (!IS_ERR_OR_NULL(g->kpp))
		crypto_free_kpp(g->kpp);
}

/* the portable back end's drivers must be there; the others where they are */
static bool registered(const struct vgc_mlkem_backend *be)
{
	char name[CRYPTO_MAX_ALG_NAME];

	if (be == &vgc_mlkem_backend_generic)
		return true;
	snprintf(name, sizeof(name), "mlkem768-vgcrypto-%s", be->name);
	return crypto_has_alg(name, CRYPTO_ALG_TYPE_KPP, CRYPTO_ALG_TYPE_MASK);
}

static int __init mlkem_check_init(void)
{
	struct gc *g = kzalloc(sizeof(*g), GFP_KERNEL);
	const struct vgc_mlkem_backend *const *be;
	int failed;

	if (!g)
		return -ENOMEM;
	for (be = vgc_mlkem_backends; *be; be++) {
		if (!registered(*be)) {
			pr_info("# %s: not registered here\n", (*be)->name);
			continue;
		}
		g->be = (*be)->name;
		round_trip(g, VGC_MLKEM512, 512);
		round_trip(g, VGC_MLKEM768, 768);
		round_trip(g, VGC_MLKEM1024, 1024);
	}
	failed = g->failed;
	kfree_sensitive(g);
	pr_info("%d failed\n", failed);
	return failed ? -EINVAL : 0;
}

static void __exit mlkem_check_exit(void)
{
}

module_init(mlkem_check_init);
module_exit(mlkem_check_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Load-time round trip through vgcrypto's ML-KEM kpp and akcipher drivers");
