#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build vgcrypto.ko (and vgcrypto_kunit.ko where the kernel has KUnit)
# against one kernel tree, in a private copy of the sources so that builds
# for different kernels never share object files.
#
# usage: scripts/build/module.sh KDIR OUTDIR [make variables, e.g. ARCH=um]
#
# Fails on any compiler, objtool or modpost warning: objtool's findings
# are only warnings to kbuild, which still exits 0.
set -euo pipefail

kdir=${1:?usage: $0 KDIR OUTDIR [VAR=value...]}
out=${2:?usage: $0 KDIR OUTDIR [VAR=value...]}
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)

mkdir -p "$out"
# copy only what kbuild reads; keep timestamps so rebuilds stay incremental
for d in Kbuild lib crypto arch kunit include; do
	cp -a --update "$root/$d" "$out/"
done
# drop sources that no longer exist in the tree
(cd "$out" && find lib crypto arch kunit include -name '*.[chS]' | while read -r f; do
	[ -e "$root/$f" ] || rm -f "$f"
done)

# Headers inside a tree of scripts/fetch/trixie.sh (Debian 7.x: trixie's gcc-14
# and glibc) are built in that tree, with OUTDIR bound at its own path.
make_cmd=(make -C "$kdir")
if [[ $kdir == */usr/src/* && -f ${kdir%%/usr/src/*}/.vgc-chroot ]]; then
	make_cmd=("$root/scripts/fetch/trixie.sh" exec --bind "$out" --
		  make -C "/usr/src/${kdir#*/usr/src/}")
fi

log="$out/build.log"
if ! "${make_cmd[@]}" M="$out" "$@" modules >"$log" 2>&1; then
	cat "$log"
	echo "build-module: make failed against $kdir" >&2
	exit 1
fi
if grep -E '(warning|WARNING|error|ERROR):' "$log"; then
	echo "build-module: warnings above (compiler, objtool or modpost) count as failures" >&2
	exit 1
fi
ls "$out"/*.ko
