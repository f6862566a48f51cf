#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/dkms/keep-symvers.sh - vgcrypto's DKMS POST_BUILD (dkms.conf):
# keeps the build's Module.symvers beside the built module, where DKMS
# keeps it itself from 3.1 on and Debian 12's 3.0 does not. The opt-in
# libchacha20poly1305 replacement's DKMS build (dkms-wireguard.conf) takes
# vgcrypto.ko's export CRCs from there instead of building it again.
# Best effort: DKMS 3.1 fails the build when this script fails, and
# without the copy that other build only takes longer (it builds
# vgcrypto.ko beside it for the CRCs), so nothing here fails.
#
# usage (DKMS, in its build directory): keep-symvers.sh MODULE-DIR
[ -d "$1" ] && [ -f Module.symvers ] && [ ! -f "$1/Module.symvers" ] &&
	install -m 0644 Module.symvers "$1/Module.symvers"
exit 0
