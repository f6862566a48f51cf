#!/bin/bash
# scripts/fetch/kernel.sh - one of Debian's stock amd64 kernels, cached outside the
# clone, for building (headers) and booting (image) vgcrypto.
#
# usage: scripts/fetch/kernel.sh RELEASE headers|image|modules|vmlinux|kver|version|source
#   RELEASE  6.1 (bookworm) or 6.12 (bookworm-backports, and the 6.12
#            updates in bookworm-security); 7.3 (trixie-backports) goes
#            to scripts/fetch/kernel-trixie.sh
#   headers  print KDIR for `make -C KDIR M=DIR` (Debian amd64 headers)
#   image    print the vmlinuz path; the module tree is depmod'ed for guests
#   modules  print that module tree (lib/modules/KVER of the image)
#   vmlinux  print the uncompressed ELF kernel (extracted once from vmlinuz):
#            QEMU boots it through its PVH entry, skipping the ~4 s that
#            TCG spends inflating the xz payload
#   kver     print the kernel release (6.1.0-N-amd64, 6.12.X+debN-amd64)
#   version  print the Debian package version (6.1.X-Y, 6.12.X-Y~bpo12+1)
#   source   print the unpacked linux-source-RELEASE tree (same version)
#
# The newest ABI the apt lists offer is used, with headers, image, kbuild
# and source all pinned to the one Debian version, so they always match.
# The package sources are the machine's own (scripts/lib.sh); a release
# that lives in a suite the machine does not list (6.12: backports) gets
# that suite added, with the machine's own mirror, in a private apt state.
# Each package version has its own tree in the cache. Pin a set with
# VGCRYPTO_K61_ABI=6.1.0-N and VGCRYPTO_K61_VERSION=6.1.X-Y (K612 for 6.12;
# then, once cached, no apt access at all). Only paths go to stdout.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

usage() { vgc_usage; }

[[ $# -eq 2 ]] || usage
REL=$1
case $REL in
7.3)
	# trixie-backports: built and unpacked through a trixie tree
	exec "$(dirname "$0")/kernel-trixie.sh" "$2"
	;;
6.1)
	# bookworm's own kernel: ABI 6.1.0-N, one linux-kbuild-6.1 package
	K_SUITES=()
	K_ABI_RE='6\.1\.0-[0-9]+'
	;;
6.12)
	# bookworm-backports (and bookworm-security): ABI 6.12.X+debN, one
	# linux-kbuild-6.12.X+debN package per ABI. The suite's name follows
	# the machine's own release.
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[[ -n $codename ]] || vgc_die "no VERSION_CODENAME in /etc/os-release"
	K_SUITES=("$codename-backports")
	K_ABI_RE='6\.12\.[0-9]+\+deb[0-9]+'
	;;
*) usage ;;
esac
# Pins: VGCRYPTO_K61_ABI/VERSION, VGCRYPTO_K612_ABI/VERSION.
pin=VGCRYPTO_K${REL//./}
PIN_ABI=${pin}_ABI PIN_VER=${pin}_VERSION
PIN_ABI=${!PIN_ABI:-} PIN_VER=${!PIN_VER:-}

# The packages of one ABI at one version: image, headers, -common, kbuild
# and source. kbuild is named after the release (6.1) or the ABI (6.12).
k_pkgs() {
	local kb=linux-kbuild-$REL
	[[ $1 == *+deb* ]] && kb=linux-kbuild-$1
	K_PKGS=("linux-image-$1-amd64-unsigned" "linux-headers-$1-amd64"
		"linux-headers-$1-common" "$kb" "linux-source-$REL")
}

# Set K_ABI, K_VER, K_KVER, K_ROOT and K_PKGS.
k_resolve() {
	local res
	if [[ -n $PIN_ABI && -n $PIN_VER ]]; then
		K_ABI=$PIN_ABI K_VER=$PIN_VER
		# The private lists of this release's suites, fetched only if
		# there are none (a pinned set downloads from them once).
		VGC_APT=$VGC_CACHE/apt
		((${#K_SUITES[@]} == 0)) || VGC_APT+=-$(IFS=-; echo "${K_SUITES[*]}")
		if ! compgen -G "$VGC_APT/lists/*_Packages*" >/dev/null; then
			# shellcheck disable=SC2119,SC2086
			vgc_apt_refresh ${K_SUITES[@]+"${K_SUITES[@]}"}
		fi
	else
		# shellcheck disable=SC2119,SC2086
		vgc_apt_refresh ${K_SUITES[@]+"${K_SUITES[@]}"}
		res=$VGC_APT/k$REL.resolved
		# Reuse the last answer while the lists have not changed.
		if [[ -z $PIN_ABI && -f $res && $res -nt $VGC_APT/lists.stamp ]]; then
			read -r K_ABI K_VER <"$res"
		else
			k_pick
			if [[ -z $PIN_ABI ]]; then
				printf '%s %s\n' "$K_ABI" "$K_VER" >"$res.$$"
				mv -f "$res.$$" "$res"
			fi
		fi
	fi
	k_pkgs "$K_ABI"
	K_KVER=$K_ABI-amd64
	K_ROOT=$VGC_CACHE/debian-linux-$K_VER
}

# Find the newest ABI whose five packages all exist at one version (a
# security update can list an image before the rest).
k_pick() {
	local abis n v
	vgc_apt_opts
	if [[ -n $PIN_ABI ]]; then
		abis=$PIN_ABI
	else
		abis=$(apt-cache "${VGC_APT_OPTS[@]}" pkgnames "linux-image-$REL." |
			sed -nE "s/^linux-image-($K_ABI_RE)-amd64-unsigned\$/\1/p" | sort -Vr)
	fi
	for n in $abis; do
		k_pkgs "$n"
		# One madison call: "pkg | version | ..." for all five packages.
		v=$(apt-cache "${VGC_APT_OPTS[@]}" madison "${K_PKGS[@]}" 2>/dev/null |
			awk -F'|' '{ gsub(/ /, ""); print $1, $2 }' | sort -u |
			awk -v want="$PIN_VER" '
				{ c[$2]++ }
				END { for (v in c) if (c[v] == 5 && (want == "" || v == want)) print v }' |
			sort -Vr | head -n1)
		if [[ -n $v ]]; then
			K_ABI=$n K_VER=$v
			return 0
		fi
	done
	vgc_die "no consistent linux $REL amd64 package set in the apt lists"
}

# Unpack headers + -common + kbuild and make the private copy self-contained.
k_headers() {
	local hdr=$K_ROOT/usr/src/linux-headers-$K_KVER stamp
	# kbuild's prebuilt tools need libelf and libssl; Debian builds both
	# releases with gcc-12 here; 6.12 makes BTF for modules with pahole.
	vgc_need_pkgs gcc-12 make libc6-dev binutils libelf1 libssl3
	[[ $REL == 6.1 ]] || vgc_need_pkgs dwarves
	stamp=$K_ROOT/.vgc-stamps/headers-fixed
	if [[ ! -f $stamp || $(cat "$stamp") != "$K_ROOT" ]]; then
		vgc_lock "k-$K_VER"
		vgc_deb_unpack "$K_ROOT" "${K_PKGS[1]}=$K_VER" "${K_PKGS[2]}=$K_VER" \
			"${K_PKGS[3]}=$K_VER"
		# The arch Makefile includes the -common tree by absolute path
		# (/usr/src/...): point it at our copy. The scripts/ and tools/
		# links are relative and already resolve inside the private root.
		# (Also matches a copy fixed before the cache moved.)
		sed -i -E "s|^include .*(/usr/src/linux-headers-[^/]+-common/Makefile)\$|include $K_ROOT\\1|" \
			"$hdr/Makefile"
		grep -q "^include $K_ROOT/usr/src/" "$hdr/Makefile" ||
			vgc_die "unexpected $hdr/Makefile: $(cat "$hdr/Makefile")"
		printf '%s\n' "$K_ROOT" >"$stamp"
		vgc_unlock "k-$K_VER"
	fi
	printf '%s\n' "$hdr"
}

# Unpack the image and depmod its module tree so a guest's modprobe works.
k_image() {
	local mods=$K_ROOT/lib/modules/$K_KVER
	if [[ ! -f $K_ROOT/.vgc-stamps/depmod ]]; then
		vgc_need_pkgs kmod
		vgc_lock "k-$K_VER"
		vgc_deb_unpack "$K_ROOT" "${K_PKGS[0]}=$K_VER"
		# build/source point to /usr/src; nothing here needs them.
		rm -f "$mods/build" "$mods/source"
		depmod -b "$K_ROOT" "$K_KVER"
		touch "$K_ROOT/.vgc-stamps/depmod"
		vgc_unlock "k-$K_VER"
	fi
	[[ -f $K_ROOT/boot/vmlinuz-$K_KVER ]] || vgc_die "no vmlinuz in $K_ROOT"
}

# The uncompressed ELF kernel, extracted once (scripts/lib.sh).
k_vmlinux() {
	vgc_vmlinux "$K_ROOT/boot/vmlinuz-$K_KVER" "$K_ROOT/boot/vmlinux-$K_KVER"
}

# Extract linux-source-$REL.tar.xz straight from the .deb (no 140 MB copy).
k_source() {
	local dir=$VGC_CACHE/linux-source-$K_VER
	if [[ ! -f $dir/.vgc-stamp ]]; then
		vgc_need_pkgs xz-utils
		vgc_lock "ksrc-$K_VER"
		if [[ ! -f $dir/.vgc-stamp ]]; then
			vgc_deb_fetch "linux-source-$REL=$K_VER"
			vgc_log "extracting linux-source-$REL $K_VER"
			# amdgpu's register headers are a quarter of the tree (370 MB)
			# and nothing here builds DRM: leave them out.
			local skip=(--exclude='*/drivers/gpu/drm/amd/include/asic_reg/*')
			rm -rf "$dir"
			mkdir -p "$dir"
			dpkg-deb --fsys-tarfile "$(vgc_deb_path "linux-source-$REL" "$K_VER")" |
				tar -xO "./usr/src/linux-source-$REL.tar.xz" |
				xz -d -T0 | tar -x -C "$dir" "${skip[@]}"
			[[ -f $dir/linux-source-$REL/Makefile ]] || vgc_die "bad linux-source tarball"
			touch "$dir/.vgc-stamp"
		fi
		vgc_unlock "ksrc-$K_VER"
	fi
	printf '%s\n' "$dir/linux-source-$REL"
}

case $2 in
headers) k_resolve; k_headers ;;
image) k_resolve; k_image; printf '%s\n' "$K_ROOT/boot/vmlinuz-$K_KVER" ;;
modules) k_resolve; k_image; printf '%s\n' "$K_ROOT/lib/modules/$K_KVER" ;;
vmlinux) k_resolve; k_image; k_vmlinux ;;
kver) k_resolve; printf '%s\n' "$K_KVER" ;;
version) k_resolve; printf '%s\n' "$K_VER" ;;
source) k_resolve; k_source ;;
-h | --help) usage ;;
*) usage ;;
esac
