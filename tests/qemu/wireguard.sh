#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/wireguard.sh - WireGuard on a stock Debian kernel with the
# opt-in libchacha20poly1305 replacement (crypto/libchacha20poly1305.c)
# loaded in place of the kernel's, its wire judged by wireguard-go (a
# user-space WireGuard with its own ChaCha20-Poly1305):
#  1. the replacement loads (its known-answer check), and the stock
#     wireguard.ko loads against it: /proc/modules shows wireguard using
#     it and it using vgcrypto;
#  2. namespace wga: the kernel's wg0; namespace wgb: wireguard-go's wg1;
#     the underlay runs through udp_tamper in the root namespace;
#  3. ping both ways, small and MTU-sized; $VGC_WG_BYTES (default 4 MiB)
#     by TCP each way, its SHA-256 equal at both ends;
#  4. the replacement's own counters show it encrypted and decrypted that
#     traffic;
#  5. with udp_tamper flipping a bit in every data packet, pings fail both
#     ways, the replacement's refused counter grows, and once it stops the
#     tunnel works again;
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

# 1. modules: ours first, then the stock wireguard.ko, whose dependency
# on libchacha20poly1305 is the module already loaded under that name
for m in $(modinfo -F depends "$ko" | tr , ' '); do $MODPROBE "$m"; done
grep -q '^vgcrypto ' /proc/modules || $INSMOD "$ko" aead=always
if ! out=$($INSMOD "$lko" 2>&1); then
	notok "insmod libchacha20poly1305.ko: $out"
	finish
fi
dmesg | grep 'libchacha20poly1305:' | tail -n 2
check "the replacement loaded, known-answer check passed" \
	"dmesg | grep -q 'libchacha20poly1305: .*known-answer check passed'"
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
"$IP" -n wga link add wg0 type wireguard
ina wg set wg0 private-key /tmp/wg-a.key listen-port 51820 \
	peer "$pub_b" endpoint 10.77.1.2:51001 allowed-ips 10.78.0.2/32
"$IP" -n wga addr add 10.78.0.1/24 dev wg0
"$IP" -n wga link set wg0 up
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

# 3. traffic (the MTU is 1420: 1392 bytes of ICMP payload fill it)
enc0=$(count encrypted)
dec0=$(count decrypted)
if ina ping -c 3 -W 5 10.78.0.2 >/dev/null 2>&1 || ina ping -c 3 -W 5 10.78.0.2 >/dev/null 2>&1; then
	ok "ping a -> b through the tunnel (handshake)"
else
	notok "ping a -> b through the tunnel (handshake)"
	cat /tmp/wggo.out
	ina wg show wg0
	finish
fi
for s in 16 1392; do
	check "ping a -> b, $s bytes, 5 of 5" "ina ping -c 5 -i 0.2 -W 3 -s $s 10.78.0.2 >/dev/null 2>&1"
	check "ping b -> a, $s bytes, 5 of 5" "inb ping -c 5 -i 0.2 -W 3 -s $s 10.78.0.1 >/dev/null 2>&1"
done
xfer() {
	rm -f /tmp/ready
	$2 timeout 300 tcp_xfer recv 5001 /tmp/ready >/tmp/recv.out 2>&1 &
	r=$!
	i=0
	while [ ! -f /tmp/ready ] && [ $i -lt 50 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	sent=$($1 timeout 240 tcp_xfer send "$3" 5001 "$BYTES" 11 2>&1)
	wait $r
	got=$(cat /tmp/recv.out)
	echo "# $4: $sent / $got"
	check "$4: $BYTES bytes by TCP, the same SHA-256 at both ends" \
		"[ \"\${sent#sent }\" = \"\${got#received }\" ] && [ -n \"\${sent#sent }\" ]"
}
xfer ina inb 10.78.0.2 "a -> b"
xfer inb ina 10.78.0.1 "b -> a"

# 4. the replacement did the work
enc1=$(count encrypted)
dec1=$(count decrypted)
echo "# libchacha20poly1305: encrypted $enc0 -> $enc1, decrypted $dec0 -> $dec1, refused $(count refused)"
check "the replacement encrypted what a sent (over 1000 packets)" "[ $((enc1 - enc0)) -gt 1000 ]"
check "the replacement decrypted what a received (over 1000 packets)" "[ $((dec1 - dec0)) -gt 1000 ]"

# 5. tampered data packets are dropped both ways, and the kernel side's
# refusals are the replacement's
ref0=$(count refused)
touch /tmp/tamper
check "tampering: ping a -> b, no reply" "! ina ping -c 3 -i 0.3 -W 2 10.78.0.2 >/dev/null 2>&1"
check "tampering: ping b -> a, no reply" "! inb ping -c 3 -i 0.3 -W 2 10.78.0.1 >/dev/null 2>&1"
rm -f /tmp/tamper
ref1=$(count refused)
echo "# refused $ref0 -> $ref1"
check "the replacement refused the tampered packets a received" "[ $((ref1 - ref0)) -ge 3 ]"
check "after tampering: ping a -> b, 5 of 5" "ina ping -c 5 -i 0.2 -W 3 10.78.0.2 >/dev/null 2>&1"

# 6. the kernel stayed clean
touch /tmp/tamper.stop
wait "$relay" 2>/dev/null
relay=""
cat /tmp/relay.out
check "no WARNING/BUG/Oops in dmesg" \
	"! dmesg | grep -qE 'WARNING:|BUG:|Oops|Call Trace|general protection|UBSAN|KASAN'"
finish
