#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/qemu-arm64.sh [--kunit] --script FILE [--ko KO]... [--add FILE]...
#            [--mod NAME]... [--env NAME=VALUE]... [--append ARGS]
#            [--timeout S] [--log FILE] [--verbose]
#
# Boot an arm64 kernel under qemu-system-aarch64 -M virt -cpu max (TCG)
# with a busybox initramfs and run a guest script, as scripts/qemu-run.sh
# does for amd64. The kernel is Debian's stock arm64 6.1
# (scripts/arm64.sh image), or with --kunit the KUnit kernel of
# scripts/arm64-kunit-kernel.sh. The guest userland is Debian's arm64
# busybox-static and kmod (with its libraries), fetched by scripts/arm64.sh
# into the cache; FILE.c given to --add is cross-built static (linked with
# the arm64 libcrypto when its "vgc-ldlibs:" line asks for -lcrypto), other
# files are copied as /bin/NAME. The stock crypto modules and the modules
# named by --mod (and the .ko files' dependencies) are in the guest's
# module tree. Prints the guest's output; exits with the script's status.
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

script="" kos=() adds=() mods=() envs=() append="" kunit=0
timeout_s=900 log="" verbose=0
while (($#)); do
	case $1 in
	--kunit) kunit=1; shift ;;
	--script) script=$2; shift 2 ;;
	--ko) kos+=("$2"); shift 2 ;;
	--add) adds+=("$2"); shift 2 ;;
	--mod) mods+=("$2"); shift 2 ;;
	--env) envs+=("$2"); shift 2 ;;
	--append) append+=" $2"; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--verbose) verbose=1; shift ;;
	*) vgc_usage ;;
	esac
done
[[ -n $script && -f $script ]] || vgc_usage
for f in "${kos[@]}"; do [[ -f $f ]] || vgc_die "no such module: $f"; done

vgc_need_pkgs kmod cpio
"$VGC_SCRIPTS/arm64.sh" tools

if ((kunit)); then
	kdir=$("$VGC_SCRIPTS/arm64-kunit-kernel.sh")
	kernel=$kdir/arch/arm64/boot/Image
	kver=$(cat "$kdir/include/config/kernel.release")
	stock=$kdir/.vgc-modroot/lib/modules/$kver
else
	kernel=$("$VGC_SCRIPTS/arm64.sh" image)
	stock=$("$VGC_SCRIPTS/arm64.sh" modules)
	kver=${stock##*/}
fi
base=$("$VGC_SCRIPTS/arm64.sh" guest-base)

work=$(mktemp -d "${TMPDIR:-/tmp}/vgc-qemu-arm64.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{ko,vgc,bin}

# Modules: the stock crypto set, the --mod ones, and the --ko files with
# what they depend on (scripts/common.sh).
kolist=$(vgc_guest_modules "$root" "$stock" kernel/arch/arm64/crypto/ \
	"${mods[*]+${mods[*]}}" ${kos[@]+"${kos[@]}"})

# Guest programs: C sources cross-built static, anything else copied.
sysroot=""
for f in "${adds[@]}"; do
	[[ ! -e $f && -f $f.c ]] && f=$f.c
	if [[ $f == *.c ]]; then
		n=${f##*/} n=${n%.c}
		libs=$(sed -n 's/^ \* vgc-ldlibs: *//p' "$f" | head -n1)
		flags=()
		if [[ $libs == *-lcrypto* ]]; then
			[[ -n $sysroot ]] || sysroot=$("$VGC_SCRIPTS/arm64.sh" sysroot)
			flags=(-I"$sysroot/usr/include" -I"$sysroot/usr/include/aarch64-linux-gnu"
				-L"$sysroot/usr/lib/aarch64-linux-gnu")
		fi
		# shellcheck disable=SC2086 # one word per library
		aarch64-linux-gnu-gcc -static -O2 -Wall "${flags[@]}" -o "$work/$n" "$f" $libs \
			2> >(grep -v -e 'statically linked applications' -e 'in function' >&2)
		install -m 0755 "$work/$n" "$root/bin/$n"
	else
		[[ -f $f ]] || vgc_die "no such file: $f"
		install -m 0755 "$f" "$root/bin/${f##*/}"
	fi
done

install -m 0755 "$script" "$root/vgc/script.sh"
{
	printf "export VGC_KOS='%s'\n" "$kolist"
	for e in "${envs[@]}"; do
		[[ $e == [A-Za-z_]*=* ]] || vgc_die "bad --env: $e"
		v=${e#*=}
		printf "export %s='%s'\n" "${e%%=*}" "${v//\'/\'\\\'\'}"
	done
} >"$root/vgc/env"
((verbose)) || echo 4 >"$root/vgc/loglevel"

vgc_cpio "$root" "$work/run.cpio"
cat "$base" "$work/run.cpio" >"$work/initrd.cpio"

cmdline="console=ttyAMA0 panic=-1"
((verbose)) || cmdline+=" loglevel=4"
cmdline+=$append

if [[ -z $log ]]; then
	mkdir -p "$VGC_CACHE/logs"
	log=$VGC_CACHE/logs/qemu-arm64-last.log
fi
: >"$log"

# -cpu max with the implementation-defined pointer authentication (the
# architected QARMA one is slow to emulate); TCG; poweroff -f ends it.
# The console goes to $log and the script's part is shown (common.sh).
rc=0
vgc_qemu_boot "$log" "$verbose" "$timeout_s" qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on \
	-accel tcg -m 1024 -smp 1 -nographic -no-reboot -nic none \
	-kernel "$kernel" -initrd "$work/initrd.cpio" -append "$cmdline" || rc=$?
exit "$rc"
