// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs mlkem_ctgrind under valgrind memcheck: first the canary, which
 * must be reported (else the check is blind), then the real thing, which
 * must not be.
 */
#include <stdlib.h>	/* WIFEXITED, WEXITSTATUS for system() */
#include <string.h>

#include "mlkem_test.h"

static int run(const char *prog, const char *arg, const char *log)
{
	char cmd[8192];
	int st;

	snprintf(cmd, sizeof(cmd),
		 "valgrind --tool=memcheck --error-exitcode=99 --track-origins=yes --num-callers=30 -s '%s' --backend %s %s >'%s' 2>&1",
		 prog, mt_be->name, arg, log);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

void suite_ctgrind(const char *prog)
{
	const char *suite = "ct-valgrind";
	struct mt_tally t = { 0 };
	char log[4200];
	int rc;

	if (system("valgrind --version >/dev/null 2>&1")) {
		mt_missing(&t, suite, "valgrind");
		mt_report(suite, &t);
		return;
	}
	snprintf(log, sizeof(log), "%s-%s-canary.log", prog, mt_be->name);
	rc = run(prog, "--canary", log);
	mt_check(&t, rc == 99, suite,
		 "the deliberate secret branch was not reported (exit %d, %s): the check is blind",
		 rc, log);
	snprintf(log, sizeof(log), "%s-%s.log", prog, mt_be->name);
	rc = run(prog, "", log);
	mt_check(&t, rc == 0, suite,
		 "keygen/encaps/decaps: secret-dependent branch or address (exit %d), see %s",
		 rc, log);
	mt_report(suite, &t);
}
