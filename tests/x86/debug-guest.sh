#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/x86/debug-guest.sh - guest half of scripts/check/debug-x86.sh, in
# the x86-64 debug kernel (preemption, DEBUG_ATOMIC_SLEEP, lockdep) with
# two CPUs: tests/qemu/selftest.sh (vgcrypto.ko's drivers through the
# crypto manager's extra self-tests, tcrypt, AF_ALG vectors, then
# vgcrypto_kunit.ko, whose suites run as it loads, rmmod), then
# vgcrypto_mlkem_stress.ko for $VGC_STRESS_SECONDS (default 20: ML-KEM on
# both CPUs and in softirq), then no "sleeping function called from
# invalid context", lockdep report or other warning in dmesg. The kernel
# log goes to the console between markers, for the host to parse the KTAP.
SECS=${VGC_STRESS_SECONDS:-20}
pass=0
fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

sh /bin/selftest.sh >/tmp/selftest.out 2>&1
cat /tmp/selftest.out
line=$(grep -oE '[0-9]+ passed, [0-9]+ failed' /tmp/selftest.out | tail -n 1)
if [ -n "$line" ]; then
	pass=$((pass + ${line%% passed*}))
	f=${line#*passed, }
	fail=$((fail + ${f%% failed*}))
else
	notok "selftest.sh did not finish"
fi

# two CPUs, or the stress and the preemption checks prove less than they
# say (without ACPI this kernel brings up one: QEMU's MP table lists one)
ncpu=$(grep -c '^processor' /proc/cpuinfo)
if [ "$ncpu" -ge 2 ]; then ok "$ncpu CPUs online"; else notok "$ncpu CPU online, 2 wanted"; fi

ko=""
for k in $VGC_KOS; do case $k in */vgcrypto.ko) ko=$k ;; esac; done
if out=$(/bin/insmod "$ko" aead=always 2>&1) &&
	out=$(/bin/insmod /bin/vgcrypto_mlkem_stress.ko seconds="$SECS" 2>&1); then
	ok "ML-KEM stress, ${SECS}s on $ncpu CPUs: $(dmesg | sed -n 's/.*vgcrypto_mlkem_stress: //p' | tail -n 1)"
else
	notok "ML-KEM stress: $out"
	dmesg | grep 'vgcrypto_mlkem_stress' | tail -n 12 | sed 's/^/# /'
fi
/bin/rmmod vgcrypto_mlkem_stress 2>/dev/null
/bin/rmmod vgcrypto 2>/dev/null

# what this kernel is for
errs=$(dmesg | grep -E 'BUG: sleeping function|BUG: scheduling while atomic|possible circular locking|inconsistent lock state|possible recursive locking|suspicious RCU usage|WARNING:|BUG:|Call Trace')
if [ -z "$errs" ]; then
	ok "no sleeping-in-atomic, lockdep or other report in dmesg"
else
	notok "kernel reports in dmesg"
	echo "$errs" | head -n 30 | sed 's/^/# /'
fi
echo "debug-x86-guest: $pass passed, $fail failed"
echo "===VGC-DMESG-BEGIN==="
dmesg
echo "===VGC-DMESG-END==="
# This tinyconfig kernel cannot power off (poweroff -f in /init halts it
# and QEMU waits out its timeout): report as /init would, then reboot,
# which -no-reboot turns into QEMU's exit.
rc=0
[ "$fail" -eq 0 ] || rc=1
echo "===VGC-EXIT=$rc==="
sync
reboot -f
