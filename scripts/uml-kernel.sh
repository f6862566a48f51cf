#!/bin/bash
# scripts/uml-kernel.sh - build (once) a User-Mode Linux kernel with KUnit and
# the crypto self-tests from Debian's linux-source-6.1, and print its build
# directory. The directory is a KDIR: `make -C DIR M=$PWD ARCH=um`.
#
# usage: scripts/uml-kernel.sh [--fragment FILE] [--jobs N]
#   --fragment  config fragment merged over the UML defconfig
#               (default tests/uml/kunit.config)
#   --jobs      parallel make jobs (default: number of CPUs)
#
# Cached as $VGC_CACHE/uml-<debian version>-<hash of fragment and recipe>;
# an interrupted build resumes where it stopped. Stock modules are installed
# under DIR/.vgc-modroot for scripts/uml-run.sh. Only the path goes to stdout.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

usage() { vgc_usage; }

fragment=$VGC_TOP/tests/uml/kunit.config
jobs=$(nproc)
while (($#)); do
	case $1 in
	--fragment) fragment=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	-h | --help) usage ;;
	*) vgc_log "unknown argument: $1"; usage ;;
	esac
done
[[ -f $fragment ]] || vgc_die "no such fragment: $fragment"

# Bump when the recipe below changes in a way that needs a rebuild.
recipe=1
# Build tools for a kernel from source (kconfig needs flex/bison; depmod
# comes with kmod for modules_install).
vgc_need_pkgs gcc make libc6-dev binutils flex bison bc perl kmod xz-utils python3

src=$("$VGC_SCRIPTS/kernel-6.1.sh" source)
ver=$("$VGC_SCRIPTS/kernel-6.1.sh" version)
hash=$({ echo "recipe $recipe"; cat "$fragment"; } | sha256sum | cut -c1-12)
out=$VGC_CACHE/uml-$ver-$hash

# The stamp holds the path: a build tree has absolute paths baked in, so a
# moved cache means a rebuild.
built() { [[ -f $out/.vgc-built && $(cat "$out/.vgc-built") == "$out $src" ]]; }
if built; then
	printf '%s\n' "$out"
	exit 0
fi

vgc_lock "uml-$ver-$hash"
if ! built; then
	[[ ! -f $out/.vgc-configured || $(cat "$out/.vgc-configured") == "$out $src" ]] ||
		rm -f "$out/.vgc-configured"
	mk=(make -C "$src" O="$out" ARCH=um)
	start=$(date +%s)
	# Reuse a partial build only if its configuration was completed.
	if [[ ! -f $out/.vgc-configured ]]; then
		rm -rf "$out"
		mkdir -p "$out"
		vgc_log "configuring UML kernel in $out"
		"${mk[@]}" -s defconfig >&2
		# merge_config.sh: fragment values override defconfig's.
		(cd "$out" && ARCH=um "$src/scripts/kconfig/merge_config.sh" -m -O "$out" \
			"$out/.config" "$fragment" >"$out/.vgc-merge.log" 2>&1) ||
			{ cat "$out/.vgc-merge.log" >&2; vgc_die "merge_config failed"; }
		"${mk[@]}" -s olddefconfig >>"$out/.vgc-merge.log" 2>&1 ||
			{ cat "$out/.vgc-merge.log" >&2; vgc_die "olddefconfig failed"; }
		# olddefconfig silently drops what it cannot set: check every line.
		bad=0
		while read -r line; do
			if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
				sym=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
				got=$(grep -E "^$sym=" "$out/.config" | cut -d= -f2- || true)
				[[ $got == "$val" ]] || { vgc_log "config: $sym=$val wanted, got '${got:-unset}'"; bad=1; }
			elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
				sym=${BASH_REMATCH[1]}
				! grep -qE "^$sym=" "$out/.config" || { vgc_log "config: $sym wanted unset, got $(grep -E "^$sym=" "$out/.config")"; bad=1; }
			fi
		done <"$fragment"
		((bad == 0)) || vgc_die "fragment $fragment does not apply cleanly"
		echo "$out $src" >"$out/.vgc-configured"
	fi
	vgc_log "building UML kernel ($jobs jobs); a few minutes"
	if ! "${mk[@]}" -j"$jobs" linux modules >"$out/.vgc-build.log" 2>&1; then
		tail -n 40 "$out/.vgc-build.log" >&2
		vgc_die "UML build failed (full log: $out/.vgc-build.log)"
	fi
	rm -rf "$out/.vgc-modroot"
	"${mk[@]}" -s INSTALL_MOD_PATH="$out/.vgc-modroot" INSTALL_MOD_STRIP=1 \
		modules_install >"$out/.vgc-install.log" 2>&1 ||
		{ cat "$out/.vgc-install.log" >&2; vgc_die "modules_install failed"; }
	# The installed tree's build/source links point back here; drop them.
	rm -f "$out"/.vgc-modroot/lib/modules/*/{build,source}
	echo "$out $src" >"$out/.vgc-built"
	vgc_log "UML kernel built in $(($(date +%s) - start))s"
fi
vgc_unlock "uml-$ver-$hash"
printf '%s\n' "$out"
