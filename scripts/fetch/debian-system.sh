#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/fetch/debian-system.sh - a minimal bootable Debian 12 or 13 system
# in the cache, for scripts/check/debian-system.sh: mmdebstrap from the
# machine's own mirror (scripts/lib.sh), with the release's stock kernel,
# its headers, systemd and DKMS, as an ext4 disk image; and, beside it, the
# .debs of a second, newer kernel (13 only: trixie-backports' 7.3) for the
# guest to install offline later.
#
# usage: scripts/fetch/debian-system.sh 12|13
#            print the directory (made once: about 2 minutes and 1.5 GB):
#              disk.img    raw ext4, the root file system (/dev/vda)
#              vmlinuz, initrd.img   the stock kernel and its initramfs,
#                          as the system's /boot has them (QEMU boots them
#                          directly: the image has no boot loader)
#              second/     (13) the second kernel's image and headers
#                          .debs and what they need beyond the image
#              kver, kver2 the kernel's version, (13) the second one's
#
# What the test needs inside, and nothing of the module: a oneshot unit,
# vgc-test-step.service, that mounts /dev/vdb (the test's own disk) on
# /run/vgc and runs its step.sh with the vgc.phase= of the kernel command
# line; the serial getty is masked (the console is the test's). And one
# change to Debian's defaults: initramfs-tools takes only the modules that
# mount this root (MODULES=list: virtio, ext4), so that an initramfs takes
# seconds to make, not minutes (the second kernel's is made under TCG, and
# process starts are slow on these machines). The name carries a hash of
# what makes the image (package list, mmdebstrap's hooks, the set-up), so
# a change makes a new one.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

rel=${1:-}
case $rel in
12) suite=bookworm ;;
13) suite=trixie ;;
*) vgc_usage ;;
esac

# image begin: what makes the image, and what names it
# The system: the stock kernel, its headers, what DKMS builds with, and
# what the guest checks use (ip for IPsec, modinfo, openssl for the
# signature). No recommends, as mmdebstrap does by default.
PKGS="systemd-sysv udev kmod linux-image-amd64 linux-headers-amd64 dkms make gcc"
PKGS+=" libc6-dev iproute2 iputils-ping openssl e2fsprogs procps"
# the hash of the lines from "image begin" to "image end" and of the set-up
key=$(sed -n -e '/^# image begin/,/^# image end/p' -e '/^# unit begin/,/^# unit end/p' "$0" |
	sha256sum | cut -c1-12)
dir=$VGC_CACHE/debian-$rel-$key
if [[ -f $dir/.done ]]; then
	echo "$dir"
	exit 0
fi

vgc_lock "debian-$rel-$key"
if [[ -f $dir/.done ]]; then
	echo "$dir"
	exit 0
fi
vgc_need_pkgs mmdebstrap e2fsprogs
mirror=$(vgc_apt_system_sources |
	awk '$0 ~ /\/debian[ \/]/ && $0 !~ /security/ {
		for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit }
	}')
[[ -n $mirror ]] || vgc_die "no Debian mirror in the machine's apt sources"

tmp=$dir.tmp
# --one-file-system: an interrupted mmdebstrap can leave /proc, /sys and
# /dev mounted inside
vgc_as_root rm -rf --one-file-system "$tmp"
mkdir -p "$tmp/second"
chmod 777 "$tmp/second"
# Debian 13's second kernel: trixie-backports' (7.3), the newest target
second=()
if [[ $rel == 13 ]]; then
	# shellcheck disable=SC2016 # $1 is the hook's
	second=(--customize-hook='rm -f "$1"/var/cache/apt/archives/*.deb'
		--customize-hook='chroot "$1" apt-get -q -y --no-install-recommends -t '"$suite"'-backports --download-only install linux-image-amd64 linux-headers-amd64 >/dev/null'
		--customize-hook='mv "$1"/var/cache/apt/archives/*.deb '"$tmp/second"'/')
fi
vgc_log "mmdebstrap $suite (stock kernel, headers, DKMS) from the machine's mirror"
# The customize hook runs in the new root (\$1) after the packages are in.
# shellcheck disable=SC2016 # $1 is the hook's, expanded by mmdebstrap's sh
vgc_as_root mmdebstrap --mode=root --variant=apt --include="${PKGS// /,}" \
	--essential-hook='mkdir -p "$1"/etc/initramfs-tools/conf.d' \
	--essential-hook='echo MODULES=list >"$1"/etc/initramfs-tools/conf.d/vgc-test' \
	--essential-hook='printf "%s\\n" virtio_pci virtio_blk ext4 crc32c_generic >"$1"/etc/initramfs-tools/modules' \
	"${second[@]}" \
	--customize-hook='cp "$1"/boot/vmlinuz-* '"$tmp"'/vmlinuz' \
	--customize-hook='cp "$1"/boot/initrd.img-* '"$tmp"'/initrd.img' \
	--customize-hook='ls "$1"/lib/modules >'"$tmp"'/kver' \
	--customize-hook="sed -n '/^# unit begin/,/^# unit end/p' '$0' | sh -s \"\$1\"" \
	"$suite" "$tmp/root" "deb $mirror $suite main" \
	"deb $mirror $suite-backports main" >&2 ||
	vgc_die "mmdebstrap $suite failed"
# image end
[[ $(wc -l <"$tmp/kver") == 1 ]] || vgc_die "not one kernel in $tmp/root"
if ((${#second[@]})); then
	# the second kernel's version, from its image package's name
	ls "$tmp/second" | sed -n 's/^linux-image-\([0-9][^_]*-amd64\)\(-unsigned\)\?_.*/\1/p' |
		head -n1 >"$tmp/kver2"
	[[ -s $tmp/kver2 ]] || vgc_die "no second kernel in $tmp/second"
else
	rmdir "$tmp/second"
fi
# 4 GiB, sparse: room for two DKMS builds and the second kernel
vgc_as_root mkfs.ext4 -q -F -L vgc-root -d "$tmp/root" "$tmp/disk.img" 4G >&2
vgc_as_root rm -rf --one-file-system "$tmp/root"
vgc_as_root chmod -R a+rX "$tmp"
vgc_as_root rm -rf --one-file-system "$dir"
mv "$tmp" "$dir"
touch "$dir/.done"
echo "$dir"
exit 0

# The set-up that mmdebstrap's last hook runs in the new root ($1), from
# these marks on: sh reads only these lines.
# unit begin
set -e
r=$1
echo vgc-debian >"$r/etc/hostname"
printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' >"$r/etc/fstab"
ln -sf /dev/null "$r/etc/systemd/system/serial-getty@ttyS0.service"
cat >"$r/usr/local/sbin/vgc-test-step" <<'EOF'
#!/bin/sh
# The test's step (scripts/check/debian-system.sh), from its own disk.
mkdir -p /run/vgc
if mount /dev/vdb /run/vgc; then
	phase=$(sed -n 's/.* vgc\.phase=\([a-z0-9-]*\).*/\1/p' /proc/cmdline)
	sh /run/vgc/step.sh "$phase"
	sync
	umount /run/vgc
else
	echo "vgc-test-step: no test disk"
fi
systemctl --no-block poweroff
EOF
chmod 755 "$r/usr/local/sbin/vgc-test-step"
cat >"$r/etc/systemd/system/vgc-test-step.service" <<'EOF'
[Unit]
Description=vgcrypto test step
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/usr/local/sbin/vgc-test-step
StandardOutput=tty
StandardError=tty
TTYPath=/dev/ttyS0
[Install]
WantedBy=default.target
EOF
mkdir -p "$r/etc/systemd/system/default.target.wants"
ln -sf ../vgc-test-step.service "$r/etc/systemd/system/default.target.wants/"
# unit end
