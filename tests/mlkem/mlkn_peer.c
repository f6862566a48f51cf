// SPDX-License-Identifier: GPL-2.0-only
/*
 * mlkn_peer.h's functions: compiled twice by the Makefile's bench rules,
 * with mlkem-native's own flags (-O3; for its AVX2 build also the flags
 * its host detection picks), inside a copy of its monolithic multilevel
 * example, whose mlkem_native_all.c holds all three parameter sets with
 * static API functions. MLKN_PREFIX (mlkn_avx2, mlkn_native, mlkn_c or mlkn_ck) names them.
 */
#include "mlkem_native_all.c"
#include "mlkn_peer.h"

#define MLKN_CAT2(a, b)	a##_##b
#define MLKN_CAT(a, b)	MLKN_CAT2(a, b)
#define MLKN(name)	MLKN_CAT(MLKN_PREFIX, name)

int MLKN(keypair)(unsigned int set, unsigned char *ek, unsigned char *dk,
		  const unsigned char seed[64])
{
	switch (set) {
	case 0:
		return mlkem512_keypair_derand(ek, dk, seed);
	case 1:
		return mlkem768_keypair_derand(ek, dk, seed);
	case 2:
		return mlkem1024_keypair_derand(ek, dk, seed);
	}
	return -1;
}

int MLKN(encaps)(unsigned int set, unsigned char *ct, unsigned char *ss,
		 const unsigned char *ek, const unsigned char m[32])
{
	switch (set) {
	case 0:
		return mlkem512_enc_derand(ct, ss, ek, m);
	case 1:
		return mlkem768_enc_derand(ct, ss, ek, m);
	case 2:
		return mlkem1024_enc_derand(ct, ss, ek, m);
	}
	return -1;
}

int MLKN(decaps)(unsigned int set, unsigned char *ss, const unsigned char *ct,
		 const unsigned char *dk)
{
	switch (set) {
	case 0:
		return mlkem512_dec(ss, ct, dk);
	case 1:
		return mlkem768_dec(ss, ct, dk);
	case 2:
		return mlkem1024_dec(ss, ct, dk);
	}
	return -1;
}
