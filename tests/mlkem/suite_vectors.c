// SPDX-License-Identifier: GPL-2.0-only
/*
 * Third-party vectors, read at run time from the shared vectors directory:
 * NIST ACVP, Wycheproof and C2SP CCTV. Nothing here is copied into the
 * project.
 */
#include <string.h>

#include "mlkem_test.h"
#include "json.h"
#include "sha3.h"

static struct vgc_mlkem_work work;
static u8 ek[VGC_MLKEM_MAX_EK_SIZE], dk[VGC_MLKEM_MAX_DK_SIZE];
static u8 ct[VGC_MLKEM_MAX_CT_SIZE], ss[VGC_MLKEM_SS_SIZE];

static struct vgc_json *load_json(struct mt_tally *t, const char *suite,
				  const char *rel)
{
	const char *path = mt_path(rel);
	struct vgc_json *root;
	char err[200];
	size_t len;
	char *text;

	text = vgc_read_file(path, &len);
	if (!text) {
		mt_missing(t, suite, path);
		return NULL;
	}
	root = vgc_json_parse(text, len, err, sizeof(err));
	free(text);
	if (!root)
		mt_missing(t, suite, err);
	return root;
}

/* A hex member as bytes (freed by the caller), NULL if absent or bad. */
static u8 *hex_member(const struct vgc_json *o, const char *key, size_t *len)
{
	const char *h = vgc_json_str(o, key);

	*len = 0;
	return h ? mt_unhex(h, len) : NULL;
}

static bool same(const u8 *a, size_t alen, const u8 *b, size_t blen)
{
	return a && b && alen == blen && !memcmp(a, b, alen);
}

/* ---- NIST ACVP ---- */

static void acvp_keygen(void)
{
	const char *suite = "acvp-keygen";
	struct mt_tally t = { 0 };
	const struct vgc_json *groups, *g, *tests, *tc;
	struct vgc_json *root;
	size_t i, j, dl, zl, el, kl, eks, dks;
	enum vgc_mlkem_set set;
	u8 *d, *z, *e, *k, seed[64];
	bool ok;
	int r;

	root = load_json(&t, suite, "acvp-mlkem/ML-KEM-keyGen-FIPS203/internalProjection.json");
	if (!root) {
		mt_report(suite, &t);
		return;
	}
	groups = vgc_json_get(root, "testGroups");
	for (i = 0; groups && i < groups->n; i++) {
		g = &groups->items[i];
		set = mt_set_from_name(vgc_json_str(g, "parameterSet"), &ok);
		eks = vgc_mlkem_ek_size(set);
		dks = vgc_mlkem_dk_size(set);
		tests = vgc_json_get(g, "tests");
		for (j = 0; tests && j < tests->n; j++) {
			tc = &tests->items[j];
			d = hex_member(tc, "d", &dl);
			z = hex_member(tc, "z", &zl);
			e = hex_member(tc, "ek", &el);
			k = hex_member(tc, "dk", &kl);
			r = -1;
			if (ok && d && z && dl == 32 && zl == 32) {
				memcpy(seed, d, 32);
				memcpy(seed + 32, z, 32);
				r = vgc_mlkem_keypair_derand(set, ek, eks, dk,
							     dks, seed, 64,
							     &work);
			}
			mt_check(&t, !r && same(ek, eks, e, el) &&
				 same(dk, dks, k, kl), suite,
				 "tcId %s", vgc_json_str(tc, "tcId") ?: "?");
			free(d);
			free(z);
			free(e);
			free(k);
		}
	}
	vgc_json_free(root);
	if (t.passed + t.failed != 75)
		mt_check(&t, false, suite, "%lu tests, 75 expected",
			 t.passed + t.failed);
	mt_report(suite, &t);
}

static bool acvp_encdec_one(const struct vgc_json *tc, enum vgc_mlkem_set set,
			    const char *fn)
{
	size_t el, kl, cl, ml, sl, cts = vgc_mlkem_ct_size(set);
	u8 *e = hex_member(tc, "ek", &el), *k = hex_member(tc, "dk", &kl);
	u8 *c = hex_member(tc, "c", &cl), *m = hex_member(tc, "m", &ml);
	u8 *s = hex_member(tc, "k", &sl);
	const struct vgc_json *tp = vgc_json_get(tc, "testPassed");
	bool ok = false;
	int r;

	if (!strcmp(fn, "encapsulation")) {
		if (e && m && ml == 32) {
			r = vgc_mlkem_encaps_derand(set, ct, cts, ss, e, el, m,
						    &work);
			ok = !r && same(ct, cts, c, cl) && same(ss, 32, s, sl);
		}
	} else if (!strcmp(fn, "decapsulation")) {
		if (k && c) {
			r = vgc_mlkem_decaps(set, ss, c, cl, k, kl, &work);
			ok = !r && same(ss, 32, s, sl);
		}
	} else if (!strcmp(fn, "encapsulationKeyCheck") && e && tp) {
		r = vgc_mlkem_check_ek(set, e, el, &work);
		ok = tp->type == VGC_JSON_BOOL && (r == 0) == tp->boolean &&
		     (r == 0 || r == -EINVAL);
	} else if (!strcmp(fn, "decapsulationKeyCheck") && k && tp) {
		r = vgc_mlkem_check_dk(set, k, kl, &work);
		ok = tp->type == VGC_JSON_BOOL && (r == 0) == tp->boolean &&
		     (r == 0 || r == -EINVAL);
	}
	free(e);
	free(k);
	free(c);
	free(m);
	free(s);
	return ok;
}

static void acvp_encdec(void)
{
	const char *suite = "acvp-encapdecap";
	struct mt_tally t = { 0 };
	const struct vgc_json *groups, *g, *tests, *tc;
	struct vgc_json *root;
	enum vgc_mlkem_set set;
	const char *fn;
	size_t i, j;
	bool ok;

	root = load_json(&t, suite, "acvp-mlkem/ML-KEM-encapDecap-FIPS203/internalProjection.json");
	if (!root) {
		mt_report(suite, &t);
		return;
	}
	groups = vgc_json_get(root, "testGroups");
	for (i = 0; groups && i < groups->n; i++) {
		g = &groups->items[i];
		set = mt_set_from_name(vgc_json_str(g, "parameterSet"), &ok);
		fn = vgc_json_str(g, "function") ?: "?";
		tests = vgc_json_get(g, "tests");
		for (j = 0; tests && j < tests->n; j++) {
			tc = &tests->items[j];
			mt_check(&t, ok && acvp_encdec_one(tc, set, fn), suite,
				 "%s tcId %s", fn, vgc_json_str(tc, "tcId") ?: "?");
		}
	}
	vgc_json_free(root);
	/*
	 * ../shared/vectors/README.md says 195, but the file holds 165:
	 * 75 encapsulations, 30 decapsulations and 60 key checks.
	 */
	if (t.passed + t.failed != 165)
		mt_check(&t, false, suite, "%lu tests, 165 expected",
			 t.passed + t.failed);
	mt_report(suite, &t);
}

void suite_acvp(void)
{
	acvp_keygen();
	acvp_encdec();
}

/* ---- Wycheproof ---- */

enum wp_kind { WP_KEYGEN, WP_ENCAPS, WP_DECAPS_SEED, WP_DECAPS_DK };

static bool wp_one(const struct vgc_json *tc, enum vgc_mlkem_set set,
		   enum wp_kind kind)
{
	size_t el, kl, cl, ml, sl, seedl;
	size_t eks = vgc_mlkem_ek_size(set), dks = vgc_mlkem_dk_size(set);
	size_t cts = vgc_mlkem_ct_size(set);
	u8 *e = hex_member(tc, "ek", &el), *k = hex_member(tc, "dk", &kl);
	u8 *c = hex_member(tc, "c", &cl), *m = hex_member(tc, "m", &ml);
	u8 *s = hex_member(tc, "K", &sl), *seed = hex_member(tc, "seed", &seedl);
	const char *res = vgc_json_str(tc, "result");
	bool valid = res && !strcmp(res, "valid"), ok = false;
	int r;

	if (!res || (strcmp(res, "valid") && strcmp(res, "invalid")))
		goto out;
	switch (kind) {
	case WP_KEYGEN:
		r = vgc_mlkem_keypair_derand(set, ek, eks, dk, dks, seed, seedl,
					     &work);
		ok = valid ? !r && same(ek, eks, e, el) && same(dk, dks, k, kl) :
			     r == -EINVAL;
		break;
	case WP_ENCAPS:
		/* the API takes m as 32 bytes: another length is refused here */
		if (!m || ml != 32) {
			ok = !valid;
			break;
		}
		r = vgc_mlkem_encaps_derand(set, ct, cts, ss, e, el, m, &work);
		ok = valid ? !r && same(ct, cts, c, cl) && same(ss, 32, s, sl) :
			     r == -EINVAL;
		break;
	case WP_DECAPS_SEED:
		r = vgc_mlkem_keypair_derand(set, ek, eks, dk, dks, seed, seedl,
					     &work);
		if (r) {
			ok = !valid && r == -EINVAL;
			break;
		}
		if (el && !same(ek, eks, e, el))
			break;
		r = vgc_mlkem_decaps(set, ss, c, cl, dk, dks, &work);
		ok = valid ? !r && same(ss, 32, s, sl) : r == -EINVAL;
		break;
	case WP_DECAPS_DK:
		r = vgc_mlkem_decaps(set, ss, c, cl, k, kl, &work);
		ok = valid ? !r && same(ss, 32, s, sl) : r == -EINVAL;
		break;
	}
out:
	free(e);
	free(k);
	free(c);
	free(m);
	free(s);
	free(seed);
	return ok;
}

void suite_wycheproof(void)
{
	static const char *const sets[] = { "512", "768", "1024" };
	static const struct {
		const char *file;
		enum wp_kind kind;
	} files[] = {
		{ "keygen_seed_test", WP_KEYGEN },
		{ "encaps_test", WP_ENCAPS },
		{ "test", WP_DECAPS_SEED },
		{ "semi_expanded_decaps_test", WP_DECAPS_DK },
	};
	const char *suite = "wycheproof";
	struct mt_tally t = { 0 };
	const struct vgc_json *groups, *g, *tests, *tc;
	unsigned int si, fi, missing = 0;
	struct vgc_json *root;
	enum vgc_mlkem_set set;
	char rel[200];
	size_t i, j;
	bool ok;

	for (si = 0; si < 3; si++) {
		for (fi = 0; fi < ARRAY_SIZE(files); fi++) {
			snprintf(rel, sizeof(rel), "wycheproof/mlkem_%s_%s.json",
				 sets[si], files[fi].file);
			root = load_json(&t, suite, rel);
			if (!root) {
				missing++;
				continue;
			}
			groups = vgc_json_get(root, "testGroups");
			for (i = 0; groups && i < groups->n; i++) {
				g = &groups->items[i];
				set = mt_set_from_name(vgc_json_str(g, "parameterSet"),
						       &ok);
				tests = vgc_json_get(g, "tests");
				for (j = 0; tests && j < tests->n; j++) {
					tc = &tests->items[j];
					mt_check(&t, ok && wp_one(tc, set,
								  files[fi].kind),
						 suite, "%s tcId %s (%s)", rel,
						 vgc_json_str(tc, "tcId") ?: "?",
						 vgc_json_str(tc, "comment") ?: "");
				}
			}
			vgc_json_free(root);
		}
	}
	if (!missing && t.passed + t.failed != 1701)
		mt_check(&t, false, suite, "%lu tests, 1701 expected",
			 t.passed + t.failed);
	mt_report(suite, &t);
}

/* ---- C2SP CCTV ---- */

struct kv {
	char key[8];
	char *val;
};

/* "key = hex" lines; returns how many were read (at most max). */
static unsigned int read_kv(const char *path, struct kv *kv, unsigned int max)
{
	static char line[20000];
	unsigned int n = 0;
	char *eq, *end;
	FILE *f = fopen(path, "r");

	if (!f)
		return 0;
	while (n < max && fgets(line, sizeof(line), f)) {
		eq = strstr(line, " = ");
		if (!eq || eq - line >= (long)sizeof(kv[n].key))
			continue;
		memcpy(kv[n].key, line, eq - line);
		kv[n].key[eq - line] = 0;
		end = eq + 3 + strcspn(eq + 3, "\r\n");
		*end = 0;
		kv[n].val = strdup(eq + 3);
		n++;
	}
	fclose(f);
	return n;
}

static u8 *kv_hex(struct kv *kv, unsigned int n, const char *key, size_t *len)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(kv[i].key, key))
			return mt_unhex(kv[i].val, len);
	*len = 0;
	return NULL;
}

static const char *const cctv_names[] = {
	"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"
};

static void cctv_strcmp_unlucky(bool unlucky)
{
	const char *suite = unlucky ? "cctv-unluckysample" : "cctv-strcmp";
	struct mt_tally t = { 0 };
	unsigned int s, n, i;
	struct kv kv[8];
	char rel[100];
	size_t kl, cl, sl, el, ml;
	u8 *k, *c, *key, *e, *m;
	int r;

	for (s = 0; s < 3; s++) {
		snprintf(rel, sizeof(rel), "cctv-mlkem/%s/%s.txt",
			 unlucky ? "unluckysample" : "strcmp", cctv_names[s]);
		n = read_kv(mt_path(rel), kv, ARRAY_SIZE(kv));
		if (!n) {
			mt_missing(&t, suite, mt_path(rel));
			continue;
		}
		k = kv_hex(kv, n, "dk", &kl);
		c = kv_hex(kv, n, "c", &cl);
		key = kv_hex(kv, n, "K", &sl);
		r = k && c ? vgc_mlkem_decaps(s, ss, c, cl, k, kl, &work) : -1;
		mt_check(&t, !r && same(ss, 32, key, sl), suite, "%s decaps",
			 cctv_names[s]);
		if (unlucky) {
			/* under final FIPS 203 only Encaps(ek, m) matches */
			e = kv_hex(kv, n, "ek", &el);
			m = kv_hex(kv, n, "m", &ml);
			r = e && m && ml == 32 ?
			    vgc_mlkem_encaps_derand(s, ct, vgc_mlkem_ct_size(s),
						    ss, e, el, m, &work) : -1;
			mt_check(&t, !r && same(ct, vgc_mlkem_ct_size(s), c, cl) &&
				 same(ss, 32, key, sl), suite, "%s encaps",
				 cctv_names[s]);
			free(e);
			free(m);
		}
		free(k);
		free(c);
		free(key);
		for (i = 0; i < n; i++)
			free(kv[i].val);
	}
	mt_report(suite, &t);
}

static void cctv_modulus(void)
{
	static const unsigned long want[] = { 775, 780, 1040 };
	static char line[8192];
	const char *suite = "cctv-modulus";
	struct mt_tally t = { 0 };
	unsigned long count;
	unsigned int s;
	char cmd[4200], rel[100];
	size_t el;
	FILE *f;
	u8 *e;
	int r1, r2;

	for (s = 0; s < 3; s++) {
		snprintf(rel, sizeof(rel), "cctv-mlkem/modulus/%s.txt.gz",
			 cctv_names[s]);
		f = fopen(mt_path(rel), "r");
		if (!f) {
			mt_missing(&t, suite, mt_path(rel));
			continue;
		}
		fclose(f);
		snprintf(cmd, sizeof(cmd), "gzip -dc '%s'", mt_path(rel));
		f = popen(cmd, "r");
		if (!f) {
			mt_missing(&t, suite, "gzip");
			continue;
		}
		count = 0;
		while (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\r\n")] = 0;
			if (!line[0])
				continue;
			e = mt_unhex(line, &el);
			r1 = e ? vgc_mlkem_check_ek(s, e, el, &work) : 0;
			r2 = e ? vgc_mlkem_encaps(s, ct, vgc_mlkem_ct_size(s), ss,
						  e, el, &work) : 0;
			mt_check(&t, el == vgc_mlkem_ek_size(s) &&
				 r1 == -EINVAL && r2 == -EINVAL, suite,
				 "%s key %lu accepted", cctv_names[s], count);
			count++;
			free(e);
		}
		mt_check(&t, pclose(f) == 0 && count == want[s], suite,
			 "%s: %lu keys, %lu expected", cctv_names[s], count,
			 want[s]);
	}
	mt_report(suite, &t);
}

/* The accumulated test of CCTV, as ../shared/vectors/README.md gives it. */
static void cctv_accumulated(void)
{
	static const char *const want[] = {
		"705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13",
		"f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1",
		"e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5",
	};
	const char *suite = "cctv-accumulated";
	static struct vgc_keccak rng, acc;
	static u8 seed[64], m[32], ct_r[VGC_MLKEM_MAX_CT_SIZE], k2[32], kr[32];
	struct mt_tally t = { 0 };
	unsigned int s, i, bad;
	u8 out[32], exp[32];
	size_t el, dl, cl;
	int r;

	for (s = 0; s < 3; s++) {
		el = vgc_mlkem_ek_size(s);
		dl = vgc_mlkem_dk_size(s);
		cl = vgc_mlkem_ct_size(s);
		vgc_shake128_init(&rng);
		vgc_shake128_init(&acc);
		bad = 0;
		for (i = 0; i < 10000; i++) {
			vgc_keccak_squeeze(&rng, seed, 64);
			vgc_keccak_squeeze(&rng, m, 32);
			vgc_keccak_squeeze(&rng, ct_r, cl);
			r = vgc_mlkem_keypair_derand(s, ek, el, dk, dl, seed, 64,
						     &work);
			r |= vgc_mlkem_encaps_derand(s, ct, cl, ss, ek, el, m,
						     &work);
			r |= vgc_mlkem_decaps(s, k2, ct, cl, dk, dl, &work);
			r |= vgc_mlkem_decaps(s, kr, ct_r, cl, dk, dl, &work);
			bad += r || memcmp(k2, ss, 32);
			vgc_keccak_absorb(&acc, ek, el);
			vgc_keccak_absorb(&acc, dk, dl);
			vgc_keccak_absorb(&acc, ct, cl);
			vgc_keccak_absorb(&acc, ss, 32);
			vgc_keccak_absorb(&acc, kr, 32);
		}
		vgc_keccak_squeeze(&acc, out, 32);
		mt_unhex_into(exp, 32, want[s]);
		mt_check(&t, !bad, suite, "%s: %u round trips failed",
			 cctv_names[s], bad);
		mt_check(&t, !memcmp(out, exp, 32), suite,
			 "%s: accumulated hash differs", cctv_names[s]);
	}
	mt_report(suite, &t);
}

void suite_cctv(void)
{
	cctv_strcmp_unlucky(false);
	cctv_modulus();
	cctv_strcmp_unlucky(true);
	cctv_accumulated();
}
