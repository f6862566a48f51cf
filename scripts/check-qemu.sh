#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Debian's stock 6.1 kernel under QEMU: the module built against its
# headers loads, every driver passes its self-test, tcrypt runs testmgr for
# both names, a static AF_ALG program seals and opens the RFC 8439 vectors
# through each driver, and rmmod is clean (tests/qemu/selftest.sh).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

kdir=$(scripts/kernel-6.1.sh headers)
scripts/build-module.sh "$kdir" "$root/build/k6.1"
exec scripts/qemu-run.sh --ko "$root/build/k6.1/vgcrypto.ko" \
	--script tests/qemu/selftest.sh --add tests/qemu/af_alg_vectors.c --extra-tests \
	--log "$root/build/check/qemu-console.log"
