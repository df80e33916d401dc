#!/usr/bin/env bash
# Installs the C library, its header and pkg-config file, slider-demo and the demo's weston module into a
# prefix, or removes exactly those files again; what a Debian package's rules or a Yocto recipe calls.
#
#   bash Scripts/install.sh [--built DIR]          build (release) unless DIR has the products, then install
#   bash Scripts/install.sh --uninstall            remove what install put there, and the folders it made
#   bash Scripts/install.sh --help                 this text
#
# Variables (as make's conventions have them): PREFIX (default /usr/local), DESTDIR (a staging root prefixed to
# every path, not recorded in any file), LIBDIR (PREFIX/lib), INCLUDEDIR (PREFIX/include), BINDIR
# (PREFIX/bin), LIBEXECDIR (PREFIX/libexec). Installed:
#   LIBDIR/libwaylandslider.so.VERSION, with its soname libwaylandslider.so.MAJOR and libwaylandslider.so as
#     links to it
#   INCLUDEDIR/waylandslider.h (C), INCLUDEDIR/waylandslider.hpp (owning handles for C++), LIBDIR/pkgconfig/waylandslider.pc
#   BINDIR/slider-demo, LIBEXECDIR/waylandslider/slider-weston-input (the demo finds it there)
#   LIBEXECDIR/waylandslider/made-folders: the folders the install made, removed by --uninstall when empty
# What install builds carries the Swift runtime (-static-stdlib: the standard library, Foundation, Dispatch)
# and has no RUNPATH: it runs where no Swift is installed, and names no directory of the machine that built it.
# (The other way, the system's runtime through a RUNPATH, measured in docs/PLATFORMS.md, ties a program to one
# runtime version in one place; Swift has no stable ABI on Linux.) With --built, what is in DIR is installed as
# it is: the tests stage their debug build so, which finds its toolchain's runtime through its RUNPATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
# The version; the soname (Package.swift's WaylandSliderC linker settings) carries its major number, and
# slider-demo --version says it too (Demo/SliderDemoCommand.swift; InstallTests holds them the same).
version=0.1.0
major="${version%%.*}"
built=""
action=install
while (($#)); do
    case "$1" in
        --built) built="$(realpath "$2")"; shift ;;
        --uninstall) action=uninstall ;;
        --help | -h) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (--help lists them)" >&2; exit 64 ;;
    esac
    shift
done
prefix="${PREFIX:-/usr/local}"
libdir="${LIBDIR:-$prefix/lib}"
includedir="${INCLUDEDIR:-$prefix/include}"
bindir="${BINDIR:-$prefix/bin}"
libexecdir="${LIBEXECDIR:-$prefix/libexec}"
for path in "$prefix" "$libdir" "$includedir" "$bindir" "$libexecdir"; do
    [[ "$path" == /* ]] || { echo "install.sh: $path is not an absolute path" >&2; exit 64; }
done
root="${DESTDIR:-}"
library="libwaylandslider.so.$version"
# Every file install makes, as installed (DESTDIR not included).
files=("$libdir/$library" "$libdir/libwaylandslider.so.$major" "$libdir/libwaylandslider.so" "$libdir/pkgconfig/waylandslider.pc"
       "$includedir/waylandslider.h" "$includedir/waylandslider.hpp" "$bindir/slider-demo" "$libexecdir/waylandslider/slider-weston-input")
# The folders install made (none of them there before it), deepest first: uninstall removes them when empty.
made_folders="$libexecdir/waylandslider/made-folders"
folders=("$libdir/pkgconfig" "$includedir" "$bindir" "$libexecdir/waylandslider")

# A library directory the dynamic linker searches anyway (by default, or through Debian's ld.so.conf) gets no
# rpath in the pkg-config file (Debian policy); any other (a prefix of one's own) does, so programs built
# against it find it.
rpath="-Wl,-rpath,\${libdir}"
searched=""
case "$libdir" in
    /lib | /usr/lib | /lib/*-linux-* | /usr/lib/*-linux-* | /usr/local/lib) rpath="" searched=1 ;;
esac
# After a real install or uninstall in a searched directory the linker's cache is brought up to date (a
# package's trigger does this for a distribution).
refresh_linker_cache() {
    if [[ -z "$root" && -n "$searched" && "$(id -u)" == 0 ]]; then ldconfig; fi
}

if [[ "$action" == uninstall ]]; then
    made=()
    [[ -f "$root$made_folders" ]] && mapfile -t made <"$root$made_folders"
    for file in "${files[@]}" "$made_folders"; do
        rm -f "$root$file"
    done
    for folder in "${made[@]}"; do
        rmdir --ignore-fail-on-non-empty "$root$folder" 2>/dev/null || true
    done
    refresh_linker_cache
    echo "removed waylandslider from $root$prefix"
    exit 0
fi

if [[ -z "$built" ]]; then
    # SwiftPM links the runtime statically into executables only (--static-swift-stdlib); the library is told
    # so itself, with the folder of the toolchain's static libraries (Swift 6.0's driver does not add it).
    resources="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')"
    static=(-c release --scratch-path .build/installed --static-swift-stdlib --disable-local-rpath
            -Xswiftc -static-stdlib -Xlinker -L"$(dirname "$resources")/swift_static/linux")
    for product in waylandslider slider-demo; do
        swift build "${static[@]}" --product "$product"
    done
    built="$(swift build "${static[@]}" --show-bin-path)"
    # The weston module is C alone: the C compiler links it, as weston's own modules are (SwiftPM's link, through
    # swiftc, would make it need the Swift runtime).
    libweston="$(pkg-config --list-all | grep -o '^libweston-[0-9]*' | sort -V | tail -1)"
    [[ -n "$libweston" ]] || { echo "install.sh: no libweston-N pkg-config file (Debian: libweston-14-dev)" >&2; exit 1; }
    # shellcheck disable=SC2046
    ${CC:-cc} -shared -fPIC -O2 -Wall -Werror -Wno-unused-parameter Sources/WestonInputModule/*.c -o "$built/slider-weston-input" \
        $(pkg-config --cflags --libs "$libweston" wayland-server)
fi
for file in libwaylandslider.so slider-demo slider-weston-input; do
    [[ -f "$built/$file" ]] || { echo "install.sh: no $file in $built" >&2; exit 1; }
done
soname="$(readelf -d "$built/libwaylandslider.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
[[ "$soname" == "libwaylandslider.so.$major" ]] || {
    echo "install.sh: $built/libwaylandslider.so has soname '$soname', not libwaylandslider.so.$major" >&2
    exit 1
}
# Each folder the install is about to make, and every missing folder above it (up to the root), deepest first.
made=()
for folder in "${folders[@]}"; do
    while [[ "$folder" != / && ! -d "$root$folder" ]]; do
        [[ " ${made[*]} " == *" $folder "* ]] || made+=("$folder")
        folder="$(dirname "$folder")"
    done
done
install -d "$root$libdir/pkgconfig" "$root$includedir" "$root$bindir" "$root$libexecdir/waylandslider"
# Deepest first (more slashes first), so each is empty by the time uninstall reaches it.
printf '%s\n' "${made[@]}" | awk -F/ '{ print NF "\t" $0 }' | sort -rn | cut -f2- | grep . >"$root$made_folders" || true
install -m 755 "$built/libwaylandslider.so" "$root$libdir/$library"
ln -sfn "$library" "$root$libdir/libwaylandslider.so.$major"
ln -sfn "libwaylandslider.so.$major" "$root$libdir/libwaylandslider.so"
install -m 644 include/waylandslider.h include/waylandslider.hpp "$root$includedir/"
sed -e "s|@PREFIX@|$prefix|" -e "s|@LIBDIR@|$libdir|" -e "s|@INCLUDEDIR@|$includedir|" -e "s|@VERSION@|$version|" -e "s|@RPATH@|$rpath|" \
    Scripts/waylandslider.pc.in > "$root$libdir/pkgconfig/waylandslider.pc"
chmod 644 "$root$libdir/pkgconfig/waylandslider.pc"
install -m 755 "$built/slider-demo" "$root$bindir/slider-demo"
install -m 755 "$built/slider-weston-input" "$root$libexecdir/waylandslider/slider-weston-input"
refresh_linker_cache
echo "installed waylandslider $version into $root$prefix"
