// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AEAD's contiguous one-shot forms, for the user-space tests and
 * benchmarks (harness.h): the streaming API of lib/chacha20poly1305.h
 * with the request on their own stack (about 1 KiB, which the kernel's
 * frame limit would not allow; the module's driver keeps it in the crypto
 * API's request). An open authenticates, verifies, and only then
 * writes plaintext: a refusal writes nothing (through the buffer) or only
 * the ciphertext (longer texts, other back ends).
 */
#include "harness.h"

__thread u8 vgc_harness_open_buf[VGC_CP_OPEN_ROOM] __aligned(64);

void vgc_cp_seal(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		 size_t len, const u8 *ad, size_t adlen,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE])
{
	struct vgc_cp_req r;

	vgc_cp_init(&r, be, key, nonce, len);
	vgc_cp_ad(&r, ad, adlen);
	vgc_cp_seal_update(&r, dst, src, len);
	vgc_cp_seal_final(&r, dst + len);
}

int vgc_cp_open(const struct vgc_cp_backend *be, u8 *dst, const u8 *src,
		size_t len, const u8 *ad, size_t adlen,
		const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE])
{
	struct vgc_cp_req r;
	int ret;

	if (len < VGC_CP_TAG_SIZE)
		return -EINVAL;
	len -= VGC_CP_TAG_SIZE;
	vgc_cp_init(&r, be, key, nonce, len);
	vgc_cp_ad(&r, ad, adlen);
	if (vgc_cp_open_buffered(be, len)) {
		/* as the module's driver, with a buffer of this thread's */
		u8 *buf = vgc_harness_open_buf;

		vgc_cp_open_buf_begin(&r, len);
		memcpy(buf, src, len);
		ret = vgc_cp_open_buf(&r, buf, len, src + len);
		if (ret)
			return ret;
		memcpy(dst, buf, len);
		vgc_cp_open_buf_end(&r, buf);
		return 0;
	}
	if (vgc_cp_open_buffered_tail(be, len)) {
		/* the first part as below, the last through the buffer */
		u8 *buf = vgc_harness_open_buf;
		size_t head = vgc_cp_open_head(len);

		vgc_cp_auth_copy_update(&r, dst, src, head);
		vgc_cp_open_buf_begin(&r, len - head);
		memcpy(buf, src + head, len - head);
		ret = vgc_cp_open_buf_tail(&r, buf, len - head, src + len);
		if (ret)
			return ret;
		memcpy(dst + head, buf, len - head);
		vgc_cp_open_buf_release(&r, buf);
		vgc_cp_decrypt_update(&r, dst, dst, head);
		vgc_cp_end(&r);
		return 0;
	}
	/* as the module's driver: src is read once, dst decrypted in place */
	vgc_cp_auth_copy_update(&r, dst, src, len);
	ret = vgc_cp_verify(&r, src + len);
	if (ret)
		return ret;
	vgc_cp_decrypt_update(&r, dst, dst, len);
	vgc_cp_end(&r);
	return 0;
}
