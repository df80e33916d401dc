#!/usr/bin/env bash
# The bench on every compositor of this release, in one run: `slider-demo bench` (the demo panel; a drag of
# the volume, one change per frame, then idle) on a private headless weston, sway, cage and KWin, and on
# Debian 13 also labwc and GNOME Shell, one after the other, release build. Prints a Markdown table: the
# path frames take, window pixels, frames per second and CPU ms per frame of the drag and of the clear floor
# (an empty window whose colour changes each frame), input to commit and input to presentation (median /
# p99; presentation only where the compositor answers wp_presentation feedback), frames while idle, the
# first frame committed after the compositor was up, peak RSS.
# Usage: Benchmarks/compositors.sh [SECONDS] (per phase, default 5)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
seconds="${1:-5}"

compositors=(weston sway cage kwin)
grep -q '^VERSION_CODENAME=bookworm$' /etc/os-release || compositors+=(labwc gnome)

swift build -c release --product slider-demo >/dev/null
swift build -c release --product slider-weston-input >/dev/null
demo="$(swift build -c release --show-bin-path)/slider-demo"
results="$(mktemp /tmp/compositors-bench-XXXXXX)"
trap 'rm -f "$results"' EXIT
for compositor in "${compositors[@]}"; do
    env -u WAYLAND_DISPLAY "$demo" bench --compositor "$compositor" --seconds "$seconds" --json | tail -1 | sed "s/^/$compositor /" >>"$results"
done
python3 - "$results" <<'PY'
import json, sys

def spread(s):
    return f"{s['median']:.2f} / {s['p99']:.2f}" if s else "-"

print("| compositor | path | pixels | drag: fps, CPU ms/frame | clear: fps, CPU ms/frame | input→commit ms | input→present ms | idle frames | first commit ms | peak RSS MiB |")
print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
for line in open(sys.argv[1]):
    name, report = line.split(" ", 1)
    r = json.loads(report)
    phase = lambda p: f"{p['fps']:.0f}, " + (f"{p['cpuMsPerFrame']:.3f}" if p["cpuMsPerFrame"] is not None else "-")
    first = r["firstFrameCommittedMs"] - (r["compositorStartupMs"] or 0) if r["firstFrameCommittedMs"] is not None else None
    print(f"| {name} | {r['presentation']} | {r['pixelWidth']} x {r['pixelHeight']} | {phase(r['measured'])} | {phase(r['clear'])} "
          f"| {spread(r['measured'].get('inputToCommitMs'))} | {spread(r['measured'].get('inputToPresentMs'))} | {r['idle']['frames']} "
          f"| {'-' if first is None else f'{first:.0f}'} | {r['peakRSSMiB']:.1f} |")
PY
