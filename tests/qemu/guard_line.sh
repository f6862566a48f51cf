#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/guard_line.sh LINE - the figures of one of the guards' dmesg
# lines (vgcrypto's crypto API guard, the libchacha20poly1305
# replacement's): "seal/open: 64 B a/bx, ...; least Lx, ...". Prints
# "COUNT MIN LEAST": how many figures it gives, the smallest of them, and
# the least it names, for the caller to check its decision against.
echo "$1" | awk '{
	s = $0; sub(/.*seal\/open: /, "", s); sub(/; least.*/, "", s)
	n = split(s, f, /[ ,\/x]+/); m = ""
	for (i = 1; i <= n; i++)
		if (f[i] ~ /^[0-9]+\.[0-9][0-9]$/) {
			k++
			if (m == "" || f[i] + 0 < m + 0)
				m = f[i]
		}
	l = $0; sub(/.*; least /, "", l); sub(/x,.*/, "", l)
	print k + 0, (m == "" ? "none" : m), l
}'
