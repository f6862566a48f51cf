// SPDX-License-Identifier: GPL-2.0
/*
 * ktls_test - kernel TLS 1.3 with TLS_CHACHA20_POLY1305_SHA256 over TCP
 * loopback, checked against OpenSSL's libcrypto.
 *
 * usage: ktls_test [-n RECORDS] [-a WIRE_RECORDS] [-f FILE_BYTES] [-s SEED]
 *                  [-m MATCH] [-B] [-C] [-K]
 *        ktls_test -H
 *   -n  records sent kTLS to kTLS (random sizes 0..16384; default 2000)
 *   -a  records checked on the wire and records built by OpenSSL for the
 *       kernel to open (default 300 each)
 *   -f  bytes sent with sendfile() after the records (default 1 MiB + 4321)
 *   -m  driver name part that must hold the kTLS tfms (default vgcrypto)
 *   -B  break the test on purpose: corrupt one expected record
 *   -C  concurrent: other programs use the drivers too (tests/stress), so
 *       D checks only that the -m drivers hold at least the 4 tfms, and
 *       the sendfile() file is this process's own
 *   -K  the -m driver is the kernel's own template (tests/qemu/guard.sh),
 *       which writes a refused record's plaintext: F checks only that the
 *       record is refused
 *   -H  hold: set up kTLS on both ends of one connection, print "holding",
 *       and keep it until standard input reaches end of file
 *
 * The client (a child process) installs TLS_TX and TLS_RX at once. The
 * server starts as a plain TCP peer:
 *  A. the client sends -a records through kTLS; the server reads the raw
 *     bytes and compares every record with the record OpenSSL computes
 *     (header, ChaCha20-Poly1305 ciphertext of data || content type, tag,
 *     nonce = IV ^ sequence number);
 *  B. the server writes -a records it built with OpenSSL (sizes 0..16384,
 *     some with TLS 1.3 zero padding); the client's kTLS must return
 *     exactly their data;
 *  C. the server installs TLS_RX and TLS_TX at the sequence numbers reached;
 *     the client sends -n records of random sizes 0..16384 and then a file
 *     through sendfile(); the server checks every byte;
 *  D. while all four directions are installed, /proc/crypto must show the
 *     -m driver's refcnt up by exactly 4 and every other driver of
 *     rfc7539(chacha20,poly1305) unchanged;
 *  E. the server sends 200 records kTLS to kTLS the other way;
 *  F. on a second connection a record with one flipped bit must fail the
 *     client's recv() with EBADMSG, after the good record before it, and
 *     leave no plaintext in the receive buffer (filled with a pattern):
 *     with TLS_RX_EXPECT_NO_PAD kTLS decrypts a record that fits straight
 *     into the caller's buffer, out of place, so a driver that writes
 *     unverified plaintext (the kernel's own template) or zeros (vgcrypto
 *     before it verified first) fails; the pattern, or the record's
 *     ciphertext followed by it (vgcrypto authenticates a copy it makes
 *     in the destination), passes.
 * Prints "ok"/"not ok" lines and "ktls_test: N passed, N failed".
 *
 * vgc-ldlibs: -lcrypto
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/tls.h>
#include <openssl/evp.h>

#ifndef SOL_TLS
#define SOL_TLS 282
#endif
#ifndef TCP_ULP
#define TCP_ULP 31
#endif
#ifndef TLS_RX_EXPECT_NO_PAD
#define TLS_RX_EXPECT_NO_PAD 4
#endif

/* As the kernel has it */
typedef unsigned long long u64;

#define MAX_DATA	16384
#define HDR		5
#define TAG		16
#define MAX_REC		(HDR + MAX_DATA + 256 + TAG)
#define CT_DATA		0x17

struct dir_keys {
	unsigned char key[32], iv[12];
	u64 seq0;
};

struct shared {
	int pass, fail;
};

static struct shared *res;
static int break_on_purpose;
static const char *who = "server";

static void ok(int good, const char *fmt, ...)
{
	va_list ap;

	printf("%s - %s: ", good ? "ok" : "not ok", who);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	__atomic_add_fetch(good ? &res->pass : &res->fail, 1, __ATOMIC_SEQ_CST);
}

/* xorshift64*: sizes and keys */
static u64 rnd_next(u64 *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

/* A byte stream: any split of it into reads gives the same bytes. */
struct stream {
	u64 s, word;
	int left;
};

static void stream_init(struct stream *st, u64 seed)
{
	st->s = seed | 1;
	st->left = 0;
}

static void stream_bytes(struct stream *st, unsigned char *p, size_t n)
{
	while (n--) {
		if (!st->left) {
			st->word = rnd_next(&st->s);
			st->left = 8;
		}
		*p++ = st->word;
		st->word >>= 8;
		st->left--;
	}
}

static void fill_random(u64 *s, unsigned char *p, size_t n)
{
	while (n--)
		*p++ = rnd_next(s) >> 56;
}

/*
 * The TLS 1.3 record OpenSSL computes for @n bytes of @data, @pad zero
 * bytes of padding, at sequence number @seq: written to @out, length
 * returned (0 on an OpenSSL failure).
 */
static size_t ossl_record(const struct dir_keys *k, u64 seq,
			  const unsigned char *data, size_t n, size_t pad,
			  unsigned char *out)
{
	static unsigned char inner[MAX_DATA + 1 + 256];
	unsigned char nonce[12];
	size_t inlen = n + 1 + pad;
	EVP_CIPHER_CTX *x;
	int l, good, i;

	memcpy(inner, data, n);
	inner[n] = CT_DATA;
	memset(inner + n + 1, 0, pad);
	memcpy(nonce, k->iv, 12);
	for (i = 0; i < 8; i++)
		nonce[4 + i] ^= seq >> (56 - 8 * i);
	out[0] = CT_DATA;	/* opaque_type: application_data */
	out[1] = 3;		/* legacy_record_version 0x0303 */
	out[2] = 3;
	out[3] = (inlen + TAG) >> 8;
	out[4] = (inlen + TAG) & 0xff;
	x = EVP_CIPHER_CTX_new();
	good = x && EVP_EncryptInit_ex(x, EVP_chacha20_poly1305(), NULL, NULL, NULL) &&
	       EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) &&
	       EVP_EncryptInit_ex(x, NULL, NULL, k->key, nonce) &&
	       EVP_EncryptUpdate(x, NULL, &l, out, HDR) &&
	       EVP_EncryptUpdate(x, out + HDR, &l, inner, (int)inlen) &&
	       EVP_EncryptFinal_ex(x, out + HDR + inlen, &l) &&
	       EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, TAG, out + HDR + inlen);
	EVP_CIPHER_CTX_free(x);
	return good ? HDR + inlen + TAG : 0;
}

static int set_ktls(int fd, int dir, const struct dir_keys *k, u64 seq)
{
	struct tls12_crypto_info_chacha20_poly1305 ci;
	int i;

	memset(&ci, 0, sizeof(ci));
	ci.info.version = TLS_1_3_VERSION;
	ci.info.cipher_type = TLS_CIPHER_CHACHA20_POLY1305;
	memcpy(ci.key, k->key, 32);
	memcpy(ci.iv, k->iv, 12);
	for (i = 0; i < 8; i++)
		ci.rec_seq[i] = seq >> (56 - 8 * i);
	return setsockopt(fd, SOL_TLS, dir, &ci, sizeof(ci));
}

static int set_ulp(int fd)
{
	return setsockopt(fd, IPPROTO_TCP, TCP_ULP, "tls", sizeof("tls"));
}

static int read_full(int fd, unsigned char *p, size_t n)
{
	while (n) {
		ssize_t r = read(fd, p, n);

		if (r <= 0)
			return r < 0 ? -1 : -2;
		p += r;
		n -= r;
	}
	return 0;
}

static int write_full(int fd, const unsigned char *p, size_t n)
{
	while (n) {
		ssize_t r = write(fd, p, n);

		if (r <= 0)
			return -1;
		p += r;
		n -= r;
	}
	return 0;
}

/* Read @total bytes and compare them with the stream @st. */
static int check_stream(int fd, struct stream *st, size_t total, const char *what)
{
	static unsigned char got[65536], want[65536];
	size_t done = 0, i;

	while (done < total) {
		size_t n = total - done < sizeof(got) ? total - done : sizeof(got);
		ssize_t r = recv(fd, got, n, 0);

		if (r <= 0) {
			ok(0, "%s: recv after %zu of %zu bytes: %s", what, done, total,
			   r ? strerror(errno) : "end of stream");
			return -1;
		}
		stream_bytes(st, want, r);
		if (memcmp(got, want, r)) {
			for (i = 0; got[i] == want[i]; i++)
				;
			ok(0, "%s: byte %zu is %02x, want %02x", what, done + i,
			   got[i], want[i]);
			return -1;
		}
		done += r;
	}
	ok(1, "%s: %zu bytes, every one as sent", what, total);
	return 0;
}

/* The drivers /proc/crypto lists for @name, with their refcnt. */
#define MAX_DRV 16
struct drivers {
	int n;
	char name[MAX_DRV][128];
	long refcnt[MAX_DRV];
};

static void crypto_drivers(const char *name, struct drivers *d)
{
	char line[256], drv[128] = "", nm[128] = "";
	FILE *f = fopen("/proc/crypto", "r");
	long rc;

	d->n = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "name : %127s", nm) == 1 ||
		    sscanf(line, "driver : %127s", drv) == 1)
			continue;
		if (sscanf(line, "refcnt : %ld", &rc) == 1 && !strcmp(nm, name) &&
		    d->n < MAX_DRV) {
			strcpy(d->name[d->n], drv);
			d->refcnt[d->n++] = rc;
		}
	}
	fclose(f);
}

static long refcnt_of(const struct drivers *d, const char *drv)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (!strcmp(d->name[i], drv))
			return d->refcnt[i];
	return 0;
}

/*
 * Compare refcnt now with @before: the @match drivers together must have
 * gained exactly @want, every other driver of the name nothing.
 */
static void check_in_use(const char *what, const struct drivers *before,
			 const char *match, long want, int concurrent)
{
	struct drivers now;
	long ours = 0, d;
	int i, others_ok = 1;

	crypto_drivers("rfc7539(chacha20,poly1305)", &now);
	for (i = 0; i < now.n; i++) {
		d = now.refcnt[i] - refcnt_of(before, now.name[i]);
		if (strstr(now.name[i], match)) {
			ours += d;
			if (d)
				printf("# %s: %s refcnt %ld -> %ld\n", what, now.name[i],
				       now.refcnt[i] - d, now.refcnt[i]);
		} else if (d) {
			others_ok = 0;
			printf("# %s: %s (not %s) refcnt %ld -> %ld\n", what, now.name[i],
			       match, now.refcnt[i] - d, now.refcnt[i]);
		}
	}
	if (concurrent) {
		/* others come and go: ours hold at least these 4 tfms */
		for (i = 0, ours = 0; i < now.n; i++)
			if (strstr(now.name[i], match))
				ours += now.refcnt[i] - 1;
		ok(ours >= want, "%s: the %s drivers hold %ld tfms (at least %ld)",
		   what, match, ours, want);
		return;
	}
	ok(ours == want, "%s: the %s drivers' refcnt rose by %ld (want %ld)",
	   what, match, ours, want);
	ok(others_ok, "%s: no other rfc7539(chacha20,poly1305) driver gained a user", what);
}

static int listen_socket(int *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t al = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(fd, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    listen(fd, 4) < 0 || getsockname(fd, (struct sockaddr *)&a, &al) < 0) {
		perror("listen socket");
		exit(1);
	}
	*port = ntohs(a.sin_port);
	return fd;
}

static int connect_to(int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof(a)) < 0) {
		perror("connect");
		exit(1);
	}
	return fd;
}

struct params {
	unsigned long n_records, n_wire;
	size_t file_bytes;
	u64 seed;
	const char *match, *file;
	int concurrent;
	struct dir_keys c2s, s2c;
};

/*
 * Record sizes, drawn the same way by sender and receiver: phase A 1..16384
 * bytes, phases B, C and E 0..16384; phase B's padding (1 record in 4).
 */
static size_t draw_size(u64 *s, int from_one)
{
	return from_one ? 1 + rnd_next(s) % MAX_DATA : rnd_next(s) % (MAX_DATA + 1);
}

static size_t draw_pad(u64 *s, size_t n)
{
	size_t room = MAX_DATA - n, pad;

	if (rnd_next(s) % 4)
		return 0;
	pad = rnd_next(s) % 33;
	return pad < room ? pad : room;
}

static size_t total_b(const struct params *p)
{
	u64 s = p->seed ^ 0xb1;
	size_t t = 0, n;
	unsigned long i;

	for (i = 0; i < p->n_wire; i++) {
		n = draw_size(&s, 0);
		draw_pad(&s, n);
		t += n;
	}
	return t;
}

static size_t total_sizes(u64 s, unsigned long count)
{
	size_t t = 0;

	while (count--)
		t += draw_size(&s, 0);
	return t;
}

static void run_client(const struct params *p, int fd)
{
	static unsigned char buf[MAX_DATA];
	struct stream st;
	u64 s;
	unsigned long i;
	size_t n, left;
	off_t off = 0;
	ssize_t r;
	int ffd;

	who = "client"; /* the connecting side */
	if (set_ulp(fd) || set_ktls(fd, TLS_TX, &p->c2s, p->c2s.seq0) ||
	    set_ktls(fd, TLS_RX, &p->s2c, p->s2c.seq0)) {
		ok(0, "install TLS_TX and TLS_RX: %s", strerror(errno));
		exit(1);
	}
	ok(1, "TLS_TX and TLS_RX installed (TLS 1.3, ChaCha20-Poly1305)");

	/* A: one send() per record, for the server's wire check */
	s = p->seed ^ 0xa1;
	stream_init(&st, p->seed ^ 0xa);
	for (i = 0; i < p->n_wire; i++) {
		n = draw_size(&s, 1);
		stream_bytes(&st, buf, n);
		if (send(fd, buf, n, 0) != (ssize_t)n) {
			ok(0, "A: send record %lu: %s", i, strerror(errno));
			exit(1);
		}
	}

	/* B: the records OpenSSL built, opened by the kernel */
	stream_init(&st, p->seed ^ 0xb);
	check_stream(fd, &st, total_b(p),
		     "B: kTLS RX opened OpenSSL's records (sizes 0..16384, some padded)");

	/* C: kTLS to kTLS, then sendfile() */
	s = p->seed ^ 0xc1;
	stream_init(&st, p->seed ^ 0xc);
	for (i = 0; i < p->n_records; i++) {
		n = draw_size(&s, 0);
		stream_bytes(&st, buf, n);
		if (send(fd, buf, n, 0) != (ssize_t)n) {
			ok(0, "C: send record %lu (%zu bytes): %s", i, n, strerror(errno));
			exit(1);
		}
	}
	ffd = open(p->file, O_RDONLY);
	for (left = p->file_bytes; ffd >= 0 && left; left -= r) {
		r = sendfile(fd, ffd, &off, left);
		if (r <= 0)
			break;
	}
	ok(ffd >= 0 && !left, "C: sendfile() of %zu bytes through kTLS", p->file_bytes);
	if (ffd >= 0)
		close(ffd);

	/* E: the other way, kTLS to kTLS */
	stream_init(&st, p->seed ^ 0xe);
	check_stream(fd, &st, total_sizes(p->seed ^ 0xe1, 200),
		     "E: 200 records kTLS to kTLS, server to client");
	close(fd);
	exit(0);
}

static void run_server(const struct params *p, int fd, const struct drivers *before)
{
	static unsigned char data[MAX_DATA], want[MAX_REC], got[MAX_REC];
	struct stream st;
	u64 s;
	unsigned long i;
	size_t n, pad, len;
	int bad = 0;

	/* The ULP goes on now; until keys are set the socket is plain TCP. */
	if (set_ulp(fd)) {
		ok(0, "TCP_ULP tls: %s", strerror(errno));
		return;
	}

	/* A: each record on the wire against OpenSSL's */
	s = p->seed ^ 0xa1;
	stream_init(&st, p->seed ^ 0xa);
	for (i = 0; i < p->n_wire && !bad; i++) {
		n = draw_size(&s, 1);
		stream_bytes(&st, data, n);
		len = ossl_record(&p->c2s, p->c2s.seq0 + i, data, n, 0, want);
		if (break_on_purpose && i == p->n_wire / 2)
			want[HDR + n / 2] ^= 0x01;
		if (!len || read_full(fd, got, len)) {
			ok(0, "A: record %lu (%zu bytes): %s", i, n,
			   len ? "could not read it" : "OpenSSL failed");
			return;
		}
		if (memcmp(got, want, len)) {
			for (pad = 0; got[pad] == want[pad]; pad++)
				;
			ok(0, "A: record %lu (%zu bytes, seq %llu): byte %zu is %02x, want %02x",
			   i, n, (unsigned long long)(p->c2s.seq0 + i), pad, got[pad], want[pad]);
			bad = 1;
		}
	}
	if (!bad)
		ok(1, "A: %lu kTLS records on the wire equal OpenSSL's, byte for byte",
		   p->n_wire);
	if (bad)
		return;

	/* B: records built by OpenSSL, sent raw */
	s = p->seed ^ 0xb1;
	stream_init(&st, p->seed ^ 0xb);
	for (i = 0; i < p->n_wire; i++) {
		n = draw_size(&s, 0);
		pad = draw_pad(&s, n);
		stream_bytes(&st, data, n);
		len = ossl_record(&p->s2c, p->s2c.seq0 + i, data, n, pad, want);
		if (!len || write_full(fd, want, len)) {
			ok(0, "B: write record %lu: %s", i, strerror(errno));
			return;
		}
	}

	/* C: the server installs kTLS where the raw records left off */
	if (set_ktls(fd, TLS_RX, &p->c2s, p->c2s.seq0 + p->n_wire) ||
	    set_ktls(fd, TLS_TX, &p->s2c, p->s2c.seq0 + p->n_wire)) {
		ok(0, "C: install TLS_RX and TLS_TX: %s", strerror(errno));
		return;
	}
	ok(1, "C: TLS_RX and TLS_TX installed at sequence numbers %llu and %llu",
	   (unsigned long long)(p->c2s.seq0 + p->n_wire),
	   (unsigned long long)(p->s2c.seq0 + p->n_wire));
	stream_init(&st, p->seed ^ 0xc);
	if (check_stream(fd, &st, total_sizes(p->seed ^ 0xc1, p->n_records),
			 "C: records kTLS to kTLS, sizes 0..16384"))
		return;
	printf("# C: %lu records\n", p->n_records);
	stream_init(&st, p->seed ^ 0xf);
	if (check_stream(fd, &st, p->file_bytes, "C: the file sent with sendfile()"))
		return;

	/* D: all four directions are installed now */
	check_in_use("D: kTLS, both ends", before, p->match, 4, p->concurrent);

	/* E: kTLS to kTLS, server to client */
	s = p->seed ^ 0xe1;
	stream_init(&st, p->seed ^ 0xe);
	for (i = 0; i < 200; i++) {
		n = draw_size(&s, 0);
		stream_bytes(&st, data, n);
		if (send(fd, data, n, 0) != (ssize_t)n) {
			ok(0, "E: send record %lu: %s", i, strerror(errno));
			return;
		}
	}
}

/* -K: the -m driver is the kernel's own rfc7539 template */
static int kernel_template;

/* F: a record with one flipped bit must not open. */
static void forgery(const struct params *p, int lfd, int port)
{
	static unsigned char rec[2][MAX_REC], buf[64];
	struct dir_keys k = p->s2c;
	const unsigned char *ct;
	size_t len[2], i, j;
	int one;
	pid_t pid;
	ssize_t r;
	int fd, st;

	k.key[0] ^= 0x5a;
	len[0] = ossl_record(&k, 7, (const unsigned char *)"first record", 12, 0, rec[0]);
	len[1] = ossl_record(&k, 8, (const unsigned char *)"second record", 13, 0, rec[1]);
	rec[1][HDR + 3] ^= 0x04;
	pid = fork();
	if (pid == 0) {
		who = "client";
		fd = connect_to(port);
		if (set_ulp(fd) || set_ktls(fd, TLS_RX, &k, 7)) {
			ok(0, "F: install TLS_RX: %s", strerror(errno));
			exit(1);
		}
		r = recv(fd, buf, sizeof(buf), 0);
		ok(r == 12 && !memcmp(buf, "first record", 12),
		   "F: the good record before the forged one opens (%zd bytes)", r);
		/* decrypt in place in buf (Linux 6.0+; else buf stays as is anyway) */
		one = 1;
		if (setsockopt(fd, SOL_TLS, TLS_RX_EXPECT_NO_PAD, &one, sizeof(one)))
			printf("# F: TLS_RX_EXPECT_NO_PAD: %s\n", strerror(errno));
		memset(buf, 0xa5, sizeof(buf));
		r = recv(fd, buf, sizeof(buf), 0);
		ok(r < 0 && errno == EBADMSG,
		   "F: the record with a flipped ciphertext bit fails with EBADMSG (%s)",
		   r < 0 ? strerror(errno) : "accepted");
		/*
		 * no plaintext: the buffer as it was, or the record's ciphertext
		 * at its start (an out-of-place open authenticates a copy it
		 * makes in its destination), the rest as it was
		 */
		ct = rec[1] + HDR;
		for (i = 0; i < len[1] - HDR - TAG && i < sizeof(buf) && buf[i] == ct[i]; i++)
			;
		for (j = i; j < sizeof(buf) && buf[j] == 0xa5; j++)
			;
		if (kernel_template)
			printf("# F: receive buffer not checked (-K: the kernel's template)\n");
		else
			ok(j == sizeof(buf),
			   "F: the refused record left no plaintext in the receive buffer (%s)",
			   j < sizeof(buf) ? "a byte is neither ciphertext nor as it was" :
			   i ? "its ciphertext copied there" : "unchanged");
		exit(0);
	}
	fd = accept(lfd, NULL, NULL);
	if (fd < 0 || write_full(fd, rec[0], len[0]) || write_full(fd, rec[1], len[1]))
		ok(0, "F: send the records: %s", strerror(errno));
	waitpid(pid, &st, 0);
	close(fd);
}

/* -H: kTLS both ways on one connection, kept until stdin ends. */
static int hold(void)
{
	struct dir_keys a = { .seq0 = 0 }, b = { .seq0 = 0 };
	unsigned char buf[16];
	int lfd, port, c, s;

	memset(a.key, 0x11, 32);
	memset(b.key, 0x22, 32);
	lfd = listen_socket(&port);
	c = connect_to(port);
	s = accept(lfd, NULL, NULL);
	if (s < 0 || set_ulp(c) || set_ulp(s) || set_ktls(c, TLS_TX, &a, 0) ||
	    set_ktls(c, TLS_RX, &b, 0) || set_ktls(s, TLS_TX, &b, 0) ||
	    set_ktls(s, TLS_RX, &a, 0)) {
		perror("ktls_test -H: kTLS setup");
		return 1;
	}
	if (send(c, "ping", 4, 0) != 4 || read_full(s, buf, 4) || memcmp(buf, "ping", 4) ||
	    send(s, "pong", 4, 0) != 4 || read_full(c, buf, 4) || memcmp(buf, "pong", 4)) {
		fprintf(stderr, "ktls_test -H: no echo through kTLS\n");
		return 1;
	}
	printf("holding\n");
	fflush(stdout);
	while (read(0, buf, sizeof(buf)) > 0)
		;
	close(c);
	close(s);
	close(lfd);
	return 0;
}

int main(int argc, char **argv)
{
	static unsigned char chunk[65536];
	struct params p = {
		.n_records = 2000, .n_wire = 300, .file_bytes = (1 << 20) + 4321,
		.seed = 1, .match = "vgcrypto", .file = "/tmp/ktls_test.file",
	};
	static char own_file[64];
	struct drivers before;
	struct stream st;
	u64 s;
	size_t left, n;
	int opt, lfd, port, fd, status, ffd;
	pid_t pid;

	setvbuf(stdout, NULL, _IOLBF, 0);
	res = mmap(NULL, sizeof(*res), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (res == MAP_FAILED)
		return 1;
	while ((opt = getopt(argc, argv, "n:a:f:s:m:BCHK")) != -1) {
		switch (opt) {
		case 'n':
			p.n_records = strtoul(optarg, NULL, 0);
			break;
		case 'a':
			p.n_wire = strtoul(optarg, NULL, 0);
			break;
		case 'f':
			p.file_bytes = strtoul(optarg, NULL, 0);
			break;
		case 's':
			p.seed = strtoull(optarg, NULL, 0);
			break;
		case 'm':
			p.match = optarg;
			break;
		case 'B':
			break_on_purpose = 1;
			break;
		case 'C':
			p.concurrent = 1;
			snprintf(own_file, sizeof(own_file), "/tmp/ktls_test.%d.file",
				 (int)getpid());
			p.file = own_file;
			break;
		case 'H':
			return hold();
		case 'K':
			kernel_template = 1;
			break;
		default:
			fprintf(stderr, "usage: see the comment at the top of ktls_test.c\n");
			return 2;
		}
	}

	/* Keys, IVs and starting sequence numbers from the seed. */
	s = p.seed ^ 0x6b657973;
	fill_random(&s, p.c2s.key, 32);
	fill_random(&s, p.c2s.iv, 12);
	fill_random(&s, p.s2c.key, 32);
	fill_random(&s, p.s2c.iv, 12);
	p.c2s.seq0 = rnd_next(&s) >> 8;
	p.s2c.seq0 = rnd_next(&s) >> 8;

	/* The file for sendfile(): stream 0xf. */
	ffd = open(p.file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	stream_init(&st, p.seed ^ 0xf);
	for (left = p.file_bytes; ffd >= 0 && left; left -= n) {
		n = left < sizeof(chunk) ? left : sizeof(chunk);
		stream_bytes(&st, chunk, n);
		if (write_full(ffd, chunk, n))
			break;
	}
	if (ffd < 0 || left || close(ffd)) {
		perror(p.file);
		return 1;
	}

	crypto_drivers("rfc7539(chacha20,poly1305)", &before);
	lfd = listen_socket(&port);
	pid = fork();
	if (pid == 0)
		run_client(&p, connect_to(port));
	alarm(600);
	fd = accept(lfd, NULL, NULL);
	if (fd < 0) {
		perror("accept");
		return 1;
	}
	run_server(&p, fd, &before);
	/* (Closing first ends a client still waiting after a failure.) */
	close(fd);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		ok(0, "client exited abnormally (status %#x)", status);
	forgery(&p, lfd, port);
	close(lfd);
	unlink(p.file);
	printf("ktls_test: %d passed, %d failed\n", res->pass, res->fail);
	return res->fail ? 1 : 0;
}
