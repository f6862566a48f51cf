#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/debug-uml.sh
#
# The KUnit suites and the crypto manager's extra self-tests in the debug
# User-Mode Linux kernel (scripts/build/kunit-kernel.sh um-debug: KASAN
# generic, UBSAN bounds/shift/div-zero/bool/enum, lockdep, kmemleak;
# tests/uml/debug.config). The module and its KUnit module are built with
# KASAN (kbuild's default for modules) and UBSAN (UBSAN_SANITIZE=y: UML
# does not instrument everything) and the instrumentation is checked in
# the objects. In the guest: kmemleak forgets what the boot left, the
# modules load (self-tests, then every KUnit suite), tcrypt's testmgr
# runs for both names, the RFC vectors go through AF_ALG, the modules
# unload, kmemleak scans and must find nothing, and dmesg must hold no
# KASAN, UBSAN, lockdep or other warning. DEBUG_ATOMIC_SLEEP cannot run
# under UML (no preemption): scripts/check/debug-x86.sh runs it.
# Ends with "debug-uml: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1
fail() { echo "debug-uml: $*: 0 passed, 1 failed"; exit 1; }

kdir=$(scripts/build/kunit-kernel.sh um-debug) || fail "no debug UML kernel"
make -s kunit-vectors >/dev/null || fail "kunit-vectors"
out=$root/build/uml-debug
scripts/build/module-debug.sh "$kdir" "$out" || fail "module build"

# the sanitizers are in our objects: KASAN's checks and UBSAN's handlers
pass=0 failed=0
for ko in vgcrypto.ko vgcrypto_kunit.ko; do
	syms=$(nm -u "$out/$ko")
	if grep -q '__asan_load' <<<"$syms" && grep -q '__ubsan_handle_' <<<"$syms"; then
		echo "ok - $ko is built with KASAN and UBSAN checks"
		pass=$((pass + 1))
	else
		echo "not ok - $ko lacks KASAN or UBSAN instrumentation"
		failed=$((failed + 1))
	fi
done

# Each module load under UML makes kmemleak warn that the module's memory
# is an unknown object (6.1's UML does not register it): the kernel's, not
# ours, and left out by name (--known-report); tests/debug/kmemleak.sh
# unloads every module before its scan for the same reason.
log=$root/build/check/debug-uml-console.log
mkdir -p "${log%/*}"
# shellcheck disable=SC2016 # the guest's shell expands the --run command
# X-Wing and its KUnit suite (the UML kernel has the X25519 library:
# tests/uml/kunit.config)
xwing=()
if grep -qE '^CONFIG_CRYPTO_LIB_CURVE25519=(y|m)$' "$kdir/.config"; then
	[[ -f $out/vgcrypto_xwing.ko && -f $out/vgcrypto_xwing_kunit.ko ]] ||
		fail "vgcrypto_xwing.ko or its KUnit module not built"
	xwing=(--ko "$out/vgcrypto_xwing.ko" --ko "$out/vgcrypto_xwing_kunit.ko")
fi
scripts/run/uml.sh --kernel um-debug --ko "$out/vgcrypto.ko" --ko "$out/vgcrypto_kunit.ko" \
	${xwing[@]+"${xwing[@]}"} \
	--tcrypt 'alg=rfc7539(chacha20,poly1305) type=3' \
	--tcrypt 'alg=rfc7539esp(chacha20,poly1305) type=3' \
	--add tests/qemu/af_alg_vectors.c --add tests/debug/kmemleak.sh \
	--pre 'sh /bin/kmemleak.sh clear' \
	--run 'af_alg_vectors $(awk '\''$1 == "driver" && /vgcrypto/ && /chacha20/ { print $3 }'\'' /proc/crypto)' \
	--after 'sh /bin/kmemleak.sh check' \
	--known-report 'kmemleak: (Trying to color|Adding scan area to) unknown object' \
	--cmdline 'mem=1G log_buf_len=16M kasan_multi_shot' --timeout 1800 --log "$log" | tee "$out/guest.out"

# the kernel has them (its .config), and lockdep and kmemleak came up
for want in CONFIG_KASAN_GENERIC=y CONFIG_UBSAN=y CONFIG_PROVE_LOCKING=y CONFIG_DEBUG_KMEMLEAK=y; do
	if grep -qx "$want" "$kdir/.config"; then
		echo "ok - kernel config: $want"
		pass=$((pass + 1))
	else
		echo "not ok - kernel config lacks $want"
		failed=$((failed + 1))
	fi
done
for want in 'Lock dependency validator' 'kmemleak: Kernel memory leak detector initialized'; do
	if grep -q "$want" "$log"; then
		echo "ok - boot log: $want"
		pass=$((pass + 1))
	else
		echo "not ok - boot log lacks: $want"
		failed=$((failed + 1))
	fi
done
line=$(grep -Eo '^uml-kunit: [0-9]+ passed, [0-9]+ failed' "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
line=${line#*: }
p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}
echo "debug-uml: $((p + pass)) passed, $((f + failed)) failed"
((f + failed == 0))
