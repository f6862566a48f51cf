// SPDX-License-Identifier: GPL-2.0-only
/*
 * Every single-bit change to RFC 8439 section 2.8.2's sealed message
 * (114 bytes of ciphertext + 16 of tag = 1040 bits) and to its 12-byte AD
 * (96 bits) must be refused with -EBADMSG and nothing written: out of
 * place the output keeps the pattern it was filled with (not zeroed, not
 * plaintext), in place the sealed message stays byte for byte. Odd bits
 * open in place.
 */
#include "harness.h"

#define SUITE	"bitflip"

static const char key_hex[] =
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";
static const char nonce_hex[] = "070000004041424344454647";
static const char ad_hex[] = "50515253c0c1c2c3c4c5c6c7";
static const char *const texts[] = {
	"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
};

/* the first 8 bytes of the expected tag: a guard that the base is right */
static const char tag_head_hex[] = "1ae10b594f09e26a";

#define PT	texts[0]
#define PT_LEN	114
#define CT_LEN	(PT_LEN + VGC_CP_TAG_SIZE)

/* Open @sealed (flipped or not) with @ad; true if refused, nothing written. */
static bool refused(const struct vgc_cp_backend *be, const u8 *sealed,
		    const u8 *ad, const u8 *key, const u8 *nonce, bool in_place)
{
	u8 buf[CT_LEN];
	int ret;

	if (in_place) {
		memcpy(buf, sealed, CT_LEN);
		ret = vgc_cp_open(be, buf, buf, CT_LEN, ad, 12, key, nonce);
		return ret == -EBADMSG && !memcmp(buf, sealed, CT_LEN);
	}
	memset(buf, VGC_PATTERN, sizeof(buf));
	ret = vgc_cp_open(be, buf, sealed, CT_LEN, ad, 12, key, nonce);
	return ret == -EBADMSG && vgc_refused_oneshot(be, buf, sealed, CT_LEN);
}

void vgc_suite_bitflip(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t)
{
	u8 key[32], nonce[12], ad[12], head[8], sealed[CT_LEN], buf[CT_LEN];
	unsigned int bit;

	(void)o;
	if (vgc_unhex(key, 32, key_hex) != 32 ||
	    vgc_unhex(nonce, 12, nonce_hex) != 12 ||
	    vgc_unhex(ad, 12, ad_hex) != 12 ||
	    vgc_unhex(head, 8, tag_head_hex) != 8 || strlen(PT) != PT_LEN) {
		vgc_check(t, false, SUITE, be->name, "bad test data");
		return;
	}
	vgc_cp_seal(be, sealed, (const u8 *)PT, PT_LEN, ad, 12, key, nonce);
	if (memcmp(sealed + PT_LEN, head, sizeof(head))) {
		vgc_check(t, false, SUITE, be->name,
			  "2.8.2 does not seal to its tag: no base to flip");
		return;
	}
	/* the base itself must open, else every refusal below means nothing */
	memset(buf, 0xa5, sizeof(buf));
	if (vgc_cp_open(be, buf, sealed, CT_LEN, ad, 12, key, nonce) ||
	    memcmp(buf, PT, PT_LEN)) {
		vgc_check(t, false, SUITE, be->name, "unflipped base refused");
		return;
	}

	for (bit = 0; bit < CT_LEN * 8; bit++) {
		sealed[bit / 8] ^= 1 << (bit % 8);
		vgc_check(t, refused(be, sealed, ad, key, nonce, bit & 1),
			  SUITE, be->name, "%s bit %u: accepted, or output written",
			  bit < PT_LEN * 8 ? "ciphertext" : "tag", bit);
		sealed[bit / 8] ^= 1 << (bit % 8);
	}
	for (bit = 0; bit < sizeof(ad) * 8; bit++) {
		ad[bit / 8] ^= 1 << (bit % 8);
		vgc_check(t, refused(be, sealed, ad, key, nonce, bit & 1),
			  SUITE, be->name, "AD bit %u: accepted, or output written",
			  bit);
		ad[bit / 8] ^= 1 << (bit % 8);
	}
}
