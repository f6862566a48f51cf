#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# DKMS as a Debian user meets it, with Secure Boot: for each kernel, the
# steps of docs/packaging.md ("By hand with DKMS") run as root in a sandbox that
# looks like the user's machine, and the installed module is judged here.
#
#   6.1, 6.12  Debian 12's own DKMS (this machine's), with the cached
#              headers; 6.1's modules are .ko, 6.12's are .ko.xz
#   7.3        Debian 13's DKMS (apt-get install dkms, .debs cached), in
#              the trixie tree of scripts/fetch/trixie.sh; .ko.xz
#
# The sandbox: a private mount namespace; the root is an overlay of
# this machine's / (or of the trixie tree) whose writable layer is a tmpfs
# that vanishes with the namespace; /etc/dkms, /var/lib/dkms, /lib/modules
# and /usr/src/NAME-VERSION are this run's own directories, bound over the
# machine's (so what the machine has there changes nothing, e.g. a Debian
# 6.12 image installed or not); the cache is bound read-only. DKMS's
# defaults are left alone: the only configuration is a framework file,
# /etc/dkms/framework.conf.d/vgcrypto-test.conf, naming a throwaway MOK
# (mok_signing_key=, mok_certificate=).
#
# /lib/modules/KVER is what the image package leaves, cut to the stock
# crypto modules: their layout (.ko or .ko.xz) is what makes DKMS compress.
# DKMS signs the .ko, then compresses it. Checks, per kernel: add, build
# (no compiler, objtool or modpost warning), install to updates/dkms in the
# kernel's layout, vermagic, status, modprobe resolving the DKMS copy,
# `modinfo -F signer` naming the MOK, the appended PKCS#7 signature
# verifying against the MOK's certificate (openssl cms) and failing once
# a byte of the module is changed, no key of DKMS's own in /var/lib/dkms,
# then the opt-in vgcrypto-wireguard package on top (only its module
# compiled, on the export CRCs vgcrypto's build kept; modprobe prefers it
# to the kernel's libchacha20poly1305), remove; and two kernels it cannot serve (32-bit, older than 6.1) that
# DKMS refuses to build through dkms.conf's BUILD_EXCLUSIVE lines (Debian
# 13's autoinstall then succeeds; Debian 12's dkms 3.0.10 still reports
# the skipped module as failed). Two more
# of docs/packaging.md's paths, on one kernel each: for 6.12 the
# .ko that `make` builds, signed with sign-file, then compressed; for 7.3
# an install before the MOK is configured (signed with DKMS's own key,
# which the checks must reject), then `dkms build --force` and `dkms
# install --force` once it is. At the end: the machine's /etc/dkms,
# /var/lib/dkms, /lib/modules and /usr/src are as they were before.
#
# usage: scripts/check/dkms.sh [RELEASE...]   (default: 6.1 6.12 7.3)
# Ends with "dkms: N passed, N failed".
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
# shellcheck source=scripts/lib.sh
. scripts/lib.sh

pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }
finish() {
	echo "dkms: $pass passed, $fail failed"
	((fail == 0))
	exit
}

rels=("$@")
((${#rels[@]})) || rels=(6.1 6.12 7.3)
# How Debian's image packages ship each release's modules: DKMS must follow.
declare -A layout=([6.1]=.ko [6.12]=.ko.xz [7.3]=.ko.xz)
# Where the stage also takes docs/packaging.md's other paths: a module built and
# signed by hand, and DKMS signing again once the MOK is configured.
hand_rel=6.12 resign_rel=7.3

vgc_need_pkgs dkms openssl kmod xz-utils util-linux
ver=$(scripts/build/dkms-src.sh version)
name=$(sed -n 's/^PACKAGE_NAME="\(.*\)"/\1/p' dkms.conf)
[[ -n $ver && -n $name ]] || { notok "dkms.conf names no package and version"; finish; }
cn="vgcrypto DKMS test MOK"

# Where DKMS writes by default, as the machine has it now.
sys_paths=(/etc/dkms /var/lib/dkms /lib/modules /usr/src)
sys_listing() {
	local p
	for p in "${sys_paths[@]}"; do
		if [[ -e $p ]]; then
			find "$p/" -printf '%p %y %s %T@ %l\n'
		else
			echo "$p absent"
		fi
	done | LC_ALL=C sort
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgc-dkms.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
sys_listing >"$tmp/machine.before"

# The source as `make dkms-src` puts it in /usr/src: what kbuild reads
# (the package's list), dkms.conf with debian/changelog's version, no
# build outputs.
if ! scripts/build/dkms-src.sh "$tmp/src" >/dev/null ||
	! scripts/build/dkms-src.sh "$tmp/src-wg" wireguard >/dev/null; then
	notok "scripts/build/dkms-src.sh"
	finish
fi

# A throwaway MOK: key and DER certificate as DKMS takes them, PEM for openssl.
mkdir -p "$tmp/mok"
if ! openssl req -new -x509 -nodes -days 2 -subj "/CN=$cn/" -newkey rsa:2048 \
	-keyout "$tmp/mok/mok.key" -outform DER -out "$tmp/mok/mok.der" >/dev/null 2>&1 ||
	! openssl x509 -inform DER -in "$tmp/mok/mok.der" -out "$tmp/mok/mok.pem"; then
	notok "openssl: making a MOK"
	finish
fi

# sig_verify FILE [tamper]: the signature appended to module FILE (.ko or
# .ko.xz) verifies against the MOK's certificate; with "tamper", the module
# with one byte changed is what is checked. The tail of a signed module:
# PKCS#7 (DER), then struct module_signature (12 bytes, the last 4 the
# PKCS#7 length, big-endian), then "~Module signature appended~\n".
sig_verify() {
	local f=$1 w=$tmp/verify size len b
	rm -rf "$w" && mkdir -p "$w"
	if [[ $f == *.xz ]]; then xz -dc "$f" >"$w/ko" || return 1; else cp "$f" "$w/ko"; fi
	[[ $(tail -c 28 "$w/ko" | tr -d '\0') == "~Module signature appended~" ]] ||
		{ echo "no signature"; return 1; }
	size=$(stat -c %s "$w/ko")
	len=$(tail -c 32 "$w/ko" | head -c 4 | od -An -tu1 |
		awk '{ print ((($1 * 256) + $2) * 256 + $3) * 256 + $4 }')
	((len > 0 && len < size - 40)) || { echo "bad signature length $len"; return 1; }
	head -c "$((size - 40 - len))" "$w/ko" >"$w/body"
	tail -c "$((len + 40))" "$w/ko" | head -c "$len" >"$w/sig.p7"
	if [[ ${2:-} == tamper ]]; then
		b=$(od -An -tu1 -j 64 -N 1 "$w/body")
		printf '%b' "\\0$(printf %03o $((b ^ 1)))" |
			dd of="$w/body" bs=1 seek=64 conv=notrunc status=none
	fi
	openssl cms -verify -binary -inform DER -in "$w/sig.p7" -content "$w/body" \
		-certfile "$tmp/mok/mok.pem" -nointern -noverify -out /dev/null 2>&1
}

# sandbox BOX LOWER DEBS CMD...: run CMD as root, chrooted into an overlay
# of LOWER whose writable layer is a tmpfs private to a mount namespace,
# with BOX/etc/dkms, BOX/var/lib/dkms, BOX/usr/lib/modules (/lib/modules:
# both roots have merged /usr), BOX/usr/src/NAME-VER and BOX/vgc bound at
# the same paths inside, DEBS (unless empty) at /vgc/debs, and the cache
# read-only.
sandbox() {
	local box=$1 lower=$2 debs=$3
	shift 3
	# shellcheck disable=SC2016 # expanded by the inner shell
	vgc_as_root unshare -m --propagation private bash -c '
		set -e
		box=$1 lower=$2 debs=$3 cache=$4 srcdir=$5
		shift 5
		o=$box/.overlay
		mkdir -p "$o"
		mount -t tmpfs tmpfs "$o"
		mkdir -p "$o/upper" "$o/work" "$o/root"
		mount -t overlay overlay \
			-o "lowerdir=$lower,upperdir=$o/upper,workdir=$o/work" "$o/root"
		r=$o/root
		for d in /proc /sys /dev; do mount --bind "$d" "$r$d"; done
		for d in /etc/dkms /var/lib/dkms /usr/lib/modules "$srcdir" /vgc; do
			mkdir -p "$r$d"
			mount --bind "$box$d" "$r$d"
		done
		if [[ -n $debs ]]; then
			mkdir -p "$r/vgc/debs"
			mount --bind "$debs" "$r/vgc/debs"
		fi
		mkdir -p "$r$cache"
		mount --bind "$cache" "$r$cache"
		mount -o remount,bind,ro "$r$cache"
		exec chroot "$r" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"' \
		sandbox "$box" "$lower" "$debs" "$VGC_CACHE" "/usr/src/$name-$ver" "$@"
}

# The user's session for one kernel, inside the sandbox: each step's output
# and exit status go to /vgc/out for the judging below.
cat >"$tmp/session.sh" <<'EOF'
#!/bin/bash
# usage: session.sh NAME VERSION KVER [apt] [resign]
#   apt     apt-get install dkms first (the trixie tree has none), and
#           openssl, which docs/packaging.md's first Secure Boot step uses
#   resign  install before the MOK is configured, as a user who turns
#           Secure Boot on later, then configure it and have DKMS sign
#           again as docs/packaging.md says
name=$1 ver=$2 kver=$3 out=/vgc/out
shift 3
conf=/etc/dkms/framework.conf.d/vgcrypto-test.conf
step() {
	local n=$1
	shift
	"$@" >"$out/$n.log" 2>&1
	echo $? >"$out/$n.rc"
}
installed() {
	mkdir -p "$out/$1"
	cp -a "/lib/modules/$kver/updates/dkms/." "$out/$1/" 2>/dev/null
}
if [[ " $* " == *" apt "* ]]; then
	step apt apt-get -q -y -o Dir::Cache::Archives=/vgc/debs \
		-o APT::Sandbox::User=root install --no-install-recommends dkms openssl
fi
dkms --version >"$out/version" 2>&1
[[ " $* " == *" resign "* ]] || cp /vgc/framework.conf "$conf"
step add dkms add "$name/$ver"
# Kernels it cannot serve, which DKMS must skip rather than fail to build
# at every upgrade: a 32-bit one and one older than 6.1. Their build
# trees hold only the .config that DKMS reads.
for k in 6.1.0-vgc-32bit 5.10.0-vgc-old; do
	mkdir -p "/lib/modules/$k/build/include/config"
	if [[ $k == *32bit ]]; then
		printf '# CONFIG_64BIT is not set\nCONFIG_X86_32=y\n'
	else
		printf 'CONFIG_64BIT=y\nCONFIG_X86_64=y\n'
	fi >"/lib/modules/$k/build/.config"
	cp "/lib/modules/$k/build/.config" "/lib/modules/$k/build/include/config/auto.conf"
	step "skip-build-$k" dkms build "$name/$ver" -k "$k"
	step "skip-auto-$k" dkms autoinstall -k "$k"
	find "/lib/modules/$k" -name "$name.ko*" >"$out/skip-found-$k"
	rm -rf "/lib/modules/$k" "/var/lib/dkms/$name/$ver/$k"
done
step build dkms build "$name/$ver" -k "$kver"
# kept by DKMS in log/ after a build, in build/ after a failed one
cp "/var/lib/dkms/$name/$ver/$kver/$(uname -m)/log/make.log" "$out/" 2>/dev/null ||
	cp "/var/lib/dkms/$name/$ver/build/make.log" "$out/" 2>/dev/null
step install dkms install "$name/$ver" -k "$kver"
if [[ " $* " == *" resign "* ]]; then
	installed before-mok
	cp /vgc/framework.conf "$conf"
	step rebuild dkms build "$name/$ver" -k "$kver" --force
	step reinstall dkms install "$name/$ver" -k "$kver" --force
fi
step status dkms status "$name/$ver" -k "$kver"
step modprobe modprobe -S "$kver" --show-depends "$name"
installed installed
# The opt-in vgcrypto-wireguard package on top: its build takes the CRCs
# vgcrypto's build kept (dkms.conf's POST_BUILD, or DKMS itself from 3.1)
wg=$name-wireguard
cp -a /vgc/src-wg "/usr/src/$wg-$ver"
step wg-add dkms add "$wg/$ver"
step wg-build dkms build "$wg/$ver" -k "$kver"
cp "/var/lib/dkms/$wg/$ver/$kver/$(uname -m)/log/make.log" "$out/wg-make.log" 2>/dev/null ||
	cp "/var/lib/dkms/$wg/$ver/build/make.log" "$out/wg-make.log" 2>/dev/null
step wg-install dkms install "$wg/$ver" -k "$kver"
step wg-modprobe modprobe -S "$kver" --show-depends libchacha20poly1305
mkdir -p "$out/wg"
cp "/lib/modules/$kver/updates/dkms/libchacha20poly1305".ko* "$out/wg/" 2>/dev/null
step wg-remove dkms remove "$wg/$ver" --all
step remove dkms remove "$name/$ver" -k "$kver"
EOF

# rc BOX STEP: the exit status a step of the session left (99: none).
rc() { cat "$1/vgc/out/$2.rc" 2>/dev/null || echo 99; }
# show BOX STEP: its output, indented, as diagnostics.
show() { sed 's/^/# /' "$1/vgc/out/$2.log" 2>/dev/null | tail -n 25; }

# wg_judge REL BOX: vgcrypto-wireguard-dkms's build was of the replacement
# alone, warning-free, importing the CRCs (names, where CONFIG_MODVERSIONS
# is off) that the installed vgcrypto.ko exports; installed
# where modprobe takes it over the kernel's libchacha20poly1305; removed.
wg_judge() {
	local rel=$1 box=$2 o=$2/vgc/out s ko vko vsyms vdefs off imports n=0 bad=0 crc want st others
	for st in wg-add wg-build wg-install; do
		(($(rc "$box" $st) == 0)) && continue
		notok "$rel: vgcrypto-wireguard: $st"
		show "$box" $st
		return
	done
	ok "$rel: vgcrypto-wireguard: dkms add, build, install"
	others=$(grep -E '^ *CC \[M\]' "$o/wg-make.log" 2>/dev/null | grep -vcE 'libchacha20poly1305\.|libcp_kernel\.|\.module-common\.o')
	if grep -q 'libchacha20poly1305\.o' "$o/wg-make.log" && ((others == 0)) &&
		! grep -E '(warning|WARNING|error|ERROR):' "$o/wg-make.log"; then
		ok "$rel: vgcrypto-wireguard: only the replacement compiled, no warning"
	else
		notok "$rel: vgcrypto-wireguard: $others other objects compiled, or warnings"
		grep -E '^ *CC \[M\]|(warning|WARNING|error|ERROR):' "$o/wg-make.log" | sed 's/^/# /'
	fi
	ko=$(find "$o/wg" -name 'libchacha20poly1305.ko*' | head -n 1)
	[[ $ko == *.xz ]] && { xz -dc "$ko" >"$o/wg.ko"; ko=$o/wg.ko; }
	imports=$(nm -u "$ko" 2>/dev/null | awk '$2 ~ /^vgc_/ { print $2 }')
	# what the installed vgcrypto.ko exports: each CRC sits in its
	# __kcrctab_gpl at its __crc_ symbol's offset (none without
	# CONFIG_MODVERSIONS: then the name, defined)
	vko=$(find "$o/installed" -name "$name.ko*" | head -n 1)
	[[ $vko == *.xz ]] && { xz -dc "$vko" >"$o/vgc.ko"; vko=$o/vgc.ko; }
	objcopy -O binary --only-section=__kcrctab_gpl "$vko" "$o/kcrctab" 2>/dev/null
	# whole, not piped into grep -q (under pipefail its early exit fails nm)
	vsyms=$(objdump -t "$vko")
	vdefs=$(nm --defined-only "$vko")
	for s in $imports; do
		n=$((n + 1))
		off=$(awk -v s="__crc_$s" '$NF == s { print $1 }' <<<"$vsyms")
		if [[ -n $off ]]; then
			want=0x$(od -An -tx4 -j $((16#$off)) -N 4 "$o/kcrctab" | tr -d ' ')
		elif grep -q " T $s\$" <<<"$vdefs"; then
			want=none
		else
			want=missing
		fi
		crc=$(modprobe --dump-modversions "$ko" 2>/dev/null | awk -v s="$s" '$2 == s { print $1 }')
		[[ ${crc:-none} == "$want" ]] || { bad=$((bad + 1)); echo "# $s: $crc, vgcrypto.ko's $want"; }
	done
	if ((n > 0 && bad == 0)); then
		ok "$rel: vgcrypto-wireguard: its $n vgc_* imports carry the CRCs of the installed vgcrypto.ko's exports (${want/none/none: CONFIG_MODVERSIONS off})"
	else
		notok "$rel: vgcrypto-wireguard: $bad of $n vgc_* imports differ from the installed vgcrypto.ko's exports"
	fi
	if (($(rc "$box" wg-modprobe) == 0)) &&
		grep -q 'updates/dkms/libchacha20poly1305\.ko' "$o/wg-modprobe.log" &&
		(($(rc "$box" wg-remove) == 0)); then
		ok "$rel: vgcrypto-wireguard: modprobe takes it over the kernel's; dkms remove"
	else
		notok "$rel: vgcrypto-wireguard: modprobe --show-depends: $(tr '\n' ' ' <"$o/wg-modprobe.log")"
		show "$box" wg-remove
	fi
}

seen=()
for rel in "${rels[@]}"; do
	t0=$SECONDS
	suffix=${layout[$rel]:-}
	[[ -n $suffix ]] || { notok "$rel: not a release this stage knows"; continue; }
	if ! kdir=$(scripts/fetch/kernel.sh "$rel" headers) ||
	   ! kver=$(scripts/fetch/kernel.sh "$rel" kver) ||
	   ! stock=$(scripts/fetch/kernel.sh "$rel" modules); then
		notok "$rel: headers or image unavailable"
		continue
	fi
	box=$tmp/$rel
	mkdir -p "$box/etc/dkms/framework.conf.d" "$box/var/lib/dkms" \
		"$box/usr/src/$name-$ver" "$box/vgc/out" "$box/vgc/mok"
	cp -a "$tmp/src/." "$box/usr/src/$name-$ver/"
	cp -a "$tmp/src-wg" "$box/vgc/src-wg"
	cp "$tmp/mok/mok.key" "$tmp/mok/mok.der" "$box/vgc/mok/"
	install -m 0755 "$tmp/session.sh" "$box/vgc/session.sh"
	printf 'mok_signing_key=/vgc/mok/mok.key\nmok_certificate=/vgc/mok/mok.der\n' \
		>"$box/vgc/framework.conf"
	# The kernel's module tree as its image package leaves it (stock
	# crypto modules, depmod'ed), with the headers' build link.
	mods=$box/usr/lib/modules/$kver
	vgc_modtree "$stock" "$mods" kernel/crypto/ kernel/arch/x86/crypto/ kernel/lib/crypto/
	depmod -b "$box/usr" "$kver"
	flags=()
	[[ $rel == "$resign_rel" ]] && flags+=(resign)
	if [[ $rel == 7.3 ]]; then
		lower=${kdir%%/usr/src/*}
		ln -s "/usr/src/${kdir#*/usr/src/}" "$mods/build"
		# Debian 13's dkms and what it needs, downloaded once.
		mkdir -p "$VGC_CACHE/debs/trixie-dkms"
		vgc_lock trixie-dkms
		sandbox "$box" "$lower" "$VGC_CACHE/debs/trixie-dkms" \
			/vgc/session.sh "$name" "$ver" "$kver" apt ${flags[@]+"${flags[@]}"} \
			>"$box/sandbox.log" 2>&1
		vgc_unlock trixie-dkms
		if (($(rc "$box" apt) == 0)); then
			ok "$rel: apt-get install dkms in Debian 13: $(cat "$box/vgc/out/version")"
		else
			notok "$rel: apt-get install dkms in the trixie tree"
			show "$box" apt
			sed 's/^/# /' "$box/sandbox.log"
			continue
		fi
	else
		lower=/
		ln -s "$kdir" "$mods/build"
		sandbox "$box" "$lower" "" /vgc/session.sh "$name" "$ver" "$kver" \
			${flags[@]+"${flags[@]}"} >"$box/sandbox.log" 2>&1
	fi
	dk="$(cat "$box/vgc/out/version" 2>/dev/null)"
	if (($(rc "$box" add) == 0)); then ok "$rel: $dk: dkms add $name/$ver"; else
		notok "$rel: dkms add $name/$ver"
		show "$box" add
		sed 's/^/# /' "$box/sandbox.log"
		continue
	fi
	# dkms 3.0.10 (Debian 12) refuses the build (77) but its autoinstall
	# counts that as a failure (exit 11); from 3.1 (Debian 13's 3.2)
	# autoinstall skips it and succeeds.
	want_auto=0
	[[ $dk == *dkms-3.0.* ]] && want_auto=11
	for k in 6.1.0-vgc-32bit 5.10.0-vgc-old; do
		b=$(rc "$box" "skip-build-$k") a=$(rc "$box" "skip-auto-$k")
		if ((b == 77 && a == want_auto)) && grep -qi 'exclusive' "$box/vgc/out/skip-build-$k.log" &&
			[[ ! -s $box/vgc/out/skip-found-$k ]]; then
			ok "$rel: $k: $dk refuses to build it (BUILD_EXCLUSIVE, exit 77), autoinstall exit $a, nothing built or installed"
		else
			notok "$rel: $k: dkms build exit $b, autoinstall exit $a, installed '$(cat "$box/vgc/out/skip-found-$k" 2>/dev/null)'"
			show "$box" "skip-build-$k"
			show "$box" "skip-auto-$k"
		fi
	done
	blog=$box/vgc/out/make.log
	if (($(rc "$box" build) == 0)); then ok "$rel: dkms build -k $kver"; else
		notok "$rel: dkms build -k $kver"
		show "$box" build
		[[ -f $blog ]] && sed 's/^/# /' "$blog" | tail -n 30
		continue
	fi
	if [[ -f $blog ]] && ! grep -E '(warning|WARNING|error|ERROR):' "$blog"; then
		ok "$rel: no compiler, objtool or modpost warning in DKMS's make.log"
	else
		notok "$rel: warnings in DKMS's make.log, or none"
	fi
	if (($(rc "$box" install) == 0)); then ok "$rel: dkms install -k $kver"; else
		notok "$rel: dkms install -k $kver"
		show "$box" install
		continue
	fi
	if [[ $rel == "$resign_rel" ]]; then
		# Before the MOK is configured DKMS signs with a key of its own
		# (or not at all): the checks below must tell.
		first=$(find "$box/vgc/out/before-mok" -name "$name.ko*" | head -n 1)
		signer=$(modinfo -F signer "$first" 2>&1)
		if [[ -n $first && $signer != "$cn" ]] && ! sig_verify "$first" >/dev/null; then
			ok "$rel: installed before the MOK is configured: signer '$signer', not the MOK's"
		else
			notok "$rel: installed before the MOK is configured: '${first##*/}', signer '$signer'"
		fi
		if (($(rc "$box" rebuild) == 0 && $(rc "$box" reinstall) == 0)); then
			ok "$rel: MOK configured, then dkms build --force, dkms install --force"
		else
			notok "$rel: dkms build --force, dkms install --force"
			show "$box" rebuild
			show "$box" reinstall
			continue
		fi
	fi
	# Installed in the kernel's own layout: compressed where its modules are.
	ko=$(find "$box/vgc/out/installed" -name "$name.ko*" | head -n 1)
	stock_layout=.ko
	grep -q '\.ko\.xz:' "$stock/modules.dep" && stock_layout=.ko.xz
	if [[ $ko == */$name$suffix && $stock_layout == "$suffix" ]] &&
		{ [[ $suffix != *.xz ]] || xz -t "$ko"; }; then
		ok "$rel: installed as /lib/modules/$kver/updates/dkms/${ko##*/}, as the kernel's own modules ($stock_layout)"
		seen+=("$suffix")
	else
		notok "$rel: installed '${ko##*/}', want $name$suffix; the kernel's modules are $stock_layout"
		continue
	fi
	vm=$(modinfo -F vermagic "$ko")
	if [[ $vm == "$kver "* ]]; then ok "$rel: vermagic '$vm'"; else notok "$rel: vermagic '$vm', want $kver"; fi
	status=$(grep -F "$name/$ver" "$box/vgc/out/status.log" 2>/dev/null)
	if (($(rc "$box" status) == 0)) && [[ $status == *"$kver"*installed* ]]; then
		ok "$rel: dkms status: $status"
	else
		notok "$rel: dkms status: $status"
	fi
	dep=$(cat "$box/vgc/out/modprobe.log" 2>/dev/null)
	if (($(rc "$box" modprobe) == 0)) && [[ $dep == *"updates/dkms/$name$suffix"* ]]; then
		ok "$rel: modprobe resolves $name to the DKMS copy"
	else
		notok "$rel: modprobe --show-depends: $dep"
	fi
	# Secure Boot: signed by DKMS itself, with the MOK its framework file names.
	signer=$(modinfo -F signer "$ko" 2>&1)
	if [[ $signer == "$cn" ]]; then
		ok "$rel: modinfo signer '$signer' ($(modinfo -F sig_hashalgo "$ko"))"
	else
		notok "$rel: modinfo signer '$signer', want '$cn'"
	fi
	if v=$(sig_verify "$ko") && ! sig_verify "$ko" tamper >/dev/null; then
		ok "$rel: the PKCS#7 signature verifies against the MOK's certificate (openssl cms), not with one byte of the module changed"
	else
		notok "$rel: the signature does not verify against the MOK: $v"
	fi
	own=$(cd "$box/var/lib/dkms" && ls -d mok.* 2>/dev/null)
	if [[ $rel == "$resign_rel" ]]; then
		: # it made one before the MOK was configured
	elif [[ -z $own ]]; then
		ok "$rel: DKMS made no key of its own in /var/lib/dkms"
	else
		notok "$rel: DKMS made its own key: /var/lib/dkms/{${own//$'\n'/,}}"
	fi
	wg_judge "$rel" "$box"
	if (($(rc "$box" remove) == 0)) && [[ -z $(find "$mods/updates" -name "$name.ko*" 2>/dev/null) ]]; then
		ok "$rel: dkms remove -k $kver deletes the installed module"
	else
		notok "$rel: dkms remove"
		show "$box" remove
	fi

	# docs/packaging.md's hand path, on a kernel with compressed modules: the .ko
	# that `make` builds, signed with the kernel's sign-file, then xz'ed as
	# Debian compresses its own (never sign-file on a .ko.xz).
	if [[ $rel == "$hand_rel" ]]; then
		hand=$tmp/hand v=
		mkdir -p "$hand"
		if scripts/build/module.sh "$kdir" "$root/build/k$rel" >"$hand/build.log" 2>&1 &&
			cp "$root/build/k$rel/$name.ko" "$hand/" &&
			"$kdir/scripts/sign-file" sha256 "$tmp/mok/mok.key" "$tmp/mok/mok.der" "$hand/$name.ko" &&
			xz --check=crc32 --lzma2=dict=1MiB -f "$hand/$name.ko" &&
			[[ $(modinfo -F signer "$hand/$name.ko.xz") == "$cn" ]] &&
			v=$(sig_verify "$hand/$name.ko.xz"); then
			ok "$rel: by hand: make, sign-file, then xz: signer '$cn', verifies"
		else
			notok "$rel: by hand: make, sign-file, xz ${v:-}"
			sed 's/^/# /' "$hand/build.log" | tail -n 20
		fi
	fi
	echo "# $rel: $((SECONDS - t0)) s"
done

# Both layouts, whenever the releases run cover them.
if [[ " ${rels[*]} " == *" 6.1 "* && " ${rels[*]} " == *" 6.12 "* ]]; then
	if [[ " ${seen[*]} " == *" .ko "* && " ${seen[*]} " == *" .ko.xz "* ]]; then
		ok "both layouts installed and signed: .ko and .ko.xz"
	else
		notok "both layouts: installed only '${seen[*]}'"
	fi
fi

sys_listing >"$tmp/machine.after"
if diff -u "$tmp/machine.before" "$tmp/machine.after" >"$tmp/machine.diff"; then
	ok "the machine's ${sys_paths[*]} unchanged"
else
	notok "the run changed the machine's ${sys_paths[*]}:"
	sed 's/^/# /' "$tmp/machine.diff" | head -n 30
fi
finish
