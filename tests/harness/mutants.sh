#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Break lib/ on purpose, one small change at a time, in a scratch copy,
# and check that the harness notices every one: a test that cannot fail
# is worth nothing. lib/ itself is never touched.
#
#   tests/harness/mutants.sh [BUILD_DIR]     (make -C tests/harness mutants)
#
# Each mutant is "name#file#sed expression#target": target "check" must
# make vgc_test --quick fail, "ct" must make make ct-check fail.
# A mutant whose sed no longer changes its file (lib/ moved on) is
# reported as NOT APPLIED and fails the run, so the list is kept honest.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build/harness}
out=$build/mutants
jobs=${JOBS:-2}

mutants=(
	# Poly1305
	"poly-clamp-bit#poly1305.c#s/0x0ffffffc0fffffffULL/0x0ffffffc1fffffffULL/#check"
	"poly-final-reduce#poly1305.c#s/g0 = h0 + 5;/g0 = h0 + 4;/#check"
	"poly-fold-mask#poly1305.c#s/h2 = d2 \& 3;/h2 = d2 \& 1;/#check"
	"poly-s-carry#poly1305.c#s/h1 += p->s\[1\] + c;/h1 += p->s[1];/#check"
	# ChaCha20
	"chacha-rot8#chacha20.c#s/x\[d\] = rol32(x\[d\] ^ x\[a\], 8);/x[d] = rol32(x[d] ^ x[a], 9);/#check"
	"chacha-const-bit#chacha20.h#s/0x61707865/0x61707864/#check"
	"chacha-ctr-step#chacha20.c#s/\t\tstate\[12\]++;/\t\tstate[12] += 2;/#check"
	# the AEAD core: carries between segments, lengths, tag check, wipe
	"core-ks-drop#chacha20poly1305.c#s/r->ks_avail -= n;/r->ks_avail = 0;/#check"
	"core-ks-off-by-one#chacha20poly1305.c#s/r->ks_avail = VGC_CHACHA_BLOCK_SIZE - len;/r->ks_avail = VGC_CHACHA_BLOCK_SIZE - len - 1;/#check"
	"core-pbuf-carry#chacha20poly1305.c#s/if (r->pbuf_len < VGC_POLY1305_BLOCK_SIZE)/if (r->pbuf_len < VGC_POLY1305_BLOCK_SIZE - 1)/#check"
	"core-len-swap#chacha20poly1305.c#s/r->adlen, lens);/r->textlen, lens);/#check"
	"core-tag-short#chacha20poly1305.c#s/crypto_memneq(calc, tag, VGC_CP_TAG_SIZE)/crypto_memneq(calc, tag, VGC_CP_TAG_SIZE - 1)/#check"
	"core-no-wipe#chacha20poly1305.c#s/memzero_explicit(dst, len);/memzero_explicit(dst, 0);/#check"
	# constant time: short-circuit compares for h >= p, memcmp for the tag
	"ct-poly-final-branch#poly1305.c#s/mask = 0 - (g2 >> 2);/mask = 0 - (u64)(h2 > 3 || (h2 == 3 \&\& h1 == ~0ULL \&\& h0 >= ~4ULL));/#ct"
	"ct-tag-memcmp#chacha20poly1305.c#s/crypto_memneq(calc, tag, VGC_CP_TAG_SIZE)/memcmp(calc, tag, VGC_CP_TAG_SIZE)/#ct"
)

rm -rf "$out"
mkdir -p "$out"
killed=0 survived=0 broken=0

for m in "${mutants[@]}"; do
	IFS='#' read -r name file expr target <<<"$m"
	dir=$out/$name
	mkdir -p "$dir"
	cp -r "$root/lib" "$dir/lib"
	sed -i -e "$expr" "$dir/lib/$file"
	if cmp -s "$root/lib/$file" "$dir/lib/$file"; then
		printf '%-22s NOT APPLIED (sed matched nothing in lib/%s)\n' \
		       "$name" "$file"
		broken=$((broken + 1))
		continue
	fi
	diff -u "$root/lib/$file" "$dir/lib/$file" >"$dir/diff"
	# a mutant must build: warnings (an unused variable) are no kill
	prog=vgc_test
	[ "$target" = ct ] && prog=vgc_ctgrind
	if ! make -s -j"$jobs" -C "$here" O="$dir/build" LIB_DIR="$dir/lib" \
	     EXTRA_CFLAGS=-Wno-error "$dir/build/$prog" >"$dir/log" 2>&1; then
		printf '%-22s BUILD FAILED (see %s/log)\n' "$name" "$dir"
		broken=$((broken + 1))
		continue
	fi
	if [ "$target" = ct ]; then
		make -s -C "$here" O="$dir/build" LIB_DIR="$dir/lib" \
			EXTRA_CFLAGS=-Wno-error ct-check >"$dir/log" 2>&1
		rc=$?
		what=$(grep -m1 -oE 'at 0x[0-9A-F]+: [^ ]+ \([^)]*\)' "$dir/log" |
		       sed 's/^at 0x[0-9A-F]*: /valgrind: /')
	else
		"$dir/build/vgc_test" --quick >"$dir/log" 2>&1
		rc=$?
		what=$(grep -E '^[a-z0-9-]+\[[^]]*\]: [0-9]+ passed, [1-9][0-9]* failed' \
		       "$dir/log" | sed -E 's/ passed, / ok, /' | tr '\n' ' ')
	fi
	if [ "$rc" -ne 0 ]; then
		printf '%-22s KILLED    %s\n' "$name" "$what"
		killed=$((killed + 1))
	else
		printf '%-22s SURVIVED  (see %s)\n' "$name" "$dir"
		survived=$((survived + 1))
	fi
done

echo "mutants: $killed killed, $survived survived, $broken not applied or not built"
[ "$survived" -eq 0 ] && [ "$broken" -eq 0 ]
