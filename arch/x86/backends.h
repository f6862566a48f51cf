/* SPDX-License-Identifier: GPL-2.0-only */
/* The x86-64 back ends (arch/x86/backends.c), fastest first in use. */
#ifndef VGC_X86_BACKENDS_H
#define VGC_X86_BACKENDS_H

#include "chacha20poly1305.h"

extern const struct vgc_cp_backend vgc_cp_backend_avx512;
extern const struct vgc_cp_backend vgc_cp_backend_avx512_noifma;
extern const struct vgc_cp_backend vgc_cp_backend_avx2;
extern const struct vgc_cp_backend vgc_cp_backend_ssse3;

/* Can this CPU (and OS) run it? If not, *why says what is missing. */
bool vgc_x86_avx512_usable(const char **why);
bool vgc_x86_avx512_noifma_usable(const char **why);
bool vgc_x86_avx2_usable(const char **why);
bool vgc_x86_ssse3_usable(const char **why);

#endif /* VGC_X86_BACKENDS_H */
