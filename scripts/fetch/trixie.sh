#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/fetch/trixie.sh - a Debian trixie tree (debootstrap, minbase) in the
# cache, with trixie-backports' newest kernel headers and the toolchain
# they need: Debian's 7.x headers are built for trixie's gcc-14 and glibc,
# which a bookworm machine does not have, so modules for them are built
# inside this tree (chroot).
#
# usage: scripts/fetch/trixie.sh root
#            print the tree (made once: about 1 minute and 400 MB)
#        scripts/fetch/trixie.sh exec [--bind DIR]... -- CMD [ARG...]
#            run CMD in the tree, with /proc, /sys, /dev and each DIR
#            bind-mounted at the same paths, in a private mount namespace
#        scripts/fetch/trixie.sh refresh
#            apt-get update and upgrade inside the tree (new headers)
#
# The package source is the machine's own Debian mirror (scripts/lib.sh);
# only the suite names differ. The tree's name carries a hash of what made
# it (this script's package list), so a change makes a new one.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

usage() { vgc_usage; }

# What goes into the tree beyond minbase; the hash of this names the tree.
# gcc-14-aarch64-linux-gnu: the compiler of Debian's arm64 7.x headers
# (scripts/fetch/arm64.sh 7.3), which are unpacked into the same tree.
T_PKGS="linux-headers-amd64/trixie-backports gcc make libc6-dev kmod gcc-14-aarch64-linux-gnu"
T_KEY=$(printf '%s\n' "trixie minbase" "$T_PKGS" | sha256sum | cut -c1-12)
TREE=$VGC_CACHE/trixie-$T_KEY

# The machine's Debian mirror URI (the first non-security "deb" entry).
t_mirror() {
	vgc_apt_system_sources |
		awk '$0 ~ /\/debian[ \/]/ && $0 !~ /security/ {
			for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit }
		}'
}

# Mount what a chroot needs in a private namespace, then run "$@" there.
t_exec() {
	local binds=() d
	while (($#)); do
		case $1 in
		--bind) binds+=("$2"); shift 2 ;;
		--) shift; break ;;
		*) break ;;
		esac
	done
	(($#)) || usage
	for d in "${binds[@]}"; do
		mkdir -p "$TREE$d"
	done
	# shellcheck disable=SC2016 # expanded by the inner shell
	vgc_as_root unshare -m --propagation private bash -c '
		set -e
		tree=$1; shift
		mount --bind /proc "$tree/proc"
		mount --bind /sys "$tree/sys"
		mount --bind /dev "$tree/dev"
		while [ "$1" != -- ]; do
			mount --bind "$1" "$tree$1"
			shift
		done
		shift
		exec chroot "$tree" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LANG=C.UTF-8 "$@"' \
		trixie-exec "$TREE" ${binds[@]+"${binds[@]}"} -- "$@"
}

t_make() {
	local mirror tmp
	[[ -f $TREE/.vgc-chroot ]] && return 0
	vgc_lock "trixie-$T_KEY"
	if [[ ! -f $TREE/.vgc-chroot ]]; then
		vgc_need_pkgs debootstrap util-linux
		mirror=$(t_mirror)
		[[ -n $mirror ]] || vgc_die "no Debian mirror in the machine's apt sources"
		tmp=$TREE.tmp
		vgc_as_root rm -rf "$tmp"
		vgc_log "debootstrap trixie (minbase) from the machine's mirror"
		vgc_as_root debootstrap --variant=minbase trixie "$tmp" "$mirror" >&2
		printf 'deb %s trixie main\ndeb %s trixie-backports main\n' \
			"$mirror" "$mirror" >"$tmp/etc/apt/sources.list"
		rm -f "$tmp"/etc/apt/sources.list.d/*.sources
		TREE=$tmp t_exec -- apt-get update -q >&2
		# shellcheck disable=SC2086 # package words
		TREE=$tmp t_exec -- env DEBIAN_FRONTEND=noninteractive \
			apt-get install -q -y --no-install-recommends $T_PKGS >&2
		TREE=$tmp t_exec -- apt-get clean
		touch "$tmp/.vgc-chroot"
		vgc_as_root rm -rf "$TREE"
		mv "$tmp" "$TREE"
	fi
	vgc_unlock "trixie-$T_KEY"
}

case ${1:-} in
root) t_make; printf '%s\n' "$TREE" ;;
exec) shift; t_make; t_exec "$@" ;;
refresh)
	t_make
	t_exec -- apt-get update -q >&2
	t_exec -- env DEBIAN_FRONTEND=noninteractive apt-get upgrade -q -y >&2
	;;
*) usage ;;
esac
