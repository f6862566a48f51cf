#!/bin/sh
# tests/qemu/selftest.sh - guest half of the stock-kernel self-test.
#
# usage (host): scripts/run/qemu.sh --ko vgcrypto.ko \
#                   --script tests/qemu/selftest.sh --add tests/qemu/af_alg_vectors.c
#
# Runs inside the guest (busybox sh, kmod's module tools) and checks that:
# the modules in $VGC_KOS load; every driver whose name contains $VGC_MATCH
# (default "vgcrypto") passed the crypto manager's self-tests; the required
# drivers exist; no "alg:" failure reached dmesg; tcrypt finds our drivers
# for both algorithm names; the RFC 8439 vectors pass through AF_ALG, for
# each of our drivers, for the bare names and, as a control, for the
# kernel's own generic template; the modules unload; no WARNING/BUG/Oops.
# Prints "ok - ..."/"not ok - ..." lines and "selftest-6.1: N passed, N failed".
#
# Environment: VGC_KOS (set by scripts/run/qemu.sh), VGC_MATCH, VGC_REQUIRED (space
# separated driver names that must be registered).

MATCH=${VGC_MATCH:-vgcrypto}
REQUIRED=${VGC_REQUIRED:-rfc7539-chacha20-poly1305-vgcrypto-generic rfc7539esp-chacha20-poly1305-vgcrypto-generic}
NAMES="rfc7539(chacha20,poly1305) rfc7539esp(chacha20,poly1305)"
# The kernel's own template instances: a control for the test program.
# (VGC_KCHACHA: see all.sh)
KCHACHA=${VGC_KCHACHA:-chacha20-generic}
REFERENCE="rfc7539($KCHACHA,poly1305-generic) rfc7539esp($KCHACHA,poly1305-generic)"

pass=0
fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

# dmesg lines that mean a crypto self-test or the kernel itself complained.
# testmgr's "No test for", "... passed" and "extra tests enabled" lines are
# informational; any other "alg:" line reports a failure.
alg_errors() {
	dmesg | grep 'alg:' | grep -vE 'alg: No test for|alg: self-tests for .* passed|alg: extra crypto tests enabled'
}
kernel_errors() {
	dmesg | grep -E 'WARNING:|BUG:|Oops|Call Trace|general protection|UBSAN|KASAN|refcount_t:|tcrypt: one or more tests failed'
}
diag_dmesg() { dmesg | tail -n "${1:-25}" | sed 's/^/# /'; }

# /proc/crypto as "driver|name|priority|selftest|module", one line each.
crypto_table() {
	awk -F: '
	function emit() { if (d != "") print d "|" n "|" p "|" s "|" m; d = n = p = s = m = "" }
	/^$/ { emit(); next }
	{ k = $1; v = substr($0, index($0, ":") + 1); gsub(/[ \t]/, "", k); gsub(/^[ \t]+|[ \t]+$/, "", v)
	  if (k == "driver") d = v; else if (k == "name") n = v; else if (k == "priority") p = v
	  else if (k == "selftest") s = v; else if (k == "module") m = v }
	END { emit() }' /proc/crypto
}
our_drivers() { crypto_table | awk -F'|' -v m="$MATCH" 'index($1, m) { print $1 }' | sort -u; }
# the AEAD drivers among them (the ML-KEM ones are kpp/akcipher: tests/qemu/mlkem.sh)
aead_drivers() { our_drivers | grep chacha20; }

# Which driver a lookup of NAME gets: the highest priority one of those
# that passed their self-tests (failed ones are never handed out).
top_driver() {
	crypto_table | awk -F'|' -v n="$1" '$2 == n && $4 == "passed" { print $3 "|" $1 }' |
		sort -t'|' -k1,1nr | head -n1
}

# af_alg PREFIX NAME...: run af_alg_vectors, fold its ok/not ok lines into
# our counts (its lines name the algorithm; PREFIX marks control runs).
af_alg() {
	prefix=$1
	shift
	out=$(af_alg_vectors "$@" 2>&1)
	echo "$out" | grep -E '^(ok|not ok) - ' | sed -E "s#^(ok|not ok) - #\1 - $prefix#"
	pass=$((pass + $(echo "$out" | grep -c '^ok - ')))
	fail=$((fail + $(echo "$out" | grep -c '^not ok - ')))
	if ! echo "$out" | grep -qE '^(ok|not ok) - '; then
		notok "${prefix}af_alg_vectors $*: no results"
		echo "$out" | sed 's/^/# /'
	fi
}

# 1. Load the modules in order, stock dependencies first (insmod does not
# resolve them, modprobe does).
loaded=""
for ko in $VGC_KOS; do
	name=$(modinfo -F name "$ko")
	for dep in $(modinfo -F depends "$ko" | tr , ' '); do
		modprobe "$dep" 2>/dev/null || true
	done
	# the guard's timing (tests/qemu/guard.sh) means nothing under TCG
	args=""
	case $ko in */vgcrypto.ko) args="aead=always${VGC_VGCRYPTO_ARGS:+ $VGC_VGCRYPTO_ARGS}" ;; esac
	if out=$(insmod "$ko" $args 2>&1); then
		ok "insmod ${ko##*/}${args:+ $args}"
		loaded="$name $loaded"
	else
		notok "insmod ${ko##*/}: $out"
		diag_dmesg 25
	fi
done
[ -n "$VGC_KOS" ] || notok "no module given (--ko)"

# 2. Registration and the crypto manager's self-tests.
drivers=$(our_drivers)
if [ -n "$drivers" ]; then
	ok "drivers matching '$MATCH' registered: $(echo "$drivers" | tr "\n" " ")"
else
	notok "no driver matching '$MATCH' in /proc/crypto"
fi
for d in $REQUIRED; do
	if echo "$drivers" | grep -qx "$d"; then ok "$d registered"; else notok "$d registered"; fi
done
for d in $drivers; do
	st=$(crypto_table | awk -F'|' -v d="$d" '$1 == d { print $4; exit }')
	if [ "$st" = passed ]; then ok "$d selftest passed"; else notok "$d selftest: '$st'"; fi
done
# every driver's name loads the module (MODULE_ALIAS_CRYPTO), and the
# AEAD's known-answer check ran before it registered
for ko in $VGC_KOS; do
	case $ko in */vgcrypto.ko) aliases=$(modinfo -F alias "$ko") ;; esac
done
missing=""
for d in $drivers; do
	echo "$aliases" | grep -qx "crypto-$d" || missing="$missing $d"
done
if [ -z "$missing" ]; then ok "every driver name is a module alias (crypto-NAME)"; else
	notok "no module alias for:$missing"
fi
if dmesg | grep -q 'registered ChaCha20-Poly1305 back ends .*known-answer check passed'; then
	ok "the AEAD's load-time known-answer check passed"
else
	notok "no AEAD known-answer line in dmesg"
fi
errs=$(alg_errors)
if [ -z "$errs" ]; then ok "no alg: failures in dmesg after load"; else
	notok "alg: failures in dmesg after load"
	echo "$errs" | sed 's/^/# /'
fi

# 3. tcrypt by algorithm name. tcrypt always fails its init with EAGAIN on
# purpose (it only runs tests); ENOENT or a "failed" line means trouble.
for n in $NAMES; do
	before=$(dmesg | wc -l)
	out=$(modprobe tcrypt alg="$n" type=3 2>&1)
	new=$(dmesg | tail -n +"$((before + 1))")
	if echo "$out" | grep -q 'Resource temporarily unavailable' &&
		! echo "$new" | grep -qE 'alg:|failed|error'; then
		ok "tcrypt alg=$n"
	else
		notok "tcrypt alg=$n: ${out:-no output}"
		echo "$new" | sed 's/^/# /'
	fi
	top=$(top_driver "$n")
	case ${top#*|} in
	*"$MATCH"*) ok "$n resolves to ${top#*|} (priority ${top%%|*})" ;;
	*) notok "$n resolves to '${top#*|}' (priority ${top%%|*}), not a $MATCH driver" ;;
	esac
done

# 4. RFC 8439 vectors through AF_ALG.
if command -v af_alg_vectors >/dev/null; then
	for d in $(echo "$drivers" | grep chacha20) $NAMES; do af_alg "" "$d"; done
	# Control: the same program against the kernel's own implementation.
	for n in $REFERENCE; do af_alg "control: " "$n"; done
else
	notok "af_alg_vectors not shipped (--add tests/qemu/af_alg_vectors.c)"
fi

# 5. Unload (reverse order) and look for anything the kernel complained of.
for m in $loaded; do
	if out=$(rmmod "$m" 2>&1); then ok "rmmod $m"; else notok "rmmod $m: $out"; fi
done
if [ -n "$loaded" ]; then
	left=$(our_drivers)
	if [ -z "$left" ]; then ok "no '$MATCH' driver left after rmmod"; else
		notok "drivers left after rmmod: $(echo "$left" | tr "\n" " ")"
	fi
fi
# 6. The backends= parameter: a list naming nothing this CPU can run
# loads (the WireGuard replacement needs the module) with nothing
# registered, and says why; naming generic registers it.
for ko in $VGC_KOS; do
	case $ko in */vgcrypto.ko) ;; *) continue ;; esac
	if out=$(insmod "$ko" backends=nosuch 2>&1); then
		if [ -z "$(our_drivers)" ] &&
			dmesg | grep -q 'backends=nosuch names no back end this CPU can run'; then
			ok "insmod backends=nosuch loads, nothing registered, dmesg says why"
		else
			notok "insmod backends=nosuch: drivers $(our_drivers | tr '\n' ' ')"
		fi
		rmmod vgcrypto || notok "rmmod after backends=nosuch"
	else
		notok "insmod backends=nosuch refused: $out"
	fi
	if insmod "$ko" backends=generic aead=always && [ "$(aead_drivers | tr '\n' ' ')" = \
		"rfc7539-chacha20-poly1305-vgcrypto-generic rfc7539esp-chacha20-poly1305-vgcrypto-generic " ]; then
		ok "insmod backends=generic registers the generic pair only"
	else
		notok "insmod backends=generic: $(aead_drivers | tr '\n' ' ')"
	fi
	rmmod vgcrypto || notok "rmmod after backends=generic"
done

errs=$(alg_errors)
[ -z "$errs" ] || { notok "alg: failures in dmesg"; echo "$errs" | sed 's/^/# /'; }
errs=$(kernel_errors)
if [ -z "$errs" ]; then ok "no WARNING/BUG/Oops in dmesg"; else
	notok "kernel warnings in dmesg"
	echo "$errs" | head -n 40 | sed 's/^/# /'
	dmesg | grep -A 25 -m 1 -E 'WARNING:|BUG:|Oops' | sed 's/^/# /'
fi

echo "selftest-${VGC_RELEASE:-6.1}: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
