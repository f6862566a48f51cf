#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# KUnit and the crypto manager's extra self-tests in User-Mode Linux: a 6.1
# kernel built once from Debian's linux-source-6.1 (cached), the module and
# its KUnit module built against it, both loaded; the suites run as the
# test module loads, the self-tests as the drivers register (extra tests
# on, which also force the no-SIMD path). Then tcrypt's testmgr run for
# both algorithm names, and the RFC vectors through AF_ALG for each driver.
# Arguments go on to scripts/run/uml.sh (--bundle DIR, --judge LOG). The
# time limit only guards against a hang: about a minute on an idle 2-core
# machine, over ten on one loaded seven times over.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

kdir=$(scripts/build/kunit-kernel.sh um)
# the edge cases' expected outputs come from OpenSSL via the harness
make -s kunit-vectors
scripts/build/module.sh "$kdir" "$root/build/uml" ARCH=um VGC_TEST_MODULES=1
exec scripts/run/uml.sh --ko "$root/build/uml/vgcrypto.ko" \
	--ko "$root/build/uml/vgcrypto_kunit.ko" \
	--tcrypt 'alg=rfc7539(chacha20,poly1305) type=3' \
	--tcrypt 'alg=rfc7539esp(chacha20,poly1305) type=3' \
	--add tests/qemu/af_alg_vectors.c \
	--run 'af_alg_vectors $(awk '\''$1 == "driver" && /vgcrypto/ && /chacha20/ { print $3 }'\'' /proc/crypto)' \
	--log "$root/build/check/uml-console.log" --timeout 1800 "$@"
