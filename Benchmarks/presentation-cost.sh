#!/usr/bin/env bash
# What a frame costs on the software path, presenting through an EGL window surface (Mesa copies the whole
# window into its wl_shm buffer on each swap) against wl_shm buffers of our own (only each buffer's missing
# damage read back): `slider-demo bench` (a drag of the volume, one change per frame, on its own headless
# weston) with WAYLAND_SLIDER_PRESENTATION=egl and =shm alternately, ROUNDS times each in one run, release
# build, at SCALE (the demo's window is 480 x 340 points). Prints CPU ms per frame, the first frame's times
# and the medians' ratio. Usage: Benchmarks/presentation-cost.sh [SECONDS] [ROUNDS] [SCALE]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
seconds="${1:-5}"
rounds="${2:-3}"
scale="${3:-2}"

swift build -c release --product slider-demo >/dev/null
swift build -c release --product slider-weston-input >/dev/null
demo="$(swift build -c release --show-bin-path)/slider-demo"
results="$(mktemp /tmp/presentation-cost-XXXXXX)"
trap 'rm -f "$results"' EXIT
for _ in $(seq "$rounds"); do
    for path in egl shm; do
        env -u WAYLAND_DISPLAY WAYLAND_SLIDER_PRESENTATION="$path" "$demo" bench --seconds "$seconds" --scale "$scale" --json \
            | tail -1 | sed "s/^/$path /" >>"$results"
    done
done
python3 - "$results" <<'PY'
import json, statistics, sys
runs = {"egl": [], "shm": []}
for line in open(sys.argv[1]):
    path, report = line.split(" ", 1)
    runs[path].append(json.loads(report))
for path, reports in runs.items():
    cpu = [r["measured"]["cpuMsPerFrame"] for r in reports]
    first = [r["firstFrameCommittedMs"] - (r["compositorStartupMs"] or 0) for r in reports]
    print(f"{path}: {reports[0]['pixelWidth']} x {reports[0]['pixelHeight']} px, CPU ms per frame "
          + " ".join(f"{v:.3f}" for v in cpu) + f"  median {statistics.median(cpu):.3f}; "
          + "first frame committed (after the compositor was up) ms " + " ".join(f"{v:.0f}" for v in first))
egl = statistics.median(r["measured"]["cpuMsPerFrame"] for r in runs["egl"])
shm = statistics.median(r["measured"]["cpuMsPerFrame"] for r in runs["shm"])
print(f"shm / egl CPU per frame: {shm / egl:.2f}")
PY
