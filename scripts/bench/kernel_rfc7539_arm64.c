// SPDX-License-Identifier: GPL-2.0-only
/*
 * The arm64 bench's kernel column (scripts/bench/arm64.sh): the kernel's
 * own arm64 ChaCha20 and Poly1305 assembly (Linux 6.1,
 * arch/arm64/crypto/chacha-neon-core.S and the code poly1305-armv8.pl
 * writes, assembled at bench time by scripts/bench/kernel-arm64-asm.sh
 * from the linux-source-6.1 package; nothing of it is in this project),
 * driven as the kernel's rfc7539 template drives them through the
 * chacha20 skcipher and the poly1305 shash of 6.1's glue
 * (chacha-neon-glue.c, poly1305-glue.c): two passes over the text.
 *
 *   seal: Poly1305 key = ChaCha20 of 32 zero bytes (counter 0, one
 *         block through a bounce buffer); the text through ChaCha20
 *         (counter 1) in 4 KiB walk pieces, each in pieces of at most
 *         five blocks (four NEON and one scalar in chacha_4block_xor_neon,
 *         one block alone through the buffer); Poly1305 updates over the
 *         key, AD, its padding, the ciphertext (4 KiB pieces), its padding
 *         and the lengths, NEON for an update over 128 bytes, scalar
 *         otherwise and for a buffered block.
 *   open: Poly1305 over the ciphertext first, then ChaCha20 into dst,
 *         then the tag compared.
 *
 * Linux 7.3 runs the same two assembly files (moved to lib/crypto/arm64;
 * in Debian's linux-source-7.3 7.3.4-1~bpo13+1 one ADC's destination
 * register in the Poly1305 differs, and the objects here are 6.1's)
 * behind different glue (lib/crypto/arm64/chacha.h, poly1305.h), which
 * vgc_ka_release = 73 selects:
 *   - ChaCha20 of 64 bytes or less (the Poly1305 key, a walk's last piece
 *     of up to one block) in C, not NEON (chacha_crypt_arch);
 *   - Poly1305 through the library (poly1305_init with the key, updates
 *     buffered to whole blocks): poly1305_blocks_neon for every call,
 *     whose own entry takes the scalar path for short inputs.
 *
 * kernel_neon_begin/end and the crypto API's own work (scatterlist walks,
 * requests) are left out: this counts the kernel's assembly in the
 * template's composition, and so favours it.
 *
 * The kernel's NEON assembly may clobber v8-v15, whose low halves a
 * user-space caller expects kept (its C code, unlike the kernel's, uses
 * the FP/SIMD registers): this file is built with -mgeneral-regs-only,
 * as the kernel's glue is, and its two entry points keep d8-d15 for
 * their caller.
 */
#include <string.h>

#include "kernel_rfc7539_arm64.h"
#include "chacha20.h"

#define ROUNDS		20
#define WALK		4096
#define BLOCK		64

void chacha_block_xor_neon(u32 *state, u8 *dst, const u8 *src, int nrounds);
void chacha_4block_xor_neon(u32 *state, u8 *dst, const u8 *src, int nrounds,
			    int bytes);
void poly1305_init_arm64(void *state, const u8 *key);
/* poly1305_blocks and poly1305_emit, renamed apart from OpenSSL's */
void kpoly1305_blocks(void *state, const u8 *src, u32 len, u32 hibit);
void poly1305_blocks_neon(void *state, const u8 *src, u32 len, u32 hibit);
void kpoly1305_emit(void *state, u8 *digest, const u32 *nonce);

int vgc_ka_release = 61;

/* the shash's state: the assembly's (h, r, the NEON powers), then ours */
struct ka_poly {
	u8 st[256] __aligned(16);
	u32 s[4];
	u8 buf[16];
	unsigned int buflen;
	bool rset, sset;
};

static void chacha_init(u32 st[16], const u8 key[32], const u8 nonce[12],
			u32 ctr)
{
	unsigned int i;

	st[0] = 0x61707865;
	st[1] = 0x3320646e;
	st[2] = 0x79622d32;
	st[3] = 0x6b206574;
	for (i = 0; i < 8; i++)
		st[4 + i] = get_unaligned_le32(key + 4 * i);
	st[12] = ctr;
	for (i = 0; i < 3; i++)
		st[13 + i] = get_unaligned_le32(nonce + 4 * i);
}

/*
 * 7.3's chacha_crypt_generic for at most one block: a C block, then the
 * XOR. This project's portable block (lib/chacha20.c, linked in) stands
 * in for the kernel's chacha_block_generic: the same C rounds.
 */
static void chacha_c(u32 *st, u8 *dst, const u8 *src, unsigned int bytes)
{
	u8 ks[BLOCK];
	unsigned int i;

	vgc_chacha20_block(st, ks);
	for (i = 0; i < bytes; i++)
		dst[i] = src[i] ^ ks[i];
}

/* one walk piece, as the glue's chacha_doneon() */
static void chacha_piece(u32 *st, u8 *dst, const u8 *src, unsigned int bytes)
{
	u8 buf[BLOCK];

	if (vgc_ka_release >= 73 && bytes <= BLOCK) {
		chacha_c(st, dst, src, bytes);
		return;
	}
	while (bytes) {
		unsigned int l = bytes < 5 * BLOCK ? bytes : 5 * BLOCK;

		if (l <= BLOCK) {
			memcpy(buf, src, l);
			chacha_block_xor_neon(st, buf, buf, ROUNDS);
			memcpy(dst, buf, l);
			st[12]++;
			break;
		}
		chacha_4block_xor_neon(st, dst, src, ROUNDS, l);
		bytes -= l;
		src += l;
		dst += l;
		st[12] += (l + BLOCK - 1) / BLOCK;
	}
}

static void chacha_stream(u32 *st, u8 *dst, const u8 *src, size_t len)
{
	while (len) {
		unsigned int n = len < WALK ? len : WALK;

		chacha_piece(st, dst, src, n);
		dst += n;
		src += n;
		len -= n;
	}
}

/* the glue's neon_poly1305_blocks(): r and s from the first 32 bytes */
static void poly_blocks(struct ka_poly *p, const u8 *src, u32 len, u32 hibit,
			bool neon)
{
	if (!p->sset) {
		if (!p->rset) {
			poly1305_init_arm64(p->st, src);
			src += 16;
			len -= 16;
			p->rset = true;
		}
		if (len >= 16) {
			memcpy(p->s, src, 16);
			src += 16;
			len -= 16;
			p->sset = true;
		}
		if (len < 16)
			return;
	}
	len &= ~15U;
	if (neon || vgc_ka_release >= 73)
		poly1305_blocks_neon(p->st, src, len, hibit);
	else
		kpoly1305_blocks(p->st, src, len, hibit);
}

/* one shash update: NEON only for an update over 128 bytes */
static void poly_update(struct ka_poly *p, const u8 *src, u32 len)
{
	bool neon = len > 128;

	if (p->buflen) {
		u32 n = len < 16 - p->buflen ? len : 16 - p->buflen;

		memcpy(p->buf + p->buflen, src, n);
		src += n;
		len -= n;
		p->buflen += n;
		if (p->buflen == 16) {
			poly_blocks(p, p->buf, 16, 1, false);
			p->buflen = 0;
		}
	}
	if (len >= 16) {
		poly_blocks(p, src, len, 1, neon);
		src += len & ~15U;
		len &= 15;
	}
	if (len) {
		p->buflen = len;
		memcpy(p->buf, src, len);
	}
}

static void poly_final(struct ka_poly *p, u8 tag[16])
{
	if (p->buflen) {
		p->buf[p->buflen++] = 1;
		memset(p->buf + p->buflen, 0, 16 - p->buflen);
		if (vgc_ka_release >= 73)
			poly1305_blocks_neon(p->st, p->buf, 16, 0);
		else
			kpoly1305_blocks(p->st, p->buf, 16, 0);
	}
	kpoly1305_emit(p->st, tag, p->s);
}

static void poly_text(struct ka_poly *p, const u8 *c, size_t len)
{
	while (len) {
		u32 n = len < WALK ? len : WALK;

		poly_update(p, c, n);
		c += n;
		len -= n;
	}
}

/* the template's Poly1305 over AD and ciphertext, keyed from @st */
static void ka_tag(u32 st[16], const u8 *ad, size_t adlen, const u8 *c,
		   size_t len, u8 tag[16])
{
	static const u8 zero[16];
	struct ka_poly p = { .buflen = 0 };
	u8 key[32] = { 0 }, lens[16];

	chacha_piece(st, key, key, sizeof(key));
	if (vgc_ka_release >= 73) {	/* poly1305_init(): r, then s kept */
		poly1305_init_arm64(p.st, key);
		memcpy(p.s, key + 16, 16);
		p.rset = p.sset = true;
	} else {
		poly_update(&p, key, sizeof(key));
	}
	poly_update(&p, ad, adlen);
	if (adlen % 16)
		poly_update(&p, zero, 16 - adlen % 16);
	poly_text(&p, c, len);
	if (len % 16)
		poly_update(&p, zero, 16 - len % 16);
	put_unaligned_le64(adlen, lens);
	put_unaligned_le64(len, lens + 8);
	poly_update(&p, lens, sizeof(lens));
	poly_final(&p, tag);
	memset(key, 0, sizeof(key));
}

#define KEEP_D8_D15(saved)						\
	asm volatile("stp d8, d9, [%0]\n\tstp d10, d11, [%0, #16]\n\t"	\
		     "stp d12, d13, [%0, #32]\n\tstp d14, d15, [%0, #48]"	\
		     : : "r" (saved) : "memory")
#define RESTORE_D8_D15(saved)						\
	asm volatile("ldp d8, d9, [%0]\n\tldp d10, d11, [%0, #16]\n\t"	\
		     "ldp d12, d13, [%0, #32]\n\tldp d14, d15, [%0, #48]"	\
		     : : "r" (saved) : "memory")

void vgc_ka_seal(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		 size_t adlen, const u8 key[32], const u8 nonce[12])
{
	u64 saved[8];
	u32 st[16];

	KEEP_D8_D15(saved);
	chacha_init(st, key, nonce, 1);
	chacha_stream(st, dst, src, len);
	chacha_init(st, key, nonce, 0);
	ka_tag(st, ad, adlen, dst, len, dst + len);
	RESTORE_D8_D15(saved);
}

int vgc_ka_open(u8 *dst, const u8 *src, size_t len, const u8 *ad,
		size_t adlen, const u8 key[32], const u8 nonce[12])
{
	u64 saved[8];
	u8 tag[16];
	u32 st[16];

	if (len < 16)
		return -EINVAL;
	len -= 16;
	KEEP_D8_D15(saved);
	chacha_init(st, key, nonce, 0);
	ka_tag(st, ad, adlen, src, len, tag);
	chacha_init(st, key, nonce, 1);
	chacha_stream(st, dst, src, len);
	RESTORE_D8_D15(saved);
	return memcmp(tag, src + len, 16) ? -EBADMSG : 0;
}
