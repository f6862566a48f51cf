// SPDX-License-Identifier: GPL-2.0-only
/*
 * insn_count: the workloads whose instructions scripts/bench/arm64.sh
 * counts under qemu-aarch64. Each runs @iters times between two marker
 * calls the counter brackets (the inputs are made before, outside them),
 * so the count between the markers over @iters is the dynamic instruction
 * count of one run, without the start-up. The results are checked
 * against the portable code's, so nothing is optimised away and the
 * implementations agree.
 *
 *   insn_count aead|aead-open neon|generic|openssl|kernel|kernel73 LEN ITERS
 *	seal (or open) LEN bytes with 13 bytes of AD (as vgc_bench); kernel:
 *	the kernel's own arm64 assembly in its rfc7539 template's composition
 *	(scripts/bench/kernel_rfc7539_arm64.c; kernel73 with Linux 7.3's
 *	glue), in a build with -DVGC_INSN_KERNEL; openssl seals only
 *   insn_count prim neon|neon-plain|generic PRIMITIVE ITERS
 *	one polynomial's worth of an ML-KEM primitive: ntt invntt basemul
 *	(a row of k = 3, the count is per product) tomont add rsub rej (the
 *	coefficients of one SampleNTT from 504 fixed bytes) cbd2 cbd3
 *	compressD decompressD (D = 1, 4, 5, 10, 11) tobytes frombytes
 *	keccak (one Keccak-f[1600], per state), nop (the loop and the
 *	call alone, subtracted from the others)
 *   insn_count kem neon|neon-plain|generic 512|768|1024 keygen|encaps|decaps ITERS
 *
 * neon-plain is the neon back end with the plain NEON Keccak (chosen
 * instead of the SHA-3 one); the prim workloads of neon run inside one
 * NEON section, as lib/mlkem.c runs them.
 *
 * Built with -DVGC_INSN_ANCHOR (and mlkem-native's monolithic source on
 * the include path, at bench time only) it counts mlkem-native instead:
 *
 *   insn_count kem mlkem-native 512|768|1024 keygen|encaps|decaps ITERS
 *
 * vgc-ldlibs: -lcrypto
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcompat.h"

/* The counter looks for the executions of these in the trace. */
noinline void vgc_mark_begin(void)
{
	__asm__ __volatile__("" ::: "memory");
}

noinline void vgc_mark_end(void)
{
	__asm__ __volatile__("" ::: "memory");
}

static void fill(u8 *p, size_t n, u32 seed)
{
	while (n--) {
		seed = seed * 1103515245u + 12345u;
		*p++ = (u8)(seed >> 16);
	}
}

static void bad_args(void)
{
	fprintf(stderr, "insn_count: aead IMPL LEN ITERS | prim IMPL PRIM ITERS |\n"
		"            kem IMPL SET OP ITERS\n");
	exit(2);
}

#ifdef VGC_INSN_ANCHOR
/* mlkem-native, its three parameter sets in one unit, as its example */
#include "mlkem_native_all.c"

int main(int argc, char **argv)
{
	static u8 pk[1568], sk[3168], ct[1568], ss[32], coins[64];
	long iters, k;
	int set, op, ok = 1;

	if (argc != 6 || strcmp(argv[1], "kem") || strcmp(argv[2], "mlkem-native"))
		bad_args();
	set = atoi(argv[3]);
	op = !strcmp(argv[4], "keygen") ? 0 : !strcmp(argv[4], "encaps") ? 1 :
	     !strcmp(argv[4], "decaps") ? 2 : -1;
	iters = strtol(argv[5], NULL, 0);
	if (op < 0 || (set != 512 && set != 768 && set != 1024))
		bad_args();
	fill(coins, sizeof(coins), 7);
#define KEM(n)								\
	do {								\
		ok &= !mlkem##n##_keypair_derand(pk, sk, coins);	\
		ok &= !mlkem##n##_enc_derand(ct, ss, pk, coins);	\
		vgc_mark_begin();					\
		for (k = 0; k < iters; k++) {				\
			if (op == 0)					\
				ok &= !mlkem##n##_keypair_derand(pk, sk, coins); \
			else if (op == 1)				\
				ok &= !mlkem##n##_enc_derand(ct, ss, pk, coins); \
			else						\
				ok &= !mlkem##n##_dec(ss, ct, sk);	\
		}							\
		vgc_mark_end();						\
	} while (0)
	if (set == 512)
		KEM(512);
	else if (set == 768)
		KEM(768);
	else
		KEM(1024);
	if (!ok) {
		fprintf(stderr, "insn_count: mlkem-native failed\n");
		return 1;
	}
	return 0;
}

/* derandomised APIs only: the randomised ones are never called */
int randombytes(u8 *out, size_t outlen)
{
	(void)out;
	(void)outlen;
	abort();
}

#else /* !VGC_INSN_ANCHOR */

#include <openssl/evp.h>

#include <vgcrypto/mlkem.h>

#include "chacha20poly1305.h"
#include "harness.h"	/* vgc_cp_seal(): tests/harness/oneshot.c */
#ifdef VGC_INSN_KERNEL
#include "kernel_rfc7539_arm64.h"
#endif
#include "mlkem_backend.h"
#include "sha3.h"
#include "../../arch/arm64/mlkem_neon.h"

/* the save area of the SIMD sections this file opens (lib/simd_save.h) */
static struct vgc_simd_save test_save;

#define AD_LEN	13
#define N	VGC_MLKEM_N

static void ossl_seal(EVP_CIPHER_CTX *c, u8 *out, const u8 *pt, size_t len,
		      const u8 *ad, const u8 *nonce)
{
	int n;

	if (!EVP_EncryptInit_ex(c, NULL, NULL, NULL, nonce) ||
	    !EVP_EncryptUpdate(c, NULL, &n, ad, AD_LEN) ||
	    !EVP_EncryptUpdate(c, out, &n, pt, (int)len) ||
	    !EVP_EncryptFinal_ex(c, out + len, &n) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, out + len)) {
		fprintf(stderr, "insn_count: OpenSSL seal failed\n");
		exit(1);
	}
}

static const struct vgc_cp_backend *cp_backend(const char *name)
{
	const struct vgc_cp_backend *const *be;

	for (be = vgc_cp_backends; *be; be++)
		if (!strcmp((*be)->name, name))
			return *be;
	return NULL;
}

/* one seal or open by @be, else the kernel's or OpenSSL; 0 or -errno */
static int aead_one(bool kernel, const struct vgc_cp_backend *be,
		    EVP_CIPHER_CTX *c, bool open, u8 *out, const u8 *in,
		    size_t len, const u8 *ad, const u8 *key, const u8 *nonce)
{
	(void)kernel;	/* without VGC_INSN_KERNEL */
	if (be && open)
		return vgc_cp_open(be, out, in, len + 16, ad, AD_LEN, key, nonce);
	if (be) {
		vgc_cp_seal(be, out, in, len, ad, AD_LEN, key, nonce);
		return 0;
	}
#ifdef VGC_INSN_KERNEL
	if (kernel && open)
		return vgc_ka_open(out, in, len + 16, ad, AD_LEN, key, nonce);
	if (kernel) {
		vgc_ka_seal(out, in, len, ad, AD_LEN, key, nonce);
		return 0;
	}
#endif
	ossl_seal(c, out, in, len, ad, nonce);
	return 0;
}

static int aead(const char *impl, bool open, size_t len, long iters)
{
	const struct vgc_cp_backend *be = NULL;
	EVP_CIPHER_CTX *c = NULL;
	u8 key[32], nonce[12], ad[AD_LEN], *pt, *out, *ref;
	bool kernel = false;
	int err = 0;
	long k;

	if (!strcmp(impl, "openssl")) {
		if (open)
			bad_args();
#ifdef VGC_INSN_KERNEL
	} else if (!strcmp(impl, "kernel") || !strcmp(impl, "kernel73")) {
		vgc_ka_release = strcmp(impl, "kernel") ? 73 : 61;
		kernel = true;
#endif
	} else {
		be = cp_backend(impl);
		if (!be)
			bad_args();
	}
	pt = malloc(len + 1);
	out = malloc(len + 16);
	ref = malloc(len + 16);
	if (!pt || !out || !ref)
		return 1;
	fill(key, sizeof(key), 1);
	fill(nonce, sizeof(nonce), 2);
	fill(ad, sizeof(ad), 3);
	fill(pt, len, 4);
	vgc_cp_seal(cp_backend("generic"), ref, pt, len, ad, AD_LEN, key, nonce);
	if (!strcmp(impl, "openssl")) {
		c = EVP_CIPHER_CTX_new();
		if (!c || !EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key, NULL))
			return 1;
	}
	/* open: the sealed text in, the plaintext out */
	vgc_mark_begin();
	for (k = 0; k < iters; k++)
		err |= aead_one(kernel, be, c, open, out, open ? ref : pt, len, ad,
				key, nonce);
	vgc_mark_end();
	if (iters && (err || memcmp(out, open ? pt : ref, open ? len : len + 16))) {
		fprintf(stderr, "insn_count: %s disagrees with generic at %zu bytes\n",
			impl, len);
		return 1;
	}
	EVP_CIPHER_CTX_free(c);
	free(pt);
	free(out);
	free(ref);
	return 0;
}

/* the back end of an IMPL name; neon-plain selects the plain Keccak */
static const struct vgc_mlkem_backend *mlkem_backend(const char *impl)
{
	const struct vgc_mlkem_backend *const *be;
	const char *name = strcmp(impl, "neon-plain") ? impl : "neon";
	const char *why;

	for (be = vgc_mlkem_backends; *be; be++) {
		if (strcmp((*be)->name, name))
			continue;
		if ((*be)->usable && !(*be)->usable(&why)) {
			fprintf(stderr, "insn_count: %s: %s\n", impl, why);
			exit(1);
		}
		if (!strcmp(impl, "neon-plain"))
			vgc_keccak_x2_select(false);
		return *be;
	}
	bad_args();
	return NULL;
}

static struct {
	s16 a[4][N], b[4][N], r[N], ref[N];
	u8 buf[504], out[384], outref[384];
	u64 ks[50], ks1[25];
} pw;

/* the primitive's inputs, made before the markers */
static void prim_setup(void)
{
	unsigned int i, j;
	u8 t[2 * N];

	for (j = 0; j < 4; j++) {
		fill(t, sizeof(t), 10 + j);
		for (i = 0; i < N; i++) {
			pw.a[j][i] = (s16)(((t[2 * i] | t[2 * i + 1] << 8) % 6657) - 3328);
			pw.b[j][i] = (s16)(((t[2 * i + 1] | t[2 * i] << 8) % 6657) - 3328);
		}
	}
	memset(pw.r, 0, sizeof(pw.r));
	fill(pw.buf, sizeof(pw.buf), 20);
	fill((u8 *)pw.ks, sizeof(pw.ks), 21);
	memcpy(pw.ks1, pw.ks, sizeof(pw.ks1));
}

/*
 * The primitives as thunks on the work area, chosen before the markers
 * (a dispatch by name inside them would be counted). Each leaves an
 * input that is valid for its next call (the NTTs' outputs are inside
 * their input ranges), so nothing is copied between calls; "nop" is the
 * loop and call alone, which the counter subtracts.
 */
static const struct vgc_mlkem_backend *pbe;
static unsigned int pd;

static void p_nop(void)
{
	__asm__ __volatile__("" ::: "memory");
}

static void p_ntt(void)
{
	pbe->ntt(pw.r);
}

static void p_invntt(void)
{
	pbe->invntt(pw.r);
}

static void p_basemul(void)
{
	pbe->basemul_row(pw.r, pw.a[0], pw.b[0], 3);
}

static void p_tomont(void)
{
	pbe->tomont(pw.r);
}

static void p_add(void)
{
	pbe->add(pw.r, pw.b[0]);
}

static void p_rsub(void)
{
	pbe->rsub(pw.r, pw.b[0]);
}

static void p_rej(void)
{
	unsigned int have, off;

	for (have = 0, off = 0; have < N && off < sizeof(pw.buf); off += 168)
		have = pbe->rej_uniform(pw.r, have, pw.buf + off, 168);
}

static void p_cbd(void)
{
	pbe->cbd(pw.r, pw.buf, pd);
}

static void p_compress(void)
{
	pbe->compress(pw.out, pw.a[0], pd);
}

static void p_decompress(void)
{
	pbe->decompress(pw.r, pw.buf, pd);
}

static void p_tobytes(void)
{
	pbe->tobytes(pw.out, pw.a[0]);
}

static void p_frombytes(void)
{
	pbe->frombytes(pw.r, pw.buf);
}

static void p_keccak(void)
{
	pbe->keccak_par(pbe->keccak_lanes == 2 ? pw.ks : pw.ks1);
}

typedef void (*prim_fn)(void);

static prim_fn prim_thunk(const char *name)
{
	static const struct {
		const char *name;
		prim_fn f;
	} t[] = {
		{ "nop", p_nop }, { "ntt", p_ntt }, { "invntt", p_invntt },
		{ "basemul", p_basemul }, { "tomont", p_tomont },
		{ "add", p_add }, { "rsub", p_rsub }, { "rej", p_rej },
		{ "tobytes", p_tobytes }, { "frombytes", p_frombytes },
		{ "keccak", p_keccak },
	};
	unsigned int i;

	pd = atoi(name + strcspn(name, "0123456789"));
	if (!strncmp(name, "cbd", 3))
		return p_cbd;
	if (!strncmp(name, "compress", 8))
		return p_compress;
	if (!strncmp(name, "decompress", 10))
		return p_decompress;
	for (i = 0; i < ARRAY_SIZE(t); i++)
		if (!strcmp(name, t[i].name))
			return t[i].f;
	bad_args();
	return NULL;
}

static int prim(const char *impl, const char *name, long iters)
{
	const struct vgc_mlkem_backend *be = mlkem_backend(impl);
	prim_fn f = prim_thunk(name);
	long k;

	prim_setup();
	pbe = be;
	if (be->simd_begin)
		be->simd_begin(&test_save);
	f();
	vgc_mark_begin();
	for (k = 0; k < iters; k++)
		f();
	vgc_mark_end();
	/* one more call on fresh inputs, against the portable code's */
	prim_setup();
	f();
	if (be->simd_end)
		be->simd_end(&test_save);
	memcpy(pw.ref, pw.r, sizeof(pw.ref));
	memcpy(pw.outref, pw.out, sizeof(pw.outref));
	prim_setup();
	pbe = &vgc_mlkem_backend_generic;
	f();
	/* arithmetic: congruent results in other ranges; Keccak: in lanes */
	if (strcmp(name, "ntt") && strcmp(name, "invntt") &&
	    strcmp(name, "basemul") && strcmp(name, "tomont") &&
	    strcmp(name, "keccak") &&
	    (memcmp(pw.r, pw.ref, sizeof(pw.r)) ||
	     memcmp(pw.out, pw.outref, sizeof(pw.out)))) {
		fprintf(stderr, "insn_count: %s %s disagrees with generic\n",
			impl, name);
		return 1;
	}
	return 0;
}

static struct {
	struct vgc_mlkem_work work;
	u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
	u8 ct[VGC_MLKEM_MAX_CT_SIZE], ss[32], ss2[32], seed[64], m[32];
} kw;

static int kem(const char *impl, const char *setname, const char *op, long iters)
{
	const struct vgc_mlkem_backend *be = mlkem_backend(impl);
	int set = !strcmp(setname, "512") ? VGC_MLKEM512 :
		  !strcmp(setname, "768") ? VGC_MLKEM768 :
		  !strcmp(setname, "1024") ? VGC_MLKEM1024 : -1;
	size_t ekl, dkl, ctl;
	int err = 0;
	long k;

	if (set < 0)
		bad_args();
	ekl = vgc_mlkem_ek_size(set);
	dkl = vgc_mlkem_dk_size(set);
	ctl = vgc_mlkem_ct_size(set);
	fill(kw.seed, sizeof(kw.seed), 30);
	fill(kw.m, sizeof(kw.m), 31);
	err |= vgc_mlkem_keypair_derand_be(be, set, kw.ek, ekl, kw.dk, dkl,
					   kw.seed, 64, &kw.work);
	err |= vgc_mlkem_encaps_derand_be(be, set, kw.ct, ctl, kw.ss, kw.ek,
					  ekl, kw.m, &kw.work);
	vgc_mark_begin();
	for (k = 0; k < iters; k++) {
		if (!strcmp(op, "keygen"))
			err |= vgc_mlkem_keypair_derand_be(be, set, kw.ek, ekl,
							   kw.dk, dkl, kw.seed,
							   64, &kw.work);
		else if (!strcmp(op, "encaps"))
			err |= vgc_mlkem_encaps_derand_be(be, set, kw.ct, ctl,
							  kw.ss, kw.ek, ekl,
							  kw.m, &kw.work);
		else if (!strcmp(op, "decaps"))
			err |= vgc_mlkem_decaps_be(be, set, kw.ss2, kw.ct, ctl,
						   kw.dk, dkl, &kw.work);
		else
			bad_args();
	}
	vgc_mark_end();
	err |= vgc_mlkem_decaps_be(&vgc_mlkem_backend_generic, set, kw.ss2,
				   kw.ct, ctl, kw.dk, dkl, &kw.work);
	if (err || memcmp(kw.ss, kw.ss2, sizeof(kw.ss))) {
		fprintf(stderr, "insn_count: %s ML-KEM-%s failed\n", impl, setname);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && (!strcmp(argv[1], "aead") || !strcmp(argv[1], "aead-open")))
		return aead(argv[2], !strcmp(argv[1], "aead-open"),
			    strtoul(argv[3], NULL, 0), strtol(argv[4], NULL, 0));
	if (argc == 5 && !strcmp(argv[1], "prim"))
		return prim(argv[2], argv[3], strtol(argv[4], NULL, 0));
	if (argc == 6 && !strcmp(argv[1], "kem"))
		return kem(argv[2], argv[3], argv[4], strtol(argv[5], NULL, 0));
	bad_args();
	return 2;
}

#endif /* VGC_INSN_ANCHOR */
