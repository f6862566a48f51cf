#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# anchor-copy.sh SRC DST: copy the pinned mlkem-native (read-only, in
# ../shared/anchors) to a build directory, where its example build can
# write. The anchor's symbolic links were stored as small text files that
# hold the link target; each file whose whole content is a relative path
# that exists from the file's folder becomes that link again.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 SRC DST" >&2; exit 2; }
src=$1
dst=$2
[ -d "$src" ] || { echo "$0: no $src" >&2; exit 1; }
rm -rf "$dst"
mkdir -p "$(dirname "$dst")"
cp -R "$src" "$dst"
chmod -R u+w "$dst"
find "$dst" -type f -size -200c | while read -r f; do
	target=$(cat "$f")
	case $target in
	*[!A-Za-z0-9._/-]* | "" | /*) continue ;;
	esac
	if [ -e "$(dirname "$f")/$target" ]; then
		rm "$f"
		ln -s "$target" "$f"
	fi
done
