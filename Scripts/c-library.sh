#!/usr/bin/env bash
# Stages the C API for C programs without installing it anywhere: Scripts/install.sh into a prefix of its own,
# .build/c-library unless told (library with its soname links, headers, pkg-config file, slider-panel).
#
#   bash Scripts/c-library.sh [--release] [--prefix DIR]     build, then stage (default DIR: .build/c-library)
#   bash Scripts/c-library.sh --built DIR [--prefix DIR]      stage what is already built in DIR (the tests)
#
# Then: PKG_CONFIG_PATH=PREFIX/lib/pkgconfig cc app.c $(pkg-config --cflags --libs waylandslider)
# The library finds the Swift runtime through its RUNPATH (the toolchain's lib/swift/linux).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
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
    for product in waylandslider slider-panel; do
        swift build -c "$configuration" --product "$product"
    done
    built="$(swift build -c "$configuration" --show-bin-path)"
fi
DESTDIR="" PREFIX="$prefix" LIBDIR="$prefix/lib" INCLUDEDIR="$prefix/include" BINDIR="$prefix/bin" DATADIR="$prefix/share" LIBEXECDIR="$prefix/libexec" \
    bash Scripts/install.sh --built "$built"
echo "staged in $prefix (PKG_CONFIG_PATH=$prefix/lib/pkgconfig)"
