#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/qemu/consumers.sh - guest half of the consumer tests on a stock
# Debian kernel: vgcrypto.ko under the kernel's real users.
#
#  1. AF_ALG: af_alg_diff, a random differential against OpenSSL, through
#     each vgcrypto driver by driver name ($VGC_AFALG_CASES cases each,
#     default 10000; sendmsg pieces, splice, in place and out of place);
#     controls: the kernel's own template passes the same program, and
#     fails its nothing-written check (-u: a refused open leaves the
#     ciphertext where the plaintext would be), which only vgcrypto promises;
#     af_alg_splice_race: opens spliced from a file another process rewrites
#  2. kTLS: ktls_test (TLS 1.3 ChaCha20-Poly1305 on loopback, wire bytes
#     against OpenSSL, $VGC_KTLS_RECORDS records, sendfile, refcnt)
#  3. IPsec: ipsec.sh (ESP transport and tunnel between two namespaces)
#  4. rmmod is refused while kTLS or IPsec holds a driver, works after
#  5. load, use (AF_ALG, kTLS, IPsec), unload: $VGC_CYCLES times (20)
#  6. tcrypt mode=213: the rfc7539esp speed table, from whichever driver
#     the kernel picks (emulated timing: QEMU TCG, not this CPU's speed)
# and no WARNING/BUG/Oops in dmesg. Prints "ok"/"not ok" lines and
# "consumers: N passed, N failed".
#
# Needs (shipped by scripts/check/qemu.sh): vgcrypto.ko in $VGC_KOS,
# af_alg_diff, af_alg_splice_race, af_alg_vectors, ktls_test, tcp_xfer,
# ipsec.sh, Debian's ip
# as /bin/iproute2-ip, and the tls, veth, xfrm_user and esp4 modules.

MATCH=${VGC_MATCH:-vgcrypto}
CASES=${VGC_AFALG_CASES:-10000}
RECORDS=${VGC_KTLS_RECORDS:-2000}
CYCLES=${VGC_CYCLES:-20}
IP=${VGC_IP:-/bin/iproute2-ip}
export VGC_IP=$IP
# kmod's tools by path: busybox's sh would run its own applets by name.
INSMOD=/bin/insmod RMMOD=/bin/rmmod MODPROBE=/bin/modprobe

pass=0
fail=0
t_last=$(date +%s)
# took WHAT: how long the section since the last call took (QEMU TCG)
took() {
	t_now=$(date +%s)
	echo "# time: $1 took $((t_now - t_last)) s"
	t_last=$t_now
}
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }
kernel_errors() {
	dmesg | grep -E 'WARNING:|BUG:|Oops|Call Trace|general protection|UBSAN|KASAN|refcount_t:|kmemleak'
}
our_drivers() {
	awk -v m="$MATCH" '/^driver/ && index($3, m) { print $3 }' /proc/crypto | sort -u
}

# fold LABEL COMMAND...: run a test program, show its lines and add its
# ok/not ok lines to ours; a program that printed no "N passed, N failed"
# line did not finish, which is one more failure.
fold() {
	label=$1
	shift
	"$@" >/tmp/fold.out 2>&1
	cat /tmp/fold.out
	pass=$((pass + $(grep -c '^ok - ' /tmp/fold.out)))
	fail=$((fail + $(grep -c '^not ok - ' /tmp/fold.out)))
	grep -qE '[0-9]+ passed, [0-9]+ failed' /tmp/fold.out || notok "$label did not finish"
}

ko=""
for k in $VGC_KOS; do case $k in */vgcrypto.ko) ko=$k ;; esac; done
[ -n "$ko" ] || { notok "no vgcrypto.ko in VGC_KOS"; echo "consumers: $pass passed, $fail failed"; exit 1; }
for m in $(modinfo -F depends "$ko" | tr , ' ') tls veth xfrm_user esp4; do
	$MODPROBE "$m" || notok "modprobe $m"
done
"$IP" link set lo up

# load: insmod, and the drivers are there
load() {
	out=$($INSMOD "$ko" aead=always 2>&1) && [ -n "$(our_drivers)" ]
}
# unload: rmmod, retried for up to 5 s (xfrm states and kTLS contexts
# release their tfms from deferred work), and no driver left
unload() {
	i=0
	while ! $RMMOD vgcrypto 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 50 ] || return 1
		sleep 0.1
	done
	[ -z "$(our_drivers)" ]
}

if load; then ok "insmod ${ko##*/}: $(our_drivers | tr '\n' ' ')"; else notok "insmod: $out"; fi
drivers=$(our_drivers | grep chacha20)	# the AEADs (not ML-KEM's kpp/akcipher)

# 1. AF_ALG
echo "# AF_ALG differential, $CASES cases per driver"
# shellcheck disable=SC2086 # one argument per driver
fold af_alg_diff af_alg_diff -u -n "$CASES" $drivers
# the kernel's ChaCha20 driver (VGC_KCHACHA: see all.sh)
KCHACHA=${VGC_KCHACHA:-chacha20-generic}
echo "# control: the kernel's own template through the same program"
fold "af_alg_diff control" af_alg_diff -n 300 -s 2 \
	"rfc7539($KCHACHA,poly1305-generic)" "rfc7539esp($KCHACHA,poly1305-generic)"
# The nothing-written check must catch a driver that leaves the unverified
# plaintext behind: the kernel's template does.
af_alg_diff -u -n 300 -s 3 "rfc7539($KCHACHA,poly1305-generic)" >/tmp/u.out 2>&1
if grep -q '^not ok - .*forgery' /tmp/u.out && ! grep '^not ok' /tmp/u.out | grep -qv forgery &&
	grep -q 'refused, but the plaintext area holds' /tmp/u.out; then
	ok "control: af_alg_diff -u fails the kernel's template on forgeries only (plaintext left behind)"
else
	notok "control: af_alg_diff -u against the kernel's template"
	sed 's/^/# /' /tmp/u.out | tail -n 20
fi

# an open whose source changes under it: AF_ALG fed by splice() from a
# file that another process rewrites (every success must be the original
# plaintext); Debian's 6.1, 6.12 and 7.3 copy what is spliced into
# AF_ALG's own pages, so there the source cannot change, and this checks
# that nothing else goes wrong; a kernel that kept the file's pages
# would test the driver's single read of its source
echo "# AF_ALG opens spliced from a file being rewritten"
for d in $drivers; do
	case $d in rfc7539-*) fold af_alg_splice_race af_alg_splice_race -t 3 "$d" ;; esac
done

took "AF_ALG"

# 2. kTLS
echo "# kTLS: TLS 1.3 TLS_CHACHA20_POLY1305_SHA256 over loopback"
fold ktls_test ktls_test -n "$RECORDS" -m "$MATCH"
grep '^# D:' /tmp/fold.out | sed 's/^# D: kTLS, both ends: /# kTLS got: /'

took "kTLS"

# 3. IPsec
echo "# IPsec ESP with rfc7539esp(chacha20,poly1305)"
fold ipsec.sh sh /bin/ipsec.sh

took "IPsec"

# 4. rmmod while a consumer holds a driver: kmod's rmmod says the module is
# in use (EWOULDBLOCK from delete_module), and the drivers stay registered
refused() {
	case $2 in
	*"in use"*) [ -n "$(our_drivers)" ] && ok "rmmod refused while $1: $2" ||
		notok "rmmod while $1: refused, but the drivers are gone" ;;
	*) notok "rmmod while $1: $2" ;;
	esac
}
rm -f /tmp/hold /tmp/hold.out
mkfifo /tmp/hold
ktls_test -H </tmp/hold >/tmp/hold.out 2>&1 &
hpid=$!
exec 3>/tmp/hold
i=0
while ! grep -q holding /tmp/hold.out && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if grep -q holding /tmp/hold.out; then
	if out=$($RMMOD vgcrypto 2>&1); then
		notok "rmmod while kTLS holds a driver: accepted"
		load
	else
		refused "kTLS holds a driver" "$out"
	fi
else
	notok "ktls_test -H: $(cat /tmp/hold.out)"
fi
exec 3>&-
wait $hpid
if unload; then ok "rmmod after the kTLS sockets closed"; else notok "rmmod after kTLS: $(lsmod | grep vgcrypto)"; fi
load || notok "insmod: $out"

if sh /bin/ipsec.sh setup; then
	if out=$($RMMOD vgcrypto 2>&1); then
		notok "rmmod while IPsec SAs hold a driver: accepted"
		load
	else
		refused "IPsec SAs hold a driver" "$out"
	fi
else
	notok "ipsec.sh setup"
fi
sh /bin/ipsec.sh teardown
if unload; then ok "rmmod after the SAs were flushed"; else notok "rmmod after IPsec: $(lsmod | grep vgcrypto)"; fi

took "rmmod while in use"

# 5. load, use, unload
slab() { awk '$1 == "SUnreclaim:" { print $2 }' /proc/meminfo; }
warn0=$(kernel_errors | wc -l)
n=0
bad=""
slab0=""
while [ $n -lt "$CYCLES" ]; do
	n=$((n + 1))
	step=load
	if load; then
		step="AF_ALG vectors"
		if af_alg_vectors 'rfc7539(chacha20,poly1305)' 'rfc7539esp(chacha20,poly1305)' >/tmp/c.out 2>&1; then
			step=kTLS
			if ktls_test -n 10 -a 3 -f 8192 -s "$n" -m "$MATCH" >/tmp/c.out 2>&1; then
				step=IPsec
				if sh /bin/ipsec.sh setup >/tmp/c.out 2>&1 &&
					"$IP" netns exec a ping -c 1 -W 2 10.1.0.2 >/tmp/c.out 2>&1; then
					step=unload
				fi
				sh /bin/ipsec.sh teardown
			fi
		fi
		if [ $step = unload ] && unload; then
			step=""
		else
			unload
		fi
	fi
	if [ -n "$step" ]; then
		bad="$bad $n:$step"
		tail -n 5 /tmp/c.out | sed 's/^/# /'
	fi
	[ $n -eq 1 ] && slab0=$(slab)
done
slab1=$(slab)
if [ -z "$bad" ]; then
	ok "load, use (AF_ALG, kTLS, IPsec), unload: $CYCLES cycles"
else
	notok "load/use/unload cycles that failed (cycle:step):$bad"
fi
warn1=$(kernel_errors | wc -l)
if [ "$warn1" -eq "$warn0" ]; then ok "no kernel warning during the cycles"; else
	notok "kernel warnings during the cycles"
	kernel_errors | tail -n 20 | sed 's/^/# /'
fi
if [ -e /sys/kernel/debug/kmemleak ] || grep -q 'CONFIG_DEBUG_KMEMLEAK=y' /proc/config.gz 2>/dev/null; then
	echo "# kmemleak present: see /sys/kernel/debug/kmemleak"
else
	echo "# kmemleak: not in this kernel (Debian builds without CONFIG_DEBUG_KMEMLEAK);"
	echo "# leak checks: module refcount back to 0 (rmmod) every cycle, and unreclaimable slab"
fi
# Coarse: 19 cycles after the first must not leave a megabyte behind.
growth=$((slab1 - slab0))
if [ "$growth" -lt 1024 ]; then
	ok "unreclaimable slab after cycle 1: $slab0 kB, after cycle $CYCLES: $slab1 kB (growth under 1 MiB)"
else
	notok "unreclaimable slab grew by $growth kB over $((CYCLES - 1)) cycles"
fi

took "$CYCLES load/use/unload cycles"

# 6. tcrypt speed table (mode=213: rfc7539esp, 16..8192 bytes)
if load; then
	before=$(dmesg | wc -l)
	$MODPROBE tcrypt mode=213 >/dev/null 2>&1
	dmesg | tail -n +"$((before + 1))" | sed -n 's/^\[[^]]*\] //p' >/tmp/t.out
	echo "# tcrypt mode=213 (rfc7539esp, 36-byte key): CPU cycles per operation under"
	echo "# QEMU TCG -- EMULATED timing, not this machine's speed (native: make bench)"
	awk '
	/testing speed of/ { dir = /encryption/ ? "seal" : "open"; if (dir == "seal") pass++ }
	/operation in/ { for (i = 1; i <= NF; i++) if ($i == "in") c = $(i + 1)
		b = $0; sub(/.*\(/, "", b); sub(/ bytes\).*/, "", b)
		if (pass == 1) { v[dir, b] = c; if (!(b in seen)) { seen[b] = 1; order[++n] = b } } }
	END {
		printf "# %8s %14s %14s %10s\n", "bytes", "seal cycles", "open cycles", "seal c/B"
		for (i = 1; i <= n; i++) { b = order[i]
			printf "# %8s %14s %14s %10.1f\n", b, v["seal", b], v["open", b], v["seal", b] / b }
	}' /tmp/t.out
	sed 's/^/# tcrypt: /' /tmp/t.out >>/tmp/tcrypt.log
	drv=$(sed -n 's/.*testing speed of rfc7539esp(chacha20,poly1305) (\([^)]*\)) encryption.*/\1/p' /tmp/t.out | head -n1)
	lines=$(grep -c 'operation in' /tmp/t.out)
	case $drv in
	*"$MATCH"*) ok "tcrypt mode=213 measured $drv: $lines table lines" ;;
	*) notok "tcrypt mode=213 measured '$drv', not a $MATCH driver ($lines lines)" ;;
	esac
	unload || notok "rmmod after tcrypt"
else
	notok "insmod for tcrypt: $out"
fi

took "tcrypt mode=213"

errs=$(kernel_errors)
if [ -z "$errs" ]; then ok "no WARNING/BUG/Oops in dmesg"; else
	notok "kernel warnings in dmesg"
	echo "$errs" | head -n 40 | sed 's/^/# /'
fi
echo "consumers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
