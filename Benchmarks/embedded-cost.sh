#!/usr/bin/env bash
# What a frame costs a host program when only an embedded slider changes, for both ways of embedding, on one
# headless weston (pixman, 480 x 240 output, ~57 Hz): Examples/subsurface-host (sliders on their own
# subsurface; the host does not redraw) and Examples/gl-host (sliders drawn into the host's GL scene; the host
# redraws its whole window for each change). Each sets the volume slider to a new value for each of FRAMES
# frames and reports its process CPU time (every thread, llvmpipe's included) over them; the two run
# alternately, ROUNDS times each, release build. Prints CPU ms per frame per run, medians and the ratio.
# Usage: Benchmarks/embedded-cost.sh [FRAMES] [ROUNDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
frames="${1:-600}"
rounds="${2:-3}"

runtime="$(mktemp -d /tmp/embedded-cost-XXXXXX)"
cleanup() { kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$runtime"; }
trap cleanup EXIT
bash Scripts/c-library.sh --release --prefix "$runtime/prefix" >/dev/null
PKG_CONFIG_PATH="$runtime/prefix/lib/pkgconfig" bash Examples/build.sh "$runtime/bin"

source Benchmarks/headless-weston.sh
start_headless_weston "$runtime" wayland-bench 480 240 >/dev/null 2>&1

# One sweep of FRAMES frames in HOST; appends "HOST cpu-ms frames host-frames" to the results.
sweep() {
    local host="$1" out="$runtime/$1.out"
    rm -f "$runtime/in" && mkfifo "$runtime/in"
    XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY=wayland-bench "$runtime/bin/$host" <"$runtime/in" >"$out" 2>&1 &
    local pid=$!
    exec 3>"$runtime/in"
    until grep -q '^ready' "$out"; do sleep 0.05; kill -0 "$pid" || { cat "$out"; exit 1; }; done
    echo "sweep $frames" >&3
    until grep -q '^swept' "$out"; do sleep 0.1; kill -0 "$pid" || { cat "$out"; exit 1; }; done
    exec 3>&-
    wait "$pid"
    grep '^swept' "$out" | awk -v host="$host" '{ print host, $5, $3, $7 }' >>"$runtime/results"
}
for _ in $(seq "$rounds"); do
    sweep subsurface-host
    sweep gl-host
done
python3 - "$runtime/results" <<'PY'
import statistics, sys
per_frame = {}
for line in open(sys.argv[1]):
    host, cpu, frames, host_frames = line.split()
    per_frame.setdefault(host, []).append(float(cpu) / int(frames))
    print(f"{host:16} {int(frames):5} slider frames, {int(host_frames):5} host frames, {float(cpu):8.1f} ms CPU: {float(cpu) / int(frames):.3f} ms/frame")
medians = {host: statistics.median(values) for host, values in per_frame.items()}
for host, median in medians.items():
    print(f"{host:16} median {median:.3f} ms CPU per frame")
print(f"subsurface / canvas in the host's scene: {medians['subsurface-host'] / medians['gl-host']:.2f}")
PY
