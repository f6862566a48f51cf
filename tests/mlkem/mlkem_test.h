/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared pieces of the ML-KEM user-space tests: counting, hex, files.
 */
#ifndef VGC_MLKEM_TEST_H
#define VGC_MLKEM_TEST_H

#include <stdio.h>
#include <stdlib.h>

#include "kcompat.h"
#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

struct mt_tally {
	unsigned long passed;
	unsigned long failed;
};

extern struct mt_tally mt_total;
extern const char *mt_vectors;	/* the shared vectors directory */
/* the back end under test: the exported functions run on it */
extern const struct vgc_mlkem_backend *mt_be;

/* Record one test; the first few failures of a suite are printed. */
__printf(4, 5)
bool mt_check(struct mt_tally *t, bool ok, const char *suite,
	      const char *fmt, ...);
/* "suite: N passed, N failed" and add to the total */
void mt_report(const char *suite, struct mt_tally *t);
/* A suite or file that cannot be read: said loudly, one failure in @t. */
void mt_missing(struct mt_tally *t, const char *suite, const char *what);

/* Decode hex into a new buffer (NULL on bad hex); *len gets its size. */
u8 *mt_unhex(const char *hex, size_t *len);
bool mt_unhex_into(u8 *out, size_t len, const char *hex);
/* "<mt_vectors>/<rel>" in a static buffer */
const char *mt_path(const char *rel);
enum vgc_mlkem_set mt_set_from_name(const char *name, bool *ok);

void suite_sha3(void);
/* basemul_row's bound kept with a dk whose ek is not reduced mod q */
void suite_ek_bound(void);
/* each of mt_be's primitives against the portable one */
void suite_equiv(void);
void suite_units(void);
void suite_acvp(void);
void suite_wycheproof(void);
void suite_cctv(void);
void suite_noble(const char *cases);
/* X-Wing: the draft's vectors, noble's cases (NULL: missing), refusals */
void suite_xwing(const char *cases);
void suite_ctgrind(const char *prog);

#endif /* VGC_MLKEM_TEST_H */
