// SPDX-License-Identifier: GPL-2.0-only
/*
 * ChaCha20-Poly1305 and XChaCha20-Poly1305 as library calls
 * (<vgcrypto/chacha20poly1305.h>), on the AEAD's best back end: what the
 * opt-in libchacha20poly1305 replacement exports under the kernel's
 * names, for WireGuard.
 *
 * The kernel's library takes no request, so the core's state (struct
 * vgc_cp_req, over 1 KiB with the vector Poly1305's lanes, more than one
 * frame may hold) lives in per-CPU slots, one for each context that can
 * interrupt another (task, softirq, hard irq, NMI), taken with preemption
 * disabled for the whole call: no two calls share a slot, nothing is
 * allocated per call.
 */
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/scatterlist.h>
#include <linux/string.h>

#include <vgcrypto/chacha20poly1305.h>

#include "chacha20.h"
#include "chacha20poly1305.h"
#include "vgc_glue.h"

/* the contexts that can interrupt one another on a CPU: a slot each */
enum {
	VGC_LIB_TASK,
	VGC_LIB_SOFTIRQ,
	VGC_LIB_HARDIRQ,
	VGC_LIB_NMI,
	VGC_LIB_SLOTS
};

struct vgc_lib_slots {
	struct vgc_cp_req req[VGC_LIB_SLOTS];
};

/* allocated at load (alloc_percpu: too large for a module's static area) */
static struct vgc_lib_slots __percpu *vgc_lib_slots;

int vgc_aead_lib_init(void)
{
	vgc_lib_slots = alloc_percpu(struct vgc_lib_slots);
	return vgc_lib_slots ? 0 : -ENOMEM;
}

void vgc_aead_lib_exit(void)
{
	free_percpu(vgc_lib_slots);
	vgc_lib_slots = NULL;
}

/* this CPU's slot for the running context; preemption off until leave */
static struct vgc_cp_req *vgc_lib_enter(const struct vgc_cp_backend **be)
{
	unsigned int ctx = VGC_LIB_TASK;

	preempt_disable();
	if (in_nmi())
		ctx = VGC_LIB_NMI;
	else if (in_hardirq())
		ctx = VGC_LIB_HARDIRQ;
	else if (in_serving_softirq())
		ctx = VGC_LIB_SOFTIRQ;
	*be = vgc_aead_best_backend();
	/* no vector unit in an NMI (x86 warns if even asked) */
	if ((*be)->simd_begin && (ctx == VGC_LIB_NMI || !crypto_simd_usable()))
		*be = &vgc_cp_backend_generic;
	return &this_cpu_ptr(vgc_lib_slots)->req[ctx];
}

static void vgc_lib_leave(void)
{
	preempt_enable();
}

/* the RFC's 96-bit nonce: four zero bytes, then the 64-bit one */
static void vgc_lib_nonce(u8 n[VGC_CP_NONCE_SIZE], u64 nonce)
{
	memset(n, 0, 4);
	put_unaligned_le64(nonce, n + 4);
}

static void vgc_lib_encrypt(u8 *dst, const u8 *src, size_t src_len,
			    const u8 *ad, size_t ad_len,
			    const u8 nonce[VGC_CP_NONCE_SIZE], const u8 *key)
{
	const struct vgc_cp_backend *be;
	struct vgc_cp_req *r = vgc_lib_enter(&be);

	vgc_cp_init(r, be, key, nonce, src_len);
	vgc_cp_ad(r, ad, ad_len);
	vgc_cp_seal_update(r, dst, src, src_len);
	vgc_cp_seal_final(r, dst + src_len);
	vgc_lib_leave();
}

static bool vgc_lib_decrypt(u8 *dst, const u8 *src, size_t src_len,
			    const u8 *ad, size_t ad_len,
			    const u8 nonce[VGC_CP_NONCE_SIZE], const u8 *key)
{
	const struct vgc_cp_backend *be;
	struct vgc_cp_req *r;
	size_t len;

	if (src_len < VGC_CP_TAG_SIZE)
		return false;
	len = src_len - VGC_CP_TAG_SIZE;
	r = vgc_lib_enter(&be);
	vgc_cp_init(r, be, key, nonce, len);
	vgc_cp_ad(r, ad, ad_len);
	vgc_cp_auth_update(r, src, len);
	if (vgc_cp_verify(r, src + len)) {
		vgc_lib_leave();
		return false;
	}
	vgc_cp_decrypt_update(r, dst, src, len);
	vgc_cp_end(r);
	vgc_lib_leave();
	return true;
}

void vgc_chacha20poly1305_encrypt(u8 *dst, const u8 *src, size_t src_len,
				  const u8 *ad, size_t ad_len, u64 nonce,
				  const u8 key[VGC_LIB_KEY_SIZE])
{
	u8 n[VGC_CP_NONCE_SIZE];

	vgc_lib_nonce(n, nonce);
	vgc_lib_encrypt(dst, src, src_len, ad, ad_len, n, key);
}
EXPORT_SYMBOL_GPL(vgc_chacha20poly1305_encrypt);

bool vgc_chacha20poly1305_decrypt(u8 *dst, const u8 *src, size_t src_len,
				  const u8 *ad, size_t ad_len, u64 nonce,
				  const u8 key[VGC_LIB_KEY_SIZE])
{
	u8 n[VGC_CP_NONCE_SIZE];

	vgc_lib_nonce(n, nonce);
	return vgc_lib_decrypt(dst, src, src_len, ad, ad_len, n, key);
}
EXPORT_SYMBOL_GPL(vgc_chacha20poly1305_decrypt);

/* the subkey and the RFC nonce of an XChaCha20 nonce */
static void vgc_lib_xkey(u8 subkey[VGC_CP_KEY_SIZE], u8 n[VGC_CP_NONCE_SIZE],
			 const u8 nonce[VGC_LIB_XNONCE_SIZE], const u8 *key)
{
	vgc_hchacha20(subkey, key, nonce);
	memset(n, 0, 4);
	memcpy(n + 4, nonce + VGC_HCHACHA_NONCE_SIZE, 8);
}

void vgc_xchacha20poly1305_encrypt(u8 *dst, const u8 *src, size_t src_len,
				   const u8 *ad, size_t ad_len,
				   const u8 nonce[VGC_LIB_XNONCE_SIZE],
				   const u8 key[VGC_LIB_KEY_SIZE])
{
	u8 subkey[VGC_CP_KEY_SIZE], n[VGC_CP_NONCE_SIZE];

	vgc_lib_xkey(subkey, n, nonce, key);
	vgc_lib_encrypt(dst, src, src_len, ad, ad_len, n, subkey);
	memzero_explicit(subkey, sizeof(subkey));
}
EXPORT_SYMBOL_GPL(vgc_xchacha20poly1305_encrypt);

bool vgc_xchacha20poly1305_decrypt(u8 *dst, const u8 *src, size_t src_len,
				   const u8 *ad, size_t ad_len,
				   const u8 nonce[VGC_LIB_XNONCE_SIZE],
				   const u8 key[VGC_LIB_KEY_SIZE])
{
	u8 subkey[VGC_CP_KEY_SIZE], n[VGC_CP_NONCE_SIZE];
	bool ok;

	vgc_lib_xkey(subkey, n, nonce, key);
	ok = vgc_lib_decrypt(dst, src, src_len, ad, ad_len, n, subkey);
	memzero_explicit(subkey, sizeof(subkey));
	return ok;
}
EXPORT_SYMBOL_GPL(vgc_xchacha20poly1305_decrypt);

/*
 * The message and its tag in the list's first entry: one flat buffer,
 * without a walk (a 64-bit kernel maps every page; the module is 64-bit
 * only). WireGuard's packets mostly come so.
 */
static u8 *vgc_lib_flat(struct scatterlist *sg, size_t len)
{
	if (IS_ENABLED(CONFIG_HIGHMEM) || sg->length < len)
		return NULL;
	return sg_virt(sg);
}

bool vgc_chacha20poly1305_encrypt_sg_inplace(struct scatterlist *src,
					     size_t src_len, const u8 *ad,
					     size_t ad_len, u64 nonce,
					     const u8 key[VGC_LIB_KEY_SIZE])
{
	const struct vgc_cp_backend *be;
	u8 n[VGC_CP_NONCE_SIZE], tag[VGC_CP_TAG_SIZE];
	struct vgc_cp_req *r;
	u8 *flat;
	bool ok;

	if (src_len > UINT_MAX - VGC_CP_TAG_SIZE)
		return false;
	vgc_lib_nonce(n, nonce);
	flat = vgc_lib_flat(src, src_len + VGC_CP_TAG_SIZE);
	if (flat) {
		vgc_lib_encrypt(flat, flat, src_len, ad, ad_len, n, key);
		return true;
	}
	r = vgc_lib_enter(&be);
	vgc_cp_init(r, be, key, n, src_len);
	vgc_cp_ad(r, ad, ad_len);
	ok = vgc_walk_text(r, src, src, 0, src_len, VGC_SEAL, false);
	if (ok) {
		vgc_cp_seal_final(r, tag);
		ok = sg_pcopy_from_buffer(src, sg_nents(src), tag, sizeof(tag),
					  src_len) == sizeof(tag);
		memzero_explicit(tag, sizeof(tag));
	} else {
		vgc_cp_end(r);
	}
	vgc_lib_leave();
	return ok;
}
EXPORT_SYMBOL_GPL(vgc_chacha20poly1305_encrypt_sg_inplace);

bool vgc_chacha20poly1305_decrypt_sg_inplace(struct scatterlist *src,
					     size_t src_len, const u8 *ad,
					     size_t ad_len, u64 nonce,
					     const u8 key[VGC_LIB_KEY_SIZE])
{
	const struct vgc_cp_backend *be;
	u8 n[VGC_CP_NONCE_SIZE], tag[VGC_CP_TAG_SIZE];
	struct vgc_cp_req *r;
	unsigned int len;
	bool ok = false;
	u8 *flat;

	if (src_len < VGC_CP_TAG_SIZE || src_len > UINT_MAX)
		return false;
	len = src_len - VGC_CP_TAG_SIZE;
	vgc_lib_nonce(n, nonce);
	flat = vgc_lib_flat(src, src_len);
	if (flat)
		return vgc_lib_decrypt(flat, flat, src_len, ad, ad_len, n, key);
	if (sg_pcopy_to_buffer(src, sg_nents(src), tag, sizeof(tag), len) !=
	    sizeof(tag))
		return false;
	r = vgc_lib_enter(&be);
	vgc_cp_init(r, be, key, n, len);
	vgc_cp_ad(r, ad, ad_len);
	/* authenticated first; decrypted in place only if the tag verifies */
	if (!vgc_walk_text(r, src, NULL, 0, len, VGC_AUTH, false)) {
		vgc_cp_end(r);
	} else if (!vgc_cp_verify(r, tag)) {
		ok = vgc_walk_text(r, src, src, 0, len, VGC_DECRYPT, false);
		vgc_cp_end(r);
	}
	vgc_lib_leave();
	return ok;
}
EXPORT_SYMBOL_GPL(vgc_chacha20poly1305_decrypt_sg_inplace);

const char *vgc_chacha20poly1305_backend(void)
{
	return vgc_aead_best_backend()->name;
}
EXPORT_SYMBOL_GPL(vgc_chacha20poly1305_backend);
