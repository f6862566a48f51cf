// SPDX-License-Identifier: GPL-2.0
/*
 * tcp_xfer - move pseudo-random bytes over one TCP connection and print
 * their SHA-256 at both ends, for the IPsec test to compare.
 *
 * usage: tcp_xfer recv PORT READYFILE
 *        tcp_xfer send ADDR PORT BYTES SEED
 *   recv  listens on PORT (any address), creates READYFILE once it
 *         listens, takes one connection, reads to its end and prints
 *         "received N bytes sha256 HEX"
 *   send  connects to ADDR:PORT, writes BYTES bytes of a stream given by
 *         SEED in writes of varying sizes, and prints
 *         "sent N bytes sha256 HEX"
 *
 * vgc-ldlibs: -lcrypto
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <openssl/evp.h>

/* As the kernel has it */
typedef unsigned long long u64;

static void print_digest(const char *what, u64 n, EVP_MD_CTX *md)
{
	unsigned char d[32];
	unsigned int dl = 0, i;

	EVP_DigestFinal_ex(md, d, &dl);
	printf("%s %llu bytes sha256 ", what, n);
	for (i = 0; i < dl; i++)
		printf("%02x", d[i]);
	printf("\n");
}

static int do_recv(int port, const char *ready)
{
	static unsigned char buf[1 << 16];
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int l, c, one = 1, fd;
	u64 n = 0;
	ssize_t r;

	l = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(l, (struct sockaddr *)&a, sizeof(a)) || listen(l, 1)) {
		perror("tcp_xfer recv: listen");
		return 1;
	}
	fd = open(ready, O_WRONLY | O_CREAT, 0644);
	if (fd < 0) {
		perror(ready);
		return 1;
	}
	close(fd);
	c = accept(l, NULL, NULL);
	if (c < 0 || !md || !EVP_DigestInit_ex(md, EVP_sha256(), NULL)) {
		perror("tcp_xfer recv: accept");
		return 1;
	}
	while ((r = read(c, buf, sizeof(buf))) > 0) {
		EVP_DigestUpdate(md, buf, r);
		n += r;
	}
	if (r < 0) {
		perror("tcp_xfer recv: read");
		return 1;
	}
	print_digest("received", n, md);
	EVP_MD_CTX_free(md);
	return 0;
}

static int do_send(const char *addr, int port, u64 total, u64 seed)
{
	static unsigned char buf[1 << 16];
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(port) };
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	u64 s = seed | 1, done = 0, x;
	size_t n, i;
	int fd;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0 || inet_pton(AF_INET, addr, &a.sin_addr) != 1 ||
	    connect(fd, (struct sockaddr *)&a, sizeof(a)) ||
	    !md || !EVP_DigestInit_ex(md, EVP_sha256(), NULL)) {
		perror("tcp_xfer send: connect");
		return 1;
	}
	while (done < total) {
		/* xorshift64*: the bytes and the size of each write */
		s ^= s >> 12;
		s ^= s << 25;
		s ^= s >> 27;
		x = s * 0x2545f4914f6cdd1dULL;
		n = 1 + x % sizeof(buf);
		if (n > total - done)
			n = total - done;
		for (i = 0; i < n; i++) {
			buf[i] = x >> (8 * (i & 7));
			if ((i & 7) == 7)
				x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		}
		if (write(fd, buf, n) != (ssize_t)n) {
			perror("tcp_xfer send: write");
			return 1;
		}
		EVP_DigestUpdate(md, buf, n);
		done += n;
	}
	if (shutdown(fd, SHUT_WR)) {
		perror("tcp_xfer send: shutdown");
		return 1;
	}
	/* Wait for the receiver to close: everything was read. */
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	print_digest("sent", done, md);
	EVP_MD_CTX_free(md);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "recv"))
		return do_recv(atoi(argv[2]), argv[3]);
	if (argc == 6 && !strcmp(argv[1], "send"))
		return do_send(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 0),
			       strtoull(argv[5], NULL, 0));
	fprintf(stderr, "usage: tcp_xfer recv PORT READYFILE | send ADDR PORT BYTES SEED\n");
	return 2;
}
