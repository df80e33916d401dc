#!/usr/bin/env bash
# The aarch64 tier, which test.sh runs after the Debian 13 tier: in the Debian 13 root (Scripts/debian-root.sh),
# the package is cross-built for aarch64 with Debian's Swift (Scripts/cross-aarch64.sh), and what it built runs
# under qemu-user, registered with binfmt_misc so an aarch64 program runs as any other:
#   - the aarch64 test bundle: SliderCore, SliderScripts and the renderer's tests (the pixel tests with the
#     bounds they have on x86-64; the renderer's comparison with its supersampled reference, three minutes
#     natively, would take an hour emulated, and is left to the x86-64 tiers);
#   - the x86-64 test bundle's tests of the programs and the library, run against the aarch64 ones
#     (WAYLAND_SLIDER_PRODUCTS): the demo on a headless weston (its screenshot against the x86-64 render, a
#     replayed drag's events, the EGL path on arm64 Mesa), the C example hosts cross-compiled against the
#     aarch64 library, slider-features.c. The compositors are the root's amd64 ones, with the amd64 weston
#     module (an x86-64 weston loads no aarch64 module).
# Not run here: the tests that compare an EGL screenshot with this process's own GL render (llvmpipe on aarch64
# filters the glyph atlas otherwise: docs/PLATFORMS.md), those that install the aarch64 weston module, and
# those built with LeakSanitizer.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
[[ "$(id -u)" == 0 ]] || { echo "test-aarch64: needs root (debootstrap, chroot, binfmt_misc)" >&2; exit 1; }
in_root() { bash Scripts/debian-root.sh trixie bash -c "$1"; }

in_root 'bash Scripts/cross-aarch64.sh setup'

bash Scripts/binfmt-aarch64.sh
trap 'bash Scripts/binfmt-aarch64.sh --remove' EXIT

in_root '
    set -euo pipefail
    source Scripts/env.sh
    bash Scripts/cross-aarch64.sh swift build --build-tests
    aarch64=".build/aarch64-unknown-linux-gnu/debug"
    for program in "$aarch64/slider-demo" "$aarch64/libwaylandslider.so" "$aarch64/WaylandSliderPackageTests.xctest"; do
        file -L "$program" | grep -q "ARM aarch64" || { echo "test-aarch64: $program is not an aarch64 program: $(file -L "$program")" >&2; exit 1; }
    done
    bash Scripts/cross-aarch64.sh swift test --skip-build --filter "SliderCoreTests|SliderScriptsTests|SliderRendererTests" \
        --skip ReferenceComparisonTests
    # The x86-64 bundle (built by the Debian 13 tier; built here when this tier runs alone).
    swift build --build-tests
    export WAYLAND_SLIDER_PRODUCTS="$PWD/$aarch64"
    export WAYLAND_SLIDER_WESTON_MODULE="$(swift build --show-bin-path)/slider-weston-input"
    export CC="/usr/libexec/swift/bin/clang --target=aarch64-linux-gnu -fuse-ld=lld"
    export PKG_CONFIG_LIBDIR="/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig"
    swift test --skip-build \
        --filter "SliderDemoTests\.(DemoTests|RecordReplayTests)" --filter "SliderPanelTests\.(ConfiguredPanelTests|KioskRecipeTests|LayerPanelTests)" \
        --filter "WaylandSliderCTests\.(GLHostTests|SubsurfaceHostTests|CSliderFeatureTests)" \
        --skip "cppHandlesDestroyWhatTheyOwnAndThrowTheStatus"
'
