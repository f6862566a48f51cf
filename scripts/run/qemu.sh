#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/run/qemu.sh [--arch x86_64|arm64] [--release 6.1|6.12|7.3]
#            [--kunit] --script GUEST.sh [--ko FILE.ko]... [--add FILE]...
#            [--mod NAME]... [--env VAR=VALUE]... [--append "KERNEL ARGS"]
#            [--extra-tests] [--smp N] [--mem MiB] [--timeout SEC]
#            [--log FILE] [--verbose] [--bzimage]
#
# Boot a kernel under QEMU (TCG) with a throwaway busybox initramfs, run a
# guest script, and exit with its status.
#   --arch    x86_64 (default: -cpu max, AVX2) or arm64 (-M virt -cpu max)
#   --release which of Debian's stock kernels (scripts/fetch/kernel.sh,
#             scripts/fetch/arm64.sh; default 6.1)
#   --kunit   boot the KUnit kernel of scripts/build/kunit-kernel.sh instead:
#             arm64's, or on x86 the x86-debug one (preemption,
#             DEBUG_ATOMIC_SLEEP, lockdep; x86's other KUnit kernel is
#             User-Mode Linux, run/uml.sh)
#   --script  shell script run by the guest's busybox sh (as /vgc/script.sh)
#   --ko      module to ship, as /ko/NAME.ko and in lib/modules/KVER/extra
#             (depmod'ed, so modprobe resolves its stock dependencies)
#   --add     file to ship as /bin/NAME; FILE.c (or FILE, if only FILE.c
#             exists) is built static for the guest first (cross-built
#             for arm64); dynamic binaries bring their shared libraries
#   --mod     extra stock module (with its dependencies) to ship
#   --env     variable exported to the guest script (VGC_KOS is set to the
#             shipped module paths, in order)
#   --append  more kernel command line
#   --extra-tests  boot with cryptomgr.noextratests=0 if the kernel has
#             CONFIG_CRYPTO_MANAGER_EXTRA_TESTS (Debian's do not)
#   --smp, --mem  guest CPUs (default 1) and memory (default 1024 MiB)
#   --timeout host-side limit for the whole boot (default 900 s)
#   --log     keep the full console log there (default: the cache's
#             logs/qemu-ARCH-last.log)
#   --verbose show the whole console, boot messages included
#   --bzimage x86: boot vmlinuz the usual way instead of the extracted
#             vmlinux (PVH entry; the same kernel, about 4 s faster)
#
# Stock modules shipped: all of kernel/crypto, the arch's crypto drivers,
# lib/crypto, tcrypt, and whatever the --ko files depend on (modinfo
# depends), with their dependencies. The guest prints its script's output
# between markers and "===VGC-EXIT=<rc>===", then powers off; this script
# exits with <rc> (124 on timeout, 125 if the guest died without reporting).
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

arch=x86_64 release=6.1 kunit=0 script="" kos=() adds=() mods=() envs=()
append="" extra_tests=0 smp=1 mem=1024 timeout_s=900 log="" verbose=0 bzimage=0
while (($#)); do
	case $1 in
	--arch) arch=$2; shift 2 ;;
	--release) release=$2; shift 2 ;;
	--kunit) kunit=1; shift ;;
	--script) script=$2; shift 2 ;;
	--ko) kos+=("$2"); shift 2 ;;
	--add) adds+=("$2"); shift 2 ;;
	--mod) mods+=("$2"); shift 2 ;;
	--env) envs+=("$2"); shift 2 ;;
	--append) append+=" $2"; shift 2 ;;
	--extra-tests) extra_tests=1; shift ;;
	--smp) smp=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--verbose) verbose=1; shift ;;
	--bzimage) bzimage=1; shift ;;
	*) vgc_usage ;;
	esac
done
[[ -n $script && -f $script ]] || vgc_usage
for f in "${kos[@]}"; do [[ -f $f ]] || vgc_die "no such module: $f"; done
vgc_need_pkgs kmod cpio

case $arch in
x86_64)
	vgc_need_pkgs qemu-system-x86
	for f in "${adds[@]}"; do
		[[ $f == *.c || (! -e $f && -f $f.c) ]] && { vgc_need_pkgs gcc libc6-dev; break; }
	done
	if ((kunit)); then
		kdir=$("$VGC_SCRIPTS/build/kunit-kernel.sh" x86-debug)
		kernel=$kdir/arch/x86/boot/bzImage
		stock=$kdir/.vgc-modroot/lib/modules/$(cat "$kdir/include/config/kernel.release")
		config=$kdir/.config
	else
		vmlinuz=$("$VGC_SCRIPTS/fetch/kernel.sh" "$release" image)
		kernel=$vmlinuz
		((bzimage)) || kernel=$("$VGC_SCRIPTS/fetch/kernel.sh" "$release" vmlinux)
		stock=$("$VGC_SCRIPTS/fetch/kernel.sh" "$release" modules)
		config=${vmlinuz%/*}/config-${stock##*/}
	fi
	base=$(vgc_guest_base)
	archdir=kernel/arch/x86/crypto/
	console=ttyS0
	qemu=(qemu-system-x86_64 -accel tcg -cpu max)
	;;
arm64)
	"$VGC_SCRIPTS/fetch/arm64.sh" tools
	if ((kunit)); then
		kdir=$("$VGC_SCRIPTS/build/kunit-kernel.sh" arm64)
		kernel=$kdir/arch/arm64/boot/Image
		stock=$kdir/.vgc-modroot/lib/modules/$(cat "$kdir/include/config/kernel.release")
		config=$kdir/.config
	else
		kernel=$("$VGC_SCRIPTS/fetch/arm64.sh" "$release" image)
		stock=$("$VGC_SCRIPTS/fetch/arm64.sh" "$release" modules)
		# boot/config-KVER, or (Debian 7.x) in the module tree
		config=${kernel%/*}/config-${stock##*/}
		[[ -f $config ]] || config=$stock/config
	fi
	base=$("$VGC_SCRIPTS/fetch/arm64.sh" guest-base)
	archdir=kernel/arch/arm64/crypto/
	console=ttyAMA0
	# the implementation-defined pointer authentication: the architected
	# QARMA one is slow to emulate
	qemu=(qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on -accel tcg)
	export VGC_GUEST_CC=aarch64-linux-gnu-gcc
	for f in "${adds[@]}"; do
		[[ ! -e $f && -f $f.c ]] && f=$f.c
		if [[ $f == *.c ]] && grep -q '^ \* vgc-ldlibs:.*-lcrypto' "$f"; then
			sysroot=$("$VGC_SCRIPTS/fetch/arm64.sh" sysroot)
			export VGC_GUEST_CRYPTO_FLAGS="-I$sysroot/usr/include
				-I$sysroot/usr/include/aarch64-linux-gnu
				-L$sysroot/usr/lib/aarch64-linux-gnu"
			break
		fi
	done
	;;
*) vgc_usage ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/vgc-qemu.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{ko,vgc,bin}

# Modules: the stock crypto set, the --mod ones, and the --ko files with
# what they depend on (scripts/lib.sh).
kolist=$(vgc_guest_modules "$root" "$stock" "$archdir" \
	"${mods[*]+${mods[*]}}" ${kos[@]+"${kos[@]}"})
vgc_guest_add_files "$root" "$work" "${adds[@]}"
initrd=$(vgc_guest_initrd "$work" "$root" "$base" "$script" "$verbose" \
	"$kolist" ${envs[@]+"${envs[@]}"})

cmdline="console=$console panic=-1"
((verbose)) || cmdline+=" loglevel=4"
if ((extra_tests)); then
	if grep -q '^CONFIG_CRYPTO_MANAGER_EXTRA_TESTS=y' "$config"; then
		cmdline+=" cryptomgr.noextratests=0"
	else
		vgc_log "note: this kernel has no CONFIG_CRYPTO_MANAGER_EXTRA_TESTS; running without"
	fi
fi
cmdline+=$append

if [[ -z $log ]]; then
	mkdir -p "$VGC_CACHE/logs"
	log=$VGC_CACHE/logs/qemu-$arch-last.log
fi
: >"$log"

# Serial console on stdio, stdin closed so nothing waits for a terminal;
# the console goes to $log and the script's part is shown (lib.sh).
rc=0
vgc_qemu_boot "$log" "$verbose" "$timeout_s" "${qemu[@]}" -m "$mem" -smp "$smp" \
	-nographic -no-reboot -nic none \
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline" || rc=$?
# TCG's CPU model, not the host's: what it cannot run is named apart
vgc_not_exercised "$log" "in this guest (QEMU TCG, -cpu max)"
exit "$rc"
