// SPDX-License-Identifier: GPL-2.0-only
/*
 * Nothing secret left behind on the stack. Each back end seals and opens
 * (one-shot and segmented, in place and out of place, a forgery too) at
 * several lengths on a stack of its own, every byte of which was poisoned
 * first; once the operations have returned, that whole stack is dead and
 * is searched for what they must not leave there:
 *   - the key, as 32-bit words (ChaCha20 state words 4-11);
 *   - every word of every ChaCha20 block the request could have computed
 *     (vector code makes up to 15 blocks beyond the last one it uses):
 *     the state after the 20 rounds and before the feed-forward (from
 *     words 8-11 of that and one known keystream block the key follows),
 *     and the keystream itself (block 0's is the Poly1305 key);
 *   - Poly1305's r and s, as 32-bit and 64-bit words, 5 * r1 / 4, and
 *     the powers r^1 .. r^32 as the back ends hold them: 64-bit words of
 *     the value mod p, its 26-bit limbs and 5 times them (as 64-bit words
 *     for AVX2, 32-bit ones for NEON), its 44/44/42-bit limbs and 20 times
 *     them (AVX-512 IFMA).
 * The plain text and the key buffer live on the heap, so the stack holds
 * none of these unless a function copied or spilled one there and left it.
 * A hit names the value and its depth below the top of the stack.
 *
 * Runs the operations on a stack of its own (makecontext/swapcontext), so
 * that the harness's own frames are not in the way and the whole area the
 * operations could reach is searched.
 *
 * On x86-64 the registers are searched too, for the SIMD back ends: every
 * back-end call goes through a trampoline that fills the vector registers
 * and the free caller-saved ones with the poison, calls, and keeps the
 * registers as the callee returned them (rax, rcx, rdx, rsi, rdi, r8-r11
 * and every vector register the CPU has). Whatever the assembly did not
 * wipe there stays until the next SIMD user overwrites it (in the
 * kernel: until the task's own registers come back on its way to user
 * space). The portable C back end is not held to this: C code does not
 * wipe registers.
 */
#include <ucontext.h>

#include "harness.h"

#define SUITE		"dead-stack"
#define STACK_SIZE	(128 * 1024)
#define POISON		0x3cU
#define MAX_TEXT	5000
#define AD_LEN		13
/* blocks a request may compute: its own, block 0, and a vector tail */
#define MAX_BLOCKS	(MAX_TEXT / 64 + 2 + 16)
#define MAX_POWERS	32
/* register snapshots kept per length: one per back-end call */
#define MAX_SNAPS	512

static const size_t lens[] = { 0, 1, 15, 16, 63, 64, 65, 100, 255, 256,
			       511, 1000, 1024, 1420, 4096, 4100, 5000 };

/* what a needle is, for the report */
enum kind {
	K_KEY, K_ROUNDS, K_KEYSTREAM, K_POLY_R, K_POLY_S, K_POWER64,
	K_LIMB26, K_LIMB44,
};

static const char *const kind_name[] = {
	"key word", "ChaCha20 state after the rounds", "keystream word",
	"Poly1305 r", "Poly1305 s", "power of r (radix 2^64)",
	"power of r (26-bit limb or 5x)", "power of r (44-bit limb or 20x)",
};

/* caller-saved registers as a back-end call returned them */
#ifdef __aarch64__
#define NGPR		18	/* x0-x17 */
#define VEC_BYTES	16	/* v0-v31 */
static const char *const gpr_name[NGPR] = {
	"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10",
	"x11", "x12", "x13", "x14", "x15", "x16", "x17",
};
#else
#define NGPR		9	/* rax rcx rdx rsi rdi r8 r9 r10 r11 */
#define VEC_BYTES	64	/* xmm/ymm/zmm 0-15 (0-31 with AVX-512) */
static const char *const gpr_name[NGPR] = {
	"rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11",
};
#endif

struct regs_snap {
	u64 gpr[NGPR];
	u8 vec[32][VEC_BYTES];
};

struct needle {
	u64 value;
	u16 kind, a, b;		/* a, b: block and word, or power and limb */
};

struct scan {
	struct needle *n32, *n64;
	unsigned int c32, c64, max32, max64;
	/* the operations' inputs, on the heap */
	u8 *key, *nonce, *ad, *pt, *sealed, *out, *forged, *blk_ks;
	u32 *blk_state;
	struct vgc_poly1305 *blk_poly;
	const struct vgc_cp_backend *be;
	size_t len;
	bool done;
	bool buf_wiped;		/* the open buffer, after a valid open */
	ucontext_t main_ctx, op_ctx;
	u8 *stack;
	/* the SIMD back end with every call through the trampoline */
	struct vgc_cp_backend traced;
	struct regs_snap *snaps;
	unsigned int nsnaps;
};

static void add(struct needle *set, unsigned int *count, unsigned int max,
		u64 value, enum kind k, unsigned int a, unsigned int b)
{
	/* too common to mean anything, or the poison itself */
	if (value < 0x10000 || (u32)value == POISON * 0x01010101U)
		return;
	if (*count < max)
		set[(*count)++] = (struct needle){ value, k, a, b };
}

static void add32(struct scan *s, u32 v, enum kind k, unsigned int a,
		  unsigned int b)
{
	add(s->n32, &s->c32, s->max32, v, k, a, b);
}

static void add64(struct scan *s, u64 v, enum kind k, unsigned int a,
		  unsigned int b)
{
	add(s->n64, &s->c64, s->max64, v, k, a, b);
}

static void quarter(u32 *x, int a, int b, int c, int d)
{
	x[a] += x[b];
	x[d] = rol32(x[d] ^ x[a], 16);
	x[c] += x[d];
	x[b] = rol32(x[b] ^ x[c], 12);
	x[a] += x[b];
	x[d] = rol32(x[d] ^ x[a], 8);
	x[c] += x[d];
	x[b] = rol32(x[b] ^ x[c], 7);
}

/* the ChaCha20 words of every block the request may compute */
static void chacha_needles(struct scan *s)
{
	unsigned int blk, i;
	u32 st[16], x[16];

	vgc_chacha20_init(st, s->key, s->nonce, 0);
	for (i = 0; i < 8; i++)
		add32(s, st[4 + i], K_KEY, 0, 4 + i);
	for (blk = 0; blk < MAX_BLOCKS; blk++) {
		st[12] = blk;
		memcpy(x, st, sizeof(x));
		for (i = 0; i < 10; i++) {
			quarter(x, 0, 4, 8, 12);
			quarter(x, 1, 5, 9, 13);
			quarter(x, 2, 6, 10, 14);
			quarter(x, 3, 7, 11, 15);
			quarter(x, 0, 5, 10, 15);
			quarter(x, 1, 6, 11, 12);
			quarter(x, 2, 7, 8, 13);
			quarter(x, 3, 4, 9, 14);
		}
		for (i = 0; i < 16; i++) {
			add32(s, x[i], K_ROUNDS, blk, i);
			add32(s, x[i] + st[i], K_KEYSTREAM, blk, i);
		}
	}
}

/*
 * HChaCha20 (the XChaCha20 subkey) of the request's key and a 16-byte
 * nonce: the key words and every word of every intermediate state of its
 * rounds, which the portable code's spills could leave behind
 */
static void hchacha_needles(struct scan *s, const u8 nonce16[16])
{
	static const int qr[8][4] = {
		{ 0, 4, 8, 12 }, { 1, 5, 9, 13 }, { 2, 6, 10, 14 },
		{ 3, 7, 11, 15 }, { 0, 5, 10, 15 }, { 1, 6, 11, 12 },
		{ 2, 7, 8, 13 }, { 3, 4, 9, 14 },
	};
	unsigned int i, q, w;
	u32 x[16];

	vgc_chacha20_init(x, s->key, nonce16 + 4, get_unaligned_le32(nonce16));
	for (i = 0; i < 8; i++)
		add32(s, x[4 + i], K_KEY, 0, 4 + i);
	for (i = 0; i < 10; i++)
		for (q = 0; q < 8; q++) {
			quarter(x, qr[q][0], qr[q][1], qr[q][2], qr[q][3]);
			for (w = 0; w < 4; w++)
				add32(s, x[qr[q][w]], K_ROUNDS, i, qr[q][w]);
		}
}

/* x * y mod p = 2^130 - 5, values as three 64-bit words (schoolbook) */
#define u128 unsigned __int128

static void mulmod(u64 out[3], const u64 x[3], const u64 y[3])
{
	u128 t[6] = { 0 }, c;
	u64 w[6], hi[3];
	int i, j;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			c = (u128)x[i] * y[j];
			t[i + j] += (u64)c;
			t[i + j + 1] += (u64)(c >> 64);
		}
	c = 0;
	for (i = 0; i < 6; i++) {
		c += t[i];
		w[i] = (u64)c;
		c >>= 64;
	}
	/* fold bits 130.. (w >> 130) times 5 into the low 130 bits, twice */
	for (i = 0; i < 2; i++) {
		hi[0] = (w[2] >> 2) | (w[3] << 62);
		hi[1] = (w[3] >> 2) | (w[4] << 62);
		hi[2] = (w[4] >> 2) | (w[5] << 62);
		w[2] &= 3;
		w[3] = 0;
		w[4] = 0;
		w[5] = 0;
		c = (u128)w[0] + hi[0] * (u128)5;
		w[0] = (u64)c;
		c = (c >> 64) + w[1] + hi[1] * (u128)5;
		w[1] = (u64)c;
		c = (c >> 64) + w[2] + hi[2] * (u128)5;
		w[2] = (u64)c;
		w[3] = (u64)(c >> 64);
	}
	/* now below 2^131: subtract p while it is >= p (at most twice) */
	for (i = 0; i < 2; i++) {
		u64 g0 = w[0] + 5, c0 = g0 < 5, g1 = w[1] + c0;
		u64 g2 = w[2] + (g1 < c0);

		if (g2 >> 2) {
			w[0] = g0;
			w[1] = g1;
			w[2] = g2 & 3;
		}
	}
	out[0] = w[0];
	out[1] = w[1];
	out[2] = w[2];
}

static void poly_needles(struct scan *s)
{
	u64 r[3], pw[3], l;
	u8 pk[64];
	u32 st[16];
	unsigned int k, i;

	vgc_chacha20_init(st, s->key, s->nonce, 0);
	vgc_chacha20_block(st, pk);
	r[0] = get_unaligned_le64(pk) & 0x0ffffffc0fffffffULL;
	r[1] = get_unaligned_le64(pk + 8) & 0x0ffffffc0ffffffcULL;
	r[2] = 0;
	for (i = 0; i < 4; i++) {
		add32(s, (u32)(r[i / 2] >> (32 * (i % 2))), K_POLY_R, 1, i);
		add32(s, get_unaligned_le32(pk + 16 + 4 * i), K_POLY_S, 0, i);
	}
	add64(s, get_unaligned_le64(pk + 16), K_POLY_S, 0, 0);
	add64(s, get_unaligned_le64(pk + 24), K_POLY_S, 0, 1);
	add64(s, r[1] + (r[1] >> 2), K_POLY_R, 1, 5);
	memcpy(pw, r, sizeof(pw));
	for (k = 1; k <= MAX_POWERS; k++) {
		if (k > 1)
			mulmod(pw, pw, r);
		add64(s, pw[0], K_POWER64, k, 0);
		add64(s, pw[1], K_POWER64, k, 1);
		for (i = 0; i < 5; i++) {
			/* bits 26i .. 26i + 25 */
			l = i < 2 ? pw[0] >> (26 * i) :
			    i == 2 ? (pw[0] >> 52) | (pw[1] << 12) :
			    i == 3 ? pw[1] >> 14 : (pw[1] >> 40) | (pw[2] << 24);
			l &= 0x3ffffff;
			add64(s, l, K_LIMB26, k, i);
			add64(s, l * 5, K_LIMB26, k, 5 + i);
			add32(s, (u32)l, K_LIMB26, k, i);
			add32(s, (u32)(l * 5), K_LIMB26, k, 5 + i);
		}
		for (i = 0; i < 3; i++) {
			l = i == 0 ? pw[0] & ((1ULL << 44) - 1) :
			    i == 1 ? ((pw[0] >> 44) | (pw[1] << 20)) &
				     ((1ULL << 44) - 1) :
			    (pw[1] >> 24) | (pw[2] << 40);
			add64(s, l, K_LIMB44, k, i);
			add64(s, l * 20, K_LIMB44, k, 3 + i);
		}
	}
	memzero_explicit(pk, sizeof(pk));
}

static int cmp_needle(const void *a, const void *b)
{
	u64 x = ((const struct needle *)a)->value;
	u64 y = ((const struct needle *)b)->value;

	return x < y ? -1 : x > y;
}

static const struct needle *find(const struct needle *set, unsigned int n,
				 u64 v)
{
	unsigned int lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (set[mid].value < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && set[lo].value == v ? &set[lo] : NULL;
}

static struct scan *cur;

#ifdef __x86_64__
/*
 * The trampoline, its target and what it saw. vgc_regs_width: 0 xmm0-15,
 * 1 ymm0-15 (AVX2), 2 zmm0-31 (AVX-512F). The call's own arguments
 * (rdi, rsi, rdx, rcx, r8: five at most) pass through untouched.
 */
void *vgc_regs_target;
int vgc_regs_width;
struct regs_snap vgc_regs_now;
const u64 vgc_regs_poison[8] __aligned(64) = {
	[0 ... 7] = POISON * 0x0101010101010101ULL,
};

asm(".pushsection .text\n"
	".globl vgc_regs_call\n"
	".type vgc_regs_call, @function\n"
	"vgc_regs_call:\n\t"
	"endbr64\n\t"
	"sub $8, %rsp\n\t"
	"mov vgc_regs_poison(%rip), %rax\n\t"
	"mov %rax, %r9\n\t"
	"mov %rax, %r10\n\t"
	"mov %rax, %r11\n\t"
	"cmpl $1, vgc_regs_width(%rip)\n\t"
	"je 1f\n\t"
	"jg 2f\n"
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n\t"
	"movdqa vgc_regs_poison(%rip), %xmm\\i\n"
	".endr\n\t"
	"jmp 3f\n"
	"1:\n"
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n\t"
	"vmovdqa vgc_regs_poison(%rip), %ymm\\i\n"
	".endr\n\t"
	"jmp 3f\n"
	"2:\n"
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
	"vmovdqa64 vgc_regs_poison(%rip), %zmm\\i\n"
	".endr\n"
	"3:\n\t"
	"call *vgc_regs_target(%rip)\n\t"
	"mov %rax, vgc_regs_now+0(%rip)\n\t"
	"mov %rcx, vgc_regs_now+8(%rip)\n\t"
	"mov %rdx, vgc_regs_now+16(%rip)\n\t"
	"mov %rsi, vgc_regs_now+24(%rip)\n\t"
	"mov %rdi, vgc_regs_now+32(%rip)\n\t"
	"mov %r8, vgc_regs_now+40(%rip)\n\t"
	"mov %r9, vgc_regs_now+48(%rip)\n\t"
	"mov %r10, vgc_regs_now+56(%rip)\n\t"
	"mov %r11, vgc_regs_now+64(%rip)\n\t"
	"cmpl $1, vgc_regs_width(%rip)\n\t"
	"je 1f\n\t"
	"jg 2f\n"
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n\t"
	"movdqu %xmm\\i, vgc_regs_now+72+64*\\i(%rip)\n"
	".endr\n\t"
	"jmp 3f\n"
	"1:\n"
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15\n\t"
	"vmovdqu %ymm\\i, vgc_regs_now+72+64*\\i(%rip)\n"
	".endr\n\t"
	"jmp 3f\n"
	"2:\n"
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
	"vmovdqu64 %zmm\\i, vgc_regs_now+72+64*\\i(%rip)\n"
	".endr\n"
	"3:\n\t"
	"call vgc_regs_collect\n\t"
	"add $8, %rsp\n\t"
	"ret\n"
	".size vgc_regs_call, . - vgc_regs_call\n"
	".popsection\n");

#elif defined(__aarch64__)
/*
 * The same for arm64: x5-x17 and every v-register but v8-v15 (whose low
 * halves the trampoline's caller may keep there) poisoned before the
 * call; x0-x17 and v0-v31 taken after it.
 */
void *vgc_regs_target;
struct regs_snap vgc_regs_now;
const u64 vgc_regs_poison[2] __aligned(16) = {
	[0 ... 1] = POISON * 0x0101010101010101ULL,
};

asm(".pushsection .text\n"
	".globl vgc_regs_call\n"
	".type vgc_regs_call, %function\n"
	".p2align 2\n"
	"vgc_regs_call:\n\t"
	"stp x29, x30, [sp, #-16]!\n\t"
	"mov x29, sp\n\t"
	"adrp x16, vgc_regs_poison\n\t"
	"add x16, x16, :lo12:vgc_regs_poison\n\t"
	"ldr q16, [x16]\n\t"
	"ldr x5, [x16]\n"
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
	"mov v\\i\\().16b, v16.16b\n"
	".endr\n"
	".irp i, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17\n\t"
	"mov x\\i, x5\n"
	".endr\n\t"
	"adrp x16, vgc_regs_target\n\t"
	"ldr x16, [x16, :lo12:vgc_regs_target]\n\t"
	"blr x16\n\t"
	"stp x16, x17, [sp, #-16]!\n\t"
	"adrp x16, vgc_regs_now\n\t"
	"add x16, x16, :lo12:vgc_regs_now\n"
	"stp x0, x1, [x16, #0]\n\t"
	"stp x2, x3, [x16, #16]\n\t"
	"stp x4, x5, [x16, #32]\n\t"
	"stp x6, x7, [x16, #48]\n\t"
	"stp x8, x9, [x16, #64]\n\t"
	"stp x10, x11, [x16, #80]\n\t"
	"stp x12, x13, [x16, #96]\n\t"
	"stp x14, x15, [x16, #112]\n\t"
	"ldp x0, x1, [sp], #16\n\t"
	"stp x0, x1, [x16, #128]\n"
	"stp q0, q1, [x16, #144]\n\t"
	"stp q2, q3, [x16, #176]\n\t"
	"stp q4, q5, [x16, #208]\n\t"
	"stp q6, q7, [x16, #240]\n\t"
	"stp q8, q9, [x16, #272]\n\t"
	"stp q10, q11, [x16, #304]\n\t"
	"stp q12, q13, [x16, #336]\n\t"
	"stp q14, q15, [x16, #368]\n\t"
	"stp q16, q17, [x16, #400]\n\t"
	"stp q18, q19, [x16, #432]\n\t"
	"stp q20, q21, [x16, #464]\n\t"
	"stp q22, q23, [x16, #496]\n\t"
	"stp q24, q25, [x16, #528]\n\t"
	"stp q26, q27, [x16, #560]\n\t"
	"stp q28, q29, [x16, #592]\n\t"
	"stp q30, q31, [x16, #624]\n\t"
	"bl vgc_regs_collect\n\t"
	"ldp x29, x30, [sp], #16\n\t"
	"ret\n"
	".size vgc_regs_call, . - vgc_regs_call\n"
	".popsection\n");
#endif

#if defined(__x86_64__) || defined(__aarch64__)
void vgc_regs_collect(void)
{
	if (cur->nsnaps < MAX_SNAPS)
		cur->snaps[cur->nsnaps++] = vgc_regs_now;
}

/*
 * Each back-end function, called through the trampoline: declared once
 * per signature under the trampoline's own symbol.
 */
void regs_call_xor(u32 *st, u8 *d, const u8 *s, unsigned int n)
	__asm__("vgc_regs_call");
void regs_call_xor_ks(u32 *st, u8 *d, const u8 *s, unsigned int n, u8 *ks)
	__asm__("vgc_regs_call");
void regs_call_blocks(struct vgc_poly1305 *p, const u8 *s, unsigned int n)
	__asm__("vgc_regs_call");
void regs_call_flush(struct vgc_poly1305 *p) __asm__("vgc_regs_call");
void regs_call_block(u32 *st, u8 *ks) __asm__("vgc_regs_call");
void regs_call_seal(u32 *st, struct vgc_poly1305 *p, u8 *d, const u8 *s,
		    unsigned int n) __asm__("vgc_regs_call");

static void traced_chacha_xor(u32 *st, u8 *d, const u8 *s, unsigned int n)
{
	vgc_regs_target = cur->be->chacha_xor;
	regs_call_xor(st, d, s, n);
}

static void traced_chacha_xor_ks(u32 *st, u8 *d, const u8 *s, unsigned int n,
				 u8 *ks)
{
	vgc_regs_target = cur->be->chacha_xor_ks;
	regs_call_xor_ks(st, d, s, n, ks);
}

static void traced_chacha_block(u32 *st, u8 *ks)
{
	vgc_regs_target = cur->be->chacha_block;
	regs_call_block(st, ks);
}

static void traced_poly_blocks(struct vgc_poly1305 *p, const u8 *s,
			       unsigned int n)
{
	vgc_regs_target = cur->be->poly_blocks;
	regs_call_blocks(p, s, n);
}

static void traced_poly_flush(struct vgc_poly1305 *p)
{
	vgc_regs_target = cur->be->poly_flush;
	regs_call_flush(p);
}

static void traced_seal_passes(u32 *st, struct vgc_poly1305 *p, u8 *d,
			       const u8 *s, unsigned int n)
{
	vgc_regs_target = cur->be->seal_passes;
	regs_call_seal(st, p, d, s, n);
}

static void traced_open_passes(u32 *st, struct vgc_poly1305 *p, u8 *d,
			       const u8 *s, unsigned int n)
{
	vgc_regs_target = cur->be->open_passes;
	regs_call_seal(st, p, d, s, n);
}

static bool regs_traced(struct scan *s)
{
	if (!s->be->simd_begin)
		return false;
#ifdef __x86_64__
	vgc_regs_width = __builtin_cpu_supports("avx512f") ? 2 :
			 __builtin_cpu_supports("avx2") ? 1 : 0;
#endif
	s->traced = *s->be;
	s->traced.chacha_xor = traced_chacha_xor;
	s->traced.chacha_xor_ks = traced_chacha_xor_ks;
	s->traced.poly_blocks = traced_poly_blocks;
	if (s->be->poly_flush)
		s->traced.poly_flush = traced_poly_flush;
	if (s->be->chacha_block)
		s->traced.chacha_block = traced_chacha_block;
	if (s->be->seal_passes)
		s->traced.seal_passes = traced_seal_passes;
	if (s->be->open_passes)
		s->traced.open_passes = traced_open_passes;
	return true;
}
#else
static bool regs_traced(struct scan *s __maybe_unused)
{
	return false;
}
#endif

/*
 * On the poisoned stack: every way a driver request reaches the back
 * end, at this length.
 */
static void run_ops(void)
{
	struct scan *s = cur;
	const struct vgc_cp_backend *be = s->snaps ? &s->traced : s->be;
	size_t len = s->len;
	struct vgc_rng rng;

	vgc_rng_seed(&rng, len);
	vgc_cp_seal(be, s->sealed, s->pt, len, s->ad, AD_LEN, s->key, s->nonce);
	if (vgc_cp_open(be, s->out, s->sealed, len + 16, s->ad, AD_LEN, s->key,
			s->nonce))
		return;
	/* the plaintext and keystream a buffered open held: wiped after it */
	s->buf_wiped = vgc_all_byte(vgc_harness_open_buf, VGC_CP_OPEN_ROOM, 0);
	vgc_seal_seg(be, &rng, false, s->out, s->pt, len, s->ad, AD_LEN, s->key,
		     s->nonce);
	if (vgc_open_seg(be, &rng, true, s->out, s->sealed, len + 16, s->ad,
			 AD_LEN, s->key, s->nonce))
		return;
	memcpy(s->forged, s->sealed, len + 16);
	s->forged[len] ^= 1;
	if (vgc_cp_open(be, s->out, s->forged, len + 16, s->ad, AD_LEN, s->key,
			s->nonce) != -EBADMSG)
		return;
	/*
	 * The one-block function alone, last: in a request the calls after
	 * it reuse its frame, which would hide what it left there. Its state
	 * and output are on the heap.
	 */
	if (be->chacha_block) {
		vgc_chacha20_init(s->blk_state, s->key, s->nonce, 0);
		be->chacha_block(s->blk_state, s->blk_ks);
	}
	/*
	 * Likewise a stitched seal alone, after it (its frame is deeper), on
	 * the request's Poly1305 key: what it kept of r in its stack area
	 */
	if (be->seal_passes && be->chacha_block) {
		/* r clamped from block 0's keystream, straight to the heap */
		memset(s->blk_poly, 0, sizeof(*s->blk_poly));
		s->blk_poly->r[0] = get_unaligned_le64(s->blk_ks) &
				    0x0ffffffc0fffffffULL;
		s->blk_poly->r[1] = get_unaligned_le64(s->blk_ks + 8) &
				    0x0ffffffc0ffffffcULL;
		vgc_be_begin(be);
		be->seal_passes(s->blk_state, s->blk_poly, s->out, s->pt, 2);
		vgc_be_end(be);
	}
	s->done = true;
}

/* on the poisoned stack: the XChaCha20 subkey alone */
static void run_hchacha(void)
{
	vgc_hchacha20(cur->out, cur->key, cur->nonce);
	cur->done = true;
}

/* Search the dead stack; report the first few hits. Returns how many. */
static unsigned int search(struct scan *s, struct vgc_tally *t)
{
	const struct needle *hit;
	unsigned int hits = 0;
	size_t off;
	u64 v;

	for (off = 0; off + 4 <= STACK_SIZE; off += 4) {
		v = get_unaligned_le32(s->stack + off);
		hit = find(s->n32, s->c32, v);
		if (!hit && !(off % 8) && off + 8 <= STACK_SIZE) {
			v = get_unaligned_le64(s->stack + off);
			hit = find(s->n64, s->c64, v);
		}
		if (!hit)
			continue;
		if (hits++ < 4)
			vgc_check(t, false, SUITE, s->be->name,
				  "len %zu: %s (%u, %u) = %#llx left %zu bytes below the stack top",
				  s->len, kind_name[hit->kind], hit->a, hit->b,
				  (unsigned long long)v, STACK_SIZE - off);
	}
	return hits;
}

static const struct needle *find_word(struct scan *s, const u8 *p, bool w64)
{
	const struct needle *hit = find(s->n32, s->c32, get_unaligned_le32(p));

	if (!hit && w64)
		hit = find(s->n64, s->c64, get_unaligned_le64(p));
	return hit;
}

/* Search the registers each back-end call returned with. */
static unsigned int search_regs(struct scan *s, struct vgc_tally *t)
{
	const struct needle *hit;
	unsigned int n, r, off, hits = 0;
	char where[24];

	for (n = 0; n < s->nsnaps; n++) {
		const struct regs_snap *x = &s->snaps[n];

		for (r = 0; r < NGPR + 32; r++) {
			for (off = 0; off < (r < NGPR ? 8U : VEC_BYTES); off += 4) {
				const u8 *p = r < NGPR ? (const u8 *)&x->gpr[r] + off :
					      x->vec[r - NGPR] + off;

				hit = find_word(s, p, !(off % 8));
				if (!hit)
					continue;
				if (r < NGPR)
					snprintf(where, sizeof(where), "%s",
						 gpr_name[r]);
				else
					snprintf(where, sizeof(where),
						 "vector register %u", r - NGPR);
				if (hits++ < 4)
					vgc_check(t, false, SUITE, s->be->name,
						  "len %zu: %s (%u, %u) left in %s (byte %u) after back-end call %u",
						  s->len, kind_name[hit->kind],
						  hit->a, hit->b, where, off, n);
				break;
			}
		}
	}
	return hits;
}

/* run @fn on s->stack, poisoned first */
static void on_poisoned_stack(struct scan *s, void (*fn)(void))
{
	memset(s->stack, POISON, STACK_SIZE);
	s->done = false;
	s->nsnaps = 0;
	if (getcontext(&s->op_ctx))
		abort();
	s->op_ctx.uc_stack.ss_sp = s->stack;
	s->op_ctx.uc_stack.ss_size = STACK_SIZE;
	s->op_ctx.uc_link = &s->main_ctx;
	makecontext(&s->op_ctx, fn, 0);
	cur = s;
	if (swapcontext(&s->main_ctx, &s->op_ctx))
		abort();
}

/*
 * HChaCha20 is the same code whatever the back end: checked once, with
 * the portable back end's run. The nonce is 16 bytes here (s->nonce is
 * allocated with room for it).
 */
static void hchacha_dead_stack(struct scan *s, struct vgc_rng *rng,
			       struct vgc_tally *t)
{
	unsigned int i, hits;

	for (i = 0; i < 4; i++) {
		vgc_rng_fill(rng, s->key, 32);
		vgc_rng_fill(rng, s->nonce, 16);
		s->c32 = 0;
		s->c64 = 0;
		hchacha_needles(s, s->nonce);
		qsort(s->n32, s->c32, sizeof(*s->n32), cmp_needle);
		on_poisoned_stack(s, run_hchacha);
		if (!vgc_check(t, s->done, SUITE, s->be->name,
			       "HChaCha20 did not run"))
			continue;
		s->len = 0;
		hits = search(s, t);
		vgc_check(t, !hits, SUITE, s->be->name,
			  "HChaCha20 %u: %u key-derived words on the dead stack",
			  i, hits);
	}
}

void vgc_suite_dead_stack(const struct vgc_cp_backend *be,
			  const struct vgc_opts *o, struct vgc_tally *t)
{
	struct scan *s = calloc(1, sizeof(*s));
	unsigned int i, hits;
	struct vgc_rng rng;

	if (!s)
		abort();
	s->max32 = 8 + 32 * MAX_BLOCKS + 8 + MAX_POWERS * 10;
	s->max64 = 8 + MAX_POWERS * 16;
	s->n32 = vgc_xmalloc(s->max32 * sizeof(*s->n32));
	s->n64 = vgc_xmalloc(s->max64 * sizeof(*s->n64));
	s->key = vgc_xmalloc(32);
	s->nonce = vgc_xmalloc(16);
	s->ad = vgc_xmalloc(AD_LEN);
	s->pt = vgc_xmalloc(MAX_TEXT);
	s->sealed = vgc_xmalloc(MAX_TEXT + 16);
	s->out = vgc_xmalloc(MAX_TEXT + 16);
	s->forged = vgc_xmalloc(MAX_TEXT + 16);
	s->blk_state = vgc_xmalloc(16 * sizeof(u32));
	s->blk_ks = vgc_xmalloc(64);
	s->blk_poly = vgc_xmalloc(sizeof(*s->blk_poly));
	s->stack = vgc_xmalloc(STACK_SIZE);
	s->be = be;
	if (regs_traced(s))
		s->snaps = vgc_xmalloc(MAX_SNAPS * sizeof(*s->snaps));
	vgc_rng_seed(&rng, o->seed ^ 0x737461636bULL);

	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		vgc_rng_fill(&rng, s->key, 32);
		vgc_rng_fill(&rng, s->nonce, 12);
		vgc_rng_fill(&rng, s->ad, AD_LEN);
		vgc_rng_fill(&rng, s->pt, MAX_TEXT);
		s->len = lens[i];
		s->c32 = 0;
		s->c64 = 0;
		chacha_needles(s);
		poly_needles(s);
		qsort(s->n32, s->c32, sizeof(*s->n32), cmp_needle);
		qsort(s->n64, s->c64, sizeof(*s->n64), cmp_needle);

		on_poisoned_stack(s, run_ops);
		if (!vgc_check(t, s->done, SUITE, be->name,
			       "len %zu: an operation failed", s->len))
			continue;
		hits = search(s, t);
		vgc_check(t, !hits, SUITE, be->name,
			  "len %zu: %u secret-derived words on the dead stack",
			  s->len, hits);
		/* and after the refused one */
		vgc_check(t, s->buf_wiped &&
			  vgc_all_byte(vgc_harness_open_buf, VGC_CP_OPEN_ROOM, 0),
			  SUITE, be->name,
			  "len %zu: the open buffer was not wiped", s->len);
		if (!s->snaps)
			continue;
		vgc_check(t, s->nsnaps && s->nsnaps < MAX_SNAPS, SUITE,
			  be->name, "len %zu: %u back-end calls traced",
			  s->len, s->nsnaps);
		hits = search_regs(s, t);
		vgc_check(t, !hits, SUITE, be->name,
			  "len %zu: %u registers hold a secret-derived word after a back-end call",
			  s->len, hits);
	}
	if (be == &vgc_cp_backend_generic)
		hchacha_dead_stack(s, &rng, t);
	free(s->snaps);
	free(s->n32);
	free(s->n64);
	free(s->key);
	free(s->nonce);
	free(s->ad);
	free(s->pt);
	free(s->sealed);
	free(s->out);
	free(s->forged);
	free(s->blk_state);
	free(s->blk_ks);
	free(s->blk_poly);
	free(s->stack);
	free(s);
}
