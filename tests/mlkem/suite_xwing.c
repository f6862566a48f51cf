// SPDX-License-Identifier: GPL-2.0-only
/*
 * X-Wing (lib/xwing.c) on the back end under test:
 *
 * - xwing-draft: the three test vectors of draft-connolly-cfrg-xwing-kem
 *   (its spec/test-vectors.txt, the draft's appendix): seed and eseed as
 *   given, the 1,216-byte pk and 1,120-byte ct as their SHA3-256 (taken
 *   from the draft's values), the shared secret in full.
 * - xwing-noble: the cases xwing_cases.mjs wrote with @noble/post-quantum
 *   (key pair, encapsulation, decapsulation of the ciphertext and of one
 *   with a byte changed: in ct_M an implicit rejection, in ct_X another
 *   X25519 secret), each recomputed here.
 * - xwing-api: refusals with nothing written (pk_X and ct_X of small
 *   order, pk_M with a coefficient >= q), round trips, the key wiped on
 *   a refused expansion.
 */
#include <string.h>

#include "mlkem_test.h"
#include "sha3.h"
#include "xwing.h"

struct xwing_kat {
	/* eseed = m || ek_X */
	const char *sk, *eseed_m, *eseed_x, *pk_sha3, *ct_sha3, *ss;
};

static const struct xwing_kat xwing_draft[] = {
	{ "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
	  "3cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2",
	  "35b8cc873c23dc62b8d260169afa2f75ab916a58d974918835d25e6a435085b2",
	  "5121745904643ad9dfacca7869292c19a8a69533b53e60666b7db910b4ad6367",
	  "c0abd149f83f45324ac3a7ddc7606c71f257e5ea86113522834a0ee1bcb34e3e",
	  "d2df0522128f09dd8e2c92b1e905c793d8f57a54c3da25861f10bf4ca613e384" },
	{ "badfd6dfaac359a5efbb7bcc4b59d538df9a04302e10c8bc1cbf1a0b3a5120ea",
	  "17cda7cfad765f5623474d368ccca8af0007cd9f5e4c849f167a580b14aabdef",
	  "aee7eef47cb0fca9767be1fda69419dfb927e9df07348b196691abaeb580b32d",
	  "799b6016e5daa56ffa1b5e79f7caf73413ceecd6df428642404cac41ddee4853",
	  "7680b7ba47ae09bac4b43001edcef9d98e50df20026e70ba6a424447e1f2b961",
	  "f2e86241c64d60f6649fbc6c5b7d17180b780a3f34355e64a85749949c45f150" },
	{ "ef58538b8d23f87732ea63b02b4fa0f4873360e2841928cd60dd4cee8cc0d4c9",
	  "22a96188d032675c8ac850933c7aff1533b94c834adbb69c6115bad4692d8619",
	  "f90b0cdf8a7b9c264029ac185b70b83f2801f2f4b3f70c593ea3aeeb613a7f1b",
	  "1ef0c99a06026450564957a5402a788feffbbefdcce55d25de254d0a49eb095a",
	  "3088688d63201d5d844170b79f148b2791c15f346ff6f8bd559807fbd442f91f",
	  "953f7f4e8c5b5049bdc771d1dffada0dd961477d1a2ae0988baa7ea6898d893f" },
};

static struct vgc_mlkem_work xw_work;
static struct vgc_xwing_key xw_key;
static u8 xw_ct[VGC_XWING_CT_SIZE], xw_ct2[VGC_XWING_CT_SIZE];

static void sha3_256(u8 out[32], const u8 *in, size_t len)
{
	struct vgc_keccak k;

	vgc_sha3_256(&k, out, in, len);
}

static bool all_bytes(const void *p, size_t len, u8 v)
{
	const u8 *b = p;

	while (len--)
		if (*b++ != v)
			return false;
	return true;
}

/* one known answer: expand, encapsulate, decapsulate */
static void xwing_one(struct mt_tally *t, const char *suite, const char *name,
		      const u8 sk[32], const u8 eseed[64], const u8 pk_h[32],
		      const u8 ct_h[32], const u8 want[32])
{
	u8 h[32], ss[32], ss2[32];
	int r;

	r = vgc_xwing_expand(&xw_key, sk, &xw_work);
	sha3_256(h, xw_key.pk, sizeof(xw_key.pk));
	mt_check(t, !r && !memcmp(h, pk_h, 32), suite, "%s: pk", name);
	r = vgc_xwing_encaps_derand(xw_ct, ss, xw_key.pk, eseed, &xw_work);
	sha3_256(h, xw_ct, sizeof(xw_ct));
	mt_check(t, !r && !memcmp(h, ct_h, 32), suite, "%s: ct", name);
	mt_check(t, !r && !memcmp(ss, want, 32), suite, "%s: ss (encaps)",
		 name);
	r = vgc_xwing_decaps(ss2, xw_ct, &xw_key, &xw_work);
	mt_check(t, !r && !memcmp(ss2, want, 32), suite, "%s: ss (decaps)",
		 name);
}

static void suite_xwing_draft(void)
{
	const char *suite = "xwing-draft";
	struct mt_tally t = { 0 };
	u8 sk[32], eseed[64], pk_h[32], ct_h[32], ss[32];
	char name[32];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(xwing_draft); i++) {
		snprintf(name, sizeof(name), "vector %u", i + 1);
		if (!mt_unhex_into(sk, 32, xwing_draft[i].sk) ||
		    !mt_unhex_into(eseed, 32, xwing_draft[i].eseed_m) ||
		    !mt_unhex_into(eseed + 32, 32, xwing_draft[i].eseed_x) ||
		    !mt_unhex_into(pk_h, 32, xwing_draft[i].pk_sha3) ||
		    !mt_unhex_into(ct_h, 32, xwing_draft[i].ct_sha3) ||
		    !mt_unhex_into(ss, 32, xwing_draft[i].ss)) {
			mt_check(&t, false, suite, "%s: bad hex", name);
			continue;
		}
		xwing_one(&t, suite, name, sk, eseed, pk_h, ct_h, ss);
	}
	mt_report(suite, &t);
}

/* sk eseed pos xor H(pk) H(ct) ss ss_changed|refused */
static void suite_xwing_noble(const char *cases)
{
	static char line[1024];
	const char *suite = "xwing-noble";
	struct mt_tally t = { 0 };
	char sk_s[66], es_s[130], hp_s[66], hc_s[66], ss_s[66], rj_s[66];
	u8 sk[32], eseed[64], hp[32], hc[32], want[32], wrej[32], ss[32];
	unsigned int pos, x, n = 0;
	char name[32];
	bool refused;
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
		snprintf(name, sizeof(name), "case %u", n++);
		if (sscanf(line, "%65s %129s %u %u %65s %65s %65s %65s", sk_s,
			   es_s, &pos, &x, hp_s, hc_s, ss_s, rj_s) != 8 ||
		    pos >= VGC_XWING_CT_SIZE || !mt_unhex_into(sk, 32, sk_s) ||
		    !mt_unhex_into(eseed, 64, es_s) ||
		    !mt_unhex_into(hp, 32, hp_s) ||
		    !mt_unhex_into(hc, 32, hc_s) ||
		    !mt_unhex_into(want, 32, ss_s)) {
			mt_check(&t, false, suite, "%s: unreadable line", name);
			continue;
		}
		refused = !strcmp(rj_s, "refused");
		if (!refused && !mt_unhex_into(wrej, 32, rj_s)) {
			mt_check(&t, false, suite, "%s: unreadable line", name);
			continue;
		}
		xwing_one(&t, suite, name, sk, eseed, hp, hc, want);
		memcpy(xw_ct2, xw_ct, sizeof(xw_ct));
		xw_ct2[pos] ^= x;
		memset(ss, 0xa5, sizeof(ss));
		r = vgc_xwing_decaps(ss, xw_ct2, &xw_key, &xw_work);
		if (refused)
			mt_check(&t, r == -EINVAL && all_bytes(ss, 32, 0xa5),
				 suite, "%s: changed ct refused", name);
		else
			mt_check(&t, !r && !memcmp(ss, wrej, 32), suite,
				 "%s: changed ct at %u", name, pos);
	}
	fclose(f);
	mt_check(&t, n >= 100, suite, "%u cases in %s", n, cases);
	mt_report(suite, &t);
}

/* u = 0 and u = 1: X25519 of them is zero for every scalar */
static void suite_xwing_api(void)
{
	const char *suite = "xwing-api";
	struct mt_tally t = { 0 };
	u8 sk[32], eseed[64], ss[32], ss2[32], pk[VGC_XWING_PK_SIZE];
	unsigned int i, u;
	int r;

	for (i = 0; i < 8; i++) {
		memset(sk, 0x11 * i, sizeof(sk));
		memset(eseed, 0x3c ^ i, sizeof(eseed));
		r = vgc_xwing_expand(&xw_key, sk, &xw_work);
		r = r ?: vgc_xwing_encaps_derand(xw_ct, ss, xw_key.pk, eseed,
						 &xw_work);
		r = r ?: vgc_xwing_decaps(ss2, xw_ct, &xw_key, &xw_work);
		mt_check(&t, !r && !memcmp(ss, ss2, 32), suite,
			 "round trip %u", i);
		mt_check(&t, all_bytes(&xw_work, sizeof(xw_work), 0), suite,
			 "work area wiped after round trip %u", i);
		/* with fresh randomness */
		r = vgc_xwing_encaps(xw_ct2, ss, xw_key.pk, &xw_work);
		r = r ?: vgc_xwing_decaps(ss2, xw_ct2, &xw_key, &xw_work);
		mt_check(&t, !r && !memcmp(ss, ss2, 32) &&
			 memcmp(xw_ct2, xw_ct, sizeof(xw_ct)), suite,
			 "random round trip %u", i);
	}
	for (u = 0; u < 2; u++) {
		memcpy(pk, xw_key.pk, sizeof(pk));
		memset(pk + VGC_MLKEM768_EK_SIZE, 0, VGC_XWING_X_SIZE);
		pk[VGC_MLKEM768_EK_SIZE] = u;
		memset(xw_ct2, 0xa5, sizeof(xw_ct2));
		memset(ss, 0xa5, sizeof(ss));
		r = vgc_xwing_encaps_derand(xw_ct2, ss, pk, eseed, &xw_work);
		mt_check(&t, r == -EINVAL && all_bytes(ss, 32, 0xa5) &&
			 all_bytes(xw_ct2, sizeof(xw_ct2), 0xa5), suite,
			 "encaps to pk_X = %u refused, nothing written", u);
		memcpy(xw_ct2, xw_ct, sizeof(xw_ct));
		memset(xw_ct2 + VGC_MLKEM768_CT_SIZE, 0, VGC_XWING_X_SIZE);
		xw_ct2[VGC_MLKEM768_CT_SIZE] = u;
		r = vgc_xwing_decaps(ss, xw_ct2, &xw_key, &xw_work);
		mt_check(&t, r == -EINVAL && all_bytes(ss, 32, 0xa5), suite,
			 "decaps of ct_X = %u refused, nothing written", u);
	}
	/* coefficient 0 of pk_M's first polynomial set to q = 3329 */
	memcpy(pk, xw_key.pk, sizeof(pk));
	pk[0] = 3329 & 0xff;
	pk[1] = (pk[1] & 0xf0) | 3329 >> 8;
	memset(xw_ct2, 0xa5, sizeof(xw_ct2));
	memset(ss, 0xa5, sizeof(ss));
	r = vgc_xwing_encaps_derand(xw_ct2, ss, pk, eseed, &xw_work);
	mt_check(&t, r == -EINVAL && all_bytes(ss, 32, 0xa5) &&
		 all_bytes(xw_ct2, sizeof(xw_ct2), 0xa5), suite,
		 "encaps to a pk_M with a coefficient q refused");
	mt_report(suite, &t);
}

void suite_xwing(const char *cases)
{
	struct mt_tally t = { 0 };

	suite_xwing_draft();
	if (cases) {
		suite_xwing_noble(cases);
	} else {
		mt_missing(&t, "xwing-noble", "--xwing case file (not given)");
		mt_report("xwing-noble", &t);
	}
	suite_xwing_api();
}
