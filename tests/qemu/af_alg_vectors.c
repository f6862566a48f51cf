// SPDX-License-Identifier: GPL-2.0
/*
 * af_alg_vectors - check a kernel ChaCha20-Poly1305 AEAD through AF_ALG
 * against the RFC 8439 test vectors (section 2.8.2 and appendix A.5).
 *
 * usage: af_alg_vectors NAME...
 *   NAME is an algorithm or driver name, e.g. "rfc7539(chacha20,poly1305)"
 *   or "rfc7539esp-chacha20-poly1305-vgcrypto-generic". Names starting with
 *   "rfc7539esp" use the ESP form (RFC 7634): key = 32-byte key || 4-byte
 *   salt, 8-byte IV, and the IV appended to the associated data.
 *
 * For each name and vector: seal (whole and in several sendmsg pieces, so
 * the kernel sees a multi-entry scatterlist), open, and open with one bit
 * flipped in the tag, the ciphertext and the AD, which must fail EBADMSG.
 * Prints "ok - ..." / "not ok - ..." lines; exits 1 if any check failed.
 *
 * Build: gcc -static -O2 -o af_alg_vectors af_alg_vectors.c
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif
#ifndef AF_ALG
#define AF_ALG 38
#endif

#define TAG_LEN 16
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_LEN 512

/* Each field is a NULL-terminated list of pieces, read as one string. */
#define PIECES(...) ((const char *const []){ __VA_ARGS__, NULL })

struct vector {
	const char *what;
	const char *const *key;   /* hex, 32 bytes */
	const char *const *nonce; /* hex, 12 bytes: 4 "salt" bytes || 8 IV bytes */
	const char *const *aad;   /* hex */
	const char *const *pt;    /* text */
	const char *const *ct;    /* hex */
	const char *const *tag;   /* hex, 16 bytes */
};

/* The published RFC 8439 test vectors. */
static const struct vector vectors[] = {
	{
		.what = "RFC 8439 2.8.2",
		.key = PIECES("808182838485868788898a8b8c8d8e8f",
				"909192939495969798999a9b9c9d9e9f"),
		.nonce = PIECES("070000004041424344454647"),
		.aad = PIECES("50515253c0c1c2c3c4c5c6c7"),
		.pt = PIECES("Ladies and Gentlemen of the class of '99: If I could ",
				"offer you only one tip for the future, sunscreen would ",
				"be it."),
		.ct = PIECES("d31a8d34648e60db7b86afbc53ef7ec2",
				"a4aded51296e08fea9e2b5a736ee62d6",
				"3dbea45e8ca9671282fafb69da92728b",
				"1a71de0a9e060b2905d6a5b67ecd3b36",
				"92ddbd7f2d778b8c9803aee328091b58",
				"fab324e4fad675945585808b4831d7bc",
				"3ff4def08e4b7a9de576d26586cec64b",
				"6116"),
		.tag = PIECES("1ae10b594f09e26a7e902ecbd0600691"),
	},
	{
		.what = "RFC 8439 A.5",
		.key = PIECES("1c9240a5eb55d38af333888604f6b5f0",
				"473917c1402b80099dca5cbc207075c0"),
		.nonce = PIECES("000000000102030405060708"),
		.aad = PIECES("f33388860000000000004e91"),
		.pt = PIECES("Internet-Drafts are draft documents valid for a maximum ",
				"of six months and may be updated, replaced, or obsoleted ",
				"by other documents at any time. It is inappropriate to ",
				"use Internet-Drafts as reference material or to cite ",
				"them other than as /\xe2\x80\x9cwork in progress./",
				"\xe2\x80\x9d"),
		.ct = PIECES("64a0861575861af460f062c79be643bd",
				"5e805cfd345cf389f108670ac76c8cb2",
				"4c6cfc18755d43eea09ee94e382d26b0",
				"bdb7b73c321b0100d4f03b7f355894cf",
				"332f830e710b97ce98c8a84abd0b9481",
				"14ad176e008d33bd60f982b1ff37c855",
				"9797a06ef4f0ef61c186324e2b350638",
				"3606907b6a7c02b0f9f6157b53c867e4",
				"b9166c767b804d46a59b5216cde7a4e9",
				"9040c5a40433225ee282a1b0a06c523e",
				"af4534d7f83fa1155b0047718cbc546a",
				"0d072b04b3564eea1b422273f548271a",
				"0bb2316053fa76991955ebd63159434e",
				"cebb4e466dae5a1073a6727627097a10",
				"49e617d91d361094fa68f0ff77987130",
				"305beaba2eda04df997b714d6c6f2c29",
				"a6ad5cb4022b02709b"),
		.tag = PIECES("eead9d67890cbb22392336fea1851f38"),
	},
};

static int n_pass, n_fail;

static void report(int ok, const char *name, const char *what,
		   const char *check, const char *detail)
{
	printf("%s - %s: %s: %s%s%s\n", ok ? "ok" : "not ok", name, what,
	       check, detail ? ": " : "", detail ? detail : "");
	if (ok)
		n_pass++;
	else
		n_fail++;
}

static unsigned char nibble(char c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static size_t unhex(unsigned char *out, const char *const *pieces)
{
	const char *hex;
	size_t n = 0;

	for (; *pieces; pieces++)
		for (hex = *pieces; hex[0] && hex[1]; hex += 2)
			out[n++] = nibble(hex[0]) << 4 | nibble(hex[1]);
	return n;
}

/* The text pieces joined into @out (MAX_LEN bytes); returns the length. */
static size_t join(char *out, const char *const *pieces)
{
	size_t n = 0, l;

	for (; *pieces; pieces++) {
		l = strlen(*pieces);
		if (n + l > MAX_LEN)
			return MAX_LEN + 1;
		memcpy(out + n, *pieces, l);
		n += l;
	}
	return n;
}

/* A bound AF_ALG socket for NAME with KEY set and a 16-byte tag. */
static int tfm_open(const char *name, const unsigned char *key, size_t keylen,
		    const char **err)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "aead" };
	int fd;

	if (strlen(name) >= sizeof(sa.salg_name)) {
		*err = "name too long";
		return -1;
	}
	strcpy((char *)sa.salg_name, name);
	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (fd < 0) {
		*err = "socket(AF_ALG)";
		return -1;
	}
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		*err = "bind";
		goto fail;
	}
	if (setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, keylen) < 0) {
		*err = "ALG_SET_KEY";
		goto fail;
	}
	if (setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, TAG_LEN) < 0) {
		*err = "ALG_SET_AEAD_AUTHSIZE";
		goto fail;
	}
	return fd;
fail:
	close(fd);
	return -1;
}

/*
 * One AEAD operation: send IN (AD || text) in PIECES sendmsg calls, read
 * OUTLEN bytes (AD || result). Returns bytes read or -errno.
 */
static ssize_t aead_op(int tfm, int encrypt, const unsigned char *iv, size_t ivlen,
		       size_t assoclen, const unsigned char *in, size_t inlen,
		       unsigned char *out, size_t outlen, int pieces)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) +
			 CMSG_SPACE(sizeof(struct af_alg_iv) + 16) +
			 CMSG_SPACE(sizeof(uint32_t))];
		struct cmsghdr align;
	} cbuf;
	struct msghdr msg = { 0 };
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	struct iovec iov;
	size_t off = 0, step;
	ssize_t r;
	int op, i, err;

	op = accept(tfm, NULL, 0);
	if (op < 0)
		return -errno;

	memset(&cbuf, 0, sizeof(cbuf));
	msg.msg_control = cbuf.buf;
	msg.msg_controllen = sizeof(cbuf.buf);

	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	*(uint32_t *)CMSG_DATA(c) = encrypt ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;

	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(sizeof(*aiv) + ivlen);
	aiv = (struct af_alg_iv *)CMSG_DATA(c);
	aiv->ivlen = ivlen;
	memcpy(aiv->iv, iv, ivlen);

	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	*(uint32_t *)CMSG_DATA(c) = assoclen;

	/* Uneven pieces: the kernel's scatterlist gets odd boundaries. */
	step = pieces > 1 ? inlen / pieces + 3 : inlen;
	for (i = 0; off < inlen || i == 0; i++) {
		size_t n = inlen - off < step ? inlen - off : step;

		iov.iov_base = (void *)(in + off);
		iov.iov_len = n;
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		r = sendmsg(op, &msg, off + n < inlen ? MSG_MORE : 0);
		if (r != (ssize_t)n) {
			err = r < 0 ? -errno : -EIO;
			close(op);
			return err;
		}
		off += n;
		/* Only the first message carries the control data. */
		msg.msg_control = NULL;
		msg.msg_controllen = 0;
	}

	r = read(op, out, outlen);
	err = r < 0 ? -errno : (int)r;
	close(op);
	return err;
}

static void check_vector(const char *name, const struct vector *v, int esp)
{
	unsigned char key[36], nonce[12], aad[64], ct[MAX_LEN + TAG_LEN];
	unsigned char in[64 + MAX_LEN + TAG_LEN], out[64 + MAX_LEN + TAG_LEN];
	char pt[MAX_LEN];
	size_t keylen, aadlen, len, ivlen, adlen;
	const unsigned char *iv;
	const char *err = NULL;
	char detail[128];
	ssize_t r;
	int tfm, p;

	keylen = unhex(key, v->key);
	unhex(nonce, v->nonce);
	aadlen = unhex(aad, v->aad);
	len = unhex(ct, v->ct);
	unhex(ct + len, v->tag);
	if (len > MAX_LEN || len != join(pt, v->pt)) {
		report(0, name, v->what, "vector", "bad lengths");
		return;
	}

	if (esp) {
		/* Salt = nonce[0..3] goes after the key; IV = nonce[4..11]. */
		memcpy(key + keylen, nonce, 4);
		keylen += 4;
		iv = nonce + 4;
		ivlen = 8;
		/* The ESP convention: the IV is appended to the AD. */
		memcpy(aad + aadlen, iv, 8);
		adlen = aadlen + 8;
	} else {
		iv = nonce;
		ivlen = 12;
		adlen = aadlen;
	}

	tfm = tfm_open(name, key, keylen, &err);
	if (tfm < 0) {
		snprintf(detail, sizeof(detail), "%s: %s", err, strerror(errno));
		report(0, name, v->what, "setup", detail);
		return;
	}

	/* Seal: out = AD || ciphertext || tag. */
	memcpy(in, aad, adlen);
	memcpy(in + adlen, pt, len);
	for (p = 1; p <= 3; p += 2) {
		memset(out, 0, sizeof(out));
		r = aead_op(tfm, 1, iv, ivlen, adlen, in, adlen + len, out,
			    adlen + len + TAG_LEN, p);
		if (r < 0)
			snprintf(detail, sizeof(detail), "%s", strerror((int)-r));
		else if (r != (ssize_t)(adlen + len + TAG_LEN))
			snprintf(detail, sizeof(detail), "read %zd bytes", r);
		else if (memcmp(out + adlen, ct, len))
			snprintf(detail, sizeof(detail), "wrong ciphertext");
		else if (memcmp(out + adlen + len, ct + len, TAG_LEN))
			snprintf(detail, sizeof(detail), "wrong tag");
		else
			detail[0] = 0;
		report(!detail[0], name, v->what,
		       p == 1 ? "seal" : "seal, input in 3 pieces",
		       detail[0] ? detail : NULL);
	}

	/* Open: in = AD || ciphertext || tag, out = AD || plaintext. */
	memcpy(in + adlen, ct, len + TAG_LEN);
	memset(out, 0, sizeof(out));
	r = aead_op(tfm, 0, iv, ivlen, adlen, in, adlen + len + TAG_LEN, out,
		    adlen + len, 1);
	if (r < 0)
		snprintf(detail, sizeof(detail), "%s", strerror((int)-r));
	else if (r != (ssize_t)(adlen + len))
		snprintf(detail, sizeof(detail), "read %zd bytes", r);
	else if (memcmp(out + adlen, pt, len))
		snprintf(detail, sizeof(detail), "wrong plaintext");
	else
		detail[0] = 0;
	report(!detail[0], name, v->what, "open", detail[0] ? detail : NULL);

	/* Forgeries: one flipped bit in the tag, the ciphertext, the AD. */
	static const struct {
		const char *what;
		int where; /* 0 tag, 1 ciphertext, 2 AD */
	} flips[] = {
		{ "open rejects a flipped tag bit", 0 },
		{ "open rejects a flipped ciphertext bit", 1 },
		{ "open rejects a flipped AD bit", 2 },
	};
	for (size_t f = 0; f < ARRAY_SIZE(flips); f++) {
		size_t at = flips[f].where == 0 ? adlen + len + 5 :
			    flips[f].where == 1 ? adlen + len / 2 : 1;

		memcpy(in + adlen, ct, len + TAG_LEN);
		in[at] ^= 0x10;
		r = aead_op(tfm, 0, iv, ivlen, adlen, in,
			    adlen + len + TAG_LEN, out, adlen + len, 1);
		in[at] ^= 0x10;
		if (r == -EBADMSG)
			detail[0] = 0;
		else if (r < 0)
			snprintf(detail, sizeof(detail), "got %s, want EBADMSG",
				 strerror((int)-r));
		else
			snprintf(detail, sizeof(detail),
				 "accepted (read %zd bytes)", r);
		report(!detail[0], name, v->what, flips[f].what,
		       detail[0] ? detail : NULL);
	}
	close(tfm);
}

int main(int argc, char **argv)
{
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s NAME...\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < argc; i++) {
		int esp = strncmp(argv[i], "rfc7539esp", 10) == 0;

		for (size_t v = 0; v < ARRAY_SIZE(vectors); v++)
			check_vector(argv[i], &vectors[v], esp);
	}
	printf("af_alg_vectors: %d passed, %d failed\n", n_pass, n_fail);
	return n_fail ? 1 : 0;
}
