#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/debug/kmemleak.sh - the kmemleak side of the debug-kernel stages
# (scripts/check/debug-uml.sh, scripts/check/fault-inject.sh), in the guest.
#
# usage: kmemleak.sh clear   before the modules load: scan, and forget what
#                            the boot left (it is not ours to judge)
#        kmemleak.sh check   after they are unloaded: unload every module
#                            still loaded (the stock ones loaded on the
#                            way; see below), wait until every object is
#                            old enough to be reported (5 s), scan twice,
#                            and print "ok - ..." if nothing is
#                            unreferenced, else "not ok - ..." and the
#                            first reports
#
# Under User-Mode Linux, kmemleak does not track module memory (6.1: each
# load warns "Trying to color unknown object"), so what only a loaded
# module's data points to reads as leaked: hence nothing stays loaded.
K=/sys/kernel/debug/kmemleak
grep -q ' /sys/kernel/debug ' /proc/mounts || mount -t debugfs none /sys/kernel/debug
if [ ! -e $K ]; then
	echo "not ok - kmemleak: no $K (CONFIG_DEBUG_KMEMLEAK?)"
	exit 1
fi
case ${1:-} in
clear)
	echo scan >$K && echo clear >$K
	;;
check)
	for pass in 1 2 3 4; do
		for m in $(awk '{ print $1 }' /proc/modules); do
			rmmod "$m" 2>/dev/null
		done
	done
	if [ -s /proc/modules ]; then
		echo "# still loaded: $(awk '{ print $1 }' /proc/modules | tr '\n' ' ')"
	fi
	sleep 6
	echo scan >$K
	sleep 1
	echo scan >$K
	cat $K >/tmp/kmemleak.out
	n=$(grep -c '^unreferenced object' /tmp/kmemleak.out)
	if [ "$n" -eq 0 ]; then
		echo "ok - kmemleak: no unreferenced object after the scan"
	else
		echo "not ok - kmemleak: $n unreferenced objects"
		head -n 80 /tmp/kmemleak.out | sed 's/^/# /'
		exit 1
	fi
	;;
*)
	echo "usage: kmemleak.sh clear|check" >&2
	exit 2
	;;
esac
