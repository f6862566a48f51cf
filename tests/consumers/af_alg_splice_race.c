// SPDX-License-Identifier: GPL-2.0
/*
 * af_alg_splice_race - an AEAD open fed by splice() from a file that
 * another process rewrites meanwhile: every open that succeeds must give
 * the original plaintext.
 *
 * usage: af_alg_splice_race [-t SECONDS] [-n OPENS] [-l LEN] [-w US] NAME
 *   NAME  an rfc7539(chacha20,poly1305) algorithm or driver name
 *   -t    stop after this many seconds (default 5)
 *   -n    or after this many opens (default 100000)
 *   -l    text length (default 16384; AD 13 bytes, tag 16)
 *   -w    the writer keeps each change, and then the sealed file, for up
 *         to this many microseconds (default 200)
 *
 * AF_ALG decrypts out of place from its TX pages on kernels with the fix
 * for CVE-2026-31431 (Debian's 6.1.192 has it), and splice() puts a
 * file's page-cache pages there by reference. The file holds AD ||
 * ciphertext || tag, sealed by OpenSSL; a child process flips one
 * ciphertext bit of it and, a random while later, back, over and over,
 * at a new place each time. An open that reads its source twice (once for Poly1305, once
 * to decrypt) can authenticate the original bytes and then decrypt the
 * flipped ones, and return them as authentic. Each open here must either
 * be refused (EBADMSG: the bit flipped while it authenticated) or give
 * exactly the original plaintext.
 *
 * Prints one ok/not ok line and "af_alg_splice_race: N passed, N failed"
 * (passed: opens that succeeded with the right plaintext or were refused;
 * failed: opens that succeeded with any other plaintext, plus one if no
 * open succeeded at all, which would prove nothing).
 *
 * vgc-ldlibs: -lcrypto
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <openssl/evp.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define AD_LEN	13
#define TAG_LEN	16
#define IV_LEN	12
#define PATH	"/tmp/af_alg_splice_race.bin"

static void die(const char *what)
{
	perror(what);
	printf("af_alg_splice_race: 0 passed, 1 failed\n");
	exit(1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void seal(const unsigned char *key, const unsigned char *iv,
		 const unsigned char *ad, const unsigned char *pt, int len,
		 unsigned char *out)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n;

	if (!c || !EVP_EncryptInit_ex(c, EVP_chacha20_poly1305(), NULL, key, iv) ||
	    !EVP_EncryptUpdate(c, NULL, &n, ad, AD_LEN) ||
	    !EVP_EncryptUpdate(c, out, &n, pt, len) ||
	    !EVP_EncryptFinal_ex(c, out + n, &n) ||
	    !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, TAG_LEN, out + len))
		die("OpenSSL ChaCha20-Poly1305");
	EVP_CIPHER_CTX_free(c);
}

/*
 * the child: flip a ciphertext bit, leave it so for up to @hold_us, flip
 * it back, leave the file as sealed for as long; a new place each time
 */
static void writer(int fd, int len, unsigned int hold_us)
{
	unsigned int s = 12345;
	unsigned char b;
	off_t at;

	for (;;) {
		s = s * 1103515245 + 12345;
		at = AD_LEN + (s >> 8) % len;
		if (pread(fd, &b, 1, at) != 1)
			_exit(1);
		b ^= 1 << (s & 7);
		if (pwrite(fd, &b, 1, at) != 1)
			_exit(1);
		usleep(s % (hold_us + 1));
		b ^= 1 << (s & 7);
		if (pwrite(fd, &b, 1, at) != 1)
			_exit(1);
		usleep((s >> 12) % (hold_us + 1));
	}
}

/* one open: AD || ciphertext || tag spliced from the file; 0, or errno */
static int open_once(int tfm, int fd, const unsigned char *iv, int total,
		     unsigned char *out)
{
	char cbuf[CMSG_SPACE(sizeof(int)) * 2 +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + IV_LEN)] = { 0 };
	struct msghdr msg = { .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct af_alg_iv *aiv;
	struct cmsghdr *cm;
	int op, p[2], err = 0, left;
	loff_t off = 0;
	ssize_t n;

	op = accept(tfm, NULL, 0);
	if (op < 0)
		die("accept");
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	*(int *)CMSG_DATA(cm) = ALG_OP_DECRYPT;
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(sizeof(*aiv) + IV_LEN);
	aiv = (struct af_alg_iv *)CMSG_DATA(cm);
	aiv->ivlen = IV_LEN;
	memcpy(aiv->iv, iv, IV_LEN);
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	*(int *)CMSG_DATA(cm) = AD_LEN;
	if (sendmsg(op, &msg, MSG_MORE) < 0)
		die("sendmsg");
	if (pipe(p))
		die("pipe");
	for (left = total; left > 0; left -= n) {
		n = splice(fd, &off, p[1], NULL, left, 0);
		if (n <= 0)
			die("splice from the file");
		if (splice(p[0], NULL, op, NULL, n, left > n ? SPLICE_F_MORE : 0) != n)
			die("splice into AF_ALG");
	}
	close(p[0]);
	close(p[1]);
	n = read(op, out, total - TAG_LEN);
	if (n < 0)
		err = errno;
	else if (n != total - TAG_LEN)
		err = EIO;
	close(op);
	return err;
}

int main(int argc, char **argv)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "aead" };
	unsigned char key[32], iv[IV_LEN], ad[AD_LEN];
	unsigned char *pt, *sealed, *out;
	long opens = 0, good = 0, refused = 0, wrong = 0, max = 100000;
	double t0, secs = 5;
	int len = 16384, hold_us = 200, tfm, fd, c, i, err, total;
	pid_t child;

	while ((c = getopt(argc, argv, "t:n:l:w:")) != -1) {
		if (c == 'w')
			hold_us = atoi(optarg);
		else if (c == 't')
			secs = atof(optarg);
		else if (c == 'n')
			max = atol(optarg);
		else if (c == 'l')
			len = atoi(optarg);
		else
			return 2;
	}
	if (optind != argc - 1 || len < 1 || len > 60000) {
		fprintf(stderr, "usage: %s [-t SECONDS] [-n OPENS] [-l LEN] [-w US] NAME\n",
			argv[0]);
		return 2;
	}
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", argv[optind]);
	total = AD_LEN + len + TAG_LEN;
	pt = malloc(len);
	sealed = malloc(total);
	out = malloc(total);
	if (!pt || !sealed || !out)
		die("malloc");
	for (i = 0; i < 32; i++)
		key[i] = 0x80 + i;
	for (i = 0; i < IV_LEN; i++)
		iv[i] = 0x40 + i;
	for (i = 0; i < AD_LEN; i++)
		ad[i] = 0x50 + i;
	for (i = 0; i < len; i++)
		pt[i] = 'a' + i % 26;
	memcpy(sealed, ad, AD_LEN);
	seal(key, iv, ad, pt, len, sealed + AD_LEN);

	fd = open(PATH, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || pwrite(fd, sealed, total, 0) != total)
		die(PATH);
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0 || bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, sizeof(key)) ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, TAG_LEN))
		die(argv[optind]);
	/* the file as sealed opens */
	err = open_once(tfm, fd, iv, total, out);
	if (err || memcmp(out + AD_LEN, pt, len)) {
		printf("not ok - %s: the unchanged file does not open (%s)\n",
		       argv[optind], err ? strerror(err) : "wrong plaintext");
		printf("af_alg_splice_race: 0 passed, 1 failed\n");
		return 1;
	}

	child = fork();
	if (child < 0)
		die("fork");
	if (!child)
		writer(fd, len, hold_us);
	t0 = now();
	while (opens < max && now() - t0 < secs) {
		memset(out, 0xa5, total);
		err = open_once(tfm, fd, iv, total, out);
		opens++;
		if (err == EBADMSG)
			refused++;
		else if (err)
			break;
		else if (memcmp(out + AD_LEN, pt, len))
			wrong++;
		else
			good++;
	}
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	unlink(PATH);
	if (err && err != EBADMSG) {
		printf("not ok - %s: open failed: %s\n", argv[optind], strerror(err));
		printf("af_alg_splice_race: %ld passed, %ld failed\n", good + refused, wrong + 1);
		return 1;
	}
	printf("%s - %s: %ld opens of a file being rewritten in %.1f s: ",
	       wrong || !good ? "not ok" : "ok", argv[optind], opens, now() - t0);
	printf("%ld right, %ld refused (EBADMSG), %ld altered plaintext\n",
	       good, refused, wrong);
	printf("af_alg_splice_race: %ld passed, %ld failed\n", good + refused,
	       wrong + !good);
	return wrong || !good;
}
