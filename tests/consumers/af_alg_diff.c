// SPDX-License-Identifier: GPL-2.0
/*
 * af_alg_diff - random differential test of a kernel ChaCha20-Poly1305 AEAD
 * (rfc7539 or rfc7539esp) through AF_ALG against OpenSSL's libcrypto.
 *
 * usage: af_alg_diff [-n CASES] [-s SEED] [-u] NAME...
 *   NAME   algorithm or driver name; names starting with "rfc7539esp" use
 *          the ESP form (36-byte key = key || salt, 8-byte IV, and the
 *          IV's copy at the end of the associated data, not authenticated)
 *   -n     cases per name (default 10000)
 *   -s     seed of the case generator (default 1); the same seed gives
 *          the same cases
 *   -v     print every case from this case number on
 *   -u     also require that a refused open wrote nothing where the
 *          plaintext would have been (vgcrypto's promise). AF_ALG itself
 *          copies AD || ciphertext into the receive buffer (filled with a
 *          pattern first) before the driver runs, in place, so that area
 *          must hold the ciphertext sent, or still the pattern where a
 *          kernel does not copy, or (out of place, a stitching back end's
 *          text over 4 KiB) the ciphertext up to a point and the pattern
 *          after it: not zeros (the old vgcrypto wiped it), not plaintext
 *          (the kernel's own template leaves the unverified plaintext
 *          there).
 *
 * Each case draws a key, nonce, AD length (0..64, sometimes up to 600),
 * text length (3/8 under 80 bytes, 1/4 under 1500, 11/32 under 17,000,
 * 1/32 up to 65,000) and one of:
 *   seal       the output must equal AD || OpenSSL's ciphertext || tag
 *   open       OpenSSL's sealed message must open to the plaintext
 *   forgery    one bit flipped in AD, ciphertext or tag: EBADMSG
 * and one way of handing the message to the kernel:
 *   out of place  one or several sendmsg() pieces (the kernel copies them
 *                 into its own pages), or a mix of sendmsg() and splice()
 *                 pieces, read into a separate buffer;
 *   in place      the message is vmsplice()d and splice()d from a buffer
 *                 and read back into the same buffer, so the driver gets
 *                 source and destination scatterlists over the same pages.
 * The output is read with one to three iovecs. Every failure prints the
 * case number, its parameters and the first differing byte.
 *
 * Prints one "ok"/"not ok" line per name and mode with the counts, and
 * "af_alg_diff: N passed, N failed" (one per case).
 *
 * vgc-ldlibs: -lcrypto
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <openssl/evp.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* As the kernel has it */
typedef unsigned long long u64;

#define TAG_LEN		16
#define MAX_AD		600
#define MAX_TEXT	65000
#define BUF_LEN		(MAX_AD + MAX_TEXT + TAG_LEN + 64)
#define KEY_EVERY	8	/* cases per key (a new key needs a new accept) */

enum op { SEAL, OPEN, FORGE, N_OPS };
enum how { SENDMSG_ONE, SENDMSG_PIECES, MIXED, IN_PLACE, N_HOWS };

static const char *const op_names[N_OPS] = { "seal", "open", "forgery" };
static const char *const how_names[N_HOWS] = {
	"one sendmsg", "sendmsg pieces", "sendmsg+splice pieces",
	"in place (splice, read into the same pages)"
};

static u64 rng_state;

static u64 rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static size_t rnd_below(size_t n)
{
	return n ? rnd() % n : 0;
}

static void rnd_fill(unsigned char *p, size_t n)
{
	while (n--)
		*p++ = rnd() >> 56;
}

static int pipefd[2];
static int n_pass, n_fail;
/* refused opens (with -u): the area held the ciphertext sent, or the pattern */
static unsigned long n_refused_ct, n_refused_pattern;
static unsigned long verbose_from = ~0UL;

struct vcase {
	unsigned long no;
	int esp, op, how;
	unsigned char key[36], iv[12];
	size_t keylen, ivlen;
	size_t adlen;		/* assoclen as the kernel sees it */
	size_t authad;		/* bytes of it that are authenticated */
	size_t textlen;		/* plaintext length */
	size_t flip;		/* forgery: byte index in the message */
};

/*
 * OpenSSL's seal of @pt under the case's key and nonce, authenticating the
 * first c->authad bytes of @ad: writes ciphertext || tag to @out.
 */
static int ossl_seal(const struct vcase *c, const unsigned char *ad,
		     const unsigned char *pt, unsigned char *out)
{
	unsigned char nonce[12];
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	int l, ok = !!x;

	if (c->esp) {
		memcpy(nonce, c->key + 32, 4);
		memcpy(nonce + 4, c->iv, 8);
	} else {
		memcpy(nonce, c->iv, 12);
	}
	ok = ok && EVP_EncryptInit_ex(x, EVP_chacha20_poly1305(), NULL, NULL, NULL);
	ok = ok && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL);
	ok = ok && EVP_EncryptInit_ex(x, NULL, NULL, c->key, nonce);
	ok = ok && (c->authad == 0 ||
		    EVP_EncryptUpdate(x, NULL, &l, ad, (int)c->authad));
	ok = ok && (c->textlen == 0 ||
		    EVP_EncryptUpdate(x, out, &l, pt, (int)c->textlen));
	ok = ok && EVP_EncryptFinal_ex(x, out + c->textlen, &l);
	ok = ok && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, TAG_LEN,
				       out + c->textlen);
	EVP_CIPHER_CTX_free(x);
	return ok ? 0 : -1;
}

/* A bound AF_ALG aead socket for @name with @key and a 16-byte tag. */
static int tfm_open(const char *name, const unsigned char *key, size_t keylen)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "aead" };
	int fd;

	if (strlen(name) >= sizeof(sa.salg_name)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy((char *)sa.salg_name, name);
	fd = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, keylen) < 0 ||
	    setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, TAG_LEN) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Operation, IV and assoclen, with no data and MSG_MORE. */
static int send_control(int op, const struct vcase *c, int encrypt)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) * 2 +
			 CMSG_SPACE(sizeof(struct af_alg_iv) + 12)];
		struct cmsghdr align;
	} cbuf;
	struct msghdr msg = { 0 };
	struct af_alg_iv *aiv;
	struct cmsghdr *h;

	memset(&cbuf, 0, sizeof(cbuf));
	msg.msg_control = cbuf.buf;
	msg.msg_controllen = sizeof(cbuf.buf);
	h = CMSG_FIRSTHDR(&msg);
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = ALG_SET_OP;
	h->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	*(uint32_t *)CMSG_DATA(h) = encrypt ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	h = CMSG_NXTHDR(&msg, h);
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = ALG_SET_IV;
	h->cmsg_len = CMSG_LEN(sizeof(*aiv) + c->ivlen);
	aiv = (struct af_alg_iv *)CMSG_DATA(h);
	aiv->ivlen = c->ivlen;
	memcpy(aiv->iv, c->iv, c->ivlen);
	h = CMSG_NXTHDR(&msg, h);
	h->cmsg_level = SOL_ALG;
	h->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	h->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	*(uint32_t *)CMSG_DATA(h) = c->adlen;
	return sendmsg(op, &msg, MSG_MORE) == 0 ? 0 : -1;
}

/* Move @n bytes at @p into the socket through the pipe (no copy). */
static int splice_piece(int op, unsigned char *p, size_t n)
{
	while (n) {
		struct iovec iov = { .iov_base = p, .iov_len = n };
		ssize_t in, out;

		in = vmsplice(pipefd[1], &iov, 1, 0);
		if (in <= 0)
			return -1;
		p += in;
		n -= in;
		/*
		 * Always "more": a splice() the socket takes only part of
		 * would otherwise end the message early. The caller ends it
		 * with a send() of no bytes.
		 */
		while (in) {
			out = splice(pipefd[0], NULL, op, NULL, in, SPLICE_F_MORE);
			if (out <= 0)
				return -1;
			in -= out;
		}
	}
	return 0;
}

/*
 * Hand @len bytes at @in to the op socket the case's way: returns 0 or -1
 * with errno set.
 */
static int send_data(int op, const struct vcase *c, unsigned char *in, size_t len)
{
	size_t off = 0, n;
	int pieces, i, splice_it;

	switch (c->how) {
	case SENDMSG_ONE:
		pieces = 1;
		break;
	case IN_PLACE:
		pieces = 1 + rnd_below(3);
		break;
	default:
		pieces = 2 + rnd_below(4);
		break;
	}
	for (i = 0; i < pieces; i++) {
		int last = i == pieces - 1;

		n = last ? len - off : rnd_below(len - off + 1);
		splice_it = c->how == IN_PLACE || (c->how == MIXED && (i & 1));
		if (splice_it && n) {
			if (splice_piece(op, in + off, n) < 0 ||
			    (last && send(op, in, 0, 0) != 0))
				return -1;
		} else if (n || last) {
			if (send(op, in + off, n, last ? 0 : MSG_MORE) != (ssize_t)n)
				return -1;
		}
		off += n;
	}
	return 0;
}

/* Read up to @len bytes into @out with one to three iovecs. */
static ssize_t read_result(int op, unsigned char *out, size_t len)
{
	struct iovec iov[3];
	struct msghdr msg = { .msg_iov = iov };
	size_t off = 0;
	int n = 1 + rnd_below(3), i;

	for (i = 0; i < n; i++) {
		size_t l = i == n - 1 ? len - off : rnd_below(len - off + 1);

		iov[i].iov_base = out + off;
		iov[i].iov_len = l;
		off += l;
	}
	msg.msg_iovlen = n;
	return recvmsg(op, &msg, 0);
}

static void report_case(const char *name, const struct vcase *c, const char *what,
			const unsigned char *got, const unsigned char *want, size_t n)
{
	size_t i = 0;

	n_fail++;
	if (got && want)
		while (i < n && got[i] == want[i])
			i++;
	printf("# %s case %lu (%s, %s, ad %zu, text %zu): %s (errno: %s)", name, c->no,
	       op_names[c->op], how_names[c->how], c->adlen, c->textlen, what,
	       strerror(errno));
	if (got && want)
		printf(": byte %zu is %02x, want %02x", i, got[i], want[i]);
	printf("\n");
}

struct tally {
	unsigned long pass[N_OPS][N_HOWS], fail[N_OPS][N_HOWS];
};

static unsigned char msgbuf[BUF_LEN], outbuf[BUF_LEN], want[BUF_LEN];
static unsigned char pt[BUF_LEN], sealed[BUF_LEN];

/* One case on the op socket @op; returns 1 if it passed. */
static int run_case(const char *name, int op, struct vcase *c, int unchanged_check)
{
	size_t inlen, outlen, i;
	unsigned char *in, *out;
	ssize_t r;

	/* The AD: random, the ESP IV copy at its end (not authenticated). */
	rnd_fill(msgbuf, c->adlen);
	if (c->esp)
		memcpy(msgbuf + c->authad, c->iv, 8);
	rnd_fill(pt, c->textlen);
	if (ossl_seal(c, msgbuf, pt, sealed) < 0) {
		report_case(name, c, "OpenSSL failed", NULL, NULL, 0);
		return 0;
	}
	memcpy(want, msgbuf, c->adlen);
	if (c->op == SEAL) {
		memcpy(msgbuf + c->adlen, pt, c->textlen);
		inlen = c->adlen + c->textlen;
		outlen = inlen + TAG_LEN;
		memcpy(want + c->adlen, sealed, c->textlen + TAG_LEN);
	} else {
		memcpy(msgbuf + c->adlen, sealed, c->textlen + TAG_LEN);
		inlen = c->adlen + c->textlen + TAG_LEN;
		outlen = inlen - TAG_LEN;
		memcpy(want + c->adlen, pt, c->textlen);
		if (c->op == FORGE) {
			/* Anywhere but the ESP IV copy, which is not authenticated. */
			do {
				c->flip = rnd_below(inlen);
			} while (c->flip >= c->authad && c->flip < c->adlen);
			msgbuf[c->flip] ^= 1 << rnd_below(8);
		}
	}

	if (c->how == IN_PLACE) {
		in = msgbuf;
		out = msgbuf;
	} else {
		in = msgbuf;
		out = outbuf;
		memset(outbuf, 0xa5, outlen);
	}
	if (send_control(op, c, c->op == SEAL) < 0) {
		report_case(name, c, "sending the control message", NULL, NULL, 0);
		return 0;
	}
	if (send_data(op, c, in, inlen) < 0) {
		report_case(name, c, "sending the message", NULL, NULL, 0);
		return 0;
	}
	r = read_result(op, out, outlen);
	if (c->no >= verbose_from)
		printf("# case %lu: %s, %s, ad %zu, text %zu, in %zu, out %zu: read %zd (%s)\n",
		       c->no, op_names[c->op], how_names[c->how], c->adlen, c->textlen,
		       inlen, outlen, r, r < 0 ? strerror(errno) : "");
	if (c->op == FORGE) {
		if (r >= 0 || errno != EBADMSG) {
			report_case(name, c, r >= 0 ? "forgery accepted" :
				    strerror(errno), NULL, NULL, 0);
			return 0;
		}
		if (unchanged_check) {
			/*
			 * in place, out is msgbuf: the ciphertext sent; out of
			 * place, the ciphertext copied up to some point (a
			 * stitched open's first part: none, up to 4 KiB) and the
			 * pattern after it
			 */
			const unsigned char *ct = msgbuf + c->adlen;
			int as_sent = !memcmp(out + c->adlen, ct, c->textlen);
			size_t k = 0;

			while (k < c->textlen && out[c->adlen + k] == ct[k])
				k++;
			for (i = k; !as_sent && i < c->textlen; i++)
				if (out[c->adlen + i] != 0xa5)
					break;
			if (!as_sent && i < c->textlen) {
				report_case(name, c,
					    "refused, but the plaintext area holds neither the ciphertext sent nor the pattern",
					    out + c->adlen, ct, c->textlen);
				return 0;
			}
			if (as_sent)
				n_refused_ct++;
			else
				n_refused_pattern++;
		}
		return 1;
	}
	if (r < 0) {
		report_case(name, c, strerror(errno), NULL, NULL, 0);
		return 0;
	}
	if ((size_t)r != outlen) {
		report_case(name, c, "short read", NULL, NULL, 0);
		return 0;
	}
	if (memcmp(out, want, outlen)) {
		report_case(name, c, "output differs from OpenSSL", out, want, outlen);
		return 0;
	}
	return 1;
}

static size_t pick_textlen(void)
{
	unsigned int r = rnd_below(32);

	if (r < 12)
		return rnd_below(80);		/* 3/8: short */
	if (r < 20)
		return rnd_below(1500);		/* 1/4: up to a packet */
	if (r < 31)
		return rnd_below(17000);	/* 11/32: up to a TLS record */
	return rnd_below(MAX_TEXT + 1);		/* 1/32: up to 65,000 */
}

static void run_name(const char *name, unsigned long cases, int unchanged_check)
{
	struct tally t;
	struct vcase c;
	int tfm = -1, op = -1, o, h;
	unsigned long i;

	memset(&t, 0, sizeof(t));
	memset(&c, 0, sizeof(c));
	c.esp = strncmp(name, "rfc7539esp", 10) == 0;
	c.keylen = c.esp ? 36 : 32;
	c.ivlen = c.esp ? 8 : 12;
	for (i = 0; i < cases; i++) {
		if (i % KEY_EVERY == 0) {
			if (op >= 0)
				close(op);
			if (tfm >= 0)
				close(tfm);
			rnd_fill(c.key, c.keylen);
			tfm = tfm_open(name, c.key, c.keylen);
			op = tfm < 0 ? -1 : accept(tfm, NULL, 0);
			if (op < 0) {
				printf("not ok - %s: setup: %s\n", name, strerror(errno));
				n_fail++;
				return;
			}
		}
		c.no = i;
		c.op = rnd_below(N_OPS);
		c.how = rnd_below(N_HOWS);
		rnd_fill(c.iv, c.ivlen);
		c.authad = rnd_below(8) ? rnd_below(65) : rnd_below(MAX_AD - 8 + 1);
		c.adlen = c.authad + (c.esp ? 8 : 0);
		c.textlen = pick_textlen();
		/*
		 * AF_ALG cannot open a message whose output (AD and text) is
		 * empty: a read with no room returns 0 without running the
		 * request. Give such an open one byte of AD.
		 */
		if (c.op != SEAL && !c.adlen && !c.textlen) {
			c.authad = 1;
			c.adlen = 1;
		}
		if (run_case(name, op, &c, unchanged_check)) {
			n_pass++;
			t.pass[c.op][c.how]++;
		} else {
			t.fail[c.op][c.how]++;
			/* The op socket may be stuck mid-message: start afresh. */
			close(op);
			op = accept(tfm, NULL, 0);
			if (op < 0) {
				printf("not ok - %s: accept: %s\n", name, strerror(errno));
				return;
			}
		}
	}
	close(op);
	close(tfm);
	for (o = 0; o < N_OPS; o++)
		for (h = 0; h < N_HOWS; h++)
			printf("%s - %s: %s, %s: %lu cases, %lu failed\n",
			       t.fail[o][h] ? "not ok" : "ok", name, op_names[o],
			       how_names[h], t.pass[o][h] + t.fail[o][h], t.fail[o][h]);
}

int main(int argc, char **argv)
{
	unsigned long cases = 10000, seed = 1;
	int opt, unchanged_check = 0;

	while ((opt = getopt(argc, argv, "n:s:v:u")) != -1) {
		switch (opt) {
		case 'n':
			cases = strtoul(optarg, NULL, 0);
			break;
		case 's':
			seed = strtoul(optarg, NULL, 0);
			break;
		case 'u':
			unchanged_check = 1;
			break;
		case 'v':
			verbose_from = strtoul(optarg, NULL, 0);
			break;
		default:
			fprintf(stderr, "usage: %s [-n CASES] [-s SEED] [-u] NAME...\n", argv[0]);
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: %s [-n CASES] [-s SEED] [-u] NAME...\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (pipe(pipefd) < 0) {
		perror("pipe");
		return 1;
	}
	for (; optind < argc; optind++) {
		/* Each name gets its own, reproducible, stream of cases. */
		rng_state = seed * 0x9e3779b97f4a7c15ULL + optind;
		run_name(argv[optind], cases, unchanged_check);
	}
	if (unchanged_check)
		printf("# refused opens: %lu left the ciphertext AF_ALG copied in, %lu %s\n",
		       n_refused_ct, n_refused_pattern, "the pattern");
	printf("af_alg_diff: %d passed, %d failed\n", n_pass, n_fail);
	return n_fail ? 1 : 0;
}
