#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: tests/arm64/no_vector_spills.sh OBJECT...
#
# The NEON code keeps key-derived data in vector registers only: no
# function of these objects may store a v-register to its stack frame (a
# spill, or an initialisation of a local array, would leave a secret in a
# stack slot nobody wipes). A store counts as one to the stack when its
# base is sp or a register computed from sp (add/sub/mov from sp, or
# from such a register) in the same function. Allowed: the prologue's
# saves of d8-d15, which hold the caller's values (the AAPCS64
# callee-saved halves; the caller is general-registers-only C), and
# general-register stores. One "ok"/"not ok" line per object, the
# offending instructions after a "not ok"; exits non-zero on any.
set -uo pipefail

objdump=${OBJDUMP:-aarch64-linux-gnu-objdump}
bad=0
for o in "$@"; do
	if ! out=$("$objdump" -d --no-show-raw-insn "$o" 2>&1); then
		echo "not ok - $o: $objdump failed: $out"
		bad=$((bad + 1))
		continue
	fi
	found=$(awk -F'\t' '
		/^[0-9a-f]+ <.*>:/ { fn = $0; sub(/^[0-9a-f]+ /, "", fn); delete sp; next }
		NF < 3 { next }
		{
			op = $2; args = $3
			dst = args; sub(/,.*/, "", dst)
			base = ""
			if (match(args, /\[[a-z0-9]+/))
				base = substr(args, RSTART + 1, RLENGTH - 1)
			# vector stores: q/d/s/h/b registers, or st1-st4 of v lists
			if (op ~ /^(st1|st2|st3|st4)$/ ||
			    (op ~ /^(str|stp|stur|stnp)$/ && dst ~ /^[qdshb][0-9]+$/)) {
				if (base == "sp" || (base in sp)) {
					if (base == "sp" && op ~ /^(stp|str)$/ &&
					    args ~ /^d(8|9|1[0-5])(, d(8|9|1[0-5]))?, \[sp/)
						next
					print fn, $0
				}
				next
			}
			# track registers holding addresses in the frame
			if (dst ~ /^x[0-9]+$/) {
				src = args; sub(/^[^,]*, */, "", src); sub(/,.*/, "", src)
				if ((op ~ /^(add|sub|mov)$/) && (src == "sp" || (src in sp)))
					sp[dst] = 1
				else if (op !~ /^(str|stp|stur|stnp|cmp|cmn|tst|st[1-4])$/)
					delete sp[dst]
			}
		}' <<<"$out")
	nfn=$(grep -c '>:$' <<<"$out")
	if [[ -n $found ]]; then
		echo "not ok - ${o##*/}: vector registers stored to the stack:"
		printf '%s\n' "$found" | head -n 20
		bad=$((bad + 1))
	else
		echo "ok - ${o##*/}: no vector register stored to the stack ($nfn functions)"
	fi
done
((bad == 0))
