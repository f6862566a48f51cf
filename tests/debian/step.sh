#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/debian/step.sh - the guest half of scripts/check/debian-system.sh:
# one step per boot of a Debian 12 or 13 system (its own stock kernel and
# systemd), run as root by the image's vgc-test-step.service from the test
# disk (/run/vgc), which also carries the .deb, the second kernel's .debs,
# ktls_test, tcp_xfer and ipsec.sh. Prints "ok - " / "not ok - " lines,
# then "step PHASE done".
#
# usage (guest): step.sh install | boot | second | after
#   install  the package with apt (DKMS builds it for the running kernel);
#            then the first IPsec SA and kTLS socket, with nothing loaded
#            yet: which names the kernel asks modprobe for, and that they
#            load vgcrypto (its aliases); backends= set in /etc/modprobe.d;
#            then the opt-in vgcrypto-wireguard-dkms: modprobe resolves
#            libchacha20poly1305 to its DKMS build
#   boot     after the reboot: loaded at boot by systemd-modules-load with
#            those back ends; kTLS and IPsec use its drivers; a WireGuard
#            tunnel between two namespaces runs on the replacement; a
#            second kernel package gets its own DKMS build
#   second   the second kernel boots: loaded at boot again; unloaded, the
#            first use loads it again (the names on this kernel); apt
#            purge, and every path the package made is gone again
#   after    the first kernel, next boot: no vgcrypto, the kernel's serve
#            (IPsec, and WireGuard on the kernel's own libchacha20poly1305)
set -u
V=/run/vgc
PATH=$V/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH
phase=${1:-}
kver=$(uname -r)
pass=0
fail=0
ok() { echo "ok - $phase: $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $phase: $*"; fail=$((fail + 1)); }
check() { if eval "$2"; then ok "$1"; else notok "$1"; fi; }
# quietly, with the output kept for a failure's message
q() { "$@" >/tmp/q.out 2>&1; }
qtail() { tail -n 3 /tmp/q.out | tr '\n' ' ' | cut -c1-300; }
export DEBIAN_FRONTEND=noninteractive

# Every path on the root file system, by name, type and mode, except what
# apt, dpkg, journald and systemd keep as their own records (/var/backups:
# dpkg's daily copies of its database, whose timer can fire during a boot).
listing() {
	find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run \
		-o -path /tmp -o -path /var/tmp -o -path /var/log -o -path /var/cache \
		-o -path /var/backups \
		-o -path /var/lib/dpkg -o -path /var/lib/apt -o -path /var/lib/systemd \
		-o -path /var/lib/dhcp -o -path /etc/ld.so.cache -o -path /root/.lesshst \) \
		-prune -o -printf '%p %y %m\n' | LC_ALL=C sort
}

# Drivers of an algorithm NAME that hold a transform (refcnt above the
# registration's own 1), as "driver(refcnt)".
in_use() {
	awk -v n="$1" '/^name/ { a = $3 } /^driver/ { d = $3 }
	/^refcnt/ && a == n && $3 > 1 { printf "%s(%d) ", d, $3 }' /proc/crypto
}
vgc_drivers() { awk '/^driver/ && /vgcrypto/ { print $3 }' /proc/crypto | sort -u; }
ESP='rfc7539esp(chacha20,poly1305)'
AEAD='rfc7539(chacha20,poly1305)'
KEY=0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f01020304
one_sa() {
	ip xfrm state add src 10.9.0.1 dst 10.9.0.2 proto esp spi 0x"$1" reqid 1 \
		mode transport aead "$ESP" $KEY 128
}

# unload: vgcrypto out, once what used it is gone (xfrm frees a flushed
# SA's transform from a work queue)
unload() {
	i=0
	while ! rmmod vgcrypto 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	[ ! -e /sys/module/vgcrypto ]
}

# first_use: with nothing of ours loaded, the first IPsec SA, then (unloaded
# again) the first kTLS socket; what the kernel asks modprobe for is logged
first_use() {
	# (on the test disk: systemd mounts /run noexec)
	cat >$V/modprobe-log <<-'EOF'
	#!/bin/sh
	echo "$*" >>/run/vgc/modprobe.log
	exec /sbin/modprobe "$@"
	EOF
	chmod 755 $V/modprobe-log
	old=$(cat /proc/sys/kernel/modprobe)
	echo $V/modprobe-log >/proc/sys/kernel/modprobe
	: >$V/modprobe.log
	if one_sa 100; then ok "first IPsec SA added"; else notok "first IPsec SA: ip xfrm state add"; fi
	check "the first SA's transform is vgcrypto's ($(in_use "$ESP"))" \
		"in_use '$ESP' | grep -q 'vgcrypto'"
	check "the kernel asked modprobe for crypto-$ESP, which loaded vgcrypto" \
		"grep -qxF -- '-q -- crypto-$ESP' $V/modprobe.log && [ -e /sys/module/vgcrypto ]"
	ip xfrm state flush
	check "unloaded again when the SA is gone" unload
	mv $V/modprobe.log $V/modprobe-esp.log
	: >$V/modprobe.log
	# -C: the drivers appear during the test, so their count rises by one
	# more than the 4 transforms; -C checks that they hold at least those
	q ktls_test -C -n 20 -a 5 -f 10000 -m vgcrypto
	r=$?
	check "the first kTLS socket's transforms are vgcrypto's (ktls_test -C -m vgcrypto; $(grep -c '^ok' /tmp/q.out) checks)" \
		"[ $r -eq 0 ]"
	grep '^not ok' /tmp/q.out | sed 's/^/# /'
	check "the kernel asked modprobe for crypto-$AEAD, which loaded vgcrypto" \
		"grep -qxF -- '-q -- crypto-$AEAD' $V/modprobe.log && [ -e /sys/module/vgcrypto ]"
	echo "$old" >/proc/sys/kernel/modprobe
	for f in esp ktls; do
		[ $f = ktls ] || l=$V/modprobe-esp.log
		[ $f = esp ] || l=$V/modprobe.log
		echo "# $kver: first $f use: modprobe asked for: $(sed 's/^-q -- //' $l |
			grep -e rfc7539 -e chacha -e poly1305 -e tls | sort -u | tr '\n' ' ')"
	done
}

# purge: every path the package made goes; what the second kernel's
# packages made (and its initramfs, depmod files, the .old boot links
# that its installation makes) is the kernel's
purge() {
	if q apt-get purge -y vgcrypto-wireguard-dkms vgcrypto-dkms; then
		ok "apt-get purge vgcrypto-wireguard-dkms vgcrypto-dkms"
	else
		notok "apt-get purge: $(qtail)"
	fi
	listing >$V/listing.after
	LC_ALL=C comm -13 $V/listing.before $V/listing.after | awk '{ print $1 }' >/tmp/left
	if [ -n "$kver2" ]; then
		for p in $(cat $V/second.pkgs); do dpkg -L "$p"; done | sort -u >/tmp/second.files
		grep -vxFf /tmp/second.files /tmp/left |
			grep -v -e "/$kver2\$" -e "-$kver2\$" -e "/lib/modules/$kver2/modules\." \
				-e "^/var/lib/initramfs-tools/$kver2" -e '^/vmlinuz.old$' \
				-e '^/initrd.img.old$' >/tmp/left2
		mv /tmp/left2 /tmp/left
	fi
	# DKMS's own signing key, made at its first build: a user enrolled its
	# certificate, and DKMS signs every later module with it
	grep -x -e /var/lib/dkms/mok.key -e /var/lib/dkms/mok.pub /tmp/left |
		sed 's/^/# kept, as DKMS keeps it: /'
	grep -vx -e /var/lib/dkms/mok.key -e /var/lib/dkms/mok.pub /tmp/left >$V/left
	LC_ALL=C comm -23 $V/listing.before $V/listing.after | awk '{ print $1 }' >$V/gone
	if [ -n "$kver2" ]; then
		grep -vxFf $V/second-old.files $V/gone >/tmp/gone2
		mv /tmp/gone2 $V/gone
	fi
	check "after purge, no path the package made is left ($(wc -l <$V/left): $(head -n 5 $V/left | tr '\n' ' '))" \
		"[ ! -s $V/left ]"
	check "and none that was there before is gone ($(wc -l <$V/gone): $(head -n 5 $V/gone | tr '\n' ' '))" \
		"[ ! -s $V/gone ]"
	check "no vgcrypto module in any kernel's tree" \
		"[ -z \"\$(find /usr/lib/modules -name 'vgcrypto*')\" ]"
	check "no libchacha20poly1305 left under updates/ in any kernel's tree" \
		"[ -z \"\$(find /usr/lib/modules -path '*/updates/*' -name 'libchacha20poly1305*')\" ]"
}

# at_boot BACKENDS: loaded at boot without a modprobe, with those back ends
at_boot() {
	check "vgcrypto loaded at boot, nobody typed modprobe" "[ -e /sys/module/vgcrypto ]"
	journalctl -b -o cat -t systemd-modules-load >/tmp/j 2>&1
	check "by systemd-modules-load ($(grep vgcrypto /tmp/j | head -n 1))" \
		"grep -q \"Inserted module 'vgcrypto'\" /tmp/j"
	b=$(cat /sys/module/vgcrypto/parameters/backends 2>/dev/null)
	check "backends= from /etc/modprobe.d/vgcrypto.conf ('$b')" "[ '$b' = avx2,generic ]"
	d=$(vgc_drivers | sed 's/.*-vgcrypto-//' | sort -u | tr '\n' ' ')
	check "only those back ends' drivers are registered ($d)" \
		"[ '$d' = 'avx2 avx2-akcipher generic generic-akcipher ' ]"
}

# wg_tunnel: two namespaces, a WireGuard interface in each, on the kernel's
# wireguard.ko and whichever libchacha20poly1305 modprobe gives it; pings
# both ways (small and MTU-sized), torn down after
wg_tunnel() {
	for n in wa wb; do ip netns del $n 2>/dev/null; ip netns add $n; done
	ip link add wva type veth peer name wvb
	ip link set wva netns wa
	ip link set wvb netns wb
	ip -n wa addr add 10.76.0.1/24 dev wva
	ip -n wb addr add 10.76.0.2/24 dev wvb
	umask 077
	wg genkey >/tmp/wa.key
	wg genkey >/tmp/wb.key
	for n in wa wb; do
		ip -n $n link set lo up
		ip -n $n link add wg0 type wireguard
	done
	ip -n wa link set wva up
	ip -n wb link set wvb up
	ip netns exec wa wg set wg0 private-key /tmp/wa.key listen-port 51820 \
		peer "$(wg pubkey </tmp/wb.key)" endpoint 10.76.0.2:51820 allowed-ips 10.75.0.2/32
	ip netns exec wb wg set wg0 private-key /tmp/wb.key listen-port 51820 \
		peer "$(wg pubkey </tmp/wa.key)" endpoint 10.76.0.1:51820 allowed-ips 10.75.0.1/32
	ip -n wa addr add 10.75.0.1/24 dev wg0
	ip -n wb addr add 10.75.0.2/24 dev wg0
	ip -n wa link set wg0 up
	ip -n wb link set wg0 up
	check "WireGuard: ping through the tunnel, both ways, 16 and 1392 bytes" \
		"ip netns exec wa ping -c 3 -W 5 10.75.0.2 >/dev/null 2>&1 &&
		 ip netns exec wb ping -c 3 -W 5 -s 1392 10.75.0.1 >/dev/null 2>&1 &&
		 ip netns exec wa ping -c 3 -W 5 -s 1392 10.75.0.2 >/dev/null 2>&1"
	for n in wa wb; do ip netns del $n; done
}

# wg_ours: the loaded libchacha20poly1305 is vgcrypto's, and served the
# tunnel's packets (its counters)
wg_ours() {
	check "modprobe wireguard loads vgcrypto's libchacha20poly1305 ($(modinfo -F description libchacha20poly1305 2>/dev/null))" \
		"modprobe wireguard && [ -e /sys/module/libchacha20poly1305/parameters/backend ]"
	wg_tunnel
	e=$(cat /sys/module/libchacha20poly1305/parameters/encrypted 2>/dev/null)
	d=$(cat /sys/module/libchacha20poly1305/parameters/decrypted 2>/dev/null)
	check "the replacement served them (encrypted $e, decrypted $d, on $(cat /sys/module/libchacha20poly1305/parameters/backend 2>/dev/null))" \
		"[ \"\${e:-0}\" -ge 9 ] && [ \"\${d:-0}\" -ge 9 ]"
	check "wireguard uses it, it uses vgcrypto (/proc/modules)" \
		"grep -qE '^libchacha20poly1305 [0-9]+ [1-9][0-9]* .*wireguard' /proc/modules &&
		 grep -qE '^vgcrypto [0-9]+ [1-9][0-9]* .*libchacha20poly1305' /proc/modules"
}

# second_kernel: a kernel package installed afterwards gets its own build
second_kernel() {
	for p in "$V"/second/*.deb; do dpkg-deb -f "$p" Package; done >$V/second.pkgs
	# what those packages that are already here (upgraded by this, e.g.
	# linux-libc-dev) own now: an upgrade may drop files
	for p in $(cat $V/second.pkgs); do dpkg -L "$p" 2>/dev/null; done |
		sort -u >$V/second-old.files
	if q apt-get install -y "$V"/second/*.deb; then
		ok "apt-get install the second kernel, $kver2"
	else
		notok "apt-get install the second kernel: $(qtail)"
	fi
	cp /tmp/q.out $V/apt-second.log
	check "dkms status: vgcrypto/$ver installed for $kver2 too" \
		"dkms status vgcrypto/$ver -k $kver2 2>/dev/null | grep -q ': installed'"
	ko2=$(modinfo -k "$kver2" -n vgcrypto 2>/dev/null)
	vm=$(modinfo -k "$kver2" -F vermagic vgcrypto 2>/dev/null)
	check "$kver2's vgcrypto is its DKMS build, vermagic '${vm%% *}'" \
		"case '$ko2' in */$kver2/updates/dkms/vgcrypto.ko*) true ;; *) false ;; esac && [ '${vm%% *}' = '$kver2' ]"
	# the next boot is the second kernel's, as its boot loader would choose
	cp /boot/vmlinuz-"$kver2" $V/vmlinuz2 && cp /boot/initrd.img-"$kver2" $V/initrd2
	check "$kver2 has an image and an initramfs to boot" "[ -s $V/vmlinuz2 ] && [ -s $V/initrd2 ]"
}

kver2=$(cat $V/kver2 2>/dev/null)
ver=$(dpkg-query -W -f '${Version}' vgcrypto-dkms 2>/dev/null)
echo "step $phase on $kver: $(. /etc/os-release && echo "$PRETTY_NAME")"
case $phase in
install)
	listing >$V/listing.before
	check "no rfc7539 driver registered before the package (the kernel's template was not instantiated at boot)" \
		"! grep -q 'rfc7539' /proc/crypto"
	if q apt-get install -y "$V"/vgcrypto-dkms_*_all.deb; then
		ok "apt-get install ./vgcrypto-dkms_*_all.deb"
	else
		notok "apt-get install: $(qtail)"
	fi
	cp /tmp/q.out $V/apt-install.log
	ver=$(dpkg-query -W -f '${Version}' vgcrypto-dkms 2>/dev/null)
	check "dkms status: vgcrypto/$ver installed for $kver" \
		"dkms status vgcrypto/$ver -k $kver 2>/dev/null | grep -q ': installed'"
	ko=$(modinfo -n vgcrypto 2>/dev/null)
	check "modprobe resolves the DKMS build ($ko)" \
		"case '$ko' in */lib/modules/$kver/updates/dkms/vgcrypto.ko*) true ;; *) false ;; esac"
	# DKMS signs with its MOK (made at its first build): what a user enrols
	# with mokutil --import for Secure Boot
	signer=$(modinfo -F signer vgcrypto 2>/dev/null)
	cn=$(openssl x509 -inform DER -in /var/lib/dkms/mok.pub -noout -subject 2>/dev/null |
		sed 's/.*CN *= *//')
	check "the module is signed by DKMS's MOK (signer '$signer', certificate CN '$cn')" \
		"[ -n '$signer' ] && [ '$signer' = '$cn' ]"
	check "not loaded by the installation itself" "[ ! -e /sys/module/vgcrypto ]"
	# the guard's timing at load means nothing under TCG: registered
	# without it, as a user would set it
	echo 'options vgcrypto aead=always' >>/etc/modprobe.d/vgcrypto.conf
	first_use
	# backends= as a user sets it: edit the package's conffile
	echo 'options vgcrypto backends=avx2,generic' >>/etc/modprobe.d/vgcrypto.conf
	# the opt-in WireGuard package
	stock=$(modinfo -n libchacha20poly1305 2>/dev/null)
	if q apt-get install -y "$V"/vgcrypto-wireguard-dkms_*_all.deb; then
		ok "apt-get install ./vgcrypto-wireguard-dkms_*_all.deb (before: $stock)"
	else
		notok "apt-get install vgcrypto-wireguard-dkms: $(qtail)"
	fi
	cp /tmp/q.out $V/apt-install-wireguard.log
	check "dkms status: vgcrypto-wireguard/$ver installed for $kver" \
		"dkms status vgcrypto-wireguard/$ver -k $kver 2>/dev/null | grep -q ': installed'"
	# on the CRCs vgcrypto's DKMS build kept (scripts/dkms/keep-symvers.sh)
	wlog=/var/lib/dkms/vgcrypto-wireguard/$ver/$kver/$(uname -m)/log/make.log
	check "vgcrypto-wireguard's DKMS build compiled the replacement alone ($(grep -c 'CC \[M\]' "$wlog" 2>/dev/null) objects)" \
		"grep -q 'libchacha20poly1305\.o' $wlog && ! grep 'CC \[M\]' $wlog | grep -vqE 'libchacha20poly1305\.|libcp_kernel\.|\.module-common\.o'"
	wko=$(modinfo -n libchacha20poly1305 2>/dev/null)
	check "modprobe resolves libchacha20poly1305 to the DKMS build ($wko)" \
		"case '$wko' in */lib/modules/$kver/updates/dkms/libchacha20poly1305.ko*) true ;; *) false ;; esac"
	check "modinfo tells it is vgcrypto's ($(modinfo -F description libchacha20poly1305))" \
		"modinfo -F description libchacha20poly1305 | grep -q vgcrypto"
	;;
boot)
	at_boot
	q ktls_test -n 100 -a 20 -f 100000 -m vgcrypto-avx2
	r=$?
	check "kTLS: records through vgcrypto's avx2 driver (ktls_test -m vgcrypto-avx2; $(grep -c '^ok' /tmp/q.out) checks)" \
		"[ $r -eq 0 ]"
	grep '^not ok' /tmp/q.out | sed 's/^/# /'
	q env VGC_IP="$(command -v ip)" VGC_MATCH=vgcrypto-avx2 VGC_IPSEC_BYTES=1048576 sh $V/ipsec.sh
	r=$?
	grep -E '^not ok' /tmp/q.out | sed 's/^/# /'
	check "IPsec ESP, transport and tunnel, through vgcrypto's avx2 driver (ipsec.sh: $(grep -c '^ok' /tmp/q.out) checks)" \
		"[ $r -eq 0 ]"
	wg_ours

	if [ -z "$kver2" ]; then
		# no second kernel (Debian 12): purge in this boot
		purge
	else
		second_kernel
	fi
	;;
second)
	check "booted the second kernel" "[ '$kver' = '$kver2' ]"
	at_boot
	# first use again, on this kernel: unloaded, then asked for
	check "rmmod vgcrypto (nothing holds it yet)" "rmmod vgcrypto"
	first_use
	rm -f $V/vmlinuz2 $V/initrd2
	purge
	;;
after)
	check "the next boot has no vgcrypto loaded" "[ ! -e /sys/module/vgcrypto ]"
	check "and no vgcrypto driver registered" "[ -z \"\$(vgc_drivers)\" ]"
	check "modprobe finds no vgcrypto" "! modprobe -n vgcrypto 2>/dev/null"
	one_sa 300
	check "an IPsec SA uses the kernel's own driver ($(in_use "$ESP"))" \
		"[ -n \"\$(in_use '$ESP')\" ] && ! in_use '$ESP' | grep -q vgcrypto"
	ip xfrm state flush
	# WireGuard is back on the kernel's own library
	check "modprobe wireguard loads the kernel's libchacha20poly1305 ($(modinfo -n libchacha20poly1305 2>/dev/null))" \
		"modprobe wireguard && [ -e /sys/module/libchacha20poly1305 ] &&
		 [ ! -e /sys/module/libchacha20poly1305/parameters/backend ] &&
		 ! modinfo -F description libchacha20poly1305 | grep -q vgcrypto"
	wg_tunnel
	;;
*)
	notok "unknown phase '$phase'"
	;;
esac
echo "step $phase: $pass passed, $fail failed"
echo "step $phase done"
