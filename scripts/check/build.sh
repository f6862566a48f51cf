#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The module built against one kernel's headers, warnings counted as
# failures (scripts/build/module.sh), reported as a test count.
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
if "$root/scripts/build/module.sh" "$kdir" "$root/build/k$ver"; then
	echo "ok - vgcrypto.ko built against $kdir with no warning"
	echo "build-$ver: 1 passed, 0 failed"
else
	echo "not ok - vgcrypto.ko against $kdir"
	echo "build-$ver: 0 passed, 1 failed"
	exit 1
fi
