#!/usr/bin/env bash
# The Debian 13 tier, which test.sh runs on Debian 12: in a Debian 13 (trixie) root made from this machine's
# mirror and kept between runs (Scripts/debian-root.sh), the README's two commands as a Debian 13 user runs
# them. The demo command installs the demo's Debian 13 packages and Debian's own Swift (swiftlang 6.0.3: no
# toolchain of this machine's is used there), builds the demo and the weston module against them (libwayland
# 1.23, libweston 14) and saves the panel as weston 14 shows it; then the test command, exactly: the build, the
# API check, the DocC catalog, the benchmarks' build, the whole suite on Debian 13's compositors (weston 14,
# sway 1.10, cage 0.2, KWin 6.3, labwc 0.8 and GNOME Shell 48), Mesa 25 and Orca 48, the fuzz corpora (Debian's
# Swift has no libFuzzer), the soak and the benchmark tier. The root has no git identity, as a new user's machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
as_root=()
if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || { echo "test-debian-13: needs root or sudo (debootstrap, chroot)" >&2; exit 1; }
    as_root=(sudo)
fi
screenshot=".build-trixie/demo-panel.png"
rm -f "$screenshot"
report="$("${as_root[@]}" bash Scripts/debian-root.sh trixie bash Scripts/demo.sh --screenshot "$PWD/$screenshot" 2>&1)"
echo "$report"
grep -q "private headless weston" <<<"$report" && [[ -s "$screenshot" ]] || {
    echo "test-debian-13: the demo on Debian 13 did not save the panel it showed on weston" >&2
    exit 1
}
"${as_root[@]}" bash Scripts/debian-root.sh trixie bash Scripts/test.sh
