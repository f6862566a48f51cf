#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/debug/modinit-faults.sh - module init under injected allocation
# failures, in the debug guest (after tests/debug/fault-arm.sh):
# vgcrypto.ko is loaded with the loading task's 1st, 2nd, ... fault
# injection point failing (finit_nth), until a load runs through without
# reaching its point. Each such load must fail with ENOMEM and leave
# nothing behind (no module, no vgcrypto driver in /proc/crypto), or, where
# the kernel absorbed the failure, load whole (every driver there, its
# self-test passed) and unload; each load is the next call after the one
# before, and a plain load ends the run. The points include the kernel's
# own module loading, before our init runs.
#
# usage: modinit-faults.sh MODULE.ko
# Prints one "ok"/"not ok" line per point and a summary line.
# (aead=always: the guard's timing is not what this is about)
KO=${1:?usage: modinit-faults.sh MODULE.ko}
MAX=${VGC_MODINIT_MAX:-5000}
pass=0
fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }
ours() { grep -c '^driver *: .*-vgcrypto-' /proc/crypto; }
loaded() { grep -q '^vgcrypto ' /proc/modules; }
# every driver of ours passed its self-test (testmgr's "selftest : passed")
all_tested() {
	awk '$1 == "driver" { ours = ($3 ~ /-vgcrypto-/); n += ours }
	$1 == "selftest" && ours && $3 == "passed" { p++ }
	END { exit !(n > 0 && n == p) }' /proc/crypto
}
# how many of our drivers have each self-test state: "passed 14 unknown 2"
tested() {
	awk '$1 == "driver" { ours = ($3 ~ /-vgcrypto-/) }
	$1 == "selftest" && ours { c[$3]++ }
	END { for (s in c) printf "%s %d ", s, c[s] }' /proc/crypto
}

modprobe -a $(modinfo -F depends "$KO" | tr , ' ') 2>/dev/null
loaded && rmmod vgcrypto
# the plain load, for the driver count
finit_nth 0 "$KO" aead=always >/tmp/fn.out
want=$(ours)
if grep -q '^errno 0 ' /tmp/fn.out && [ "$want" -gt 0 ] && rmmod vgcrypto; then
	ok "plain load: $want drivers; unloaded"
else
	notok "plain load: $(cat /tmp/fn.out), $want drivers"
	echo "modinit-faults: $pass passed, $fail failed"
	exit 1
fi

n=1 failed=0 absorbed=0 untested=0 others=""
while [ $n -le "$MAX" ]; do
	set -- $(finit_nth $n "$KO" aead=always)
	e=$2 left=$4
	if [ "$left" != 0 ]; then
		# ran through without reaching point n: the end
		if [ "$e" = 0 ] && [ "$(ours)" = "$want" ] && all_tested && rmmod vgcrypto; then
			ok "load with no point left to fail ($((n - 1)) points): loads, $want drivers, unloads"
		else
			notok "load past the last point: errno $e, $(ours) drivers"
		fi
		break
	fi
	if [ "$e" = 0 ]; then
		# The load went on: every driver is there and none failed its
		# self-test. One whose test the crypto manager could not start
		# (its own allocation failed: 6.1 warns once in
		# crypto_wait_for_test) stays untested, "unknown": lookups pass
		# it over (ELIBBAD), as after a failed test; the kernel's, not
		# the module's, to handle.
		absorbed=$((absorbed + 1))
		t=$(tested)
		case " $t" in *" passed "*) ;; *) t="$t(none passed) " ;; esac
		case $t in *unknown*) untested=$((untested + 1)) ;; esac
		if [ "$(ours)" = "$want" ] && ! echo " $t" | grep -qvE '^ ((passed|unknown) [0-9]+ )+$' &&
			rmmod vgcrypto && [ "$(ours)" = 0 ]; then
			ok "point $n failing: absorbed, all $want drivers there (self-tests: $t), unloaded"
		else
			notok "point $n failing: loaded with $(ours) of $want drivers (self-tests: $t)"
			loaded && rmmod vgcrypto
		fi
	else
		failed=$((failed + 1))
		[ "$e" = 12 ] || others="$others $n:$e"
		if ! loaded && [ "$(ours)" = 0 ] && [ "$e" = 12 ]; then
			ok "point $n failing: ENOMEM, nothing left behind"
		else
			notok "point $n failing: errno $e, module $(loaded && echo present || echo gone), $(ours) drivers left"
			loaded && rmmod vgcrypto
		fi
	fi
	n=$((n + 1))
done
[ $n -le "$MAX" ] || notok "more than $MAX points"
finit_nth 0 "$KO" aead=always >/tmp/fn.out
if grep -q '^errno 0 ' /tmp/fn.out && [ "$(ours)" = "$want" ] && all_tested && rmmod vgcrypto; then
	ok "a plain load after them all: $want drivers, self-tests passed; unloaded"
else
	notok "the plain load after them all: $(cat /tmp/fn.out), $(ours) drivers"
fi
echo "# module init: $((n - 1)) points; $failed failed the load, $absorbed absorbed ($untested of them with a driver the crypto manager could not test)${others:+; errno other than ENOMEM at$others}"
echo "modinit-faults: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
