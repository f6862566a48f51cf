#!/bin/bash
# scripts/run/uml.sh - boot the User-Mode Linux kernel of
# scripts/build/kunit-kernel.sh um (or um-debug), load
# modules (their KUnit suites run as they load), optionally run tcrypt and
# commands, and judge the run by its KTAP text (kunit.py parse).
#
# usage: scripts/run/uml.sh --ko A.ko [--params "P=V ..."] [--ko B.ko ...]
#            [--tcrypt "ARGS"]... [--add FILE]... [--run "CMD"]...
#            [--pre "CMD"]... [--after "CMD"]... [--kernel um|um-debug]
#            [--known-report REGEX]...
#            [--cmdline "KERNEL ARGS"] [--no-kunit] [--timeout SEC] [--log FILE]
#            [--fake-host-xsave BYTES] [--hide-cpu FLAGS]
#            [--bundle DIR | --judge LOG]
#   --ko       module to load, in order (stock dependencies via modprobe first)
#   --params   parameters for the --ko just before it (vgcrypto.ko gets
#              aead=always unless they name aead=: runs must not depend on
#              the guard's timing at load)
#   --tcrypt   after loading: `modprobe tcrypt ARGS` (e.g. 'alg=rfc7539(chacha20,
#              poly1305) type=3' or 'mode=213 sec=1'); EAGAIN is success
#   --add      file to ship as /bin/NAME (FILE.c, or FILE if only FILE.c
#              exists: built with gcc -static)
#   --run      command run in the guest after loading; its "ok - "/"not ok - "
#              lines count as checks, and a non-zero exit is a failure
#   --pre      the same, before the first --ko is loaded
#   --after    the same, after the modules are unloaded
#   --kernel   which kernel of scripts/build/kunit-kernel.sh (default um;
#              um-debug: KASAN, UBSAN, lockdep, kmemleak, fault injection)
#   --known-report REGEX  a kernel report whose first line matches is known
#              not to be the module's (a quirk of the kernel): its lines
#              and stack are shown and counted, not failed
#   --cmdline  more kernel arguments (e.g. cryptomgr.noextratests=1)
#   --no-kunit do not fail when no KUnit test ran (tcrypt-only runs)
#   --timeout  host-side limit (default 600 s)
#   --log      keep the console log there (default: the cache's
#              logs/uml-last.log)
#   --fake-host-xsave  run UML as on a host whose XSAVE area has BYTES
#              (tests/uml/xsave_shim.c, LD_PRELOAD); its counts go to
#              LOG.xsave-stats and are printed
#   --hide-cpu run UML as on a CPU without these flags (comma-separated,
#              as /proc/cpuinfo spells them; "avx512": every avx512*):
#              UML takes its CPU features from the host's /proc/cpuinfo
#              at boot, so it reads a copy without them, bound over the
#              file in a mount namespace of its own (needs root). The
#              kernel's drivers and the module then choose as on such a
#              CPU; the instructions still run on this one.
#
# The first line names the host: its CPU and the size of its XSAVE area,
# which UML's FP state must match. A UML that cannot run with that size
# ends the run with one line that says so.
#   --bundle   do not boot: write the kernel, the initrd and the command
#              line (DIR/{linux,initrd.cpio,cmdline}) for a boot elsewhere,
#              such as a machine with other CPU features
#   --judge    do not boot: judge LOG, the console of such a boot
#
# Modules are unloaded in reverse order at the end; dmesg from the script's
# start on is checked for crypto self-test failures and kernel warnings
# (what the boot printed is shown, not judged). Exits non-zero if a test or
# check failed, or nothing ran. Last line: "uml-kunit: N passed, N failed".
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

usage() { vgc_usage; }

kos=() params=() tcrypts=() adds=() runs=() pres=() afters=() kind=um known=
cmdline="" need_kunit=1
timeout_s=600 log="" bundle="" judge="" fake_xsave="" hide_cpu=""
while (($#)); do
	case $1 in
	--ko) kos+=("$2"); params+=(""); shift 2 ;;
	--params)
		((${#kos[@]})) || vgc_die "--params must follow a --ko"
		params[${#kos[@]} - 1]=$2
		shift 2
		;;
	--tcrypt) tcrypts+=("$2"); shift 2 ;;
	--add) adds+=("$2"); shift 2 ;;
	--run) runs+=("$2"); shift 2 ;;
	--pre) pres+=("$2"); shift 2 ;;
	--after) afters+=("$2"); shift 2 ;;
	--kernel) kind=$2; shift 2 ;;
	--known-report) known+="${known:+|}$2"; shift 2 ;;
	--cmdline) cmdline+=" $2"; shift 2 ;;
	--no-kunit) need_kunit=0; shift ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--fake-host-xsave) fake_xsave=$2; shift 2 ;;
	--hide-cpu) hide_cpu=$2; shift 2 ;;
	--bundle) bundle=$2; shift 2 ;;
	--judge) judge=$2; shift 2 ;;
	-h | --help) usage ;;
	*) vgc_log "unknown argument: $1"; usage ;;
	esac
done
((${#kos[@]} + ${#tcrypts[@]} + ${#runs[@]} + ${#pres[@]})) || usage
for f in "${kos[@]}"; do [[ -f $f ]] || vgc_die "no such module: $f"; done
vgc_need_pkgs kmod cpio python3
for f in "${adds[@]}"; do
	[[ $f == *.c || ( ! -e $f && -f $f.c ) ]] && { vgc_need_pkgs gcc libc6-dev; break; }
done

[[ $kind == um || $kind == um-debug ]] || vgc_die "--kernel: um or um-debug"
kdir=$("$VGC_SCRIPTS/build/kunit-kernel.sh" "$kind")
kver=$(cat "$kdir/include/config/kernel.release")
base=$(vgc_guest_base)

work=$(mktemp -d "${TMPDIR:-/tmp}/vgc-uml.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{ko,vgc,bin,lib/modules}

# The UML kernel's own modules (few and small) plus ours, depmod'ed.
cp -a "$kdir/.vgc-modroot/lib/modules/$kver" "$root/lib/modules/"
for f in "${kos[@]}"; do
	install -D -m 0644 "$f" "$root/lib/modules/$kver/extra/${f##*/}"
	install -m 0644 "$f" "$root/ko/${f##*/}"
done
depmod -b "$root" "$kver"

vgc_guest_add_files "$root" "$work" "${adds[@]}"

# sh single quoting for the generated guest script.
q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }

# The guest script: every check prints "VGC-RESULT ok - ..." or
# "VGC-RESULT not ok - ..." so the host can count it among kernel messages.
{
	printf 'known=%s\n' "$(q "$known")"
	cat <<'EOF'
set -f
res() { echo "VGC-RESULT $*"; }
boot=$(dmesg | wc -l)
warn_re='WARNING:|BUG:|Oops|Call Trace|general protection|refcount_t:|UBSAN:|KASAN:'
n=$(dmesg | grep -cE "$warn_re")
[ "$n" -eq 0 ] || echo "# the boot printed $n warning lines (not judged: before the script)"
# dmesg since the script started, without the reports known to be the
# kernel's own (--known-report): a report is its first line and what
# follows of its dump (CPU/Stack/Call Trace lines, stack words, frames)
since_start() {
	dmesg | tail -n +"$((boot + 1))" | awk -v known="$known" '
	{ l = $0; sub(/^\[ *[0-9.]+\] /, "", l) }
	skip && (l ~ /^ *\[</ || l ~ /^(CPU: |Stack:|Call Trace:|Hardware name:|Modules linked in:)/ ||
		 l ~ /^ ([0-9a-f]{8} ?)+$/) { next }
	{ skip = 0 }
	known != "" && l ~ known { skip = 1; nknown++; next }
	{ print }
	END { if (nknown) print "# " nknown " known kernel reports (--known-report) left out" > "/dev/stderr" }'
}
loaded=""
load() {
	ko=$1
	shift
	name=$(modinfo -F name "$ko")
	for dep in $(modinfo -F depends "$ko" | tr , ' '); do
		modprobe "$dep" 2>/dev/null || true
	done
	if out=$(insmod "$ko" "$@" 2>&1); then
		res "ok - insmod ${ko##*/}${*:+ $*}"
		loaded="$name $loaded"
	else
		res "not ok - insmod ${ko##*/}${*:+ $*}: $out"
	fi
}
tcrypt() {
	before=$(dmesg | wc -l)
	out=$(modprobe tcrypt "$@" 2>&1)
	new=$(dmesg | tail -n +"$((before + 1))")
	# tcrypt fails its init with EAGAIN on purpose after running.
	if echo "$out" | grep -q 'Resource temporarily unavailable' &&
		! echo "$new" | grep -qE 'alg: .*fail|tcrypt: one or more tests failed'; then
		res "ok - tcrypt $*"
	else
		res "not ok - tcrypt $*: ${out:-loaded?}"
	fi
}
run() {
	sh -c "$1" >/tmp/run.out 2>&1
	rc=$?
	sed -E 's/^(ok|not ok) - /VGC-RESULT &/' /tmp/run.out
	if [ $rc -eq 0 ]; then res "ok - run: $1"; else res "not ok - run: $1: exit $rc"; fi
}
EOF
	for r in "${pres[@]}"; do printf 'run %s\n' "$(q "$r")"; done
	# Parameters are split into words here and each is quoted for the guest
	# (tcrypt's alg=rfc7539(...) would be a syntax error otherwise).
	for i in "${!kos[@]}"; do
		p=${params[i]}
		[[ ${kos[i]##*/} != vgcrypto.ko || $p == *aead=* ]] || p+=" aead=always"
		read -ra w <<<"$p"
		printf 'load %s' "$(q "/ko/${kos[i]##*/}")"
		for a in "${w[@]}"; do printf ' %s' "$(q "$a")"; done
		echo
	done
	for t in "${tcrypts[@]}"; do
		read -ra w <<<"$t"
		printf 'tcrypt'
		for a in "${w[@]}"; do printf ' %s' "$(q "$a")"; done
		echo
	done
	for r in "${runs[@]}"; do printf 'run %s\n' "$(q "$r")"; done
	cat <<'EOF'
for m in $loaded; do
	if out=$(rmmod "$m" 2>&1); then res "ok - rmmod $m"; else res "not ok - rmmod $m: $out"; fi
done
EOF
	for r in "${afters[@]}"; do printf 'run %s\n' "$(q "$r")"; done
	cat <<'EOF'
errs=$(dmesg | grep 'alg:' | grep -vE 'alg: No test for|alg: self-tests for .* passed|alg: extra crypto tests enabled')
if [ -z "$errs" ]; then res "ok - no alg: failures in dmesg"; else res "not ok - alg: failures in dmesg"; fi
if since_start | grep -qE "$warn_re"; then
	res "not ok - kernel warnings in dmesg"
	since_start | grep -E "$warn_re" | head -n 8 | sed 's/^/# /'
else
	res "ok - no WARNING/BUG/Oops in dmesg"
fi
EOF
} >"$root/vgc/script.sh"

vgc_cpio "$root" "$work/run.cpio"
cat "$base" "$work/run.cpio" >"$work/initrd.cpio"

# The console is on stdout (CRLF); KUnit prints at KERN_INFO, so no "quiet".
kargs="mem=512M rdinit=/init con=null con0=null,fd:1 console=tty0$cmdline"
if [[ -n $bundle ]]; then
	mkdir -p "$bundle"
	cp "$kdir/linux" "$bundle/linux"
	cp "$work/initrd.cpio" "$bundle/initrd.cpio"
	echo "$kargs" >"$bundle/cmdline"
	echo "run/uml.sh: bundle in $bundle: run ./linux initrd=initrd.cpio \$(cat cmdline) there, keep stdout"
	exit 0
fi

xsave=$(vgc_host_xsave)
preload=()
if [[ -n $fake_xsave ]]; then
	shim=$(vgc_host_tool xsave_shim.so) || vgc_die "cannot build xsave_shim.so"
	preload=(env "LD_PRELOAD=$shim" "VGC_FAKE_XSAVE=$fake_xsave"
		"VGC_FAKE_XSAVE_STATS=${log:-$VGC_CACHE/logs/uml-last.log}.xsave-stats")
	xsave="$fake_xsave bytes, faked by xsave_shim.so (the real one: $xsave)"
fi
wrap=()
if [[ -n $hide_cpu ]]; then
	awk -v h=",$hide_cpu," '/^flags/ {
		s = ""
		for (i = 3; i <= NF; i++)
			if (index(h, "," $i ",") == 0 && !(h ~ /,avx512,/ && $i ~ /^avx512/))
				s = s " " $i
		print "flags\t\t:" s
		next
	}
	{ print }' /proc/cpuinfo >"$work/cpuinfo"
	# shellcheck disable=SC2016 # expanded by the inner shell
	wrap=(unshare -m --propagation private sh -c 'mount --bind "$0" /proc/cpuinfo && exec "$@"' "$work/cpuinfo")
fi
echo "# host: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo); XSAVE area $xsave${hide_cpu:+; flags hidden from UML: $hide_cpu}"

start=$(date +%s)
if [[ -n $judge ]]; then
	log=$judge urc=0
else
	if [[ -z $log ]]; then
		mkdir -p "$VGC_CACHE/logs"
		log=$VGC_CACHE/logs/uml-last.log
	fi
	rm -f "$log.xsave-stats"
	set +e
	# shellcheck disable=SC2086 # kernel args are words
	timeout -k 5 "$timeout_s" ${wrap[@]+"${wrap[@]}"} ${preload[@]+"${preload[@]}"} "$kdir/linux" \
		initrd="$work/initrd.cpio" $kargs </dev/null 2>&1 | tr -d '\r' >"$log"
	urc=${PIPESTATUS[0]}
	set -e
fi
secs=$(($(date +%s) - start))
[[ -z $fake_xsave || ! -f $log.xsave-stats ]] ||
	echo "# xsave_shim.so: $(sed 's/ *$//' "$log.xsave-stats")"

# A host whose FP state UML cannot move: one line, not a panic's tail.
# The first is tests/uml/host-fp-size.patch's own; the second, UML 6.1's
# failure without it, at the first user process.
fpfail=$(grep -m1 -a '^UML: cannot run on this host' "$log" || true)
if [[ -z $fpfail ]] && grep -qa 'ptrace set fp regs failed' "$log"; then
	fpfail="UML cannot set this host's FP state (\"ptrace set fp regs failed\"): host XSAVE area $xsave"
fi
if [[ -n $fpfail ]]; then
	echo "not ok - $fpfail"
	echo "uml-kunit: 0 passed, 1 failed"
	exit 1
fi

fails=0 notes=()
if ! grep -q '===VGC-EXIT=' "$log"; then
	# Judge by the text: UML's own exit status is not reliable.
	if ((urc == 124 || urc == 137)); then notes+=("UML timed out after ${timeout_s}s"); else
		notes+=("UML ended (status $urc) before the guest script finished")
	fi
	fails=$((fails + 1))
	tail -n 40 "$log" | sed 's/^/  | /' >&2
fi

vgc_kunit_parse "$log" "$kdir/source"
if ((KP + KF + KC + KS == 0 && need_kunit)); then
	notes+=("no KUnit test ran")
	fails=$((fails + 1))
fi

# Our own checks (loads, tcrypt, run commands, unloads, dmesg).
grep -E '^VGC-RESULT (ok|not ok) - ' "$log" | sed 's/^VGC-RESULT //' || true
# tcrypt speed tests print their results to the log; show them.
grep -E '^testing speed of|operations in|cycles/operation|opers/sec' "$log" || true
cok=$(grep -cE '^VGC-RESULT ok - ' "$log" || true)
cnot=$(grep -cE '^VGC-RESULT not ok - ' "$log" || true)

# UML runs the host's CPU: what the module could not register here
vgc_not_exercised "$log" "on this CPU"
for n in "${notes[@]}"; do echo "not ok - $n"; done
echo "# kunit: passed $KP, failed $KF, crashed $KC, skipped $KS, errors $KE; checks: $cok ok, $cnot not ok; ${secs}s; log: $log"
passed=$((KP + cok))
failed=$((KF + KC + KE + cnot + fails))
if ((KS)); then
	echo "uml-kunit: $passed passed, $failed failed, $KS skipped"
else
	echo "uml-kunit: $passed passed, $failed failed"
fi
((failed == 0 && passed > 0))
