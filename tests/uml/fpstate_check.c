// SPDX-License-Identifier: GPL-2.0-only
/*
 * fpstate_check: a user process's vector registers must come back as it
 * left them, in a User-Mode Linux guest whose kernel saves and restores
 * them through the host (tests/uml/host-fp-size.patch):
 *   - two threads of one process (one host process under UML) hold
 *     different values in ymm0-15 and yield to each other;
 *   - fork: the child starts with the parent's registers;
 *   - a signal handler that overwrites ymm0-15 and returns;
 *   - with AVX-512: zmm0-31 and k1-k7, across the thread switches and
 *     the fork (the part of the XSAVE area past 832 bytes).
 * Each load, system call and store is one asm statement, so no compiler
 * code runs between them. Prints "ok - ..." or "not ok - ..." per check;
 * exits 1 if one failed.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define YIELDS 200

/* As the kernel has them */
typedef unsigned char u8;
typedef unsigned long long u64;

struct ymm_bank {
	u8 b[16][32];
};

/* zmm0-31, then k0-k7 (k0 unused) at byte 2048 */
struct zmm_bank {
	u8 z[32][64];
	u64 k[8];
};

static int failures;

static void check(int ok, const char *what)
{
	printf("%s - %s\n", ok ? "ok" : "not ok", what);
	fflush(stdout);
	if (!ok)
		failures++;
}

static void fill(void *p, size_t n, unsigned int seed)
{
	u8 *b = p;
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = (u8)(seed * 97 + i * 13 + (i >> 7));
}

/* assembler loops over the register numbers (GNU as and LLVM's) */
#define YMM_LOAD "	.irp r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n" \
		 "	vmovdqu \\r*32(%[in]), %%ymm\\r\n" \
		 "	.endr\n"
#define YMM_STORE "	.irp r,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n" \
		  "	vmovdqu %%ymm\\r, \\r*32(%[out])\n" \
		  "	.endr\n"
#define YMM_CLOBBERS                                                           \
	"xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",        \
	"xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"

/*
 * Load ymm0-15 from in, make system call nr (with arguments a1, a2)
 * once, then sched_yield YIELDS times, then store ymm0-15 to out; returns
 * the first call's result.
 */
static long ymm_around_syscall(const struct ymm_bank *in, struct ymm_bank *out,
			       long nr, long a1, long a2)
{
	long ret, n = YIELDS;

	asm volatile(YMM_LOAD
		     "mov %[nr], %%rax\n\t"
		     "syscall\n\t"
		     "mov %%rax, %[ret]\n\t"
		     "1:\n\t"
		     "mov %[yield], %%eax\n\t"
		     "syscall\n\t"
		     "dec %[n]\n\t"
		     "jnz 1b\n\t"
		     YMM_STORE
		     "vzeroupper\n\t"
		     : [ret] "=&r"(ret), [n] "+r"(n)
		     : [in] "r"(in), [out] "r"(out), [nr] "r"(nr), "D"(a1),
		       "S"(a2), [yield] "i"(SYS_sched_yield)
		     : "rax", "rcx", "r11", "memory", YMM_CLOBBERS);
	return ret;
}

static void sigusr1(int sig)
{
	struct ymm_bank junk;

	(void)sig;
	fill(&junk, sizeof(junk), 99);
	asm volatile(YMM_LOAD "vzeroupper\n\t"
		     : : [in] "r"(&junk) : "memory", YMM_CLOBBERS);
}

#define ZMM_NUMBERS "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15," \
		    "16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"
#define ZMM_LOAD "	.irp r," ZMM_NUMBERS "\n" \
		 "	vmovdqu64 \\r*64(%[in]), %%zmm\\r\n" \
		 "	.endr\n" \
		 "	.irp r,1,2,3,4,5,6,7\n" \
		 "	kmovq \\r*8+2048(%[in]), %%k\\r\n" \
		 "	.endr\n"
#define ZMM_STORE "	.irp r," ZMM_NUMBERS "\n" \
		  "	vmovdqu64 %%zmm\\r, \\r*64(%[out])\n" \
		  "	.endr\n" \
		  "	.irp r,1,2,3,4,5,6,7\n" \
		  "	kmovq %%k\\r, \\r*8+2048(%[out])\n" \
		  "	.endr\n"

/* as ymm_around_syscall, for zmm0-31 and k1-k7 */
__attribute__((target("avx512f,avx512bw")))
static long zmm_around_syscall(const struct zmm_bank *in, struct zmm_bank *out,
			       long nr)
{
	long ret, n = YIELDS;

	asm volatile(ZMM_LOAD
		     "mov %[nr], %%rax\n\t"
		     "syscall\n\t"
		     "mov %%rax, %[ret]\n\t"
		     "1:\n\t"
		     "mov %[yield], %%eax\n\t"
		     "syscall\n\t"
		     "dec %[n]\n\t"
		     "jnz 1b\n\t"
		     ZMM_STORE
		     "vzeroupper\n\t"
		     : [ret] "=&r"(ret), [n] "+r"(n)
		     : [in] "r"(in), [out] "r"(out), [nr] "r"(nr),
		       [yield] "i"(SYS_sched_yield)
		     : "rax", "rcx", "r11", "memory", YMM_CLOBBERS, "xmm16",
		       "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22",
		       "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28",
		       "xmm29", "xmm30", "xmm31", "k1", "k2", "k3", "k4", "k5",
		       "k6", "k7");
	return ret;
}

static int have_avx512;

/* one thread's (or process's) round: its own values, yielding */
static int round_trip(unsigned int seed, long nr, long *ret)
{
	struct ymm_bank yin, yout;
	struct zmm_bank zin, zout;
	int ok;

	fill(&yin, sizeof(yin), seed);
	memset(&yout, 0, sizeof(yout));
	*ret = ymm_around_syscall(&yin, &yout, nr, 0, 0);
	ok = !memcmp(&yin, &yout, sizeof(yin));
	if (have_avx512) {
		fill(&zin, sizeof(zin), seed + 1);
		zin.k[0] = 0;
		memset(&zout, 0, sizeof(zout));
		zmm_around_syscall(&zin, &zout, SYS_getpid);
		ok &= !memcmp(&zin, &zout, sizeof(zin));
	}
	return ok;
}

static void *thread_round(void *arg)
{
	long ret;

	return (void *)(intptr_t)round_trip((unsigned int)(intptr_t)arg,
					    SYS_getpid, &ret);
}

static int forked_round(unsigned int seed)
{
	struct ymm_bank yin, yout;
	struct zmm_bank zin, zout;
	int ok, status;
	long pid;

	fill(&yin, sizeof(yin), seed);
	memset(&yout, 0, sizeof(yout));
	pid = ymm_around_syscall(&yin, &yout, SYS_fork, 0, 0);
	if (pid < 0)
		return 0;
	ok = !memcmp(&yin, &yout, sizeof(yin));
	if (pid == 0)
		_exit(ok ? 0 : 1);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		ok = 0;
	if (!have_avx512)
		return ok;
	fill(&zin, sizeof(zin), seed + 1);
	zin.k[0] = 0;
	memset(&zout, 0, sizeof(zout));
	pid = zmm_around_syscall(&zin, &zout, SYS_fork);
	if (pid < 0)
		return 0;
	ok &= !memcmp(&zin, &zout, sizeof(zin));
	if (pid == 0)
		_exit(ok ? 0 : 1);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		ok = 0;
	return ok;
}

int main(void)
{
	struct ymm_bank yin, yout;
	pthread_t t[3];
	void *res;
	int i, ok;
	long ret;

	__builtin_cpu_init();
	if (!__builtin_cpu_supports("avx2")) {
		printf("not ok - the CPU has no AVX2: nothing to check\n");
		return 1;
	}
	have_avx512 = __builtin_cpu_supports("avx512f") &&
		      __builtin_cpu_supports("avx512bw");
	printf("# vector state checked: ymm0-15%s\n",
	       have_avx512 ? ", zmm0-31, k1-k7" : " (no AVX-512 here)");

	ok = 1;
	for (i = 0; i < 3; i++)
		if (pthread_create(&t[i], NULL, thread_round,
				   (void *)(intptr_t)(i + 10)))
			ok = 0;
	ok &= round_trip(1, SYS_getpid, &ret);
	for (i = 0; i < 3; i++)
		if (pthread_join(t[i], &res) || !res)
			ok = 0;
	check(ok, "four threads of one process keep their own vector registers across yields");

	check(forked_round(20),
	      "a forked child starts with its parent's vector registers, and both keep them");

	signal(SIGUSR1, sigusr1);
	fill(&yin, sizeof(yin), 30);
	memset(&yout, 0, sizeof(yout));
	ret = ymm_around_syscall(&yin, &yout, SYS_kill, getpid(), SIGUSR1);
	check(ret == 0 && !memcmp(&yin, &yout, sizeof(yin)),
	      "ymm0-15 come back after a signal handler that overwrote them");

	return failures ? 1 : 0;
}
