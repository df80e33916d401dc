#!/usr/bin/env bash
# The packages tier, which test.sh runs on Debian 12: the Debian packages built by dpkg-buildpackage with
# Debian's Swift in the Debian 13 root (Scripts/debian-package.sh: lintian's errors fail it), installed with apt
# into a fresh Debian 13 root and tested there by their own tests (Scripts/debian-package-checks.sh: the panel
# program on weston, its screen compared; a C program from the -dev package alone). amd64, and with --arm64
# also arm64: cross-built, installed and tested in a fresh arm64 root under qemu-user. There the root is a copy
# of a testbed (Scripts/debian-root.sh) that holds the tools the tests use (autopkgtest, weston, a C compiler:
# each test's Depends but this package's own), installed once: emulated, their installation took ten of the
# arm64 half's fifteen minutes. apt still resolves the packages' dependencies from a bare root's package list
# there, and the amd64 root is bare.
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
# The testbed's tools: autopkgtest's and what debian/tests/control names but the packages debian/control builds.
testbed_tools() {
    {
        echo autopkgtest dpkg-dev
        sed -n 's/^Depends: *//p' debian/tests/control | tr ',' '\n'
    } | tr ' ' '\n' | sed '/^$/d' | grep -vxF -f <(sed -n 's/^Package: *//p' debian/control) | sort -u
}
for architecture in "${architectures[@]}"; do
    "${as_root[@]}" bash Scripts/debian-package.sh "$architecture"
    root=trixie-fresh
    if [[ "$architecture" == arm64 ]]; then
        # Installed by install-deps.sh, which installs what the testbed lacks of the list (nothing, once made).
        tools=".build-debian/arm64/testbed-tools.txt"
        testbed_tools >"$tools"
        "${as_root[@]}" bash Scripts/debian-root.sh trixie-arm64-testbed bash Scripts/install-deps.sh "$tools"
        root=trixie-arm64-testbed-fresh
    fi
    "${as_root[@]}" bash Scripts/debian-root.sh "$root" bash Scripts/debian-package-checks.sh "$architecture"
done
