#!/bin/bash
# scripts/qemu-run.sh - boot one of Debian's stock amd64 kernels (6.1 by
# default, or 6.12) under QEMU (TCG)
# with a throwaway busybox initramfs, run a guest script, return its status.
#
# usage: scripts/qemu-run.sh --script GUEST.sh [--ko FILE.ko]... [--add FILE]...
#            [--mod NAME]... [--env VAR=VALUE]... [--append "KERNEL ARGS"]
#            [--extra-tests] [--smp N] [--timeout SEC] [--log FILE] [--verbose]
#            [--release 6.1|6.12] [--mem MiB]
#   --release which Debian kernel (scripts/kernel.sh RELEASE; default 6.1)
#   --mem     guest memory (default 1024 MiB)
#   --script  shell script run by the guest's busybox sh (as /vgc/script.sh)
#   --ko      module to ship, as /ko/NAME.ko and in lib/modules/KVER/extra
#             (depmod'ed, so modprobe resolves its stock dependencies)
#   --add     file to ship as /bin/NAME; FILE.c (or FILE, if only FILE.c
#             exists) is built with gcc -static first; dynamic binaries
#             bring their shared libraries
#   --mod     extra stock module (with its dependencies) to ship
#   --env     variable exported to the guest script (VGC_KOS is set to the
#             shipped module paths, in order)
#   --append  more kernel command line
#   --extra-tests  boot with cryptomgr.noextratests=0 if the kernel has
#             CONFIG_CRYPTO_MANAGER_EXTRA_TESTS (Debian's 6.1 and 6.12 do not)
#   --timeout host-side limit for the whole boot (default 900 s)
#   --log     keep the full console log there (default: the cache's
#             logs/qemu-last.log)
#   --verbose show the whole console, boot messages included
#   --bzimage boot vmlinuz the usual way instead of the extracted vmlinux
#             (PVH entry; the same kernel, about 4 s faster under TCG)
#
# Stock modules shipped: all of kernel/crypto, arch/x86/crypto, lib/crypto,
# tcrypt, and whatever the --ko files depend on (modinfo depends), with
# their dependencies. The guest prints its script's output between markers
# and "===VGC-EXIT=<rc>===", then powers off; this script exits with <rc>
# (124 on timeout, 125 if the guest died without reporting).
set -euo pipefail
# shellcheck source=scripts/common.sh
. "$(dirname "$0")/common.sh"

usage() { vgc_usage; }

script="" kos=() adds=() mods=() envs=() append="" extra_tests=0
smp=1 timeout_s=900 log="" verbose=0 bzimage=0 release=6.1 mem=1024
while (($#)); do
	case $1 in
	--script) script=$2; shift 2 ;;
	--ko) kos+=("$2"); shift 2 ;;
	--add) adds+=("$2"); shift 2 ;;
	--mod) mods+=("$2"); shift 2 ;;
	--env) envs+=("$2"); shift 2 ;;
	--append) append+=" $2"; shift 2 ;;
	--extra-tests) extra_tests=1; shift ;;
	--smp) smp=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--verbose) verbose=1; shift ;;
	--bzimage) bzimage=1; shift ;;
	--release) release=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	-h | --help) usage ;;
	*) vgc_log "unknown argument: $1"; usage ;;
	esac
done
[[ -n $script ]] || usage
[[ -f $script ]] || vgc_die "no such script: $script"
for f in "${kos[@]}"; do [[ -f $f ]] || vgc_die "no such module: $f"; done

vgc_need_pkgs qemu-system-x86 kmod cpio
for f in "${adds[@]}"; do
	[[ $f == *.c || ( ! -e $f && -f $f.c ) ]] && { vgc_need_pkgs gcc libc6-dev; break; }
done

vmlinuz=$("$VGC_SCRIPTS/kernel.sh" "$release" image)
kernel=$vmlinuz
((bzimage)) || kernel=$("$VGC_SCRIPTS/kernel.sh" "$release" vmlinux)
stock=$("$VGC_SCRIPTS/kernel.sh" "$release" modules)
kver=${stock##*/}
base=$(vgc_guest_base)

work=$(mktemp -d "${TMPDIR:-/tmp}/vgc-qemu.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{ko,vgc,bin}

# Modules: the stock crypto set, the --mod ones, and the --ko files with
# what they depend on (scripts/common.sh).
kolist=$(vgc_guest_modules "$root" "$stock" kernel/arch/x86/crypto/ \
	"${mods[*]+${mods[*]}}" ${kos[@]+"${kos[@]}"})

vgc_guest_add_files "$root" "$work" "${adds[@]}"

install -m 0755 "$script" "$root/vgc/script.sh"
{
	printf "export VGC_KOS='%s'\n" "$kolist"
	for e in "${envs[@]}"; do
		[[ $e == [A-Za-z_]*=* ]] || vgc_die "bad --env: $e"
		# Single-quote the value for the guest's sh.
		v=${e#*=}
		printf "export %s='%s'\n" "${e%%=*}" "${v//\'/\'\\\'\'}"
	done
} >"$root/vgc/env"
# Console shows only errors (and worse) while the script runs.
((verbose)) || echo 4 >"$root/vgc/loglevel"

# The kernel unpacks concatenated cpio archives in order: base, then ours.
vgc_cpio "$root" "$work/run.cpio"
cat "$base" "$work/run.cpio" >"$work/initrd.cpio"

cmdline="console=ttyS0 panic=-1"
((verbose)) || cmdline+=" loglevel=4"
if ((extra_tests)); then
	if grep -q '^CONFIG_CRYPTO_MANAGER_EXTRA_TESTS=y' "${vmlinuz%/*}/config-$kver"; then
		cmdline+=" cryptomgr.noextratests=0"
	else
		vgc_log "note: $kver has no CONFIG_CRYPTO_MANAGER_EXTRA_TESTS; running without"
	fi
fi
cmdline+=$append

if [[ -z $log ]]; then
	mkdir -p "$VGC_CACHE/logs"
	log=$VGC_CACHE/logs/qemu-last.log
fi
: >"$log"

# Serial console on stdio, stdin closed so nothing waits for a terminal;
# the console goes to $log and the script's part is shown (common.sh).
rc=0
vgc_qemu_boot "$log" "$verbose" "$timeout_s" qemu-system-x86_64 -accel tcg -cpu max -m "$mem" \
	-smp "$smp" -nographic -no-reboot -nic none \
	-kernel "$kernel" -initrd "$work/initrd.cpio" -append "$cmdline" || rc=$?
exit "$rc"
