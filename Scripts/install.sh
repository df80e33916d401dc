#!/usr/bin/env bash
# Installs the C library, its headers and pkg-config file, and the panel program slider-panel with its man page
# and shell completions into a prefix, or removes exactly those files again; what debian/rules calls, and a
# Yocto recipe or another distribution's build would. (slider-demo, the demo and benchmark, runs from a checkout
# and is not installed: it starts private compositors with the tests' harness.)
#
#   bash Scripts/install.sh [--built DIR]          build (release) unless DIR has the products, then install
#   bash Scripts/install.sh --build-only [PRODUCT...]  build (release) into .build/installed and print the folder
#                                                  (the installed products, or others built the same way)
#   bash Scripts/install.sh --uninstall            remove what install put there, and the folders it made
#   bash Scripts/install.sh --help                 this text
#
# Variables (as make's conventions have them): PREFIX (default /usr/local), DESTDIR (a staging root prefixed to
# every path, not recorded in any file), LIBDIR (PREFIX/lib), INCLUDEDIR (PREFIX/include), BINDIR
# (PREFIX/bin), DATADIR (PREFIX/share), MANDIR (DATADIR/man), LIBEXECDIR (PREFIX/libexec: only the record
# below); LDFLAGS' -Wl, options reach the linker (a distribution's hardening: -Wl,-z,relro -Wl,-z,now).
# WAYLAND_SLIDER_TARGET=aarch64 builds for aarch64 on an amd64 Debian 13 (Scripts/cross-aarch64.sh).
# Installed:
#   LIBDIR/libwaylandslider.so.VERSION, with its soname libwaylandslider.so.MAJOR and libwaylandslider.so as
#     links to it; it exports the C API's ws_* functions and nothing else
#   INCLUDEDIR/waylandslider.h (C), INCLUDEDIR/waylandslider.hpp (owning handles for C++), LIBDIR/pkgconfig/waylandslider.pc
#   BINDIR/slider-panel, MANDIR/man1/slider-panel.1, and its completions for bash, zsh and fish under DATADIR
#   LIBEXECDIR/waylandslider/made-folders: the folders the install made, removed by --uninstall when empty
# VERSION is debian/changelog's latest. What install builds carries the Swift runtime (-static-stdlib: the
# standard library, Foundation, Dispatch) and has no RUNPATH: it runs where no Swift is installed, and names no
# directory of the machine that built it. (The other way, the system's runtime through a RUNPATH, measured in
# docs/PLATFORMS.md, ties a program to one runtime version in one place; Swift has no stable ABI on Linux.) With
# --built, what is in DIR is installed as it is: the tests stage their debug build so, which finds its
# toolchain's runtime through its RUNPATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
# The version: the soname (Package.swift's WaylandSliderC linker settings) carries its major number, and
# slider-panel --version says it too (Sources/PanelProgram/PackageVersion.swift; the tests hold them the same).
version="$(sed -n '1s/^waylandslider (\([^)-]*\).*/\1/p' debian/changelog)"
[[ -n "$version" ]] || { echo "install.sh: no version in debian/changelog's first line" >&2; exit 1; }
major="${version%%.*}"
built=""
action=install
products=(waylandslider slider-panel)
while (($#)); do
    case "$1" in
        --built) built="$(realpath "$2")"; shift ;;
        --build-only)
            # The rest of the line names the products.
            action=build
            shift
            (($# == 0)) || products=("$@")
            break ;;
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
datadir="${DATADIR:-$prefix/share}"
mandir="${MANDIR:-$datadir/man}"
libexecdir="${LIBEXECDIR:-$prefix/libexec}"
for path in "$prefix" "$libdir" "$includedir" "$bindir" "$datadir" "$mandir" "$libexecdir"; do
    [[ "$path" == /* ]] || { echo "install.sh: $path is not an absolute path" >&2; exit 64; }
done
root="${DESTDIR:-}"
library="libwaylandslider.so.$version"
completions=("$datadir/bash-completion/completions/slider-panel" "$datadir/zsh/vendor-completions/_slider-panel"
             "$datadir/fish/vendor_completions.d/slider-panel.fish")
# Every file install makes, as installed (DESTDIR not included).
files=("$libdir/$library" "$libdir/libwaylandslider.so.$major" "$libdir/libwaylandslider.so" "$libdir/pkgconfig/waylandslider.pc"
       "$includedir/waylandslider.h" "$includedir/waylandslider.hpp" "$bindir/slider-panel" "$mandir/man1/slider-panel.1" "${completions[@]}")
# The folders install made (none of them there before it), deepest first: uninstall removes them when empty.
made_folders="$libexecdir/waylandslider/made-folders"
folders=("$libdir/pkgconfig" "$includedir" "$bindir" "$mandir/man1" "${completions[@]%/*}" "$libexecdir/waylandslider")

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
    swift_build=(swift build)
    case "${WAYLAND_SLIDER_TARGET:-}" in
        "") resources="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')" ;;
        aarch64)
            bash Scripts/cross-aarch64.sh setup >/dev/null
            swift_build=(bash Scripts/cross-aarch64.sh swift-static build)
            resources="$(bash Scripts/cross-aarch64.sh resource-dir)" ;;
        *) echo "install.sh: WAYLAND_SLIDER_TARGET is aarch64 or unset, not $WAYLAND_SLIDER_TARGET" >&2; exit 64 ;;
    esac
    # Linked by lld, the toolchain's own: with the static runtime, GNU ld drops -z relro's read-only segment
    # (Debian 13's binutils 2.44 gave no GNU_RELRO where lld does). A build ID in every binary (Swift 6.0 asks
    # for none): debuggers and a distribution's debug-symbol packages find the binary's symbols by it.
    static=(-c release --scratch-path .build/installed --static-swift-stdlib --disable-local-rpath
            -Xswiftc -static-stdlib -Xlinker -L"$(dirname "$resources")/swift_static/linux" -Xswiftc -use-ld=lld
            -Xlinker --build-id=sha1)
    for flag in ${LDFLAGS:-}; do
        [[ "$flag" == -Wl,* ]] || continue
        IFS=, read -ra parts <<<"${flag#-Wl,}"
        for part in "${parts[@]}"; do static+=(-Xlinker "$part"); done
    done
    for product in "${products[@]}"; do
        # The library exports the C API alone (its version script): not the Swift modules' symbols, nor the
        # runtime's it carries.
        exports=()
        [[ "$product" == waylandslider ]] && exports=(-Xlinker --version-script="$PWD/Sources/WaylandSliderC/exports.map")
        "${swift_build[@]}" "${static[@]}" --product "$product" "${exports[@]}"
    done
    built="$("${swift_build[@]}" "${static[@]}" --show-bin-path)"
    if [[ "$action" == build ]]; then
        echo "$built"
        exit 0
    fi
fi
for file in libwaylandslider.so slider-panel; do
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
for folder in "${folders[@]}"; do install -d "$root$folder"; done
# Deepest first (more slashes first), so each is empty by the time uninstall reaches it.
printf '%s\n' "${made[@]}" | awk -F/ '{ print NF "\t" $0 }' | sort -rn | cut -f2- | grep . >"$root$made_folders" || true
install -m 644 "$built/libwaylandslider.so" "$root$libdir/$library"
ln -sfn "$library" "$root$libdir/libwaylandslider.so.$major"
ln -sfn "libwaylandslider.so.$major" "$root$libdir/libwaylandslider.so"
install -m 644 include/waylandslider.h include/waylandslider.hpp "$root$includedir/"
sed -e "s|@PREFIX@|$prefix|" -e "s|@LIBDIR@|$libdir|" -e "s|@INCLUDEDIR@|$includedir|" -e "s|@VERSION@|$version|" -e "s|@RPATH@|$rpath|" \
    Scripts/waylandslider.pc.in > "$root$libdir/pkgconfig/waylandslider.pc"
chmod 644 "$root$libdir/pkgconfig/waylandslider.pc"
install -m 755 "$built/slider-panel" "$root$bindir/slider-panel"
install -m 644 docs/slider-panel.1 "$root$mandir/man1/slider-panel.1"
# The completions are the program's own (swift-argument-parser writes them); an aarch64 program runs under
# qemu-user here (Scripts/binfmt-aarch64.sh).
for shell in bash zsh fish; do
    case "$shell" in bash) file="${completions[0]}" ;; zsh) file="${completions[1]}" ;; fish) file="${completions[2]}" ;; esac
    # (bash's is sourced, not run: its #! line goes.)
    "$built/slider-panel" --generate-completion-script "$shell" | sed '1{/^#!/d}' > "$root$file"
    chmod 644 "$root$file"
done
refresh_linker_cache
echo "installed waylandslider $version into $root$prefix"
