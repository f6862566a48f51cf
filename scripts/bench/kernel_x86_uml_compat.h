/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Put in front of the x86-64 kernel's own chacha_glue.c and
 * poly1305_glue.c (with -include) when scripts/bench/kernel-x86-uml.sh
 * builds them, unchanged, as modules for User-Mode Linux: what they take
 * from x86's headers that UML's headers do not have. Nothing else in them
 * is replaced; in particular kernel_fpu_begin/end and may_use_simd() stay
 * UML's own, which is what the benchmark measures.
 */
#ifndef VGC_KERNEL_X86_UML_COMPAT_H
#define VGC_KERNEL_X86_UML_COMPAT_H

#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/string.h>
#include <linux/types.h>
/*
 * x86's <asm/simd.h> brings boot_cpu_has() and kernel_fpu_begin/end; UML's
 * is the generic one (may_use_simd() is !in_interrupt()), so UML's own
 * versions of those (kernel_fpu_begin/end are empty statements) come from
 * here.
 */
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/processor.h>

#ifndef CONFIG_UML
#error "only for User-Mode Linux: x86 kernels have these definitions"
#endif

/* XCR0 bits (x86's <asm/fpu/types.h>) */
#define XFEATURE_MASK_SSE	BIT_ULL(1)
#define XFEATURE_MASK_YMM	BIT_ULL(2)
#define XFEATURE_MASK_AVX512	(BIT_ULL(5) | BIT_ULL(6) | BIT_ULL(7))

#define VGC_CPUID1_OSXSAVE	BIT(27)

static inline u32 vgc_uml_cpuid1(u32 *ecx)
{
	u32 eax = 1, ebx, edx;

	*ecx = 0;
	asm volatile("cpuid" : "+a" (eax), "=b" (ebx), "+c" (*ecx), "=d" (edx));
	return eax;
}

/*
 * x86 asks which state components its own XSAVE saves. The UML kernel is
 * one host process, whose vector state the host kernel saves: the host's
 * XCR0 answers, and XGETBV reads it in user mode once CPUID shows OSXSAVE
 * (UML's feature words never do: it takes them from /proc/cpuinfo, which
 * leaves that flag out).
 */
static inline int vgc_uml_cpu_has_xfeatures(u64 mask, const char **name)
{
	u32 ecx, lo, hi;

	if (name)
		*name = NULL;
	vgc_uml_cpuid1(&ecx);
	if (!(ecx & VGC_CPUID1_OSXSAVE))
		return 0;
	asm volatile("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
	return ((((u64)hi << 32) | lo) & mask) == mask;
}

#define cpu_has_xfeatures(mask, name) vgc_uml_cpu_has_xfeatures(mask, name)

/*
 * poly1305_glue.c reads boot_cpu_data.x86_model (no zmm on Skylake-X),
 * which UML's struct cpuinfo_um lacks. There boot_cpu_data names a copy
 * of UML's feature words (so boot_cpu_has() answers as UML does) with the
 * model that x86 computes from CPUID leaf 1 (arch/x86/lib/cpu.c).
 */
struct vgc_uml_cpuinfo {
	union {
		__u32 x86_capability[NCAPINTS + NBUGINTS];
		unsigned long x86_capability_alignment;
	};
	u8 x86_model;
};

static inline struct vgc_uml_cpuinfo *vgc_uml_boot_cpu(void)
{
	static struct vgc_uml_cpuinfo c;
	u32 sig, ecx, family;

	BUILD_BUG_ON(sizeof(c.x86_capability) !=
		     sizeof(boot_cpu_data.x86_capability));
	memcpy(c.x86_capability, boot_cpu_data.x86_capability,
	       sizeof(c.x86_capability));
	sig = vgc_uml_cpuid1(&ecx);
	family = (sig >> 8) & 0xf;
	c.x86_model = (sig >> 4) & 0xf;
	if (family >= 0x6)
		c.x86_model += ((sig >> 16) & 0xf) << 4;
	return &c;
}

#define boot_cpu_data (*vgc_uml_boot_cpu())

#endif
