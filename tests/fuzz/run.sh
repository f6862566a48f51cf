#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS NAME...
#
# For each libFuzzer target NAME built in BUILD_DIR: replay every committed
# seed in tests/fuzz/corpus/NAME once, then fuzz for SECONDS from those
# seeds and BUILD_DIR/corpus/NAME (where new inputs are kept). A crash, a
# sanitizer report, a failed check, a timeout or a leak stops the target;
# the input is kept in BUILD_DIR/artifacts/. Prints one ok/not ok line per
# step and "fuzz: N passed, N failed".
set -uo pipefail
o=${1:?usage: run.sh BUILD_DIR SECONDS NAME...}
secs=${2:?usage: run.sh BUILD_DIR SECONDS NAME...}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }
opts=(-timeout=30 -rss_limit_mb=2048 -max_len=6000 -print_final_stats=1)

mkdir -p "$o/artifacts" "$o/logs"
for n in "$@"; do
	seeds=("$here/corpus/$n"/*)
	log=$o/logs/$n.log
	if [[ ! -e ${seeds[0]} ]]; then
		notok "$n: no committed seeds in tests/fuzz/corpus/$n"
		continue
	fi
	if "$o/$n" "${opts[@]}" "${seeds[@]}" >"$log.replay" 2>&1; then
		ok "$n: the ${#seeds[@]} committed seeds pass"
	else
		notok "$n: a committed seed fails"
		grep -E 'FUZZ CHECK|ERROR|runtime error|Running:' "$log.replay" | tail -n 10
	fi
	mkdir -p "$o/corpus/$n"
	t0=$(date +%s)
	"$o/$n" "${opts[@]}" -max_total_time="$secs" \
		-artifact_prefix="$o/artifacts/$n-" \
		"$o/corpus/$n" "$here/corpus/$n" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
	cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -n1)
	inputs=$(find "$o/corpus/$n" -type f | wc -l)
	if ((rc == 0)); then
		ok "$n: ${runs:-?} runs in $(($(date +%s) - t0)) s (${cov:-cov: ?}, $inputs inputs kept), no failure"
	else
		notok "$n: failed after ${runs:-?} runs (exit $rc; log $log)"
		grep -E 'FUZZ CHECK|ERROR|runtime error|SUMMARY' "$log" | head -n 10
		art=$(ls -t "$o/artifacts/$n-"* 2>/dev/null | head -n1)
		[[ -z $art ]] || echo "# replay: $o/$n $art"
	fi
done
echo "fuzz: $pass passed, $fail failed"
((fail == 0))
