#!/usr/bin/env bash
# A fullscreen panel dragged for SECONDS (default 10) on a 1920 x 1080 headless weston at 240 Hz and above, on
# both presentation paths (the CPU renderer on wl_shm; GLES2 on llvmpipe through an EGL window), the pointer
# moved through weston's own seat at 1000 events a second: the frames presented, and the refreshes between
# the first and last presentation that showed no new frame (docs/latency.md). Run in the Debian 13 root,
# where weston takes --refresh-rate:
#   bash Scripts/debian-root.sh trixie bash Benchmarks/sustained-rates.sh [SECONDS] [RATE ...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
seconds="${1:-10}"
shift || true
rates=("${@:-240 360 480 720}")
swift build -c release --product slider-demo -q
swift build -c release --product slider-weston-input -q
export WAYLAND_SLIDER_WESTON_MODULE="$PWD/.build/release/slider-weston-input"
weston --version
for path in shm egl; do for rate in ${rates[*]}; do
  WAYLAND_SLIDER_PRESENTATION=$path .build/release/slider-demo bench --compositor weston --scale 1 --output 1920x1080 --fullscreen \
      --refresh "$rate" --seconds "$seconds" --input pointer --input-rate 1000 --json 2>"${TMPDIR:-/tmp}/sustained-rates.err" | python3 -c '
import json, sys
d = json.load(sys.stdin); m = d["measured"]
f = lambda s: "%.1f / %.1f" % (s["median"], s["p99"]) if s else "-"
print("%s %s Hz %dx%d %s: %d frames, %d presented, %s refreshes without a new frame, render %s ms, input event->present %s ms, peak RSS %.1f MiB" % (
    d["presentation"], sys.argv[1], d["pixelWidth"], d["pixelHeight"], d["renderer"], m["frames"], m["presentedFrames"],
    m.get("skippedRefreshes"), f(m.get("renderMs")), f(m.get("inputEventToPresentMs")), d["peakRSSMiB"]))' "$rate" \
    || cat "${TMPDIR:-/tmp}/sustained-rates.err"
done; done
