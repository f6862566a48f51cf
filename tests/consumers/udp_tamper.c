// SPDX-License-Identifier: GPL-2.0
/*
 * udp_tamper - a UDP relay between two WireGuard peers that can flip a
 * bit in the packets it forwards, for the WireGuard test to show that
 * tampered packets are dropped.
 *
 * usage: udp_tamper PORT_A PEER_A PORT_B PEER_B CONTROLFILE
 *   Datagrams arriving on PORT_A go to PEER_B (ADDR:PORT) from PORT_B,
 *   and datagrams arriving on PORT_B go to PEER_A from PORT_A. While
 *   CONTROLFILE exists, every WireGuard transport data message (type 4,
 *   with at least one byte of payload) has the last bit of its
 *   ciphertext flipped before it is forwarded. Once CONTROLFILE.stop
 *   exists it prints "relayed N tampered M" and exits.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int bound(int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	a.sin_port = htons(port);
	if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof(a))) {
		perror("udp_tamper: bind");
		exit(1);
	}
	return s;
}

static void parse_addr(const char *spec, struct sockaddr_in *a)
{
	char host[64];
	const char *colon = strrchr(spec, ':');

	if (!colon || colon - spec >= (long)sizeof(host)) {
		fprintf(stderr, "udp_tamper: bad ADDR:PORT %s\n", spec);
		exit(2);
	}
	memcpy(host, spec, colon - spec);
	host[colon - spec] = 0;
	memset(a, 0, sizeof(*a));
	a->sin_family = AF_INET;
	a->sin_port = htons(atoi(colon + 1));
	if (inet_pton(AF_INET, host, &a->sin_addr) != 1) {
		fprintf(stderr, "udp_tamper: bad address %s\n", host);
		exit(2);
	}
}

int main(int argc, char **argv)
{
	static unsigned char buf[65536];
	unsigned long relayed = 0, tampered = 0;
	struct sockaddr_in to[2];
	struct pollfd p[2];
	char stop[4096];
	ssize_t n;
	int i;

	if (argc != 6) {
		fprintf(stderr, "usage: udp_tamper PORT_A PEER_A PORT_B PEER_B CONTROLFILE\n");
		return 2;
	}
	p[0].fd = bound(atoi(argv[1]));
	p[1].fd = bound(atoi(argv[3]));
	p[0].events = POLLIN;
	p[1].events = POLLIN;
	/* what arrives on socket i goes to the other side's peer */
	parse_addr(argv[4], &to[0]);
	parse_addr(argv[2], &to[1]);
	snprintf(stop, sizeof(stop), "%s.stop", argv[5]);
	while (access(stop, F_OK)) {
		if (poll(p, 2, 200) <= 0)
			continue;
		for (i = 0; i < 2; i++) {
			if (!(p[i].revents & POLLIN))
				continue;
			n = recv(p[i].fd, buf, sizeof(buf), 0);
			if (n <= 0)
				continue;
			/* type 4, receiver 4, counter 8, then ciphertext || tag */
			if (n > 32 && buf[0] == 4 && access(argv[5], F_OK) == 0) {
				buf[n - 17] ^= 1;
				tampered++;
			}
			if (sendto(p[1 - i].fd, buf, n, 0,
				   (struct sockaddr *)&to[i], sizeof(to[i])) == n)
				relayed++;
		}
	}
	printf("relayed %lu tampered %lu\n", relayed, tampered);
	return 0;
}
