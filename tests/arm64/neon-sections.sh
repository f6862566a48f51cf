#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# In an arm64 guest (tests/qemu/all.sh): vgcrypto_neon_check.ko
# (kunit/neon_section_check.c), the neon AEAD's sections from task and
# softirq context, against the portable driver, with the save areas
# checked (6.19 on). Each of its "ok"/"not ok" lines counts; ends with
# "neon-sections-$VGC_RELEASE: N passed, N failed".
pass=0
fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

ko=""
for k in $VGC_KOS; do case $k in */vgcrypto.ko) ko=$k ;; esac; done
grep -q '^vgcrypto ' /proc/modules || insmod "$ko" aead=always || notok "insmod ${ko##*/}"
before=$(dmesg | wc -l)
if out=$(insmod /bin/vgcrypto_neon_check.ko 2>&1); then
	ok "insmod vgcrypto_neon_check.ko"
else
	notok "insmod vgcrypto_neon_check.ko: $out"
fi
rmmod vgcrypto_neon_check 2>/dev/null
log=$(dmesg | tail -n +"$((before + 1))" | grep 'vgcrypto_neon_check: ' |
	sed 's/^\[[^]]*\] vgcrypto_neon_check: //')
echo "$log"
n=$(echo "$log" | grep -c '^ok - ')
bad=$(echo "$log" | grep -c '^not ok - ')
pass=$((pass + n))
fail=$((fail + bad))
# the task and softirq outputs at least, whatever the kernel
[ "$n" -ge 2 ] || notok "only $n checks reported ok"
echo "neon-sections-${VGC_RELEASE:-arm64}: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
