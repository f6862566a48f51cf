#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/mlkem.sh - guest half of the ML-KEM checks on a stock kernel
# (no KUnit there): vgcrypto.ko loads (its load-time known-answer check
# passed), the ML-KEM drivers of the generic back end (and on x86-64 the
# avx2 one; the avx512 ones absent with a reason in dmesg) are registered
# as kpp and akcipher with their self-test "passed" (testmgr has no
# vectors for them: "No test"),
# and vgcrypto_mlkem_check.ko (shipped as /bin/vgcrypto_mlkem_check.ko)
# loads, which it does only if its round trips through the drivers by
# driver name pass. Then X-Wing where it was built: vgcrypto_xwing.ko
# loads (its known-answer check passed), registers the kpp "xwing", and
# vgcrypto_xwing_check.ko's round trips pass.
# Ends with "mlkem-$VGC_RELEASE: N passed, N failed".
pass=0
fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

ko=""
for k in $VGC_KOS; do case $k in */vgcrypto.ko) ko=$k ;; esac; done
check=/bin/vgcrypto_mlkem_check.ko
! grep -q '^vgcrypto ' /proc/modules || rmmod vgcrypto
before=$(dmesg | wc -l)
if out=$(insmod "$ko" aead=always 2>&1); then ok "insmod ${ko##*/}"; else notok "insmod ${ko##*/}: $out"; fi
if dmesg | tail -n +"$((before + 1))" | grep -q 'ML-KEM-512/768/1024 .*known-answer check passed'; then
	ok "load-time known-answer check passed"
else
	notok "no known-answer line in dmesg"
fi

# x86-64 guests (QEMU TCG: AVX2, no AVX-512) must register the avx2
# drivers; the avx512 ones are left out, and dmesg must say why
bes=generic
if [ "$(uname -m)" = x86_64 ]; then
	bes="avx2 generic"
	why=$(dmesg | tail -n +"$((before + 1))" | grep -o 'ML-KEM avx512 back end not registered: .*')
	if grep -q '^driver *: mlkem768-vgcrypto-avx512$' /proc/crypto; then
		ok "avx512 drivers registered (the CPU has AVX-512)"
	elif [ -n "$why" ]; then
		ok "avx512 drivers absent, dmesg: $why"
	else
		notok "avx512 drivers absent and no reason in dmesg"
	fi
fi

# /proc/crypto: driver, type, selftest, module of each ML-KEM driver
for bits in 512 768 1024; do
	for d in $(for be in $bes; do
		echo "mlkem$bits-vgcrypto-$be,kpp mlkem$bits-vgcrypto-$be-akcipher,akcipher"
	done); do
		d=$(echo "$d" | tr , ' ')
		drv=${d% *}
		want=${d#* }
		# one paragraph per driver; "name" comes before "driver"
		got=$(awk -v d="$drv" 'BEGIN { RS = ""; FS = "\n" }
			{ delete f
			  for (i = 1; i <= NF; i++) { split($i, kv, / *: /); f[kv[1]] = kv[2] }
			  if (f["driver"] == d) print f["name"] "|" f["type"] "|" f["selftest"] "|" f["module"] }' /proc/crypto)
		if [ "$got" = "mlkem$bits|$want|passed|vgcrypto" ]; then
			ok "$drv registered ($want, selftest passed)"
		else
			notok "$drv: name|type|selftest|module = '$got'"
		fi
	done
done

before=$(dmesg | wc -l)
if out=$(insmod "$check" 2>&1); then
	ok "insmod ${check##*/}: round trips passed"
else
	notok "insmod ${check##*/}: $out"
fi
dmesg | tail -n +"$((before + 1))" | grep 'vgcrypto_mlkem_check:' | sed 's/^\[[^]]*\] //'
# five checks per set on each back end whose drivers are registered
nbe=$(grep '^driver *: mlkem768-vgcrypto-' /proc/crypto | grep -vc akcipher)
want=$((15 * nbe))
n=$(dmesg | tail -n +"$((before + 1))" | grep -c 'vgcrypto_mlkem_check: ok - ')
if [ "$n" -eq "$want" ] && [ "$nbe" -gt 0 ]; then
	ok "$want round-trip checks reported ok ($nbe back ends)"
else
	notok "$n of $want round-trip checks ok ($nbe back ends)"
fi
rmmod vgcrypto_mlkem_check 2>/dev/null

# X-Wing: vgcrypto_xwing.ko on the kernel's X25519 modules (loaded first:
# insmod does not resolve them); its load-time check, the kpp in
# /proc/crypto, then vgcrypto_xwing_check.ko's round trips
xw=/bin/vgcrypto_xwing.ko
if [ -f "$xw" ]; then
	for dep in $(modinfo -F depends "$xw" | tr , ' '); do
		modprobe "$dep" 2>/dev/null || true
	done
	before=$(dmesg | wc -l)
	if out=$(insmod "$xw" 2>&1); then ok "insmod ${xw##*/}"; else notok "insmod ${xw##*/}: $out"; fi
	if dmesg | tail -n +"$((before + 1))" | grep -q 'X-Wing .*known-answer check passed'; then
		ok "X-Wing load-time known-answer check passed"
	else
		notok "no X-Wing known-answer line in dmesg"
	fi
	got=$(awk 'BEGIN { RS = ""; FS = "\n" }
		{ delete f
		  for (i = 1; i <= NF; i++) { split($i, kv, / *: /); f[kv[1]] = kv[2] }
		  if (f["driver"] == "xwing-vgcrypto") print f["name"] "|" f["type"] "|" f["selftest"] "|" f["module"] }' /proc/crypto)
	if [ "$got" = "xwing|kpp|passed|vgcrypto_xwing" ]; then
		ok "xwing-vgcrypto registered (kpp, selftest passed)"
	else
		notok "xwing-vgcrypto: name|type|selftest|module = '$got'"
	fi
	before=$(dmesg | wc -l)
	if out=$(insmod /bin/vgcrypto_xwing_check.ko 2>&1); then
		ok "insmod vgcrypto_xwing_check.ko: round trips passed"
	else
		notok "insmod vgcrypto_xwing_check.ko: $out"
	fi
	dmesg | tail -n +"$((before + 1))" | grep 'vgcrypto_xwing_check:' | sed 's/^\[[^]]*\] //'
	n=$(dmesg | tail -n +"$((before + 1))" | grep -c 'vgcrypto_xwing_check: ok - ')
	if [ "$n" -eq 7 ]; then ok "7 X-Wing round-trip checks reported ok"; else notok "$n of 7 X-Wing checks ok"; fi
	rmmod vgcrypto_xwing_check 2>/dev/null
	if out=$(rmmod vgcrypto_xwing 2>&1); then ok "rmmod vgcrypto_xwing"; else notok "rmmod vgcrypto_xwing: $out"; fi
else
	echo "# X-Wing: not built for this kernel (no CONFIG_CRYPTO_LIB_CURVE25519)"
fi
if out=$(rmmod vgcrypto 2>&1); then ok "rmmod vgcrypto"; else notok "rmmod vgcrypto: $out"; fi

echo "mlkem-${VGC_RELEASE:-6.1}: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
