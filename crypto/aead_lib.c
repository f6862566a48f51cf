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
 * disabled: no two calls share a slot, nothing is allocated per call.
 *
 * The kernel's own library runs with preemption enabled between its
 * arch functions' sections of at most 4 KiB. So do these calls: between
 * pieces of at most VGC_LIB_STRETCH bytes of text (a window), where a
 * reschedule is pending and nothing but the call's own preempt_disable()
 * forbids it, the request's state moves to the stack (vgc_cp_suspend(),
 * under 200 bytes), the slot is given up and preemption enabled; the
 * call then goes on in the slot of whatever CPU it runs on. Elsewhere (a
 * caller in softirq or with its own lock, a kernel without preemption)
 * the kernel could not preempt either, and the call goes straight on.
 */
#include <crypto/internal/simd.h>
#include <asm/simd.h>
#include <kunit/visibility.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/scatterlist.h>
#include <linux/string.h>

#include <vgcrypto/chacha20poly1305.h>

#include "chacha20.h"
#include "chacha20poly1305.h"
#include "vgc_glue.h"

/* the most text between two windows: one SIMD section's */
#define VGC_LIB_STRETCH	VGC_YIELD_BYTES

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

/*
 * The opens' buffers, two a CPU: one for task context, one for an
 * interrupt (a softirq, or on x86 a hard irq). A SIMD section alone does
 * not make a buffer its user's: on arm64 from 6.19 a task's NEON section
 * is preemptible and a softirq may open one of its own inside it
 * (may_use_simd() is true there). So the user holds preemption off
 * from vgc_cp_open_buf_begin() to the end (the library calls do for
 * their whole length, the crypto API driver around the buffered part);
 * an interrupt cannot be interrupted by another that takes a SIMD path
 * (the vector unit is busy, or a hard irq on arm64 has none).
 */
#define VGC_OPEN_BUFS	2
static u8 __percpu *vgc_open_bufs;

int vgc_aead_lib_init(void)
{
	vgc_lib_slots = alloc_percpu(struct vgc_lib_slots);
	vgc_open_bufs = __alloc_percpu(VGC_OPEN_BUFS * VGC_CP_OPEN_ROOM, 64);
	if (vgc_lib_slots && vgc_open_bufs)
		return 0;
	vgc_aead_lib_exit();
	return -ENOMEM;
}

void vgc_aead_lib_exit(void)
{
	free_percpu(vgc_lib_slots);
	vgc_lib_slots = NULL;
	free_percpu(vgc_open_bufs);
	vgc_open_bufs = NULL;
}

u8 *vgc_open_buf(void)
{
	u8 *b = this_cpu_ptr(vgc_open_bufs);

	return in_task() ? b : b + VGC_CP_OPEN_ROOM;
}

#if VGC_TEST_HOOKS
EXPORT_SYMBOL_IF_KUNIT(vgc_open_buf);
#endif

/* a call in progress: the slot it holds (preemption off), and its context */
struct vgc_lib_call {
	struct vgc_yield y;
	struct vgc_cp_req *r;
	unsigned int ctx;
};

#if VGC_TEST_HOOKS
typedef void (*vgc_lib_hook_fn)(void);
static vgc_lib_hook_fn vgc_lib_window_hook;

/*
 * Test builds only: while @hook is set (NULL: none), every stop takes a
 * window as if a reschedule were pending (a test cannot keep the flag
 * set: an interrupt's return may schedule and clear it), and @hook runs
 * in each, preemptible.
 */
void vgc_lib_set_test_hook(vgc_lib_hook_fn hook)
{
	WRITE_ONCE(vgc_lib_window_hook, hook);
}
EXPORT_SYMBOL_IF_KUNIT(vgc_lib_set_test_hook);

static bool vgc_lib_test_forced(void)
{
	return READ_ONCE(vgc_lib_window_hook);
}

static void vgc_lib_test_hook(void)
{
	vgc_lib_hook_fn hook = READ_ONCE(vgc_lib_window_hook);

	if (hook)
		hook();
}
#else
static inline bool vgc_lib_test_forced(void)
{
	return false;
}

static inline void vgc_lib_test_hook(void)
{
}
#endif

/*
 * A window: the request moves to the stack, the CPU may be taken, and it
 * comes back in the slot of the CPU the call then runs on (the same
 * context, so the same slot index). Only where a reschedule is pending
 * and preemption would then happen: only this call has preemption off.
 */
static struct vgc_cp_req *vgc_lib_window(struct vgc_yield *y,
					 struct vgc_cp_req *r)
{
	struct vgc_lib_call *c = container_of(y, struct vgc_lib_call, y);
	struct vgc_cp_resume s;

	if (!IS_ENABLED(CONFIG_PREEMPT_COUNT) ||
	    !(need_resched() || vgc_lib_test_forced()) || irqs_disabled())
		return r;
	/* the SIMD section's own hold (preemption, or softirqs) let go first */
	vgc_cp_pause(r);
	if (preempt_count() != PREEMPT_DISABLE_OFFSET || !vgc_cp_suspend(r, &s))
		return r;
	preempt_enable();
	vgc_lib_test_hook();
	preempt_disable();
	c->r = &this_cpu_ptr(vgc_lib_slots)->req[c->ctx];
	vgc_cp_resume(c->r, &s);
	return c->r;
}

/* this CPU's slot for the running context, and the back end; preemption off until leave */
static const struct vgc_cp_backend *vgc_lib_enter(struct vgc_lib_call *c)
{
	const struct vgc_cp_backend *be;

	c->ctx = VGC_LIB_TASK;
	c->y.stop = vgc_lib_window;
	preempt_disable();
	if (in_nmi())
		c->ctx = VGC_LIB_NMI;
	else if (in_hardirq())
		c->ctx = VGC_LIB_HARDIRQ;
	else if (in_serving_softirq())
		c->ctx = VGC_LIB_SOFTIRQ;
	be = vgc_aead_best_backend();
	/* no vector unit in an NMI (x86 warns if even asked) */
	if (be->simd_begin && (c->ctx == VGC_LIB_NMI || !crypto_simd_usable()))
		be = &vgc_cp_backend_generic;
	c->r = &this_cpu_ptr(vgc_lib_slots)->req[c->ctx];
	return be;
}

static void vgc_lib_leave(void)
{
	preempt_enable();
}

/* @len bytes of a flat text through @pass, a window every VGC_LIB_STRETCH */
static void vgc_lib_flat_pass(struct vgc_lib_call *c, enum vgc_pass pass,
			      u8 *dst, const u8 *src, size_t len)
{
	size_t n;

	for (;;) {
		n = min_t(size_t, len, VGC_LIB_STRETCH);
		if (pass == VGC_SEAL)
			vgc_cp_seal_update(c->r, dst, src, n);
		else if (pass == VGC_AUTH)
			vgc_cp_auth_update(c->r, src, n);
		else
			vgc_cp_decrypt_update(c->r, dst, src, n);
		len -= n;
		if (!len)
			return;
		src += n;
		if (dst)
			dst += n;
		vgc_lib_window(&c->y, c->r);
	}
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
	struct vgc_lib_call c;
	const struct vgc_cp_backend *be = vgc_lib_enter(&c);

	vgc_cp_init(c.r, be, key, nonce, src_len);
	vgc_cp_ad(c.r, ad, ad_len);
	vgc_lib_flat_pass(&c, VGC_SEAL, dst, src, src_len);
	vgc_cp_seal_final(c.r, dst + src_len);
	vgc_lib_leave();
}

/*
 * Through this CPU's buffer in one stitched pass: a text of up to
 * VGC_CP_OPEN_BUF bytes whole (@head 0: vgc_cp_open_buf()), or a longer
 * one's bytes from @head on, after its first @head bytes were
 * authenticated (vgc_cp_open_buf_tail()); from flat @src to flat @dst,
 * or (@src NULL) from and to @sg. True: the tag verified and that part
 * is decrypted in dst (a first part is then the caller's to decrypt, and
 * the request goes on); false: refused (or a short list), and the
 * request has ended.
 */
static bool vgc_lib_open_buffered(struct vgc_cp_req *r, u8 *dst,
				  const u8 *src, struct scatterlist *sg,
				  size_t head, size_t len, const u8 *tag)
{
	size_t part = len - head;
	bool ok = true;
	u8 *buf;

	vgc_cp_open_buf_begin(r, part);
	buf = vgc_open_buf();
	if (src)
		memcpy(buf, src + head, part);
	else
		ok = sg_pcopy_to_buffer(sg, sg_nents(sg), buf, part, head) == part;
	if (!ok) {
		vgc_cp_open_buf_end(r, buf);
		return false;
	}
	if (head ? vgc_cp_open_buf_tail(r, buf, part, tag) :
		   vgc_cp_open_buf(r, buf, part, tag))
		return false;
	if (dst)
		memcpy(dst + head, buf, part);
	else
		ok = sg_pcopy_from_buffer(sg, sg_nents(sg), buf, part, head) == part;
	if (head && ok) {
		vgc_cp_open_buf_release(r, buf);
		return true;
	}
	vgc_cp_open_buf_end(r, buf);
	return ok;
}

/* where an open authenticates alone: all, or the part before the buffer's */
static size_t vgc_lib_open_head(const struct vgc_cp_backend *be, size_t len)
{
	return vgc_cp_open_buffered_tail(be, len) ? vgc_cp_open_head(len) : len;
}

static bool vgc_lib_decrypt(u8 *dst, const u8 *src, size_t src_len,
			    const u8 *ad, size_t ad_len,
			    const u8 nonce[VGC_CP_NONCE_SIZE], const u8 *key)
{
	const struct vgc_cp_backend *be;
	struct vgc_lib_call c;
	size_t len, head;
	bool ok;

	if (src_len < VGC_CP_TAG_SIZE)
		return false;
	len = src_len - VGC_CP_TAG_SIZE;
	be = vgc_lib_enter(&c);
	vgc_cp_init(c.r, be, key, nonce, len);
	vgc_cp_ad(c.r, ad, ad_len);
	if (vgc_cp_open_buffered(be, len)) {
		ok = vgc_lib_open_buffered(c.r, dst, src, NULL, 0, len, src + len);
		vgc_lib_leave();
		return ok;
	}
	head = vgc_lib_open_head(be, len);
	vgc_lib_flat_pass(&c, VGC_AUTH, NULL, src, head);
	/* the buffered part has a window on either side */
	if (head < len)
		vgc_lib_window(&c.y, c.r);
	if (head < len ? !vgc_lib_open_buffered(c.r, dst, src, NULL, head, len,
						src + len) :
			 vgc_cp_verify(c.r, src + len)) {
		vgc_lib_leave();
		return false;
	}
	if (head < len)
		vgc_lib_window(&c.y, c.r);
	vgc_lib_flat_pass(&c, VGC_DECRYPT, dst, src, head);
	vgc_cp_end(c.r);
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
	struct vgc_lib_call c;
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
	be = vgc_lib_enter(&c);
	vgc_cp_init(c.r, be, key, n, src_len);
	vgc_cp_ad(c.r, ad, ad_len);
	ok = vgc_walk_text(c.r, src, src, 0, src_len, VGC_SEAL, &c.y);
	if (ok) {
		vgc_cp_seal_final(c.r, tag);
		ok = sg_pcopy_from_buffer(src, sg_nents(src), tag, sizeof(tag),
					  src_len) == sizeof(tag);
		memzero_explicit(tag, sizeof(tag));
	} else {
		vgc_cp_end(c.r);
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
	struct vgc_lib_call c;
	unsigned int len, head;
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
	be = vgc_lib_enter(&c);
	vgc_cp_init(c.r, be, key, n, len);
	vgc_cp_ad(c.r, ad, ad_len);
	/* authenticated first; decrypted in place only if the tag verifies */
	head = vgc_lib_open_head(be, len);
	if (vgc_cp_open_buffered(be, len)) {
		ok = vgc_lib_open_buffered(c.r, NULL, NULL, src, 0, len, tag);
	} else if (!vgc_walk_text(c.r, src, NULL, 0, head, VGC_AUTH, &c.y)) {
		vgc_cp_end(c.r);
	} else if (head < len ?
		   vgc_lib_open_buffered(vgc_lib_window(&c.y, c.r), NULL, NULL,
					 src, head, len, tag) :
		   !vgc_cp_verify(c.r, tag)) {
		if (head < len)
			vgc_lib_window(&c.y, c.r);
		ok = vgc_walk_text(c.r, src, src, 0, head, VGC_DECRYPT, &c.y);
		vgc_cp_end(c.r);
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
