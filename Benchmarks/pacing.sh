#!/usr/bin/env bash
# Frame pacing measured: `slider-demo bench --pacing` on a private headless GNOME Shell (mutter 48 offers
# wp_fifo_v1 and wp_commit_timing_v1; Debian 13 only), each pacing on both presentation paths, one after the
# other, release build: frame callbacks (what applications get), fifo barriers and commit-timing targets (the
# frames drawn without waiting for callbacks, as buffers come free). Prints a Markdown table: frames per
# second, CPU ms per frame, input to commit and input to presentation (median / p99) of the drag, how many
# of its frames the compositor presented and discarded, and with commit timing the commits of only a target
# time the window sent for frames left unapplied (`nudgedCommits`, the whole run's).
# Usage: Benchmarks/pacing.sh [SECONDS] (per phase, default 5)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
seconds="${1:-5}"

swift build -c release --product slider-demo >/dev/null
demo="$(swift build -c release --show-bin-path)/slider-demo"
results="$(mktemp /tmp/pacing-bench-XXXXXX)"
trap 'rm -f "$results"' EXIT
for pacing in callbacks fifo timed; do
    for path in egl shm; do
        env -u WAYLAND_DISPLAY WAYLAND_SLIDER_PRESENTATION="$path" "$demo" bench --compositor gnome --seconds "$seconds" --pacing "$pacing" --json \
            | tail -1 >>"$results"
    done
done
python3 - "$results" <<'PY'
import json, sys

def spread(s):
    return f"{s['median']:.2f} / {s['p99']:.2f}" if s else "-"

print("| pacing | path | drag: fps, CPU ms/frame | input→commit ms | input→present ms | presented, discarded of committed | nudges |")
print("|---|---|---:|---:|---:|---:|---:|")
for line in open(sys.argv[1]):
    r = json.loads(line)
    m = r["measured"]
    pacing = r["pacing"] if r["pacing"] == r["requestedPacing"] else f"{r['pacing']} ({r['requestedPacing']} not offered)"
    cpu = f"{m['cpuMsPerFrame']:.3f}" if m["cpuMsPerFrame"] is not None else "-"
    print(f"| {pacing} | {r['presentation']} | {m['fps']:.0f}, {cpu} | {spread(m.get('inputToCommitMs'))} | {spread(m.get('inputToPresentMs'))} "
          f"| {m['presentedFrames']}, {m['discardedFrames']} of {m['frames']} | {r['nudgedCommits'] if r['pacing'] == 'timed' else '-'} |")
PY
