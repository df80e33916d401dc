#!/usr/bin/env bash
# Builds the C API's shared library and stages it for C programs with a pkg-config file:
#   PREFIX/lib/libwaylandslider.so, PREFIX/include/waylandslider.h, PREFIX/lib/pkgconfig/waylandslider.pc
#
#   bash Scripts/c-library.sh [--release] [--prefix DIR]     build, then stage (default DIR: .build/c-library)
#   bash Scripts/c-library.sh --built DIR [--prefix DIR]      stage a library already built in DIR (the tests)
#
# Then: PKG_CONFIG_PATH=PREFIX/lib/pkgconfig cc app.c $(pkg-config --cflags --libs waylandslider)
# The library finds the Swift runtime through its RUNPATH (the toolchain's lib/swift/linux).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
configuration=debug
prefix="$PWD/.build/c-library"
built=""
while (($#)); do
    case "$1" in
        --release) configuration=release ;;
        --prefix) prefix="$(realpath -m "$2")"; shift ;;
        --built) built="$(realpath "$2")"; shift ;;
        *) echo "c-library.sh: unknown argument $1" >&2; exit 64 ;;
    esac
    shift
done
if [[ -z "$built" ]]; then
    swift build -c "$configuration" --product waylandslider
    built="$(swift build -c "$configuration" --show-bin-path)"
fi
[[ -f "$built/libwaylandslider.so" ]] || { echo "c-library.sh: no libwaylandslider.so in $built" >&2; exit 1; }
mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
# Copied to a new file, not over the old one: a program using the old copy keeps its mapping intact.
cp "$built/libwaylandslider.so" "$prefix/lib/.libwaylandslider.so.new"
mv -f "$prefix/lib/.libwaylandslider.so.new" "$prefix/lib/libwaylandslider.so"
cp include/waylandslider.h "$prefix/include/"
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|0.1.0|" Scripts/waylandslider.pc.in > "$prefix/lib/pkgconfig/waylandslider.pc"
echo "staged in $prefix (PKG_CONFIG_PATH=$prefix/lib/pkgconfig)"
