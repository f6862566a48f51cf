#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/all.sh - the whole guest side of `make check` for one stock
# Debian kernel, in one boot: guard.sh (the AEAD's guard at load, forced
# both ways), selftest.sh (load, self-tests, tcrypt alg=,
# RFC vectors through AF_ALG, rmmod), then consumers.sh (AF_ALG
# differential, kTLS, IPsec, rmmod while in use, load/unload cycles,
# tcrypt speed table), then mlkem.sh (ML-KEM drivers), then wireguard.sh
# (WireGuard on the libchacha20poly1305 replacement, against
# wireguard-go). Ends with "qemu-$VGC_RELEASE: N passed, N failed", the
# sum of them all.
pass=0
fail=0
# Linux 7.x lets AF_ALG reach only an allowlist of algorithms (for aead,
# only ccm(aes)) while the sysctl crypto.af_alg_restrict is 1, its
# default; the AF_ALG tests need the rest, as would any AF_ALG user of
# this module there. The sysctl comes with the af_alg module.
modprobe af_alg 2>/dev/null
if [ -f /proc/sys/crypto/af_alg_restrict ]; then
	echo "# crypto.af_alg_restrict was $(cat /proc/sys/crypto/af_alg_restrict); set to 0 for AF_ALG"
	echo 0 >/proc/sys/crypto/af_alg_restrict
fi
# The kernel's own rfc7539 template is the tests' control, named by its
# drivers: its ChaCha20 is chacha20-generic up to 6.x and chacha20-lib in
# 7.x (crypto/chacha.c there wraps lib/crypto).
modprobe crypto-chacha20 2>/dev/null
VGC_KCHACHA=chacha20-generic
grep -q '^driver *: chacha20-lib$' /proc/crypto && VGC_KCHACHA=chacha20-lib
export VGC_KCHACHA
# guard.sh first, before anything instantiates the kernel's rfc7539;
# neon-sections.sh: arm64 guests only; wireguard.sh last (its
# libchacha20poly1305 replacement holds vgcrypto.ko from then on)
for t in guard.sh selftest.sh consumers.sh neon-sections.sh mlkem.sh wireguard.sh; do
	[ -f "/bin/$t" ] || continue
	echo "# ---- $t"
	sh "/bin/$t" 2>&1 | tee /tmp/all.out
	line=$(grep -oE '[0-9]+ passed, [0-9]+ failed' /tmp/all.out | tail -n 1)
	if [ -z "$line" ]; then
		echo "not ok - $t did not finish"
		fail=$((fail + 1))
		continue
	fi
	pass=$((pass + ${line%% passed*}))
	f=${line#*passed, }
	fail=$((fail + ${f%% failed*}))
done
echo "qemu-${VGC_RELEASE:-6.1}: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
