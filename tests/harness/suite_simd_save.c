// SPDX-License-Identifier: GPL-2.0-only
/*
 * The save area of a SIMD section (lib/simd_save.h), in a build that has
 * one (arm64, Linux 6.19 on). kcompat.h's kernel_neon_end() fills it as
 * the kernel does when a section is interrupted or its task switched
 * out; the back end must wipe it before its simd_end returns: after a
 * bare section, and after the sections of a seal and an open longer than
 * one section's budget, where the area is the request's own and outlives
 * them. In other builds the suite has nothing to check and is not run.
 */
#include "harness.h"

#define SUITE "simd-save"

#if VGC_SIMD_SAVE_BYTES
/* what kernel_neon_begin() and kernel_neon_end() were given */
static const u8 *saved_area(const struct vgc_simd_save *s)
{
	return PTR_ALIGN(&s->area[0], 16);
}

static unsigned int nonzero(const struct vgc_simd_save *s)
{
	const u8 *a = saved_area(s);
	unsigned int i, n = 0;

	for (i = 0; i < sizeof(struct user_fpsimd_state); i++)
		n += a[i] != 0;
	return n;
}

void vgc_suite_simd_save(const struct vgc_cp_backend *be,
			 const struct vgc_opts *o, struct vgc_tally *t)
{
	static const u8 key[VGC_CP_KEY_SIZE] = { 1, 2, 3 };
	static const u8 nonce[VGC_CP_NONCE_SIZE] = { 4, 5, 6 };
	static const u8 ad[13] = { 7, 8, 9 };
	const size_t len = 3 * VGC_SIMD_BUDGET + 100;
	struct vgc_cp_req *r = vgc_xmalloc(sizeof(*r));
	u8 *buf = vgc_xmalloc(len), tag[VGC_CP_TAG_SIZE];
	struct vgc_simd_save s;
	u32 state[16] = { 0 };
	unsigned long saves;
	unsigned int n;
	int err;

	(void)o;
	if (!be->simd_begin)
		goto out;

	memset(&s, 0x5a, sizeof(s));
	saves = vgc_neon_saves;
	be->simd_begin(&s);
	be->chacha_xor(state, buf, buf, 1);
	be->simd_end(&s);
	n = nonzero(&s);
	vgc_check(t, vgc_neon_saves == saves + 1 && !n, SUITE, be->name,
		  "a bare section: %lu saves, %u bytes of the area not wiped",
		  vgc_neon_saves - saves, n);

	memset(buf, 0x33, len);
	memset(r, 0x5a, sizeof(*r));
	saves = vgc_neon_saves;
	vgc_cp_init(r, be, key, nonce, len);
	vgc_cp_ad(r, ad, sizeof(ad));
	vgc_cp_seal_update(r, buf, buf, len);
	vgc_cp_seal_final(r, tag);
	n = nonzero(&r->simd_save);
	vgc_check(t, vgc_neon_saves >= saves + 2 && !n, SUITE, be->name,
		  "a seal of %zu bytes: %lu saves, %u bytes of the area not wiped",
		  len, vgc_neon_saves - saves, n);

	memset(r, 0x5a, sizeof(*r));
	saves = vgc_neon_saves;
	vgc_cp_init(r, be, key, nonce, len);
	vgc_cp_ad(r, ad, sizeof(ad));
	vgc_cp_auth_update(r, buf, len);
	err = vgc_cp_verify(r, tag);
	if (!err) {
		vgc_cp_decrypt_update(r, buf, buf, len);
		vgc_cp_end(r);
	}
	n = nonzero(&r->simd_save);
	vgc_check(t, !err && vgc_neon_saves >= saves + 4 && !n, SUITE, be->name,
		  "an open of %zu bytes (%d): %lu saves, %u bytes of the area not wiped",
		  len, err, vgc_neon_saves - saves, n);
out:
	free(r);
	free(buf);
}
#endif
