// SPDX-License-Identifier: GPL-2.0-only
/*
 * For mlkem_primbench only, built at bench time against a copy of the
 * pinned mlkem-native (../shared/anchors, a yardstick: none of its code
 * is in the project): its single C unit, included as its example does,
 * and the constant tables its AVX2 assembly takes as arguments, which
 * that unit keeps static.
 */
#include <linux/types.h>

#include "mlkem_native_all.c"

const __s16 *const mlkn_qdata = mlkem_qdata;

const __u8 *const mlkn_compress_data[12] = {
	[4] = mlkem_compress_d4_data, [5] = mlkem_compress_d5_data,
	[10] = mlkem_compress_d10_data, [11] = mlkem_compress_d11_data,
};

const __u8 *const mlkn_decompress_data[12] = {
	[4] = mlkem_decompress_d4_data, [5] = mlkem_decompress_d5_data,
	[10] = mlkem_decompress_d10_data, [11] = mlkem_decompress_d11_data,
};
