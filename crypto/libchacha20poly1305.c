// SPDX-License-Identifier: GPL-2.0-only
/*
 * An opt-in replacement for the kernel's lib/crypto/libchacha20poly1305
 * module (docs/wireguard.md): the same six exports, with the prototypes of
 * the kernel's <crypto/chacha20poly1305.h> spelled as it spells them, so
 * that genksyms gives them the same CRCs and Debian's unmodified
 * wireguard.ko loads against this module. Each forwards to vgcrypto.ko's
 * library calls (<vgcrypto/chacha20poly1305.h>, crypto/aead_lib.c), or,
 * where those are slower on this CPU, to the kernel's own algorithm
 * composed from its exported ChaCha20 and Poly1305 (crypto/libcp_kernel.c):
 * installing the package never makes a tunnel slower. Either way a failed
 * decryption leaves nothing written.
 *
 * At load, known answers through the six exports themselves, on each of
 * the two: RFC 8439 appendix A.5 (its nonce begins with four zero bytes,
 * as the 64-bit nonce form makes it) by its tag, decrypted back and
 * refused with a bit flipped, flat and in a scatterlist split mid-block;
 * XChaCha20 by the HChaCha20 answer of draft-irtf-cfrg-xchacha-03 section
 * 2.2.1. vgcrypto's failing refuses the load. Then the guard: both timed
 * at WireGuard's packet sizes (crypto/guard_time.c, the crypto API
 * guard's comparison), vgcrypto's kept only where no figure is below
 * 1.00x the kernel's; an error, outputs that differ or no memory for the
 * timing leave the kernel's. use= forces either; the read-only decision
 * says which serves and why, and one dmesg line gives the figures. The
 * counters in /sys/module/libchacha20poly1305/parameters show which calls
 * this module served.
 */
#include <crypto/chacha20poly1305.h>
#include <linux/jump_label.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <vgcrypto/chacha20poly1305.h>

#include "libcp_kernel.h"
#include "vgc_glue.h"
#include "vgc_guard.h"

/* 7.x spells the array parameters [at_least N]; the CRCs need the same */
#ifdef at_least
#define VGC_AT_LEAST at_least
#else
#define VGC_AT_LEAST
#endif

enum { VGC_RL_ENCRYPTED, VGC_RL_DECRYPTED, VGC_RL_REFUSED, VGC_RL_NR };
static DEFINE_PER_CPU(unsigned long, vgc_rl_count[VGC_RL_NR]);

static void vgc_rl_count_one(unsigned int what)
{
	this_cpu_inc(vgc_rl_count[what]);
}

static bool vgc_rl_decrypted(bool ok)
{
	vgc_rl_count_one(ok ? VGC_RL_DECRYPTED : VGC_RL_REFUSED);
	return ok;
}

/* the kernel's composition serves the calls (decided at load) */
static DEFINE_STATIC_KEY_FALSE(vgc_rl_kernel);

/* the RFC's 96-bit nonce: four zero bytes, then the 64-bit one */
static void vgc_rl_nonce(u8 n[VGC_KCP_NONCE_SIZE], u64 nonce)
{
	memset(n, 0, 4);
	put_unaligned_le64(nonce, n + 4);
}

static void vgc_rl_encrypt(u8 *dst, const u8 *src, size_t src_len,
			   const u8 *ad, size_t ad_len, u64 nonce,
			   const u8 *key)
{
	u8 n[VGC_KCP_NONCE_SIZE];

	if (!static_branch_unlikely(&vgc_rl_kernel)) {
		vgc_chacha20poly1305_encrypt(dst, src, src_len, ad, ad_len,
					     nonce, key);
		return;
	}
	vgc_rl_nonce(n, nonce);
	vgc_kcp_encrypt(dst, src, src_len, ad, ad_len, n, key);
}

static bool vgc_rl_decrypt(u8 *dst, const u8 *src, size_t src_len,
			   const u8 *ad, size_t ad_len, u64 nonce,
			   const u8 *key)
{
	u8 n[VGC_KCP_NONCE_SIZE];

	if (!static_branch_unlikely(&vgc_rl_kernel))
		return vgc_chacha20poly1305_decrypt(dst, src, src_len, ad,
						    ad_len, nonce, key);
	vgc_rl_nonce(n, nonce);
	return vgc_kcp_decrypt(dst, src, src_len, ad, ad_len, n, key);
}

void chacha20poly1305_encrypt(u8 *dst, const u8 *src, const size_t src_len,
			      const u8 *ad, const size_t ad_len,
			      const u64 nonce,
			      const u8 key[VGC_AT_LEAST CHACHA20POLY1305_KEY_SIZE])
{
	vgc_rl_encrypt(dst, src, src_len, ad, ad_len, nonce, key);
	vgc_rl_count_one(VGC_RL_ENCRYPTED);
}
EXPORT_SYMBOL(chacha20poly1305_encrypt);

bool chacha20poly1305_decrypt(u8 *dst, const u8 *src, const size_t src_len,
			      const u8 *ad, const size_t ad_len, const u64 nonce,
			      const u8 key[VGC_AT_LEAST CHACHA20POLY1305_KEY_SIZE])
{
	return vgc_rl_decrypted(vgc_rl_decrypt(dst, src, src_len, ad, ad_len,
					       nonce, key));
}
EXPORT_SYMBOL(chacha20poly1305_decrypt);

/* XChaCha20 on the kernel's side: its HChaCha20, then its ChaCha20 */
static u64 vgc_rl_xkey(u8 subkey[CHACHA20POLY1305_KEY_SIZE],
		       const u8 nonce[XCHACHA20POLY1305_NONCE_SIZE],
		       const u8 *key)
{
	vgc_kcp_hchacha20(subkey, key, nonce);
	return get_unaligned_le64(nonce + 16);
}

void xchacha20poly1305_encrypt(u8 *dst, const u8 *src, const size_t src_len,
			       const u8 *ad, const size_t ad_len,
			       const u8 nonce[VGC_AT_LEAST XCHACHA20POLY1305_NONCE_SIZE],
			       const u8 key[VGC_AT_LEAST CHACHA20POLY1305_KEY_SIZE])
{
	u8 subkey[CHACHA20POLY1305_KEY_SIZE];

	if (!static_branch_unlikely(&vgc_rl_kernel)) {
		vgc_xchacha20poly1305_encrypt(dst, src, src_len, ad, ad_len,
					      nonce, key);
	} else {
		vgc_rl_encrypt(dst, src, src_len, ad, ad_len,
			       vgc_rl_xkey(subkey, nonce, key), subkey);
		memzero_explicit(subkey, sizeof(subkey));
	}
	vgc_rl_count_one(VGC_RL_ENCRYPTED);
}
EXPORT_SYMBOL(xchacha20poly1305_encrypt);

bool xchacha20poly1305_decrypt(u8 *dst, const u8 *src, const size_t src_len,
			       const u8 *ad, const size_t ad_len,
			       const u8 nonce[VGC_AT_LEAST XCHACHA20POLY1305_NONCE_SIZE],
			       const u8 key[VGC_AT_LEAST CHACHA20POLY1305_KEY_SIZE])
{
	u8 subkey[CHACHA20POLY1305_KEY_SIZE];
	bool ok;

	if (!static_branch_unlikely(&vgc_rl_kernel))
		return vgc_rl_decrypted(vgc_xchacha20poly1305_decrypt(dst, src,
					src_len, ad, ad_len, nonce, key));
	ok = vgc_rl_decrypt(dst, src, src_len, ad, ad_len,
			    vgc_rl_xkey(subkey, nonce, key), subkey);
	memzero_explicit(subkey, sizeof(subkey));
	return vgc_rl_decrypted(ok);
}
EXPORT_SYMBOL(xchacha20poly1305_decrypt);

bool chacha20poly1305_encrypt_sg_inplace(struct scatterlist *src, size_t src_len,
					 const u8 *ad, const size_t ad_len,
					 const u64 nonce,
					 const u8 key[VGC_AT_LEAST CHACHA20POLY1305_KEY_SIZE])
{
	u8 n[VGC_KCP_NONCE_SIZE];
	bool ok;

	if (!static_branch_unlikely(&vgc_rl_kernel)) {
		ok = vgc_chacha20poly1305_encrypt_sg_inplace(src, src_len, ad,
							     ad_len, nonce, key);
	} else {
		vgc_rl_nonce(n, nonce);
		ok = vgc_kcp_encrypt_sg_inplace(src, src_len, ad, ad_len, n,
						key);
	}
	if (ok)
		vgc_rl_count_one(VGC_RL_ENCRYPTED);
	return ok;
}
EXPORT_SYMBOL(chacha20poly1305_encrypt_sg_inplace);

bool chacha20poly1305_decrypt_sg_inplace(struct scatterlist *src, size_t src_len,
					 const u8 *ad, const size_t ad_len,
					 const u64 nonce,
					 const u8 key[VGC_AT_LEAST CHACHA20POLY1305_KEY_SIZE])
{
	u8 n[VGC_KCP_NONCE_SIZE];

	if (!static_branch_unlikely(&vgc_rl_kernel))
		return vgc_rl_decrypted(vgc_chacha20poly1305_decrypt_sg_inplace(src,
						src_len, ad, ad_len, nonce, key));
	vgc_rl_nonce(n, nonce);
	return vgc_rl_decrypted(vgc_kcp_decrypt_sg_inplace(src, src_len, ad,
							   ad_len, n, key));
}
EXPORT_SYMBOL(chacha20poly1305_decrypt_sg_inplace);

/* the counters, summed over the CPUs when read */
static int vgc_rl_get(char *buf, const struct kernel_param *kp)
{
	unsigned int what = (unsigned long)kp->arg, cpu;
	unsigned long sum = 0;

	for_each_possible_cpu(cpu)
		sum += per_cpu(vgc_rl_count[what], cpu);
	return sysfs_emit(buf, "%lu\n", sum);
}

static const struct kernel_param_ops vgc_rl_count_ops = {
	.get = vgc_rl_get,
};

module_param_cb(encrypted, &vgc_rl_count_ops, (void *)VGC_RL_ENCRYPTED, 0444);
MODULE_PARM_DESC(encrypted, "encryptions served (read-only)");
module_param_cb(decrypted, &vgc_rl_count_ops, (void *)VGC_RL_DECRYPTED, 0444);
MODULE_PARM_DESC(decrypted, "decryptions whose tag verified (read-only)");
module_param_cb(refused, &vgc_rl_count_ops, (void *)VGC_RL_REFUSED, 0444);
MODULE_PARM_DESC(refused, "decryptions refused, nothing written (read-only)");

static int vgc_rl_backend_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", vgc_chacha20poly1305_backend());
}

static const struct kernel_param_ops vgc_rl_backend_ops = {
	.get = vgc_rl_backend_get,
};

module_param_cb(backend, &vgc_rl_backend_ops, NULL, 0444);
MODULE_PARM_DESC(backend, "vgcrypto back end the calls run on where SIMD is usable (read-only)");

/* RFC 8439 appendix A.5 */
static const u8 vgc_rl_a5_key[CHACHA20POLY1305_KEY_SIZE] = {
	0x1c, 0x92, 0x40, 0xa5, 0xeb, 0x55, 0xd3, 0x8a,
	0xf3, 0x33, 0x88, 0x86, 0x04, 0xf6, 0xb5, 0xf0,
	0x47, 0x39, 0x17, 0xc1, 0x40, 0x2b, 0x80, 0x09,
	0x9d, 0xca, 0x5c, 0xbc, 0x20, 0x70, 0x75, 0xc0,
};

static const u8 vgc_rl_a5_ad[] = {
	0xf3, 0x33, 0x88, 0x86, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x4e, 0x91,
};

/* its nonce, 00 00 00 00 01 02 .. 08, as the 64-bit form */
#define VGC_RL_A5_NONCE	0x0807060504030201ULL

/* its text, 265 bytes, in pieces put together at load */
static const char *const vgc_rl_a5_parts[] = {
	"Internet-Drafts are draft documents valid for a maximum of six ",
	"months and may be updated, replaced, or obsoleted by other ",
	"documents at any time. It is inappropriate to use Internet-Drafts ",
	"as reference material or to cite them other than as ",
	"/\xe2\x80\x9cwork in progress./\xe2\x80\x9d",
};

#define VGC_RL_A5_LEN	265

static const u8 vgc_rl_a5_tag[CHACHA20POLY1305_AUTHTAG_SIZE] = {
	0xee, 0xad, 0x9d, 0x67, 0x89, 0x0c, 0xbb, 0x22,
	0x39, 0x23, 0x36, 0xfe, 0xa1, 0x85, 0x1f, 0x38,
};

/* HChaCha20: key 00 .. 1f, this nonce, this subkey (section 2.2.1) */
static const u8 vgc_rl_hchacha_nonce[16] = {
	0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x4a,
	0x00, 0x00, 0x00, 0x00, 0x31, 0x41, 0x59, 0x27,
};

static const u8 vgc_rl_hchacha_subkey[CHACHA20POLY1305_KEY_SIZE] = {
	0x82, 0x41, 0x3b, 0x42, 0x27, 0xb2, 0x7b, 0xfe,
	0xd3, 0x0e, 0x42, 0x50, 0x8a, 0x87, 0x7d, 0x73,
	0xa0, 0xf9, 0xe4, 0xd5, 0x8a, 0x74, 0xa8, 0x53,
	0xc1, 0x2e, 0xc4, 0x13, 0x26, 0xd3, 0xec, 0xdc,
};

struct vgc_rl_kat {
	u8 text[VGC_RL_A5_LEN];
	u8 ct[VGC_RL_A5_LEN + CHACHA20POLY1305_AUTHTAG_SIZE];
	u8 ref[VGC_RL_A5_LEN + CHACHA20POLY1305_AUTHTAG_SIZE];
	u8 pt[VGC_RL_A5_LEN];
	u8 key[CHACHA20POLY1305_KEY_SIZE];
	u8 xnonce[XCHACHA20POLY1305_NONCE_SIZE];
	struct scatterlist sg[3];
};

/* the A.5 text in place in three pieces, split inside ChaCha20 blocks */
static bool vgc_rl_kat_sg(struct vgc_rl_kat *t)
{
	static const unsigned int cut[2] = { 7, 100 };

	memcpy(t->ct, t->text, VGC_RL_A5_LEN);
	sg_init_table(t->sg, 3);
	sg_set_buf(&t->sg[0], t->ct, cut[0]);
	sg_set_buf(&t->sg[1], t->ct + cut[0], cut[1] - cut[0]);
	sg_set_buf(&t->sg[2], t->ct + cut[1], sizeof(t->ct) - cut[1]);
	if (!chacha20poly1305_encrypt_sg_inplace(t->sg, VGC_RL_A5_LEN,
						 vgc_rl_a5_ad,
						 sizeof(vgc_rl_a5_ad),
						 VGC_RL_A5_NONCE, vgc_rl_a5_key) ||
	    memcmp(t->ct, t->ref, sizeof(t->ct)))
		return false;
	/* refused with the last bit flipped, the text left as it was */
	t->ct[sizeof(t->ct) - 1] ^= 1;
	if (chacha20poly1305_decrypt_sg_inplace(t->sg, sizeof(t->ct),
						vgc_rl_a5_ad,
						sizeof(vgc_rl_a5_ad),
						VGC_RL_A5_NONCE, vgc_rl_a5_key) ||
	    memcmp(t->ct, t->ref, sizeof(t->ct) - 1))
		return false;
	t->ct[sizeof(t->ct) - 1] ^= 1;
	return chacha20poly1305_decrypt_sg_inplace(t->sg, sizeof(t->ct),
						   vgc_rl_a5_ad,
						   sizeof(vgc_rl_a5_ad),
						   VGC_RL_A5_NONCE,
						   vgc_rl_a5_key) &&
	       !memcmp(t->ct, t->text, VGC_RL_A5_LEN);
}

static int vgc_rl_selftest(void)
{
	struct vgc_rl_kat *t = kzalloc(sizeof(*t), GFP_KERNEL);
	unsigned int i, n = 0;
	const u8 *text;
	__le64 nonce;
	bool ok;

	if (!t)
		return -ENOMEM;
	text = t->text;
	for (i = 0; i < ARRAY_SIZE(vgc_rl_a5_parts); i++) {
		size_t l = strlen(vgc_rl_a5_parts[i]);

		if (n + l > VGC_RL_A5_LEN)
			break;
		memcpy(t->text + n, vgc_rl_a5_parts[i], l);
		n += l;
	}
	if (n != VGC_RL_A5_LEN) {
		kfree(t);
		return -EINVAL;
	}
	/* A.5 by its tag, then opened and refused */
	chacha20poly1305_encrypt(t->ref, text, VGC_RL_A5_LEN, vgc_rl_a5_ad,
				 sizeof(vgc_rl_a5_ad), VGC_RL_A5_NONCE,
				 vgc_rl_a5_key);
	ok = !memcmp(t->ref + VGC_RL_A5_LEN, vgc_rl_a5_tag,
		     sizeof(vgc_rl_a5_tag)) &&
	     chacha20poly1305_decrypt(t->pt, t->ref, sizeof(t->ref),
				      vgc_rl_a5_ad, sizeof(vgc_rl_a5_ad),
				      VGC_RL_A5_NONCE, vgc_rl_a5_key) &&
	     !memcmp(t->pt, text, VGC_RL_A5_LEN);
	memcpy(t->ct, t->ref, sizeof(t->ct));
	t->ct[0] ^= 0x80;
	memset(t->pt, 0xa5, sizeof(t->pt));
	ok = ok && !chacha20poly1305_decrypt(t->pt, t->ct, sizeof(t->ct),
					     vgc_rl_a5_ad, sizeof(vgc_rl_a5_ad),
					     VGC_RL_A5_NONCE, vgc_rl_a5_key) &&
	     !memchr_inv(t->pt, 0xa5, sizeof(t->pt));
	ok = ok && vgc_rl_kat_sg(t);

	/*
	 * XChaCha20: key 00 .. 1f and the HChaCha20 nonce, then A.5's
	 * 64-bit nonce, must seal as ChaCha20 under the known subkey
	 */
	for (i = 0; i < sizeof(t->key); i++)
		t->key[i] = i;
	memcpy(t->xnonce, vgc_rl_hchacha_nonce, sizeof(vgc_rl_hchacha_nonce));
	nonce = cpu_to_le64(VGC_RL_A5_NONCE);
	memcpy(t->xnonce + 16, &nonce, sizeof(nonce));
	chacha20poly1305_encrypt(t->ref, text, VGC_RL_A5_LEN, vgc_rl_a5_ad,
				 sizeof(vgc_rl_a5_ad), VGC_RL_A5_NONCE,
				 vgc_rl_hchacha_subkey);
	xchacha20poly1305_encrypt(t->ct, text, VGC_RL_A5_LEN, vgc_rl_a5_ad,
				  sizeof(vgc_rl_a5_ad), t->xnonce, t->key);
	ok = ok && !memcmp(t->ct, t->ref, sizeof(t->ct)) &&
	     xchacha20poly1305_decrypt(t->pt, t->ct, sizeof(t->ct),
				       vgc_rl_a5_ad, sizeof(vgc_rl_a5_ad),
				       t->xnonce, t->key) &&
	     !memcmp(t->pt, text, VGC_RL_A5_LEN);
	t->ct[3] ^= 1;
	ok = ok && !xchacha20poly1305_decrypt(t->pt, t->ct, sizeof(t->ct),
					      vgc_rl_a5_ad, sizeof(vgc_rl_a5_ad),
					      t->xnonce, t->key);
	kfree_sensitive(t);
	return ok ? 0 : -EINVAL;
}

static char *use = "auto";
module_param(use, charp, 0444);
MODULE_PARM_DESC(use,
		 "auto: vgcrypto's calls where they time at least as fast as the kernel's own ChaCha20 and Poly1305 composed (timed at load), else the kernel's; vgcrypto or kernel: that one, untimed");

/* which one serves the calls, and why (read-only) */
static char decision[200] = "not decided";
module_param_string(decision, decision, sizeof(decision), 0444);
MODULE_PARM_DESC(decision,
		 "read-only: vgcrypto or kernel, whichever serves the calls, and why");

/* WireGuard's packets: keepalives and ACKs, small ones, the default MTU's */
static const unsigned int vgc_rl_sizes[] = { 64, 256, 576, 1420 };
#define VGC_RL_MAX_TEXT	1420

/*
 * Both sides as WireGuard calls them: a packet sealed in place in one
 * scatterlist entry, without AD; opened from one buffer into another
 * (the in-place open takes the same path and would need its ciphertext
 * back each time).
 */
struct vgc_rl_guard {
	u8 key[CHACHA20POLY1305_KEY_SIZE];
	u64 nonce;
	u8 pt[VGC_RL_MAX_TEXT];
	u8 ct[VGC_RL_MAX_TEXT + CHACHA20POLY1305_AUTHTAG_SIZE];
	u8 buf[VGC_RL_MAX_TEXT + CHACHA20POLY1305_AUTHTAG_SIZE];
	u8 out[VGC_RL_MAX_TEXT + CHACHA20POLY1305_AUTHTAG_SIZE];
	struct scatterlist sg;
	struct vgc_guard_result res;
};

static int vgc_rl_one(void *ctx, bool ours, bool seal, unsigned int len)
{
	struct vgc_rl_guard *g = ctx;
	const size_t all = len + CHACHA20POLY1305_AUTHTAG_SIZE;
	u8 n[VGC_KCP_NONCE_SIZE];
	bool ok;

	vgc_rl_nonce(n, g->nonce);
	if (seal) {
		sg_init_one(&g->sg, g->buf, all);
		ok = ours ? vgc_chacha20poly1305_encrypt_sg_inplace(&g->sg, len,
					NULL, 0, g->nonce, g->key) :
			    vgc_kcp_encrypt_sg_inplace(&g->sg, len, NULL, 0, n,
						       g->key);
		return ok ? 0 : -EINVAL;
	}
	ok = ours ? vgc_chacha20poly1305_decrypt(g->out, g->ct, all, NULL, 0,
						 g->nonce, g->key) :
		    vgc_kcp_decrypt(g->out, g->ct, all, NULL, 0, n, g->key);
	return ok ? 0 : -EBADMSG;
}

/* the packet the opens take, sealed by the kernel's side; ours must agree */
static int vgc_rl_prepare(void *ctx, unsigned int len)
{
	struct vgc_rl_guard *g = ctx;
	const size_t all = len + CHACHA20POLY1305_AUTHTAG_SIZE;
	int ours, err;

	if (len > VGC_RL_MAX_TEXT)
		return -EINVAL;
	get_random_bytes(g->pt, len);
	for (ours = 0; ours < 2; ours++) {
		memcpy(g->buf, g->pt, len);
		err = vgc_rl_one(g, ours, true, len);
		if (err)
			return err;
		if (!ours)
			memcpy(g->ct, g->buf, min(all, sizeof(g->ct)));
		else if (memcmp(g->buf, g->ct, all))
			return -EBADE;
	}
	for (ours = 0; ours < 2; ours++) {
		memset(g->out, 0, len);
		err = vgc_rl_one(g, ours, false, len);
		if (err)
			return err;
		if (memcmp(g->out, g->pt, len))
			return -EBADE;
	}
	return 0;
}

/* the guard: should the kernel's composition serve the calls? */
static bool vgc_rl_choose(int kernel_kat)
{
	const char *be = vgc_chacha20poly1305_backend();
	struct vgc_guard_plan plan = {
		.sizes = vgc_rl_sizes,
		.nsizes = ARRAY_SIZE(vgc_rl_sizes),
		.prepare = vgc_rl_prepare,
		.one = vgc_rl_one,
	};
	struct vgc_guard_result *res;
	struct vgc_rl_guard *g;
	bool kernel;
	int err;

	if (kernel_kat) {
		scnprintf(decision, sizeof(decision),
			  "vgcrypto (%s): the kernel's composition (%s) failed its known-answer check (%d)",
			  be, vgc_kcp_name, kernel_kat);
		pr_warn("the kernel's ChaCha20 and Poly1305 composed (%s) failed the known-answer check (%d): vgcrypto's serves the calls\n",
			vgc_kcp_name, kernel_kat);
		return false;
	}
	if (!strcmp(use, "vgcrypto") || !strcmp(use, "kernel")) {
		kernel = !strcmp(use, "kernel");
		scnprintf(decision, sizeof(decision), "%s (%s): use=%s, not timed",
			  use, kernel ? vgc_kcp_name : be, use);
		return kernel;
	}
	if (strcmp(use, "auto"))
		pr_warn("use=%s is none of auto, vgcrypto, kernel: taken as auto\n",
			use);

	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g) {
		scnprintf(decision, sizeof(decision),
			  "kernel (%s): no memory for the timing", vgc_kcp_name);
		pr_warn("no memory to time vgcrypto's calls: the kernel's composition serves them\n");
		return true;
	}
	get_random_bytes(g->key, sizeof(g->key));
	get_random_bytes(&g->nonce, sizeof(g->nonce));
	plan.ctx = g;
	res = &g->res;
	err = vgc_guard_compare(&plan, res);
	if (err) {
		kernel = true;
		scnprintf(decision, sizeof(decision),
			  "kernel (%s): timing vgcrypto (%s) against it failed (%d%s)",
			  vgc_kcp_name, be, err,
			  err == -EBADE ? ", the outputs differ" : "");
		pr_warn("timing vgcrypto's calls (%s) against the kernel's composition (%s) failed (%d%s): the kernel's serves the calls\n",
			be, vgc_kcp_name, err,
			err == -EBADE ? ", the outputs differ" : "");
	} else {
		kernel = !res->keep;
		scnprintf(decision, sizeof(decision),
			  "%s: vgcrypto (%s) is at least %u.%02ux the speed of the kernel's composition (%s; least at %u B %s)",
			  kernel ? "kernel" : "vgcrypto", be, res->least / 100,
			  res->least % 100, vgc_kcp_name, res->least_size,
			  res->least_op ? "open" : "seal");
		pr_info("vgcrypto (%s) against the kernel's ChaCha20 and Poly1305 composed (%s), kernel's time / ours, best of %d, seal/open: %s; least %u.%02ux, %s %u.%02u: %s\n",
			be, vgc_kcp_name, VGC_GUARD_TRIES, res->figures,
			res->least / 100, res->least % 100,
			kernel ? "<" : ">=", VGC_GUARD_MIN_RATIO / 100,
			VGC_GUARD_MIN_RATIO % 100,
			kernel ? "the kernel's serves the calls (use=vgcrypto overrides)" :
				 "vgcrypto's serves the calls");
	}
	kfree_sensitive(g);
	return kernel;
}

static int __init vgc_rl_init(void)
{
	int err = vgc_rl_selftest(), kernel_kat;
	unsigned int what, cpu;
	bool kernel;

	if (err) {
		pr_err("known-answer check failed (%d): not loaded\n", err);
		return err;
	}
	/* the same check on the kernel's composition */
	static_branch_enable(&vgc_rl_kernel);
	kernel_kat = vgc_rl_selftest();
	static_branch_disable(&vgc_rl_kernel);
	kernel = vgc_rl_choose(kernel_kat);
	if (kernel)
		static_branch_enable(&vgc_rl_kernel);
	/* the check's own calls, and the guard's, are not WireGuard's */
	for_each_possible_cpu(cpu)
		for (what = 0; what < VGC_RL_NR; what++)
			per_cpu(vgc_rl_count[what], cpu) = 0;
	pr_info("%s serves the kernel's libchacha20poly1305 calls (%s); known-answer check passed\n",
		kernel ? "the kernel's ChaCha20 and Poly1305 composed" :
			 "vgcrypto's ChaCha20-Poly1305",
		decision);
	return 0;
}

static void __exit vgc_rl_exit(void)
{
}

module_init(vgc_rl_init);
module_exit(vgc_rl_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("vgcrypto's ChaCha20-Poly1305 under the kernel's libchacha20poly1305 exports (opt-in replacement)");
/*
 * The kernel's module has no version: DKMS installs a module of the same
 * name only where the two versions differ (its sanity check).
 */
#ifdef VGC_VERSION
MODULE_VERSION(VGC_VERSION);
#else
MODULE_VERSION("vgcrypto");
#endif
