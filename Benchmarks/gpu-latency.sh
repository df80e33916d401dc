#!/usr/bin/env bash
# On a GPU machine (root, no Swift, no weston): what its EGL offers, then the latency table's weston 14 rows
# with weston compositing on the GPU (its GL renderer, headless) and the window drawn by GLES2 on the GPU,
# on the EGL window path where the machine has a DRM device and through wl_shm, beside weston-presentation-shm
# and beside weston's pixman renderer; one Perfetto trace of the automatic path.
#   bash Benchmarks/gpu-latency.sh BUNDLE.tar.xz OUTDIR   (the bundle: Benchmarks/gpu-weston-bundle.sh)
# LATENCY_SECONDS (default 2) and LATENCY_RATES (60 120 240) as in latency-rates.sh. GPU_STEPS (default
# "bench latency sustained") picks what runs after the probe: two benches on the automatic path (the panel's
# window at 60 Hz with a Perfetto trace, and fullscreen 1920 x 1080 at 240 Hz); the latency rows; a
# fullscreen 1920 x 1080 panel dragged at 240 Hz for 10 s and at 360, 480 and 720 Hz for 5 s
# (sustained-rates.sh; the CPU renderer and GLES2 on the GPU, both on wl_shm, weston's GL renderer);
# "screenshots": the panel's at scales 1 to 4.
set -uo pipefail
bundle_archive="$(realpath "${1:?usage: gpu-latency.sh BUNDLE.tar.xz OUTDIR}")"
out="$(realpath -m "${2:?usage: gpu-latency.sh BUNDLE.tar.xz OUTDIR}")"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p "$out/json"
exec > >(tee "$out/log.txt") 2>&1

echo "== machine"
date -u; grep PRETTY_NAME /etc/os-release; uname -r; nproc
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader
ls -l /dev/dri /dev/nvidia* 2>&1
# NVIDIA's Wayland platform for EGL clients shares buffers through a DRM device: nvidia-drm makes one.
[[ -e /dev/dri ]] || { modprobe nvidia-drm modeset=1 2>&1; lsmod 2>/dev/null | grep nvidia; ls -l /dev/dri 2>&1; }
ldconfig -p | grep -Ei 'egl|gbm|nvidia-allocator|wayland' | head -20
find /usr /etc \( -path '*egl_vendor.d*' -o -path '*egl_external_platform.d*' -o -path '*/gbm/*' \) \( -type f -o -type l \) 2>/dev/null | head
ls /usr/local/nvidia/lib64 2>/dev/null | grep -Ei 'egl|gbm|allocator|wayland'

echo "== bundle"
tar xJf "$bundle_archive" -C /opt || exit 1
/opt/weston-bundle/install.sh || exit 1
run=/opt/weston-bundle/run.sh
echo "== eglinfo"
timeout 30 "$run" eglinfo -B 2>&1 | sed -n '/Surfaceless platform/,/^$/p'

echo "== weston 14, GL renderer, headless"
runtime="$(mktemp -d)"
XDG_RUNTIME_DIR="$runtime" timeout 8 weston --backend=headless-backend.so --use-gl --socket=gpu-probe --idle-time=0 --log="$out/weston-gl.log" \
    >"$out/weston-gl.out" 2>&1
grep -Ei 'EGL vendor|GL renderer|GL version|error|fail|warning|dmabuf|Using' "$out/weston-gl.log" | head -30
echo "== weston-simple-egl in it (an EGL client on the GPU, 6 s)"
timeout 20 "$run" slider-demo host --compositor weston --weston-renderer gl --seconds 6 -- weston-simple-egl 2>&1 | tail -8

demo="$run slider-demo"
export BENCH_DEMO="$demo" BENCH_WESTON_RENDERER=gl LATENCY_JSON_DIR="$out/json" LATENCY_SECONDS="${LATENCY_SECONDS:-2}"
steps=" ${GPU_STEPS:-bench latency sustained} "
if [[ $steps == *" bench "* ]]; then
    echo "== the automatic path, with a Perfetto trace; then fullscreen 1920 x 1080 at 240 Hz"
    timeout 60 $demo bench --compositor weston --weston-renderer gl --refresh 60 --input pointer \
        --seconds "$LATENCY_SECONDS" --trace "$out/trace-gpu-60.json"
    timeout 60 $demo bench --compositor weston --weston-renderer gl --refresh 240 --input pointer --input-rate 1000 \
        --scale 1 --output 1920x1080 --fullscreen --seconds "$LATENCY_SECONDS"
fi
if [[ $steps == *" latency "* ]]; then
    if ls /dev/dri/renderD* >/dev/null 2>&1; then
        echo "== latency, EGL window path"
        WAYLAND_SLIDER_PRESENTATION=egl timeout 300 bash Benchmarks/latency-rates.sh weston
    else
        echo "== no EGL window path: no DRM device, so NVIDIA's EGL has no Wayland platform"
    fi
    echo "== latency, wl_shm (GLES2 on the GPU, read back into wl_shm buffers)"
    WAYLAND_SLIDER_PRESENTATION=shm timeout 300 bash Benchmarks/latency-rates.sh weston
    echo "== the same under weston's pixman renderer"
    WAYLAND_SLIDER_PRESENTATION=shm BENCH_WESTON_RENDERER=pixman LATENCY_RATES="${LATENCY_PIXMAN_RATES:-60 240}" timeout 200 \
        bash Benchmarks/latency-rates.sh weston
fi
if [[ $steps == *" screenshots "* ]]; then
    echo "== the panel's screenshot at scales 1 to 4, drawn on the GPU, composited by weston on the GPU"
    for scale in 1 2 3 4; do timeout 60 $demo --compositor weston --weston-renderer gl --scale $scale --screenshot "$out/panel-gpu-$scale.png"; done
fi
if [[ $steps == *" sustained "* ]]; then
    echo "== sustained rates: a fullscreen 1920 x 1080 panel, weston's GL renderer"
    export SUSTAINED_COMPOSITORS=weston SUSTAINED_PATHS="cpu gles-shm"
    timeout 150 bash Benchmarks/sustained-rates.sh 10 240
    timeout 200 bash Benchmarks/sustained-rates.sh 5 360 480 720
fi
(cd "$out" && tar czf json.tgz json && rm -r json)
