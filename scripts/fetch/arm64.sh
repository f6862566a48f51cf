#!/bin/bash
# scripts/fetch/arm64.sh - Debian's arm64 packages for the arm64 checks,
# cached outside the clone, fetched through a private apt state (the
# machine's own sources, architecture arm64: scripts/lib.sh, vgc_apt_arch)
# so the machine's apt configuration and dpkg architectures are untouched.
#
# usage: scripts/fetch/arm64.sh tools|sysroot|guest-base
#        scripts/fetch/arm64.sh [RELEASE] headers|image|modules|kver|version
#   tools    install the cross compiler and QEMU (user and system mode)
#   sysroot  print a root with libssl-dev:arm64 unpacked (static libcrypto
#            and headers for the cross-built harness)
#   guest-base  print a cpio archive (built once) of an arm64 guest
#            userland: busybox-static, kmod's module tools with their
#            libraries, and scripts/lib.sh's /init
#   RELEASE  6.1 (the default), 6.12 or 7.3: the arm64 build of the kernel
#            that scripts/fetch/kernel.sh RELEASE picks for amd64 (the same
#            ABI and Debian version)
#   headers  print KDIR of Debian's arm64 headers, for
#            `make -C KDIR M=DIR ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-`.
#            6.1 and 6.12 (built with gcc-12, as this machine's cross
#            compiler): unpacked into the cache, with the amd64 tree's
#            -common headers and kbuild tools (fixdep, modpost, ... must run
#            here). 7.3 (built with trixie's gcc-14): unpacked into the
#            tree of scripts/fetch/trixie.sh, beside the amd64 headers of the
#            same version whose -common and kbuild it shares, and built
#            there (scripts/build/module.sh sees the tree)
#   image    print the arm64 vmlinuz path; the module tree is depmod'ed
#   modules  print that module tree
#   kver     print the kernel release (6.1.0-N-arm64, 6.12.X+debN-arm64,
#            7.3.X+debN-arm64)
#   version  print the Debian package version
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

REL=6.1
if [[ $# -eq 2 ]]; then
	REL=$1
	shift
fi
[[ $# -eq 1 ]] || vgc_usage
case $REL in
6.1 | 6.12 | 7.3) ;;
*) vgc_usage ;;
esac
vgc_apt_arch arm64

a_tools() {
	vgc_need_pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross binutils-aarch64-linux-gnu \
		qemu-user-static qemu-system-arm make
}

# a_version PKG: the newest version the arm64 lists offer.
a_version() {
	vgc_apt_versions "$1" | head -n1
}

a_sysroot() {
	local ver root
	vgc_apt_refresh
	ver=$(a_version libssl-dev)
	[[ -n $ver ]] || vgc_die "no libssl-dev in the arm64 lists"
	root=$VGC_CACHE/arm64-sysroot-$ver
	vgc_deb_unpack "$root" "libssl-dev=$ver"
	[[ -f $root/usr/lib/aarch64-linux-gnu/libcrypto.a ]] || vgc_die "no libcrypto.a in $root"
	printf '%s\n' "$root"
}

# The arm64 kernel of the ABI and version scripts/fetch/kernel.sh REL
# resolved for amd64, from the suite that has it.
a_kernel() {
	local suites=()
	K_ABI=$("$VGC_SCRIPTS/fetch/kernel.sh" "$REL" kver)
	K_ABI=${K_ABI%-amd64}
	K_VER=$("$VGC_SCRIPTS/fetch/kernel.sh" "$REL" version)
	K_KVER=$K_ABI-arm64
	K_ROOT=$VGC_CACHE/debian-linux-arm64-$K_VER
	case $REL in
	6.12) suites=("$(. /etc/os-release && echo "$VERSION_CODENAME")-backports") ;;
	7.3) suites=(trixie-backports) ;;
	esac
	vgc_apt_refresh ${suites[@]+"${suites[@]}"}
	vgc_apt_versions "linux-headers-$K_KVER" | grep -qxF "$K_VER" ||
		vgc_die "the arm64 lists have no linux-headers-$K_KVER $K_VER (amd64 has it)"
}

# 6.1 and 6.12: the arm64 package's Makefile includes the amd64 tree's
# -common one, and its scripts and tools are the amd64 kbuild's.
a_headers_cached() {
	local hdr amd root kb stamp
	hdr=$K_ROOT/usr/src/linux-headers-$K_KVER
	amd=$("$VGC_SCRIPTS/fetch/kernel.sh" "$REL" headers)
	root=${amd%/usr/src/*}
	kb=$(readlink "$amd/scripts")
	kb=${kb%/scripts}
	kb=$root/usr/lib/${kb##*/}
	[[ -d $kb/scripts ]] || vgc_die "no kbuild scripts at $kb"
	stamp=$K_ROOT/.vgc-stamps/headers-fixed
	if [[ ! -f $stamp || $(cat "$stamp") != "$kb" ]]; then
		vgc_lock "k-arm64-$K_VER"
		vgc_deb_unpack "$K_ROOT" "linux-headers-$K_KVER=$K_VER"
		sed -i -E "s|^include .*(/usr/src/linux-headers-[^/]+-common/Makefile)\$|include $root\\1|" \
			"$hdr/Makefile"
		grep -q "^include $root/usr/src/" "$hdr/Makefile" ||
			vgc_die "unexpected $hdr/Makefile: $(cat "$hdr/Makefile")"
		rm -f "$hdr/scripts" "$hdr/tools"
		ln -s "$kb/scripts" "$hdr/scripts"
		ln -s "$kb/tools" "$hdr/tools"
		printf '%s\n' "$kb" >"$stamp"
		vgc_unlock "k-arm64-$K_VER"
	fi
	printf '%s\n' "$hdr"
}

# 7.3: into the trixie tree, where the amd64 headers of the same version
# brought the -common headers and kbuild its relative links name.
a_headers_trixie() {
	local tree
	tree=$("$VGC_SCRIPTS/fetch/trixie.sh" root)
	"$VGC_SCRIPTS/fetch/kernel.sh" 7.3 headers >/dev/null
	if [[ ! -f $tree/.vgc-stamps/linux-headers-$K_KVER=$K_VER ]]; then
		vgc_lock "trixie-arm64-headers"
		vgc_deb_unpack "$tree" "linux-headers-$K_KVER=$K_VER"
		vgc_unlock "trixie-arm64-headers"
	fi
	[[ -e $tree/usr/src/linux-headers-$K_KVER/scripts/Makefile.build ]] ||
		vgc_die "linux-headers-$K_KVER in $tree has no kbuild scripts"
	printf '%s\n' "$tree/usr/src/linux-headers-$K_KVER"
}

a_headers() {
	vgc_need_pkgs gcc-12 make libc6-dev binutils libelf1 libssl3
	a_tools
	a_kernel
	case $REL in
	7.3) a_headers_trixie ;;
	*) a_headers_cached ;;
	esac
}

# The image and its modules, unpacked with the layout the guests expect
# (boot/vmlinuz-KVER, lib/modules/KVER) and depmod'ed. Debian 7.x splits
# them: linux-binary (vmlinuz), linux-modules, linux-base, all under
# usr/lib/modules.
a_image() {
	local mods p pkgs=()
	vgc_need_pkgs kmod
	a_kernel
	mods=$K_ROOT/lib/modules/$K_KVER
	if [[ ! -f $K_ROOT/.vgc-stamps/depmod ]]; then
		vgc_lock "k-arm64-$K_VER"
		if [[ $REL == 7.3 ]]; then
			for p in binary modules base; do
				pkgs+=("linux-$p-$K_KVER=$K_VER")
			done
			vgc_deb_unpack "$K_ROOT" "${pkgs[@]}"
			mkdir -p "$K_ROOT/boot" "$K_ROOT/lib/modules"
			rm -rf "$mods"
			mv "$K_ROOT/usr/lib/modules/$K_KVER" "$mods"
			mv "$mods/vmlinuz" "$K_ROOT/boot/vmlinuz-$K_KVER"
		else
			vgc_deb_unpack "$K_ROOT" "linux-image-$K_KVER-unsigned=$K_VER"
		fi
		rm -f "$mods/build" "$mods/source"
		depmod -b "$K_ROOT" "$K_KVER"
		touch "$K_ROOT/.vgc-stamps/depmod"
		vgc_unlock "k-arm64-$K_VER"
	fi
	[[ -f $K_ROOT/boot/vmlinuz-$K_KVER ]] || vgc_die "no vmlinuz in $K_ROOT"
}

# The arm64 counterpart of vgc_guest_base: Debian's arm64 busybox-static,
# and kmod (busybox insmod retries a failing init), iproute2's ip (as
# /bin/iproute2-ip), wg and wireguard-go with the shared libraries they
# need, under the paths their ELF interpreter expects.
a_guest_base() {
	# kmod and its libraries, then iproute2 (ip, for the IPsec test) and its
	local pkgs=(busybox-static kmod libc6 liblzma5 libssl3 libzstd1
		iproute2 libbpf1 libbsd0 libcap2 libelf1 libmd0 libmnl0 zlib1g
		wireguard-tools wireguard-go) p v specs=()
	local key out stage dir a applets
	vgc_need_pkgs cpio busybox-static
	vgc_apt_refresh
	for p in "${pkgs[@]}"; do
		v=$(a_version "$p")
		[[ -n $v ]] || vgc_die "no $p in the arm64 lists"
		specs+=("$p=$v")
	done
	key=$({ printf '%s\n' "${specs[@]}"; declare -f vgc_guest_init vgc_guest_pack a_guest_base; } |
		sha256sum | cut -c1-16)
	out=$VGC_CACHE/guest/arm64-base-$key.cpio
	if [[ ! -f $out ]]; then
		vgc_lock guest-arm64
		if [[ ! -f $out ]]; then
			stage=$VGC_CACHE/arm64-guest-stage-$key
			vgc_deb_unpack "$stage" "${specs[@]}"
			dir=$(mktemp -d "$VGC_CACHE/.arm64-base.XXXXXX")
			mkdir -p "$dir"/{bin,dev,proc,sys,tmp,run,lib/modules,vgc,ko,usr}
			ln -s bin "$dir/sbin"
			ln -s ../bin "$dir/usr/bin"
			ln -s ../bin "$dir/usr/sbin"
			install -m 0755 "$stage/bin/busybox" "$dir/bin/busybox"
			# the applet list, from the host's busybox of the same source
			applets=$(/bin/busybox --list) || vgc_die "no host busybox for the applet list"
			for a in $applets; do
				case $a in
				busybox | insmod | rmmod | modprobe | lsmod | modinfo | depmod) ;;
				*) ln -sf busybox "$dir/bin/$a" ;;
				esac
			done
			install -m 0755 "$stage/bin/kmod" "$dir/bin/kmod"
			for a in insmod rmmod modprobe lsmod modinfo depmod; do
				ln -sf kmod "$dir/bin/$a"
			done
			# Debian's ip, under the name tests/qemu/consumers.sh expects
			install -m 0755 "$(find "$stage/bin" "$stage/sbin" -name ip -type f | head -n1)" \
				"$dir/bin/iproute2-ip"
			# wg and wireguard-go, for tests/qemu/wireguard.sh
			install -m 0755 "$stage/usr/bin/wg" "$stage/usr/bin/wireguard-go" "$dir/bin/"
			# the loader and libraries (only the .so files: no gconv, no docs)
			mkdir -p "$dir/lib/aarch64-linux-gnu" "$dir/usr/lib/aarch64-linux-gnu"
			cp -a "$stage"/lib/ld-linux-aarch64.so.1 "$dir/lib/"
			for a in lib usr/lib; do
				[[ -d $stage/$a/aarch64-linux-gnu ]] || continue
				find "$stage/$a/aarch64-linux-gnu" -maxdepth 1 -name '*.so*' \
					-exec cp -a {} "$dir/$a/aarch64-linux-gnu/" \;
			done
			vgc_guest_pack "$dir" "$out"
			rm -rf "$stage"
		fi
		vgc_unlock guest-arm64
	fi
	printf '%s\n' "$out"
}

case $1 in
tools) a_tools ;;
guest-base) a_guest_base ;;
sysroot) a_sysroot ;;
headers) a_headers ;;
image) a_image; printf '%s\n' "$K_ROOT/boot/vmlinuz-$K_KVER" ;;
modules) a_image; printf '%s\n' "$K_ROOT/lib/modules/$K_KVER" ;;
kver) a_kernel; printf '%s\n' "$K_KVER" ;;
version) a_kernel; printf '%s\n' "$K_VER" ;;
*) vgc_usage ;;
esac
