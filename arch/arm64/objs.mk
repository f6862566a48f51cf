# SPDX-License-Identifier: GPL-2.0-only
#
# The arm64 back end: its objects, and the flags of its NEON file, which
# uses <arm_neon.h> and so is built without the kernel's
# -mgeneral-regs-only (the Poly1305 code keeps them). Read by Kbuild and
# by the user-space harness (tests/harness/algo.mk). The NEON file runs
# only between kernel_neon_begin/end.

vgc_arch_objs := arch/arm64/backends.o arch/arm64/chacha20_neon.o \
	arch/arm64/poly1305_arm64.o

vgc_simd_objs := arch/arm64/chacha20_neon.o
