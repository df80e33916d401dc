#!/usr/bin/env bash
# Input to screen on the bench's headless weston, ours beside weston-presentation-shm (docs/latency.md):
# weston 10 or 14 as `slider-demo bench` starts it (pixman, repaint-window=15, 1024 x 768), the reference
# client in its feedback mode (-f: draws on the frame callback) and its presentation mode (-p: commits
# timed from presentation feedback), then `slider-demo bench --input pointer|touch` with frame callbacks
# alone and with the learned deadline, each beside its floor: what a client drawing in no time would give on
# the same refreshes (FrameStatistics.floorInputToPresentTimes). Each for SECONDS (default 5).
#   bash Benchmarks/latency.sh [SECONDS]
# LATENCY_DEMOS="LABEL=PATH ..." measures several slider-demo builds in the same run, each phase of one right
# after the same phase of the others (PATH a slider-demo with its slider-weston-input beside it: another
# checkout's release build, to set a change against what came before it); default: this checkout's.
set -euo pipefail
seconds="${1:-5}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
if [[ -z "${LATENCY_DEMOS:-}" ]]; then
    swift build -c release --product slider-demo -q
    swift build -c release --product slider-weston-input -q
fi
read -r -a demos <<<"${LATENCY_DEMOS:-slider-demo=$PWD/.build/release/slider-demo}"
# The first build's demo runs the reference client (it starts the same weston whichever runs it).
first="${demos[0]#*=}"
export WAYLAND_SLIDER_WESTON_MODULE="$(dirname "$first")/slider-weston-input"
echo "$(weston --version), headless, pixman, repaint-window=15; $seconds s each"
echo "client                                   commit->present p50 / p99 ms   input event->present p50 / p99 ms   floor p50 / p99 ms"
# The reference client on weston as the bench starts it (slider-demo host: the same compositor and output).
for mode in -f -p; do
    printf 'weston-presentation-shm %-17s %s\n' "$mode" "$("$first" host --compositor weston --seconds "$seconds" -- \
        weston-presentation-shm "$mode" 2>/dev/null | python3 Benchmarks/reference-c2p.py)"
done
for input in pointer touch; do
    for pacing in callbacks deadline; do
      for entry in "${demos[@]}"; do
        label="${entry%%=*}" demo="${entry#*=}"
        WAYLAND_SLIDER_WESTON_MODULE="$(dirname "$demo")/slider-weston-input" \
        "$demo" bench --compositor weston --seconds "$seconds" --input "$input" --pacing "$pacing" --json | python3 -c '
import json, sys
m = json.load(sys.stdin)["measured"]
c, e, f = m["commitToPresentMs"], m["inputEventToPresentMs"], m["inputEventToPresentFloorMs"]
cells = (sys.argv[3], sys.argv[1], sys.argv[2], c["median"], c["p99"], e["median"], e["p99"], f["median"], f["p99"])
print("%-11s %-7s %-20s %10.1f / %-17.1f %10.1f / %-17.1f %10.1f / %.1f" % cells)' "$input" "$pacing" "$label"
      done
    done
done
