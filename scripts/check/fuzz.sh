#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/fuzz.sh [SECONDS]
#
# The libFuzzer targets of tests/fuzz (clang, AddressSanitizer,
# UndefinedBehaviorSanitizer; the AEAD core against OpenSSL, ML-KEM
# decapsulation and the key checks) over lib/ and the arch/ back ends:
# the committed seeds replayed, then SECONDS of fuzzing per target
# (default 40; `make fuzz` runs 600). Ends with "fuzz: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$VGC_TOP" || exit 1

vgc_need_pkgs clang libssl-dev make
if ! make -s -C tests/fuzz O="$VGC_TOP/build/fuzz" all; then
	echo "fuzz: 0 passed, 1 failed"
	exit 1
fi
# the targets fuzz every back end this CPU runs: name the others
make -s -C tests/harness O="$VGC_TOP/build/harness" "$VGC_TOP/build/harness/vgc_test" &&
	build/harness/vgc_test --backends
make -s -C tests/mlkem O="$VGC_TOP/build/mlkem" "$VGC_TOP/build/mlkem/mlkem_test" &&
	build/mlkem/mlkem_test --backends | grep '^not exercised'
exec make -s -C tests/fuzz O="$VGC_TOP/build/fuzz" check FUZZ_SECONDS="${1:-40}"
