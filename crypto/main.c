// SPDX-License-Identifier: GPL-2.0-only
/*
 * vgcrypto: module load and unload. Every self-check runs before the first
 * algorithm is registered, so a module that fails one leaves nothing
 * registered behind (an algorithm unregistered right after registration
 * may still be held by its self-test, on kernels that test
 * asynchronously). Then each algorithm family registers one driver set
 * per back end this CPU can run and backends= selects.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "vgc_glue.h"

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

static int __init vgc_init(void)
{
	unsigned int n;
	int err;

	n = vgc_aead_prepare();
	n += vgc_mlkem_prepare();
	if (!n) {
		pr_err("backends=%s names no back end this CPU can run\n",
		       backends);
		return -ENODEV;
	}
	err = vgc_aead_selftest() ?: vgc_mlkem_selftest();
	if (err)
		return err;

	err = vgc_aead_register();
	if (err)
		return err;
	err = vgc_mlkem_register();
	if (err)
		vgc_aead_unregister();
	return err;
}

static void __exit vgc_exit(void)
{
	vgc_mlkem_unregister();
	vgc_aead_unregister();
}

module_init(vgc_init);
module_exit(vgc_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("One-pass ChaCha20-Poly1305 AEAD (RFC 8439) and ML-KEM (FIPS 203) for the crypto API");
