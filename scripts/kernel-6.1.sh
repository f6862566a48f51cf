#!/bin/bash
# scripts/kernel-6.1.sh - Debian's stock 6.1 amd64 kernel, cached outside the
# clone, for building (headers) and booting (image) vgcrypto.
#
# usage: scripts/kernel-6.1.sh headers|image|modules|vmlinux|kver|version|source
#   headers  print KDIR for `make -C KDIR M=DIR` (Debian 6.1 amd64 headers)
#   image    print the vmlinuz path; the module tree is depmod'ed for guests
#   modules  print that module tree (lib/modules/KVER of the image)
#   vmlinux  print the uncompressed ELF kernel (extracted once from vmlinuz):
#            QEMU boots it through its PVH entry, skipping the ~4 s that
#            TCG spends inflating the xz payload
#   kver     print the kernel release (6.1.0-N-amd64)
#   version  print the Debian package version (6.1.X-Y)
#   source   print the unpacked linux-source-6.1 tree (same version)
#
# The newest ABI N the apt lists offer is used, with headers, image, kbuild
# and source all pinned to the one Debian version, so they always match.
# Pin a set with VGCRYPTO_K61_ABI=N and VGCRYPTO_K61_VERSION=6.1.X-Y (then,
# once cached, no apt access at all). Only paths go to stdout.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

usage() { vgc_usage; }

# Set K61_ABI, K61_VER, K61_KVER and K61_ROOT.
k61_resolve() {
	local res=$VGC_APT/k61.resolved
	if [[ -n ${VGCRYPTO_K61_ABI:-} && -n ${VGCRYPTO_K61_VERSION:-} ]]; then
		K61_ABI=$VGCRYPTO_K61_ABI K61_VER=$VGCRYPTO_K61_VERSION
	else
		vgc_apt_refresh # no extra suites: 6.1 is in the machine's own
		# Reuse the last answer while the lists have not changed.
		if [[ -z ${VGCRYPTO_K61_ABI:-} && -f $res && $res -nt $VGC_APT/lists.stamp ]]; then
			read -r K61_ABI K61_VER <"$res"
		else
			k61_pick
			if [[ -z ${VGCRYPTO_K61_ABI:-} ]]; then
				printf '%s %s\n' "$K61_ABI" "$K61_VER" >"$res.$$"
				mv -f "$res.$$" "$res"
			fi
		fi
	fi
	K61_KVER=6.1.0-$K61_ABI-amd64
	K61_ROOT=$VGC_CACHE/debian-linux-$K61_VER
}

# Find the newest ABI whose image, headers, kbuild and source packages all
# exist at one version (a security update can list an image before the rest).
k61_pick() {
	local abis n v pkgs
	vgc_apt_opts
	if [[ -n ${VGCRYPTO_K61_ABI:-} ]]; then
		abis=$VGCRYPTO_K61_ABI
	else
		abis=$(apt-cache "${VGC_APT_OPTS[@]}" pkgnames linux-image-6.1.0- |
			sed -nE 's/^linux-image-6\.1\.0-([0-9]+)-amd64-unsigned$/\1/p' | sort -nr)
	fi
	for n in $abis; do
		pkgs=("linux-image-6.1.0-$n-amd64-unsigned" "linux-headers-6.1.0-$n-amd64"
			"linux-headers-6.1.0-$n-common" linux-kbuild-6.1 linux-source-6.1)
		# One madison call: "pkg | version | ..." for all five packages.
		v=$(apt-cache "${VGC_APT_OPTS[@]}" madison "${pkgs[@]}" 2>/dev/null |
			awk -F'|' '{ gsub(/ /, ""); print $1, $2 }' | sort -u |
			awk -v want="${VGCRYPTO_K61_VERSION:-}" '
				{ c[$2]++ }
				END { for (v in c) if (c[v] == 5 && (want == "" || v == want)) print v }' |
			sort -Vr | head -n1)
		if [[ -n $v ]]; then
			K61_ABI=$n K61_VER=$v
			return 0
		fi
	done
	vgc_die "no consistent linux 6.1 amd64 package set in the apt lists"
}

# Unpack headers + -common + kbuild and make the private copy self-contained.
k61_headers() {
	local hdr=$K61_ROOT/usr/src/linux-headers-$K61_KVER stamp
	# kbuild's prebuilt tools need libelf and libssl; Debian builds with gcc-12.
	vgc_need_pkgs gcc-12 make libc6-dev binutils libelf1 libssl3
	stamp=$K61_ROOT/.vgc-stamps/headers-fixed
	if [[ ! -f $stamp || $(cat "$stamp") != "$K61_ROOT" ]]; then
		vgc_lock "k61-$K61_VER"
		vgc_deb_unpack "$K61_ROOT" \
			"linux-headers-$K61_KVER=$K61_VER" \
			"linux-headers-6.1.0-$K61_ABI-common=$K61_VER" \
			"linux-kbuild-6.1=$K61_VER"
		# The arch Makefile includes the -common tree by absolute path
		# (/usr/src/...): point it at our copy. The scripts/ and tools/
		# links are relative and already resolve inside the private root.
		# (Also matches a copy fixed before the cache moved.)
		sed -i -E "s|^include .*(/usr/src/linux-headers-[^/]+-common/Makefile)\$|include $K61_ROOT\\1|" \
			"$hdr/Makefile"
		grep -q "^include $K61_ROOT/usr/src/" "$hdr/Makefile" ||
			vgc_die "unexpected $hdr/Makefile: $(cat "$hdr/Makefile")"
		printf '%s\n' "$K61_ROOT" >"$stamp"
		vgc_unlock "k61-$K61_VER"
	fi
	printf '%s\n' "$hdr"
}

# Unpack the image and depmod its module tree so a guest's modprobe works.
k61_image() {
	local mods=$K61_ROOT/lib/modules/$K61_KVER
	if [[ ! -f $K61_ROOT/.vgc-stamps/depmod ]]; then
		vgc_need_pkgs kmod
		vgc_lock "k61-$K61_VER"
		vgc_deb_unpack "$K61_ROOT" "linux-image-$K61_KVER-unsigned=$K61_VER"
		# build/source point to /usr/src; nothing here needs them.
		rm -f "$mods/build" "$mods/source"
		depmod -b "$K61_ROOT" "$K61_KVER"
		touch "$K61_ROOT/.vgc-stamps/depmod"
		vgc_unlock "k61-$K61_VER"
	fi
	[[ -f $K61_ROOT/boot/vmlinuz-$K61_KVER ]] || vgc_die "no vmlinuz in $K61_ROOT"
}

# The bzImage's payload is an xz stream: find its magic, inflate it, and
# keep the result if it is an ELF file.
k61_vmlinux() {
	local z=$K61_ROOT/boot/vmlinuz-$K61_KVER out=$K61_ROOT/boot/vmlinux-$K61_KVER off
	if [[ ! -f $out ]]; then
		vgc_need_pkgs xz-utils
		while read -r off; do
			tail -c +"$((off + 1))" "$z" | xz -dc --single-stream >"$out.$$" 2>/dev/null || true
			if [[ $(head -c 4 "$out.$$" | od -An -c | tr -d ' ') == 177ELF ]]; then
				mv "$out.$$" "$out"
				break
			fi
		done < <(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$z" | cut -d: -f1)
		rm -f "$out.$$"
		[[ -f $out ]] || vgc_die "no xz-compressed ELF kernel found in $z"
	fi
	printf '%s\n' "$out"
}

# Extract linux-source-6.1.tar.xz straight from the .deb (no 140 MB copy).
k61_source() {
	local dir=$VGC_CACHE/linux-source-$K61_VER
	if [[ ! -f $dir/.vgc-stamp ]]; then
		vgc_need_pkgs xz-utils
		vgc_lock "k61src-$K61_VER"
		if [[ ! -f $dir/.vgc-stamp ]]; then
			vgc_deb_fetch "linux-source-6.1=$K61_VER"
			vgc_log "extracting linux-source-6.1 $K61_VER"
			# amdgpu's register headers are a quarter of the tree (370 MB)
			# and nothing here builds DRM: leave them out.
			local skip=(--exclude='*/drivers/gpu/drm/amd/include/asic_reg/*')
			rm -rf "$dir"
			mkdir -p "$dir"
			dpkg-deb --fsys-tarfile "$(vgc_deb_path linux-source-6.1 "$K61_VER")" |
				tar -xO ./usr/src/linux-source-6.1.tar.xz |
				xz -d -T0 | tar -x -C "$dir" "${skip[@]}"
			[[ -f $dir/linux-source-6.1/Makefile ]] || vgc_die "bad linux-source tarball"
			touch "$dir/.vgc-stamp"
		fi
		vgc_unlock "k61src-$K61_VER"
	fi
	printf '%s\n' "$dir/linux-source-6.1"
}

[[ $# -eq 1 ]] || usage
case $1 in
headers) k61_resolve; k61_headers ;;
image) k61_resolve; k61_image; printf '%s\n' "$K61_ROOT/boot/vmlinuz-$K61_KVER" ;;
modules) k61_resolve; k61_image; printf '%s\n' "$K61_ROOT/lib/modules/$K61_KVER" ;;
vmlinux) k61_resolve; k61_image; k61_vmlinux ;;
kver) k61_resolve; printf '%s\n' "$K61_KVER" ;;
version) k61_resolve; printf '%s\n' "$K61_VER" ;;
source) k61_resolve; k61_source ;;
-h | --help) usage ;;
*) usage ;;
esac
