#!/usr/bin/env bash
# Builds the Debian binary packages (libwaylandslider0, libwaylandslider-dev, slider-panel and their -dbgsym)
# from this checkout's files with dpkg-buildpackage, in the Debian 13 root (Scripts/debian-root.sh trixie) with
# Debian's swiftlang, for amd64 or, cross, for arm64; then runs lintian on them.
#
#   bash Scripts/debian-package.sh [amd64|arm64]      (default amd64; needs root: the Debian 13 root)
#
# The packages and lintian's report (lintian.txt) go to .build-debian/ARCH/. The source is what git tracks and
# what it does not ignore, copied to a build folder of its own (dpkg-buildpackage writes beside its source).
# Swift packages come through SwiftPM as for any build (this machine's local copies: Debian packages none of
# them). Fails on a lintian error; warnings and the rest are listed in the report.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
architecture="${1:-amd64}"
[[ "$architecture" == amd64 || "$architecture" == arm64 ]] || { echo "debian-package: amd64 or arm64, not $architecture" >&2; exit 64; }

if [[ "$(. /etc/os-release && echo "${VERSION_CODENAME:-}")" != trixie ]]; then
    # The arm64 program runs under qemu-user in the build (install.sh writes its completions with it).
    [[ "$architecture" == amd64 ]] || bash Scripts/binfmt-aarch64.sh
    exec bash Scripts/debian-root.sh trixie bash Scripts/debian-package.sh "$architecture"
fi

bash Scripts/install-deps.sh >/dev/null
bash Scripts/install-deps.sh Scripts/apt-packages-debian.txt >/dev/null
cross=()
if [[ "$architecture" == arm64 ]]; then
    bash Scripts/cross-aarch64.sh setup >/dev/null
    # Build-Depends name the build machine's swiftlang; the arm64 libraries are multiarch (cross-aarch64.sh).
    cross=(-a arm64 -d)
fi
out="$PWD/.build-debian/$architecture"
version="$(sed -n '1s/^waylandslider (\([^)]*\)).*/\1/p' debian/changelog)"
work="$(mktemp -d /tmp/waylandslider-deb.XXXXXX)"
trap 'rm -rf "$work"' EXIT
source="$work/waylandslider-$version"
mkdir -p "$source"
git ls-files -z --cached --others --exclude-standard --deduplicate |
    while IFS= read -r -d '' file; do [[ -e "$file" ]] && printf '%s\0' "$file"; done |
    tar --null --files-from=- -cf - | tar -xf - -C "$source"
(cd "$source" && dpkg-buildpackage -b -us -uc "${cross[@]}")
rm -rf "$out"
mkdir -p "$out"
mv "$work"/*.deb "$work"/*.ddeb "$work"/*.changes "$work"/*.buildinfo "$out/" 2>/dev/null || true
# The program carries none of the tests' harness: its debug symbols (the -dbgsym package; the program itself is
# stripped) name no type of the test-support modules and no function of the scripted compositor or the weston
# module's protocol.
symbols="$work/symbols"
dpkg-deb -x "$(ls "$out"/slider-panel-dbgsym_*.deb)" "$symbols"
debug="$(find "$symbols" -name '*.debug' | head -1)"
count="$(nm "$debug" | wc -l)"
harness="$(nm "$debug" | grep -E '18PrivateCompositors|11FrameTiming|10SliderDemo|slider_scripted_compositor|slider_test_input|zwp_virtual_keyboard' | head -3 || true)"
((count > 1000)) && [[ -z "$harness" ]] || { echo "debian-package: slider-panel's $count symbols name test support: $harness" >&2; exit 1; }
echo "debian-package: slider-panel's $count symbols name no test support"
# lintian's tags, one per line (E: error, W: warning, I: information, P: pedantic); errors fail the build.
changes="$(ls "$out"/*.changes)"
lintian --info --display-info --pedantic --tag-display-limit 0 "$changes" >"$out/lintian.txt" 2>&1 || true
echo "debian-package: $(ls "$out" | grep -c '\.d\?deb$') packages in $out; lintian:" \
    "$(grep -c '^E:' "$out/lintian.txt" || true) errors, $(grep -c '^W:' "$out/lintian.txt" || true) warnings," \
    "$(grep -c '^I:' "$out/lintian.txt" || true) information, $(grep -c '^P:' "$out/lintian.txt" || true) pedantic"
if grep -q '^E:' "$out/lintian.txt"; then
    grep '^E:' "$out/lintian.txt" >&2
    exit 1
fi
