#!/usr/bin/env bash
# The packages tier, which test.sh runs on Debian 12: the Debian packages built by dpkg-buildpackage with
# Debian's Swift in the Debian 13 root (Scripts/debian-package.sh: lintian's errors fail it), installed with apt
# into a fresh Debian 13 root and tested there by their own tests (Scripts/debian-package-checks.sh: the panel
# program on weston, its screen compared; a C program from the -dev package alone). amd64, and with --arm64
# also arm64: cross-built, installed and tested in a fresh arm64 root under qemu-user.
#
#   bash Scripts/test-debian-package.sh [--arm64]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
as_root=()
if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || { echo "test-debian-package: needs root or sudo (debootstrap, chroot)" >&2; exit 1; }
    as_root=(sudo)
fi
architectures=(amd64)
[[ "${1:-}" == --arm64 ]] && architectures+=(arm64)
for architecture in "${architectures[@]}"; do
    "${as_root[@]}" bash Scripts/debian-package.sh "$architecture"
    root=trixie-fresh
    [[ "$architecture" == arm64 ]] && root=trixie-arm64-fresh
    "${as_root[@]}" bash Scripts/debian-root.sh "$root" bash Scripts/debian-package-checks.sh "$architecture"
done
