// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ours against the kernel's own, timed at load, as the kernel's raid6 and
 * xor code time their choices at boot: at each size, seal and open,
 * batches of a few microseconds to tens of them on each side in turn (the
 * side that goes first changes every try), the best of a few each. What
 * the sides run, and which is whose, is the caller's (vgc_guard.h).
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "vgc_guard.h"

/* text per timed batch */
#define VGC_GUARD_BATCH_BYTES	8192

/* nanoseconds for a batch of @reps requests */
static u64 vgc_guard_batch(const struct vgc_guard_plan *p, bool ours,
			   bool seal, unsigned int len, unsigned int reps,
			   int *err)
{
	u64 t0 = ktime_get_ns();
	unsigned int i;

	for (i = 0; i < reps && !*err; i++)
		*err = p->one(p->ctx, ours, seal, len);
	return ktime_get_ns() - t0;
}

/* kernel's time / ours in hundredths, rounded */
static unsigned int vgc_guard_ratio(u64 kernel, u64 ours)
{
	ours = max_t(u64, ours, 1);
	return div64_u64(kernel * 100 + ours / 2, ours);
}

void vgc_guard_judge(struct vgc_guard_result *res, const unsigned int *sizes,
		     unsigned int nsizes)
{
	unsigned int s, op, q;
	int pos = 0;

	res->least = UINT_MAX;
	res->least_size = 0;
	res->least_op = 0;
	for (s = 0; s < nsizes; s++) {
		for (op = 0; op < 2; op++) {
			q = vgc_guard_ratio(res->best[s][op][0],
					    res->best[s][op][1]);
			res->ratio[s][op] = q;
			if (q < res->least) {
				res->least = q;
				res->least_size = sizes[s];
				res->least_op = op;
			}
		}
		pos += scnprintf(res->figures + pos, sizeof(res->figures) - pos,
				 "%s%u B %u.%02u/%u.%02ux", s ? ", " : "",
				 sizes[s], res->ratio[s][0] / 100,
				 res->ratio[s][0] % 100, res->ratio[s][1] / 100,
				 res->ratio[s][1] % 100);
	}
	res->keep = nsizes && res->least >= VGC_GUARD_MIN_RATIO;
}
EXPORT_SYMBOL_GPL(vgc_guard_judge);

int vgc_guard_compare(const struct vgc_guard_plan *p,
		      struct vgc_guard_result *res)
{
	unsigned int s, try, reps, op, side, len;
	int err = 0;
	u64 t;

	memset(res, 0, sizeof(*res));
	if (WARN_ON(!p->nsizes || p->nsizes > VGC_GUARD_MAX_SIZES))
		return -EINVAL;
	for (s = 0; s < p->nsizes; s++) {
		len = p->sizes[s];
		err = p->prepare(p->ctx, len);
		if (err)
			return err;
		reps = max(1U, VGC_GUARD_BATCH_BYTES / max(len, 1U));
		for (try = 0; try < VGC_GUARD_TRIES; try++) {
			for (op = 0; op < 2; op++) {
				for (side = 0; side < 2; side++) {
					bool ours = side ^ (try & 1);

					t = vgc_guard_batch(p, ours, op == 0, len,
							    reps, &err);
					if (err)
						return err;
					if (!try || t < res->best[s][op][ours])
						res->best[s][op][ours] = t;
				}
			}
			cond_resched();
		}
	}
	vgc_guard_judge(res, p->sizes, p->nsizes);
	return 0;
}
EXPORT_SYMBOL_GPL(vgc_guard_compare);
