# shellcheck shell=bash
# scripts/lib.sh - helpers sourced by every vgcrypto script.
#
# Usage: . "$(dirname "$0")/../lib.sh"
#
# Everything heavy (Debian kernel packages, unpacked trees, the UML build)
# lives in $VGC_CACHE, outside the clone, so a fresh clone and CI reuse it.
# The machine's apt configuration is never modified: Debian packages are
# fetched through a private apt state built from the machine's own sources.

# Guard against double sourcing.
[[ -n ${VGC_COMMON_SOURCED:-} ]] && return 0
VGC_COMMON_SOURCED=1

VGC_CACHE=${VGCRYPTO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vgcrypto}
VGC_SCRIPTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034 # used by the scripts that source this file
VGC_TOP=$(cd "$VGC_SCRIPTS/.." && pwd)
# Private apt state (sources, lists) and downloaded packages, per Debian
# architecture: VGC_APT_ARCH is empty for the machine's own (vgc_apt_arch).
VGC_APT_ARCH=""
VGC_APT=$VGC_CACHE/apt
VGC_DEBS=$VGC_CACHE/debs
# Lists older than this are refreshed (seconds); 0 forces a refresh.
VGC_APT_MAX_AGE=${VGCRYPTO_APT_MAX_AGE:-86400}
export VGC_CACHE

vgc_log() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
vgc_die() { vgc_log "error: $*"; exit 1; }
# Print a script's header from its "# usage:" line to the end of the
# comment block, and exit 2.
vgc_usage() {
	awk '/^# usage:/ { on = 1 } on && !/^#/ { exit } on { sub(/^# ?/, ""); print }' "$0" >&2
	exit 2
}

# Run a command as root: the scripts expect root (CI is root) but a
# developer may have sudo.
vgc_as_root() {
	if [[ $(id -u) -eq 0 ]]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo "$@"
	else
		vgc_die "need root for: $*"
	fi
}

# vgc_lock NAME / vgc_unlock NAME: an exclusive lock on
# $VGC_CACHE/locks/NAME (parallel make jobs and CI steps share one cache).
declare -gA VGC_LOCKS=()
vgc_lock() {
	local fd
	mkdir -p "$VGC_CACHE/locks"
	exec {fd}>"$VGC_CACHE/locks/$1.lock"
	flock -w 3600 "$fd" || vgc_die "timed out waiting for lock $1"
	VGC_LOCKS[$1]=$fd
}
vgc_unlock() {
	local fd=${VGC_LOCKS[$1]:-}
	[[ -n $fd ]] || return 0
	exec {fd}>&-
	unset "VGC_LOCKS[$1]"
}

# vgc_need_pkgs PKG...: install the Debian packages that are missing.
# apt only runs when something is missing, so warm runs cost one dpkg-query.
vgc_need_pkgs() {
	local p missing=()
	for p in "$@"; do
		if [[ $(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null) != "ii "* ]]; then
			missing+=("$p")
		fi
	done
	((${#missing[@]})) || return 0
	# one apt at a time among our scripts (make check runs a stage in the
	# background): apt does not wait for its archive lock
	vgc_lock apt-install
	missing=()
	for p in "$@"; do
		if [[ $(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null) != "ii "* ]]; then
			missing+=("$p")
		fi
	done
	((${#missing[@]})) || { vgc_unlock apt-install; return 0; }
	vgc_log "installing ${missing[*]}"
	local apt=(env DEBIAN_FRONTEND=noninteractive apt-get -q -y
		-o DPkg::Lock::Timeout=600 --no-install-recommends)
	local alog
	mkdir -p "$VGC_CACHE/logs"
	alog=$VGC_CACHE/logs/apt-install.log
	# A fresh machine may have no (or stale) lists: update once and retry.
	# apt's chatter goes to a log, shown only when it fails.
	if ! vgc_as_root "${apt[@]}" install "${missing[@]}" >"$alog" 2>&1; then
		if ! { vgc_as_root apt-get -q -o DPkg::Lock::Timeout=600 update &&
			vgc_as_root "${apt[@]}" install "${missing[@]}"; } >"$alog" 2>&1; then
			cat "$alog" >&2
			vgc_die "could not install ${missing[*]}"
		fi
	fi
	vgc_unlock apt-install
}

# Print one-line apt sources equivalent to the machine's deb822 .sources
# files (and sources.list, if any), for Debian "deb" entries only.
vgc_apt_system_sources() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[[ -r $f ]] || continue
		# Stanzas are separated by blank lines; "Enabled: no" skips one.
		awk '
		function flush(  n, m, i, j, U, S) {
			if (uris != "" && types ~ /(^| )deb( |$)/ && enabled != "no") {
				n = split(uris, U, " "); m = split(suites, S, " ")
				for (i = 1; i <= n; i++)
					for (j = 1; j <= m; j++)
						printf "deb%s %s %s %s\n",
						    (sb != "" ? " [signed-by=" sb "]" : ""),
						    U[i], S[j], comps
			}
			types = uris = suites = comps = sb = enabled = ""
		}
		/^[ \t]*#/ { next }
		/^[ \t]*$/ { flush(); next }
		{
			k = $1; sub(/:$/, "", k); v = $0; sub(/^[^:]*:[ \t]*/, "", v)
			if (k == "Types") types = v
			else if (k == "URIs") uris = v
			else if (k == "Suites") suites = v
			else if (k == "Components") comps = v
			else if (k == "Signed-By") sb = v
			else if (k == "Enabled") enabled = v
		}
		END { flush() }' "$f"
	done
	if [[ -r /etc/apt/sources.list ]]; then
		grep -E '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list || true
	fi
}

# apt options that point apt at the private state only.
vgc_apt_opts() {
	VGC_APT_OPTS=(
		-o "Dir::Etc::SourceList=$VGC_APT/sources.list"
		-o "Dir::Etc::SourceParts=$VGC_APT/sources.list.d"
		-o "Dir::State::Lists=$VGC_APT/lists"
		-o "Dir::Cache=$VGC_APT/cache"
		# No on-disk package caches (70 MB): apt-cache runs only when the
		# lists change, since scripts keep what they resolved.
		-o "Dir::Cache::pkgcache="
		-o "Dir::Cache::srcpkgcache="
		-o "Acquire::Languages=none"
		# Keep the lists compressed on disk (~20 MB instead of ~100 MB).
		-o "Acquire::GzipIndexes=true"
		-o "Acquire::CompressionTypes::Order::=gz"
		-q
	)
	# As root apt drops to user _apt, which cannot write into our cache.
	[[ $(id -u) -ne 0 ]] || VGC_APT_OPTS+=(-o "APT::Sandbox::User=root")
	[[ -z $VGC_APT_ARCH ]] ||
		VGC_APT_OPTS+=(-o "APT::Architecture=$VGC_APT_ARCH"
			-o "APT::Architectures::=$VGC_APT_ARCH")
}

# vgc_apt_arch ARCH: the apt calls that follow use the private state and
# package cache of Debian architecture ARCH ("" for the machine's own),
# so that a foreign architecture never touches the machine's dpkg.
vgc_apt_arch() {
	VGC_APT_ARCH=$1
	VGC_DEBS=$VGC_CACHE/debs${1:+-$1}
}

# vgc_apt_refresh [EXTRA_SUITE...]: make the private apt lists current and
# point VGC_APT (and so vgc_apt_opts) at them.
# The sources are the machine's own; extra suites (e.g. bookworm-backports)
# are added with the machine's first Debian URI. Refreshes at most once per
# VGC_APT_MAX_AGE; with no network it keeps going on the lists it has.
# shellcheck disable=SC2120 # extra suites are optional
vgc_apt_refresh() {
	local new extra suite base
	# One private state per suite set, so that callers with different
	# extra suites do not keep invalidating each other's lists.
	VGC_APT=$VGC_CACHE/apt${VGC_APT_ARCH:+-$VGC_APT_ARCH}
	(($#)) && VGC_APT+=-$(IFS=-; echo "$*")
	vgc_lock "${VGC_APT##*/}"
	mkdir -p "$VGC_APT/lists/partial" "$VGC_APT/cache/archives/partial" \
		"$VGC_APT/sources.list.d"
	new=$(vgc_apt_system_sources)
	[[ -n $new ]] || vgc_die "no Debian apt sources found in /etc/apt"
	for suite in "$@"; do
		base=$(awk '$0 ~ /\/debian[ \/]/ && $0 !~ /security/ { print; exit }' <<<"$new")
		[[ -n $base ]] || vgc_die "no Debian mirror to add $suite to"
		extra=$(awk -v s="$suite" '{ for (i = 1; i <= NF; i++)
			if ($i ~ /^[a-z]+:\/\//) { $(i + 1) = s; print; exit } }' <<<"$base")
		new+=$'\n'$extra
	done
	if [[ ! -f $VGC_APT/sources.list ]] || [[ $new != "$(cat "$VGC_APT/sources.list")" ]]; then
		printf '%s\n' "$new" >"$VGC_APT/sources.list"
		rm -f "$VGC_APT/lists.stamp"
	fi
	local now age=-1
	now=$(date +%s)
	[[ -f $VGC_APT/lists.stamp ]] && age=$((now - $(stat -c %Y "$VGC_APT/lists.stamp")))
	if ((age < 0 || age >= VGC_APT_MAX_AGE)); then
		vgc_apt_opts
		vgc_log "refreshing private apt lists"
		if apt-get "${VGC_APT_OPTS[@]}" update >"$VGC_APT/update.log" 2>&1 &&
			! grep -qE '^(W|E): ' "$VGC_APT/update.log"; then
			touch "$VGC_APT/lists.stamp"
		elif compgen -G "$VGC_APT/lists/*_Packages*" >/dev/null; then
			vgc_log "warning: apt update failed, using the lists already cached"
			sed 's/^/  /' "$VGC_APT/update.log" >&2
		else
			cat "$VGC_APT/update.log" >&2
			vgc_die "apt update failed and no lists are cached"
		fi
	fi
	vgc_unlock "${VGC_APT##*/}"
}

# vgc_apt_versions PKG: print the versions the private lists offer, newest
# first (empty if none).
vgc_apt_versions() {
	vgc_apt_opts
	apt-cache "${VGC_APT_OPTS[@]}" madison "$1" 2>/dev/null |
		awk -F'|' -v p="$1" '{ gsub(/ /, "", $1); gsub(/ /, "", $2) } $1 == p { print $2 }' |
		sort -Vr -u
}

# vgc_deb_path PKG VERSION: where the .deb is cached ("" if not cached).
vgc_deb_path() {
	local f
	# apt names files NAME_VERSION_ARCH.deb with ':' (epoch) as %3a.
	for f in "$VGC_DEBS/$1_${2//:/%3a}"_*.deb; do
		[[ -f $f ]] && { printf '%s\n' "$f"; return 0; }
	done
	return 0
}

# vgc_deb_fetch PKG=VERSION...: download the exact versions into
# $VGC_DEBS (one apt call for all the missing ones).
vgc_deb_fetch() {
	local spec want=() tmp
	vgc_lock "${VGC_DEBS##*/}"
	# Checked under the lock: another job may have fetched them meanwhile.
	for spec in "$@"; do
		[[ -n $(vgc_deb_path "${spec%%=*}" "${spec#*=}") ]] || want+=("$spec")
	done
	((${#want[@]})) || { vgc_unlock "${VGC_DEBS##*/}"; return 0; }
	mkdir -p "$VGC_DEBS"
	tmp=$(mktemp -d "$VGC_DEBS/.dl.XXXXXX")
	chmod 777 "$tmp"
	vgc_log "downloading ${want[*]}"
	vgc_apt_opts
	if ! (cd "$tmp" && apt-get "${VGC_APT_OPTS[@]}" download "${want[@]}" >&2); then
		rm -rf "$tmp"
		vgc_die "apt-get download failed"
	fi
	# Move complete files only, so an interrupted download never counts.
	mv "$tmp"/*.deb "$VGC_DEBS/"
	rm -rf "$tmp"
	vgc_unlock "${VGC_DEBS##*/}"
}

# vgc_deb_unpack ROOT PKG=VERSION...: dpkg -x each package into ROOT once;
# a stamp per package+version makes repeated calls free.
vgc_deb_unpack() {
	local root=$1 spec pkg ver deb
	shift
	mkdir -p "$root/.vgc-stamps"
	local need=()
	for spec in "$@"; do
		[[ -f $root/.vgc-stamps/$spec ]] || need+=("$spec")
	done
	((${#need[@]})) || return 0
	vgc_deb_fetch "${need[@]}"
	for spec in "${need[@]}"; do
		pkg=${spec%%=*} ver=${spec#*=}
		deb=$(vgc_deb_path "$pkg" "$ver")
		[[ -n $deb ]] || vgc_die "$spec was not downloaded"
		vgc_log "unpacking $pkg $ver"
		dpkg-deb -x "$deb" "$root"
		touch "$root/.vgc-stamps/$spec"
	done
}

# vgc_copy_with_libs FILE DESTROOT DESTPATH: copy a host binary into a
# guest root, with the shared libraries it needs (none for static ones).
vgc_copy_with_libs() {
	local src=$1 root=$2 dst=$3 lib
	install -D -m 0755 "$src" "$root$dst"
	# ldd prints "name => /path (addr)" or "/path (addr)"; static: no paths.
	while read -r lib; do
		[[ -e $root$lib ]] || install -D -m 0755 "$(readlink -f "$lib")" "$root$lib"
	done < <(ldd "$src" 2>/dev/null | grep -oE '/[^ ]+' | grep -v '^/.*:$' || true)
}

# vgc_cpio DIR OUT: pack DIR as a newc initramfs archive. Uncompressed: the
# guest unpacks it faster than it could inflate it under TCG.
vgc_cpio() {
	(cd "$1" && find . -mindepth 1 | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0) >"$2"
}

# vgc_guest_base OUT: build (once) the guest userland shared by the QEMU and
# UML runners: static busybox, kmod's module tools (busybox insmod retries a
# failing init_module, so kmod's are used), and /init. Prints the archive.
vgc_guest_base() {
	vgc_need_pkgs busybox-static kmod cpio
	local key out dir a
	# Key on the tool versions and on the recipe (this function and /init).
	key=$( {
		dpkg-query -W -f='${Version}\n' busybox-static kmod
		declare -f vgc_guest_init vgc_guest_base vgc_guest_pack
	} | sha256sum | cut -c1-16)
	out=$VGC_CACHE/guest/base-$key.cpio
	if [[ ! -f $out ]]; then
		vgc_lock guest
		if [[ ! -f $out ]]; then
			dir=$(mktemp -d "$VGC_CACHE/.base.XXXXXX")
			mkdir -p "$dir"/{bin,dev,proc,sys,tmp,run,lib/modules,vgc,ko}
			ln -s bin "$dir/sbin"
			mkdir -p "$dir/usr"
			ln -s ../bin "$dir/usr/bin"
			ln -s ../bin "$dir/usr/sbin"
			install -m 0755 /bin/busybox "$dir/bin/busybox"
			for a in $(/bin/busybox --list); do
				case $a in
				busybox | insmod | rmmod | modprobe | lsmod | modinfo | depmod) ;;
				*) ln -sf busybox "$dir/bin/$a" ;;
				esac
			done
			vgc_copy_with_libs /bin/kmod "$dir" /bin/kmod
			for a in insmod rmmod modprobe lsmod modinfo depmod; do
				ln -sf kmod "$dir/bin/$a"
			done
			vgc_guest_pack "$dir" "$out"
		fi
		vgc_unlock guest
	fi
	printf '%s\n' "$out"
}

# vgc_guest_pack DIR OUT: give the guest userland in DIR its /init, pack it
# as OUT (replaced whole, so an interrupted run never leaves half an
# archive) and remove DIR.
vgc_guest_pack() {
	vgc_guest_init >"$1/init"
	chmod 0755 "$1/init"
	mkdir -p "${2%/*}"
	vgc_cpio "$1" "$2.tmp"
	mv "$2.tmp" "$2"
	rm -rf "$1"
}

# The guest's /init: mount the basics, run /vgc/script.sh, print its exit
# status between markers the host looks for, and power off.
vgc_guest_init() {
	cat <<'EOF'
#!/bin/sh
export PATH=/bin HOME=/root TERM=dumb
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
# Only errors reach the console while the script runs (the log keeps all).
[ -f /vgc/loglevel ] && dmesg -n "$(cat /vgc/loglevel)"
[ -f /vgc/env ] && . /vgc/env
cd /vgc
echo "===VGC-BEGIN==="
sh /vgc/script.sh
rc=$?
echo "===VGC-EXIT=$rc==="
sync
poweroff -f
EOF
}

# vgc_modtree SRC DEST WHAT...: copy modules from the depmod'ed module
# directory SRC (.../lib/modules/KVER) to DEST (same layout), with everything
# they depend on. WHAT is a module name (names a module does not have, e.g.
# built-ins, are skipped) or a directory prefix ending in "/" such as
# "kernel/crypto/". modules.dep lists each module's full dependency chain,
# so one pass over it is the closure. Run depmod on DEST afterwards.
vgc_modtree() {
	local src=$1 dest=$2 f
	shift 2
	mkdir -p "$dest"
	for f in modules.order modules.builtin modules.builtin.modinfo; do
		[[ -f $src/$f ]] && cp "$src/$f" "$dest/"
	done
	awk -v want="$*" '
	BEGIN { n = split(want, w, " ")
		for (i = 1; i <= n; i++) { gsub(/-/, "_", w[i]); want_[w[i]] = 1 } }
	{
		key = $1; sub(/:$/, "", key)
		name = key; sub(/.*\//, "", name); sub(/\.ko(\.[a-z]+)?$/, "", name)
		gsub(/-/, "_", name)
		hit = (name in want_)
		for (i = 1; i <= n && !hit; i++)
			if (w[i] ~ /\/$/ && index(key, w[i]) == 1) hit = 1
		if (hit) for (i = 1; i <= NF; i++) { f = $i; sub(/:$/, "", f); print f }
	}' "$src/modules.dep" | sort -u | while read -r f; do
		install -D -m 0644 "$src/$f" "$dest/$f"
	done
}

# vgc_guest_add_files ROOT WORK FILE...: ship each FILE to a guest root as
# /bin/NAME. FILE.c (or FILE when only FILE.c exists) is built static in
# WORK first, with $VGC_GUEST_CC (default gcc; a cross compiler for another
# architecture's guest), linked with the libraries its "vgc-ldlibs:"
# comment line names (e.g. " * vgc-ldlibs: -lcrypto"), and with
# $VGC_GUEST_CRYPTO_FLAGS for -lcrypto (a cross sysroot's paths); other
# files bring the shared libraries they need.
vgc_guest_add_files() {
	local root=$1 work=$2 f n libs cc=${VGC_GUEST_CC:-gcc} flags
	shift 2
	for f in "$@"; do
		[[ ! -e $f && -f $f.c ]] && f=$f.c
		if [[ $f == *.c ]]; then
			n=${f##*/}
			n=${n%.c}
			libs=$(sed -n 's/^ \* vgc-ldlibs: *//p' "$f" | head -n1)
			flags=()
			if [[ $libs == *-lcrypto* ]]; then
				[[ -n ${VGC_GUEST_CC:-} ]] || vgc_need_pkgs libssl-dev
				# shellcheck disable=SC2206 # one word per flag
				flags=(${VGC_GUEST_CRYPTO_FLAGS:-})
			fi
			# shellcheck disable=SC2086 # one word per library
			"$cc" -static -O2 -Wall "${flags[@]}" -o "$work/$n" "$f" $libs \
				2> >(grep -v -e 'statically linked applications' -e 'in function' >&2)
			install -m 0755 "$work/$n" "$root/bin/$n"
		else
			[[ -f $f ]] || vgc_die "no such file: $f"
			vgc_copy_with_libs "$f" "$root" "/bin/${f##*/}"
		fi
	done
}

# vgc_guest_initrd WORK ROOT BASE SCRIPT VERBOSE KOLIST [VAR=VALUE...]: finish
# a guest root for the /init of vgc_guest_init: SCRIPT as /vgc/script.sh,
# VGC_KOS=KOLIST and the variables in /vgc/env, only errors on the console
# while the script runs unless VERBOSE is 1; pack it after the BASE archive
# (the kernel unpacks concatenated archives in order) and print the path.
vgc_guest_initrd() {
	local work=$1 root=$2 base=$3 script=$4 verbose=$5 kolist=$6 e v
	shift 6
	install -m 0755 "$script" "$root/vgc/script.sh"
	{
		printf "export VGC_KOS='%s'\n" "$kolist"
		for e in "$@"; do
			[[ $e == [A-Za-z_]*=* ]] || vgc_die "bad --env: $e"
			# single-quoted for the guest's sh
			v=${e#*=}
			printf "export %s='%s'\n" "${e%%=*}" "${v//\'/\'\\\'\'}"
		done
	} >"$root/vgc/env"
	((verbose)) || echo 4 >"$root/vgc/loglevel"
	vgc_cpio "$root" "$work/run.cpio"
	cat "$base" "$work/run.cpio" >"$work/initrd.cpio"
	printf '%s\n' "$work/initrd.cpio"
}

# vgc_vmlinux BZIMAGE OUT: print OUT, the ELF kernel inside BZIMAGE,
# extracted once. The payload is an xz (6.1, 7.3) or zstd (6.12) stream:
# find its magic, inflate it, and keep the result if it is an ELF file.
vgc_vmlinux() {
	local z=$1 out=$2 off fmt
	if [[ ! -f $out ]]; then
		vgc_need_pkgs xz-utils zstd
		while read -r fmt off; do
			case $fmt in
			xz) tail -c +"$((off + 1))" "$z" | xz -dc --single-stream ;;
			zstd) tail -c +"$((off + 1))" "$z" | zstd -dcq ;;
			esac >"$out.$$" 2>/dev/null || true
			if [[ $(head -c 4 "$out.$$" | od -An -c | tr -d ' ') == 177ELF ]]; then
				mv "$out.$$" "$out"
				break
			fi
		done < <(
			LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$z" | cut -d: -f1 | sed 's/^/xz /' || true
			LC_ALL=C grep -obUaP '\x28\xb5\x2f\xfd' "$z" | cut -d: -f1 | sed 's/^/zstd /' || true
		)
		rm -f "$out.$$"
		[[ -f $out ]] || vgc_die "no xz or zstd compressed ELF kernel found in $z"
	fi
	printf '%s\n' "$out"
}

# vgc_qemu_boot LOG VERBOSE TIMEOUT QEMU-COMMAND...: run a guest whose init
# prints "===VGC-BEGIN===", its script's output and "===VGC-EXIT=<rc>===";
# keep the whole console in LOG (CRs and terminal resets dropped), show the
# script's part (or everything, VERBOSE=1), and return the guest's <rc>:
# 124 on timeout, 125 if it ended without reporting.
vgc_qemu_boot() {
	local log=$1 verbose=$2 timeout_s=$3 start qrc rc secs
	shift 3
	start=$(date +%s)
	set +e
	timeout -k 10 "$timeout_s" "$@" </dev/null 2>&1 |
		awk -v logf="$log" -v all="$verbose" '
		{
			gsub(/\r/, ""); gsub(/\033(c|\[[0-9;?]*[A-Za-z])/, "")
			print >> logf; fflush(logf)
		}
		/===VGC-BEGIN===$/ { on = 1; next }
		/===VGC-EXIT=[0-9]+===$/ { on = 0; next }
		all || on { print; fflush() }'
	qrc=${PIPESTATUS[0]}
	set -e
	secs=$(($(date +%s) - start))

	rc=$(sed -n 's/.*===VGC-EXIT=\([0-9]*\)===$/\1/p' "$log" | tail -n1)
	if [[ -z $rc ]]; then
		if ((qrc == 124 || qrc == 137)); then
			vgc_log "guest timed out after ${timeout_s}s; console tail:"
			rc=124
		else
			vgc_log "guest ended (qemu rc $qrc) without reporting; console tail:"
			rc=125
		fi
		tail -n 60 "$log" | sed 's/^/  | /' >&2
	fi
	vgc_log "guest exit status $rc after ${secs}s (log: $log)"
	return "$rc"
}

# vgc_host_tool NAME: tests/uml/NAME.c built for this host into
# build/tools (again when the source is newer; NAME.so: a library for
# LD_PRELOAD); prints its path.
vgc_host_tool() {
	local name=$1 src out flags=()
	src=$VGC_TOP/tests/uml/${name%.so}.c
	out=$VGC_TOP/build/tools/$name
	[[ $name != *.so ]] || flags=(-shared -fPIC)
	if [[ ! -x $out || $src -nt $out ]]; then
		mkdir -p "${out%/*}"
		gcc -O2 -Wall -Wextra -Werror ${flags[@]+"${flags[@]}"} -o "$out.$$" "$src" -ldl &&
			mv -f "$out.$$" "$out" || { rm -f "$out.$$"; return 1; }
	fi
	printf '%s\n' "$out"
}

# vgc_host_xsave: this host's XSAVE area as User-Mode Linux meets it,
# "N bytes (ptrace NT_X86_XSTATE; CPUID 0xD: E enabled, M supported)"
# (tests/uml/host_xsave.c), or "unknown" where it cannot be read.
vgc_host_xsave() {
	local tool
	if [[ $(uname -m) == x86_64 ]] && tool=$(vgc_host_tool host_xsave 2>/dev/null); then
		"$tool" -v 2>/dev/null || echo unknown
	else
		echo unknown
	fi
}

# vgc_not_exercised LOG WHERE: one line naming the back ends the module
# left out in the console LOG because the (virtual) CPU cannot run them,
# with its reasons, for make check's summary (scripts/check/all.sh):
# "not exercised WHERE: avx512, avx512-noifma (the CPU has no ...)". WHERE
# is "on this CPU" where the guest runs the host's CPU (User-Mode Linux),
# else e.g. "in this guest (QEMU's -cpu max)". Back ends left out by
# backends= are chosen, not missed, and do not count; nothing is printed
# when the module never loaded.
vgc_not_exercised() {
	local log=$1 where=$2
	grep -q 'vgcrypto: registered ' "$log" || return 0
	{ grep -ahoE 'vgcrypto: .+ back end not registered: .*' "$log" || true; } |
		sed -E 's/^vgcrypto: (.+) back end not registered: (.*)$/\2\t\1/' |
		sort -u | awk -F '\t' -v where="$where" '
		{ if (!($1 in names)) { order[n++] = $1; names[$1] = $2 }
		  else names[$1] = names[$1] ", " $2 }
		END {
			line = "not exercised " where ":"
			if (!n) line = line " none"
			for (i = 0; i < n; i++)
				line = line (i ? ";" : "") " " names[order[i]] " (" order[i] ")"
			print line
		}'
}

# vgc_guest_modules ROOT STOCK ARCHDIR MODS KO...: a guest's module tree in
# ROOT/lib/modules/KVER (KVER = STOCK's last component): the stock crypto
# set (kernel/crypto, ARCHDIR = kernel/arch/ARCH/crypto/, lib/crypto,
# tcrypt), the stock modules named in MODS (space-separated) and what the
# KO files depend on, the KO files themselves in extra/ and in ROOT/ko/,
# depmod'ed. Prints the guest paths of the KO files, space-separated.
vgc_guest_modules() {
	local root=$1 stock=$2 archdir=$3 mods=$4 kver f kolist="" deps=() d
	shift 4
	kver=${stock##*/}
	for f in "$@"; do
		IFS=, read -ra d <<<"$(modinfo -F depends "$f")"
		deps+=(${d[@]+"${d[@]}"})
	done
	# shellcheck disable=SC2086 # MODS is a list of words
	vgc_modtree "$stock" "$root/lib/modules/$kver" kernel/crypto/ "$archdir" \
		kernel/lib/crypto/ tcrypt ${deps[@]+"${deps[@]}"} $mods
	mkdir -p "$root/ko"
	for f in "$@"; do
		install -D -m 0644 "$f" "$root/lib/modules/$kver/extra/${f##*/}"
		install -m 0644 "$f" "$root/ko/${f##*/}"
		kolist+="${kolist:+ }/ko/${f##*/}"
	done
	depmod -b "$root" "$kver"
	printf '%s\n' "$kolist"
}

# vgc_kunit_parse LOG KSRC: the KUnit results in a console LOG, parsed by
# the kernel's own kunit.py (from the source tree KSRC); prints its report
# and sets KP KF KC KS KE (passed, failed, crashed, skipped, parse errors).
# The built-in executor's empty plan at boot ("KTAP version 1" then
# "1..0") would make kunit.py see no tests: that "1..0" is dropped (the
# header stays: the parser takes its indentation from the first header,
# and the modules' suites print indented headers of their own). Each
# module numbers its suites from 1: where a log holds more than one
# module's, the suites' result lines are numbered on, in order.
vgc_kunit_parse() {
	local log=$1 ksrc=$2 ktap report summary
	ktap=$(mktemp "${TMPDIR:-/tmp}/vgc-ktap.XXXXXX")
	awk '
	hdr && /^(\[[^]]*\] )?1\.\.0$/ { hdr = 0; next }
	/^(\[[^]]*\] )?(not )?ok [0-9]+ / {
		n++
		sub(/ok [0-9]+ /, "ok " n " ")
	}
	{ hdr = ($0 ~ /^(\[[^]]*\] )?KTAP version [0-9]+$/); print }' "$log" >"$ktap"
	report=$(cd "$ksrc/tools/testing/kunit" &&
		PYTHONDONTWRITEBYTECODE=1 python3 ./kunit.py parse "$ktap" 2>&1) || true
	rm -f "$ktap"
	summary=$(grep -E 'Ran [0-9]+ tests' <<<"$report" | tail -n1 || true)
	KP=0 KF=0 KC=0 KS=0 KE=0
	if [[ -n $summary ]]; then
		printf '%s\n' "$report"
		KP=$(sed -nE 's/.*[ ,:]passed: ([0-9]+).*/\1/p' <<<"$summary")
		KF=$(sed -nE 's/.*[ ,:]failed: ([0-9]+).*/\1/p' <<<"$summary")
		KC=$(sed -nE 's/.*[ ,:]crashed: ([0-9]+).*/\1/p' <<<"$summary")
		KS=$(sed -nE 's/.*[ ,:]skipped: ([0-9]+).*/\1/p' <<<"$summary")
		KE=$(sed -nE 's/.*[ ,:]errors: ([0-9]+).*/\1/p' <<<"$summary")
		KP=${KP:-0} KF=${KF:-0} KC=${KC:-0} KS=${KS:-0} KE=${KE:-0}
	else
		printf '%s\n' "$report" | tail -n 20
	fi
	# kunit.py counts "0 tests run" as a parse error: the callers judge
	# that case themselves
	((KP + KF + KC + KS > 0)) || KE=0
}

# vgc_kunit_guest_judge LOG OUT BACKEND: the KTAP between a guest's
# ===VGC-DMESG-BEGIN/END=== markers in its console LOG, parsed
# (vgc_kunit_parse, 6.1's kunit.py) into OUT/kunit.txt; then at least one
# case must have passed, and every case that passed for the generic
# driver must have passed for BACKEND too. Counts into the caller's p, f.
vgc_kunit_guest_judge() {
	local log=$1 out=$2 be=$3 ng nb
	sed -n '/===VGC-DMESG-BEGIN===/,/===VGC-DMESG-END===/p' "$log" >"$out/ktap.log"
	vgc_kunit_parse "$out/ktap.log" "$("$VGC_SCRIPTS/fetch/kernel.sh" 6.1 source)" \
		>"$out/kunit.txt"
	tail -n 60 "$out/kunit.txt"
	((KP > 0)) || { echo "not ok - no KUnit test passed"; f=$((f + 1)); }
	ng=$(grep -cE '^(\[[^]]*\] )? *ok [0-9]+ generic$' "$out/ktap.log" || true)
	nb=$(grep -cE "^(\\[[^]]*\\] )? *ok [0-9]+ $be\$" "$out/ktap.log" || true)
	if ((nb > 0 && nb == ng)); then
		echo "ok - all $nb KUnit cases passed on the $be driver, as on generic"
		p=$((p + 1))
	else
		echo "not ok - KUnit cases passed: $nb on $be, $ng on generic"
		f=$((f + 1))
	fi
}
