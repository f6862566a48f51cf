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
	arch/x86/poly1305_x64.o arch/x86/poly1305_avx2.o \
	arch/x86/poly1305_ifma.o

vgc_simd_objs := arch/x86/chacha20_x86_64.o arch/x86/poly1305_avx2.o \
	arch/x86/poly1305_ifma.o
