#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/all.sh - the whole guest side of `make check` for one stock
# Debian kernel, in one boot: selftest.sh (load, self-tests, tcrypt alg=,
# RFC vectors through AF_ALG, rmmod), then consumers.sh (AF_ALG
# differential, kTLS, IPsec, rmmod while in use, load/unload cycles,
# tcrypt speed table), then mlkem.sh (ML-KEM drivers). Ends with "qemu-$VGC_RELEASE: N passed, N failed",
# the sum of the two.
pass=0
fail=0
for t in selftest.sh consumers.sh mlkem.sh; do
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
