# SPDX-License-Identifier: GPL-2.0-only
#
# The arm64 back end: its objects, and the flags of its NEON files, which
# use <arm_neon.h> and so are built without the kernel's
# -mgeneral-regs-only (the Poly1305 code keeps them). Read by Kbuild and
# by the user-space harness (tests/harness/algo.mk). The NEON files run
# only between kernel_neon_begin/end. mlkem_neon.o: its NTT keeps 16
# coefficient registers, the zetas and the constants live, which fits
# the 32 v-registers only without GCC's scheduling before register
# allocation (which hoists loads and spills: the arm64 harness stage
# checks the objects for stack stores of v-registers); and it reloads
# memory through pointers of other element types (LD4 of words and
# doublewords), as the kernel's -fno-strict-aliasing allows, which the
# harness gets too.

vgc_arch_objs := arch/arm64/backends.o arch/arm64/chacha20_neon.o \
	arch/arm64/poly1305_arm64.o arch/arm64/poly1305_neon.o \
	arch/arm64/mlkem_neon.o arch/arm64/keccak_neon.o

vgc_simd_objs := arch/arm64/chacha20_neon.o arch/arm64/poly1305_neon.o \
	arch/arm64/mlkem_neon.o arch/arm64/keccak_neon.o
vgc_simd_flags_arch/arm64/mlkem_neon.o := -fno-strict-aliasing -fno-schedule-insns
# the five-block pass: fewer cycles on the Neoverse models without the
# scheduling before register allocation (scripts/bench/mca-arm64.sh);
# the Poly1305 step: its products in source order keep the registers
# within v0-v7 and v16-v31
vgc_simd_flags_arch/arm64/chacha20_neon.o := -fno-schedule-insns
vgc_simd_flags_arch/arm64/poly1305_neon.o := -fno-schedule-insns
