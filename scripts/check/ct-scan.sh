#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/ct-scan.sh
#
# Constant time in the module's object code (scripts/check/ct_scan.py,
# reasons in tests/ct/allowlist): the x86-64 objects as Kbuild builds them
# against Debian's 6.1 headers (build/k6.1, as the build-6.1 stage), the
# arm64 ones cross-built against Debian's arm64 6.1 headers
# (build/k6.1-arm64, as the qemu-arm64 stage, with the same make
# variables, so that either stage's build serves the other). Also checks
# that the scan sees what it must: the allowlist names its functions, and
# a copy of it with one branch count lowered must fail. Ends with
# "ct-scan: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1

pass=0 fail=0
count() {
	local line p f
	line=$(grep -Eo '^ct-scan-[a-z0-9]+: [0-9]+ passed, [0-9]+ failed' "$1" | tail -n1)
	if [[ -z $line ]]; then
		fail=$((fail + 1))
		return
	fi
	p=${line#*: } p=${p%% passed*}
	f=${line#*passed, } f=${f%% failed*}
	pass=$((pass + p)) fail=$((fail + f))
}

logs=$root/build/check/ct-scan
mkdir -p "$logs"
kdir=$(scripts/fetch/kernel.sh 6.1 headers) &&
	scripts/build/module.sh "$kdir" "$root/build/k6.1" >/dev/null ||
	{ echo "not ok - x86 module build against 6.1"; fail=$((fail + 1)); }
kdir=$(scripts/fetch/arm64.sh headers) &&
	scripts/build/module.sh "$kdir" "$root/build/k6.1-arm64" ARCH=arm64 \
		CROSS_COMPILE=aarch64-linux-gnu- -j2 VGC_TEST_MODULES=1 >/dev/null ||
	{ echo "not ok - arm64 module build against 6.1"; fail=$((fail + 1)); }

for a in x86:k6.1 arm64:k6.1-arm64; do
	arch=${a%%:*}
	scripts/check/ct_scan.py "$arch" "$root/build/${a#*:}" >"$logs/$arch.log" 2>&1
	grep -v '^ok - ' "$logs/$arch.log"
	count "$logs/$arch.log"
done

# the scan must notice a branch the allowlist does not explain: lower one
# count in a copy and expect exactly that function to fail
sed 's/^vgc_poly1305_final x86=1\/0/vgc_poly1305_final x86=0\/0/' \
	tests/ct/allowlist >"$logs/allowlist.canary"
if cmp -s tests/ct/allowlist "$logs/allowlist.canary"; then
	echo "not ok - canary: vgc_poly1305_final's entry not found to alter"
	fail=$((fail + 1))
elif ! scripts/check/ct_scan.py x86 "$root/build/k6.1" "$logs/allowlist.canary" \
	>"$logs/canary.log" 2>&1 &&
	grep -q '^not ok - x86 vgc_poly1305_final ' "$logs/canary.log"; then
	echo "ok - canary: an unexplained branch in vgc_poly1305_final fails the scan"
	pass=$((pass + 1))
else
	echo "not ok - canary: the scan missed an unexplained branch"
	fail=$((fail + 1))
fi
echo "ct-scan: $pass passed, $fail failed"
((fail == 0))
