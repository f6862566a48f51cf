#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Guest side of `make run`: load vgcrypto, show what it registered and what
# the crypto manager's self-tests and tcrypt made of it.
modprobe vgcrypto || exit 1
echo "--- /proc/crypto entries of vgcrypto"
awk '/^name/ { n = $0 } /^driver/ { d = $0 }
     /^module/ && $3 == "vgcrypto" { m = 1 }
     /^$/ { if (m) print n "\n" d "\n" p "\n" s "\n"; m = 0 }
     /^priority/ { p = $0 } /^selftest/ { s = $0 }' /proc/crypto
echo "--- tcrypt: testmgr on the highest-priority driver of each name"
for alg in 'rfc7539(chacha20,poly1305)' 'rfc7539esp(chacha20,poly1305)'; do
	# tcrypt always fails its own load (EAGAIN) so that it need not be unloaded
	modprobe tcrypt alg="$alg" type=3 2>/dev/null
	# the highest-priority driver of the name is the one tcrypt tested
	echo "$alg -> $(awk -v a="$alg" '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^priority/ && n == a && $3 > p { p = $3; best = d } END { print best }' /proc/crypto)"
done
dmesg | grep -E 'vgcrypto|alg:|tcrypt' | sed 's/^/dmesg: /'
echo "--- which driver the kernel's consumers get (/proc/crypto refcnt while in use)"
# in_use NAME: the drivers of NAME that something holds (refcnt above 1)
in_use() {
	awk -v n="$1" '/^name/ { a = $3 } /^driver/ { d = $3 }
	/^refcnt/ && a == n && $3 > 1 { printf "%s (refcnt %s) ", d, $3 }' /proc/crypto
}
if command -v ktls_test >/dev/null && /bin/modprobe tls; then
	ip link set lo up
	rm -f /tmp/hold /tmp/hold.out
	mkfifo /tmp/hold
	ktls_test -H </tmp/hold >/tmp/hold.out 2>&1 &
	exec 3>/tmp/hold
	i=0
	while ! grep -q holding /tmp/hold.out && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	echo "kTLS (TLS 1.3 TLS_CHACHA20_POLY1305_SHA256, both ends of a loopback connection): $(in_use 'rfc7539(chacha20,poly1305)')"
	exec 3>&-
	wait
fi
if [ -x /bin/iproute2-ip ] && [ -f /bin/ipsec.sh ] &&
	/bin/modprobe -a veth xfrm_user esp4 && VGC_IP=/bin/iproute2-ip sh /bin/ipsec.sh setup; then
	echo "IPsec ESP (ip xfrm state ... aead 'rfc7539esp(chacha20,poly1305)', 4 SAs): $(in_use 'rfc7539esp(chacha20,poly1305)')"
	VGC_IP=/bin/iproute2-ip sh /bin/ipsec.sh teardown
fi
