#!/bin/bash
# scripts/kernel-6.1.sh - Debian's stock 6.1 amd64 kernel: scripts/kernel.sh 6.1.
#
# usage: scripts/kernel-6.1.sh headers|image|modules|vmlinux|kver|version|source
exec "$(dirname "$0")/kernel.sh" 6.1 "$@"
