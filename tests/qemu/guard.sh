#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/guard.sh - the AEAD's guard at load (crypto/aead_guard.c) on
# a stock Debian kernel, first thing after boot (before anything has
# instantiated the kernel's rfc7539 template). The guard's timing under
# QEMU TCG means nothing, so every check here holds whichever way it
# goes:
#  1. the kernel's template cannot load (modprobe.d: install
#     chacha20poly1305 /bin/false): the AEAD drivers are registered, and
#     aead_decision says why;
#  2. aead=never: no AEAD driver of ours, the ML-KEM ones there; kTLS
#     (ktls_test -K) and an IPsec SA (ipsec.sh) run on the kernel's own
#     rfc7539 and rfc7539esp instances;
#  3. aead=always: ours registered without timing (consumers.sh runs kTLS
#     and IPsec on them);
#  4. aead=auto (the default): one dmesg line with the figures and the
#     decision, and the drivers registered exactly when it says so, which
#     is when no figure is below 1.00.
# After 1, with an instance of the kernel's template on the generic
# drivers made first (6.x), the guard's line must name the instance on
# the best ChaCha20 driver (chacha20-simd, chacha20-neon; 7.x:
# chacha20-lib) as the one it timed.
# Prints ok/not ok lines and "guard: N passed, N failed".
#
# Needs: vgcrypto.ko in $VGC_KOS, ktls_test, tcp_xfer, ipsec.sh, Debian's
# ip as /bin/iproute2-ip, the tls, veth, xfrm_user and esp4 modules.

INSMOD=/bin/insmod RMMOD=/bin/rmmod MODPROBE=/bin/modprobe
PARAMS=/sys/module/vgcrypto/parameters
pass=0
fail=0
ok() { echo "ok - guard: $*"; pass=$((pass + 1)); }
notok() { echo "not ok - guard: $*"; fail=$((fail + 1)); }
aead_drivers() {
	awk '/^driver/ && $3 ~ /^rfc7539(esp)?-chacha20-poly1305-vgcrypto-/ { print $3 }' /proc/crypto | sort -u
}
mlkem_drivers() {
	awk '/^driver/ && $3 ~ /^mlkem[0-9]+-.*vgcrypto/ { print $3 }' /proc/crypto | sort -u
}
decision() { cat "$PARAMS/aead_decision" 2>/dev/null; }
IP=${VGC_IP:-/bin/iproute2-ip}
# ipsec.sh's namespaces gone, SAs with them, as before its first run
ipsec_down() {
	sh /bin/ipsec.sh teardown >/dev/null 2>&1
	"$IP" netns del a 2>/dev/null
	"$IP" netns del b 2>/dev/null
}
# the guard's dmesg line of the last load
guard_line() { dmesg | grep 'vgcrypto: ChaCha20-Poly1305' | tail -n 1; }

ko=""
for k in $VGC_KOS; do case $k in */vgcrypto.ko) ko=$k ;; esac; done
[ -n "$ko" ] || { notok "no vgcrypto.ko in VGC_KOS"; echo "guard: $pass passed, $fail failed"; exit 1; }
for m in $(modinfo -F depends "$ko" | tr , ' ') tls veth xfrm_user esp4; do
	$MODPROBE "$m" || notok "modprobe $m"
done
"$IP" link set lo up

# 1. the kernel's template unavailable
if grep -q '^rfc7539' /proc/crypto || grep -q '^chacha20poly1305 ' /proc/modules; then
	notok "the kernel's rfc7539 template was already loaded: cannot check its absence"
else
	mkdir -p /etc/modprobe.d
	echo 'install chacha20poly1305 /bin/false' >/etc/modprobe.d/vgc-guard.conf
	if out=$($INSMOD "$ko" 2>&1); then
		d=$(decision)
		case $d in
		"registered: the kernel's own rfc7539(chacha20,poly1305) is not available"*)
			ok "template unavailable: $d" ;;
		*) notok "template unavailable, but aead_decision: $d" ;;
		esac
		n=$(aead_drivers | wc -l)
		if [ "$n" -ge 2 ]; then ok "template unavailable: $n AEAD drivers registered"; else notok "template unavailable: $n AEAD drivers"; fi
		$RMMOD vgcrypto || notok "rmmod vgcrypto"
	else
		notok "insmod with the template unavailable: $out"
	fi
	rm -f /etc/modprobe.d/vgc-guard.conf
fi

# 1b. the baseline is the kernel's template on its best ChaCha20 driver,
# even where an instance on the generic drivers was made first (by an
# AF_ALG user here; before the arch modules loaded, or by the crypto
# manager's tests, elsewhere): the guard's line names the instance it
# timed. 7.x has no chacha20-generic: every instance is on chacha20-lib.
best_chacha() {
	awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { p = $3 }
	     /^type/ && n == "chacha20" && $3 == "skcipher" && p + 0 > bp { bp = p + 0; bd = d }
	     END { print bd }' /proc/crypto
}
gen='rfc7539(chacha20-generic,poly1305-generic)'
if grep -q '^driver *: chacha20-generic$' /proc/crypto; then
	af_alg_vectors "$gen" >/tmp/g.out 2>&1
	if grep -q "^driver *: $gen\$" /proc/crypto; then
		ok "an instance on the generic drivers made first: $gen"
	else
		notok "could not make $gen: $(tail -n 2 /tmp/g.out)"
	fi
fi
best=$(best_chacha)
if out=$($INSMOD "$ko" 2>&1); then
	line=$(guard_line)
	echo "# $line"
	case "$line" in
	*"against the kernel's rfc7539($best,"*)
		ok "aead=auto: timed against the kernel's template on its best ChaCha20 ($best)" ;;
	*) notok "aead=auto: the guard's baseline is not on $best: $line" ;;
	esac
	$RMMOD vgcrypto || notok "rmmod vgcrypto (baseline)"
else
	notok "insmod (baseline): $out"
fi

# 2. aead=never: the kernel's own drivers serve kTLS and IPsec
if out=$($INSMOD "$ko" aead=never 2>&1); then
	d=$(decision)
	[ "$d" = "not registered: aead=never" ] && ok "aead=never: $d" || notok "aead=never: aead_decision: $d"
	if [ -z "$(aead_drivers)" ] && [ -n "$(mlkem_drivers)" ]; then
		ok "aead=never: no AEAD driver of ours, $(mlkem_drivers | wc -l) ML-KEM drivers"
	else
		notok "aead=never: AEAD drivers: $(aead_drivers | tr '\n' ' '); ML-KEM: $(mlkem_drivers | wc -l)"
	fi
	# -C: the kernel's instance appears during the test (its first use)
	ktls_test -K -C -n 20 -a 10 -f 65536 -m 'rfc7539(' >/tmp/g.out 2>&1
	grep -E '^(not ok|# F)' /tmp/g.out
	if grep -q '^ktls_test: [1-9][0-9]* passed, 0 failed' /tmp/g.out; then
		ok "aead=never: kTLS runs on the kernel's $(awk '/^driver/ && $3 ~ /^rfc7539\(/ { print $3 }' /proc/crypto | head -n1)"
	else
		notok "aead=never: kTLS on the kernel's driver: $(tail -n 1 /tmp/g.out)"
	fi
	# a first SA makes the kernel's rfc7539esp instance, which stays: the
	# run then counts its users from there
	sh /bin/ipsec.sh setup >/dev/null 2>&1
	ipsec_down
	VGC_MATCH='rfc7539esp(' VGC_IPSEC_BYTES=65536 sh /bin/ipsec.sh >/tmp/g.out 2>&1
	ipsec_down
	grep -E '^not ok|IPsec uses' /tmp/g.out
	if grep -q '^ipsec: [1-9][0-9]* passed, 0 failed' /tmp/g.out; then
		ok "aead=never: IPsec runs on the kernel's $(grep -m1 -o 'IPsec uses [^ ]*' /tmp/g.out | cut -d' ' -f3)"
	else
		notok "aead=never: IPsec on the kernel's driver: $(tail -n 1 /tmp/g.out)"
	fi
	$RMMOD vgcrypto || notok "rmmod vgcrypto (aead=never)"
else
	notok "insmod aead=never: $out"
fi

# 3. aead=always: ours without timing (consumers.sh then runs kTLS and
# IPsec on them)
if out=$($INSMOD "$ko" aead=always 2>&1); then
	d=$(decision)
	[ "$d" = "registered: aead=always, not timed" ] && ok "aead=always: $d" || notok "aead=always: aead_decision: $d"
	n=$(aead_drivers | wc -l)
	[ "$n" -ge 2 ] && ok "aead=always: $n AEAD drivers registered" || notok "aead=always: $n AEAD drivers"
	$RMMOD vgcrypto || notok "rmmod vgcrypto (aead=always)"
else
	notok "insmod aead=always: $out"
fi

# 4. the default: timed, one line, drivers as it says
if out=$($INSMOD "$ko" 2>&1); then
	line=$(guard_line)
	d=$(decision)
	echo "# $line"
	n=$(aead_drivers | wc -l)
	case "$line" in
	*"against the kernel's rfc7539("*"seal/open: 64 B "*", 4096 B "*": registering") want=reg ;;
	*"against the kernel's rfc7539("*"seal/open: 64 B "*", 4096 B "*": not registering"*) want=none ;;
	*) want=bad ;;
	esac
	case "$want,$d,$n" in
	reg,registered:*,[1-9]*) ok "aead=auto: registered, $n drivers, as the line says" ;;
	none,"not registered:"*,0) ok "aead=auto: not registered, as the line says" ;;
	*) notok "aead=auto: line '$line', aead_decision '$d', $n AEAD drivers" ;;
	esac
	# the decision follows from the figures: "least" is the smallest of
	# the eight, and registering is "least >= 1.00"
	r=0
	case "$line" in *": registering") r=1 ;; esac
	v=$(sh /bin/guard_line.sh "$line" | awk -v r=$r '{
		print ($1 == 8 && $2 + 0 == $3 + 0 && r == ($3 + 0 >= 1.00)) ? "yes" : "no figures=" $1 " min=" $2 " least=" $3 " reg=" r
	}')
	[ "$v" = yes ] && ok "aead=auto: registering exactly when the least figure is >= 1.00" ||
		notok "aead=auto: the decision does not follow from the figures ($v)"
	$RMMOD vgcrypto || notok "rmmod vgcrypto (aead=auto)"
else
	notok "insmod (aead=auto): $out"
fi

echo "guard: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
