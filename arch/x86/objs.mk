# SPDX-License-Identifier: GPL-2.0-only
#
# The x86-64 back ends: their objects, and which of them use vector
# registers. Read by Kbuild and by the user-space harness
# (tests/harness/algo.mk), so both build the same code the same way. The
# SIMD code is assembly (its instructions need no compiler flags); every
# other object, C or assembly, must hold no vector register (make check
# disassembles them) and runs on any x86-64 CPU. Each SIMD function runs
# only between kernel_fpu_begin/end.

vgc_arch_objs := arch/x86/backends.o arch/x86/chacha20_x86_64.o \
	arch/x86/chacha20_x64.o \
	arch/x86/poly1305_x64.o arch/x86/poly1305_avx2.o \
	arch/x86/poly1305_ifma.o

vgc_simd_objs := arch/x86/chacha20_x86_64.o arch/x86/poly1305_avx2.o \
	arch/x86/poly1305_ifma.o

# ML-KEM: Keccak-f[1600] (4 states with AVX2, 8 with AVX-512), the
# samplers, the arithmetic and the codecs; outside the SIMD list, one
# state with BMI2 (general registers only), the tables (data) and the C
# entries over the arithmetic (calls only)
vgc_mlkem_simd_objs := arch/x86/keccak_avx2.o arch/x86/keccak_avx512.o \
	arch/x86/mlkem_sample_avx2.o arch/x86/mlkem_sample_avx512.o \
	arch/x86/mlkem_ntt.o arch/x86/mlkem_arith.o \
	arch/x86/mlkem_codec_avx2.o arch/x86/mlkem_codec_avx512.o
vgc_arch_objs += arch/x86/keccak_bmi2.o arch/x86/mlkem_x86.o \
	arch/x86/mlkem_x86_tables.o $(vgc_mlkem_simd_objs)
vgc_simd_objs += $(vgc_mlkem_simd_objs)
