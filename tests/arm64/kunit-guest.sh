#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/arm64/kunit-guest.sh - guest half of the arm64 KUnit run
# (scripts/check/kunit-arm64.sh): tests/qemu/selftest.sh loads vgcrypto.ko,
# whose neon and generic drivers meet the crypto manager's self-tests with
# the extra tests on (random scatterlist splits, fuzzing against the
# kernel's generic template), and then vgcrypto_kunit.ko, whose suites run
# on load; then the kernel log goes to the console between markers, for
# the host to parse the KTAP in it.
sh /bin/selftest.sh
rc=$?
# the vgcrypto-fault suite, on vgcrypto.ko loaded again (selftest.sh
# unloads it), once fault injection is armed
ko="" fko=""
for k in $VGC_KOS; do case $k in */vgcrypto.ko) ko=$k ;; esac; done
[ -f /bin/vgcrypto_fault_kunit.ko ] && fko=/bin/vgcrypto_fault_kunit.ko
if [ -z "$fko" ]; then
	echo "not ok - no vgcrypto_fault_kunit.ko"
	rc=1
elif sh /bin/fault-arm.sh && /bin/insmod "$ko" aead=always &&
	/bin/insmod "$fko"; then
	echo "ok - vgcrypto_fault_kunit.ko loaded (its suite ran)"
	/bin/rmmod vgcrypto_fault_kunit vgcrypto
else
	echo "not ok - the vgcrypto-fault suite could not be run"
	rc=1
fi
echo "===VGC-DMESG-BEGIN==="
dmesg
echo "===VGC-DMESG-END==="
exit $rc
