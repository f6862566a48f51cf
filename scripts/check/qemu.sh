#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/qemu.sh 6.1|6.12|7.3|arm64|arm64-6.12|arm64-7.3
#
# One of Debian's stock kernels under QEMU (TCG), in one boot: amd64 6.1,
# 6.12 or 7.3 (-cpu max: AVX2), or arm64 6.1 ("arm64"), 6.12 or 7.3 (-M
# virt -cpu max: NEON). The
# module built against its headers (no compiler, objtool or modpost
# warning); first the AEAD's guard at load, forced both ways, with kTLS
# and IPsec on whichever drivers it left (tests/qemu/guard.sh); then it
# loads (aead=always), every driver passes its self-test, tcrypt runs testmgr
# for both names (on arm64 they must resolve to the neon drivers), the RFC
# 8439 vectors pass through AF_ALG, rmmod is clean, backends= works
# (tests/qemu/selftest.sh); then the consumers (tests/qemu/consumers.sh):
# AF_ALG differential against OpenSSL, kTLS, IPsec ESP, rmmod refused
# while they hold a driver, load/use/unload cycles, tcrypt's mode=213
# speed table (emulated timing); then ML-KEM (tests/qemu/mlkem.sh; on
# arm64 the round trips must include the neon drivers'). On arm64 the
# module's NEON objects are also checked for vector registers stored to
# the stack (tests/arm64/no_vector_spills.sh).
# Ends with "qemu-RELEASE: N passed, N failed".
#
# Sizes (amd64 / arm64, where TCG is slower): VGCRYPTO_AFALG_CASES
# (10000 / 2000 per driver), VGCRYPTO_KTLS_RECORDS (2000 / 500),
# VGCRYPTO_IPSEC_BYTES (16 / 4 MiB), VGCRYPTO_CYCLES (20 / 5).
set -uo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"
root=$VGC_TOP
cd "$root" || exit 1

rel=${1:-6.1}
name=qemu-$rel
fail() { echo "$name: $*: 0 passed, 1 failed"; exit 1; }

args=() sizes=(10000 2000 16777216 20)
if [[ $rel == arm64* ]]; then
	krel=6.1
	[[ $rel == arm64-* ]] && krel=${rel#arm64-}
	kdir=$(scripts/fetch/arm64.sh "$krel" headers) || fail "no arm64 $krel headers"
	out=$root/build/k$krel-arm64
	make=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- -j2)
	req="rfc7539-chacha20-poly1305-vgcrypto-neon rfc7539esp-chacha20-poly1305-vgcrypto-neon"
	req+=" rfc7539-chacha20-poly1305-vgcrypto-generic rfc7539esp-chacha20-poly1305-vgcrypto-generic"
	args=(--arch arm64 --release "$krel" --env VGC_RELEASE="arm64-$krel"
		--env VGC_REQUIRED="$req" --add tests/arm64/neon-sections.sh
		--add "$out/vgcrypto_neon_check.ko")
	sizes=(2000 500 4194304 5)
else
	kdir=$(scripts/fetch/kernel.sh "$rel" headers) || fail "no $rel headers"
	out=$root/build/k$rel
	make=()
	# Debian's ip (iproute2) for `ip xfrm` and `ip netns`, under a name of
	# its own: the guest's busybox sh would run its own `ip` applet instead
	# (the arm64 guest base brings Debian's arm64 ip under that name).
	# wg and wireguard-go for the WireGuard test (the arm64 guest base has
	# Debian's arm64 builds)
	vgc_need_pkgs iproute2 libssl-dev wireguard-tools wireguard-go
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/vgc-check-qemu.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	cp /bin/ip "$tmp/iproute2-ip"
	args=(--release "$rel" --add "$tmp/iproute2-ip" --env VGC_RELEASE="$rel"
		--add /usr/bin/wg --add /usr/bin/wireguard-go --extra-tests)
fi
scripts/build/module.sh "$kdir" "$out" ${make[@]+"${make[@]}"} VGC_TEST_MODULES=1 VGC_LIBCP=1 ||
	fail "module build"

# X-Wing's module, where the kernel has its X25519 library (Kbuild)
xwing=()
if grep -qE '^CONFIG_CRYPTO_LIB_CURVE25519=(y|m)$' "$kdir/.config"; then
	[[ -f $out/vgcrypto_xwing.ko && -f $out/vgcrypto_xwing_check.ko ]] ||
		fail "vgcrypto_xwing.ko not built, though the kernel has CONFIG_CRYPTO_LIB_CURVE25519"
	xwing=(--add "$out/vgcrypto_xwing.ko" --add "$out/vgcrypto_xwing_check.ko")
fi

log=$root/build/check/$name-console.log
mkdir -p "${log%/*}"
scripts/run/qemu.sh "${args[@]}" --ko "$out/vgcrypto.ko" \
	--script tests/qemu/all.sh --add tests/qemu/guard.sh --add tests/qemu/guard_line.sh \
	--add tests/qemu/selftest.sh --add tests/qemu/consumers.sh \
	--add tests/qemu/af_alg_vectors.c --add tests/consumers/af_alg_diff.c \
	--add tests/consumers/af_alg_splice_race.c \
	--add tests/consumers/ktls_test.c --add tests/consumers/tcp_xfer.c \
	--add tests/consumers/ipsec.sh \
	--add tests/qemu/mlkem.sh --add "$out/vgcrypto_mlkem_check.ko" \
	${xwing[@]+"${xwing[@]}"} \
	--ko "$out/libchacha20poly1305.ko" --add tests/qemu/wireguard.sh \
	--add tests/consumers/udp_tamper.c \
	--mod tls --mod veth --mod xfrm_user --mod esp4 --mod wireguard --mod tun \
	--env VGC_AFALG_CASES="${VGCRYPTO_AFALG_CASES:-${sizes[0]}}" \
	--env VGC_KTLS_RECORDS="${VGCRYPTO_KTLS_RECORDS:-${sizes[1]}}" \
	--env VGC_IPSEC_BYTES="${VGCRYPTO_IPSEC_BYTES:-${sizes[2]}}" \
	--env VGC_CYCLES="${VGCRYPTO_CYCLES:-${sizes[3]}}" \
	--timeout 1800 --log "$log" | tee "$out/guest.out"

# The guest's total (all.sh's last line: "qemu-6.1: ...", "qemu-arm64-6.1: ...")
line=$(grep -Eo "^qemu-[a-z0-9.-]*: [0-9]+ passed, [0-9]+ failed" "$out/guest.out" | tail -n1)
[[ -n $line ]] || fail "the guest did not report"
line=${line#*: }
p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}
# all.sh skips a guest script it was not given: the guard's must have run
for t in guard wireguard; do
	if grep -qE "^$t: [1-9][0-9]* passed" "$out/guest.out"; then
		p=$((p + 1))
	else
		echo "not ok - the guest did not run tests/qemu/$t.sh"
		f=$((f + 1))
	fi
done
if [[ $rel == arm64* ]]; then
	if grep -q 'resolves to rfc7539-chacha20-poly1305-vgcrypto-neon' "$out/guest.out"; then
		p=$((p + 1))
	else
		echo "not ok - rfc7539 does not resolve to the neon driver"
		f=$((f + 1))
	fi
	# the ML-KEM round trips through the neon kpp and akcipher drivers
	# (vgcrypto_mlkem_check.ko: five checks a set)
	n=$(grep -cE 'vgcrypto_mlkem_check: ok - mlkem(512|768|1024) neon ' "$out/guest.out" || true)
	if ((n == 15)); then
		echo "ok - 15 ML-KEM round-trip checks through the neon drivers"
		p=$((p + 1))
	else
		echo "not ok - $n of 15 ML-KEM round-trip checks through the neon drivers"
		f=$((f + 1))
	fi
	# all.sh skips a guest script it was not given: the arm64 guests must
	# have run the NEON-section check
	if grep -qE '^neon-sections-arm64-[0-9.]+: [1-9][0-9]* passed' "$out/guest.out"; then
		p=$((p + 1))
	else
		echo "not ok - the guest did not run tests/arm64/neon-sections.sh"
		f=$((f + 1))
	fi
	# no NEON function of the module's build stores a v-register to the stack
	if tests/arm64/no_vector_spills.sh "$out"/arch/arm64/*_neon.o; then
		p=$((p + 1))
	else
		f=$((f + 1))
	fi
fi
echo "$name: $p passed, $f failed"
((f == 0))
