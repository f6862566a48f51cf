/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Back-end selection (crypto/backend_select.c), for the families'
 * registration code and module load.
 */
#ifndef VGC_BACKEND_SELECT_H
#define VGC_BACKEND_SELECT_H

#include <linux/types.h>

/*
 * Whether back end @name (of a family, "" or "ML-KEM ", for the log) is
 * to be registered: this CPU can run it (@usable NULL: any can) and the
 * backends= parameter names it. Logs one line when it is not.
 */
bool vgc_backend_selected(const char *family, const char *name,
			  bool (*usable)(const char **why));

/*
 * After a family registered its @n back ends: one line for the family
 * (names and priorities) and @what, at pr_info; one per back end at
 * pr_debug.
 */
void vgc_log_registered(const char *family, const char *what,
			const char *const *names, const int *prios,
			unsigned int n);

/* the backends= parameter as given (NULL when unset) */
const char *vgc_backends_param(void);

#endif /* VGC_BACKEND_SELECT_H */
