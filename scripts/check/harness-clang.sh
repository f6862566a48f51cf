#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/harness-clang.sh
#
# The user-space harness built with clang (-Wall -Wextra -Werror, as with
# gcc) and with AddressSanitizer and UBSan (what gcc's build and valgrind
# do not see: an overlapping memcpy, a read past a stack buffer), run with
# --quick (every suite on every back end). The module
# built with clang runs in the debug User-Mode Linux kernel, which is
# clang's (scripts/check/debug-uml.sh).
# Ends with "harness-clang: N passed, N failed".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
out=$root/build/harness-clang
log=$out/run.log
mkdir -p "$out"
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
make -s -C tests/harness O="$out" CC=clang EXTRA_CFLAGS="$san" "$out/vgc_test" >"$log" 2>&1 &&
	"$out/vgc_test" --quick --require-vectors >>"$log" 2>&1
rc=$?
grep -E '^(FAIL|harness:)|error|warning|^not exercised|Sanitizer' "$log" | tail -n 20
line=$(grep -Eo '^harness: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
p=${line#harness: } p=${p%% passed*}
f=${line#*passed, } f=${f%% failed*}
if [[ ! $p =~ ^[0-9]+$ || ! $f =~ ^[0-9]+$ ]]; then
	p=0 f=1
elif ((rc != 0 && f == 0)); then
	f=1
fi
echo "harness-clang: $p passed, $f failed"
((f == 0))
