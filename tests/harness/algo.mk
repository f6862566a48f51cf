# SPDX-License-Identifier: GPL-2.0-only
#
# The module's algorithm code in user space, for tests/harness and
# tests/mlkem: every lib/ source and the arch/ back ends of the compiler's
# target, chosen and flagged by the same lib/objs.mk and
# arch/<arch>/objs.mk that Kbuild reads, compiled unchanged against
# kcompat.h (the kernel header names in include/ lead to it).
#
# In:  ROOT (the project), O (build dir), CC, OPT, WARN, LIB_DIR (lib/ or
#      a mutant's scratch copy of it), ALGO_CPPFLAGS_EXTRA (optional).
# Out: ALGO_OBJS, ALGO_CPPFLAGS, ALGO_ARCH (x86, arm64 or empty), and the
#      rules that build $(O)/obj/lib/%.o and $(O)/obj/arch/%.o.

HARNESS_DIR := $(ROOT)/tests/harness
ALGO_TARGET := $(shell $(CC) -dumpmachine)
ALGO_ARCH := $(if $(filter x86_64-%,$(ALGO_TARGET)),x86,$(if $(filter aarch64-%,$(ALGO_TARGET)),arm64))

include $(ROOT)/lib/objs.mk
vgc_arch_objs :=
vgc_simd_objs :=
ifneq ($(ALGO_ARCH),)
include $(ROOT)/arch/$(ALGO_ARCH)/objs.mk
else
vgc_lib_objs += $(vgc_lib_portable_objs)
endif

# the kernel's limit on a stack frame, enforced here too
ALGO_WARN := -Wframe-larger-than=1024
ALGO_CPPFLAGS := -I$(HARNESS_DIR)/include -I$(HARNESS_DIR) -I$(LIB_DIR) \
		 -I$(ROOT)/include $(ALGO_CPPFLAGS_EXTRA)

# As in the kernel, no code outside the SIMD files may use vector
# registers (which also keeps the compiler from moving scalar state
# through them); the SIMD files get their own flags only.
ALGO_NO_SIMD := $(shell $(CC) -Werror -mgeneral-regs-only -E -x c /dev/null \
		  >/dev/null 2>&1 && echo -mgeneral-regs-only)
# SIMD_CHECK=1 (the default): kcompat.h's kernel_fpu_begin/end keep the
# SIMD-section flag and every SIMD entry point checks it. The benchmarks
# build with SIMD_CHECK=0, as the module is: the check costs a call per
# SIMD call.
SIMD_CHECK ?= 1
ifeq ($(SIMD_CHECK),1)
ALGO_CPPFLAGS += -DVGC_SIMD_SECTIONS
endif
algo_flags = $(if $(filter $(1),$(vgc_simd_objs)),$(vgc_simd_flags_$(1)) $(if $(filter 1,$(SIMD_CHECK)),-DVGC_SIMD_CHECK),$(ALGO_NO_SIMD))

ALGO_OBJS := $(patsubst lib/%,$(O)/obj/lib/%,$(vgc_lib_objs)) \
	     $(patsubst arch/%,$(O)/obj/arch/%,$(vgc_arch_objs))

# Rebuild when the compiler or the flags change (a new back end, O=).
ALGO_STAMP := $(O)/.algo-flags
ALGO_FLAGS_NOW := $(CC) $(OPT) $(WARN) $(ALGO_CPPFLAGS) $(LIB_DIR) \
		  $(vgc_arch_objs) $(foreach o,$(vgc_simd_objs),$(vgc_simd_flags_$(o)))
$(ALGO_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(ALGO_FLAGS_NOW)' | cmp -s - $@ || echo '$(ALGO_FLAGS_NOW)' > $@

$(O)/obj/lib/%.o: $(LIB_DIR)/%.c $(ALGO_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALGO_CPPFLAGS) $(OPT) $(WARN) $(ALGO_WARN) $(ALGO_NO_SIMD) -MMD -MP -c -o $@ $<

$(O)/obj/arch/%.o: $(ROOT)/arch/%.c $(ALGO_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALGO_CPPFLAGS) $(OPT) $(WARN) $(ALGO_WARN) $(call algo_flags,arch/$*.o) -MMD -MP -c -o $@ $<

# assembly: as Kbuild builds it, with __ASSEMBLY__ for the shared headers
$(O)/obj/arch/%.o: $(ROOT)/arch/%.S $(ALGO_STAMP)
	@mkdir -p $(@D)
	$(CC) -D__ASSEMBLY__ $(ALGO_CPPFLAGS) $(OPT) $(WARN) $(call algo_flags,arch/$*.o) -MMD -MP -c -o $@ $<

.PHONY: FORCE
