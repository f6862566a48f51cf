#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make run`: build vgcrypto.ko and load it into the running kernel when its
# build tree is installed; otherwise into Debian's stock 6.1 kernel (or
# VGCRYPTO_RELEASE=6.12 or 7.3) booted under QEMU. Either way, show the registered
# drivers and tcrypt's verdict; under QEMU also which driver kTLS and IPsec
# get while they run (on the running kernel: which one they would get).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
running=/lib/modules/$(uname -r)/build

if [[ -f $running/Makefile ]]; then
	echo "== building for the running kernel $(uname -r)"
	"$root/scripts/build/module.sh" "$running" "$root/build/running"
	rmmod vgcrypto 2>/dev/null || true
	insmod "$root/build/running/vgcrypto.ko"
	grep -B1 -A3 'vgcrypto' /proc/crypto
	for alg in 'rfc7539(chacha20,poly1305)' 'rfc7539esp(chacha20,poly1305)'; do
		modprobe tcrypt alg="$alg" type=3 2>/dev/null || true
	done
	dmesg | grep -E 'vgcrypto|alg:|tcrypt' | tail -n 20
	# kTLS and IPsec ask for these names and get the highest priority
	for alg in 'rfc7539(chacha20,poly1305)' 'rfc7539esp(chacha20,poly1305)'; do
		echo "$alg: kTLS/IPsec would get $(awk -v a="$alg" '/^name/ { n = $3 } /^driver/ { d = $3 }
			/^priority/ && n == a && $3 > p { p = $3; best = d } END { print best }' /proc/crypto)"
	done
	echo "== vgcrypto is loaded; 'rmmod vgcrypto' unloads it"
	exit 0
fi

rel=${VGCRYPTO_RELEASE:-6.1}
echo "== no build tree for the running kernel $(uname -r): using Debian's $rel under QEMU"
kdir=$("$root/scripts/fetch/kernel.sh" "$rel" headers)
"$root/scripts/build/module.sh" "$kdir" "$root/build/k$rel"
# The guest also shows which driver kTLS and IPsec get: it needs the kTLS
# program and Debian's ip (under a name busybox's sh does not take over).
# shellcheck source=scripts/lib.sh
. "$root/scripts/lib.sh"
vgc_need_pkgs iproute2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgc-run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp /bin/ip "$tmp/iproute2-ip"
"$root/scripts/run/qemu.sh" --release "$rel" --ko "$root/build/k$rel/vgcrypto.ko" \
	--script "$root/tests/qemu/show-module.sh" \
	--add "$root/tests/consumers/ktls_test.c" --add "$root/tests/consumers/ipsec.sh" \
	--add "$tmp/iproute2-ip" --mod tls --mod veth --mod xfrm_user --mod esp4
