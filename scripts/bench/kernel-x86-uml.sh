#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/bench/kernel-x86-uml.sh KDIR OUTDIR
#
# The x86-64 kernel's own ChaCha20 and Poly1305 drivers (Linux 6.1:
# arch/x86/crypto/chacha_glue.c with chacha-{ssse3,avx2,avx512vl}-x86_64.S
# as chacha-x86_64.ko, `chacha20-simd`; poly1305_glue.c with what
# poly1305-x86_64-cryptogams.pl writes as poly1305-x86_64.ko,
# `poly1305-simd`) built as external modules for the User-Mode Linux
# kernel in KDIR (scripts/build/kunit-kernel.sh um), from that kernel's own
# source tree (the linux-source-6.1 package), unchanged: OUTDIR gets links
# to them, a Kbuild that composes them as arch/x86/crypto/Makefile does,
# and kernel_x86_uml_compat.h (-include) with what UML's headers lack. So
# the kernel's rfc7539 template runs on its x86 SIMD drivers under UML
# (scripts/bench/uml.sh). And the kernel's lib/crypto/chacha20poly1305.c
# (what WireGuard calls), unchanged, as kchacha20poly1305.ko on those
# drivers' library exports (CONFIG_CRYPTO_ARCH_HAVE_LIB_CHACHA and _POLY1305
# defined for it, as an x86 kernel has them; its six exports renamed
# kchacha20poly1305_*, apart from UML's own generic module's), for
# kunit/lib_kbench.c. Prints the three modules' paths.
#
# CONFIG_AS_AVX512 is defined for them: x86 kernels built with a binutils
# that knows AVX-512 (Debian's 6.1 among them) have it, UML never does,
# and without it the glue leaves the AVX-512VL ChaCha20 and the AVX-512
# Poly1305 out.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../lib.sh"

kdir=${1:-}
out=${2:-}
[[ -n $kdir && -n $out ]] || vgc_usage
[[ $(uname -m) == x86_64 ]] || vgc_die "the kernel's x86 drivers need an x86-64 host"
grep -qs '^CONFIG_UML=y' "$kdir/.config" ||
	vgc_die "$kdir is not a User-Mode Linux build directory"
kx=$(cd "$kdir/source/arch/x86/crypto" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

files=(chacha_glue.c chacha-ssse3-x86_64.S chacha-avx2-x86_64.S
	chacha-avx512vl-x86_64.S poly1305_glue.c poly1305-x86_64-cryptogams.pl)
for f in "${files[@]}"; do
	[[ -f $kx/$f ]] || vgc_die "no $kx/$f"
	ln -sfn "$kx/$f" "$out/$f"
done
kl=$(cd "$kdir/source/lib/crypto" && pwd)
for f in chacha20poly1305.c chacha20poly1305-selftest.c; do
	[[ -f $kl/$f ]] || vgc_die "no $kl/$f"
	ln -sfn "$kl/$f" "$out/$f"
done
cp "$VGC_SCRIPTS/bench/kernel_x86_uml_compat.h" "$out/"

# The object lists and the perlasm rule are arch/x86/crypto/Makefile's.
cat >"$out/Kbuild" <<'EOF'
# Written by scripts/bench/kernel-x86-uml.sh: the kernel's arch/x86/crypto
# ChaCha20 and Poly1305 drivers for User-Mode Linux.
obj-m += chacha-x86_64.o poly1305-x86_64.o kchacha20poly1305.o
chacha-x86_64-y := chacha-avx2-x86_64.o chacha-ssse3-x86_64.o \
		   chacha-avx512vl-x86_64.o chacha_glue.o
poly1305-x86_64-y := poly1305-x86_64-cryptogams.o poly1305_glue.o
kchacha20poly1305-y := chacha20poly1305.o chacha20poly1305-selftest.o
klib := -DCONFIG_CRYPTO_ARCH_HAVE_LIB_CHACHA=1 -DCONFIG_CRYPTO_ARCH_HAVE_LIB_POLY1305=1
klib += $(foreach f,encrypt decrypt encrypt_sg_inplace decrypt_sg_inplace,\
	-Dchacha20poly1305_$(f)=kchacha20poly1305_$(f))
klib += $(foreach f,encrypt decrypt,-Dxchacha20poly1305_$(f)=kxchacha20poly1305_$(f))
CFLAGS_chacha20poly1305.o += $(klib)
CFLAGS_chacha20poly1305-selftest.o += $(klib)
targets += poly1305-x86_64-cryptogams.S

ccflags-y += -DCONFIG_AS_AVX512=1 -include $(src)/kernel_x86_uml_compat.h
asflags-y += -DCONFIG_AS_AVX512=1

quiet_cmd_perlasm = PERLASM $@
      cmd_perlasm = $(PERL) $< > $@
$(obj)/%.S: $(src)/%.pl FORCE
	$(call if_changed,perlasm)
EOF

log=$out/build.log
if ! make -C "$kdir" M="$out" ARCH=um modules >"$log" 2>&1; then
	cat "$log" >&2
	vgc_die "the kernel's x86 drivers did not build for UML (log: $log)"
fi
if grep -E '(warning|WARNING|error|ERROR):' "$log" >&2; then
	vgc_die "warnings above (log: $log)"
fi
printf '%s\n' "$out/chacha-x86_64.ko" "$out/poly1305-x86_64.ko" "$out/kchacha20poly1305.ko"
