#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# In-kernel speed at native speed: tcrypt's rfc7539esp AEAD speed test
# (mode=213, sec=1) in one User-Mode Linux boot, first with the kernel's
# own generic template, then with vgcrypto loaded (its best driver then has
# the highest priority). UML has no cycle counter (get_cycles() is 0), so
# tcrypt counts operations per second. Then ML-KEM-768: one encapsulation
# and one decapsulation through the crypto API per vgcrypto driver
# (vgcrypto_mlkem_kbench.ko, kunit/mlkem_kbench.c), in ns per pair.
#
#   scripts/bench/uml.sh [--bundle DIR | --judge LOG]   (see scripts/run/uml.sh)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

kdir=$(scripts/build/kunit-kernel.sh um)
scripts/build/module.sh "$kdir" "$root/build/uml" ARCH=um VGC_TEST_MODULES=1 >/dev/null
mkdir -p build/bench
tcrypt='modprobe tcrypt mode=213 sec=1 2>/dev/null; dmesg -c | grep -E "testing speed|operations in"'
log=$root/build/bench/uml-tcrypt.log
elsewhere=()
case ${1:-} in
--bundle) elsewhere=(--bundle "$2") ;;
--judge) elsewhere=(--judge "$2") log=$2 ;;
esac
scripts/run/uml.sh --no-kunit --add "$root/build/uml/vgcrypto.ko" \
	--add "$root/build/uml/vgcrypto_mlkem_kbench.ko" \
	--run "modprobe tcrypt mode=213 sec=1 2>/dev/null; true" \
	--run "insmod /bin/vgcrypto.ko && { modprobe tcrypt mode=213 sec=1 2>/dev/null; true; }" \
	--run "insmod /bin/vgcrypto_mlkem_kbench.ko 2>/dev/null; dmesg | grep mlkem-kbench; true" \
	--log "$log" "${elsewhere[@]}" >/dev/null
[[ ${1:-} == --bundle ]] && exit 0
# UML runs on the host's CPU: name it next to the figures
echo "CPU: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"

# The first (single-request) pass of each driver and direction; tcrypt's
# second pass is its multibuffer variant.
awk '
/^testing speed of / {
	drv = $0; sub(/^testing speed of [^ ]+ \(/, "", drv); sub(/\) [a-z]+cryption$/, "", drv)
	dir = $NF; key = drv " " dir; pass[key]++
	if (!(drv in seen)) { seen[drv] = 1; order[++nd] = drv }
	next
}
/^test [0-9]+ \(.* byte blocks\): [0-9]+ operations in/ && pass[key] == 1 {
	b = $0; sub(/ byte blocks.*/, "", b); sub(/.*key, /, "", b)
	ops = $0; sub(/ operations.*/, "", ops); sub(/.*: /, "", ops)
	v[drv, dir, b] = ops; sizes[b] = 1
}
END {
	if (nd < 2) { print "bench-uml: expected two drivers, got " nd; exit 1 }
	printf "tcrypt mode=213 sec=1 under UML, ops/s (ratio = vgcrypto / kernel):\n"
	printf "%6s %12s %12s %6s %12s %12s %6s\n", "bytes", "kernel enc", "vgc enc", "ratio", "kernel dec", "vgc dec", "ratio"
	for (b = 1; b <= 65536; b++) {
		if (!(b in sizes))
			continue
		printf "%6d %12d %12d %6.2f %12d %12d %6.2f\n", b,
			v[order[1], "encryption", b], v[order[2], "encryption", b],
			v[order[2], "encryption", b] / v[order[1], "encryption", b],
			v[order[1], "decryption", b], v[order[2], "decryption", b],
			v[order[2], "decryption", b] / v[order[1], "decryption", b]
	}
	printf "kernel: %s\nvgcrypto: %s\n", order[1], order[2]
}' "$log"
echo
echo "ML-KEM-768 encaps + decaps through the crypto API under UML, ns per pair"
echo "(ratio: to the generic driver, median of per-round ratios, x1000):"
grep -o 'mlkem-kbench: [a-z0-9]* .*' "$log" | sed 's/^mlkem-kbench: //' |
	awk '!seen[$1]++' || echo "bench-uml: no ML-KEM figures (see $log)"
