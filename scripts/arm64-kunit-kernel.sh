#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/arm64-kunit-kernel.sh [--fragment FILE] [--jobs N]
#
# Build (once) an arm64 kernel with KUnit and the crypto manager's extra
# self-tests from Debian's linux-source-6.1 (the version scripts/kernel.sh
# 6.1 resolves), cross-compiled with gcc-aarch64-linux-gnu: `make
# tinyconfig`, merge tests/arm64/kunit.config (every line checked against
# the final .config), `Image modules`, `modules_install` into
# <dir>/.vgc-modroot. The build directory is cached under $VGC_CACHE,
# keyed by the source version, this script's recipe number and a hash of
# the fragment. Prints that directory; its arch/arm64/boot/Image boots
# under qemu-system-aarch64 -M virt, and `make -C <dir> M=... ARCH=arm64
# CROSS_COMPILE=aarch64-linux-gnu-` builds modules for it.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

fragment=$VGC_TOP/tests/arm64/kunit.config
jobs=$(nproc)
((jobs <= 2)) || jobs=2
while (($#)); do
	case $1 in
	--fragment) fragment=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	*) vgc_usage ;;
	esac
done
[[ -f $fragment ]] || vgc_die "no such fragment: $fragment"

# Bump when the steps below change what gets built.
recipe=1
vgc_need_pkgs gcc make libc6-dev binutils flex bison bc perl kmod xz-utils python3 \
	libssl-dev libelf-dev
"$VGC_SCRIPTS/arm64.sh" tools

src=$("$VGC_SCRIPTS/kernel-6.1.sh" source)
ver=$("$VGC_SCRIPTS/kernel-6.1.sh" version)
hash=$({ echo "recipe $recipe"; aarch64-linux-gnu-gcc -dumpfullversion; cat "$fragment"; } |
	sha256sum | cut -c1-12)
out=$VGC_CACHE/arm64-kunit-$ver-$hash

built() { [[ -f $out/.vgc-built && $(cat "$out/.vgc-built") == "$out $src" ]]; }
if built; then
	printf '%s\n' "$out"
	exit 0
fi

vgc_lock "arm64-kunit-$ver-$hash"
if ! built; then
	mk=(make -C "$src" O="$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
	start=$(date +%s)
	rm -rf "$out"
	mkdir -p "$out"
	vgc_log "configuring arm64 KUnit kernel in $out"
	"${mk[@]}" -s tinyconfig >&2
	(cd "$out" && ARCH=arm64 "$src/scripts/kconfig/merge_config.sh" -m -O "$out" \
		"$out/.config" "$fragment" >"$out/.vgc-merge.log" 2>&1) ||
		{ cat "$out/.vgc-merge.log" >&2; vgc_die "merge_config failed"; }
	"${mk[@]}" -s olddefconfig >>"$out/.vgc-merge.log" 2>&1 ||
		{ cat "$out/.vgc-merge.log" >&2; vgc_die "olddefconfig failed"; }
	bad=0
	while read -r line; do
		if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
			sym=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
			got=$(grep -E "^$sym=" "$out/.config" | cut -d= -f2- || true)
			[[ $got == "$val" ]] || { vgc_log "config: $sym=$val wanted, got '${got:-unset}'"; bad=1; }
		elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
			sym=${BASH_REMATCH[1]}
			! grep -qE "^$sym=" "$out/.config" ||
				{ vgc_log "config: $sym wanted unset, got $(grep -E "^$sym=" "$out/.config")"; bad=1; }
		fi
	done <"$fragment"
	((bad == 0)) || vgc_die "fragment $fragment does not apply cleanly"
	vgc_log "building arm64 KUnit kernel ($jobs jobs); several minutes"
	if ! "${mk[@]}" -j"$jobs" Image modules >"$out/.vgc-build.log" 2>&1; then
		tail -n 40 "$out/.vgc-build.log" >&2
		vgc_die "arm64 kernel build failed (full log: $out/.vgc-build.log)"
	fi
	rm -rf "$out/.vgc-modroot"
	"${mk[@]}" -s INSTALL_MOD_PATH="$out/.vgc-modroot" INSTALL_MOD_STRIP=1 \
		modules_install >"$out/.vgc-install.log" 2>&1 ||
		{ cat "$out/.vgc-install.log" >&2; vgc_die "modules_install failed"; }
	rm -f "$out"/.vgc-modroot/lib/modules/*/{build,source}
	# drop the objects: only what module builds and boots need stays
	find "$out" -name '*.o' -delete
	echo "$out $src" >"$out/.vgc-built"
	vgc_log "arm64 KUnit kernel built in $(($(date +%s) - start))s"
fi
vgc_unlock "arm64-kunit-$ver-$hash"
printf '%s\n' "$out"
