// SPDX-License-Identifier: GPL-2.0-only
/*
 * Keccak-f[1600] on two states at once for arm64: a v-register holds one
 * word of both states (the layout struct vgc_mlkem_backend gives: word i
 * of state j at s[2 i + j]), so the 25 words load and store with whole
 * register moves and each round is the scalar round on two lanes.
 *
 * Two versions, chosen once when the back end is found usable:
 *  - with the SHA-3 extension (FEAT_SHA3): EOR3 for theta's column
 *    parities, RAX1 for its D words, XAR for theta, rho and the
 *    rotation in one, BCAX for chi: 67 instructions a round.
 *  - plain NEON: EOR for the parities, SHL + SRI for each rotation, BIC
 *    + EOR for chi: 160 a round, 80 a state; the scalar code counts more
 *    per state (scripts/bench/arm64.sh measures both).
 *
 * A round needs all 32 registers (25 words, 5 D words, 2 spare), which
 * the compiler cannot allocate without spilling, so each round body is
 * written out in assembly with a fixed register schedule: no spill, no
 * move. The words live in v0-v26 in this order (word: register):
 *
 *   0-2: v0-v2, 3: v25, 4: v26, 5-7: v5-v7, 8: v3, 9: v4, 10-12:
 *   v10-v12, 13: v23, 14: v24, 15-17: v15-v17, 18: v13, 19: v14, 20-22:
 *   v20-v22, 23: v8, 24: v9
 *
 * Chi writes words 3 and 4 of each plane to the two registers the plane
 * before freed (planes in the order 0, 1, 4, 2, 3), and rho-pi writes
 * word i to register pi(i) in an order in which every destination has
 * been read already: with this placement the dependencies have no cycle,
 * so the round ends where it began without a move. (The order was found
 * and checked, against a reference round, by emulating the instructions.)
 *
 * The function prologue saves d8-d15 (the caller's, never ours); the
 * state is left in registers, not in memory. Call only inside the back
 * end's NEON section.
 */
#include "mlkem_neon.h"

#include <asm/neon-intrinsics.h>

static const u64 keccak_x2_rc[24] __aligned(16) = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
	0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
	0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
	0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
	0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* the 25 words (two states' each) into and out of their registers */
#define KECCAK_LOAD							\
	"ldp\tq0, q1, [%[s]]\n"						\
	"ldp\tq2, q25, [%[s], #32]\n"					\
	"ldp\tq26, q5, [%[s], #64]\n"					\
	"ldp\tq6, q7, [%[s], #96]\n"					\
	"ldp\tq3, q4, [%[s], #128]\n"					\
	"ldp\tq10, q11, [%[s], #160]\n"					\
	"ldp\tq12, q23, [%[s], #192]\n"					\
	"ldp\tq24, q15, [%[s], #224]\n"					\
	"ldp\tq16, q17, [%[s], #256]\n"					\
	"ldp\tq13, q14, [%[s], #288]\n"					\
	"ldp\tq20, q21, [%[s], #320]\n"					\
	"ldp\tq22, q8, [%[s], #352]\n"					\
	"ldr\tq9, [%[s], #384]\n"

#define KECCAK_STORE							\
	"stp\tq0, q1, [%[s]]\n"						\
	"stp\tq2, q25, [%[s], #32]\n"					\
	"stp\tq26, q5, [%[s], #64]\n"					\
	"stp\tq6, q7, [%[s], #96]\n"					\
	"stp\tq3, q4, [%[s], #128]\n"					\
	"stp\tq10, q11, [%[s], #160]\n"					\
	"stp\tq12, q23, [%[s], #192]\n"					\
	"stp\tq24, q15, [%[s], #224]\n"					\
	"stp\tq16, q17, [%[s], #256]\n"					\
	"stp\tq13, q14, [%[s], #288]\n"					\
	"stp\tq20, q21, [%[s], #320]\n"					\
	"stp\tq22, q8, [%[s], #352]\n"					\
	"str\tq9, [%[s], #384]\n"

/*
 * One round each, ending with iota (the round constant, loaded to v31,
 * XORed into word 0). The SHA-3 round, in the order theta (EOR3, RAX1),
 * rho-pi (XAR), chi (BCAX); the plain one applies each D word to its
 * column as soon as it is made (one spare register for the rotation).
 */
#define KECCAK_ROUND_SHA3						\
	"eor3\tv18.16b, v0.16b, v5.16b, v10.16b\n"			\
	"eor3\tv18.16b, v18.16b, v15.16b, v20.16b\n"			\
	"eor3\tv27.16b, v1.16b, v6.16b, v11.16b\n"			\
	"eor3\tv27.16b, v27.16b, v16.16b, v21.16b\n"			\
	"eor3\tv28.16b, v2.16b, v7.16b, v12.16b\n"			\
	"eor3\tv28.16b, v28.16b, v17.16b, v22.16b\n"			\
	"eor3\tv29.16b, v25.16b, v3.16b, v23.16b\n"			\
	"eor3\tv29.16b, v29.16b, v13.16b, v8.16b\n"			\
	"eor3\tv19.16b, v26.16b, v4.16b, v24.16b\n"			\
	"eor3\tv19.16b, v19.16b, v14.16b, v9.16b\n"			\
	"rax1\tv30.2d, v19.2d, v27.2d\n"				\
	"rax1\tv31.2d, v18.2d, v28.2d\n"				\
	"rax1\tv27.2d, v27.2d, v29.2d\n"				\
	"rax1\tv28.2d, v28.2d, v19.2d\n"				\
	"rax1\tv29.2d, v29.2d, v18.2d\n"				\
	"eor\tv0.16b, v0.16b, v30.16b\n"				\
	"xar\tv18.2d, v17.2d, v27.2d, #49\n"				\
	"xar\tv17.2d, v11.2d, v31.2d, #54\n"				\
	"xar\tv11.2d, v7.2d, v27.2d, #58\n"				\
	"xar\tv7.2d, v10.2d, v30.2d, #61\n"				\
	"xar\tv10.2d, v1.2d, v31.2d, #63\n"				\
	"xar\tv1.2d, v6.2d, v31.2d, #20\n"				\
	"xar\tv6.2d, v4.2d, v29.2d, #44\n"				\
	"xar\tv19.2d, v8.2d, v28.2d, #8\n"				\
	"xar\tv8.2d, v16.2d, v31.2d, #19\n"				\
	"xar\tv16.2d, v5.2d, v30.2d, #28\n"				\
	"xar\tv5.2d, v25.2d, v28.2d, #36\n"				\
	"xar\tv4.2d, v9.2d, v29.2d, #50\n"				\
	"xar\tv9.2d, v22.2d, v27.2d, #3\n"				\
	"xar\tv22.2d, v24.2d, v29.2d, #25\n"				\
	"xar\tv24.2d, v21.2d, v31.2d, #62\n"				\
	"xar\tv21.2d, v3.2d, v28.2d, #9\n"				\
	"xar\tv3.2d, v13.2d, v28.2d, #43\n"				\
	"xar\tv13.2d, v14.2d, v29.2d, #56\n"				\
	"xar\tv14.2d, v20.2d, v30.2d, #46\n"				\
	"xar\tv20.2d, v2.2d, v27.2d, #2\n"				\
	"xar\tv2.2d, v12.2d, v27.2d, #21\n"				\
	"xar\tv12.2d, v23.2d, v28.2d, #39\n"				\
	"xar\tv23.2d, v15.2d, v30.2d, #23\n"				\
	"xar\tv15.2d, v26.2d, v29.2d, #37\n"				\
	"bcax\tv25.16b, v3.16b, v0.16b, v4.16b\n"			\
	"bcax\tv26.16b, v4.16b, v1.16b, v0.16b\n"			\
	"bcax\tv0.16b, v0.16b, v2.16b, v1.16b\n"			\
	"bcax\tv1.16b, v1.16b, v3.16b, v2.16b\n"			\
	"bcax\tv2.16b, v2.16b, v4.16b, v3.16b\n"			\
	"bcax\tv3.16b, v8.16b, v5.16b, v9.16b\n"			\
	"bcax\tv4.16b, v9.16b, v6.16b, v5.16b\n"			\
	"bcax\tv5.16b, v5.16b, v7.16b, v6.16b\n"			\
	"bcax\tv6.16b, v6.16b, v8.16b, v7.16b\n"			\
	"bcax\tv7.16b, v7.16b, v9.16b, v8.16b\n"			\
	"bcax\tv8.16b, v23.16b, v20.16b, v24.16b\n"			\
	"bcax\tv9.16b, v24.16b, v21.16b, v20.16b\n"			\
	"bcax\tv20.16b, v20.16b, v22.16b, v21.16b\n"			\
	"bcax\tv21.16b, v21.16b, v23.16b, v22.16b\n"			\
	"bcax\tv22.16b, v22.16b, v24.16b, v23.16b\n"			\
	"bcax\tv23.16b, v13.16b, v10.16b, v14.16b\n"			\
	"bcax\tv24.16b, v14.16b, v11.16b, v10.16b\n"			\
	"bcax\tv10.16b, v10.16b, v12.16b, v11.16b\n"			\
	"bcax\tv11.16b, v11.16b, v13.16b, v12.16b\n"			\
	"bcax\tv12.16b, v12.16b, v14.16b, v13.16b\n"			\
	"bcax\tv13.16b, v18.16b, v15.16b, v19.16b\n"			\
	"bcax\tv14.16b, v19.16b, v16.16b, v15.16b\n"			\
	"bcax\tv15.16b, v15.16b, v17.16b, v16.16b\n"			\
	"bcax\tv16.16b, v16.16b, v18.16b, v17.16b\n"			\
	"bcax\tv17.16b, v17.16b, v19.16b, v18.16b\n"			\
	"ld1r\t{v31.2d}, [%[rc]], #8\n"					\
	"eor\tv0.16b, v0.16b, v31.16b\n"

#define KECCAK_ROUND_PLAIN						\
	"eor\tv18.16b, v0.16b, v5.16b\n"				\
	"eor\tv18.16b, v18.16b, v10.16b\n"				\
	"eor\tv18.16b, v18.16b, v15.16b\n"				\
	"eor\tv18.16b, v18.16b, v20.16b\n"				\
	"eor\tv27.16b, v1.16b, v6.16b\n"				\
	"eor\tv27.16b, v27.16b, v11.16b\n"				\
	"eor\tv27.16b, v27.16b, v16.16b\n"				\
	"eor\tv27.16b, v27.16b, v21.16b\n"				\
	"eor\tv28.16b, v2.16b, v7.16b\n"				\
	"eor\tv28.16b, v28.16b, v12.16b\n"				\
	"eor\tv28.16b, v28.16b, v17.16b\n"				\
	"eor\tv28.16b, v28.16b, v22.16b\n"				\
	"eor\tv29.16b, v25.16b, v3.16b\n"				\
	"eor\tv29.16b, v29.16b, v23.16b\n"				\
	"eor\tv29.16b, v29.16b, v13.16b\n"				\
	"eor\tv29.16b, v29.16b, v8.16b\n"				\
	"eor\tv19.16b, v26.16b, v4.16b\n"				\
	"eor\tv19.16b, v19.16b, v24.16b\n"				\
	"eor\tv19.16b, v19.16b, v14.16b\n"				\
	"eor\tv19.16b, v19.16b, v9.16b\n"				\
	"shl\tv30.2d, v27.2d, #1\n"					\
	"sri\tv30.2d, v27.2d, #63\n"					\
	"eor\tv30.16b, v30.16b, v19.16b\n"				\
	"eor\tv0.16b, v0.16b, v30.16b\n"				\
	"eor\tv5.16b, v5.16b, v30.16b\n"				\
	"eor\tv10.16b, v10.16b, v30.16b\n"				\
	"eor\tv15.16b, v15.16b, v30.16b\n"				\
	"eor\tv20.16b, v20.16b, v30.16b\n"				\
	"shl\tv30.2d, v28.2d, #1\n"					\
	"sri\tv30.2d, v28.2d, #63\n"					\
	"eor\tv30.16b, v30.16b, v18.16b\n"				\
	"eor\tv1.16b, v1.16b, v30.16b\n"				\
	"eor\tv6.16b, v6.16b, v30.16b\n"				\
	"eor\tv11.16b, v11.16b, v30.16b\n"				\
	"eor\tv16.16b, v16.16b, v30.16b\n"				\
	"eor\tv21.16b, v21.16b, v30.16b\n"				\
	"shl\tv30.2d, v29.2d, #1\n"					\
	"sri\tv30.2d, v29.2d, #63\n"					\
	"eor\tv30.16b, v30.16b, v27.16b\n"				\
	"eor\tv2.16b, v2.16b, v30.16b\n"				\
	"eor\tv7.16b, v7.16b, v30.16b\n"				\
	"eor\tv12.16b, v12.16b, v30.16b\n"				\
	"eor\tv17.16b, v17.16b, v30.16b\n"				\
	"eor\tv22.16b, v22.16b, v30.16b\n"				\
	"shl\tv30.2d, v19.2d, #1\n"					\
	"sri\tv30.2d, v19.2d, #63\n"					\
	"eor\tv30.16b, v30.16b, v28.16b\n"				\
	"eor\tv25.16b, v25.16b, v30.16b\n"				\
	"eor\tv3.16b, v3.16b, v30.16b\n"				\
	"eor\tv23.16b, v23.16b, v30.16b\n"				\
	"eor\tv13.16b, v13.16b, v30.16b\n"				\
	"eor\tv8.16b, v8.16b, v30.16b\n"				\
	"shl\tv30.2d, v18.2d, #1\n"					\
	"sri\tv30.2d, v18.2d, #63\n"					\
	"eor\tv30.16b, v30.16b, v29.16b\n"				\
	"eor\tv26.16b, v26.16b, v30.16b\n"				\
	"eor\tv4.16b, v4.16b, v30.16b\n"				\
	"eor\tv24.16b, v24.16b, v30.16b\n"				\
	"eor\tv14.16b, v14.16b, v30.16b\n"				\
	"eor\tv9.16b, v9.16b, v30.16b\n"				\
	"shl\tv18.2d, v17.2d, #15\n"					\
	"sri\tv18.2d, v17.2d, #49\n"					\
	"shl\tv17.2d, v11.2d, #10\n"					\
	"sri\tv17.2d, v11.2d, #54\n"					\
	"shl\tv11.2d, v7.2d, #6\n"					\
	"sri\tv11.2d, v7.2d, #58\n"					\
	"shl\tv7.2d, v10.2d, #3\n"					\
	"sri\tv7.2d, v10.2d, #61\n"					\
	"shl\tv10.2d, v1.2d, #1\n"					\
	"sri\tv10.2d, v1.2d, #63\n"					\
	"shl\tv1.2d, v6.2d, #44\n"					\
	"sri\tv1.2d, v6.2d, #20\n"					\
	"shl\tv6.2d, v4.2d, #20\n"					\
	"sri\tv6.2d, v4.2d, #44\n"					\
	"shl\tv19.2d, v8.2d, #56\n"					\
	"sri\tv19.2d, v8.2d, #8\n"					\
	"shl\tv8.2d, v16.2d, #45\n"					\
	"sri\tv8.2d, v16.2d, #19\n"					\
	"shl\tv16.2d, v5.2d, #36\n"					\
	"sri\tv16.2d, v5.2d, #28\n"					\
	"shl\tv5.2d, v25.2d, #28\n"					\
	"sri\tv5.2d, v25.2d, #36\n"					\
	"shl\tv4.2d, v9.2d, #14\n"					\
	"sri\tv4.2d, v9.2d, #50\n"					\
	"shl\tv9.2d, v22.2d, #61\n"					\
	"sri\tv9.2d, v22.2d, #3\n"					\
	"shl\tv22.2d, v24.2d, #39\n"					\
	"sri\tv22.2d, v24.2d, #25\n"					\
	"shl\tv24.2d, v21.2d, #2\n"					\
	"sri\tv24.2d, v21.2d, #62\n"					\
	"shl\tv21.2d, v3.2d, #55\n"					\
	"sri\tv21.2d, v3.2d, #9\n"					\
	"shl\tv3.2d, v13.2d, #21\n"					\
	"sri\tv3.2d, v13.2d, #43\n"					\
	"shl\tv13.2d, v14.2d, #8\n"					\
	"sri\tv13.2d, v14.2d, #56\n"					\
	"shl\tv14.2d, v20.2d, #18\n"					\
	"sri\tv14.2d, v20.2d, #46\n"					\
	"shl\tv20.2d, v2.2d, #62\n"					\
	"sri\tv20.2d, v2.2d, #2\n"					\
	"shl\tv2.2d, v12.2d, #43\n"					\
	"sri\tv2.2d, v12.2d, #21\n"					\
	"shl\tv12.2d, v23.2d, #25\n"					\
	"sri\tv12.2d, v23.2d, #39\n"					\
	"shl\tv23.2d, v15.2d, #41\n"					\
	"sri\tv23.2d, v15.2d, #23\n"					\
	"shl\tv15.2d, v26.2d, #27\n"					\
	"sri\tv15.2d, v26.2d, #37\n"					\
	"bic\tv25.16b, v0.16b, v4.16b\n"				\
	"eor\tv25.16b, v3.16b, v25.16b\n"				\
	"bic\tv26.16b, v1.16b, v0.16b\n"				\
	"eor\tv26.16b, v4.16b, v26.16b\n"				\
	"bic\tv30.16b, v2.16b, v1.16b\n"				\
	"eor\tv0.16b, v0.16b, v30.16b\n"				\
	"bic\tv30.16b, v3.16b, v2.16b\n"				\
	"eor\tv1.16b, v1.16b, v30.16b\n"				\
	"bic\tv30.16b, v4.16b, v3.16b\n"				\
	"eor\tv2.16b, v2.16b, v30.16b\n"				\
	"bic\tv3.16b, v5.16b, v9.16b\n"					\
	"eor\tv3.16b, v8.16b, v3.16b\n"					\
	"bic\tv4.16b, v6.16b, v5.16b\n"					\
	"eor\tv4.16b, v9.16b, v4.16b\n"					\
	"bic\tv30.16b, v7.16b, v6.16b\n"				\
	"eor\tv5.16b, v5.16b, v30.16b\n"				\
	"bic\tv30.16b, v8.16b, v7.16b\n"				\
	"eor\tv6.16b, v6.16b, v30.16b\n"				\
	"bic\tv30.16b, v9.16b, v8.16b\n"				\
	"eor\tv7.16b, v7.16b, v30.16b\n"				\
	"bic\tv8.16b, v20.16b, v24.16b\n"				\
	"eor\tv8.16b, v23.16b, v8.16b\n"				\
	"bic\tv9.16b, v21.16b, v20.16b\n"				\
	"eor\tv9.16b, v24.16b, v9.16b\n"				\
	"bic\tv30.16b, v22.16b, v21.16b\n"				\
	"eor\tv20.16b, v20.16b, v30.16b\n"				\
	"bic\tv30.16b, v23.16b, v22.16b\n"				\
	"eor\tv21.16b, v21.16b, v30.16b\n"				\
	"bic\tv30.16b, v24.16b, v23.16b\n"				\
	"eor\tv22.16b, v22.16b, v30.16b\n"				\
	"bic\tv23.16b, v10.16b, v14.16b\n"				\
	"eor\tv23.16b, v13.16b, v23.16b\n"				\
	"bic\tv24.16b, v11.16b, v10.16b\n"				\
	"eor\tv24.16b, v14.16b, v24.16b\n"				\
	"bic\tv30.16b, v12.16b, v11.16b\n"				\
	"eor\tv10.16b, v10.16b, v30.16b\n"				\
	"bic\tv30.16b, v13.16b, v12.16b\n"				\
	"eor\tv11.16b, v11.16b, v30.16b\n"				\
	"bic\tv30.16b, v14.16b, v13.16b\n"				\
	"eor\tv12.16b, v12.16b, v30.16b\n"				\
	"bic\tv13.16b, v15.16b, v19.16b\n"				\
	"eor\tv13.16b, v18.16b, v13.16b\n"				\
	"bic\tv14.16b, v16.16b, v15.16b\n"				\
	"eor\tv14.16b, v19.16b, v14.16b\n"				\
	"bic\tv30.16b, v17.16b, v16.16b\n"				\
	"eor\tv15.16b, v15.16b, v30.16b\n"				\
	"bic\tv30.16b, v18.16b, v17.16b\n"				\
	"eor\tv16.16b, v16.16b, v30.16b\n"				\
	"bic\tv30.16b, v19.16b, v18.16b\n"				\
	"eor\tv17.16b, v17.16b, v30.16b\n"				\
	"ld1r\t{v31.2d}, [%[rc]], #8\n"					\
	"eor\tv0.16b, v0.16b, v31.16b\n"

#define KECCAK_CLOBBERS							\
	"v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",	\
	"v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18",	\
	"v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27",	\
	"v28", "v29", "v30", "v31", "cc", "memory"

void vgc_keccak_x2_plain(u64 *s)
{
	const u64 *rc = keccak_x2_rc;
	unsigned long n = 12;

	__asm__ __volatile__(KECCAK_LOAD
			     "1:\n"
			     KECCAK_ROUND_PLAIN
			     KECCAK_ROUND_PLAIN
			     "subs\t%[n], %[n], #1\n"
			     "b.ne\t1b\n"
			     KECCAK_STORE
			     : [rc] "+r" (rc), [n] "+r" (n)
			     : [s] "r" (s)
			     : KECCAK_CLOBBERS);
}

/* the assembler needs the extension enabled for this function */
__attribute__((target("arch=armv8.2-a+sha3")))
void vgc_keccak_x2_sha3(u64 *s)
{
	const u64 *rc = keccak_x2_rc;
	unsigned long n = 12;

	__asm__ __volatile__(KECCAK_LOAD
			     "1:\n"
			     KECCAK_ROUND_SHA3
			     KECCAK_ROUND_SHA3
			     "subs\t%[n], %[n], #1\n"
			     "b.ne\t1b\n"
			     KECCAK_STORE
			     : [rc] "+r" (rc), [n] "+r" (n)
			     : [s] "r" (s)
			     : KECCAK_CLOBBERS);
}

/* ---- the choice, made once ---- */

static bool keccak_x2_sha3;

void vgc_keccak_x2_select(bool sha3)
{
	WRITE_ONCE(keccak_x2_sha3, sha3);
}

bool vgc_keccak_x2_uses_sha3(void)
{
	return READ_ONCE(keccak_x2_sha3);
}

void vgc_keccak_x2_neon(u64 *s)
{
	if (READ_ONCE(keccak_x2_sha3))
		vgc_keccak_x2_sha3(s);
	else
		vgc_keccak_x2_plain(s);
}
