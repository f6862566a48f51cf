/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a back end with a vector Poly1305 (lanes live across calls, see
 * struct vgc_poly1305) splits the blocks it is given: whole steps go to
 * the vector code once a call is long enough or the message's lanes are
 * live anyway, the rest to the scalar code; but while the lanes are
 * live, whole blocks short of a step wait (vec_pend) to start the next
 * call's step, so that a text cut into pieces of odd lengths (a TLS
 * record's content type, an ESP trailer) keeps its lanes. The flush
 * folds the lanes into h, then the waiting blocks (the AEAD core flushes
 * before its tag).
 *
 * Included by an architecture's backends.c, which first defines struct
 * vec_poly (with at least .step and .min, in blocks) and
 *   vec_blocks(v, p, src, n)      n a multiple of v->step: into the lanes
 *   vec_lanes_flush(v, p)         the lanes into h (they are live)
 *   vec_scalar_blocks(p, src, n)  any n, straight into h
 * as plain functions: the wrappers only choose, and call them directly.
 */
#ifndef VGC_POLY1305_VEC_H
#define VGC_POLY1305_VEC_H

#include "poly1305.h"

static void vec_poly_flush(const struct vec_poly *v, struct vgc_poly1305 *p)
{
	if (p->vec_live)
		vec_lanes_flush(v, p);
	if (p->vec_npend) {
		vec_scalar_blocks(p, p->vec_pend, p->vec_npend);
		p->vec_npend = 0;
	}
}

static void vec_poly_blocks(const struct vec_poly *v, struct vgc_poly1305 *p,
			    const u8 *src, unsigned int nblocks)
{
	unsigned int n;

	/* blocks waiting from the last call go first (the lanes are live) */
	if (p->vec_npend) {
		n = min(nblocks, v->step - p->vec_npend);
		memcpy(p->vec_pend + p->vec_npend * VGC_POLY1305_BLOCK_SIZE,
		       src, n * VGC_POLY1305_BLOCK_SIZE);
		p->vec_npend += n;
		src += n * VGC_POLY1305_BLOCK_SIZE;
		nblocks -= n;
		if (p->vec_npend < v->step)
			return;
		vec_blocks(v, p, p->vec_pend, v->step);
		p->vec_npend = 0;
	}
	n = nblocks - nblocks % v->step;
	if (n && (p->vec_live || nblocks >= v->min)) {
		vec_blocks(v, p, src, n);
		src += n * VGC_POLY1305_BLOCK_SIZE;
		nblocks -= n;
	}
	if (!nblocks)
		return;
	if (p->vec_live) {
		memcpy(p->vec_pend, src, nblocks * VGC_POLY1305_BLOCK_SIZE);
		p->vec_npend = nblocks;
	} else {
		vec_scalar_blocks(p, src, nblocks);
	}
}

#endif /* VGC_POLY1305_VEC_H */
