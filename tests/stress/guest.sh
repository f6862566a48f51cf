#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/stress/guest.sh - the SMP stress run, in a stock-kernel guest with
# two or more CPUs (scripts/check/smp-stress.sh). For $VGC_STRESS_SECONDS
# (default 90), all at once:
#
#  - AF_ALG: two processes per vgcrypto AEAD driver, each running
#    af_alg_diff (seal, open, forgeries against OpenSSL, in place and out
#    of place) over and over with new seeds;
#  - kTLS: two processes running ktls_test -C (records and a sendfile()
#    kTLS to kTLS on loopback, every byte checked, wire records against
#    OpenSSL) over and over;
#  - IPsec: ESP transport SAs with rfc7539esp between two namespaces, TCP
#    transfers through them one after another, SHA-256 equal at both ends;
#  - ML-KEM: vgcrypto_mlkem_stress.ko, kthreads on every CPU through the
#    kpp and akcipher drivers and the exported functions, and a softirq
#    timer (its load returns 0 only if every answer agreed);
#  - rmmod vgcrypto every few seconds: refused ("in use") every time, the
#    drivers still there.
#
# Then: every run passed, both CPUs did work, the SAs counted no integrity
# failure, rmmod works once the users are gone and leaves no driver, and
# dmesg has no warning. Ends with "smp-stress: N passed, N failed".
SECS=${VGC_STRESS_SECONDS:-90}
BYTES=${VGC_STRESS_IPSEC_BYTES:-524288}
IP=${VGC_IP:-/bin/iproute2-ip}
export VGC_IP=$IP
INSMOD=/bin/insmod RMMOD=/bin/rmmod MODPROBE=/bin/modprobe
pass=0
fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }
kernel_errors() {
	dmesg | grep -E 'WARNING:|BUG:|Oops|Call Trace|general protection|UBSAN|KASAN|refcount_t:|kmemleak|INFO: task .* blocked|rcu.*stall|soft lockup|hard LOCKUP'
}
our_drivers() { awk '/^driver/ && index($3, "vgcrypto") { print $3 }' /proc/crypto | sort -u; }
now() { date +%s; }
# cpu N's busy jiffies (user, nice, system, irq, softirq) from /proc/stat
busy() { awk -v c="cpu$1" '$1 == c { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }

ko=""
for k in $VGC_KOS; do case $k in */vgcrypto.ko) ko=$k ;; esac; done
ncpu=$(grep -c '^processor' /proc/cpuinfo)
if [ "$ncpu" -ge 2 ]; then ok "$ncpu CPUs"; else notok "only $ncpu CPU: boot with --smp 2"; fi
for m in $(modinfo -F depends "$ko" | tr , ' ') tls veth xfrm_user esp4; do
	$MODPROBE "$m" || notok "modprobe $m"
done
"$IP" link set lo up
if out=$($INSMOD "$ko" aead=always 2>&1); then ok "insmod ${ko##*/}"; else notok "insmod: $out"; fi
aeads=$(our_drivers | grep chacha20)
echo "# AEAD drivers: $(echo $aeads)"
warn0=$(kernel_errors | wc -l)

if sh /bin/ipsec.sh setup >/tmp/ipsec-setup.out 2>&1; then
	ok "IPsec: ESP transport SAs with rfc7539esp between namespaces a and b"
else
	notok "IPsec setup: $(tail -n 3 /tmp/ipsec-setup.out)"
fi
b0=$(busy 0) b1=$(busy 1)
start=$(now)
end=$((start + SECS))
mkdir -p /tmp/st

# ML-KEM: its load returns when the time is up
$INSMOD /bin/vgcrypto_mlkem_stress.ko seconds="$SECS" >/tmp/st/mlkem.out 2>&1 &
mlkem_pid=$!

# AF_ALG: two processes per driver, a new seed each run
n=0
for d in $aeads; do
	for k in 1 2; do
		n=$((n + 1))
		(
			seed=$((n * 1000))
			while [ "$(now)" -lt $end ]; do
				seed=$((seed + 1))
				af_alg_diff -u -n 60 -s $seed "$d" >/tmp/st/run.$n 2>&1
				echo "rc $? seed $seed $(grep -E 'af_alg_diff: [0-9]+ passed' /tmp/st/run.$n)" >>/tmp/st/afalg.$n
				grep -E '^not ok' /tmp/st/run.$n | head -n 3 >>/tmp/st/afalg.$n
			done
		) &
	done
done

# kTLS: two processes
for k in 1 2; do
	(
		seed=$((k * 7919))
		while [ "$(now)" -lt $end ]; do
			seed=$((seed + 1))
			ktls_test -C -n 60 -a 20 -f 200000 -s $seed >/tmp/st/ktls-run.$k 2>&1
			echo "rc $? seed $seed $(grep -E 'ktls_test: [0-9]+ passed' /tmp/st/ktls-run.$k)" >>/tmp/st/ktls.$k
			grep -E '^not ok' /tmp/st/ktls-run.$k | head -n 3 >>/tmp/st/ktls.$k
		done
	) &
done

# IPsec: TCP transfers a -> b through the SAs, one after another
(
	i=0
	while [ "$(now)" -lt $end ]; do
		i=$((i + 1))
		port=$((6000 + i))
		rm -f /tmp/st/ready
		"$IP" netns exec b tcp_xfer recv $port /tmp/st/ready >/tmp/st/recv 2>&1 &
		r=$!
		j=0
		while [ ! -f /tmp/st/ready ] && [ $j -lt 100 ]; do sleep 0.1; j=$((j + 1)); done
		sent=$("$IP" netns exec a tcp_xfer send 10.1.0.2 $port "$BYTES" $i 2>&1)
		wait $r
		got=$(cat /tmp/st/recv)
		if [ "${sent#sent }" = "${got#received }" ] && [ "${sent#sent $BYTES bytes sha256 }" != "$sent" ]; then
			echo "ok $i" >>/tmp/st/ipsec
		else
			echo "bad $i: $sent / $got" >>/tmp/st/ipsec
		fi
	done
) &

# rmmod attempts while all that runs
refused=0 accepted=0 other=""
sleep 2
while [ "$(now)" -lt $end ]; do
	if out=$($RMMOD vgcrypto 2>&1); then
		accepted=$((accepted + 1))
		$INSMOD "$ko" aead=always
	else
		case $out in
		*"in use"*) [ -n "$(our_drivers)" ] && refused=$((refused + 1)) ||
			other="$other (refused, but the drivers are gone)" ;;
		*) other="$other ($out)" ;;
		esac
	fi
	sleep 3
done
if [ "$refused" -gt 0 ] && [ "$accepted" -eq 0 ] && [ -z "$other" ]; then
	ok "rmmod during the load: refused ($refused times), the drivers stayed"
else
	notok "rmmod during the load: refused $refused, accepted $accepted,$other"
fi

wait $mlkem_pid
mrc=$?
wait
took=$(($(now) - start))
echo "# the load ran ${took}s (asked: ${SECS}s)"

# ML-KEM
summary=$(dmesg | grep 'vgcrypto_mlkem_stress: .* threads on' | tail -n 1)
echo "# ${summary#*] }"
if [ $mrc -eq 0 ] && echo "$summary" | grep -qE ' 0 failed$'; then
	ok "ML-KEM: kpp, akcipher, exported functions and softirq all agreed ($(echo "$summary" | sed -n 's/.*: \([0-9]* rounds\).*/\1/p'))"
else
	notok "ML-KEM stress: insmod $mrc: $(cat /tmp/st/mlkem.out); $summary"
	dmesg | grep 'vgcrypto_mlkem_stress: not ok' | head -n 10 | sed 's/^/# /'
fi
rounds=$(echo "$summary" | sed -n 's/.*: \([0-9]*\) rounds, \([0-9]*\) in softirq.*/\1 \2/p')
set -- $rounds
if [ "${1:-0}" -gt 0 ] && [ "${2:-0}" -gt 0 ]; then
	ok "ML-KEM: $1 rounds in kthreads and $2 in softirq"
else
	notok "ML-KEM: rounds '$rounds'"
fi

# AF_ALG: every run passed
runs=0 bad=0 cases=0
for f in /tmp/st/afalg.*; do
	[ -f "$f" ] || continue
	runs=$((runs + $(grep -c '^rc ' "$f")))
	bad=$((bad + $(grep -c '^rc [1-9]' "$f")))
	cases=$((cases + $(sed -n 's/.*af_alg_diff: \([0-9]*\) passed.*/\1/p' "$f" | awk '{ s += $1 } END { print s + 0 }')))
done
if [ $runs -gt 0 ] && [ $bad -eq 0 ]; then
	ok "AF_ALG: $runs runs, $cases cases through $(echo $aeads | wc -w) drivers from $n processes, every byte as OpenSSL's"
else
	notok "AF_ALG: $bad of $runs runs failed"
	grep -h -A3 '^rc [1-9]' /tmp/st/afalg.* | head -n 20 | sed 's/^/# /'
fi
# kTLS
runs=0 bad=0
for f in /tmp/st/ktls.*; do
	[ -f "$f" ] || continue
	runs=$((runs + $(grep -c '^rc ' "$f")))
	bad=$((bad + $(grep -c '^rc [1-9]' "$f")))
done
if [ $runs -gt 0 ] && [ $bad -eq 0 ]; then
	ok "kTLS: $runs runs from 2 processes, every byte checked"
else
	notok "kTLS: $bad of $runs runs failed"
	grep -h -A3 '^rc [1-9]' /tmp/st/ktls.* | head -n 20 | sed 's/^/# /'
fi
# IPsec
good=$(grep -c '^ok ' /tmp/st/ipsec 2>/dev/null)
bad=$(grep -c '^bad ' /tmp/st/ipsec 2>/dev/null)
if [ "${good:-0}" -gt 0 ] && [ "${bad:-0}" -eq 0 ]; then
	ok "IPsec: $good transfers of $BYTES bytes, SHA-256 equal at both ends"
else
	notok "IPsec: ${bad:-?} of $((good + bad)) transfers differ"
	grep '^bad' /tmp/st/ipsec | head -n 5 | sed 's/^/# /'
fi
# no SA counted an integrity failure
failed=$("$IP" -n b -s xfrm state | awk '/replay-window/ { for (i = 1; i < NF; i++) if ($i == "failed") s += $(i + 1) } END { print s + 0 }')
if [ "$failed" -eq 0 ]; then ok "IPsec: no integrity failure on b's SAs"; else notok "IPsec: $failed integrity failures"; fi

# both CPUs worked
d0=$(($(busy 0) - b0)) d1=$(($(busy 1) - b1))
if [ $d0 -gt $((SECS * 5)) ] && [ $d1 -gt $((SECS * 5)) ]; then
	ok "both CPUs busy: $d0 and $d1 jiffies of work during the load"
else
	notok "CPU work during the load: cpu0 $d0, cpu1 $d1 jiffies"
fi

# the users gone, rmmod works
sh /bin/ipsec.sh teardown
$RMMOD vgcrypto_mlkem_stress 2>/dev/null
i=0
while ! out=$($RMMOD vgcrypto 2>&1); do
	i=$((i + 1))
	[ $i -lt 50 ] || break
	sleep 0.2
done
if ! grep -q '^vgcrypto ' /proc/modules && [ -z "$(our_drivers)" ]; then
	ok "rmmod after the load: done, no driver left"
else
	notok "rmmod after the load: $out; $(our_drivers | wc -l) drivers left"
fi

errs=$(kernel_errors | tail -n +"$((warn0 + 1))")
if [ -z "$errs" ]; then ok "no warning in dmesg"; else
	notok "kernel warnings in dmesg"
	echo "$errs" | head -n 40 | sed 's/^/# /'
fi
echo "smp-stress: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
