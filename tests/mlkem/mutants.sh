#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Break lib/ on purpose, one small change at a time, in a scratch copy,
# and check that mlkem_test notices: every suite named for a mutant must
# report a failure. lib/ itself is never touched.
#
#   tests/mlkem/mutants.sh [BUILD_DIR [NOBLE_CASES [XWING_CASES]]]
#                                        (make -C tests/mlkem mutants)
#
# ONLY="name ..." runs just those mutants.
#
# Each mutant is "name#file#sed expression#suites that must fail". A
# mutant whose sed no longer changes its file is reported as NOT APPLIED
# and fails the run, so the list is kept honest.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build/mlkem}
out=$build/mutants
cases=${2:-$build/noble-cases-1000.txt}
xcases=${3:-$build/noble-xwing-cases-1000.txt}

mutants=(
	# input checks
	"no-modulus-check#mlkem_poly.c#s/return !(bad >> 31);/return true;/#cctv-modulus,wycheproof"
	"no-hash-check#mlkem.c#s/ok = !crypto_memneq(w->kbar, h, MLKEM_SYMBYTES);/ok = !!h;/#wycheproof,acvp-encapdecap"
	"no-seed-length-check#mlkem.c#s/ seed_len != VGC_MLKEM_SEED_SIZE)/ !seed_len)/#wycheproof,api"
	# implicit rejection: selection, comparison, J's input
	"select-flipped#mlkem.c#s/(mask \& (w->g\[i\] ^ w->kbar\[i\]))/(~mask \& (w->g[i] ^ w->kbar[i]))/#acvp-encapdecap,wycheproof,cctv-strcmp,cctv-accumulated,noble-diff"
	"compare-short#mlkem.c#s/ct_differ_mask(ct, w->ct, p->ct_size)/ct_differ_mask(ct, w->ct, p->ct_size - 1)/#wycheproof,noble-diff"
	"compare-strcmp#mlkem.c#s/for (i = 0; i < len; i++)/for (i = 0; i < len \&\& a[i]; i++)/#cctv-strcmp,wycheproof"
	"compare-skips-first#mlkem.c#s/ct_differ_mask(ct, w->ct, p->ct_size)/ct_differ_mask(ct + 1, w->ct + 1, p->ct_size - 1)/#noble-diff"
	"rejection-key-misread#mlkem.c#s/vgc_keccak_absorb(\&w->kc, z, MLKEM_SYMBYTES);/vgc_keccak_absorb(\&w->kc, z - 1, MLKEM_SYMBYTES);/#acvp-encapdecap,wycheproof,cctv-accumulated,noble-diff"
	# constant time: an early exit on the secret comparison, a load from an
	# address chosen by it
	"ct-select-by-address#mlkem.c#s/ss\[i\] = w->g\[i\] ^ (mask \& (w->g\[i\] ^ w->kbar\[i\]));/ss[i] = (mask ? w->kbar : w->g)[i];/#ct-valgrind"
	"ct-early-exit#mlkem.c#s/for (i = 0; i < len; i++)/for (i = 0; i < len \&\& !d; i++)/#ct-valgrind"
	# FIPS 203 final against the draft: no domain separation in G(d || k)
	"draft-keygen#mlkem.c#s/mlkem_g(w, MLKEM_SYMBYTES + 1);/mlkem_g(w, MLKEM_SYMBYTES);/#acvp-keygen,wycheproof,cctv-accumulated,noble-diff"
	# arithmetic and sampling
	"matrix-not-transposed#mlkem.c#s/sample_ntt(w, w->a, rho, (u8)i, (u8)j);/sample_ntt(w, w->a, rho, (u8)j, (u8)i);/#acvp-encapdecap,wycheproof,cctv-accumulated,noble-diff"
	"compress-reciprocal#mlkem_poly.h#s/330282857ULL/330282856ULL/#arith"
	"zeta-off-by-one#mlkem_poly.c#s/-1044, -758, -359,/-1044, -757, -359,/#arith,acvp-keygen,noble-diff"
	"cbd3-mask#mlkem_poly.c#s/((w >> 2) \& 0x249249)/((w >> 2) \& 0x249248)/#acvp-keygen,noble-diff"
	"keccak-rc-bit#sha3.c#s/0x8000000080008000ULL/0x8000000080008001ULL/#sha3-openssl,acvp-keygen"
	# X-Wing: the combiner's label, the refusal of a ct_X of small order
	"xwing-label#xwing.c#s/0x5c, 0x2e, 0x2f/0x5d, 0x2e, 0x2f/#xwing-draft,xwing-noble"
	"xwing-ct-x-unchecked#xwing.c#s/if (!curve25519(ss_x, key->sk_x, ct_x))/if (!curve25519(ss_x, key->sk_x, ct_x) \&\& 0)/#xwing-api"
)

mkdir -p "$out"
pass=0 fail=0
for m in "${mutants[@]}"; do
	IFS='#' read -r name file expr want <<<"$m"
	[[ -z ${ONLY:-} || " $ONLY " == *" $name "* ]] || continue
	dir=$out/$name
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -r "$root/lib" "$dir/lib"
	sed -i "$expr" "$dir/lib/$file"
	if cmp -s "$root/lib/$file" "$dir/lib/$file"; then
		echo "not ok - $name: NOT APPLIED (lib/$file moved on)"
		fail=$((fail + 1))
		continue
	fi
	if ! make -s -C "$here" O="$dir/build" LIB_DIR="$dir/lib" all \
		>"$dir/build.log" 2>&1; then
		echo "not ok - $name: does not build (see $dir/build.log)"
		fail=$((fail + 1))
		continue
	fi
	"$dir/build/mlkem_test" --noble "$cases" --xwing "$xcases" \
		--ctgrind "$dir/build/mlkem_ctgrind" >"$dir/test.log" 2>&1
	# "suite[back end]: N passed, N failed"
	caught=$(sed -n 's/^\([a-z0-9-]*\)\(\[[a-z0-9]*\]\)\{0,1\}: [0-9]* passed, \([1-9][0-9]*\) failed$/\1/p' \
		"$dir/test.log" | paste -sd, -)
	missed=
	for s in ${want//,/ }; do
		[[ ",$caught," == *",$s,"* ]] || missed="$missed $s"
	done
	if [[ -z $missed ]]; then
		echo "ok - $name: caught by $caught"
		pass=$((pass + 1))
	else
		echo "not ok - $name: not caught by$missed (failed: ${caught:-none})"
		fail=$((fail + 1))
	fi
done
echo "mutants: $pass passed, $fail failed"
((fail == 0))
