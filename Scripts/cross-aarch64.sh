#!/usr/bin/env bash
# Builds WaylandSlider for aarch64 (Raspberry Pi, i.MX 8, Rockchip boards) on an amd64 Debian 13, cross, with
# Debian's own Swift: the amd64 swiftlang compiles, the arm64 swiftlang's standard library and Foundation
# modules are its target (unpacked beside, once: the packages are not co-installable), lld links, and the arm64
# libraries come from the same mirror through multiarch (Scripts/apt-packages-arm64.txt). Chosen over a native
# build in an arm64 root under qemu-user, which took N times as long (docs/PLATFORMS.md). Run as root
# inside Scripts/debian-root.sh trixie (or on a Debian 13 machine of one's own).
#
#   bash Scripts/cross-aarch64.sh setup            install and unpack what the cross build needs (idempotent)
#   bash Scripts/cross-aarch64.sh swift build ...  swift build (or test) for aarch64: swift's arguments follow
#   bash Scripts/cross-aarch64.sh swift-static build ...   the same with the runtime linked in (-static-stdlib:
#                                                  the driver reads the static resource directory's link list)
#   bash Scripts/cross-aarch64.sh resource-dir     print the aarch64 Swift resource directory
#
# What it builds runs under qemu-user (Scripts/binfmt-aarch64.sh registers qemu-aarch64 with binfmt_misc), with
# the aarch64 Swift runtime found through the RUNPATH swiftc gives it (the unpacked resource directory).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
[[ "$(. /etc/os-release && echo "${VERSION_CODENAME:-}")" == trixie && "$(dpkg --print-architecture)" == amd64 ]] || {
    echo "cross-aarch64: needs an amd64 Debian 13 (trixie): run it through Scripts/debian-root.sh trixie" >&2
    exit 1
}
triple=aarch64-unknown-linux-gnu
swift_version() { dpkg-query -W -f='${Version}' swiftlang 2>/dev/null; }
target_root() { echo "/var/cache/waylandslider/swift-$triple/$(swift_version)"; }
resource_dir() { echo "$(target_root)/usr/libexec/swift/lib/swift"; }

setup() {
    [[ " $(dpkg --print-foreign-architectures | tr '\n' ' ') " == *" arm64 "* ]] || dpkg --add-architecture arm64
    bash Scripts/install-deps.sh
    bash Scripts/install-deps.sh Scripts/apt-packages-arm64.txt
    bash Scripts/install-deps.sh Scripts/apt-packages-qemu.txt
    local version root
    version="$(swift_version)"
    [[ -n "$version" ]] || { echo "cross-aarch64: Debian's swiftlang is not installed (Scripts/install-deps.sh installs it)" >&2; exit 1; }
    root="$(target_root)"
    [[ -e "$root/.complete" ]] && return
    # The arm64 packages of exactly the compiler's version: the modules a compiler reads are its own version's.
    local debs="$root.debs"
    rm -rf "$root" "$debs"
    mkdir -p "$root" "$debs"
    (cd "$debs" && apt-get download -q "swiftlang:arm64=$version" "libswiftlang:arm64=$version" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
    # From swiftlang only the target's part: the standard library and Foundation modules (lib/swift, with the
    # static libraries in lib/swift_static) and clang's headers, which lib/swift/clang links to; libswiftlang
    # whole (the runtime: lib/swift/linux/*.so).
    dpkg-deb --fsys-tarfile "$debs"/swiftlang_*_arm64.deb |
        tar -x -C "$root" ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static ./usr/libexec/swift/lib/clang
    dpkg-deb -x "$debs"/libswiftlang_*_arm64.deb "$root"
    rm -rf "$debs" "$root/usr/libexec/swift/lib/swift/host" "$root/usr/libexec/swift/lib/swift/pm"
    touch "$root/.complete"
}

case "${1:-}" in
    setup) setup ;;
    resource-dir) resource_dir ;;
    swift | swift-static)
        resources="$(resource_dir)"
        [[ "$1" == swift-static ]] && resources="$(dirname "$resources")/swift_static"
        shift
        [[ -e "$(target_root)/.complete" ]] || { echo "cross-aarch64: run 'bash Scripts/cross-aarch64.sh setup' first" >&2; exit 1; }
        command="$1"
        shift
        # pkg-config finds the arm64 libraries first (SwiftPM reads PKG_CONFIG_PATH, not PKG_CONFIG_LIBDIR); clang,
        # driving lld for the aarch64-unknown-linux-gnu triple, is told where Debian keeps them.
        export PKG_CONFIG_PATH="/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig"
        exec swift "$command" --triple "$triple" -Xswiftc -resource-dir -Xswiftc "$resources" -Xswiftc -use-ld=lld \
            -Xlinker -L/usr/lib/aarch64-linux-gnu "$@"
        ;;
    *) sed -n '2,/^set -euo/p' "$0" | sed '$d' >&2; exit 64 ;;
esac
