#!/usr/bin/env bash
# The bench at 60, 120 and 240 Hz on weston, sway, cage and labwc, frame callbacks against the learned deadline
# (docs/latency.md), in the Debian 13 root, where weston takes --refresh-rate, and cage 0.2 and labwc offer a
# virtual pointer and take an output mode through wlr-output-management:
#   bash Scripts/debian-root.sh trixie bash Benchmarks/latency-rates.sh
# On the EGL window path (GLES2; llvmpipe without a GPU) instead of the automatic one (wl_shm without a GPU):
#   bash Scripts/debian-root.sh trixie env WAYLAND_SLIDER_PRESENTATION=egl bash Benchmarks/latency-rates.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
swift build -c release --product slider-demo -q
swift build -c release --product slider-weston-input -q
export WAYLAND_SLIDER_WESTON_MODULE="$PWD/.build/release/slider-weston-input"
weston --version; sway --version; labwc --version | head -1; dpkg-query -W cage
echo "presentation: ${WAYLAND_SLIDER_PRESENTATION:-automatic}"
for c in weston sway cage labwc; do for r in 60 120 240; do for p in callbacks deadline; do
  .build/release/slider-demo bench --compositor $c --refresh $r --seconds 3 --input pointer --pacing $p --json 2>"${TMPDIR:-/tmp}/latency-rates.err" | python3 -c '
import json, os, sys
d = json.load(sys.stdin); m = d["measured"]
asked = {"egl": "eglWindow", "shm": "sharedMemory"}.get(os.environ.get("WAYLAND_SLIDER_PRESENTATION", ""))
if asked and d["presentation"] != asked: sys.exit("the window presented through %s, not %s" % (d["presentation"], asked))
c, e = m.get("commitToPresentMs"), m.get("inputEventToPresentMs")
f = lambda s: "%.1f / %.1f" % (s["median"], s["p99"]) if s else "-"
print(sys.argv[1], sys.argv[2], sys.argv[3], "frames", m["frames"], "presented", m["presentedFrames"], "refresh", d.get("refreshMs"), "lead", d.get("deadlineLeadMs"), "c2p", f(c), "event", f(e))' $c $r $p || cat "${TMPDIR:-/tmp}/latency-rates.err"
done; done; done
