#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# DKMS, as a user would run it, against Debian's 6.1 and 6.12 headers from
# the cache (the machine runs another kernel, without headers): `dkms add`,
# `dkms build`, `dkms install` and `dkms remove` with the repository's
# dkms.conf, every tree private to this run (--dkmstree, --sourcetree,
# --installtree, --kernelsourcedir), so the machine's DKMS state and
# /lib/modules are untouched. Checks: the build log has no compiler,
# objtool or modpost warning; the module's vermagic is the target
# kernel's; it lands in <installtree>/KVER/updates/dkms and depmod/modprobe
# resolve it there; signed as the README's Secure Boot section says (a
# throwaway MOK, the kernel's sign-file), modinfo names the signer.
#
# usage: scripts/check/dkms.sh [RELEASE...]   (default: 6.1 6.12)
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

vgc_need_pkgs dkms openssl kmod
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
name=$(sed -n 's/^PACKAGE_NAME="\(.*\)"/\1/p' dkms.conf)
[[ -n $ver && -n $name ]] || { notok "dkms.conf names no package and version"; finish; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgc-dkms.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The source as `dkms add` expects it (/usr/src/NAME-VERSION): what kbuild
# reads, the dkms.conf, no build outputs.
src=$tmp/src/$name-$ver
mkdir -p "$src"
git ls-files --cached --others --exclude-standard -z Kbuild dkms.conf lib crypto arch kunit include |
	xargs -0 cp --parents -t "$src"

# A throwaway signing key and certificate, as for a MOK.
openssl req -new -x509 -nodes -days 2 -subj "/CN=vgcrypto DKMS test MOK/" \
	-newkey rsa:2048 -keyout "$tmp/mok.key" -outform DER -out "$tmp/mok.der" \
	>/dev/null 2>&1 || notok "openssl: generating a MOK"

mkdir -p "$tmp/dkms" "$tmp/root/lib/modules"
dk=(dkms --dkmstree "$tmp/dkms" --sourcetree "$tmp/src" --installtree "$tmp/root/lib/modules")
if "${dk[@]}" add "$name/$ver" >"$tmp/add.log" 2>&1; then
	ok "dkms add $name/$ver"
else
	notok "dkms add $name/$ver"
	sed 's/^/# /' "$tmp/add.log"
	finish
fi

rels=("$@")
((${#rels[@]})) || rels=(6.1 6.12)
for rel in "${rels[@]}"; do
	if ! kdir=$(scripts/fetch/kernel.sh "$rel" headers) ||
	   ! kver=$(scripts/fetch/kernel.sh "$rel" kver); then
		notok "$rel: headers unavailable"
		continue
	fi
	k=(-k "$kver" --kernelsourcedir "$kdir")
	blog=$tmp/dkms/$name/$ver/$kver/x86_64/log/make.log
	if "${dk[@]}" build "$name/$ver" "${k[@]}" >"$tmp/build.log" 2>&1; then
		ok "$rel: dkms build $name/$ver -k $kver"
	else
		notok "$rel: dkms build $name/$ver -k $kver"
		sed 's/^/# /' "$tmp/build.log" | tail -n 20
		[[ -f $blog ]] && sed 's/^/# /' "$blog" | tail -n 30
		continue
	fi
	if [[ -f $blog ]] && ! grep -E '(warning|WARNING|error|ERROR):' "$blog"; then
		ok "$rel: no compiler, objtool or modpost warning in DKMS's make.log"
	else
		notok "$rel: warnings in $blog"
	fi
	# The target kernel's module directory, as its image package leaves
	# it (dkms installs only onto a kernel that exists), with the stock
	# modules vgcrypto depends on.
	built=$tmp/dkms/$name/$ver/$kver/x86_64/module/vgcrypto.ko
	stock=$(scripts/fetch/kernel.sh "$rel" modules) || { notok "$rel: image unavailable"; continue; }
	IFS=, read -ra deps <<<"$(modinfo -F depends "$built")"
	vgc_modtree "$stock" "$tmp/root/lib/modules/$kver" "${deps[@]}"
	if "${dk[@]}" install "$name/$ver" "${k[@]}" --no-depmod >"$tmp/install.log" 2>&1; then
		ok "$rel: dkms install $name/$ver -k $kver"
	else
		notok "$rel: dkms install"
		sed 's/^/# /' "$tmp/install.log" | tail -n 20
		continue
	fi
	ko=$(find "$tmp/root/lib/modules/$kver/updates/dkms" -name 'vgcrypto.ko*' 2>/dev/null | head -n 1)
	if [[ -n $ko ]]; then ok "$rel: installed as ${ko#"$tmp/root"}"; else
		notok "$rel: no vgcrypto.ko under /lib/modules/$kver/updates/dkms of the install tree"
		continue
	fi
	vm=$(modinfo -F vermagic "$ko")
	if [[ $vm == "$kver "* ]]; then ok "$rel: vermagic '$vm'"; else notok "$rel: vermagic '$vm', want $kver"; fi
	if status=$("${dk[@]}" status "$name/$ver" -k "$kver" 2>&1) && [[ $status == *installed* ]]; then
		ok "$rel: dkms status: $status"
	else
		notok "$rel: dkms status: $status"
	fi
	# depmod and modprobe find it in the install tree (as /lib/modules).
	if depmod -b "$tmp/root" "$kver" 2>"$tmp/depmod.log" &&
		dep=$(modprobe -d "$tmp/root" -S "$kver" --show-depends vgcrypto 2>&1) &&
		[[ $dep == *updates/dkms/vgcrypto.ko* ]]; then
		ok "$rel: modprobe resolves vgcrypto to the DKMS copy"
	else
		notok "$rel: depmod/modprobe: $(cat "$tmp/depmod.log") $dep"
	fi
	# Secure Boot: sign as the README says, with the kernel's sign-file.
	if "$kdir/scripts/sign-file" sha256 "$tmp/mok.key" "$tmp/mok.der" "$ko" &&
		[[ $(modinfo -F signer "$ko") == "vgcrypto DKMS test MOK" ]] &&
		[[ $(tail -c 28 "$ko") == "~Module signature appended~"* ]]; then
		ok "$rel: signed with a MOK: modinfo signer '$(modinfo -F signer "$ko")'"
	else
		notok "$rel: signing with sign-file"
	fi
	if "${dk[@]}" remove "$name/$ver" "${k[@]}" --no-depmod >"$tmp/remove.log" 2>&1 &&
		[[ ! -e $ko ]]; then
		ok "$rel: dkms remove -k $kver deletes the installed module"
	else
		notok "$rel: dkms remove"
		sed 's/^/# /' "$tmp/remove.log" | tail -n 10
	fi
	# remove unregisters the module when it was the last kernel: add again.
	"${dk[@]}" status "$name/$ver" 2>/dev/null | grep -q . ||
		"${dk[@]}" add "$name/$ver" >/dev/null 2>&1
done
finish
