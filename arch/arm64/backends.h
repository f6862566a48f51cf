/* SPDX-License-Identifier: GPL-2.0-only */
/* The arm64 back ends (arch/arm64/backends.c). */
#ifndef VGC_ARM64_BACKENDS_H
#define VGC_ARM64_BACKENDS_H

#include "chacha20poly1305.h"

extern const struct vgc_cp_backend vgc_cp_backend_neon;

/* Can this CPU (and kernel) run it? If not, *why says what is missing. */
bool vgc_arm64_neon_usable(const char **why);

#endif /* VGC_ARM64_BACKENDS_H */
