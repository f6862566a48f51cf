#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make check`: every suite, in order of cost, each with its own log under
# build/check/. Each stage ends its output with "N passed, N failed"; a
# stage that exits non-zero without reporting a failure counts as one
# failure. The last line is the sum, in the form CI reads.
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
logs=$root/build/check
mkdir -p "$logs"

names=() passed=() failed=() secs=()
total_pass=0 total_fail=0

# stage NAME CMD...: run one stage, then count it.
stage() {
	stage_start "$@"
	stage_end "$1"
}
# stage_start NAME CMD...: start a stage in the background, its output in
# its log; stage_end NAME waits for it and counts it.
declare -A stage_pid=() stage_t0=()
stage_start() {
	local name=$1
	shift
	echo "==== $name: $*"
	stage_t0[$name]=$(date +%s)
	"$@" >"$logs/$name.log" 2>&1 </dev/null &
	stage_pid[$name]=$!
}
stage_end() {
	local name=$1 rc
	wait "${stage_pid[$name]}"
	rc=$?
	unset "stage_pid[$name]"
	stage_count "$name" "$rc" $(($(date +%s) - ${stage_t0[$name]}))
}
# stage_count NAME RC SECS: show and count a stage that has ended
stage_count() {
	local name=$1 rc=$2 line p=0 f=0
	# show the stage's own counts and failures, not its whole log
	grep -E '(^not ok|FAIL|[0-9]+ passed, [0-9]+ failed|not applicable|skipped|missing)' \
		"$logs/$name.log" | grep -v '^ok' | tail -n 40
	# what this stage could not run here, once each
	grep '^not exercised ' "$logs/$name.log" | sort -u | cut -c1-300
	line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$logs/$name.log" | tail -n 1)
	if [[ -n $line ]]; then
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed*}
	fi
	if ((rc != 0 && f == 0)); then
		echo "$name: exited $rc without a failure count (see $logs/$name.log)"
		tail -n 20 "$logs/$name.log"
		f=1
	fi
	names+=("$name") passed+=("$p") failed+=("$f") secs+=("$3")
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
}

# The second lane: stages one after another in the background, beside the
# main sequence (most stages use one CPU of the two), each with its log,
# exit status and time in files; lane_end shows and counts them in order.
lane_names=()
lane_stage() {
	local name=$1 t0 rc
	shift
	t0=$(date +%s)
	"$@" >"$logs/$name.log" 2>&1 </dev/null
	rc=$?
	echo "$rc $(($(date +%s) - t0)) $*" >"$logs/$name.rc"
}
lane_end() {
	local name rc t cmd
	wait "$lane_pid"
	for name in "${lane_names[@]}"; do
		rc=1 t=0 cmd="(did not run)"
		[[ ! -f $logs/$name.rc ]] || read -r rc t cmd <"$logs/$name.rc"
		[[ -f $logs/$name.log ]] || echo "not ok - $name did not run" >"$logs/$name.log"
		echo "==== $name (second lane): $cmd"
		stage_count "$name" "$rc" "$t"
	done
}

t_start=$(date +%s)

# What this run can prove depends on the CPU: name it first.
cpu_line() {
	awk -F': ' '
	/^model name/ && !m { m = $2 }
	/^cpu family/ && !f { f = $2 }
	/^model\t/ && !d { d = $2 }
	/^flags/ && !fl { fl = $2 }
	END {
		n = split(fl, a, " ")
		for (i = 1; i <= n; i++)
			if (a[i] ~ /^(avx2|avx512(f|vl|bw|ifma|vbmi|_vbmi2))$/)
				v = v " " a[i]
		printf "%s (family 0x%x, model 0x%02x), %d CPUs; vector features:%s\n",
			m, f, d, '"$(nproc)"', v ? v : " none of avx2/avx512"
	}' /proc/cpuinfo
}
# the XSAVE area's size too: User-Mode Linux must match it (11008 bytes
# on hosts with AMX)
echo "==== make check on: $(cpu_line); XSAVE area $(vgc_host_xsave)"
[[ -z ${VGCRYPTO_HIDE_CPU:-} ]] ||
	echo "==== VGCRYPTO_HIDE_CPU=$VGCRYPTO_HIDE_CPU: the user-space stages answer as a CPU without it"

# The second lane: 6. the Debian package (make deb) in a booted Debian 12
# system (apt install, loaded at boot, kTLS and IPsec, purge), then 3.'s
# x86 debug kernel (its own kernel and module directories), then 5. arm64:
# KUnit and the crypto manager's extra self-tests in a minimal arm64
# kernel (scripts/check/kunit-arm64.sh; its cold build is 256 s on two
# idle Zen 3 cores), then under qemu-system-aarch64 Debian's stock 6.1
# and 7.3 (the guest suites, and the NEON sections from task and softirq
# context: vgcrypto_neon_check.ko; 6.12's is in the main sequence), then
# one of 4.'s stock x86 guests (6.12), for the lanes' balance. The guests' modules are built
# where build-*, dkms and ct-scan build them: they wait for those stages.
lane_names=(debian-system debug-x86 kunit-arm64 qemu-arm64 qemu-arm64-7.3
	qemu-6.12)
rm -f "$logs/.module-builds-done"
for name in "${lane_names[@]}"; do rm -f "$logs/$name.rc"; done
(
	lane_stage debian-system scripts/check/debian-system.sh
	lane_stage debug-x86 scripts/check/debug-x86.sh
	lane_stage kunit-arm64 scripts/check/kunit-arm64.sh
	until [[ -e $logs/.module-builds-done ]]; do
		kill -0 $$ 2>/dev/null || exit 1
		sleep 5
	done
	lane_stage qemu-arm64 scripts/check/qemu.sh arm64
	lane_stage qemu-arm64-7.3 scripts/check/qemu.sh arm64-7.3
	lane_stage qemu-6.12 scripts/check/qemu.sh 6.12
) &
lane_pid=$!
trap 'kill "$lane_pid" 2>/dev/null' EXIT
echo "==== second lane, in the background: ${lane_names[*]}"

# 1. user space: the same lib/ sources, vectors, OpenSSL differential
stage harness bash -c 'make -s harness && build/harness/vgc_test --require-vectors'
stage ct-valgrind make -s -C tests/harness O="$root/build/harness" ct-check
stage mlkem-harness make -s -C tests/mlkem O="$root/build/mlkem" check
# the same harness cross-built for arm64, run under qemu-aarch64: NEON code
stage harness-arm64 scripts/check/harness-arm64.sh
# mutants in arch/x86 and arch/arm64: the fast suites must kill them
stage mutants-arch scripts/check/mutants-arch.py
# libFuzzer (clang, ASan, UBSan): AEAD core against OpenSSL, ML-KEM
stage fuzz scripts/check/fuzz.sh
# the harness built with clang (the module's clang build is debug-uml's)
stage harness-clang scripts/check/harness-clang.sh

# 2. the module against Debian's stock 6.1 headers, and kernel style
stage build-6.1 scripts/check/build.sh 6.1
stage build-6.12 scripts/check/build.sh 6.12
stage build-7.3 scripts/check/build.sh 7.3
# cross-built for arm64 against Debian's arm64 6.12 and 7.3 headers (6.1's
# build is the qemu-arm64 stage's); 7.3 is the NEON API of 6.19 on
stage build-arm64-6.12 scripts/check/build.sh arm64-6.12
stage build-arm64-7.3 scripts/check/build.sh arm64-7.3
stage dkms scripts/check/dkms.sh
stage checkpatch scripts/check/checkpatch.sh
# README.md and docs/: the paths they name exist, the commands they show are well formed
stage docs scripts/check/docs.sh
# constant time in the x86-64 and arm64 objects, reasons in tests/ct/allowlist
stage ct-scan scripts/check/ct-scan.sh
touch "$logs/.module-builds-done"

# 3. KUnit and the crypto manager's extra tests in User-Mode Linux, in
# the debug UML kernel (KASAN, UBSAN, lockdep, kmemleak), built with clang
# and the LLVM tools as the module is, and there every allocation failing
# in turn; what UML cannot run (preemption, DEBUG_ATOMIC_SLEEP) in an
# x86-64 debug kernel under QEMU with 2 CPUs. scripts/check/kunit-uml.sh
# (the plain gcc UML kernel that make bench uses for tcrypt) and
# kunit-uml-llvm.sh (a plain clang one) run what debug-uml runs, without
# the sanitizers: they are left out here to save their kernels' cold
# builds (about 8 minutes each on two idle cores).
stage debug-uml scripts/check/debug-uml.sh
stage fault-inject scripts/check/fault-inject.sh
# UML as on hosts with larger XSAVE areas (AMX: 11008 bytes), and one
# with more than it holds
stage uml-host-fp scripts/check/uml-host-fp.sh
# (debug-x86 in the second lane)

# 4. Debian's stock 6.1, 6.12 and 7.3 kernels under QEMU: load, self-tests,
# tcrypt, AF_ALG; consumers: AF_ALG differential, kTLS, IPsec, unloading
stage qemu-6.1 scripts/check/qemu.sh 6.1
stage qemu-7.3 scripts/check/qemu.sh 7.3
# (6.12 in the second lane)
# everything at once on two CPUs, rmmod attempts during the load
stage smp-stress scripts/check/smp-stress.sh 6.1
# one of 5.'s arm64 guests, for the lanes' balance (cold on the Zen 3,
# 2026-12-06: 2,490 s of main sequence to 2,702 of lane with it there)
stage qemu-arm64-6.12 scripts/check/qemu.sh arm64-6.12
# 5. and 6. (the second lane, above)
lane_end

echo
echo "==== summary (logs in build/check/)"
for i in "${!names[@]}"; do
	printf '%-16s %6s passed %4s failed %6ss\n' "${names[$i]}" "${passed[$i]}" \
		"${failed[$i]}" "${secs[$i]}"
done
# what failed, again, where a reader of only the last lines (CI) sees it
for i in "${!names[@]}"; do
	((failed[i] > 0)) || continue
	echo "---- ${names[$i]} failed; its log: build/check/${names[$i]}.log"
	why=$(grep -E '^not ok|\[FAILED\]|Expected .* but' "$logs/${names[$i]}.log" |
		head -n 12)
	[[ -n $why ]] || why=$(tail -n 5 "$logs/${names[$i]}.log")
	cut -c1-200 <<<"$why"
done
# What this CPU could not run, from every stage's own line: the back ends
# (and mutants) that this run did not prove, for a reader of the tail.
echo "---- not exercised on this CPU ($(cpu_line | cut -d';' -f1)):"
ne=$(cd "$logs" && for i in "${!names[@]}"; do
	grep -h '^not exercised on this CPU: ' "${names[$i]}.log" 2>/dev/null |
		grep -v ': none$' | sort -u | sed "s/^not exercised on this CPU: /${names[$i]}: /"
done)
if [[ -n $ne ]]; then
	cut -c1-200 <<<"$ne" | sed 's/^/  /'
	# the back ends alone, once each, with their reasons
	sed -E 's/^[^:]+: //' <<<"$ne" | grep -v ' mutants (' | tr ';' '\n' |
		awk '{
			sub(/^ +/, ""); why = $0; sub(/^[^(]*\(/, "", why)
			sub(/\)$/, "", why); sub(/^the CPU has /, "", why)
			names = $0; sub(/ \(.*$/, "", names)
			k = split(names, a, ", ")
			for (i = 1; i <= k; i++)
				if (!(a[i] in seen)) { seen[a[i]] = 1; list = list (list ? ", " : "") a[i] }
			if (!(why in w)) { w[why] = 1; whys = whys (whys ? "; " : "") why }
		}
		END { if (list) print "not exercised on this CPU: " list " (" whys ")" }'
	grep -ho '[0-9]* mutants ([^)]*)' <<<"$ne" | sed 's/^/not run on this CPU: /' | head -n1
else
	echo "not exercised on this CPU: none (every back end of the list ran natively)"
fi
guest=$(cd "$logs" && grep -h '^not exercised in this guest' ./*.log 2>/dev/null |
	grep -v ': none$' | sort -u | head -n 3)
[[ -z $guest ]] || cut -c1-200 <<<"$guest"
echo "make check took $(($(date +%s) - t_start)) s"
echo "$total_pass passed, $total_fail failed"
((total_fail == 0))
