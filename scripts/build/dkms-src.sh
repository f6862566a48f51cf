#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/build/dkms-src.sh - the module's source as DKMS takes it: what
# kbuild reads (debian/rules' DKMS_SOURCES, the package's list) and
# dkms.conf with the version of debian/changelog, the one place it is kept.
#
# usage: scripts/build/dkms-src.sh version
#            print the version
#        scripts/build/dkms-src.sh DIR [wireguard]
#            fill DIR (made if missing; `make dkms-src` uses
#            /usr/src/vgcrypto-VERSION) and print the version; with
#            wireguard, the same source with dkms-wireguard.conf as its
#            dkms.conf (the opt-in libchacha20poly1305 replacement)
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$VGC_TOP"
dest=${1:-}
[[ -n $dest ]] || vgc_usage
ver=$(sed -n '1s/^vgcrypto (\([^)]*\)).*/\1/p' debian/changelog)
[[ -n $ver ]] || vgc_die "no version on debian/changelog's first line"
if [[ $dest == version ]]; then
	echo "$ver"
	exit 0
fi
# shellcheck disable=SC2207 # the list is words
srcs=($(sed -n 's/^DKMS_SOURCES := //p' debian/rules))
((${#srcs[@]})) || vgc_die "debian/rules has no DKMS_SOURCES"
mkdir -p "$dest"
if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files --cached --others --exclude-standard -z "${srcs[@]}" |
		xargs -0 cp --parents -t "$dest"
else
	cp -r "${srcs[@]}" "$dest/"
fi
conf=dkms.conf
[[ ${2:-} == wireguard ]] && conf=dkms-wireguard.conf
sed "s/#MODULE_VERSION#/$ver/g" "$conf" >"$dest/dkms.conf"
echo "$ver"
