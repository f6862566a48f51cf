// SPDX-License-Identifier: GPL-2.0-only
/*
 * The per-set functions of <vgcrypto/mlkem.h>, which allocate the work
 * area (GFP_KERNEL) and free it wiped, and may sleep: they wait for the
 * random pool to be seeded before they draw from it. The functions that take a caller's
 * work area are exported where they are defined (lib/mlkem.c).
 */
#include <linux/export.h>
#include <linux/slab.h>

#include <vgcrypto/mlkem.h>

#include "mlkem_backend.h"

static int alloc_keypair(enum vgc_mlkem_set set, u8 *ek, u8 *dk,
			 const u8 *seed)
{
	struct vgc_mlkem_work *w = kmalloc(sizeof(*w), GFP_KERNEL);
	size_t ekl = vgc_mlkem_ek_size(set), dkl = vgc_mlkem_dk_size(set);
	int err;

	if (!w)
		return -ENOMEM;
	if (seed)
		err = vgc_mlkem_keypair_derand(set, ek, ekl, dk, dkl, seed,
					       VGC_MLKEM_SEED_SIZE, w);
	else
		err = vgc_mlkem_wait_for_rng() ?:
		      vgc_mlkem_keypair(set, ek, ekl, dk, dkl, w);
	kfree_sensitive(w);
	return err;
}

static int alloc_encaps(enum vgc_mlkem_set set, u8 *ct, u8 *ss, const u8 *ek)
{
	struct vgc_mlkem_work *w = kmalloc(sizeof(*w), GFP_KERNEL);
	size_t ekl = vgc_mlkem_ek_size(set), ctl = vgc_mlkem_ct_size(set);
	int err;

	if (!w)
		return -ENOMEM;
	err = vgc_mlkem_wait_for_rng() ?:
	      vgc_mlkem_encaps(set, ct, ctl, ss, ek, ekl, w);
	kfree_sensitive(w);
	return err;
}

static int alloc_decaps(enum vgc_mlkem_set set, u8 *ss, const u8 *ct,
			const u8 *dk)
{
	struct vgc_mlkem_work *w = kmalloc(sizeof(*w), GFP_KERNEL);
	int err;

	if (!w)
		return -ENOMEM;
	err = vgc_mlkem_decaps(set, ss, ct, vgc_mlkem_ct_size(set), dk,
			       vgc_mlkem_dk_size(set), w);
	kfree_sensitive(w);
	return err;
}

int vgc_mlkem512_keypair(u8 *ek, u8 *dk, const u8 *seed)
{
	return alloc_keypair(VGC_MLKEM512, ek, dk, seed);
}
EXPORT_SYMBOL_GPL(vgc_mlkem512_keypair);

int vgc_mlkem768_keypair(u8 *ek, u8 *dk, const u8 *seed)
{
	return alloc_keypair(VGC_MLKEM768, ek, dk, seed);
}
EXPORT_SYMBOL_GPL(vgc_mlkem768_keypair);

int vgc_mlkem1024_keypair(u8 *ek, u8 *dk, const u8 *seed)
{
	return alloc_keypair(VGC_MLKEM1024, ek, dk, seed);
}
EXPORT_SYMBOL_GPL(vgc_mlkem1024_keypair);

int vgc_mlkem512_encaps(u8 *ct, u8 *ss, const u8 *ek)
{
	return alloc_encaps(VGC_MLKEM512, ct, ss, ek);
}
EXPORT_SYMBOL_GPL(vgc_mlkem512_encaps);

int vgc_mlkem768_encaps(u8 *ct, u8 *ss, const u8 *ek)
{
	return alloc_encaps(VGC_MLKEM768, ct, ss, ek);
}
EXPORT_SYMBOL_GPL(vgc_mlkem768_encaps);

int vgc_mlkem1024_encaps(u8 *ct, u8 *ss, const u8 *ek)
{
	return alloc_encaps(VGC_MLKEM1024, ct, ss, ek);
}
EXPORT_SYMBOL_GPL(vgc_mlkem1024_encaps);

int vgc_mlkem512_decaps(u8 *ss, const u8 *ct, const u8 *dk)
{
	return alloc_decaps(VGC_MLKEM512, ss, ct, dk);
}
EXPORT_SYMBOL_GPL(vgc_mlkem512_decaps);

int vgc_mlkem768_decaps(u8 *ss, const u8 *ct, const u8 *dk)
{
	return alloc_decaps(VGC_MLKEM768, ss, ct, dk);
}
EXPORT_SYMBOL_GPL(vgc_mlkem768_decaps);

int vgc_mlkem1024_decaps(u8 *ss, const u8 *ct, const u8 *dk)
{
	return alloc_decaps(VGC_MLKEM1024, ss, ct, dk);
}
EXPORT_SYMBOL_GPL(vgc_mlkem1024_decaps);
