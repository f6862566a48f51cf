#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# In-kernel speed at native speed, in one User-Mode Linux boot: the
# kernel's own rfc7539 template on the kernel's own x86 SIMD drivers
# (chacha20-simd and poly1305-simd from arch/x86/crypto, built unchanged
# for UML by scripts/bench/kernel-x86-uml.sh) against vgcrypto's best
# driver for the CPU.
#   1. tcrypt's rfc7539esp speed test (mode=213, sec=1), in alternating
#      rounds: the kernel's template, then vgcrypto loaded (its driver has
#      the highest priority), then vgcrypto unloaded again, and so on.
#      UML has no cycle counter (get_cycles() is 0), so tcrypt counts
#      operations per second; each round's vgcrypto figure is divided by
#      the kernel's of the same round, and the median of those is shown.
#   2. rfc7539 as kTLS uses it, which tcrypt has no speed test for:
#      vgcrypto_aead_kbench.ko (kunit/aead_kbench.c) times both in
#      alternating short batches (13-byte AD, in place, valid tags on open)
#      and prints the median of the paired ratios.
#   3. ML-KEM-768: one encapsulation and one decapsulation through the
#      crypto API per vgcrypto driver (vgcrypto_mlkem_kbench.ko,
#      kunit/mlkem_kbench.c), in ns per pair.
# On UML kernel_fpu_begin/end are empty: both sides pay nothing for them
# (the host kernel saves the UML process's vector state).
#
#   scripts/bench/uml.sh [--bundle DIR | --judge LOG]   (see scripts/run/uml.sh)
# VGC_BENCH_UML_ROUNDS: tcrypt rounds per side (default 3, about 17 s each)
# VGC_BENCH_UML_HIDE_CPU: CPU flags UML is not to see (scripts/run/uml.sh
#   --hide-cpu), e.g. "avx512": the kernel's drivers and the module choose
#   as on an AVX2-only CPU, which is then the comparison
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

rounds=${VGC_BENCH_UML_ROUNDS:-3}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "bench-uml: VGC_BENCH_UML_ROUNDS: a count" >&2; exit 2; }
kdir=$(scripts/build/kunit-kernel.sh um)
mkdir -p build/bench
mapfile -t kx < <(scripts/bench/kernel-x86-uml.sh "$kdir" "$root/build/bench/kernel-x86-uml")
((${#kx[@]} == 3)) || { echo "bench-uml: the kernel's x86 drivers did not build" >&2; exit 1; }
# the kbench of the library calls links against kchacha20poly1305.ko's exports
scripts/build/module.sh "$kdir" "$root/build/uml" ARCH=um VGC_TEST_MODULES=1 VGC_LIB_KBENCH=1 \
	KBUILD_EXTRA_SYMBOLS="$root/build/bench/kernel-x86-uml/Module.symvers" >/dev/null
log=$root/build/bench/uml-tcrypt.log
elsewhere=()
case ${1:-} in
--bundle) elsewhere=(--bundle "$2") ;;
--judge) elsewhere=(--judge "$2") log=$2 ;;
esac

# kmod's tools by path: the guest shell's insmod and modprobe are busybox's,
# which run a module's failing init (tcrypt's, the kbenches') twice.
# (kchacha20poly1305's dependencies are the two drivers loaded before it)
load_kernel=""
for ko in "${kx[@]}"; do
	for dep in $(modinfo -F depends "$ko" | tr , ' '); do
		case $dep in chacha[-_]x86_64 | poly1305[-_]x86_64) continue ;; esac
		load_kernel+="/bin/modprobe $dep && "
	done
	load_kernel+="/bin/insmod /bin/${ko##*/} && "
done
load_kernel+="grep -E -A5 '^name +: (chacha20|poly1305)\$' /proc/crypto"
tcrypt="/bin/modprobe tcrypt mode=213 sec=1 2>/dev/null; true"
# the guard at load (aead=auto) against the kernel's x86 drivers, once;
# the rounds then register without it
# The kernel's rfc7539esp instance is made first, on its x86 drivers: the
# crypto manager's extra self-tests of vgcrypto's drivers make a generic
# one (rfc7539esp(chacha20-generic,poly1305-generic), their reference),
# which stays registered under the same name, and an instance already
# there answers every later lookup of that name unless a better one was
# made before it.
runs=(--run "$load_kernel" --run "$tcrypt"
      --run "/bin/insmod /bin/vgcrypto.ko && echo \"aead_decision: \$(cat /sys/module/vgcrypto/parameters/aead_decision)\" && /bin/rmmod vgcrypto")
for ((r = 1; r <= rounds; r++)); do
	runs+=(--run "$tcrypt"
	       --run "/bin/insmod /bin/vgcrypto.ko aead=always && { $tcrypt; }")
	((r == rounds)) || runs+=(--run "/bin/rmmod vgcrypto")
done
# the best driver, then the ymm and AVX2 ones (where the CPU has them)
runs+=(--run "/bin/insmod /bin/vgcrypto_aead_kbench.ko 2>/dev/null; true")
for be in avx512vl avx2; do
	runs+=(--run "/bin/insmod /bin/vgcrypto_aead_kbench.ko vgc=rfc7539-chacha20-poly1305-vgcrypto-$be 2>/dev/null; true")
done
# the library calls WireGuard makes, against the kernel's own library
runs+=(--run "/bin/insmod /bin/vgcrypto_lib_kbench.ko 2>/dev/null; true")
runs+=(--run "/bin/insmod /bin/vgcrypto_mlkem_kbench.ko 2>/dev/null; dmesg | grep mlkem-kbench; true")
ok=1
hide=()
[[ -z ${VGC_BENCH_UML_HIDE_CPU:-} ]] || hide=(--hide-cpu "$VGC_BENCH_UML_HIDE_CPU")
scripts/run/uml.sh --no-kunit ${hide[@]+"${hide[@]}"} --add "${kx[0]}" --add "${kx[1]}" \
	--add "${kx[2]}" --add "$root/build/uml/vgcrypto.ko" \
	--add "$root/build/uml/vgcrypto_aead_kbench.ko" \
	--add "$root/build/uml/vgcrypto_lib_kbench.ko" \
	--add "$root/build/uml/vgcrypto_mlkem_kbench.ko" \
	"${runs[@]}" --timeout $((300 + 60 * rounds)) \
	--log "$log" "${elsewhere[@]}" >"$root/build/bench/uml-run.out" || ok=0
[[ ${1:-} == --bundle ]] && { cat "$root/build/bench/uml-run.out"; exit 0; }
((ok)) || {
	grep -E '^not ok' "$root/build/bench/uml-run.out" || true
	echo "bench-uml: the UML run failed a check (build/bench/uml-run.out, $log)"
}

# UML runs on the host's CPU: the kbench names it from CPUID in the guest
# (so also for a --judge log from elsewhere)
cpu=$(grep -o 'aead-kbench: CPU: .*' "$log" | head -n 1 | sed 's/^aead-kbench: CPU: //')
[[ -n $cpu ]] || cpu="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo) (this host)"
echo "CPU: $cpu"
echo

awk -v cpu="$cpu" '
/^testing speed of [^ ]+ \(.*\) [a-z]+cryption$/ {
	drv = $0; sub(/^testing speed of [^ ]+ \(/, "", drv); sub(/\) [a-z]+cryption$/, "", drv)
	dir = $NF; run = ++n[drv, dir]
	if (drv ~ /vgcrypto/) vgc = drv; else kern = drv
	next
}
/^test [0-9]+ \(.* byte blocks\): [0-9]+ operations in/ {
	b = $0; sub(/ byte blocks.*/, "", b); sub(/.*key, /, "", b)
	ops = $0; sub(/ operations.*/, "", ops); sub(/.*: /, "", ops)
	v[drv, dir, run, b] = ops; sizes[b] = 1
}
function median(a, k,   i, j, t) {
	for (i = 2; i <= k; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
function cell(dir, b,   r, k, kk, vv, rr) {
	for (r = 1; r <= rounds; r++) {
		if (!((kern, dir, r + off, b) in v) || !((vgc, dir, r, b) in v) || !v[kern, dir, r + off, b])
			continue
		k++
		kk[k] = v[kern, dir, r + off, b] + 0; vv[k] = v[vgc, dir, r, b] + 0
		rr[k] = v[vgc, dir, r, b] / v[kern, dir, r + off, b]
	}
	if (!k)
		return sprintf("%12s %12s %6s", "-", "-", "-")
	return sprintf("%12d %12d %6.2f", median(kk, k), median(vv, k), median(rr, k))
}
END {
	if (kern == "" || vgc == "") {
		print "bench-uml: tcrypt did not measure both sides (kernel: " kern ", vgcrypto: " vgc ")"
		exit 1
	}
	rounds = n[kern, "encryption"] < n[vgc, "encryption"] ? n[kern, "encryption"] : n[vgc, "encryption"]
	# a first kernel run (made to instantiate its template) pairs with nothing
	off = n[kern, "encryption"] > n[vgc, "encryption"] ? n[kern, "encryption"] - n[vgc, "encryption"] : 0
	printf "tcrypt mode=213 sec=1 under UML on %s: rfc7539esp, 8-byte AD (the IV copy),\n", cpu
	printf "out of place; %d alternating rounds per side; ops/s, median of the rounds;\n", rounds
	printf "ratio = kernel time / vgcrypto time (vgcrypto ops / kernel ops), median of per-round ratios:\n"
	printf "%6s %12s %12s %6s %12s %12s %6s\n", "bytes", "kernel enc", "vgc enc", "ratio", "kernel dec", "vgc dec", "ratio"
	for (b = 1; b <= 65536; b++)
		if (b in sizes)
			printf "%6d %s %s\n", b, cell("encryption", b), cell("decryption", b)
	if (kern ~ /chacha20-simd/ && kern ~ /poly1305-simd/)
		printf "kernel: %s (the kernel'"'"'s rfc7539esp template on chacha20-simd and poly1305-simd, arch/x86/crypto of Linux 6.1)\n", kern
	else
		printf "kernel: %s: NOT the kernel'"'"'s SIMD path (a generic instance registered before the SIMD one, and kept): these tcrypt ratios are against portable C; the kbench table below is the comparison\n", kern
	printf "vgcrypto: %s\n", vgc
}' "$log" || ok=0
# the kernel's drivers as /proc/crypto showed them once loaded
awk '/^name +: / { n = $3 } /^driver +: / { d = $3 } /^module +: / { m = $3 }
/^priority +: / { p = $3 }
/^selftest +: / && d ~ /-simd$/ && !seen[d]++ {
	print "  " d ": " n ", module " m ", priority " p ", self-test " $3
}' "$log"

echo "The guard at load (aead=auto) under UML on $cpu, against the kernel's x86 drivers:"
grep -o 'vgcrypto: ChaCha20-Poly1305: .*' "$log" | head -n 1 || { echo "bench-uml: no guard line"; ok=0; }
grep -o 'aead_decision: .*' "$log" | head -n 1 || true

echo
if grep -qE 'aead-kbench: +16 ' "$log"; then
	echo "rfc7539 (kTLS's use) under UML on $cpu: vgcrypto_aead_kbench.ko"
	grep -o 'aead-kbench: .*' "$log" | grep -v 'aead-kbench: CPU: ' |
		sed -e 's/^aead-kbench: //' -e '1!s/^kernel: /\nkernel: /'
else
	grep -o 'aead-kbench: .*' "$log" || true
	echo "bench-uml: no rfc7539 kbench figures (see $log)"
	ok=0
fi

echo
if grep -qE 'lib-kbench: +64 ' "$log"; then
	echo "WireGuard's library calls under UML on $cpu: vgcrypto_lib_kbench.ko"
	grep -o 'lib-kbench: .*' "$log" | sed 's/^lib-kbench: //'
else
	grep -o 'lib-kbench: .*' "$log" || true
	echo "bench-uml: no library kbench figures (see $log)"
	ok=0
fi

echo
echo "ML-KEM-768 encaps + decaps through the crypto API under UML, ns per pair"
echo "(ratio: to the generic driver, median of per-round ratios, x1000):"
grep -o 'mlkem-kbench: [a-z0-9]* .*' "$log" | sed 's/^mlkem-kbench: //' |
	awk '!seen[$1]++' || echo "bench-uml: no ML-KEM figures (see $log)"
((ok))
