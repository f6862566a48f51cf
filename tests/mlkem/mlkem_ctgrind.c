// SPDX-License-Identifier: GPL-2.0-only
/*
 * Constant-time check, run under valgrind memcheck (suite_ctgrind.c): the
 * secret inputs d, z, m and dk are marked undefined, so any branch or
 * memory address computed from them is reported. The library declassifies
 * only what FIPS 203 makes public (rho, the encapsulation key, whether a
 * key check passed, through VGC_CT_DECLASSIFY); outputs are declassified
 * here before they are used as inputs again.
 *
 *   mlkem_ctgrind --backend NAME            keygen, encaps, decaps (valid
 *                                           and rejected) on that back end
 *   mlkem_ctgrind --backend NAME --canary   a deliberate branch on a
 *                                           secret: must be caught
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "kcompat.h"
#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

#define SECRET(p, n)	VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define PUBLIC(p, n)	VALGRIND_MAKE_MEM_DEFINED(p, n)

static struct vgc_mlkem_work work;
static u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
static u8 ct[VGC_MLKEM_MAX_CT_SIZE];

int main(int argc, char **argv)
{
	const struct vgc_mlkem_backend *const *be;
	const char *why;
	u8 seed[64], m[32], ss[32], ss2[32];
	unsigned int set, i, rounds = 2;
	size_t el, dl, cl;
	int r = 0, calls = 0;

	if (argc < 3 || strcmp(argv[1], "--backend"))
		return 2;
	for (be = vgc_mlkem_backends; *be && strcmp((*be)->name, argv[2]); be++)
		;
	if (!*be)
		return 2;
	/*
	 * valgrind's cpuid hides what it cannot run (AVX-512 in 3.19): such
	 * a back end cannot be checked here, which the caller reports.
	 */
	if ((*be)->usable && !(*be)->usable(&why)) {
		printf("ctgrind: %s not usable here: %s\n", (*be)->name, why);
		return 77;
	}
	/* the exported functions run on it */
	vgc_mlkem_set_fastest(*be);
	argv += 2;
	argc -= 2;

	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (u8)(i * 37 + 11);
	for (i = 0; i < sizeof(m); i++)
		m[i] = (u8)(i * 91 + 5);

	if (argc > 1 && !strcmp(argv[1], "--canary")) {
		SECRET(seed, sizeof(seed));
		/* the kind of code this check exists to find */
		if (seed[3] & 1)
			calls++;
		printf("canary: %d\n", calls);
		return 0;
	}

	for (set = 0; set < 3; set++) {
		el = vgc_mlkem_ek_size(set);
		dl = vgc_mlkem_dk_size(set);
		cl = vgc_mlkem_ct_size(set);
		for (i = 0; i < rounds; i++) {
			seed[0] = (u8)(set * 16 + i);
			m[0] = (u8)(set * 16 + i);

			SECRET(seed, sizeof(seed));
			r |= vgc_mlkem_keypair_derand(set, ek, el, dk, dl, seed,
						      64, &work);
			PUBLIC(ek, el);

			SECRET(m, sizeof(m));
			r |= vgc_mlkem_encaps_derand(set, ct, cl, ss, ek, el, m,
						     &work);
			PUBLIC(ct, cl);

			SECRET(dk, dl);
			r |= vgc_mlkem_decaps(set, ss2, ct, cl, dk, dl, &work);
			/* a rejected ciphertext takes the same path */
			ct[i * 7 % cl] ^= 1;
			r |= vgc_mlkem_decaps(set, ss2, ct, cl, dk, dl, &work);
			PUBLIC(ss, sizeof(ss));
			PUBLIC(ss2, sizeof(ss2));
			PUBLIC(seed, sizeof(seed));
			PUBLIC(m, sizeof(m));
			PUBLIC(dk, dl);
			calls += 4;
		}
	}
	printf("ctgrind: %d calls, status %d\n", calls, r);
	return r ? 2 : 0;
}
