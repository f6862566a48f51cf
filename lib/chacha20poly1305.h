/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One-pass ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8) over data that
 * arrives in segments of any length, and the interface its back ends fill.
 */
#ifndef VGC_CHACHA20POLY1305_H
#define VGC_CHACHA20POLY1305_H

#include "chacha20.h"
#include "poly1305.h"
#include "simd_save.h"

#define VGC_CP_KEY_SIZE		32
#define VGC_CP_NONCE_SIZE	12
#define VGC_CP_TAG_SIZE		16

/*
 * Most text one SIMD section may cover, so that preemption (which a
 * section disables) is not held off long: see VGC_SIMD_BUDGET.
 */
#define VGC_SIMD_CHUNK		4096

/*
 * What a SIMD section may cover, in units of one byte through one of the
 * two algorithms: sealing a byte of text costs 2 (ChaCha20 and
 * Poly1305), each of an open's two passes 1, a byte of AD 1, the key
 * block made at the start 64 (the text's blocks made with it count as
 * text). Twice VGC_SIMD_CHUNK and room for that block and an AD of up to
 * 192 bytes: a request of up to 4 KiB of text with the AD of TLS or ESP
 * is one section, sealed or opened.
 */
#define VGC_SIMD_BUDGET		(2 * VGC_SIMD_CHUNK + 256)

/*
 * The first statement of every C function built with vector flags. In
 * the harness's test builds (-DVGC_SIMD_CHECK) it checks that a SIMD
 * section is open (tests/harness/kcompat.h); in the module it is nothing.
 * Assembly entry points have their own form of it.
 */
#ifdef VGC_SIMD_CHECK
#define VGC_SIMD_ENTRY()	vgc_simd_check(__func__)
#else
#define VGC_SIMD_ENTRY()	do { } while (0)
#endif

/*
 * A back end: the only code that differs between the portable, AVX2,
 * AVX-512 and NEON drivers. The core never looks inside the state beyond
 * the documented layouts.
 */
struct vgc_cp_backend {
	const char *name;	/* the suffix of the driver names */
	int priority;		/* crypto API priority of its drivers */
	/*
	 * Can this CPU (and kernel) run it? If not, *why says what is
	 * missing, for the log. NULL: it runs everywhere.
	 */
	bool (*usable)(const char **why);

	/* XOR @nblocks 64-byte keystream blocks into src; state[12] advances */
	void (*chacha_xor)(u32 state[16], u8 *dst, const u8 *src,
			   unsigned int nblocks);
	/*
	 * The same, then block @nblocks's keystream into @ks, in one pass
	 * (state[12] advances by @nblocks + 1): a text's partial last block
	 * rides along with the whole ones.
	 */
	void (*chacha_xor_ks)(u32 state[16], u8 *dst, const u8 *src,
			      unsigned int nblocks, u8 ks[64]);
	/*
	 * Optional: one keystream block into @ks (state[12] advances), in
	 * general registers only, callable outside a SIMD section: the
	 * Poly1305 key of a text the vector code takes in whole passes,
	 * where one block alone is bound by latency. NULL: chacha_xor.
	 */
	void (*chacha_block)(u32 state[16], u8 ks[64]);
	/* absorb @nblocks full 16-byte blocks (each with its 2^128 bit) */
	void (*poly_blocks)(struct vgc_poly1305 *p, const u8 *src,
			    unsigned int nblocks);
	/*
	 * For back ends that keep h in vector lanes across calls (see struct
	 * vgc_poly1305): fold them back into h. NULL: h is always current.
	 */
	void (*poly_flush)(struct vgc_poly1305 *p);
	/*
	 * Optional, for sealing: @npasses (at least 2) passes of seal_pass
	 * bytes in one call: dst = src XOR keystream (state[12] advances),
	 * and Poly1305 over the ciphertext of every pass but the last, each
	 * absorbed while the next is made; p->h current on entry (after
	 * poly_flush). The last pass's ciphertext is the caller's to absorb.
	 */
	void (*seal_passes)(u32 state[16], struct vgc_poly1305 *p, u8 *dst,
			    const u8 *src, unsigned int npasses);
	/*
	 * Optional, for opening: passes of seal_pass bytes over @len (at
	 * least 1) rounded up to a whole pass, which src and dst must have
	 * room for: Poly1305 over the whole 16-byte blocks of the first
	 * @len bytes of src (the ciphertext) while their keystream is
	 * made, then dst = src XOR keystream over every pass (state[12]
	 * advances); dst may equal src. p->h current on entry (after
	 * poly_flush), and on return.
	 */
	void (*open_passes)(u32 state[16], struct vgc_poly1305 *p, u8 *dst,
			    const u8 *src, unsigned int len);
	unsigned int seal_pass;
	/*
	 * For back ends that use vector registers: open and close a SIMD
	 * section (kernel_fpu_begin/end, kernel_neon_begin/end). Every call
	 * of the functions above happens inside one, and a section covers
	 * at most VGC_SIMD_BUDGET. NULL for scalar back ends, which may run
	 * where SIMD is not usable. @save: the section owner's area (see
	 * lib/simd_save.h), the same for begin and end.
	 */
	void (*simd_begin)(struct vgc_simd_save *save);
	void (*simd_end)(struct vgc_simd_save *save);
};

extern const struct vgc_cp_backend vgc_cp_backend_generic;

/*
 * Every back end of this build, fastest first, the portable one last,
 * NULL-terminated: registration, the KUnit suites and the user-space
 * harness all walk this one list (arch/<arch>/backends.c, or
 * lib/backends_portable.c where the module has no code for the
 * architecture).
 */
extern const struct vgc_cp_backend *const vgc_cp_backends[];

/*
 * Overwrite the stack a C function has just used: called right after it
 * by the same caller, this function's frame lies where that one's did,
 * so whatever the compiler spilled there (key words, keystream, r) is
 * gone. For the back ends written in C; the assembly ones wipe their own.
 */
void vgc_burn_stack(void);

/*
 * Keystream made ahead: the text's first blocks with the Poly1305 key, in
 * one back-end call (all of a text of up to 4 blocks, so that a short
 * message makes one ChaCha20 call; else the first four, or none where the
 * back end has chacha_block), and a text's
 * last partial block with the whole blocks before it (chacha_xor_ks).
 */
#define VGC_CP_KS_TEXT_BLOCKS	4
#define VGC_CP_KS_BLOCKS	(1 + VGC_CP_KS_TEXT_BLOCKS)

/*
 * The state of one request (the module's driver keeps it in the crypto
 * API's request, the user-space one-shots on their stack). Every way out of a
 * request wipes what is secret in it (the ChaCha20 state, the keystream
 * made ahead and the Poly1305 state): vgc_cp_seal_final(), a
 * vgc_cp_verify() that refuses, vgc_cp_end().
 */
struct vgc_cp_req {
	/* secret, and together: one wipe */
	u32 chacha[16];
	u8 ks[VGC_CP_KS_BLOCKS * VGC_CHACHA_BLOCK_SIZE];
	struct vgc_poly1305 poly;		/* wiped when the tag is made */
	u8 pbuf[VGC_POLY1305_BLOCK_SIZE];	/* an incomplete Poly1305 block */
	u64 adlen;
	u64 textlen;			/* text sealed, or authenticated */
	u64 decrypted;			/* text of an open decrypted so far */
	unsigned int ks_pos;		/* unused keystream: ks[ks_pos..] */
	unsigned int ks_avail;		/* how many bytes of it */
	unsigned int pbuf_len;
	unsigned int simd_room;		/* what the open section may still cover */
	unsigned int open_span;		/* what an open used of its buffer */
	bool in_simd;			/* a SIMD section is open */
	bool in_text;
	bool tagged;			/* the Poly1305 state is wiped */
	const struct vgc_cp_backend *be;
	struct vgc_simd_save simd_save;	/* the open section's (arm64 6.19+) */
};

/*
 * Sealing:  init, ad*, seal_update*, seal_final.
 * Opening:  init, ad*, auth_update* (the ciphertext), verify, and only if
 *           verify returned 0: decrypt_update* (the same ciphertext again),
 *           end. A refused open has written nothing.
 *           Out of place, where src may change while the request runs (it
 *           may be pages someone else can write): auth_copy_update*
 *           (copy the ciphertext into dst and authenticate it there),
 *           verify, and decrypt_update* in place on dst: what is decrypted
 *           is exactly what was authenticated. A refused open has written
 *           the ciphertext to dst, never plaintext.
 * Text and AD come in segments of any length, in order; dst may equal
 * src. A vector back end's SIMD section stays open from init to the end
 * of the request, closed and reopened every VGC_SIMD_BUDGET: between the
 * calls the caller must not sleep. vgc_cp_end() also abandons a request
 * at any point (closing its section and wiping it).
 */
/*
 * @textlen: the length of the text to come, if the caller knows it (how
 * much keystream is made ahead depends on it; any length may follow).
 */
void vgc_cp_init(struct vgc_cp_req *r, const struct vgc_cp_backend *be,
		 const u8 key[VGC_CP_KEY_SIZE], const u8 nonce[VGC_CP_NONCE_SIZE],
		 size_t textlen);
void vgc_cp_ad(struct vgc_cp_req *r, const u8 *ad, size_t len);
void vgc_cp_seal_update(struct vgc_cp_req *r, u8 *dst, const u8 *src, size_t len);
/* The tag of what was sealed; wipes @r. */
void vgc_cp_seal_final(struct vgc_cp_req *r, u8 tag[VGC_CP_TAG_SIZE]);
void vgc_cp_auth_update(struct vgc_cp_req *r, const u8 *src, size_t len);
void vgc_cp_auth_copy_update(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			     size_t len);
/*
 * Compare the tag of what was authenticated with @tag in constant time:
 * 0, and the request goes on to decrypt; or -EBADMSG, and @r is wiped.
 */
int vgc_cp_verify(struct vgc_cp_req *r, const u8 tag[VGC_CP_TAG_SIZE]);
void vgc_cp_decrypt_update(struct vgc_cp_req *r, u8 *dst, const u8 *src,
			   size_t len);
/*
 * Opening through a buffer of the caller's that no one else can see or
 * write (the module's: one per CPU, used only inside a SIMD section, as
 * such sections do not nest), on a back end with open_passes, for a text
 * of up to VGC_CP_OPEN_BUF bytes: init, ad*, open_buf_begin (a section
 * with room for the whole text), the ciphertext copied into @buf (the
 * only read of src), open_buf, and if it returned 0, @buf (the
 * plaintext) copied to dst, then open_buf_end. Poly1305 and the
 * keystream go over @buf in one stitched pass; dst is written only with
 * what was authenticated, and a refused open leaves dst as it was (and
 * wipes @buf). The caller does not leave the section (no pause, no
 * sleep) from begin to end: the buffer is its own only inside it. The
 * stitched passes run over whole passes of the buffer, which has room
 * for a text of VGC_CP_OPEN_BUF bytes and one pass more (passes are at
 * most VGC_CP_MAX_PASS bytes): what lies beyond the text in the last
 * one is made keystream of, never absorbed, and wiped.
 */
#define VGC_CP_OPEN_BUF		VGC_SIMD_CHUNK
#define VGC_CP_MAX_PASS		512
#define VGC_CP_OPEN_ROOM	(VGC_CP_OPEN_BUF + VGC_CP_MAX_PASS)

static inline bool vgc_cp_open_buffered(const struct vgc_cp_backend *be,
					size_t textlen)
{
	return be->open_passes && be->simd_begin && textlen <= VGC_CP_OPEN_BUF;
}

/* the same for a longer text, through open_buf_tail (below) */
static inline bool vgc_cp_open_buffered_tail(const struct vgc_cp_backend *be,
					     size_t textlen)
{
	return be->open_passes && be->simd_begin && textlen > VGC_CP_OPEN_BUF;
}

void vgc_cp_open_buf_begin(struct vgc_cp_req *r, size_t len);
/*
 * Authenticate and decrypt the @len bytes of ciphertext in @buf, in
 * place: 0, @buf holds the plaintext; or -EBADMSG, @buf is wiped and @r
 * ended.
 */
int vgc_cp_open_buf(struct vgc_cp_req *r, u8 *buf, size_t len,
		    const u8 tag[VGC_CP_TAG_SIZE]);
/* wipe what the open used of @buf, end @r (and its section) */
void vgc_cp_open_buf_end(struct vgc_cp_req *r, u8 *buf);
/*
 * A longer text, on the same back ends: its first part (a multiple of
 * 64 bytes, at most VGC_CP_OPEN_BUF short of the whole) authenticated as
 * ever (auth_update*, or auth_copy_update* into dst), then open_buf_begin
 * and the last part copied into @buf, open_buf_tail (the verdict; as
 * open_buf, -EBADMSG wipes @buf and ends @r), the last part's plaintext
 * copied to dst, open_buf_release (@buf wiped, the section closed), and
 * decrypt_update* over the first part, then end. A refused open has
 * written no plaintext: at most the first part's ciphertext, into dst.
 */
int vgc_cp_open_buf_tail(struct vgc_cp_req *r, u8 *buf, size_t len,
			 const u8 tag[VGC_CP_TAG_SIZE]);
void vgc_cp_open_buf_release(struct vgc_cp_req *r, u8 *buf);

/* where a text of @textlen bytes splits for open_buf_tail: its first part */
static inline size_t vgc_cp_open_head(size_t textlen)
{
	return (textlen - VGC_CP_OPEN_BUF + VGC_CHACHA_BLOCK_SIZE - 1) &
	       ~(size_t)(VGC_CHACHA_BLOCK_SIZE - 1);
}

/*
 * Close the request's SIMD section, if one is open, so that the caller
 * may sleep before its next call (which opens a new one): where a request
 * is allowed to sleep, a long one yields the CPU between pieces.
 */
void vgc_cp_pause(struct vgc_cp_req *r);
void vgc_cp_end(struct vgc_cp_req *r);

/*
 * What a request needs to go on from a point in its text, without the
 * vector Poly1305's lanes and powers (which the back end makes again):
 * small enough for a caller's stack, where the whole request (over 1 KiB)
 * is not. The library calls keep their request in a per-CPU slot, which
 * they must give up to let the task be preempted; this is what they keep
 * meanwhile. All of it is secret but the lengths.
 */
struct vgc_cp_resume {
	u32 chacha[16];
	u64 h[3];
	u64 r[2];
	u64 s[2];
	u64 adlen;
	u64 textlen;
	u64 decrypted;
	bool in_text;
	bool tagged;
	const struct vgc_cp_backend *be;
};

/*
 * Move @r's state into @s (closing its section, wiping @r), where the
 * text has begun and no keystream or Poly1305 block is half used (after
 * a multiple of 64 bytes of text, sealed, authenticated or decrypted):
 * true. Elsewhere false, and @r goes on as it was.
 */
bool vgc_cp_suspend(struct vgc_cp_req *r, struct vgc_cp_resume *s);
/* @r (any request's storage) goes on from @s, which is wiped */
void vgc_cp_resume(struct vgc_cp_req *r, struct vgc_cp_resume *s);

#endif /* VGC_CHACHA20POLY1305_H */
