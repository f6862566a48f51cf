#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The module built against one kernel's headers, warnings counted as
# failures (scripts/build/module.sh), and its objects checked for vector
# registers outside the SIMD ones (scripts/check/simd-objects.sh),
# reported as test counts.
#
# usage: scripts/check/build.sh 6.1|6.12|7.3
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
ver=${1:?usage: $0 6.1}

kdir=$("$root/scripts/fetch/kernel.sh" "$ver" headers) || {
	echo "build-$ver: headers unavailable"
	echo "0 passed, 1 failed"
	exit 1
}
if ! "$root/scripts/build/module.sh" "$kdir" "$root/build/k$ver"; then
	echo "not ok - vgcrypto.ko against $kdir"
	echo "build-$ver: 0 passed, 1 failed"
	exit 1
fi
echo "ok - vgcrypto.ko built against $kdir with no warning"
# no vector register outside the SIMD objects (FPU isolation by structure)
simd=$("$root/scripts/check/simd-objects.sh" "$root/build/k$ver")
rc=$?
grep -v '^ok - ' <<<"$simd"
line=$(tail -n 1 <<<"$simd")
p=${line#simd-objects: } p=${p%% passed*}
f=${line#*passed, } f=${f%% failed*}
[[ $p =~ ^[0-9]+$ && $f =~ ^[0-9]+$ ]] || p=0 f=1
echo "build-$ver: $((p + 1)) passed, $f failed"
((rc == 0))
