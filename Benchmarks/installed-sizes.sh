#!/usr/bin/env bash
# What the packages install against what Scripts/install.sh installed before the packages (slider-demo, which
# linked the tests' harness, as the installed program): the programs' and the library's sizes as built
# (release, the Swift runtime carried) and stripped, their Swift modules (those whose symbols the binary
# holds), and the symbols the library exports with and without its version script. Builds with install.sh's
# own flags. Run it in the Debian 13 root for Debian's toolchain, as the packages are built:
#   bash Scripts/debian-root.sh trixie bash Benchmarks/installed-sizes.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
work="$(mktemp -d /tmp/installed-sizes-XXXXXX)"
trap 'rm -rf "$work"' EXIT
built="$(bash Scripts/install.sh --build-only waylandslider slider-panel slider-demo | tail -1)"
cp "$built/libwaylandslider.so" "$work/library-exports"
cp "$built/slider-panel" "$built/slider-demo" "$work/"
# The same library linked without the version script (the link alone is redone).
resources="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')"
swift build -c release --scratch-path .build/installed --static-swift-stdlib --disable-local-rpath -Xswiftc -static-stdlib \
    -Xlinker -L"$(dirname "$resources")/swift_static/linux" -Xswiftc -use-ld=lld -Xlinker --build-id=sha1 --product waylandslider >/dev/null
cp "$built/libwaylandslider.so" "$work/library-all"
# Put back what install.sh builds.
bash Scripts/install.sh --build-only waylandslider >/dev/null

megabytes() { awk -v bytes="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", bytes / 1e6 }'; }
stripped() { strip -o "$work/stripped" "$1" && megabytes "$work/stripped"; }
modules() {
    nm "$1" 2>/dev/null | grep -oE '\$s[0-9]+(SliderCore|SliderRenderer|SliderWayland|SliderPanel|PanelProgram|WaylandSlider|PrivateCompositors|FrameTiming|SliderDemo|SliderAccessibility|SliderHaptics|SliderDBus|SliderScripts|Yams|ArgumentParser)' |
        sed -E 's/^\$s[0-9]+//' | sort -u | tr '\n' ' '
}
echo "Swift $(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1), $(. /etc/os-release && echo "$PRETTY_NAME"), $(uname -m)"
printf '%-40s %10s %14s  %s\n' file "as built" "stripped (MB)" "modules"
for file in slider-demo slider-panel; do
    printf '%-40s %10s %14s  %s\n' "$file" "$(megabytes "$work/$file")" "$(stripped "$work/$file")" "$(modules "$work/$file")"
done
for library in library-all library-exports; do
    exported="$(nm -D --defined-only "$work/$library" | wc -l)"
    printf '%-40s %10s %14s  %s\n' "libwaylandslider.so ($exported exported)" "$(megabytes "$work/$library")" "$(stripped "$work/$library")" ""
done
