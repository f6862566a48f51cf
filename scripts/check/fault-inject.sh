#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/fault-inject.sh
#
# Allocation failures injected one at a time, in the debug User-Mode Linux
# kernel of scripts/check/debug-uml.sh (fail-nth, failslab and
# fail_page_alloc; KASAN, lockdep and kmemleak watching). In the guest:
# tests/debug/fault-arm.sh makes GFP_KERNEL kmalloc and order >= 3 page
# allocations injection points, then
#  - module init (tests/debug/modinit-faults.sh): vgcrypto.ko loaded with
#    its loader's 1st, 2nd, ... point failing until a load gets past all
#    of them: ENOMEM and nothing registered each time, then a clean load;
#  - vgcrypto_fault_kunit.ko (kunit/fault_kunit.c): tfm allocation, the
#    callers' request allocation, key setting, the exported ML-KEM
#    functions, each point failing in turn: -ENOMEM, nothing half-done,
#    the next call right; and no allocation at all in the data paths;
# then kmemleak must find nothing and dmesg hold no warning but three the
# kernel's own: kmemleak's about module memory under UML (as in
# scripts/check/debug-uml.sh); 6.1's crypto manager's, once, when its
# allocation for a self-test fails during a registration (that driver
# then stays untested: modinit-faults.sh counts those loads); and the
# allocator's report of an injected failure of an allocation made
# without __GFP_NOWARN (warn_alloc: the module loader's vmalloc of the
# image, before our init runs). Boots with
# slub_debug=A,kmalloc-* (the kmalloc caches are the failslab ones) and
# without the crypto manager's extra tests (each of the many loads would
# run them).
# Ends with "fault-inject: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1
fail() { echo "fault-inject: $*: 0 passed, 1 failed"; exit 1; }

kdir=$(scripts/build/kunit-kernel.sh um-debug) || fail "no debug UML kernel"
make -s kunit-vectors >/dev/null || fail "kunit-vectors"
out=$root/build/uml-debug
scripts/build/module-debug.sh "$kdir" "$out" || fail "module build"
[[ -f $out/vgcrypto_fault_kunit.ko ]] || fail "no vgcrypto_fault_kunit.ko (kernel without CONFIG_FAULT_INJECTION?)"

log=$root/build/check/fault-inject-console.log
mkdir -p "${log%/*}"
scripts/run/uml.sh --kernel um-debug \
	--add tests/debug/kmemleak.sh --add tests/debug/fault-arm.sh \
	--add tests/debug/finit_nth.c --add tests/debug/modinit-faults.sh \
	--pre 'sh /bin/kmemleak.sh clear' --pre 'sh /bin/fault-arm.sh' \
	--pre 'sh /bin/modinit-faults.sh /ko/vgcrypto.ko' \
	--ko "$out/vgcrypto.ko" --ko "$out/vgcrypto_fault_kunit.ko" \
	--after 'sh /bin/kmemleak.sh check' \
	--known-report 'kmemleak: (Trying to color|Adding scan area to) unknown object' \
	--known-report 'WARNING: CPU: [0-9]+ PID: [0-9]+ at crypto/api.c:[0-9]+ crypto_wait_for_test' \
	--known-report '^[^ ]+: (page allocation failure|vmalloc error): ' \
	--cmdline 'mem=1G log_buf_len=16M kasan_multi_shot slub_debug=A,kmalloc-* cryptomgr.noextratests=1' \
	--timeout 1800 --log "$log" | tee "$out/fault-guest.out"
line=$(grep -Eo '^uml-kunit: [0-9]+ passed, [0-9]+ failed' "$out/fault-guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
grep -E '^# module init|allocation points' "$log" | sed 's/^/# /' | head -n 80
echo "fault-inject: ${line#*: }"
[[ $line == *" 0 failed" ]]
