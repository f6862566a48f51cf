// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: the ML-KEM input checks (lib/mlkem.c) on arbitrary
 * keys, on every ML-KEM back end of the module's list that this CPU runs,
 * against the checks written out from FIPS 203 in oracle.h. Byte 0 picks
 * the set (bits 0-1, mod 3); bit 2 makes the keys mostly valid first
 * (every ek coefficient reduced below q, the dk's hash made right) so
 * that the fuzzer's edits land near the edge. Then:
 *
 *   ek (its size)  vgc_mlkem_check_ek and encapsulation (with the 32-byte
 *                  m that follows) succeed exactly when every 12-bit
 *                  value is below q (section 7.2); a refused ek leaves
 *                  the outputs untouched; where it is taken, every back
 *                  end gives the same ciphertext and secret;
 *   dk (its size)  vgc_mlkem_check_dk succeeds exactly when H(ek) inside
 *                  it equals the stored hash (section 7.3).
 */
#include <errno.h>

#include "mlkem_backend.h"
#include "fuzz.h"
#include "oracle.h"

#define MAX_BES	8

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

/* every 12-bit value of ek's polynomial part, reduced mod q */
static void reduce_ek(u8 *ek, size_t ek_len)
{
	size_t i;

	for (i = 0; i + 3 <= ek_len - 32; i += 3) {
		unsigned int a = ek[i] | (ek[i + 1] & 0x0f) << 8;
		unsigned int b = ek[i + 1] >> 4 | ek[i + 2] << 4;

		a %= ORACLE_Q;
		b %= ORACLE_Q;
		ek[i] = a;
		ek[i + 1] = a >> 8 | b << 4;
		ek[i + 2] = b >> 4;
	}
}

int fz_target(const u8 *data, size_t size)
{
	const struct vgc_mlkem_backend *bes[MAX_BES];
	unsigned int nbe = mlkem_bes(bes), b, mode, edits, i;
	struct fz f = { data, size };
	struct vgc_mlkem_work *w = malloc(sizeof(*w));
	enum vgc_mlkem_set set;
	size_t ekl, dkl, ctl;
	u8 m[32], ss[32], ss0[32];
	u8 *ek, *dk, *ct, *ct0;
	bool ek_ok, dk_ok;
	int ret;

	mode = fz_u8(&f);
	set = (enum vgc_mlkem_set)((mode & 3) % 3);
	ekl = vgc_mlkem_ek_size(set);
	dkl = vgc_mlkem_dk_size(set);
	ctl = vgc_mlkem_ct_size(set);
	ek = malloc(ekl);
	dk = malloc(dkl);
	ct = malloc(ctl);
	ct0 = malloc(ctl);
	FZ_CHECK(w && ek && dk && ct && ct0, "malloc");
	fz_bytes(&f, ek, ekl);
	fz_bytes(&f, m, sizeof(m));
	fz_bytes(&f, dk, dkl);
	if (mode & 4) {
		reduce_ek(ek, ekl);
		oracle_dk_fix(dk, dkl, ekl);
		/* then a few edits: position (over ek || dk), XOR byte */
		edits = fz_u8(&f) % 5;
		for (i = 0; i < edits; i++) {
			unsigned int pos = fz_u16(&f) % (ekl + dkl), x = fz_u8(&f);

			if (pos < ekl)
				ek[pos] ^= x;
			else
				dk[pos - ekl] ^= x;
		}
	}
	ek_ok = oracle_ek_ok(ek, ekl);
	dk_ok = oracle_dk_ok(dk, dkl, ekl);

	for (b = 0; b < nbe; b++) {
		ret = vgc_mlkem_check_ek_be(bes[b], set, ek, ekl, w);
		FZ_CHECK(ret == (ek_ok ? 0 : -EINVAL),
			 "%s: check_ek gave %d for a%s ek", bes[b]->name, ret,
			 ek_ok ? " valid" : "n invalid");
		memset(ct, 0xa5, ctl);
		memset(ss, 0xa5, 32);
		ret = vgc_mlkem_encaps_derand_be(bes[b], set, ct, ctl, ss, ek,
						 ekl, m, w);
		FZ_CHECK(ret == (ek_ok ? 0 : -EINVAL),
			 "%s: encaps gave %d for a%s ek", bes[b]->name, ret,
			 ek_ok ? " valid" : "n invalid");
		if (!ek_ok) {
			for (i = 0; i < ctl; i++)
				FZ_CHECK(ct[i] == 0xa5, "%s: refused encaps wrote ct",
					 bes[b]->name);
			for (i = 0; i < 32; i++)
				FZ_CHECK(ss[i] == 0xa5, "%s: refused encaps wrote ss",
					 bes[b]->name);
		} else if (b == 0) {
			memcpy(ct0, ct, ctl);
			memcpy(ss0, ss, 32);
		} else {
			FZ_CHECK(!memcmp(ct, ct0, ctl) && !memcmp(ss, ss0, 32),
				 "%s: encapsulation differs from %s",
				 bes[b]->name, bes[0]->name);
		}
		ret = vgc_mlkem_check_dk_be(bes[b], set, dk, dkl, w);
		FZ_CHECK(ret == (dk_ok ? 0 : -EINVAL),
			 "%s: check_dk gave %d for a dk whose hash is %s",
			 bes[b]->name, ret, dk_ok ? "right" : "wrong");
	}
	free(w);
	free(ek);
	free(dk);
	free(ct);
	free(ct0);
	return 0;
}
