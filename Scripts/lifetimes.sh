#!/usr/bin/env bash
# The long lifetime run: what a window, an embedded subsurface or a canvas makes is freed when it goes,
# over CYCLES make-and-release cycles of each (default 1000; the test suite runs 100). On a private headless
# weston: windows on both presentation paths (`slider-lifetime-cycles window`), the Swift canvas in a host
# context, the C example hosts' subsurfaces and canvases (`cycle N`), the same hosts built with
# LeakSanitizer, and the bare Mesa client the EGL path is measured against; and a window against each hostile
# scenario of the scripted compositor, CYCLES in all (`slider-lifetime-cycles scenario`). Prints each run's figures;
# exits 1 when descriptors grow by more than 2, or allocated memory (anonymous + shared) by more than
# 2 MiB (on the EGL path: more than 2 MiB over the bare Mesa client's growth), or a leak of ours is reported.
#   bash Scripts/lifetimes.sh [CYCLES]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cycles="${1:-1000}"
bash Scripts/install-deps.sh
swift build --product slider-lifetime-cycles >/dev/null
for product in waylandslider slider-demo slider-weston-input; do swift build --product "$product" >/dev/null; done
bin="$(swift build --show-bin-path)"

work="$(mktemp -d)"
chmod 700 "$work"
weston_pid=""
cleanup() {
    [[ -n "$weston_pid" ]] && kill "$weston_pid" 2>/dev/null && wait "$weston_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

bash Scripts/c-library.sh --built "$bin" --prefix "$work/prefix" >/dev/null
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" bash Examples/build.sh "$work/hosts" >/dev/null
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" EXAMPLE_CFLAGS="-fsanitize=leak -g -fno-omit-frame-pointer" \
    bash Examples/build.sh "$work/leak-checked" >/dev/null
cc -std=c11 -Wall -Werror -O2 -IExamples Tests/SliderWaylandTests/MesaBaseline/egl-window-cycles.c Examples/common/process-resources.c \
    -o "$work/egl-window-cycles" -lEGL -lGLESv2 -lwayland-client -lwayland-egl

XDG_RUNTIME_DIR="$work" weston --backend=headless-backend.so --use-pixman --socket=wayland-lifetimes --idle-time=0 \
    --width=480 --height=240 --log="$work/weston.log" &
weston_pid=$!
for _ in $(seq 100); do [[ -S "$work/wayland-lifetimes" ]] && break; sleep 0.1; done
export XDG_RUNTIME_DIR="$work" WAYLAND_DISPLAY=wayland-lifetimes NO_AT_BRIDGE=1

# "cycled N descriptors F L resident-kib F L allocated-kib F L" from the JSON lines of slider-lifetime-cycles;
# "first" is after WARMUP cycles (default 1).
summarize() {
    python3 -c '
import json, sys
cycles = [json.loads(l) for l in sys.stdin if l.startswith("{")]
first, last = cycles[int(sys.argv[1]) - 1], cycles[-1]
unreleased = [c["cycle"] for c in cycles if not c["released"]]
if unreleased: print("still referenced after cycles", unreleased[:10], file=sys.stderr); sys.exit(1)
print("cycled", len(cycles), "descriptors", first["descriptors"], last["descriptors"], "resident-kib", first["residentKiB"],
      last["residentKiB"], "allocated-kib", first["allocatedKiB"], last["allocatedKiB"])' "${1:-1}"
}

# Runs a host on the weston with `cycle N` as its whole standard input (it cycles, then exits at the end of
# its input) and prints its "cycled" line.
host_cycles() {
    echo "cycle $cycles" | "$@" 2>"$work/host.err" | grep '^cycled ' || { cat "$work/host.err" >&2; return 1; }
}

failures=0
# check NAME LINE [ALLOWANCE_KIB]
check() {
    read -r _ count _ d1 d2 _ r1 r2 _ a1 a2 <<<"$2"
    local growth=$((a2 - a1)) bound=$((2048 + ${3:-0}))
    local verdict=passed
    if ((d2 > d1 + 2 || growth > bound)); then verdict=FAILED; failures=$((failures + 1)); fi
    printf '%-34s %5d cycles  descriptors %3d -> %3d  resident %6d -> %6d KiB  allocated %6d -> %6d KiB (%+d, bound %d)  %s\n' \
        "$1" "$count" "$d1" "$d2" "$r1" "$r2" "$a1" "$a2" "$growth" "$bound" "$verdict"
}

mesa="$("$work/egl-window-cycles" "$cycles")"
read -r _ _ _ _ _ _ _ _ _ m1 m2 <<<"$mesa"
check "bare Mesa client (EGL window)" "$mesa" 1000000
check "window, shared memory" "$("$bin/slider-lifetime-cycles" window "$cycles" --presentation shm | summarize)"
check "window, EGL window" "$("$bin/slider-lifetime-cycles" window "$cycles" --presentation egl | summarize)" $((m2 > m1 ? m2 - m1 : 0))
check "canvas (Swift, host context)" "$("$bin/slider-lifetime-cycles" canvas "$cycles" | summarize)"
# Each hostile scenario of the scripted compositor in turn (18), on each path in turn: measured from the end of
# the first round of both (36 cycles, which load each path's libraries).
check "hostile compositor scenarios" "$("$bin/slider-lifetime-cycles" scenario "$cycles" | summarize 36)" $((m2 > m1 ? m2 - m1 : 0))
check "subsurface-host (C)" "$(host_cycles "$work/hosts/subsurface-host")"
check "gl-host canvas (C)" "$(host_cycles "$work/hosts/gl-host")"

# LeakSanitizer: the report at exit, and whether a leak's first frames above the allocation are ours.
for host in subsurface-host gl-host; do
    echo "cycle $cycles" | LSAN_OPTIONS=exitcode=23 "$work/leak-checked/$host" >/dev/null 2>"$work/host.err" || true
    python3 - "$work/host.err" "$host" <<'PY' || failures=$((failures + 1))
import sys
text, host = open(sys.argv[1]).read(), sys.argv[2]
reports = [b for b in text.split("\n\n") if "leak of" in b]
def ours(block):
    frames = [l for l in block.splitlines() if l.strip().startswith("#") and "lsan_interceptors" not in l and "__interceptor_" not in l]
    return any("libwaylandslider" in f or f"/{host}+" in f or f"({host}+" in f for f in frames[:3])
mine = [b for b in reports if ours(b)]
print(f"{host} under LeakSanitizer: {len(reports)} reports, {len(mine)} of ours" + ("" if not mine else ":\n" + "\n\n".join(mine)))
sys.exit(1 if mine else 0)
PY
done
if ((failures > 0)); then
    echo "lifetimes: $failures failed" >&2
    exit 1
fi
echo "lifetimes: passed"
