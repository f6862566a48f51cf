#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/wireguard.sh - WireGuard on a stock Debian kernel with the
# opt-in libchacha20poly1305 replacement (crypto/libchacha20poly1305.c)
# loaded in place of the kernel's, its wire judged by wireguard-go (a
# user-space WireGuard with its own ChaCha20-Poly1305):
#  0. with backends= naming nothing this CPU runs, vgcrypto loads all the
#     same (no driver registered) and the replacement on it, its calls on
#     the portable code; its guard at load (use=auto) prints one line with
#     the figures, and its decision follows from them (TCG timings decide
#     nothing: the line is checked, not which way it went);
#  1. the replacement loads with use=vgcrypto (its known-answer check on
#     both codes), and the stock wireguard.ko loads against it:
#     /proc/modules shows wireguard using it and it using vgcrypto;
#  2. namespace wga: the kernel's wg0; namespace wgb: wireguard-go's wg1;
#     the underlay runs through udp_tamper in the root namespace;
#  3. ping both ways, small and MTU-sized; $VGC_WG_BYTES (default 4 MiB)
#     by TCP each way, its SHA-256 equal at both ends;
#  4. the replacement's own counters show it encrypted and decrypted that
#     traffic;
#  5. with udp_tamper flipping a bit in every data packet, pings fail both
#     ways, the replacement's refused counter grows, and once it stops the
#     tunnel works again;
#  then 3.-5. again (a quarter of the bytes) with the replacement loaded
#  again with use=kernel: the kernel's own ChaCha20 and Poly1305 composed,
#  the guard's other outcome;
#  6. no WARNING/BUG/Oops in dmesg.
# Prints "ok"/"not ok" lines and "wireguard: N passed, N failed".
#
# Needs (shipped by scripts/check/qemu.sh): vgcrypto.ko and
# libchacha20poly1305.ko in $VGC_KOS, wg, wireguard-go, udp_tamper,
# tcp_xfer, Debian's ip as $VGC_IP, and the wireguard, tun and veth modules.

IP=${VGC_IP:-/bin/iproute2-ip}
BYTES=${VGC_WG_BYTES:-4194304}
INSMOD=/bin/insmod MODPROBE=/bin/modprobe
PARAMS=/sys/module/libchacha20poly1305/parameters

pass=0
fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }
check() {
	if eval "$2"; then ok "$1"; else notok "$1"; fi
}
finish() {
	[ -n "$relay" ] && touch /tmp/tamper.stop
	[ -n "$wggo" ] && kill "$wggo" 2>/dev/null
	echo "wireguard: $pass passed, $fail failed"
	exit 0
}
ina() { "$IP" netns exec wga "$@"; }
inb() { "$IP" netns exec wgb "$@"; }
count() { cat "$PARAMS/$1" 2>/dev/null || echo 0; }

ko="" lko=""
for k in $VGC_KOS; do
	case $k in
	*/vgcrypto.ko) ko=$k ;;
	*/libchacha20poly1305.ko) lko=$k ;;
	esac
done
if [ -z "$ko" ] || [ -z "$lko" ]; then
	notok "vgcrypto.ko and libchacha20poly1305.ko in VGC_KOS"
	finish
fi

# 0. backends= naming nothing this CPU runs: vgcrypto loads all the same
# (no driver registered), and the replacement on it, its calls on the
# portable code; its guard times them against the kernel's composition
# and says so in one line, its decision following from the figures
[ -z "$(grep '^vgcrypto ' /proc/modules)" ] || /bin/rmmod vgcrypto 2>/dev/null
for m in $(modinfo -F depends "$ko" | tr , ' ') $(modinfo -F depends "$lko" | tr , ' '); do
	[ "$m" = vgcrypto ] || $MODPROBE "$m"
done
if out=$($INSMOD "$ko" backends=none-such 2>&1); then
	n=$(grep -c '^driver *: .*vgcrypto' /proc/crypto)
	check "backends=none-such: vgcrypto loads, $n drivers registered" "[ $n -eq 0 ]"
	check "backends=none-such: it says why" \
		"dmesg | grep -q 'vgcrypto: backends=none-such names no back end this CPU can run'"
	if out=$($INSMOD "$lko" 2>&1); then
		line=$(dmesg | grep 'libchacha20poly1305: vgcrypto (' | tail -n 1)
		d=$(cat $PARAMS/decision 2>/dev/null)
		echo "# $line"
		echo "# decision: $d"
		check "backends=none-such: the replacement loads on the portable code ($(cat $PARAMS/backend 2>/dev/null))" \
			"[ \"\$(cat $PARAMS/backend)\" = generic ]"
		# the decision follows from the figures: vgcrypto's exactly
		# when the least of the eight is >= 1.00
		v=$(sh /bin/guard_line.sh "$line" | awk -v d="$d" '{
			ours = (d ~ /^vgcrypto: /)
			print ($1 == 8 && $2 + 0 == $3 + 0 && ours == ($3 + 0 >= 1.00) && d ~ /^(vgcrypto|kernel): /) ? "yes" : "no figures=" $1 " min=" $2 " least=" $3 " decision=" d
		}')
		check "use=auto: the guard's line, and its decision following from it ($v)" "[ \"$v\" = yes ]"
		/bin/rmmod libchacha20poly1305 || notok "rmmod libchacha20poly1305 (backends=none-such)"
	else
		notok "insmod libchacha20poly1305.ko on vgcrypto backends=none-such: $out"
	fi
	/bin/rmmod vgcrypto || notok "rmmod vgcrypto (backends=none-such)"
else
	notok "insmod vgcrypto.ko backends=none-such: $out"
fi

# 1. modules: ours first, then the stock wireguard.ko, whose dependency
# on libchacha20poly1305 is the module already loaded under that name.
# The replacement runs vgcrypto's calls (use=vgcrypto) for this first
# tunnel, the kernel's own composition (use=kernel) for the second.
$INSMOD "$ko" aead=always
if ! out=$($INSMOD "$lko" use=vgcrypto 2>&1); then
	notok "insmod libchacha20poly1305.ko: $out"
	finish
fi
dmesg | grep 'libchacha20poly1305:' | tail -n 2
check "the replacement loaded, known-answer check passed" \
	"dmesg | grep -q 'libchacha20poly1305: .*known-answer check passed'"
check "use=vgcrypto: vgcrypto's calls serve ($(cat $PARAMS/decision))" \
	"grep -q '^vgcrypto (.*): use=vgcrypto, not timed' $PARAMS/decision"
for m in tun veth wireguard; do
	$MODPROBE "$m" || notok "modprobe $m"
done
grep -E '^(libchacha20poly1305|vgcrypto|wireguard) ' /proc/modules
check "wireguard.ko uses the replacement" \
	"grep -E '^libchacha20poly1305 [0-9]+ [1-9][0-9]* .*wireguard' /proc/modules >/dev/null"
check "the replacement uses vgcrypto ($(cat $PARAMS/backend 2>/dev/null))" \
	"grep -E '^vgcrypto [0-9]+ [1-9][0-9]* .*libchacha20poly1305' /proc/modules >/dev/null"

# 2. wga (kernel) 10.77.1.1 -- relay 10.77.1.2:51001 | 10.77.2.2:51002 -- wgb 10.77.2.1
"$IP" link set lo up
# names of their own: the IPsec test leaves its a and b behind
"$IP" netns del wga 2>/dev/null
"$IP" netns del wgb 2>/dev/null
"$IP" netns add wga
"$IP" netns add wgb
"$IP" link add wva type veth peer name wra
"$IP" link add wvb type veth peer name wrb
"$IP" link set wva netns wga
"$IP" link set wvb netns wgb
"$IP" addr add 10.77.1.2/24 dev wra
"$IP" addr add 10.77.2.2/24 dev wrb
"$IP" link set wra up
"$IP" link set wrb up
"$IP" -n wga addr add 10.77.1.1/24 dev wva
"$IP" -n wgb addr add 10.77.2.1/24 dev wvb
for n in a b; do
	"$IP" -n wg$n link set lo up
	"$IP" -n wg$n link set wv$n up
done
rm -f /tmp/tamper /tmp/tamper.stop
udp_tamper 51001 10.77.1.1:51820 51002 10.77.2.1:51820 /tmp/tamper >/tmp/relay.out 2>&1 &
relay=$!

umask 077
wg genkey >/tmp/wg-a.key
wg genkey >/tmp/wg-b.key
pub_a=$(wg pubkey </tmp/wg-a.key)
pub_b=$(wg pubkey </tmp/wg-b.key)
# the kernel's side of the tunnel, in namespace wga
wg0_up() {
	"$IP" -n wga link add wg0 type wireguard
	ina wg set wg0 private-key /tmp/wg-a.key listen-port 51820 \
		peer "$pub_b" endpoint 10.77.1.2:51001 allowed-ips 10.78.0.2/32
	"$IP" -n wga addr add 10.78.0.1/24 dev wg0
	"$IP" -n wga link set wg0 up
}
wg0_up
mkdir -p /var/run/wireguard /dev/net
[ -c /dev/net/tun ] || mknod /dev/net/tun c 10 200
WG_I_PREFER_BUGGY_USERSPACE_TO_POLISHED_KMOD=1 inb wireguard-go -f wg1 >/tmp/wggo.out 2>&1 &
wggo=$!
i=0
while [ ! -S /var/run/wireguard/wg1.sock ] && [ $i -lt 60 ]; do
	sleep 1
	i=$((i + 1))
done
inb wg set wg1 private-key /tmp/wg-b.key listen-port 51820 \
	peer "$pub_a" endpoint 10.77.2.2:51002 allowed-ips 10.78.0.1/32
"$IP" -n wgb addr add 10.78.0.2/24 dev wg1
"$IP" -n wgb link set wg1 up
check "the kernel's wg0 and wireguard-go's wg1 are up" \
	"ina wg show wg0 >/dev/null 2>&1 && inb wg show wg1 >/dev/null 2>&1"

xfer() {
	rm -f /tmp/ready
	$2 timeout 300 tcp_xfer recv 5001 /tmp/ready >/tmp/recv.out 2>&1 &
	r=$!
	i=0
	while [ ! -f /tmp/ready ] && [ $i -lt 50 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	sent=$($1 timeout 240 tcp_xfer send "$3" 5001 "$5" 11 2>&1)
	wait $r
	got=$(cat /tmp/recv.out)
	echo "# $4: $sent / $got"
	check "$4: $5 bytes by TCP, the same SHA-256 at both ends" \
		"[ \"\${sent#sent }\" = \"\${got#received }\" ] && [ -n \"\${sent#sent }\" ]"
}

# 3.-5. traffic through the tunnel on whichever code serves the calls
# ($1: "vgcrypto" or "kernel"), $2 bytes by TCP each way, and over $3
# packets each way counted by the replacement; then tampering
traffic() {
	enc0=$(count encrypted)
	dec0=$(count decrypted)
	# the MTU is 1420: 1392 bytes of ICMP payload fill it
	if ina ping -c 3 -W 5 10.78.0.2 >/dev/null 2>&1 || ina ping -c 3 -W 5 10.78.0.2 >/dev/null 2>&1; then
		ok "$1: ping a -> b through the tunnel (handshake)"
	else
		notok "$1: ping a -> b through the tunnel (handshake)"
		cat /tmp/wggo.out
		ina wg show wg0
		finish
	fi
	for s in 16 1392; do
		check "$1: ping a -> b, $s bytes, 5 of 5" "ina ping -c 5 -i 0.2 -W 3 -s $s 10.78.0.2 >/dev/null 2>&1"
		check "$1: ping b -> a, $s bytes, 5 of 5" "inb ping -c 5 -i 0.2 -W 3 -s $s 10.78.0.1 >/dev/null 2>&1"
	done
	xfer ina inb 10.78.0.2 "$1: a -> b" "$2"
	xfer inb ina 10.78.0.1 "$1: b -> a" "$2"

	# the replacement did the work
	enc1=$(count encrypted)
	dec1=$(count decrypted)
	echo "# libchacha20poly1305: encrypted $enc0 -> $enc1, decrypted $dec0 -> $dec1, refused $(count refused)"
	check "$1: the replacement encrypted what a sent (over $3 packets)" "[ $((enc1 - enc0)) -gt $3 ]"
	check "$1: the replacement decrypted what a received (over $3 packets)" "[ $((dec1 - dec0)) -gt $3 ]"

	# tampered data packets are dropped both ways, and the kernel side's
	# refusals are the replacement's
	ref0=$(count refused)
	touch /tmp/tamper
	check "$1: tampering: ping a -> b, no reply" "! ina ping -c 3 -i 0.3 -W 2 10.78.0.2 >/dev/null 2>&1"
	check "$1: tampering: ping b -> a, no reply" "! inb ping -c 3 -i 0.3 -W 2 10.78.0.1 >/dev/null 2>&1"
	rm -f /tmp/tamper
	ref1=$(count refused)
	echo "# refused $ref0 -> $ref1"
	check "$1: the replacement refused the tampered packets a received" "[ $((ref1 - ref0)) -ge 3 ]"
	check "$1: after tampering: ping a -> b, 5 of 5" "ina ping -c 5 -i 0.2 -W 3 10.78.0.2 >/dev/null 2>&1"
}
traffic vgcrypto "$BYTES" 1000

# the same tunnel on the kernel's own composition (use=kernel): wg0 down,
# WireGuard and the replacement unloaded, the replacement loaded again
"$IP" -n wga link del wg0
/bin/rmmod wireguard || notok "rmmod wireguard"
/bin/rmmod libchacha20poly1305 || notok "rmmod libchacha20poly1305"
if out=$($INSMOD "$lko" use=kernel 2>&1); then
	check "use=kernel: the kernel's composition serves ($(cat $PARAMS/decision))" \
		"grep -q '^kernel (.*): use=kernel, not timed' $PARAMS/decision"
	$MODPROBE wireguard || notok "modprobe wireguard"
	check "use=kernel: wireguard.ko uses the replacement again" \
		"grep -E '^libchacha20poly1305 [0-9]+ [1-9][0-9]* .*wireguard' /proc/modules >/dev/null"
	wg0_up
	traffic kernel $((BYTES / 4)) 250
else
	notok "insmod libchacha20poly1305.ko use=kernel: $out"
fi

# 6. the kernel stayed clean
touch /tmp/tamper.stop
wait "$relay" 2>/dev/null
relay=""
cat /tmp/relay.out
check "no WARNING/BUG/Oops in dmesg" \
	"! dmesg | grep -qE 'WARNING:|BUG:|Oops|Call Trace|general protection|UBSAN|KASAN'"
finish
