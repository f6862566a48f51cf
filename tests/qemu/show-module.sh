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
	echo "$alg -> $(awk -v a="$alg" '$1 == "name" && $3 == a { getline; print $3; exit }' /proc/crypto)"
done
dmesg | grep -E 'vgcrypto|alg:|tcrypt' | sed 's/^/dmesg: /'
