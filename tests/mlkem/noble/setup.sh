#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Install @noble/post-quantum (pinned in package.json here) into the cache
# outside the tree, once per version of package.json, and print the
# node_modules directory. Installs Debian's nodejs and npm when node or
# npm is missing. Progress goes to stderr.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# the same cache as scripts/lib.sh
cache=${VGCRYPTO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vgcrypto}

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	sudo=
	[ "$(id -u)" = 0 ] || sudo=sudo
	echo "noble: installing nodejs and npm" >&2
	$sudo apt-get update -q >&2
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q \
		--no-install-recommends nodejs npm >&2
fi

key=$(sha256sum "$here/package.json" | cut -c1-12)
ver=$(sed -n 's/.*"@noble\/post-quantum": "\([^"]*\)".*/\1/p' "$here/package.json")
dir=$cache/npm-noble/$ver-$key
if [ ! -f "$dir/.installed" ]; then
	echo "noble: npm install @noble/post-quantum@$ver into $dir" >&2
	# installed beside, then renamed: an interrupted install is not used
	tmp=$dir.tmp.$$
	rm -rf "$tmp"
	mkdir -p "$tmp"
	cp "$here/package.json" "$tmp/package.json"
	(cd "$tmp" && npm install --no-audit --no-fund --no-save \
		--loglevel=error >&2)
	touch "$tmp/.installed"
	rm -rf "$dir"
	mv "$tmp" "$dir"
fi
echo "$dir/node_modules"
