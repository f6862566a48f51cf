#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make run`: build vgcrypto.ko and load it into the running kernel when its
# build tree is installed; otherwise into Debian's stock 6.1 kernel booted
# under QEMU. Either way, show the registered drivers and tcrypt's verdict.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
running=/lib/modules/$(uname -r)/build

if [[ -f $running/Makefile ]]; then
	echo "== building for the running kernel $(uname -r)"
	"$root/scripts/build-module.sh" "$running" "$root/build/running"
	rmmod vgcrypto 2>/dev/null || true
	insmod "$root/build/running/vgcrypto.ko"
	grep -B1 -A3 'vgcrypto' /proc/crypto
	for alg in 'rfc7539(chacha20,poly1305)' 'rfc7539esp(chacha20,poly1305)'; do
		modprobe tcrypt alg="$alg" type=3 2>/dev/null || true
	done
	dmesg | grep -E 'vgcrypto|alg:|tcrypt' | tail -n 20
	echo "== vgcrypto is loaded; 'rmmod vgcrypto' unloads it"
	exit 0
fi

echo "== no build tree for the running kernel $(uname -r): using Debian's 6.1 under QEMU"
kdir=$("$root/scripts/kernel-6.1.sh" headers)
"$root/scripts/build-module.sh" "$kdir" "$root/build/k6.1"
exec "$root/scripts/qemu-run.sh" --ko "$root/build/k6.1/vgcrypto.ko" \
	--script "$root/tests/qemu/show-module.sh"
