// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: ML-KEM decapsulation (lib/mlkem.c) of arbitrary
 * ciphertexts, with keys from a seed or arbitrary, on every ML-KEM back
 * end of the module's list that this CPU runs. Byte 0 picks the set
 * (mod 3, of bits 0-1) and the mode (bit 2):
 *
 *   0  a key pair from a 64-byte seed, a ciphertext from a 32-byte m,
 *      then up to 8 edits (position, XOR byte) to the ciphertext: the
 *      secret must be K where the ciphertext is unchanged, else
 *      J(z || c') (computed with OpenSSL's SHAKE256), and every back end
 *      must give the same ek, dk, ciphertext and secrets;
 *   1  an arbitrary dk and ciphertext (bit 3: the dk's stored hash made
 *      right first): -EINVAL when H(ek) differs from the stored hash,
 *      else 0 and J(z || c) (an arbitrary ciphertext does not
 *      re-encrypt), the same on every back end; a ciphertext or dk one
 *      byte short is -EINVAL with the secret untouched.
 */
#include <errno.h>

#include "mlkem_backend.h"
#include "fuzz.h"
#include "oracle.h"

#define MAX_BES	8

static bool all_a5(const u8 *p)
{
	unsigned int i;

	for (i = 0; i < 32; i++)
		if (p[i] != 0xa5)
			return false;
	return true;
}

static unsigned int mlkem_bes(const struct vgc_mlkem_backend **list)
{
	const struct vgc_mlkem_backend *const *be;
	unsigned int n = 0;
	const char *why;

	for (be = vgc_mlkem_backends; *be && n < MAX_BES; be++)
		if (!(*be)->usable || (*be)->usable(&why))
			list[n++] = *be;
	return n;
}

int fz_target(const u8 *data, size_t size)
{
	const struct vgc_mlkem_backend *bes[MAX_BES];
	unsigned int nbe = mlkem_bes(bes), b, i, edits;
	struct fz f = { data, size };
	struct vgc_mlkem_work *w = malloc(sizeof(*w));
	enum vgc_mlkem_set set;
	size_t ekl, dkl, ctl;
	unsigned int mode;
	u8 seed[64], m[32], ss[32], ss2[32], want[32];
	u8 *ek, *dk, *ct, *ek2, *dk2, *ct2;
	bool changed = false;
	int ret;

	mode = fz_u8(&f);
	set = (enum vgc_mlkem_set)((mode & 3) % 3);
	ekl = vgc_mlkem_ek_size(set);
	dkl = vgc_mlkem_dk_size(set);
	ctl = vgc_mlkem_ct_size(set);
	ek = malloc(ekl);
	dk = malloc(dkl);
	ct = malloc(ctl);
	ek2 = malloc(ekl);
	dk2 = malloc(dkl);
	ct2 = malloc(ctl);
	FZ_CHECK(w && ek && dk && ct && ek2 && dk2 && ct2, "malloc");

	if (!(mode & 4)) {
		fz_bytes(&f, seed, sizeof(seed));
		fz_bytes(&f, m, sizeof(m));
		FZ_CHECK(!vgc_mlkem_keypair_derand_be(bes[nbe - 1], set, ek, ekl,
						      dk, dkl, seed, 64, w),
			 "keypair");
		FZ_CHECK(!vgc_mlkem_encaps_derand_be(bes[nbe - 1], set, ct, ctl,
						     ss, ek, ekl, m, w),
			 "encaps");
		for (b = 0; b + 1 < nbe; b++) {
			FZ_CHECK(!vgc_mlkem_keypair_derand_be(bes[b], set, ek2, ekl,
							      dk2, dkl, seed, 64, w) &&
				 !memcmp(ek, ek2, ekl) && !memcmp(dk, dk2, dkl),
				 "%s: key pair differs from %s", bes[b]->name,
				 bes[nbe - 1]->name);
			FZ_CHECK(!vgc_mlkem_encaps_derand_be(bes[b], set, ct2, ctl,
							     ss2, ek, ekl, m, w) &&
				 !memcmp(ct, ct2, ctl) && !memcmp(ss, ss2, 32),
				 "%s: encapsulation differs", bes[b]->name);
		}
		memcpy(want, ss, 32);
		memcpy(ct2, ct, ctl);
		edits = fz_u8(&f) % 9;
		for (i = 0; i < edits; i++) {
			unsigned int pos = fz_u16(&f) % ctl, x = fz_u8(&f);

			ct[pos] ^= x;
		}
		changed = memcmp(ct, ct2, ctl);
		if (changed)
			oracle_reject(want, dk, dkl, ct, ctl);
	} else {
		fz_bytes(&f, dk, dkl);
		fz_bytes(&f, ct, ctl);
		if (mode & 8)
			oracle_dk_fix(dk, dkl, ekl);
		oracle_reject(want, dk, dkl, ct, ctl);
	}

	for (b = 0; b < nbe; b++) {
		memset(ss2, 0xa5, 32);
		ret = vgc_mlkem_decaps_be(bes[b], set, ss2, ct, ctl, dk, dkl, w);
		if (mode & 4 && !oracle_dk_ok(dk, dkl, ekl)) {
			FZ_CHECK(ret == -EINVAL && all_a5(ss2),
				 "%s: dk with a wrong hash: %d, or the secret written",
				 bes[b]->name, ret);
			continue;
		}
		FZ_CHECK(ret == 0, "%s: decaps: %d", bes[b]->name, ret);
		FZ_CHECK(!memcmp(ss2, want, 32),
			 "%s: decaps of a%s ciphertext: not %s", bes[b]->name,
			 changed || mode & 4 ? "n edited" : "n unedited",
			 changed || mode & 4 ? "J(z || c)" : "K");
		/* wrong lengths: refused, nothing written */
		memset(ss2, 0xa5, 32);
		ret = vgc_mlkem_decaps_be(bes[b], set, ss2, ct, ctl - 1, dk, dkl, w);
		FZ_CHECK(ret == -EINVAL && all_a5(ss2), "%s: short ciphertext: %d",
			 bes[b]->name, ret);
		ret = vgc_mlkem_decaps_be(bes[b], set, ss2, ct, ctl, dk, dkl - 1, w);
		FZ_CHECK(ret == -EINVAL && all_a5(ss2), "%s: short dk: %d",
			 bes[b]->name, ret);
	}
	free(w);
	free(ek);
	free(dk);
	free(ct);
	free(ek2);
	free(dk2);
	free(ct2);
	return 0;
}
