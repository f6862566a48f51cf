#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/fetch/kernel-trixie.sh - Debian's 7.x amd64 kernel from
# trixie-backports, the same interface as scripts/fetch/kernel.sh (which
# sends release 7.3 here). Its headers live in the trixie tree of
# scripts/fetch/trixie.sh, where modules for it are built (build/module.sh
# sees the tree's mark and builds there); the image and the module tree are
# unpacked into the cache for QEMU guests.
#
# usage: scripts/fetch/kernel-trixie.sh headers|image|modules|vmlinux|kver|version
#   headers  print KDIR (inside the trixie tree)
#   image    print the vmlinuz path; the module tree is depmod'ed for guests
#   modules  print that module tree (lib/modules/KVER)
#   vmlinux  print the uncompressed ELF kernel
#   kver     print the kernel release (7.3.X+debN-amd64)
#   version  print the Debian package version
#
# The release is whatever linux-headers-amd64 from trixie-backports is in
# the tree (scripts/fetch/trixie.sh refresh moves it on); image and modules are
# fetched at exactly that version.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

usage() { vgc_usage; }

[[ $# -eq 1 ]] || usage
TREE=$("$VGC_SCRIPTS/fetch/trixie.sh" root)

# Set K_KVER, K_VER, K_ROOT from the headers installed in the tree.
k_resolve() {
	local h
	h=$(cd "$TREE/usr/src" && ls -d linux-headers-7.*-amd64 2>/dev/null | sort -V | tail -n1)
	[[ -n $h ]] || vgc_die "no linux-headers-7.*-amd64 in $TREE"
	K_KVER=${h#linux-headers-}
	K_VER=$("$VGC_SCRIPTS/fetch/trixie.sh" exec -- dpkg-query -W -f '${Version}' "$h")
	K_ROOT=$VGC_CACHE/debian-linux-$K_VER
}

# Debian splits the image: linux-binary-KVER (vmlinuz), linux-modules-KVER
# (the .ko files), linux-base-KVER (modules.order and the like), all under
# usr/lib/modules. Unpacked into K_ROOT with the layout kernel.sh gives
# (boot/vmlinuz-KVER, lib/modules/KVER), and depmod'ed.
k_image() {
	local dl pkgs=() p
	[[ -f $K_ROOT/.vgc-stamps/depmod ]] && return 0
	vgc_need_pkgs kmod xz-utils
	vgc_lock "k-$K_VER"
	if [[ ! -f $K_ROOT/.vgc-stamps/depmod ]]; then
		for p in binary modules base; do
			pkgs+=("linux-$p-$K_KVER=$K_VER")
		done
		dl=$VGC_CACHE/debs/trixie
		mkdir -p "$dl" "$K_ROOT/.vgc-stamps" "$K_ROOT/boot" "$K_ROOT/lib/modules"
		vgc_log "downloading ${pkgs[*]} (in the trixie tree)"
		"$VGC_SCRIPTS/fetch/trixie.sh" exec --bind "$dl" -- \
			sh -c 'cd "$1" && shift && apt-get -q download "$@"' sh "$dl" "${pkgs[@]}" >&2
		rm -rf "$K_ROOT/usr/lib/modules"
		for p in "${pkgs[@]}"; do
			dpkg-deb -x "$dl/${p%%=*}_${K_VER//:/%3a}_amd64.deb" "$K_ROOT"
		done
		rm -rf "$K_ROOT/lib/modules/$K_KVER"
		mv "$K_ROOT/usr/lib/modules/$K_KVER" "$K_ROOT/lib/modules/$K_KVER"
		mv "$K_ROOT/lib/modules/$K_KVER/vmlinuz" "$K_ROOT/boot/vmlinuz-$K_KVER"
		rm -f "$K_ROOT/lib/modules/$K_KVER/build" "$K_ROOT/lib/modules/$K_KVER/source"
		depmod -b "$K_ROOT" "$K_KVER"
		touch "$K_ROOT/.vgc-stamps/depmod"
	fi
	vgc_unlock "k-$K_VER"
}

k_resolve
case $1 in
headers) printf '%s\n' "$TREE/usr/src/linux-headers-$K_KVER" ;;
image) k_image; printf '%s\n' "$K_ROOT/boot/vmlinuz-$K_KVER" ;;
modules) k_image; printf '%s\n' "$K_ROOT/lib/modules/$K_KVER" ;;
vmlinux) k_image; vgc_vmlinux "$K_ROOT/boot/vmlinuz-$K_KVER" "$K_ROOT/boot/vmlinux-$K_KVER" ;;
kver) printf '%s\n' "$K_KVER" ;;
version) printf '%s\n' "$K_VER" ;;
*) usage ;;
esac
