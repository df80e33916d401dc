#!/usr/bin/env bash
# Input to screen on the bench's headless weston, ours beside weston-presentation-shm (docs/latency.md):
# weston 10 or 14 as `slider-demo bench` starts it (pixman, repaint-window=15, 1024 x 768), the reference
# client in its feedback mode (-f: draws on the frame callback) and its presentation mode (-p: commits
# timed from presentation feedback), then `slider-demo bench --input pointer|touch` with frame callbacks
# alone and with the learned deadline. Each for SECONDS (default 5).
#   bash Benchmarks/latency.sh [SECONDS]
set -euo pipefail
seconds="${1:-5}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
swift build -c release --product slider-demo -q
swift build -c release --product slider-weston-input -q
export WAYLAND_SLIDER_WESTON_MODULE="$PWD/.build/release/slider-weston-input"
runtime="$(mktemp -d)"
chmod 700 "$runtime"
trap 'kill "${weston:-0}" 2>/dev/null || true; rm -rf "$runtime"' EXIT
source Benchmarks/headless-weston.sh
start_headless_weston "$runtime" latency 1024 768
echo "$(weston --version), headless, pixman, repaint-window=15; $seconds s each"
echo "client                                   commit->present p50 / p99 ms   input event->present p50 / p99 ms"
for mode in -f -p; do
    { XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=latency timeout "$seconds" weston-presentation-shm "$mode" 2>/dev/null || true; } | python3 -c '
import re, sys
c2p = sorted(int(m.group(1)) for m in (re.search(r"c2p\s+(\d+) ms", line) for line in sys.stdin) if m)[30:]
c2p.sort()
rank = lambda p: c2p[min(len(c2p) - 1, max(0, int(p * len(c2p) + 0.999) - 1))]
print(f"weston-presentation-shm {sys.argv[1]:<17} {rank(0.5):>10} / {rank(0.99):<17} -")' "$mode"
done
kill "$weston"
for input in pointer touch; do
    for pacing in callbacks deadline; do
        .build/release/slider-demo bench --compositor weston --seconds "$seconds" --input "$input" --pacing "$pacing" --json | python3 -c '
import json, sys
m = json.load(sys.stdin)["measured"]
c, e = m["commitToPresentMs"], m["inputEventToPresentMs"]
cells = (sys.argv[1], sys.argv[2], c["median"], c["p99"], e["median"], e["p99"])
print("slider-demo %-7s %-20s %10.1f / %-17.1f %10.1f / %.1f" % cells)' "$input" "$pacing"
    done
done
