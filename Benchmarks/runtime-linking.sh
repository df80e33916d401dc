#!/usr/bin/env bash
# The Swift runtime carried (-static-stdlib: what Scripts/install.sh installs) against the system's (a RUNPATH
# to the toolchain's lib/swift/linux, which Debian's libswiftlang installs), for the C library and the demo,
# release builds of this machine's toolchain: the files' sizes stripped (and the runtime libraries the dynamic
# ones load), the demo's peak RSS in `slider-demo bench` (its headless weston not counted), and the peak RSS
# of Examples/subsurface-host (two embedded sliders, shown, then 120 frames of a moving slider) on a headless
# weston. ROUNDS runs of each (default 3), medians. Run it in the Debian 13 root for Debian's toolchain:
#   bash Scripts/debian-root.sh trixie bash Benchmarks/runtime-linking.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
rounds="${1:-3}"
work="$(mktemp -d /tmp/runtime-linking-XXXXXX)"
cleanup() { kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# Carried: what install.sh builds (the demo built the same way: it is not installed). System's: a plain release
# build.
DESTDIR="$work/static" PREFIX=/usr bash Scripts/install.sh >/dev/null
carried="$(bash Scripts/install.sh --build-only slider-demo | tail -1)"
for product in waylandslider slider-demo slider-weston-input; do swift build -c release --product "$product" >/dev/null; done
dynamic="$(swift build -c release --show-bin-path)"
declare -A library=([static]="$work/static/usr/lib/libwaylandslider.so.0" [dynamic]="$dynamic/libwaylandslider.so")
declare -A demo=([static]="$carried/slider-demo" [dynamic]="$dynamic/slider-demo")
export WAYLAND_SLIDER_WESTON_MODULE="$dynamic/slider-weston-input"

stripped_size() { cp "$1" "$work/stripped" && strip "$work/stripped" && stat -c %s "$work/stripped"; }
# The Swift runtime libraries a dynamic file loads (the NEEDED ones found in its RUNPATH), stripped, in bytes.
runtime_size() {
    local total=0 runpath
    runpath="$(readelf -d "$1" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p' | tr ':' '\n' | grep -v ORIGIN | head -1 || true)"
    [[ -n "$runpath" ]] || { echo 0; return; }
    for name in $(ldd "$1" | awk -v dir="$runpath" 'index($3, dir) == 1 { print $3 }'); do
        total=$((total + $(stripped_size "$name")))
    done
    echo "$total"
}
peak_rss_of_bench() { "$1" bench --seconds 2 --json 2>/dev/null | tail -1 | python3 -c 'import json, sys; print(json.load(sys.stdin)["peakRSSMiB"])'; }

# The C host: one headless weston, the examples built against each library.
for kind in static dynamic; do
    mkdir -p "$work/$kind-prefix/lib/pkgconfig"
    sed -e "s|^libdir=.*|libdir=$(dirname "${library[$kind]}")|" "$work/static/usr/lib/pkgconfig/waylandslider.pc" \
        -e "s|^includedir=.*|includedir=$PWD/include|" > "$work/$kind-prefix/lib/pkgconfig/waylandslider.pc"
    [[ "$kind" == dynamic ]] && ln -sf libwaylandslider.so "$dynamic/libwaylandslider.so.0"
    PKG_CONFIG_PATH="$work/$kind-prefix/lib/pkgconfig" bash Examples/build.sh "$work/$kind-bin" >/dev/null
done
XDG_RUNTIME_DIR="$work" weston --backend=headless-backend.so --use-pixman --socket=wayland-rl --idle-time=0 --width=480 --height=240 \
    --log="$work/weston.log" >/dev/null 2>&1 &
for _ in $(seq 200); do [[ -S "$work/wayland-rl" ]] && break; sleep 0.05; done
peak_rss_of_host() {
    local out="$work/host.out"
    rm -f "$work/in" && mkfifo "$work/in"
    XDG_RUNTIME_DIR="$work" WAYLAND_DISPLAY=wayland-rl LD_LIBRARY_PATH="$(dirname "${library[$1]}")" "$work/$1-bin/subsurface-host" <"$work/in" >"$out" 2>&1 &
    local pid=$!
    exec 3>"$work/in"
    until grep -q '^ready' "$out"; do sleep 0.05; kill -0 "$pid" || { cat "$out" >&2; exit 1; }; done
    echo "sweep 120" >&3
    until grep -q '^swept' "$out"; do sleep 0.05; kill -0 "$pid" || { cat "$out" >&2; exit 1; }; done
    awk '/^VmHWM/ { printf "%.1f\n", $2 / 1024 }' "/proc/$pid/status"
    exec 3>&-
    wait "$pid"
}

megabytes() { awk -v bytes="$1" 'BEGIN { printf "%.1f", bytes / 1e6 }'; }
median() { python3 -c 'import statistics, sys; print(f"{statistics.median(float(x) for x in sys.argv[1:]):.1f}")' "$@"; }
echo "Swift $(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1), $(. /etc/os-release && echo "$PRETTY_NAME"), $(uname -m)"
printf '%-8s %14s %14s %16s %16s %16s\n' runtime "library (MB)" "demo (MB)" "Swift .so (MB)" "demo RSS (MiB)" "host RSS (MiB)"
for kind in static dynamic; do
    bench=() host=()
    for _ in $(seq "$rounds"); do bench+=("$(peak_rss_of_bench "${demo[$kind]}")"); host+=("$(peak_rss_of_host "$kind")"); done
    printf '%-8s %14s %14s %16s %16s %16s\n' "$kind" "$(megabytes "$(stripped_size "${library[$kind]}")")" \
        "$(megabytes "$(stripped_size "${demo[$kind]}")")" "$(megabytes "$(runtime_size "${demo[$kind]}")")" \
        "$(median "${bench[@]}")" "$(median "${host[@]}")"
done
