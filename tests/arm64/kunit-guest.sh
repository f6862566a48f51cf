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
echo "===VGC-DMESG-BEGIN==="
dmesg
echo "===VGC-DMESG-END==="
exit $rc
