/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ChaCha20 block functions for one vector width. Included by
 * chacha20_simd.h once per width, with V defined as the prefix of that
 * width's operations (x = xmm, y = ymm, z = zmm), hence no include guard.
 *
 * The block functions take @done, the number of blocks of this call
 * already written: block k of the call uses counter state[12] + k (mod
 * 2^32, as the portable code's u32 increment); the caller advances
 * state[12].
 */

#define VEC	VOP(vec)

/* ---- horizontal ---- */

/* A quarter round on four rows: each lane is a column of its block. */
static __always_inline void VOP(qr)(VEC *a, VEC *b, VEC *c, VEC *d)
{
	*a = VOP(add)(*a, *b);
	*d = VOP(rot16)(VOP(xor)(*d, *a));
	*c = VOP(add)(*c, *d);
	*b = VOP(rotl)(VOP(xor)(*b, *c), 12);
	*a = VOP(add)(*a, *b);
	*d = VOP(rot8)(VOP(xor)(*d, *a));
	*c = VOP(add)(*c, *d);
	*b = VOP(rotl)(VOP(xor)(*b, *c), 7);
}

/* A row-wise double round: columns, then the diagonals lined up. */
static __always_inline void VOP(double_round)(VEC *a, VEC *b, VEC *c, VEC *d)
{
	VOP(qr)(a, b, c, d);
	*b = VOP(rotw1)(*b);
	*c = VOP(rotw2)(*c);
	*d = VOP(rotw3)(*d);
	VOP(qr)(a, b, c, d);
	*b = VOP(rotw3)(*b);
	*c = VOP(rotw2)(*c);
	*d = VOP(rotw1)(*d);
}

/*
 * Horizontal: one register set (rows a, b, c, d) holds LANES / 4 blocks;
 * with @two a second, independent set runs interleaved with the first,
 * so the out-of-order core fills the latency of one chain with the other
 * nearly for free. Writes the first @nb blocks and, with @ks, block @nb's
 * keystream (the output rule in chacha20_simd.h); each set has at least
 * one block to write.
 */
static __always_inline void VOP(horiz)(const u32 state[16], u32 done, u8 *dst,
				       const u8 *src, unsigned int nb,
				       const bool two, u8 *ks)
{
	const unsigned int per = VOP(LANES) / 4;	/* blocks per set */
	VEC a0 = VOP(row)(state, 0), b0 = VOP(row)(state, 1);
	VEC c0 = VOP(row)(state, 2), d0 = VOP(row3)(state, done);
	VEC a1 = a0, b1 = b0, c1 = c0, d1 = VOP(row3)(state, done + per);
	int i;

	for (i = 0; i < 10; i++) {
		VOP(double_round)(&a0, &b0, &c0, &d0);
		if (two)
			VOP(double_round)(&a1, &b1, &c1, &d1);
	}

	/* feed-forward: the state added back in */
	a0 = VOP(add)(a0, VOP(row)(state, 0));
	b0 = VOP(add)(b0, VOP(row)(state, 1));
	c0 = VOP(add)(c0, VOP(row)(state, 2));
	d0 = VOP(add)(d0, VOP(row3)(state, done));
	VOP(store_rows)(dst, src, nb, a0, b0, c0, d0, nb < per ? ks : NULL);
	if (!two)
		return;
	a1 = VOP(add)(a1, VOP(row)(state, 0));
	b1 = VOP(add)(b1, VOP(row)(state, 1));
	c1 = VOP(add)(c1, VOP(row)(state, 2));
	d1 = VOP(add)(d1, VOP(row3)(state, done + per));
	VOP(store_rows)(dst + 64 * per, src + 64 * per, nb > per ? nb - per : 0,
			a1, b1, c1, d1, nb < per ? NULL : ks);
}

/* ---- vertical ---- */

/*
 * Two quarter rounds, step by step side by side: the core always has
 * independent work while one chain waits on its latency. Widths that
 * rotate with pshufb take its masks from cm[] (see CM_SIZE).
 */
static __always_inline void VOP(vqr2)(const VEC cm[CM_SIZE],
				      VEC *a0, VEC *b0, VEC *c0, VEC *d0,
				      VEC *a1, VEC *b1, VEC *c1, VEC *d1)
{
	*a0 = VOP(add)(*a0, *b0);
	*a1 = VOP(add)(*a1, *b1);
	*d0 = VOP(vrot16)(VOP(xor)(*d0, *a0), cm);
	*d1 = VOP(vrot16)(VOP(xor)(*d1, *a1), cm);
	*c0 = VOP(add)(*c0, *d0);
	*c1 = VOP(add)(*c1, *d1);
	*b0 = VOP(rotl)(VOP(xor)(*b0, *c0), 12);
	*b1 = VOP(rotl)(VOP(xor)(*b1, *c1), 12);
	*a0 = VOP(add)(*a0, *b0);
	*a1 = VOP(add)(*a1, *b1);
	*d0 = VOP(vrot8)(VOP(xor)(*d0, *a0), cm);
	*d1 = VOP(vrot8)(VOP(xor)(*d1, *a1), cm);
	*c0 = VOP(add)(*c0, *d0);
	*c1 = VOP(add)(*c1, *d1);
	*b0 = VOP(rotl)(VOP(xor)(*b0, *c0), 7);
	*b1 = VOP(rotl)(VOP(xor)(*b1, *c1), 7);
}

/*
 * A vertical double round; x[] are words 0-7 and 12-15, the c words
 * 8-11 are in cm[]. Columns: words (i, i+4, i+8, i+12); the diagonals
 * take one word from every row. The column pairs use c words 8, 9 then
 * 10, 11; the diagonal pairs go in the order that uses 10, 11 first, so
 * the c words are swapped once per half round, in its middle.
 */
static __always_inline void VOP(vdouble_round)(VEC cm[CM_SIZE],
					       VEC *x0, VEC *x1, VEC *x2,
					       VEC *x3, VEC *x4, VEC *x5,
					       VEC *x6, VEC *x7, VEC *x12,
					       VEC *x13, VEC *x14, VEC *x15)
{
	VEC x8 = cm[CM_C(8)], x9 = cm[CM_C(9)], x10, x11;

	VOP(vqr2)(cm, x0, x4, &x8, x12, x1, x5, &x9, x13);
	cm[CM_C(8)] = x8;
	cm[CM_C(9)] = x9;
	if (VOP(SPILL_C))
		vgc_simd_spill(cm);
	x10 = cm[CM_C(10)];
	x11 = cm[CM_C(11)];
	VOP(vqr2)(cm, x2, x6, &x10, x14, x3, x7, &x11, x15);

	VOP(vqr2)(cm, x0, x5, &x10, x15, x1, x6, &x11, x12);
	cm[CM_C(10)] = x10;
	cm[CM_C(11)] = x11;
	if (VOP(SPILL_C))
		vgc_simd_spill(cm);
	x8 = cm[CM_C(8)];
	x9 = cm[CM_C(9)];
	VOP(vqr2)(cm, x2, x7, &x8, x13, x3, x4, &x9, x14);
	cm[CM_C(8)] = x8;
	cm[CM_C(9)] = x9;
}

/*
 * 4x4 transpose of 32-bit words within each 128-bit lane: from "word w
 * of blocks 0..3" in a..d to "words 0..3 of block j" in the j-th output.
 */
static __always_inline void VOP(transpose4)(VEC *a, VEC *b, VEC *c, VEC *d)
{
	VEC t0 = VOP(unpacklo32)(*a, *b);	/* a0 b0 a1 b1 */
	VEC t1 = VOP(unpackhi32)(*a, *b);	/* a2 b2 a3 b3 */
	VEC t2 = VOP(unpacklo32)(*c, *d);	/* c0 d0 c1 d1 */
	VEC t3 = VOP(unpackhi32)(*c, *d);	/* c2 d2 c3 d3 */

	*a = VOP(unpacklo64)(t0, t2);		/* a0 b0 c0 d0 */
	*b = VOP(unpackhi64)(t0, t2);		/* a1 b1 c1 d1 */
	*c = VOP(unpacklo64)(t1, t3);		/* a2 b2 c2 d2 */
	*d = VOP(unpackhi64)(t1, t3);		/* a3 b3 c3 d3 */
}

/*
 * Words 8h..8h+7 (h = @off / 32) of every block, as eight vertical
 * registers: transpose each group of four, then each block gets 32
 * contiguous bytes from the two groups.
 */
static __always_inline void VOP(nway_out)(u8 *dst, const u8 *src,
					  unsigned int nb, unsigned int off,
					  VEC p0, VEC p1, VEC p2, VEC p3,
					  VEC q0, VEC q1, VEC q2, VEC q3, u8 *ks)
{
	VOP(transpose4)(&p0, &p1, &p2, &p3);
	VOP(transpose4)(&q0, &q1, &q2, &q3);
	VOP(store_chunks)(dst, src, 0, nb, off, p0, q0, ks);
	VOP(store_chunks)(dst, src, 1, nb, off, p1, q1, ks);
	VOP(store_chunks)(dst, src, 2, nb, off, p2, q2, ks);
	VOP(store_chunks)(dst, src, 3, nb, off, p3, q3, ks);
}

/*
 * Vertical: LANES blocks at once, the first @nb of them written
 * (1 <= nb <= LANES) and, with @ks, block @nb's keystream (nb < LANES).
 * Always costs a full LANES blocks of rounds. Not inlined: one copy
 * serves the main loop and the tail, and on its own it gets a clean
 * register allocation.
 */
static noinline __maybe_unused void VOP(nway)(const u32 state[16], u32 done,
					      u8 *dst, const u8 *src,
					      unsigned int nb, u8 *ks)
{
	/* lane i runs block done + i: word 12 is the only one that differs */
	VEC x0 = VOP(set1)(state[0]), x1 = VOP(set1)(state[1]);
	VEC x2 = VOP(set1)(state[2]), x3 = VOP(set1)(state[3]);
	VEC x4 = VOP(set1)(state[4]), x5 = VOP(set1)(state[5]);
	VEC x6 = VOP(set1)(state[6]), x7 = VOP(set1)(state[7]);
	VEC x12 = VOP(ctr)(state, done), x13 = VOP(set1)(state[13]);
	VEC x14 = VOP(set1)(state[14]), x15 = VOP(set1)(state[15]);
	VEC x8, x9, x10, x11;
	VEC cm[CM_SIZE];
	int i;

	cm[CM_C(8)] = VOP(set1)(state[8]);
	cm[CM_C(9)] = VOP(set1)(state[9]);
	cm[CM_C(10)] = VOP(set1)(state[10]);
	cm[CM_C(11)] = VOP(set1)(state[11]);
	cm[CM_ROT16] = VOP(mask)(vgc_rot16_mask);
	cm[CM_ROT8] = VOP(mask)(vgc_rot8_mask);

	/*
	 * Five double rounds a pass: at the loop's back edge the compiler
	 * spills and reloads several words, so have few back edges.
	 */
	for (i = 0; i < 10; i += 5) {
		VOP(vdouble_round)(cm, &x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7,
				   &x12, &x13, &x14, &x15);
		VOP(vdouble_round)(cm, &x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7,
				   &x12, &x13, &x14, &x15);
		VOP(vdouble_round)(cm, &x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7,
				   &x12, &x13, &x14, &x15);
		VOP(vdouble_round)(cm, &x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7,
				   &x12, &x13, &x14, &x15);
		VOP(vdouble_round)(cm, &x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7,
				   &x12, &x13, &x14, &x15);
	}

	/*
	 * Feed-forward. Broadcasting state[] again is one load; the barrier
	 * stops the compiler from keeping the first broadcasts instead, in
	 * sixteen stack slots.
	 */
	vgc_simd_reload();
	x0 = VOP(add)(x0, VOP(set1)(state[0]));
	x1 = VOP(add)(x1, VOP(set1)(state[1]));
	x2 = VOP(add)(x2, VOP(set1)(state[2]));
	x3 = VOP(add)(x3, VOP(set1)(state[3]));
	x4 = VOP(add)(x4, VOP(set1)(state[4]));
	x5 = VOP(add)(x5, VOP(set1)(state[5]));
	x6 = VOP(add)(x6, VOP(set1)(state[6]));
	x7 = VOP(add)(x7, VOP(set1)(state[7]));
	x8 = VOP(add)(cm[CM_C(8)], VOP(set1)(state[8]));
	x9 = VOP(add)(cm[CM_C(9)], VOP(set1)(state[9]));
	x10 = VOP(add)(cm[CM_C(10)], VOP(set1)(state[10]));
	x11 = VOP(add)(cm[CM_C(11)], VOP(set1)(state[11]));
	x12 = VOP(add)(x12, VOP(ctr)(state, done));
	x13 = VOP(add)(x13, VOP(set1)(state[13]));
	x14 = VOP(add)(x14, VOP(set1)(state[14]));
	x15 = VOP(add)(x15, VOP(set1)(state[15]));

	/* a full pass writes every block, without a test per block */
	if (nb == VOP(LANES)) {
		VOP(nway_out)(dst, src, VOP(LANES), 0,
			      x0, x1, x2, x3, x4, x5, x6, x7, NULL);
		VOP(nway_out)(dst, src, VOP(LANES), 32,
			      x8, x9, x10, x11, x12, x13, x14, x15, NULL);
	} else {
		VOP(nway_out)(dst, src, nb, 0,
			      x0, x1, x2, x3, x4, x5, x6, x7, ks);
		VOP(nway_out)(dst, src, nb, 32,
			      x8, x9, x10, x11, x12, x13, x14, x15, ks);
	}
}

#undef VEC
