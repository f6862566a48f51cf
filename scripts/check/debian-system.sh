#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The package as a Debian user installs it, in a real system that boots:
# `make deb`'s vgcrypto-dkms (lintian clean), then for Debian 12 and 13 a
# minimal system (scripts/fetch/debian-system.sh: mmdebstrap, cached) with
# its own stock kernel and systemd, booted under QEMU TCG on a
# copy-on-write overlay of the cached image (tests/debian/step.sh does the
# guest's part; one boot per phase):
#   install  apt-get install the .deb (DKMS builds it there); the first
#            IPsec SA, then the first kTLS socket, load it through its
#            aliases (the names the kernel asks modprobe for are printed);
#            backends= set in /etc/modprobe.d; then the opt-in
#            vgcrypto-wireguard-dkms (its DKMS build of libchacha20poly1305)
#   boot     loaded at boot without a modprobe, with those back ends; kTLS
#            and IPsec through its avx2 driver; a WireGuard tunnel on the
#            replacement; then apt-get purge of both, or
#            with VGCRYPTO_DEBIAN_SECOND_KERNEL=1, on 13, a second kernel
#            package (trixie-backports' 7.3) that gets its own DKMS build
#   second   (13, VGCRYPTO_DEBIAN_SECOND_KERNEL=1) that kernel boots:
#            loaded at boot; the first use again; apt-get purge
#   after    the first kernel, next boot: no vgcrypto; WireGuard on the
#            kernel's own libchacha20poly1305
# After a purge the listing of the root file system must be as before the
# install, but for the second kernel's own files and DKMS's signing key.
#
# usage: scripts/check/debian-system.sh [12|13...]   (default: 12, or
# VGCRYPTO_DEBIAN_RELEASES, e.g. "12 13")
# The releases run one after the other, each guest on one CPU
# (VGCRYPTO_DEBIAN_CPUS to change; VGCRYPTO_DEBIAN_PARALLEL=1 runs the
# releases at once): make check runs this stage in the background,
# beside the others. VGCRYPTO_DEB_FAULT (scripts/build/deb.sh)
# builds a broken package on purpose: the stage must then fail. The
# second kernel and, by default, Debian 13 are left out of make check:
# they cost about 20 and 25 CPU-minutes under TCG (the install's DKMS
# build most of it) that the cold run's budget does not have; the dkms
# stage builds for 6.1, 6.12 and 7.3 natively, and the stock 6.12 and 7.3
# guests load the module.
# Ends with "debian-system: N passed, N failed".
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1

pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }
finish() {
	echo "debian-system: $pass passed, $fail failed"
	((fail == 0))
	exit
}

rels=("$@")
# shellcheck disable=SC2206 # a list of release numbers
((${#rels[@]})) || rels=(${VGCRYPTO_DEBIAN_RELEASES:-12})
for rel in "${rels[@]}"; do
	[[ $rel == 12 || $rel == 13 ]] || vgc_die "debian-system: release 12 or 13, not '$rel'"
done
vgc_need_pkgs qemu-system-x86 qemu-utils e2fsprogs gcc libc6-dev libssl-dev wireguard-tools

work=$root/build/debian-system
rm -rf "$work"
mkdir -p "$work/common/bin"
if debs=$(scripts/build/deb.sh "$work/common" 2>"$work/deb.log"); then
	deb=${debs##*$'\n'}
	ok "make deb: ${deb##*/} and vgcrypto-wireguard-dkms, lintian clean"
else
	notok "make deb: $(tail -n 3 "$work/deb.log" | tr '\n' ' ')"
	finish
fi
vgc_guest_add_files "$work/common" "$work" tests/consumers/ktls_test \
	tests/consumers/tcp_xfer || { notok "building ktls_test and tcp_xfer"; finish; }
install -m 0644 tests/debian/step.sh tests/consumers/ipsec.sh "$work/common/"
# Debian 12's wg (it needs only libc) for the WireGuard tunnel
install -m 0755 /usr/bin/wg "$work/common/bin/"

# boot REL PHASE: one boot of REL's system, its console in PHASE.log;
# phase "second" boots the second kernel, which the guest copied to the
# test disk (QEMU loads the kernel: the image has no boot loader)
boot() {
	local rel=$1 phase=$2 img=$3 w=$work/$1 k=$3/vmlinuz i=$3/initrd.img
	if [[ $phase == second ]]; then
		k=$w/vmlinuz2 i=$w/initrd2
		debugfs -R "dump /vmlinuz2 $k" "$w/vgc.img" >/dev/null 2>&1
		debugfs -R "dump /initrd2 $i" "$w/vgc.img" >/dev/null 2>&1
		[[ -s $k && -s $i ]] || { echo "no second kernel on the test disk" >"$w/$phase.log"; return; }
	fi
	timeout 2400 qemu-system-x86_64 -accel tcg -cpu max -m 2048 -smp "${VGCRYPTO_DEBIAN_CPUS:-1}" \
		-nographic -no-reboot -nic none -kernel "$k" -initrd "$i" \
		-append "root=/dev/vda rw console=ttyS0 loglevel=4 vgc.phase=$phase" \
		-drive "file=$w/root.qcow2,if=virtio,format=qcow2,cache=unsafe" \
		-drive "file=$w/vgc.img,if=virtio,format=raw,cache=unsafe" \
		>"$w/$phase.log" 2>&1 </dev/null
}

# release REL: its three boots; what the guest printed stays in the logs
release() {
	local rel=$1 img w=$work/$1 phase t0 phases=(install boot after) second=
	if [[ $rel == 13 && ${VGCRYPTO_DEBIAN_SECOND_KERNEL:-0} == 1 ]]; then
		phases=(install boot second after)
		second=1
	fi
	mkdir -p "$w"
	img=$(scripts/fetch/debian-system.sh "$rel" 2>"$w/image.log") ||
		{ echo "image failed" >"$w/error"; return; }
	qemu-img create -q -f qcow2 -F raw -b "$img/disk.img" "$w/root.qcow2" &&
		mkdir -p "$w/disk" && cp -a "$work/common/." "$w/disk/" &&
		{ [[ -z $second || ! -d $img/second ]] ||
			cp -a "$img/second" "$img/kver2" "$w/disk/"; } &&
		mkfs.ext4 -q -F -L vgc-test -d "$w/disk" "$w/vgc.img" 2G >/dev/null ||
		{ echo "test disk failed" >"$w/error"; return; }
	rm -rf "$w/disk"
	echo "${phases[*]}" >"$w/phases"
	for phase in "${phases[@]}"; do
		t0=$(date +%s)
		boot "$rel" "$phase" "$img"
		echo "$phase $(($(date +%s) - t0))" >>"$w/times"
	done
}

for rel in "${rels[@]}"; do
	if [[ -n ${VGCRYPTO_DEBIAN_PARALLEL:-} ]]; then release "$rel" & else release "$rel"; fi
done
wait

for rel in "${rels[@]}"; do
	w=$work/$rel
	if [[ -f $w/error ]]; then
		notok "Debian $rel: $(cat "$w/error") (see $w)"
		continue
	fi
	for phase in $(cat "$w/phases"); do
		log=$w/$phase.log
		tr -d '\r' <"$log" 2>/dev/null | grep -E '^(not )?ok - |^# |^step ' |
			sed "s/^\(\(not \)\?ok - \)/\1Debian $rel: /" >"$w/$phase.tap"
		grep -E '^(# |step )' "$w/$phase.tap" | sed "s/^/Debian $rel: /"
		while IFS= read -r l; do
			case $l in
			"ok - "*) ok "${l#ok - }" ;;
			"not ok - "*) notok "${l#not ok - }" ;;
			esac
		done < <(grep -E '^(not )?ok - ' "$w/$phase.tap")
		if ! grep -q "^step $phase done" "$w/$phase.tap"; then
			notok "Debian $rel: boot '$phase' did not finish its step (console: $log)"
			tr -d '\r' <"$log" | tail -n 15
		fi
	done
	echo "Debian $rel: seconds per boot: $(tr '\n' ' ' <"$w/times" 2>/dev/null)"
done
finish
