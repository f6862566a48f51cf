#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# checkpatch.pl --strict (from Debian's linux-source-6.1) over every C and
# assembly source the module and its tests are built from; one test per
# file. Generated files are not ours to style and are left out.
# LINUX_VERSION_CODE is ignored: an out-of-tree module supports several
# releases and must guard their differences (checkpatch assumes in-tree).
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1

src=$("$root/scripts/fetch/kernel.sh" 6.1 source) || {
	echo "checkpatch: linux-source-6.1 unavailable"
	echo "0 passed, 1 failed"
	exit 1
}

pass=0 fail=0
while read -r f; do
	if out=$(perl "$src/scripts/checkpatch.pl" --root="$src" --no-tree --strict \
		--terse --show-types --ignore LINUX_VERSION_CODE -f "$f" 2>&1) && ! grep -qE '(ERROR|WARNING|CHECK):' <<<"$out"; then
		pass=$((pass + 1))
	else
		echo "not ok - $f"
		grep -E '(ERROR|WARNING|CHECK):' <<<"$out"
		fail=$((fail + 1))
	fi
done < <(git ls-files --cached --others --exclude-standard \
	'lib/*.[chS]' 'crypto/*.[ch]' 'arch/*.[chS]' 'kunit/*.[ch]' \
	'tests/*.[ch]' 'include/*.h' | sort | while read -r f; do
		# the harness's kernel header names are links to kcompat.h
		[[ -L $f ]] || echo "$f"
	done)

echo "checkpatch: $pass passed, $fail failed"
((fail == 0))
