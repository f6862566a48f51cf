#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/build/module-debug.sh KDIR OUTDIR
#
# scripts/build/module.sh for the debug User-Mode Linux kernel
# (scripts/build/kunit-kernel.sh um-debug), with the test modules, with
# the kernel's compiler (LLVM=1 for a clang kernel):
#  - UBSAN in every object (UBSAN_SANITIZE=y: UML does not instrument
#    everything by default);
#  - KASAN as the kernel's own objects have it, but without redzones
#    around globals: UML does not give a module's memory its own shadow,
#    so a module's global redzones stay poisoned after it unloads and a
#    later vmalloc() there (the next module image read) is reported as a
#    global-out-of-bounds write that is not one;
#  - no frame size limit: KASAN's stack redzones grow frames (to 4.7 KiB)
#    past the 1 KiB that the normal builds enforce.
set -euo pipefail
kdir=${1:?usage: $0 KDIR OUTDIR}
out=${2:?usage: $0 KDIR OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)

# the kernel's KASAN flags, from one of its instrumented objects (gcc
# gives its parameters as --param, clang as -mllvm)
kasan=$(grep -oE -- '-fsanitize=kernel-address|-fasan-shadow-offset=[^ ]+|--param[ =]asan-[a-z-]+=[0-9]+|-mllvm -asan-[a-z-]+=[0-9a-fx]+' \
	"$kdir/kernel/.fork.o.cmd" | sed 's/^--param /--param=/; s/asan-globals=1/asan-globals=0/' |
	tr '\n' ' ')
[[ $kasan == *kernel-address* && $kasan == *asan-globals=0* ]] ||
	{ echo "module-debug: no KASAN flags in $kdir/kernel/.fork.o.cmd" >&2; exit 1; }
llvm=()
! grep -q '^CONFIG_CC_IS_CLANG=y' "$kdir/.config" || llvm=(LLVM=1)
exec "$here/module.sh" "$kdir" "$out" ARCH=um ${llvm[@]+"${llvm[@]}"} VGC_TEST_MODULES=1 \
	UBSAN_SANITIZE=y CFLAGS_KASAN="$kasan" ccflags-remove-y=-Werror=frame-larger-than=1024 \
	KCFLAGS=-Wno-frame-larger-than
