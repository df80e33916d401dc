#!/usr/bin/env bash
# Inside a fresh Debian 13 root (Scripts/test-debian-package.sh runs it there through Scripts/debian-root.sh):
# installs the packages .build-debian/ARCH holds with apt, which pulls their dependencies from the mirror as on
# a user's machine, then runs the package's own tests (debian/tests) with autopkgtest on that root as it is
# (its null runner: apt installs each test's Depends first). autopkgtest's report and artifacts (the screen the
# panel test took) go to .build-debian/ARCH/autopkgtest.
#
#   bash Scripts/debian-package-checks.sh amd64|arm64
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
architecture="${1:?usage: debian-package-checks.sh amd64|arm64}"
packages=".build-debian/$architecture"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
before="$(dpkg-query -W -f='${Package}\n' | wc -l)"
mapfile -t debs < <(ls "$packages"/libwaylandslider0_*.deb "$packages"/libwaylandslider-dev_*.deb "$packages"/slider-panel_*.deb)
# In a testbed (Scripts/debian-root.sh) the tests' tools are there already: what a bare root would install is
# resolved from the bare root's package list.
bare_status=/var/lib/waylandslider/bare-status
if [[ -e "$bare_status" ]]; then
    simulated="$(apt-get install --simulate -o Dir::State::status="$bare_status" "${debs[@]/#/./}" 2>&1)" || {
        echo "debian-package-checks: apt could not install the packages on a bare root:" >&2
        echo "$simulated" >&2
        exit 1
    }
    resolved="$(grep -c '^Inst ' <<<"$simulated" || true)"
    echo "debian-package-checks: from a bare root the three packages would install with $((resolved - 3)) dependencies"
fi
apt-get install -y -qq "${debs[@]/#/./}" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true
for package in libwaylandslider0 libwaylandslider-dev slider-panel; do
    dpkg-query -W -f='${Status}\n' "$package" | grep -q 'install ok installed' || { echo "debian-package-checks: $package did not install" >&2; exit 1; }
done
echo "debian-package-checks: the three packages installed with $(($(dpkg-query -W -f='${Package}\n' | wc -l) - before - 3)) dependencies from the mirror"
apt-get install -y -qq --no-install-recommends autopkgtest >/dev/null 2>&1
rm -rf "$packages/autopkgtest"
autopkgtest --output-dir "$packages/autopkgtest" --no-built-binaries . "${debs[@]/#/./}" -- null
