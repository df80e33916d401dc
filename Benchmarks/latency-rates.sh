#!/usr/bin/env bash
# The bench's input-to-present latency, frame callbacks against the learned deadline (docs/latency.md), in the
# Debian 13 root: at 60, 120 and 240 Hz on weston (pointer and touch), sway, cage and labwc (pointer) and GNOME
# Shell 48 (pointer and touch, through mutter's remote desktop), where weston takes --refresh-rate, cage 0.2 and
# labwc offer a virtual pointer and take an output mode through wlr-output-management, and mutter a virtual
# monitor's rate; at 60 Hz, its virtual output's only rate, on KWin 6.3 (pointer, through its fake input).
# sway, cage, labwc and KWin again inside a private weston at its rates, touch and pointer both through weston's
# seat (wlroots has no virtual touch, KWin's fake touch reaches no window; lines marked inside-weston: presented
# through both compositors):
#   bash Scripts/debian-root.sh trixie bash Benchmarks/latency-rates.sh
# On the EGL window path (GLES2; llvmpipe without a GPU) instead of the automatic one (wl_shm without a GPU):
#   bash Scripts/debian-root.sh trixie env WAYLAND_SLIDER_PRESENTATION=egl bash Benchmarks/latency-rates.sh
# Each line: compositor, rate, pacing, input, then the frames presented and the refreshes left without a new
# frame, the refresh, the lead the deadline learned and the one the frame callbacks show (ms), and the p50 / p99
# of commit -> present, of input
# event -> its arrival at the window (the compositor's trip), of input event -> present, and of the floor: input
# event -> present for a client drawing in no time on the same refreshes (FrameStatistics); before them,
# weston's reference client weston-presentation-shm on the same compositor and output (`slider-demo host`),
# drawing at the frame callback (-f) and committing on presentation feedback (-p): its commit -> present.
# Arguments, when given, are the compositors to run (default: all six). The environment can narrow a run:
# LATENCY_RATES (default "60 120 240"), LATENCY_SECONDS per phase (3), LATENCY_JSON_DIR (keeps each
# bench's JSON report there), BENCH_WESTON_RENDERER (pixman or gl: weston's renderer) and BENCH_DEMO (the
# command that runs slider-demo, with WAYLAND_SLIDER_WESTON_MODULE set: Benchmarks/gpu-latency.sh's bundle;
# default: this checkout's release build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rates=${LATENCY_RATES:-60 120 240}
seconds=${LATENCY_SECONDS:-3}
source Benchmarks/bench-demo.sh
# What a run printed on standard error, shown when it failed.
errors="$(mktemp)"
trap 'rm -f "$errors"' EXIT
weston --version
[[ -n "${BENCH_DEMO:-}" ]] || { sway --version; labwc --version | head -1; dpkg-query -W cage kwin-wayland gnome-shell; }
echo "presentation: ${WAYLAND_SLIDER_PRESENTATION:-automatic}; weston's renderer: ${weston_options[1]}"

# bench COMPOSITOR RATE INPUT [OPTION...]: one run with each pacing.
bench() {
  local compositor=$1 rate=$2 input=$3 pacing
  shift 3
  for pacing in callbacks deadline; do
    "${demo[@]}" bench --compositor "$compositor" "$@" --seconds "$seconds" --input "$input" --pacing $pacing --json \
      2>"$errors" | python3 -c '
import json, os, sys
d = json.load(sys.stdin); m = d["measured"]
inside = ["inside-weston"] if "inside a private weston" in d["compositor"] else []
if os.environ.get("LATENCY_JSON_DIR"):
    name = "-".join(sys.argv[1:] + inside + [d["presentation"], os.environ.get("BENCH_WESTON_RENDERER", "pixman")])
    json.dump(d, open(os.path.join(os.environ["LATENCY_JSON_DIR"], name + ".json"), "w"))
asked = {"egl": "eglWindow", "shm": "sharedMemory"}.get(os.environ.get("WAYLAND_SLIDER_PRESENTATION", ""))
if asked and d["presentation"] != asked: sys.exit("the window presented through %s, not %s" % (d["presentation"], asked))
c, t, e, b = m.get("commitToPresentMs"), m.get("inputEventToArrivalMs"), m.get("inputEventToPresentMs"), m.get("inputEventToPresentFloorMs")
f = lambda s: "%.1f / %.1f" % (s["median"], s["p99"]) if s else "-"
r = lambda v: "-" if v is None else "%.2f" % v
print(*sys.argv[1:] + inside, "frames", m["frames"], "presented", m["presentedFrames"], "skipped", m.get("skippedRefreshes", "-"),
      "refresh", r(d.get("refreshMs") or d.get("modeRefreshMs")), "lead", r(d.get("deadlineLeadMs")), "callback-lead", r(d.get("deadlineCallbackLeadMs")),
      "c2p", f(c), "trip", f(t), "event", f(e), "floor", f(b))' \
      "$compositor" "$rate" $pacing "$input" || cat "$errors"
  done
}

# reference COMPOSITOR RATE [OPTION...]: weston-presentation-shm in both modes, 3 s each.
reference() {
  local compositor=$1 rate=$2 mode
  shift 2
  for mode in -f -p; do
    echo "$compositor $rate reference $mode c2p $("${demo[@]}" host --compositor "$compositor" "$@" --seconds "$seconds" -- \
      weston-presentation-shm $mode 2>"$errors" | python3 Benchmarks/reference-c2p.py)"
  done
}

(( $# )) || set -- weston sway cage labwc kwin gnome
for compositor in "$@"; do
  case $compositor in
    weston) for rate in $rates; do reference weston $rate --refresh $rate "${weston_options[@]}"; for input in pointer touch; do bench weston $rate $input --refresh $rate "${weston_options[@]}"; done; done ;;
    sway|cage|labwc)
      for rate in $rates; do reference "$compositor" $rate --refresh $rate; bench "$compositor" $rate pointer --refresh $rate; done
      for rate in $rates; do bench "$compositor" $rate touch --refresh $rate; bench "$compositor" $rate pointer --refresh $rate --inside-weston; done ;;
    kwin)
      reference kwin 60; bench kwin 60 pointer
      for rate in $rates; do bench kwin $rate touch --refresh $rate; bench kwin $rate pointer --refresh $rate --inside-weston; done ;;
    gnome) for rate in $rates; do reference gnome $rate --refresh $rate; for input in pointer touch; do bench gnome $rate $input --refresh $rate; done; done ;;
    *) echo "latency-rates: no compositor $compositor" >&2; exit 2 ;;
  esac
done
