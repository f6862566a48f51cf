#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# usage: scripts/check/docs.sh
#
# The documentation against the tree: README.md and docs/*.md are read,
# nothing they show is run. Checked:
#
# - README.md is at most 250 lines (the front page; the rest is docs/).
# - Every repository path they name exists: each word in `backticks` or
#   in a fenced block (but C code) that starts with a top-level entry of
#   the repository (Kbuild, Kconfig, Makefile, README.md, dkms.conf,
#   arch/, crypto/, debian/, docs/, include/, kunit/, lib/, scripts/,
#   tests/, .ci/), less a trailing :LINE, #anchor or punctuation. A glob,
#   or a <placeholder> (read as *), must match at least one file. Outputs
#   (build/, kunit/generated/) and the paths in Linux's own tree that the
#   docs name (linux_paths below) are not looked for. Every Markdown link
#   that is not a URL must resolve from the linking file, and its #anchor
#   must be a heading of the file it names.
# - Every command they show "runs as written". That is a static check,
#   not a run (several of them install packages, load modules, enroll
#   keys or reboot): each line of a ```sh, bash, shell or console block
#   ("\" continuations joined, comment lines skipped, a "$ " prompt
#   dropped; in console blocks "# " is a root prompt and other lines are
#   output), with <placeholders> and "..." replaced by a word, must pass
#   `bash -n`, and each simple command in it (split at |, ||, &&, ;, &)
#   must start with a make target that the Makefile named (./Makefile, or
#   DIR/Makefile for make -C DIR) defines, read from the Makefile's text,
#   not by running make; a repository script that exists and is
#   executable; or a program that `command -v` finds here (PATH with the
#   sbin directories) or that the allowlist below names. Commands are
#   taken to run from the repository's root. Arguments, options and what
#   a command does are not checked.
#
# One "ok"/"not ok" line per path, link and command (file:line and what
# is wrong); last line "docs: N passed, N failed".
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1

# Debian tools the docs show for an installed system (DKMS, Secure Boot,
# loading, IPsec, sysctl) that a build machine, or a container, may not
# have installed: the docs may name them without this machine having
# them.
allow=" dkms mokutil modinfo modprobe insmod rmmod ip sysctl reboot sign-file openssl "
# paths in Linux's source tree (linux-source-6.1) that the docs name in
# backticks: not this repository's
linux_paths=" arch/x86/crypto arch/arm64/crypto/chacha-neon-core.S "

pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
notok() { echo "not ok - $*"; fail=$((fail + 1)); }

docs=(README.md)
if compgen -G 'docs/*.md' >/dev/null; then
	docs+=(docs/*.md)
else
	notok "docs/: no Markdown file"
fi

n=$(wc -l <README.md)
if ((n <= 250)); then
	ok "README.md: $n lines (at most 250)"
else
	notok "README.md: $n lines, over 250: move the detail into docs/"
fi

# Records, tab-separated: KIND FILE LINE TEXT. P: a word from a code
# span or a fenced block; L: a link target; C: a shown command; H: a
# heading.
extract() {
	awk '
	function emit(kind, ln, text) {
		gsub(/\t/, " ", text)
		printf "%s\t%s\t%d\t%s\n", kind, FILENAME, ln, text
	}
	function words(ln, s,    n, a, i) {
		n = split(s, a, /[ \t]+/)
		for (i = 1; i <= n; i++)
			if (a[i] != "")
				emit("P", ln, a[i])
	}
	FNR == 1 { infence = 0; carry = ""; cmd = "" }
	/^[ \t]*```/ {
		if (!infence) {
			infence = 1
			lang = $0
			sub(/^[ \t]*```+[ \t]*/, "", lang)
			sub(/[ \t{].*/, "", lang)
			carry = ""
		} else {
			infence = 0
			if (cmd != "")
				emit("C", cmdln, cmd)
			cmd = ""
		}
		next
	}
	infence {
		if (lang != "c")
			words(FNR, $0)
		if (lang !~ /^(sh|bash|shell|console)$/)
			next
		t = $0
		sub(/^[ \t]+/, "", t)
		if (cmd == "") {
			if (lang == "console") {
				if (t !~ /^[$#] /)
					next
				t = substr(t, 3)
			} else {
				if (t ~ /^\$ /)
					t = substr(t, 3)
				if (t ~ /^#/)
					next
			}
			if (t == "")
				next
			cmdln = FNR
		}
		if (t ~ /\\$/) {
			cmd = cmd substr(t, 1, length(t) - 1) " "
			next
		}
		emit("C", cmdln, cmd t)
		cmd = ""
		next
	}
	/^#+ / {
		h = $0
		sub(/^#+ +/, "", h)
		emit("H", FNR, h)
	}
	/^[ \t]*$/ { carry = ""; next }
	{
		s = $0
		if (carry == "")
			sl = FNR
		else
			s = carry " " s
		carry = ""
		while (match(s, /`[^`]*`/)) {
			words(sl, substr(s, RSTART + 1, RLENGTH - 2))
			s = substr(s, RSTART + RLENGTH)
		}
		if (index(s, "`"))
			carry = substr(s, index(s, "`"))
		s = $0
		while (match(s, /\]\([^) ]+\)/)) {
			emit("L", FNR, substr(s, RSTART + 2, RLENGTH - 3))
			s = substr(s, RSTART + RLENGTH)
		}
	}' "$@"
}

# GitHub's anchor for a heading
slug() {
	local s=${1,,}
	s=${s//[^a-z0-9 _-]/}
	printf '%s\n' "${s// /-}"
}

declare -A anchors=() seen=()
mapfile -t recs < <(extract "${docs[@]}")
for r in "${recs[@]}"; do
	IFS=$'\t' read -r kind file line text <<<"$r"
	[[ $kind == H ]] && anchors[$file#$(slug "$text")]=1
done

check_path() {
	local file=$1 line=$2 t=$3
	t=${t#[\(\"\']}
	t=${t%%#*}
	t=$(sed -E 's/[].,;:)"'\'']+$//; s/:[0-9]+(-[0-9]+)?$//' <<<"$t")
	t=${t#./}
	case $t in
	Kbuild | Kconfig | Makefile | README.md | dkms.conf) ;;
	arch/* | crypto/* | debian/* | docs/* | include/* | kunit/* | lib/* | \
		scripts/* | tests/* | .ci/*) ;;
	*) return ;;
	esac
	case $t in kunit/generated* | *'$'*) return ;; esac
	[[ $linux_paths != *" ${t%/} "* ]] || return
	[[ -z ${seen[$file:$t]:-} ]] || return
	seen[$file:$t]=1
	# a <placeholder> stands for any name
	t=$(sed -E 's/<[^<>]*>/*/g' <<<"$t")
	if [[ $t == *[\*\?\[]* ]]; then
		if compgen -G "$t" >/dev/null; then
			ok "$file:$line: $t matches"
		else
			notok "$file:$line: $t: no file matches"
		fi
	elif [[ -e $t ]]; then
		ok "$file:$line: $t exists"
	else
		notok "$file:$line: $t: no such file in the repository"
	fi
}

check_link() {
	local file=$1 line=$2 t=$3 path anchor
	case $t in http://* | https://* | mailto:*) return ;; esac
	path=${t%%#*}
	anchor=
	[[ $t != *#* ]] || anchor=${t#*#}
	if [[ -z $path ]]; then
		path=$file
	else
		path=$(realpath -m --relative-to="$root" "$(dirname "$file")/$path")
	fi
	if [[ ! -e $path ]]; then
		notok "$file:$line: link $t: $path does not exist"
	elif [[ -n $anchor && -z ${anchors[$path#$anchor]:-} ]]; then
		notok "$file:$line: link $t: no heading of $path has the anchor #$anchor"
	else
		ok "$file:$line: link $t"
	fi
}

# split_cmd LINE: its simple commands, one a line (at |, ||, &&, ;, &
# outside quotes and $(...); a comment ends the line)
split_cmd() {
	local s=$1 out='' q='' depth=0 i c
	for ((i = 0; i < ${#s}; i++)); do
		c=${s:i:1}
		if [[ -n $q ]]; then
			out+=$c
			if [[ $c == "$q" ]]; then
				q=
			elif [[ $c == "\\" && $q == '"' ]]; then
				out+=${s:i+1:1}
				i=$((i + 1))
			fi
			continue
		fi
		case $c in
		\' | \") q=$c out+=$c ;;
		\\) out+=$c${s:i+1:1} i=$((i + 1)) ;;
		'$')
			out+=$c
			if [[ ${s:i+1:1} == '(' ]]; then
				out+='(' depth=$((depth + 1)) i=$((i + 1))
			fi
			;;
		'(') out+=$c; ((depth == 0)) || depth=$((depth + 1)) ;;
		')') out+=$c; ((depth == 0)) || depth=$((depth - 1)) ;;
		'#')
			if ((depth == 0)) && [[ -z $out || $out == *[[:space:]] ]]; then
				break
			fi
			out+=$c
			;;
		'|' | ';' | '&')
			# >&2, 2>&1, &> are redirections
			if ((depth)) || [[ $c == '&' && ($out == *[\<\>] || ${s:i+1:1} == '>') ]]; then
				out+=$c
				continue
			fi
			printf '%s\n' "$out"
			out=
			[[ ${s:i+1:1} != [\|\&] ]] || i=$((i + 1))
			;;
		*) out+=$c ;;
		esac
	done
	printf '%s\n' "$out"
}

# make_targets MAKEFILE: the explicit targets its rules name (read, not
# run: make -n would still remake included makefiles)
declare -A targets=()
make_targets() {
	[[ -z ${targets[$1]:-} ]] || return 0
	targets[$1]=" $(awk '
		/^\t/ || /^#/ { next }
		match($0, /^[^:=#]+:/) && substr($0, RLENGTH + 1, 1) != "=" {
			n = split(substr($0, 1, RLENGTH - 1), a, /[ \t]+/)
			for (i = 1; i <= n; i++)
				if (a[i] != "" && a[i] !~ /[%$]/)
					printf "%s ", a[i]
		}' "$1") "
}

# check_simple CMD: why the simple command CMD would not run, if so
check_simple() {
	local -a w
	local dir=. mf='' t why='' i
	# a $(...) is one word here
	read -ra w < <(sed -E ':a; s/\$\([^()]*\)/X/g; ta' <<<"$1")
	# less its redirections
	local redir='^[0-9]*(<|>|>>|&>)$' redir_to='^[0-9]*(<|>|&>)' n=${#w[@]}
	for ((i = 0; i < n; i++)); do
		if [[ ${w[i]} =~ $redir ]]; then
			unset 'w[i]' 'w[i+1]'
			i=$((i + 1))
		elif [[ ${w[i]} =~ $redir_to ]]; then
			unset 'w[i]'
		fi
	done
	w=("${w[@]}")
	while ((${#w[@]})) && [[ ${w[0]} =~ ^[A-Za-z_][A-Za-z0-9_]*= || ${w[0]} == '!' ]]; do
		w=("${w[@]:1}")
	done
	((${#w[@]})) || return 0
	local cmd=${w[0]//[\"\']/}
	if [[ $cmd == make ]]; then
		local -a tg=()
		for ((i = 1; i < ${#w[@]}; i++)); do
			case ${w[i]} in
			-C) i=$((i + 1)) dir=${w[i]:-} ;;
			-C?*) dir=${w[i]#-C} ;;
			-f) i=$((i + 1)) mf=${w[i]:-} ;;
			-*) ;;
			*=*) ;;
			*) tg+=("${w[i]}") ;;
			esac
		done
		mf=${mf:-$dir/Makefile}
		[[ $mf == /* ]] || mf=${mf#./}
		if [[ ! -f $mf ]]; then
			echo "make: no $mf"
			return
		fi
		make_targets "$mf"
		for t in "${tg[@]}"; do
			[[ ${targets[$mf]} == *" $t "* ]] || why+="make: no target \"$t\" in $mf; "
		done
		[[ -z $why ]] || echo "${why%; }"
		return
	fi
	cmd=${cmd#./}
	case $cmd in
	scripts/* | tests/* | .ci/* | arch/* | kunit/* | debian/*)
		if [[ ! -f $cmd ]]; then
			echo "$cmd: no such script in the repository"
		elif [[ ! -x $cmd ]]; then
			echo "$cmd: not executable"
		fi
		return
		;;
	esac
	[[ $cmd != */* ]] || cmd=${cmd##*/}
	[[ $allow != *" $cmd "* ]] || return 0
	PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin bash --norc --noprofile -c \
		'command -v -- "$1" >/dev/null' _ "$cmd" ||
		echo "$cmd: no such program here (nor in docs.sh's allowlist)"
}

check_cmd() {
	local file=$1 line=$2 cmd=$3 dummy out why='' s r
	# placeholders stand for a word
	dummy=$(sed -E 's/<[^<>]*>/WORD/g; s/\.\.\./WORD/g' <<<"$cmd")
	if ! out=$(bash -n -c "$dummy" 2>&1); then
		out=${out%%$'\n'*}
		notok "$file:$line: $cmd: bash -n: ${out#bash: -c: }"
		return
	fi
	while IFS= read -r s; do
		r=$(check_simple "$s")
		[[ -z $r ]] || why+="$r; "
	done < <(split_cmd "$dummy")
	if [[ -z $why ]]; then
		ok "$file:$line: $cmd"
	else
		notok "$file:$line: $cmd: ${why%; }"
	fi
}

for r in "${recs[@]}"; do
	IFS=$'\t' read -r kind file line text <<<"$r"
	case $kind in
	P) check_path "$file" "$line" "$text" ;;
	L) check_link "$file" "$line" "$text" ;;
	C) check_cmd "$file" "$line" "$text" ;;
	esac
done

echo "docs: $pass passed, $fail failed"
((fail == 0))
