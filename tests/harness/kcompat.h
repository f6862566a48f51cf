/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel names lib/ and arch/ use, for the user-space builds: the
 * same algorithm sources compile here and in the module, unchanged.
 * tests/harness/include holds each kernel header they include, as a link
 * to this file, so this one header is the whole difference (but for
 * <linux/errno.h>, which user space has too).
 *
 * Kernel-only facilities get their user-space meaning: the CPU checks
 * read cpuid (x86-64) or the auxiliary vector (arm64), a SIMD section is
 * the process's own registers, get_random_bytes() is getrandom(), an
 * export is nothing. LINUX_VERSION_CODE is a recent release, so version
 * guards take their newest branch.
 */
#ifndef VGC_KCOMPAT_H
#define VGC_KCOMPAT_H

#include <assert.h>	/* static_assert */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/cdefs.h>	/* glibc's __always_inline */
#include <sys/random.h>

/* As the kernel has them: u64 is unsigned long long on every arch. */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed char s8;
typedef short s16;
typedef int s32;
typedef long long s64;
/*
 * and <linux/types.h>'s names for user space, which this header stands
 * in for: the C library's <signal.h> reaches them on arm64
 * (asm/sigcontext.h)
 */
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s16 __s16;
typedef s32 __s32;
typedef s64 __s64;

#define KERNEL_VERSION(a, b, c)	(((a) << 16) + ((b) << 8) + (c))
#define LINUX_VERSION_CODE	KERNEL_VERSION(7, 3, 0)

/* What <linux/compiler_attributes.h> gives the kernel. */
#define vgc_attribute(x)	__attribute__((x))
#define __aligned(x)		vgc_attribute(aligned(x))
#define __printf(a, b)		vgc_attribute(format(printf, a, b))
#define __maybe_unused		vgc_attribute(unused)
#define noinline		vgc_attribute(noinline)
#define __weak			vgc_attribute(weak)

/* The module exports its API; a user-space program has nothing to export. */
#define EXPORT_SYMBOL_GPL(sym)	static_assert(1, #sym)
/* <linux/build_bug.h> */
#define BUILD_BUG_ON(cond)	static_assert(!(cond), #cond)
/* and vgcrypto_xwing.ko's imports from vgcrypto.ko (lib/vgc_base.h) */
#define VGC_EXPORT_INTERNAL(sym)	static_assert(1, #sym)
/* <linux/kconfig.h>: no kernel option is set in user space */
#define IS_ENABLED(CONFIG_option)	0
/* <kunit/visibility.h> */
#define EXPORT_SYMBOL_IF_KUNIT(sym)	static_assert(1, #sym)

#define min_t(type, a, b) ({			\
	type __min_a = (a);			\
	type __min_b = (b);			\
	__min_a < __min_b ? __min_a : __min_b;	\
})

/* <linux/minmax.h>'s min(), without its type check */
#define min(a, b) ({				\
	__typeof__(a) __min1 = (a);		\
	__typeof__(b) __min2 = (b);		\
	__min1 < __min2 ? __min1 : __min2;	\
})

#define max_t(type, a, b) ({			\
	type __max_a = (a);			\
	type __max_b = (b);			\
	__max_a > __max_b ? __max_a : __max_b;	\
})

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/* @a: a constant power of two */
#define PTR_ALIGN(p, a)	((typeof(p))vgc_align_up((uintptr_t)(p), (a)))
static inline uintptr_t vgc_align_up(uintptr_t v, uintptr_t a)
{
	return (v + a - 1) & ~(a - 1);
}

static inline unsigned long vgc_div_round_up(unsigned long n, unsigned long d)
{
	return (n + d - 1) / d;
}

#define DIV_ROUND_UP(n, d)	vgc_div_round_up(n, d)

/* Single accesses the compiler may not split or merge */
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

/* <crypto/internal/simd.h>: a process may always use its vector unit */
#define crypto_simd_usable()	true

static inline u32 rol32(u32 w, unsigned int s)
{
	return (w << s) | (w >> ((-s) & 31));
}

/*
 * One load or store each, as the kernel's (a fixed-size memcpy compiles
 * to one unaligned access): byte-wise stores made the arm64 instruction
 * counts and model estimates of ours worse than the kernel build's.
 */
static inline u32 vgc_le32(u32 v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap32(v);
#else
	return v;
#endif
}

static inline u64 vgc_le64(u64 v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap64(v);
#else
	return v;
#endif
}

static inline u32 get_unaligned_le32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return vgc_le32(v);
}

static inline u64 get_unaligned_le64(const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return vgc_le64(v);
}

static inline void put_unaligned_le32(u32 v, void *p)
{
	v = vgc_le32(v);
	memcpy(p, &v, sizeof(v));
}

static inline void put_unaligned_le64(u64 v, void *p)
{
	v = vgc_le64(v);
	memcpy(p, &v, sizeof(v));
}

/* The barrier keeps the compiler from dropping the wipe of dead memory. */
static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}

/*
 * Constant time: no early exit, no branch on the data. The empty asm
 * hides d from the optimiser, so it cannot stop once d is non-zero.
 */
static inline int crypto_memneq(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;
	u8 d = 0;

	while (n--) {
		d |= *x++ ^ *y++;
		__asm__("" : "+r"(d));
	}
	return d != 0;
}

/* The kernel's hex2bin(): 0, or -EINVAL at the first non-hex digit. */
static inline int hex2bin(u8 *dst, const char *src, size_t count)
{
	static const char digits[] = "0123456789abcdef";
	const char *hi, *lo;

	while (count--) {
		if (!src[0] || !src[1])
			return -EINVAL;
		hi = strchr(digits, src[0] | 0x20);
		lo = strchr(digits, src[1] | 0x20);
		if (!hi || !lo)
			return -EINVAL;
		*dst++ = (hi - digits) << 4 | (lo - digits);
		src += 2;
	}
	return 0;
}

/* getrandom() blocks until the pool is seeded: it always is here. */
static inline bool rng_is_initialized(void)
{
	return true;
}

static inline int wait_for_random_bytes(void)
{
	return 0;
}

/* The tests have no use for a random stream that can fail: stop. */
static inline void get_random_bytes(void *buf, size_t len)
{
	u8 *b = buf;
	ssize_t n;

	while (len) {
		n = getrandom(b, len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			perror("getrandom");
			abort();
		}
		b += n;
		len -= n;
	}
}

/*
 * The SIMD-section flag. In the kernel, vector registers may be used only
 * between kernel_fpu_begin() and kernel_fpu_end() (kernel_neon_begin/end
 * on arm64); in user space nothing enforces that, so the harness keeps
 * the rule itself: begin/end open and close this thread's flag, and every
 * SIMD entry point, built for the harness with -DVGC_SIMD_CHECK, calls
 * vgc_simd_check() before it touches a vector register. A call outside a
 * section, a section opened twice and an end without a begin are counted
 * (vgc_simd_faults(); vgc_test fails every suite run in which the count
 * grew) and the first is named on stderr. Weak definitions, so that this
 * header alone provides them to every program that links lib/ and arch/.
 */
struct vgc_simd_flag {
	bool open;
	unsigned long faults;
};

extern __thread struct vgc_simd_flag vgc_simd_flag;
__weak __thread struct vgc_simd_flag vgc_simd_flag;

static inline void vgc_simd_fault(const char *what, const char *where)
{
	if (!vgc_simd_flag.faults++)
		fprintf(stderr, "SIMD-section fault: %s%s%s\n", what,
			where ? ": " : "", where ? where : "");
}

/* the benchmarks' builds (no VGC_SIMD_SECTIONS) keep no flag, as the kernel */
static inline void vgc_simd_section_open(void)
{
#ifdef VGC_SIMD_SECTIONS
	if (vgc_simd_flag.open)
		vgc_simd_fault("a section opened inside a section", NULL);
	vgc_simd_flag.open = true;
#endif
}

static inline void vgc_simd_section_close(void)
{
#ifdef VGC_SIMD_SECTIONS
	if (!vgc_simd_flag.open)
		vgc_simd_fault("a section closed that was not open", NULL);
	vgc_simd_flag.open = false;
#endif
}

/* What every SIMD entry point calls first (from assembly too: not inline). */
void vgc_simd_check(const char *fn);
__weak void vgc_simd_check(const char *fn)
{
	if (!vgc_simd_flag.open)
		vgc_simd_fault("vector code entered outside a section", fn);
}

static inline unsigned long vgc_simd_faults(void)
{
	return vgc_simd_flag.faults;
}

#if defined(__x86_64__)
/* <asm/cpufeature.h>: the features arch/x86 asks about, from cpuid. */
enum {
	X86_FEATURE_SSSE3,
	X86_FEATURE_AVX,
	X86_FEATURE_AVX2,
	X86_FEATURE_AVX512F,
	X86_FEATURE_AVX512VL,
	X86_FEATURE_AVX512BW,
	X86_FEATURE_AVX512IFMA,
	X86_FEATURE_AVX512VBMI,
	X86_FEATURE_AVX512_VBMI2,
	X86_FEATURE_BMI1,
	X86_FEATURE_BMI2,
	X86_FEATURE_POPCNT,
	X86_FEATURE_PREFER_YMM,
	VGC_X86_NFEATURES
};

/*
 * VGCRYPTO_HIDE_CPU (comma-separated cpuid names as gcc spells them, e.g.
 * "avx512f,avx512ifma"; "avx512" hides every AVX-512 subset) makes the
 * harness answer as a CPU without them: how make check's user-space
 * stages are run as on an AVX2-only CPU, on one that has AVX-512.
 */
static inline bool vgc_cpu_hidden(const char *name)
{
	const char *h = getenv("VGCRYPTO_HIDE_CPU"), *p;
	size_t n = strlen(name);

	for (p = h; p && *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");

		if ((len == n && !strncmp(p, name, n)) ||
		    (len == 6 && !strncmp(p, "avx512", 6) &&
		     !strncmp(name, "avx512", 6)))
			return true;
	}
	return false;
}

#define vgc_cpu_supports(name) \
	(__builtin_cpu_supports(name) && !vgc_cpu_hidden(name))

/* gcc's and clang's checks include the OS's (XCR0) support of the state */
static inline bool vgc_cpu_has_now(int feature)
{
	__builtin_cpu_init();
	switch (feature) {
	case X86_FEATURE_SSSE3:
		return vgc_cpu_supports("ssse3");
	case X86_FEATURE_AVX:
		return vgc_cpu_supports("avx");
	case X86_FEATURE_AVX2:
		return vgc_cpu_supports("avx2");
	case X86_FEATURE_AVX512F:
		return vgc_cpu_supports("avx512f");
	case X86_FEATURE_AVX512VL:
		return vgc_cpu_supports("avx512vl");
	case X86_FEATURE_AVX512BW:
		return vgc_cpu_supports("avx512bw");
	case X86_FEATURE_AVX512IFMA:
		return vgc_cpu_supports("avx512ifma");
	case X86_FEATURE_AVX512VBMI:
		return vgc_cpu_supports("avx512vbmi");
	case X86_FEATURE_AVX512_VBMI2:
		return vgc_cpu_supports("avx512vbmi2");
	case X86_FEATURE_BMI1:
		return vgc_cpu_supports("bmi");
	case X86_FEATURE_BMI2:
		return vgc_cpu_supports("bmi2");
	case X86_FEATURE_POPCNT:
		return vgc_cpu_supports("popcnt");
	default:
		/* PREFER_YMM is kernel policy: the harness tests zmm code anyway */
		return false;
	}
}

/*
 * Each answer is worked out once (per translation unit) and kept: the
 * kernel reads a bit, or patches the branch at load, and the code asks
 * on hot paths (a back end picking between two functions per call),
 * where the benchmarks must not time getenv() (it made every call of
 * ML-KEM's AVX-512 rejection sampling about 170 TSC ticks dearer on an
 * Intel Xeon). VGCRYPTO_HIDE_CPU is set before a process starts.
 */
static inline bool boot_cpu_has(int feature)
{
	static signed char known[VGC_X86_NFEATURES];
	signed char k;

	if (feature < 0 || feature >= VGC_X86_NFEATURES)
		return vgc_cpu_has_now(feature);
	k = __atomic_load_n(&known[feature], __ATOMIC_RELAXED);
	if (!k) {
		k = vgc_cpu_has_now(feature) ? 1 : -1;
		__atomic_store_n(&known[feature], k, __ATOMIC_RELAXED);
	}
	return k > 0;
}

#define cpu_feature_enabled(feature)	boot_cpu_has(feature)

/* <asm/fpu/api.h>: the OS saves what cpuid says it enabled. */
#define XFEATURE_MASK_SSE	1
#define XFEATURE_MASK_YMM	2
#define XFEATURE_MASK_AVX512	4

static inline int cpu_has_xfeatures(u64 mask __maybe_unused,
				    const char **name __maybe_unused)
{
	return 1;
}

/*
 * A user-space process owns its vector registers, so a section saves
 * nothing; it only opens and closes the harness's SIMD-section flag.
 */
static inline void kernel_fpu_begin(void)
{
	vgc_simd_section_open();
}

static inline void kernel_fpu_end(void)
{
	vgc_simd_section_close();
}
#endif /* __x86_64__ */

#if defined(__aarch64__)
#include <sys/auxv.h>
#include <asm/hwcap.h>

/*
 * <asm/cpufeature.h>: cpu_have_named_feature(ASIMD) reads the hwcaps.
 * DIT also from ID_AA64PFR0_EL1 (bits 51:48), which the kernel derives
 * HWCAP_DIT from and lets user space read (HWCAP_CPUID): qemu-aarch64 7.2
 * implements DIT on -cpu max but leaves it out of the hwcaps it reports.
 */
static inline bool vgc_hwcap(unsigned long bit)
{
	unsigned long pfr0;

	if (getauxval(AT_HWCAP) & bit)
		return true;
	if (bit != HWCAP_DIT || !(getauxval(AT_HWCAP) & HWCAP_CPUID))
		return false;
	__asm__("mrs %0, S3_0_C0_C4_0" : "=r" (pfr0));
	return (pfr0 >> 48 & 15) != 0;
}

#define cpu_have_named_feature(name)	vgc_hwcap(HWCAP_##name)

static inline bool system_supports_fpsimd(void)
{
	return true;
}

/*
 * <asm/neon.h> as of 6.19: begin and end take the caller's save area,
 * where the kernel saves the section's registers when the task is
 * scheduled out or a softirq using NEON interrupts it. The harness has
 * neither, so every section is taken to have been interrupted: end fills
 * the area as a save would (tests/arm64/neon_check.c checks that the back
 * end wipes it after), and a section that ends with another area than it
 * began with, or begins without a 16-byte aligned one, counts a fault
 * (the kernel WARNs, or faults on the misaligned stores).
 */
struct user_fpsimd_state {
	__uint128_t vregs[32];
	u32 fpsr;
	u32 fpcr;
	u32 reserved[2];
};

extern __thread struct user_fpsimd_state *vgc_neon_area;
__weak __thread struct user_fpsimd_state *vgc_neon_area;
extern __thread unsigned long vgc_neon_saves;	/* areas filled */
__weak __thread unsigned long vgc_neon_saves;

static inline void kernel_neon_begin(struct user_fpsimd_state *s __maybe_unused)
{
#ifdef VGC_SIMD_SECTIONS
	if (!s || (uintptr_t)s % 16)
		vgc_simd_fault("a NEON section begun without a 16-byte aligned save area",
			       NULL);
	vgc_neon_area = s;
#endif
	vgc_simd_section_open();
}

static inline void kernel_neon_end(struct user_fpsimd_state *s __maybe_unused)
{
#ifdef VGC_SIMD_SECTIONS
	if (s != vgc_neon_area)
		vgc_simd_fault("a NEON section ended with another save area than it began with",
			       NULL);
	else
		memset(s, 0xa5, sizeof(*s));
	vgc_neon_saves++;
	vgc_neon_area = NULL;
#endif
	vgc_simd_section_close();
}

/* <linux/percpu.h> and <linux/preempt.h>: one CPU, no preemption. */
#define DEFINE_PER_CPU(type, name)	type name
#define this_cpu_ptr(p)			(p)
#define preempt_disable()		do { } while (0)
#define preempt_enable()		do { } while (0)

/* <asm/neon-intrinsics.h> */
#include <arm_neon.h>
#endif /* __aarch64__ */

#endif /* VGC_KCOMPAT_H */
