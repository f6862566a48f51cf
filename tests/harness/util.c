// SPDX-License-Identifier: GPL-2.0-only
/* Counting, PRNG and hex helpers of the harness (no lib/ code). */
#include <stdarg.h>

#include "harness.h"

bool vgc_check(struct vgc_tally *t, bool ok, const char *suite,
	       const char *be, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		t->passed++;
		return true;
	}
	t->failed++;
	if (t->failed <= VGC_MAX_FAIL_REPORTS) {
		printf("FAIL %s[%s]: ", suite, be);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		putchar('\n');
	} else if (t->failed == VGC_MAX_FAIL_REPORTS + 1) {
		printf("FAIL %s[%s]: (further failures not shown)\n", suite,
		       be);
	}
	return false;
}

void vgc_tally_print(const char *suite, const char *be,
		     const struct vgc_tally *t)
{
	printf("%s[%s]: %lu passed, %lu failed", suite, be, t->passed,
	       t->failed);
	if (t->skipped)
		printf(", %lu skipped", t->skipped);
	putchar('\n');
	fflush(stdout);
}

/* SplitMix64 (Steele, Lea, Flood 2014): a 64-bit Weyl sequence, mixed. */
void vgc_rng_seed(struct vgc_rng *r, u64 seed)
{
	r->state = seed;
}

u64 vgc_rng_next(struct vgc_rng *r)
{
	u64 z;

	r->state += 0x9e3779b97f4a7c15ULL;
	z = r->state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

u32 vgc_rng_below(struct vgc_rng *r, u32 n)
{
	/* multiply-shift: bias below 2^-32 per draw, fine for tests */
	return (u32)(((vgc_rng_next(r) >> 32) * (u64)n) >> 32);
}

void vgc_rng_fill(struct vgc_rng *r, void *buf, size_t len)
{
	u8 *p = buf;
	u64 v;

	while (len >= 8) {
		put_unaligned_le64(vgc_rng_next(r), p);
		p += 8;
		len -= 8;
	}
	if (len) {
		v = vgc_rng_next(r);
		while (len--) {
			*p++ = (u8)v;
			v >>= 8;
		}
	}
}

size_t vgc_rng_segment(struct vgc_rng *r, size_t remaining)
{
	static const unsigned int edges[] = { 16, 32, 48, 64, 128, 192, 4096 };
	size_t n;

	if (!remaining)
		return 0;
	switch (vgc_rng_below(r, 8)) {
	case 0:
		return 0;
	case 1:
	case 2:
		n = 1 + vgc_rng_below(r, 3);
		break;
	case 3:
	case 4:
		n = edges[vgc_rng_below(r, ARRAY_SIZE(edges))];
		n = n - 1 + vgc_rng_below(r, 3);
		break;
	case 5:
		n = min_t(size_t, remaining, 1u << 30);
		n = vgc_rng_below(r, (u32)n + 1);
		break;
	default:
		n = remaining;
		break;
	}
	return min_t(size_t, n, remaining);
}

long vgc_unhex(u8 *out, size_t max, const char *hex)
{
	size_t n = strlen(hex);

	if (n % 2 || n / 2 > max || hex2bin(out, hex, n / 2))
		return -1;
	return (long)(n / 2);
}

u8 *vgc_unhex_alloc(const char *hex, size_t *len)
{
	size_t n = strlen(hex) / 2;
	u8 *p = malloc(n ? n : 1);

	if (!p)
		return NULL;
	if (vgc_unhex(p, n, hex) < 0) {
		free(p);
		return NULL;
	}
	*len = n;
	return p;
}

void vgc_hexdump(FILE *f, const char *label, const u8 *p, size_t len)
{
	size_t i;

	fprintf(f, "  %s (%zu):", label, len);
	for (i = 0; i < len; i++) {
		if (i % 32 == 0)
			fputs("\n    ", f);
		fprintf(f, "%02x", p[i]);
	}
	fputc('\n', f);
}

bool vgc_all_byte(const u8 *p, size_t len, u8 byte)
{
	u8 acc = 0;

	while (len--)
		acc |= *p++ ^ byte;
	return acc == 0;
}

bool vgc_refused_out(const u8 *out, const u8 *sealed, size_t n)
{
	return n >= VGC_CP_TAG_SIZE &&
	       !memcmp(out, sealed, n - VGC_CP_TAG_SIZE) &&
	       vgc_all_byte(out + n - VGC_CP_TAG_SIZE, VGC_CP_TAG_SIZE,
			    VGC_PATTERN);
}

bool vgc_refused_oneshot(const struct vgc_cp_backend *be, const u8 *out,
			 const u8 *sealed, size_t n)
{
	size_t head;

	if (n >= VGC_CP_TAG_SIZE &&
	    vgc_cp_open_buffered(be, n - VGC_CP_TAG_SIZE))
		return vgc_all_byte(out, n, VGC_PATTERN);
	if (n >= VGC_CP_TAG_SIZE &&
	    vgc_cp_open_buffered_tail(be, n - VGC_CP_TAG_SIZE)) {
		/* the first part's ciphertext, nothing past it */
		head = vgc_cp_open_head(n - VGC_CP_TAG_SIZE);
		return !memcmp(out, sealed, head) &&
		       vgc_all_byte(out + head, n - head, VGC_PATTERN);
	}
	return vgc_refused_out(out, sealed, n);
}

void *vgc_xmalloc(size_t len)
{
	void *p = malloc(len ? len : 1);

	if (!p) {
		fprintf(stderr, "harness: out of memory (%zu bytes)\n", len);
		exit(2);
	}
	return p;
}
