#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/build/kunit-kernel.sh um|um-debug|arm64|x86-debug [--llvm] [--fragment FILE] [--jobs N]
#
# Build (once) a kernel with KUnit and the crypto manager's extra
# self-tests from Debian's linux-source-6.1 (the version
# scripts/fetch/kernel.sh 6.1 resolves), and print its build directory,
# which is also a KDIR for out-of-tree modules:
#   um     User-Mode Linux (x86-64 host): defconfig + tests/uml/kunit.config;
#          `DIR/linux` boots as a process (scripts/run/uml.sh)
#   um-debug the same with tests/uml/debug.config merged after it (KASAN,
#          UBSAN, lockdep, kmemleak, fault injection: scripts/run/uml.sh
#          --kernel um-debug), always built with clang and the LLVM tools
#          (modules for it too: scripts/build/module-debug.sh)
#   arm64  cross-compiled with gcc-aarch64-linux-gnu: tinyconfig +
#          tests/arm64/kunit.config; DIR/arch/arm64/boot/Image boots under
#          qemu-system-aarch64 -M virt (scripts/run/qemu.sh --kunit)
#   x86-debug  x86-64: tinyconfig + tests/x86/debug.config (preemption,
#          DEBUG_ATOMIC_SLEEP, lockdep: what UML cannot run);
#          DIR/arch/x86/boot/bzImage boots under qemu-system-x86_64
#          (scripts/run/qemu.sh --kunit)
# --llvm (um; or VGC_UML_LLVM=1 in the environment, which is how
#          scripts/run/uml.sh comes to use it): built with clang and the
#          LLVM tools (LLVM=1), for modules built the same way
# The UML kinds are built from a linked copy of the source with
# tests/uml/host-fp-size.patch applied: UML 6.1 fixes the size of the
# host's FP state at build time and panics on hosts with more (AMX).
# --fragment replaces the kind's last fragment. Every line of the
# fragments is checked against the final .config. Stock
# modules are installed under DIR/.vgc-modroot. Cached in $VGC_CACHE,
# keyed by the source version, the recipe, the fragments' settings (their
# comments do not count), the patches, for arm64 also the cross
# compiler's version; an interrupted build resumes.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

arch=${1:-}
[[ $arch =~ ^(um|um-debug|arm64|x86-debug)$ ]] || vgc_usage
kind=$arch
shift
jobs=$(nproc)
fragments=() patches=()
case $kind in
um | um-debug)
	arch=um
	patches=("$VGC_TOP/tests/uml/host-fp-size.patch")
	fragments=("$VGC_TOP/tests/uml/kunit.config")
	[[ $kind == um ]] || fragments+=("$VGC_TOP/tests/uml/debug.config")
	base_config=defconfig targets=(linux modules) cross=()
	;;
arm64)
	fragments=("$VGC_TOP/tests/arm64/kunit.config")
	base_config=tinyconfig targets=(Image modules)
	cross=(CROSS_COMPILE=aarch64-linux-gnu-)
	((jobs <= 2)) || jobs=2
	;;
x86-debug)
	arch=x86_64
	fragments=("$VGC_TOP/tests/x86/debug.config")
	base_config=tinyconfig targets=(bzImage modules) cross=()
	;;
esac
llvm=${VGC_UML_LLVM:-0}
# the debug UML kernel is clang's: one UML kernel build in make check, for
# the LLVM build of the module and for the sanitizers
[[ $kind != um-debug ]] || llvm=1
while (($#)); do
	case $1 in
	--llvm) llvm=1; shift ;;
	--fragment) fragments[${#fragments[@]} - 1]=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	*) vgc_usage ;;
	esac
done
for f in "${fragments[@]}" ${patches[@]+"${patches[@]}"}; do
	[[ -f $f ]] || vgc_die "no such file: $f"
done
[[ $llvm == 1 && $arch != um ]] && vgc_die "--llvm is for um and um-debug only"
[[ $llvm == 1 ]] && cross=(LLVM=1)

# Bump when the steps below change what gets built.
recipe=2
vgc_need_pkgs gcc make libc6-dev binutils flex bison bc perl kmod xz-utils python3 patch
src=$("$VGC_SCRIPTS/fetch/kernel.sh" 6.1 source)
ver=$("$VGC_SCRIPTS/fetch/kernel.sh" 6.1 version)
settings() {
	cat "${fragments[@]}" | grep -Ev '^(#|$)' | grep -v '^[[:space:]]*$' || true
	((${#patches[@]} == 0)) || cat "${patches[@]}"
}
[[ $arch != x86_64 ]] || vgc_need_pkgs libssl-dev libelf-dev
if [[ $arch == um && $llvm == 1 ]]; then
	vgc_need_pkgs clang lld llvm
	hash=$({ echo "recipe $recipe"; clang --version | head -n 1; settings; } |
		sha256sum | cut -c1-12)
	out=$VGC_CACHE/uml-llvm${kind#um}-$ver-$hash
elif [[ $arch == um || $arch == x86_64 ]]; then
	hash=$({ echo "recipe $recipe"; settings; } | sha256sum | cut -c1-12)
	case $kind in
	um) out=$VGC_CACHE/uml-$ver-$hash ;;
	um-debug) out=$VGC_CACHE/uml-debug-$ver-$hash ;;
	*) out=$VGC_CACHE/$kind-$ver-$hash ;;
	esac
else
	vgc_need_pkgs libssl-dev libelf-dev
	"$VGC_SCRIPTS/fetch/arm64.sh" tools
	hash=$({ echo "recipe $recipe"; aarch64-linux-gnu-gcc -dumpfullversion; settings; } |
		sha256sum | cut -c1-12)
	out=$VGC_CACHE/arm64-kunit-$ver-$hash
fi

# patched_source: a copy of $src of hard links with the patches applied
# (patch writes a new file, so the shared tree stays as it is), keyed by
# the patches; prints its path.
patched_source() {
	local phash dir p
	phash=$(cat "${patches[@]}" | sha256sum | cut -c1-12)
	dir=$VGC_CACHE/linux-source-$ver-patched-$phash
	vgc_lock "${dir##*/}"
	if [[ ! -f $dir/.vgc-patched ]]; then
		rm -rf "$dir"
		cp -al "$src" "$dir"
		for p in "${patches[@]}"; do
			patch -s -p1 -N -d "$dir" <"$p" >&2 ||
				vgc_die "${p##*/} does not apply to $src"
		done
		echo "${patches[*]}" >"$dir/.vgc-patched"
	fi
	vgc_unlock "${dir##*/}"
	printf '%s\n' "$dir"
}
((${#patches[@]} == 0)) || src=$(patched_source)

# The stamps hold the path: a build tree has absolute paths baked in, so a
# moved cache means a rebuild.
built() { [[ -f $out/.vgc-built && $(cat "$out/.vgc-built") == "$out $src" ]]; }
if built; then
	printf '%s\n' "$out"
	exit 0
fi

# merge_config.sh lets the fragment's values win over the base config;
# olddefconfig then silently drops what it cannot set, so every line of
# the fragment is checked in the result.
configure() {
	local line sym val got bad=0
	"${mk[@]}" -s "$base_config" >&2
	(cd "$out" && ARCH=$arch "$src/scripts/kconfig/merge_config.sh" -m -O "$out" \
		"$out/.config" "${fragments[@]}" >"$out/.vgc-merge.log" 2>&1) ||
		{ cat "$out/.vgc-merge.log" >&2; vgc_die "merge_config failed"; }
	"${mk[@]}" -s olddefconfig >>"$out/.vgc-merge.log" 2>&1 ||
		{ cat "$out/.vgc-merge.log" >&2; vgc_die "olddefconfig failed"; }
	while read -r line; do
		if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
			sym=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
			got=$(grep -E "^$sym=" "$out/.config" | cut -d= -f2- || true)
			[[ $got == "$val" ]] ||
				{ vgc_log "config: $sym=$val wanted, got '${got:-unset}'"; bad=1; }
		elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
			sym=${BASH_REMATCH[1]}
			! grep -qE "^$sym=" "$out/.config" ||
				{ vgc_log "config: $sym wanted unset, got $(grep -E "^$sym=" "$out/.config")"; bad=1; }
		fi
	done < <(cat "${fragments[@]}")
	((bad == 0)) || vgc_die "fragments ${fragments[*]} do not apply cleanly"
}

vgc_lock "${out##*/}"
if ! built; then
	mk=(make -C "$src" O="$out" ARCH="$arch" ${cross[@]+"${cross[@]}"})
	start=$(date +%s)
	# Reuse a partial build only if its configuration was completed.
	[[ -f $out/.vgc-configured && $(cat "$out/.vgc-configured") == "$out $src" ]] ||
		rm -f "$out/.vgc-configured"
	if [[ ! -f $out/.vgc-configured ]]; then
		rm -rf "$out"
		mkdir -p "$out"
		vgc_log "configuring the $kind KUnit kernel in $out"
		configure
		echo "$out $src" >"$out/.vgc-configured"
	fi
	vgc_log "building the $kind KUnit kernel ($jobs jobs); several minutes"
	if ! "${mk[@]}" -j"$jobs" "${targets[@]}" >"$out/.vgc-build.log" 2>&1; then
		tail -n 40 "$out/.vgc-build.log" >&2
		vgc_die "$arch kernel build failed (full log: $out/.vgc-build.log)"
	fi
	rm -rf "$out/.vgc-modroot"
	"${mk[@]}" -s INSTALL_MOD_PATH="$out/.vgc-modroot" INSTALL_MOD_STRIP=1 \
		modules_install >"$out/.vgc-install.log" 2>&1 ||
		{ cat "$out/.vgc-install.log" >&2; vgc_die "modules_install failed"; }
	# The installed tree's build/source links point back here; drop them.
	rm -f "$out"/.vgc-modroot/lib/modules/*/{build,source}
	# arm64: only what module builds and boots need stays (UML's run
	# needs nothing more either, but its tree is small)
	[[ $arch == um ]] || find "$out" -name '*.o' -delete
	echo "$out $src" >"$out/.vgc-built"
	vgc_log "$kind KUnit kernel built in $(($(date +%s) - start))s"
fi
vgc_unlock "${out##*/}"
printf '%s\n' "$out"
