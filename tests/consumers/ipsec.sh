#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/consumers/ipsec.sh - guest half of the IPsec ESP test: two network
# namespaces joined by veth, SAs with rfc7539esp(chacha20,poly1305) set up
# with Debian's `ip xfrm`, in transport and then tunnel mode; for each:
# ping, a TCP transfer of $VGC_IPSEC_BYTES (default 16 MiB) with its
# SHA-256 compared at both ends, SA statistics (packets counted, no
# integrity failure), and /proc/crypto: this module's rfc7539esp driver's
# refcnt up by one per SA, no other rfc7539esp driver gaining a user.
# Then a pair of SAs whose keys differ on the receiving side: every ping
# dropped and counted as an integrity failure, nothing delivered.
#
# usage (guest): ipsec.sh            prints ok/not ok lines and
#                                    "ipsec: N passed, N failed"
#        ipsec.sh setup | teardown   (for the rmmod tests) SAs in place
#                                    without traffic / everything removed
# Needs Debian's ip, tcp_xfer, a ping (busybox's or iputils') and the veth,
# xfrm_user and esp4 modules.
# (`ip -n NS` where it can: each program start is slow under QEMU TCG.)

MATCH=${VGC_MATCH:-vgcrypto}
# Debian's ip, by path: busybox's sh runs its own applets by name first.
IP=${VGC_IP:-/bin/iproute2-ip}
BYTES=${VGC_IPSEC_BYTES:-16777216}
ALG='rfc7539esp(chacha20,poly1305)'
# 32-byte keys || 4-byte salts (72 hex digits); BAD differs in one bit.
KAB=0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f01020304
KBA=0xa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfa1a2a3a4
BAD=0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f01020305
A=10.1.0.1 B=10.1.0.2 IA=192.168.1.1 IB=192.168.2.1

pass=0
fail=0
ok() { echo "ok - ipsec: $*"; pass=$((pass + 1)); }
notok() { echo "not ok - ipsec: $*"; fail=$((fail + 1)); }
# check DESCRIPTION CONDITION: CONDITION is shell text, expanded by the
# caller and evaluated here
check() {
	if eval "$2"; then ok "$1"; else notok "$1"; fi
}
ina() { "$IP" netns exec a "$@"; }
inb() { "$IP" netns exec b "$@"; }

# Sum of refcnt of the rfc7539esp drivers whose name does (ours) or does
# not (others) contain $MATCH: "OURS OTHERS"
esp_refcnt() {
	awk -v m="$MATCH" '
	/^name/ { n = $3 } /^driver/ { d = $3 }
	/^refcnt/ && n == "rfc7539esp(chacha20,poly1305)" {
		if (index(d, m)) o += $3; else x += $3 }
	END { print o + 0, x + 0 }' /proc/crypto
}
esp_drivers_in_use() {
	awk -v m="$MATCH" '
	/^name/ { n = $3 } /^driver/ { d = $3 }
	/^refcnt/ && n == "rfc7539esp(chacha20,poly1305)" && $3 > 1 { print d " (refcnt " $3 ")" }' /proc/crypto
}

netns_up() {
	mkdir -p /var
	[ -e /var/run ] || ln -s /run /var/run
	"$IP" netns add a && "$IP" netns add b &&
		"$IP" link add va netns a type veth peer name vb netns b &&
		"$IP" -n a addr add $A/24 dev va && "$IP" -n b addr add $B/24 dev vb &&
		"$IP" -n a link set va up && "$IP" -n b link set vb up &&
		"$IP" -n a link set lo up && "$IP" -n b link set lo up &&
		"$IP" -n a addr add $IA/32 dev lo && "$IP" -n b addr add $IB/32 dev lo &&
		"$IP" -n a route add $IB/32 via $B src $IA && "$IP" -n b route add $IA/32 via $A src $IB
}

# sa NS SRC DST SPI KEY MODE: one SA in namespace NS
sa() {
	"$IP" -n "$1" xfrm state add src "$2" dst "$3" proto esp spi "$4" \
		reqid 1 mode "$6" aead "$ALG" "$5" 128
}
# pol NS DIR SRC DST TSRC TDST MODE
pol() {
	"$IP" -n "$1" xfrm policy add src "$3/32" dst "$4/32" dir "$2" \
		tmpl src "$5" dst "$6" proto esp reqid 1 mode "$7"
}

# sas MODE KEY_OF_B_INBOUND: SAs and policies for transport or tunnel
# mode, a -> b with spi 0x100 and b -> a with spi 0x200, on both sides.
sas() {
	mode=$1 kb=$2
	if [ "$mode" = tunnel ]; then sa_=$IA sb_=$IB; else sa_=$A sb_=$B; fi
	sa a $A $B 0x100 $KAB "$mode" && sa b $A $B 0x100 "$kb" "$mode" &&
		sa a $B $A 0x200 $KBA "$mode" && sa b $B $A 0x200 $KBA "$mode" &&
		pol a out $sa_ $sb_ $A $B "$mode" && pol b in $sa_ $sb_ $A $B "$mode" &&
		pol b out $sb_ $sa_ $B $A "$mode" && pol a in $sb_ $sa_ $B $A "$mode"
}
flush() {
	for n in a b; do
		"$IP" -n $n xfrm policy flush
		"$IP" -n $n xfrm state flush
	done
}

# The "stats:" numbers of the SA with SPI $2 in namespace $1:
# "REPLAY FAILED" and its lifetime "BYTES PACKETS".
sa_stats() {
	"$IP" -n "$1" -s xfrm state get src "$3" dst "$4" proto esp spi "$2" | awk '
	/replay-window/ { for (i = 1; i < NF; i++) { if ($i == "replay") r = $(i + 1); if ($i == "failed") f = $(i + 1) } }
	$1 ~ /^[0-9]+\(bytes\),$/ { b = $1; p = $2; sub(/\(bytes\),/, "", b); sub(/\(packets\)/, "", p) }
	END { print r + 0, f + 0, b + 0, p + 0 }'
}
icmp_in_echos() {
	"$IP" netns exec "$1" awk '/^Icmp:/ { if (!h) { for (i = 1; i <= NF; i++) c[$i] = i; h = 1 } else print $c["InEchos"] }' /proc/net/snmp
}

# run MODE: traffic through the SAs of one mode, and its checks
run_mode() {
	mode=$1
	if [ "$mode" = tunnel ]; then da=$IA db=$IB; else da=$A db=$B; fi
	# the last mode's flushed SAs free their transforms from a work
	# queue: wait (at most 5 s) until the count is back where it started
	[ -n "$base" ] || base=$(esp_refcnt)
	i=0
	while [ "$(esp_refcnt)" != "$base" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	before=$(esp_refcnt)
	if sas "$mode" $KAB; then ok "$mode: 4 SAs with $ALG and 4 policies added"; else
		notok "$mode: ip xfrm state/policy add"
		flush
		return
	fi
	after=$(esp_refcnt)
	check "$mode: the $MATCH rfc7539esp drivers' refcnt rose by 4 (${before% *} -> ${after% *})" \
		"[ $((${after% *} - ${before% *})) -eq 4 ]"
	check "$mode: no other rfc7539esp driver gained a user (${before#* } -> ${after#* })" \
		"[ ${after#* } = ${before#* } ]"
	echo "# $mode: IPsec uses $(esp_drivers_in_use | tr '\n' ' ')"

	out=$(ina ping -c 5 -i 0.2 -W 2 -I $da $db 2>&1)
	echo "$out" | grep -Eq '5 packets transmitted, 5 (packets )?received'
	check "$mode: ping a -> b, 5 of 5 replies" "[ $? -eq 0 ]"

	rm -f /tmp/ready /tmp/recv.out
	inb tcp_xfer recv 5001 /tmp/ready >/tmp/recv.out 2>&1 &
	rpid=$!
	i=0
	while [ ! -f /tmp/ready ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	t0=$(date +%s)
	sent=$(ina tcp_xfer send $db 5001 "$BYTES" 7 2>&1)
	wait $rpid
	t1=$(date +%s)
	got=$(cat /tmp/recv.out)
	echo "# $mode: $sent"
	echo "# $mode: $got (in about $((t1 - t0)) s)"
	check "$mode: TCP transfer of $BYTES bytes, SHA-256 equal at both ends" \
		"[ '${sent#sent }' = '${got#received }' ] && [ '${sent#sent $BYTES bytes sha256 }' != '$sent' ]"

	# Every SA carried packets and none failed its integrity check.
	for s in "a 0x100 $A $B" "b 0x100 $A $B" "a 0x200 $B $A" "b 0x200 $B $A"; do
		set -- $s
		st=$(sa_stats "$1" "$2" "$3" "$4")
		set -- $s $st
		check "$mode: SA $2 in $1: $8 packets, $7 bytes, integrity failures $6" \
			"[ $6 -eq 0 ] && [ $8 -gt 0 ]"
	done
	flush
}

wrong_key() {
	before=$(icmp_in_echos b)
	errs_before=$(inb awk '$1 == "XfrmInStateProtoError" { print $2 }' /proc/net/xfrm_stat)
	if sas transport $BAD; then ok "wrong key: SAs added, b's inbound key differs in one bit"; else
		notok "wrong key: ip xfrm state/policy add"
		flush
		return
	fi
	out=$(ina ping -c 5 -i 0.2 -W 2 $B 2>&1)
	echo "$out" | grep -Eq '5 packets transmitted, 0 (packets )?received'
	check "wrong key: ping a -> b, 0 of 5 replies" "[ $? -eq 0 ]"
	set -- $(sa_stats b 0x100 $A $B)
	check "wrong key: b's inbound SA counts 5 integrity failures (failed $2), 0 packets accepted ($4)" \
		"[ $2 -eq 5 ] && [ $4 -eq 0 ]"
	set -- $(sa_stats a 0x100 $A $B)
	check "wrong key: a's outbound SA sent 5 packets ($4)" "[ $4 -eq 5 ]"
	errs=$(inb awk '$1 == "XfrmInStateProtoError" { print $2 }' /proc/net/xfrm_stat)
	check "wrong key: b's XfrmInStateProtoError rose by 5 ($errs_before -> $errs)" \
		"[ $((errs - errs_before)) -eq 5 ]"
	after=$(icmp_in_echos b)
	check "wrong key: nothing delivered, b's ICMP InEchos unchanged ($before -> $after)" \
		"[ $before = $after ]"
	flush
}

case ${1:-} in
setup)
	[ -d /run/netns/a ] || [ -e /run/netns/a ] || netns_up || exit 1
	sas transport $KAB
	exit
	;;
teardown)
	flush
	exit
	;;
esac

if netns_up; then ok "namespaces a and b joined by veth"; else notok "namespaces and veth"; fi
run_mode transport
run_mode tunnel
wrong_key
echo "ipsec: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
