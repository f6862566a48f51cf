// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which back ends each algorithm family registers (the backends=
 * parameter and what the CPU can run), and the log lines that say so:
 * shared by the families' registration code, apart from module load.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "backend_select.h"

static char *backends;
module_param(backends, charp, 0444);
MODULE_PARM_DESC(backends,
		 "comma-separated back ends to register (default: all this CPU can run), e.g. generic,avx2");

/* Is @name in the comma-separated backends= list (or is there no list)? */
static bool vgc_backend_wanted(const char *name)
{
	const char *p = backends;
	size_t len = strlen(name);

	if (!p || !*p)
		return true;
	while (*p) {
		if (!strncmp(p, name, len) && (p[len] == ',' || !p[len]))
			return true;
		p = strchrnul(p, ',');
		if (*p)
			p++;
	}
	return false;
}

bool vgc_backend_selected(const char *family, const char *name,
			  bool (*usable)(const char **why))
{
	const char *why;

	if (usable && !usable(&why)) {
		pr_info("%s%s back end not registered: %s\n", family, name, why);
		return false;
	}
	if (!vgc_backend_wanted(name)) {
		pr_info("%s%s back end not registered (backends=%s)\n", family,
			name, backends);
		return false;
	}
	return true;
}

void vgc_log_registered(const char *family, const char *what,
			const char *const *names, const int *prios,
			unsigned int n)
{
	char list[160];
	unsigned int i;
	int pos = 0;

	for (i = 0; i < n; i++) {
		pr_debug("registered %s %s back end (priority %d)\n", family,
			 names[i], prios[i]);
		pos += scnprintf(list + pos, sizeof(list) - pos, "%s%s (%d)",
				 i ? ", " : "", names[i], prios[i]);
	}
	if (n)
		pr_info("registered %s back ends %s; %s\n", family, list, what);
}

const char *vgc_backends_param(void)
{
	return backends;
}
