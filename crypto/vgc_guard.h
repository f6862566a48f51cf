/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Timing ours against the kernel's own at load (crypto/guard_time.c): the
 * comparison both guards make, the crypto API drivers' (aead_guard.c) and
 * the libchacha20poly1305 replacement's (libchacha20poly1305.c), which
 * calls it from vgcrypto.ko.
 */
#ifndef VGC_GUARD_H
#define VGC_GUARD_H

#include <linux/types.h>

/*
 * kernel's time / ours, in hundredths (as printed, so that the line and
 * the decision agree): the least that keeps ours. 1.00: not slower, the
 * promise.
 */
#define VGC_GUARD_MIN_RATIO	100
#define VGC_GUARD_TRIES		5
#define VGC_GUARD_MAX_SIZES	4

/* what to time: both sides at each text length, seal and open */
struct vgc_guard_plan {
	const unsigned int *sizes;
	unsigned int nsizes;		/* at most VGC_GUARD_MAX_SIZES */
	/*
	 * Make the inputs of length @len (the kernel's side seals them) and
	 * check that both sides give the same bytes and open them: 0,
	 * -EBADE where they differ, or the error a side returned.
	 */
	int (*prepare)(void *ctx, unsigned int len);
	/* one request of @len bytes on our side or the kernel's: 0 or an error */
	int (*one)(void *ctx, bool ours, bool seal, unsigned int len);
	void *ctx;
};

struct vgc_guard_result {
	/* best time of a batch, [size][seal, open][kernel, ours] */
	u64 best[VGC_GUARD_MAX_SIZES][2][2];
	/* kernel's time / ours in hundredths, [size][seal, open] */
	unsigned int ratio[VGC_GUARD_MAX_SIZES][2];
	unsigned int least, least_size, least_op;
	bool keep;			/* least >= VGC_GUARD_MIN_RATIO */
	char figures[160];		/* "64 B 1.23/1.10x, 256 B ..." */
};

/*
 * Time @p, both sides in turn, the best of VGC_GUARD_TRIES batches of
 * each, and judge: 0 with @res filled, or the first error either side
 * or prepare returned (@res then says nothing: keep is false).
 */
int vgc_guard_compare(const struct vgc_guard_plan *p,
		      struct vgc_guard_result *res);

/* the ratios, the least and the verdict, from @res->best */
void vgc_guard_judge(struct vgc_guard_result *res, const unsigned int *sizes,
		     unsigned int nsizes);

#endif /* VGC_GUARD_H */
