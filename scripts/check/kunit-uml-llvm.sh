#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/kunit-uml-llvm.sh
#
# Not in make check (whose debug UML kernel is clang's: debug-uml.sh, and
# harness-clang.sh); clang and the LLVM tools (LLVM=1) instead of gcc:
#   1. the user-space harness built with clang (scripts/check/harness-clang.sh);
#   2. a User-Mode Linux 6.1 kernel built with LLVM=1
#      (scripts/build/kunit-kernel.sh um --llvm, cached apart from the gcc
#      one), vgcrypto.ko and its KUnit module built against it with LLVM=1
#      and no warning (scripts/build/module.sh), both loaded: the KUnit
#      suites, the crypto manager's extra self-tests, tcrypt's testmgr run
#      for both names and the RFC vectors through AF_ALG, as kunit-uml.sh
#      does with gcc.
# Ends with "kunit-uml-llvm: N passed, N failed" (both parts summed).
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
export VGC_UML_LLVM=1
pass=0 fail=0
count() {
	local line=$1 p f
	p=${line%% passed*} p=${p##* }
	f=${line#*passed, } f=${f%% failed*}
	if [[ $p =~ ^[0-9]+$ && $f =~ ^[0-9]+$ ]]; then
		pass=$((pass + p)) fail=$((fail + f))
	else
		fail=$((fail + 1))
	fi
}

# 1. the harness, built with clang
count "$(scripts/check/harness-clang.sh | tee /dev/stderr | tail -n 1)"

# 2. the module and KUnit under an LLVM-built User-Mode Linux
if kdir=$(scripts/build/kunit-kernel.sh um) && make -s kunit-vectors &&
	scripts/build/module.sh "$kdir" "$root/build/uml-llvm" ARCH=um LLVM=1 \
		VGC_TEST_MODULES=1; then
	out=$(scripts/run/uml.sh --ko "$root/build/uml-llvm/vgcrypto.ko" \
		--ko "$root/build/uml-llvm/vgcrypto_kunit.ko" \
		--tcrypt 'alg=rfc7539(chacha20,poly1305) type=3' \
		--tcrypt 'alg=rfc7539esp(chacha20,poly1305) type=3' \
		--add tests/qemu/af_alg_vectors.c \
		--run 'af_alg_vectors $(awk '\''$1 == "driver" && /vgcrypto/ && /chacha20/ { print $3 }'\'' /proc/crypto)' \
		--log "$root/build/check/uml-llvm-console.log" 2>&1)
	echo "$out"
	count "$(grep -Eo '[0-9]+ passed, [0-9]+ failed' <<<"$out" | tail -n 1)"
else
	echo "not ok - the LLVM kernel, or the module built with LLVM=1 against it"
	fail=$((fail + 1))
fi

echo "kunit-uml-llvm: $pass passed, $fail failed"
((fail == 0))
