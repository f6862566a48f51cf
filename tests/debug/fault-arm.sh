#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/debug/fault-arm.sh - make the debug kernel's allocations injection
# points for the fail-nth interface (/proc/<pid>/fail-nth, and
# current->fail_nth in kunit/fault_kunit.c), in the guest:
#  - failslab: GFP_KERNEL allocations too (ignore-gfp-wait N), from the
#    kmalloc caches only (cache-filter: the kernel is booted with
#    slub_debug=A,kmalloc-*, as 6.1's per-cache flag is read-only): where
#    kmalloc(), kzalloc() and the crypto API's tfm and request
#    allocations land, not kmemleak's own objects (a kmemleak that fails
#    to track an object would miss a leak);
#  - fail_page_alloc: GFP_KERNEL too, from order 3 up: the 18 KiB ML-KEM
#    work areas and requests (smaller page allocations refill slabs and
#    stacks, and failing them says nothing about the module);
#  - one line per injected failure, no stack dump (a dump would read as a
#    kernel warning).
# The probability stays 0: nothing fails unless a task asks with fail-nth.
D=/sys/kernel/debug
grep -q ' /sys/kernel/debug ' /proc/mounts || mount -t debugfs none $D
set -e
echo N >$D/failslab/ignore-gfp-wait
echo Y >$D/failslab/cache-filter
echo 1 >$D/failslab/verbose
echo N >$D/fail_page_alloc/ignore-gfp-wait
echo 3 >$D/fail_page_alloc/min-order
echo 1 >$D/fail_page_alloc/verbose
set +e
n=$(cat /sys/kernel/slab/kmalloc-*/failslab | grep -c '^1')
m=$(cat /sys/kernel/slab/*/failslab | grep -c '^1')
if [ "$n" -eq 0 ] || [ "$n" -ne "$m" ]; then
	echo "not ok - failslab marks on $n kmalloc caches of $m: boot with slub_debug=A,kmalloc-*"
	exit 1
fi
echo "ok - fault injection armed: failslab on the $n kmalloc caches, fail_page_alloc from order 3"
