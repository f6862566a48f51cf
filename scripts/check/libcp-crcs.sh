#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/libcp-crcs.sh MODULE_TREE MODULE_SYMVERS
#
# Whether the libchacha20poly1305 replacement (crypto/libchacha20poly1305.c)
# exports what the stock wireguard.ko of MODULE_TREE (a kernel's
# lib/modules/KVER) imports from the kernel's own libchacha20poly1305:
# every name, with the CRC wireguard.ko was built against when it records
# CRCs (CONFIG_MODVERSIONS). MODULE_SYMVERS is the build's, with
# VGC_LIBCP=1. Prints one ok/not ok line.
set -euo pipefail

tree=${1:?usage: $0 MODULE_TREE MODULE_SYMVERS}
syms=${2:?usage: $0 MODULE_TREE MODULE_SYMVERS}
wg=$(find "$tree" -name 'wireguard.ko*' | head -n1)
if [[ -z $wg ]]; then
	echo "not ok - no wireguard.ko in $tree"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $wg in
*.xz) xz -dc "$wg" >"$tmp/wg.ko" ;;
*.zst) zstd -qdc "$wg" >"$tmp/wg.ko" ;;
*) cp "$wg" "$tmp/wg.ko" ;;
esac
# the imports wireguard.ko takes from the library (its modinfo depends)
mapfile -t names < <(nm -u "$tmp/wg.ko" 2>/dev/null | awk '{print $2}' |
	grep -E '^x?chacha20poly1305_' | sort)
if ((${#names[@]} < 6)); then
	echo "not ok - $wg imports ${#names[@]} chacha20poly1305 functions, not the six expected"
	exit 1
fi
modprobe --dump-modversions "$tmp/wg.ko" 2>/dev/null | awk '{print $2, $1}' | sort >"$tmp/want" || true
bad=()
for n in "${names[@]}"; do
	have=$(awk -v n="$n" '$2 == n && $3 ~ /libchacha20poly1305$/ { print $1 }' "$syms")
	if [[ -z $have ]]; then
		bad+=("$n: not exported")
		continue
	fi
	want=$(awk -v n="$n" '$1 == n { print $2 }' "$tmp/want")
	[[ -z $want || $((want)) -eq $((have)) ]] || bad+=("$n: $have, wireguard.ko wants $want")
done
if ((${#bad[@]})); then
	echo "not ok - libchacha20poly1305's exports against $wg: ${bad[*]}"
	exit 1
fi
if [[ -s $tmp/want ]]; then
	echo "ok - libchacha20poly1305 exports the ${#names[@]} functions $(basename "$wg") imports, with its CRCs"
else
	echo "ok - libchacha20poly1305 exports the ${#names[@]} functions $(basename "$wg") imports (no CRCs: CONFIG_MODVERSIONS off)"
fi
