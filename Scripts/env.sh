# Sourced by the other scripts: puts a Swift toolchain on PATH and moves to the package root. The one on PATH
# wins; else swift.org's in /opt/swift; else Debian's (apt's swiftlang puts swift in /usr/libexec/swift/bin and
# nothing in /usr/bin: install-deps.sh installs it on Debian 13 when no toolchain is found, so the directory is
# named even before it exists).
if ! command -v swift >/dev/null; then
    if [[ -x /opt/swift/usr/bin/swift ]]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    else
        export PATH="$PATH:/usr/libexec/swift/bin"
    fi
fi
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The renderer module is optimized in debug builds too (Package.swift reads this), for the suite's time: the CPU
# renderer's inner loops are C and fast unoptimized, the rest of the module is not. Only this checkout's scripts
# set it, so a package depending on WaylandSlider sees no unsafe flag.
export WAYLAND_SLIDER_OPTIMIZE_RENDERER=1
