#!/usr/bin/env bash
# A fullscreen panel dragged for SECONDS (default 10) on a 1920 x 1080 headless output at 240 Hz and above, on
# both presentation paths (the CPU renderer on wl_shm; GLES2, llvmpipe without a GPU, through an EGL window), the pointer
# moved at 1000 events a second: the frames presented, and the refreshes between the first and last
# presentation that showed no new frame (docs/latency.md). On weston (its own seat; the reference client
# weston-presentation-shm -p beside it, on the same output) and on sway (its virtual pointer; the refresh is
# the output mode's, which wlroots' feedback does not give). Run in the Debian 13 root, where weston takes
# --refresh-rate:
#   bash Scripts/debian-root.sh trixie bash Benchmarks/sustained-rates.sh [SECONDS] [RATE ...]
# SUSTAINED_COMPOSITORS (default "weston sway"), SUSTAINED_PATHS (default "cpu egl": the CPU renderer on
# wl_shm, GLES2 through an EGL window; "gles-shm" is GLES2 read back into wl_shm), and BENCH_DEMO and
# BENCH_WESTON_RENDERER as in latency-rates.sh (Benchmarks/gpu-latency.sh runs it so on a GPU machine).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${1:-10}"
shift || true
rates=("${@:-240 360 480 720}")
source Benchmarks/bench-demo.sh
weston --version
echo "weston's renderer: ${weston_options[1]}"
err="$(mktemp)"
trap 'rm -f "$err"' EXIT
# weston-presentation-shm -p (its own small window) on weston as the bench starts it (slider-demo host), at RATE:
# the interval between presentations it printed, and the refreshes without a new frame, counted as the bench
# counts them.
reference() {
  { "${demo[@]}" host --compositor weston "${weston_options[@]}" --scale 1 --output 1920x1080 --refresh "$1" --seconds "$seconds" -- \
      weston-presentation-shm -p 2>"$err" || cat "$err" >&2; } | python3 -c '
import re, statistics, sys
rate = int(sys.argv[1]); p2p = [int(m.group(1)) / 1000 for m in (re.search(r"p2p\s+(\d+) us", line) for line in sys.stdin) if m][30:]
skipped = sum(max(0, round(t * rate / 1000) - 1) for t in p2p)
print("weston-presentation-shm -p %d Hz: %d presented (%.0f a second), %d refreshes without a new frame, interval p50 %.2f ms" % (
    rate, len(p2p), 1000 / statistics.mean(p2p), skipped, statistics.median(p2p)))' "$1"
}
paths=(${SUSTAINED_PATHS:-cpu egl})
for compositor in ${SUSTAINED_COMPOSITORS:-weston sway}; do for path in "${paths[@]}"; do for rate in ${rates[*]}; do
  if [[ $compositor == weston && $path == "${paths[0]}" ]]; then reference "$rate"; fi
  options=(); [[ $compositor != weston ]] || options=("${weston_options[@]}")
  case $path in
    cpu) renderer=cpu presentation=shm ;;
    gles-shm) renderer=gles presentation=shm ;;
    egl) renderer=gles presentation=egl ;;
    *) echo "sustained-rates: no path $path (cpu, gles-shm or egl)" >&2; exit 2 ;;
  esac
  WAYLAND_SLIDER_RENDERER=$renderer WAYLAND_SLIDER_PRESENTATION=$presentation "${demo[@]}" bench --compositor $compositor "${options[@]}" \
      --scale 1 --output 1920x1080 --fullscreen --refresh "$rate" --seconds "$seconds" --input pointer --input-rate 1000 --json 2>"$err" | python3 -c '
import json, sys
d = json.load(sys.stdin); m = d["measured"]
f = lambda s: "%.1f / %.1f" % (s["median"], s["p99"]) if s else "-"
print("%s %s %s Hz %dx%d %s: %d frames, %d presented, %s refreshes without a new frame, render %s ms, input event->present %s ms, peak RSS %.1f MiB" % (
    sys.argv[2], d["presentation"], sys.argv[1], d["pixelWidth"], d["pixelHeight"], d["renderer"], m["frames"], m["presentedFrames"],
    m.get("skippedRefreshes"), f(m.get("renderMs")), f(m.get("inputEventToPresentMs")), d["peakRSSMiB"]))' "$rate" "$compositor" \
    || cat "$err"
done; done; done
