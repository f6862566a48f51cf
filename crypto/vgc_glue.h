/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What crypto/main.c calls in each algorithm family's registration code
 * (chacha20poly1305_glue.c, mlkem_glue.c, aead_guard.c), and what those
 * share with each other.
 */
#ifndef VGC_GLUE_H
#define VGC_GLUE_H

#include <linux/kconfig.h>
#include <linux/scatterlist.h>
#include <linux/types.h>

#include "vgc_base.h"

/*
 * Each family: prepare picks its back ends and fills its driver
 * descriptions (returns how many back ends), register registers them all
 * (or none: 0 or an error), unregister undoes that.
 */
unsigned int vgc_aead_prepare(void);
/* known-answer check of every chosen AEAD back end, before registering */
int vgc_aead_selftest(void);
/* after the guard's consent (below); 0 also when it withheld them */
int vgc_aead_register(void);
void vgc_aead_unregister(void);

struct vgc_cp_backend;
struct vgc_cp_req;
struct aead_request;
/*
 * The guard at load (crypto/aead_guard.c, the aead= parameter): whether
 * the drivers of back end @be may be registered, after timing it against
 * the kernel's own rfc7539(chacha20,poly1305). Logs one line and sets
 * the aead_decision parameter.
 */
bool vgc_aead_guard(const struct vgc_cp_backend *be);
/* the same as aead=auto, whatever aead= says */
bool vgc_aead_guard_timed(const struct vgc_cp_backend *be);
/*
 * One rfc7539 request on back end @be with key @key and request state
 * @r, as its driver runs it, over @req's scatterlists, lengths, IV and
 * flags (@req may belong to another tfm): what the guard times.
 */
int vgc_aead_run_on(const struct vgc_cp_backend *be, const u8 *key,
		    struct vgc_cp_req *r, struct aead_request *req, bool seal);

/*
 * The first back end of the AEAD's list that this CPU can run and the
 * backends= parameter allows (the portable one if none), whether or not
 * the guard let its drivers register: the library exports'
 * (crypto/aead_lib.c).
 */
const struct vgc_cp_backend *vgc_aead_best_backend(void);

/*
 * The AEAD's per-CPU state (crypto/aead_lib.c): the library calls' slots
 * and the opens' buffers. 0 or -ENOMEM.
 */
int vgc_aead_lib_init(void);
void vgc_aead_lib_exit(void);
/*
 * This CPU's open buffer for the running context (VGC_CP_OPEN_ROOM
 * bytes; task or interrupt), for a request on a vector back end: only
 * between vgc_cp_open_buf_begin() and vgc_cp_open_buf_end() (or
 * _release()), inside the request's SIMD section and with preemption
 * disabled by the caller throughout (see crypto/aead_lib.c).
 */
u8 *vgc_open_buf(void);

/*
 * kmap_atomic() mappings (SG_MITER_ATOMIC) are how 6.1 maps pages for
 * code that may run in softirq context; later kernels (6.9) added
 * kmap_local() mappings through SG_MITER_LOCAL and deprecated the atomic
 * form. Either way the mappings are released in reverse order.
 */
#ifdef SG_MITER_LOCAL
#define VGC_MITER_MAP	SG_MITER_LOCAL
#else
#define VGC_MITER_MAP	SG_MITER_ATOMIC
#endif

/* what a walk over the text does with each piece */
enum vgc_pass { VGC_SEAL, VGC_AUTH, VGC_AUTH_COPY, VGC_DECRYPT };

/*
 * Where a walk over the text stops, with nothing mapped, every
 * VGC_YIELD_BYTES of it (the pieces are cut there): @stop gets the
 * request and returns the one to go on with, which may be stored
 * elsewhere (the library calls' moves to another CPU's slot).
 */
#define VGC_YIELD_BYTES	4096

struct vgc_yield {
	struct vgc_cp_req *(*stop)(struct vgc_yield *y, struct vgc_cp_req *r);
};

/* the crypto API's, for requests that may sleep: cond_resched() */
extern struct vgc_yield vgc_yield_sleep;

struct scatterlist;
/*
 * @len bytes of text at offset @skip of @src (and of @dst, NULL for
 * VGC_AUTH, which only reads; @dst == @src in place) through the AEAD
 * core @r, mapped piece by piece; with @y (else NULL), a stop every
 * VGC_YIELD_BYTES. False if the lists are shorter than @skip + @len.
 */
bool vgc_walk_text(struct vgc_cp_req *r, struct scatterlist *src,
		   struct scatterlist *dst, unsigned int skip,
		   unsigned int len, enum vgc_pass pass, struct vgc_yield *y);

#if VGC_TEST_HOOKS
struct aead_request;
/*
 * Test builds only: @hook (NULL: none) runs in every AEAD open between its
 * pass that authenticates and its pass that decrypts.
 */
void vgc_aead_set_test_hook(void (*hook)(struct aead_request *req));
/*
 * The guard's requests on one side (@ours or the kernel's) and direction
 * return @err (0: as they are), and what the guard last decided (the
 * aead_decision parameter)
 */
void vgc_aead_guard_set_fault(bool ours, bool seal, int err);
const char *vgc_aead_guard_decision(void);
/* @hook (NULL: none) runs in every window of a library call (preemptible) */
void vgc_lib_set_test_hook(void (*hook)(void));
/* the test_long parameter: 0 skips the KUnit cases long under emulation */
bool vgc_test_long(void);
#endif

unsigned int vgc_mlkem_prepare(void);
/* known-answer check of every chosen ML-KEM back end, before registering */
int vgc_mlkem_selftest(void);
int vgc_mlkem_register(void);
void vgc_mlkem_unregister(void);

#endif /* VGC_GLUE_H */
