#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/build/deb.sh - `make deb`: vgcrypto-dkms_VERSION_all.deb and the
# opt-in vgcrypto-wireguard-dkms_VERSION_all.deb (docs/wireguard.md), built
# by dpkg-buildpackage from debian/ in a copy of the tracked files under
# build/deb (so nothing lands beside the clone), checked by lintian, and
# copied to the top of the clone. The version is debian/changelog's.
#
# usage: scripts/build/deb.sh [OUTDIR]   (default: the top of the clone)
# Prints vgcrypto-wireguard-dkms's path, then vgcrypto-dkms's last.
#
# VGCRYPTO_DEB_FAULT, for the test's deliberate faults only: forget-file
# leaves lib/poly1305.c out of the package, no-autoload its modules-load.d
# file (scripts/check/debian-system.sh must then fail).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$VGC_TOP"
out=${1:-$VGC_TOP}
vgc_need_pkgs debhelper dh-dkms dpkg-dev lintian
ver=$(scripts/build/dkms-src.sh version)
work=$VGC_TOP/build/deb
rm -rf "$work"
src=$work/vgcrypto-$ver
mkdir -p "$src"
git ls-files --cached --others --exclude-standard -z |
	xargs -0 cp -a --parents -t "$src"
case ${VGCRYPTO_DEB_FAULT:-} in
'') ;;
forget-file) rm "$src/lib/poly1305.c" ;;
no-autoload) sed -i '/modules-load/d' "$src/debian/rules" ;;
*) vgc_die "unknown VGCRYPTO_DEB_FAULT=$VGCRYPTO_DEB_FAULT" ;;
esac
[[ -z ${VGCRYPTO_DEB_FAULT:-} ]] || vgc_log "fault on purpose: $VGCRYPTO_DEB_FAULT"
(cd "$src" && dpkg-buildpackage -b -us -uc --no-sign) >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log" >&2; vgc_die "dpkg-buildpackage failed"; }
deb=$work/vgcrypto-dkms_${ver}_all.deb
wgdeb=$work/vgcrypto-wireguard-dkms_${ver}_all.deb
[[ -f $deb && -f $wgdeb ]] || vgc_die "no $deb or no $wgdeb"
# Every tag lintian prints is an error here; the ones the package takes on
# purpose are overridden in debian/, each with its reason.
lintian --fail-on error,warning,info,pedantic --pedantic --info "$work"/vgcrypto_"${ver}"_*.changes >&2 ||
	vgc_die "lintian"
mkdir -p "$out"
cp "$wgdeb" "$deb" "$out/"
echo "$out/${wgdeb##*/}"
echo "$out/${deb##*/}"
