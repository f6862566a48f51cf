# SPDX-License-Identifier: GPL-2.0-only
#
# The x86-64 back ends: their objects, and the vector flags each SIMD
# file is built with (the kernel's own flags forbid vector registers;
# every other file must run on any x86-64 CPU). Read by Kbuild and by the
# user-space harness (tests/harness/algo.mk), so both build the same code
# the same way. Each SIMD file runs only between kernel_fpu_begin/end.

vgc_arch_objs := arch/x86/backends.o \
	arch/x86/chacha20_ssse3.o arch/x86/chacha20_avx2.o \
	arch/x86/chacha20_avx512.o \
	arch/x86/poly1305_x64.o arch/x86/poly1305_avx2.o \
	arch/x86/poly1305_avx512ifma.o
# ML-KEM arithmetic: assembly, which needs no flags, and its C entries
vgc_arch_objs += arch/x86/mlkem_x86.o arch/x86/mlkem_x86_tables.o \
	arch/x86/mlkem_ntt.o arch/x86/mlkem_arith.o \
	arch/x86/mlkem_codec_avx2.o arch/x86/mlkem_codec_avx512.o

vgc_simd_objs := arch/x86/chacha20_ssse3.o arch/x86/chacha20_avx2.o \
	arch/x86/chacha20_avx512.o arch/x86/poly1305_avx2.o \
	arch/x86/poly1305_avx512ifma.o

vgc_avx2 := -mavx2 -mavx -mssse3 -msse2 -msse
vgc_avx512 := -mavx512f -mavx512vl $(vgc_avx2)
vgc_simd_flags_arch/x86/chacha20_ssse3.o := -mssse3 -msse2 -msse
vgc_simd_flags_arch/x86/chacha20_avx2.o := $(vgc_avx2)
vgc_simd_flags_arch/x86/chacha20_avx512.o := $(vgc_avx512)
vgc_simd_flags_arch/x86/poly1305_avx512ifma.o := $(vgc_avx512) -mavx512ifma
# gcc's register-pressure-aware scheduling before allocation halves the
# AVX2 Poly1305 loop's spills (about 10% faster)
vgc_simd_flags_arch/x86/poly1305_avx2.o := $(vgc_avx2) \
	$(shell $(CC) -Werror -fschedule-insns -fsched-pressure -E -x c \
		/dev/null >/dev/null 2>&1 && echo -fschedule-insns -fsched-pressure)
