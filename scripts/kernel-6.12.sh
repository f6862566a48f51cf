#!/bin/bash
# scripts/kernel-6.12.sh - Debian's stock 6.12 amd64 kernel: scripts/kernel.sh 6.12.
#
# usage: scripts/kernel-6.12.sh headers|image|modules|vmlinux|kver|version|source
exec "$(dirname "$0")/kernel.sh" 6.12 "$@"
