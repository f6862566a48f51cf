#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/simd-objects.sh BUILDDIR [ARCH]
#
# FPU isolation by structure: outside the SIMD objects that
# arch/ARCH/objs.mk lists (vgc_simd_objs, whose functions run only
# between kernel_fpu_begin/end), no object of a module built in BUILDDIR
# may hold a vector register, so that nothing reachable outside a section
# can touch one. Every object the modules' .mod files list is
# disassembled; x86 (default): any %xmm, %ymm, %zmm or mask register
# (%k0-%k7) is a failure; arm64: any v, q, d, s, h or b register. Also
# fails if a listed SIMD object is missing (a stale list) or nothing was
# checked. One "ok"/"not ok" line per object; last line
# "simd-objects: N passed, N failed".
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:?usage: $0 BUILDDIR [x86|arm64]}
dir=$(cd "$dir" && pwd) || exit 1
arch=${2:-x86}
case $arch in
x86) objdump=objdump re='%([xyz]mm[0-9]+|k[0-7])\b' ;;
arm64) objdump=aarch64-linux-gnu-objdump re='\b[vqdshb][0-9]{1,2}(\.|\b)' ;;
*) echo "simd-objects: unknown arch $arch"; echo "simd-objects: 0 passed, 1 failed"; exit 1 ;;
esac

simd=$(printf 'include %s\nall:\n\t@echo $(vgc_simd_objs)\n' \
	"$root/arch/$arch/objs.mk" | make -s -f -) || simd=
pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

mapfile -t objs < <(cat "$dir"/*.mod 2>/dev/null | tr ' ' '\n' | grep '\.o$' | sort -u)
((${#objs[@]})) || notok "no objects listed in $dir/*.mod"
for o in "${objs[@]}"; do
	# absolute (6.1) or relative to the build directory (later kernels)
	rel=${o#"$dir"/}
	rel=${rel#./}
	if [[ " $simd " == *" $rel "* ]]; then
		[[ -f $dir/$rel ]] && continue
		notok "$rel: listed as SIMD in arch/$arch/objs.mk but not built"
		continue
	fi
	if ! asm=$("$objdump" -d --no-show-raw-insn "$dir/$rel"); then
		notok "$rel: $objdump failed"
		continue
	fi
	# the operands only: not the address column, nor a branch target
	# ("d8 <sym+0x10>"), whose hex digits can read as a register name
	hits=$(grep -E "^ +[0-9a-f]+:" <<<"$asm" |
		sed -E 's/^ +[0-9a-f]+:\t//; s/\b[0-9a-f]+ <[^>]*>//g' |
		grep -E "$re" | head -n 3)
	if [[ -z $hits ]]; then
		ok "$rel: no vector register"
	else
		notok "$rel: vector registers outside the SIMD objects:"
		sed 's/^/#   /' <<<"$hits"
	fi
done
echo "simd-objects: $pass passed, $fail failed"
((fail == 0))
