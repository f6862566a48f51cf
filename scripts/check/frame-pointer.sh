#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/frame-pointer.sh BUILDDIR
#
# %rbp belongs to the frame-pointer unwinder: on a kernel built with
# CONFIG_UNWINDER_FRAME_POINTER, an interrupt, a perf sample or a WARN
# inside an assembly function walks the stack through %rbp, and a data
# value there breaks the trace. So no object assembled from arch/x86/*.S
# may touch %rbp (%ebp, %bp, %bpl) except to set up and tear down a
# frame: push %rbp, mov %rsp,%rbp, pop %rbp, leave. The objects are
# disassembled, so registers named through macros count too. One
# "ok"/"not ok" line per object; last line "frame-pointer: N passed,
# N failed". Fails if an object is missing.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:?usage: $0 BUILDDIR}
pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

for src in "$root"/arch/x86/*.S; do
	name=$(basename "$src" .S)
	o=$dir/arch/x86/$name.o
	# headers of macros only (included by the others) make no object
	grep -q 'SYM_FUNC_START' "$src" || continue
	if [[ ! -f $o ]]; then
		notok "arch/x86/$name.o: not built in $dir"
		continue
	fi
	if ! asm=$(objdump -d --no-show-raw-insn "$o"); then
		notok "arch/x86/$name.o: objdump failed"
		continue
	fi
	hits=$(grep -E '^ +[0-9a-f]+:' <<<"$asm" |
		sed -E 's/^ +[0-9a-f]+:\t//; s/ +$//; s/ +/ /g' |
		grep -E '%(rbp|ebp|bp|bpl)\b' |
		grep -vxE 'push %rbp|mov %rsp,%rbp|pop %rbp' | head -n 3)
	if [[ -z $hits ]]; then
		ok "arch/x86/$name.o: %rbp left to the frame pointer"
	else
		notok "arch/x86/$name.o: %rbp used as data:"
		sed 's/^/#   /' <<<"$hits"
	fi
done
((pass + fail)) || notok "no object from arch/x86/*.S checked"
echo "frame-pointer: $pass passed, $fail failed"
((fail == 0))
