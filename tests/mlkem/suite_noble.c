// SPDX-License-Identifier: GPL-2.0-only
/*
 * Differential against @noble/post-quantum: noble_cases.mjs writes one
 * line per case (random seed d || z, m, and a byte to corrupt) with what
 * noble computed; every value is recomputed here and compared.
 *
 *   set seed m pos xor H(ek) H(dk) H(ct) K K_rejected
 *
 * H is SHA3-256 (node's, so the keys need not be written out in full).
 */
#include <string.h>

#include "mlkem_test.h"
#include "sha3.h"

void suite_noble(const char *cases)
{
	static u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
	static u8 ct[VGC_MLKEM_MAX_CT_SIZE];
	static struct vgc_mlkem_work work;
	static struct vgc_keccak k;
	static char line[4096];
	const char *suite = "noble-diff";
	struct mt_tally t = { 0 };
	char set_s[8], seed_s[130], m_s[66], he_s[66], hd_s[66], hc_s[66];
	char ss_s[66], sr_s[66];
	u8 seed[64], m[32], he[32], hd[32], hc[32], want[32], wrej[32];
	u8 h[32], ss[32], ss2[32];
	unsigned long per_set[3] = { 0 };
	unsigned int pos, x;
	enum vgc_mlkem_set set;
	size_t el, dl, cl;
	bool ok;
	int r;
	FILE *f = fopen(cases, "r");

	if (!f) {
		mt_missing(&t, suite, cases);
		mt_report(suite, &t);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%7s %129s %65s %u %u %65s %65s %65s %65s %65s",
			   set_s, seed_s, m_s, &pos, &x, he_s, hd_s, hc_s, ss_s,
			   sr_s) != 10) {
			mt_check(&t, false, suite, "bad line: %.60s", line);
			continue;
		}
		set = mt_set_from_name(set_s, &ok);
		ok = ok && mt_unhex_into(seed, 64, seed_s) &&
		     mt_unhex_into(m, 32, m_s) && mt_unhex_into(he, 32, he_s) &&
		     mt_unhex_into(hd, 32, hd_s) && mt_unhex_into(hc, 32, hc_s) &&
		     mt_unhex_into(want, 32, ss_s) &&
		     mt_unhex_into(wrej, 32, sr_s);
		el = vgc_mlkem_ek_size(set);
		dl = vgc_mlkem_dk_size(set);
		cl = vgc_mlkem_ct_size(set);
		if (!ok || pos >= cl || !x || x > 255) {
			mt_check(&t, false, suite, "bad case: %.60s", line);
			continue;
		}
		per_set[set]++;

		r = vgc_mlkem_keypair_derand(set, ek, el, dk, dl, seed, 64, &work);
		vgc_sha3_256(&k, h, ek, el);
		ok = !r && !memcmp(h, he, 32);
		vgc_sha3_256(&k, h, dk, dl);
		mt_check(&t, ok && !memcmp(h, hd, 32), suite,
			 "%s keygen from %.16s...", set_s, seed_s);

		r = vgc_mlkem_encaps_derand(set, ct, cl, ss, ek, el, m, &work);
		vgc_sha3_256(&k, h, ct, cl);
		mt_check(&t, !r && !memcmp(h, hc, 32) && !memcmp(ss, want, 32),
			 suite, "%s encaps, seed %.16s...", set_s, seed_s);

		r = vgc_mlkem_decaps(set, ss2, ct, cl, dk, dl, &work);
		mt_check(&t, !r && !memcmp(ss2, want, 32), suite,
			 "%s decaps, seed %.16s...", set_s, seed_s);

		ct[pos] ^= (u8)x;
		r = vgc_mlkem_decaps(set, ss2, ct, cl, dk, dl, &work);
		mt_check(&t, !r && !memcmp(ss2, wrej, 32) &&
			 memcmp(ss2, want, 32), suite,
			 "%s decaps of corrupted ct (byte %u ^ %u), seed %.16s...",
			 set_s, pos, x, seed_s);
	}
	fclose(f);
	for (x = 0; x < 3; x++)
		if (per_set[x] < 1000)
			mt_check(&t, false, suite, "only %lu cases for set %u",
				 per_set[x], x);
	mt_report(suite, &t);
}
