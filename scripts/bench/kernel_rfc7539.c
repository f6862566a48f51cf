// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgc_bench's third column: the kernel's own x86-64 ChaCha20 and Poly1305
 * assembly (Linux 6.1, arch/x86/crypto, assembled at bench time from the
 * linux-source-6.1 package by scripts/bench/kernel-asm.sh; nothing of it
 * is in this project), driven the way the kernel's rfc7539 template
 * drives it through its chacha20 skcipher and poly1305 shash: two passes
 * over the text.
 *
 *   seal: Poly1305 key = ChaCha20 of 32 zero bytes (counter 0); the text
 *         through ChaCha20 (counter 1); Poly1305 over AD, its padding,
 *         the ciphertext, its padding and the lengths, in those updates.
 *   open: Poly1305 over the ciphertext first, then ChaCha20 into dst, then
 *         the tag compared (the template's order: plaintext is written
 *         before the tag is checked).
 *
 * Which assembly function runs, by length and CPU, follows 6.1's glue
 * (chacha_glue.c, poly1305_glue.c): ChaCha20 with AVX-512VL (with BW),
 * AVX2 or SSSE3, each piece of a 4 KiB walk in turn; Poly1305 scalar
 * for pieces under 288 bytes while its state is in radix 2^64, else
 * AVX-512F, AVX2 or AVX in 4 KiB pieces (as on a CPU without AVX-512
 * when the harness hides it: VGCRYPTO_HIDE_CPU). The kernel's kernel_fpu_begin/end
 * around each piece cost nothing in user space and are left out, as is
 * the crypto API's own per-request work (scatterlist walks, the shash
 * and skcipher requests): this measures the kernel's assembly in the
 * template's composition, and so favours it.
 */
#include <string.h>

#include "kernel_rfc7539.h"

#define ROUNDS		20
#define WALK		4096

static bool use_avx512vl, use_avx2, use_avx, use_poly_avx512;

/* the kernel's poly1305 state, as its assembly lays it out */
struct kt_poly_state {
	union {
		struct {
			u32 h[5];
			u32 is_base2_26;
		};
		u64 hs[3];
	};
	u64 r[2];
	u64 pad;
	u32 rn[9][4];
} __aligned(64);

struct kt_poly {
	struct kt_poly_state st;
	u32 s[4];
	u8 buf[16];
	unsigned int buflen;
};

bool vgc_kt_usable(bool no_avx512)
{
	__builtin_cpu_init();
	use_avx = __builtin_cpu_supports("avx");
	use_avx2 = use_avx && __builtin_cpu_supports("avx2");
	use_avx512vl = use_avx2 && !no_avx512 &&
		       __builtin_cpu_supports("avx512vl") &&
		       __builtin_cpu_supports("avx512bw");
	use_poly_avx512 = use_avx2 && !no_avx512 &&
			  __builtin_cpu_supports("avx512f");
	return __builtin_cpu_supports("ssse3");
}

/* which multi-block function covers the tail, and how many blocks it made */
static unsigned int blocks_of(unsigned int bytes, unsigned int most)
{
	bytes = bytes < most * 64 ? bytes : most * 64;
	return (bytes + 63) / 64;
}

/* one piece of the walk, the function chosen by length as 6.1 does */
static void chacha_piece(u32 *st, u8 *dst, const u8 *src, unsigned int bytes)
{
	void (*f8)(u32 *, u8 *, const u8 *, unsigned int, int) = NULL;
	void (*f4)(u32 *, u8 *, const u8 *, unsigned int, int) = NULL;
	void (*f2)(u32 *, u8 *, const u8 *, unsigned int, int) = NULL;

	if (use_avx512vl) {
		f8 = chacha_8block_xor_avx512vl;
		f4 = chacha_4block_xor_avx512vl;
		f2 = chacha_2block_xor_avx512vl;
	} else if (use_avx2) {
		f8 = chacha_8block_xor_avx2;
		f4 = chacha_4block_xor_avx2;
		f2 = chacha_2block_xor_avx2;
	}
	if (f8) {
		for (; bytes >= 8 * 64; bytes -= 8 * 64, src += 512, dst += 512) {
			f8(st, dst, src, bytes, ROUNDS);
			st[12] += 8;
		}
		if (bytes > 4 * 64) {
			f8(st, dst, src, bytes, ROUNDS);
			st[12] += blocks_of(bytes, 8);
			return;
		}
		if (bytes > 2 * 64) {
			f4(st, dst, src, bytes, ROUNDS);
			st[12] += blocks_of(bytes, 4);
			return;
		}
		/* the AVX-512VL code takes one block too, AVX2 leaves it */
		if (bytes > 64 || (bytes && use_avx512vl)) {
			f2(st, dst, src, bytes, ROUNDS);
			st[12] += blocks_of(bytes, 2);
			return;
		}
	}
	for (; bytes >= 4 * 64; bytes -= 4 * 64, src += 256, dst += 256) {
		chacha_4block_xor_ssse3(st, dst, src, bytes, ROUNDS);
		st[12] += 4;
	}
	if (bytes > 64) {
		chacha_4block_xor_ssse3(st, dst, src, bytes, ROUNDS);
		st[12] += blocks_of(bytes, 4);
	} else if (bytes) {
		chacha_block_xor_ssse3(st, dst, src, bytes, ROUNDS);
		st[12]++;
	}
}

static void chacha_xor(u32 *st, u8 *dst, const u8 *src, size_t len)
{
	unsigned int n;

	for (; len; len -= n, dst += n, src += n) {
		n = len < WALK ? len : WALK;
		chacha_piece(st, dst, src, n);
	}
}

/* the AVX codes leave h in radix 2^26: back to 2^64 for the scalar code */
static void poly_to_base64(struct kt_poly_state *s)
{
	u64 h0, h1, h2, c;
	u32 l[5];
	int i;

	if (!s->is_base2_26)
		return;
	for (i = 0; i < 5; i++)
		l[i] = s->h[i];
	for (i = 0; i < 4; i++) {
		l[i + 1] += l[i] >> 26;
		l[i] &= 0x3ffffff;
	}
	h0 = l[0] | (u64)l[1] << 26 | (u64)l[2] << 52;
	h1 = l[2] >> 12 | (u64)l[3] << 14 | (u64)l[4] << 40;
	h2 = l[4] >> 24;
	c = (h2 >> 2) * 5;
	h2 &= 3;
	h0 += c;
	c = h0 < c;
	h1 += c;
	h2 += h1 < c;
	s->hs[0] = h0;
	s->hs[1] = h1;
	s->hs[2] = h2;
	s->is_base2_26 = 0;
}

static void poly_blocks(struct kt_poly_state *s, const u8 *inp, size_t len,
			u32 padbit)
{
	size_t n;

	if (!use_avx || (len < 18 * 16 && !s->is_base2_26)) {
		poly_to_base64(s);
		poly1305_blocks_x86_64(s, inp, len, padbit);
		return;
	}
	for (; len; len -= n, inp += n) {
		n = len < WALK ? len : WALK;
		if (use_poly_avx512)
			poly1305_blocks_avx512(s, inp, n, padbit);
		else if (use_avx2)
			poly1305_blocks_avx2(s, inp, n, padbit);
		else
			poly1305_blocks_avx(s, inp, n, padbit);
	}
}

static void poly_init(struct kt_poly *p, const u8 key[32])
{
	int i;

	poly1305_init_x86_64(&p->st, key);
	for (i = 0; i < 4; i++)
		p->s[i] = get_unaligned_le32(key + 16 + 4 * i);
	p->buflen = 0;
}

static void poly_update(struct kt_poly *p, const u8 *src, size_t len)
{
	size_t n;

	if (p->buflen) {
		n = 16 - p->buflen < len ? 16 - p->buflen : len;
		memcpy(p->buf + p->buflen, src, n);
		p->buflen += n;
		src += n;
		len -= n;
		if (p->buflen == 16) {
			poly_blocks(&p->st, p->buf, 16, 1);
			p->buflen = 0;
		}
	}
	n = len & ~(size_t)15;
	if (n)
		poly_blocks(&p->st, src, n, 1);
	if (len - n) {
		memcpy(p->buf, src + n, len - n);
		p->buflen = len - n;
	}
}

static void poly_final(struct kt_poly *p, u8 mac[16])
{
	if (p->buflen) {
		p->buf[p->buflen++] = 1;
		memset(p->buf + p->buflen, 0, 16 - p->buflen);
		poly_blocks(&p->st, p->buf, 16, 0);
	}
	if (use_avx)
		poly1305_emit_avx(&p->st, mac, p->s);
	else
		poly1305_emit_x86_64(&p->st, mac, p->s);
}

/* the Poly1305 of the template: AD, pad, ciphertext, pad, lengths */
static void poly_aead(u8 tag[16], const u8 pk[32], const u8 *ad, size_t adlen,
		      const u8 *ct, size_t len)
{
	static const u8 zero[16];
	struct kt_poly p;
	u8 tail[16];

	poly_init(&p, pk);
	poly_update(&p, ad, adlen);
	poly_update(&p, zero, (16 - adlen % 16) % 16);
	poly_update(&p, ct, len);
	poly_update(&p, zero, (16 - len % 16) % 16);
	put_unaligned_le64(adlen, tail);
	put_unaligned_le64(len, tail + 8);
	poly_update(&p, tail, 16);
	poly_final(&p, tag);
}

static void key_and_state(u32 st[16], u8 pk[32], const u8 key[32],
			  const u8 nonce[12])
{
	vgc_chacha20_init(st, key, nonce, 0);
	memset(pk, 0, 32);
	chacha_xor(st, pk, pk, 32);
	st[12] = 1;
}

void vgc_kt_seal(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		 size_t adlen, const u8 key[32], const u8 nonce[12])
{
	u8 pk[32];
	u32 st[16];

	key_and_state(st, pk, key, nonce);
	chacha_xor(st, dst, src, len);
	poly_aead(dst + len, pk, ad, adlen, dst, len);
}

int vgc_kt_open(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		size_t adlen, const u8 key[32], const u8 nonce[12])
{
	u8 pk[32], tag[16];
	u32 st[16];

	if (len < 16)
		return -EINVAL;
	len -= 16;
	key_and_state(st, pk, key, nonce);
	poly_aead(tag, pk, ad, adlen, src, len);
	chacha_xor(st, dst, src, len);
	return crypto_memneq(tag, src + len, 16) ? -EBADMSG : 0;
}
