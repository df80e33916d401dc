# Sourced by the latency scripts (from the checkout's root): `demo`, the command that runs slider-demo, and
# `weston_options`, the private weston's renderer. BENCH_DEMO names a slider-demo built elsewhere (the GPU
# bundle's, with WAYLAND_SLIDER_WESTON_MODULE set); else this checkout's release build is made and used.
# BENCH_WESTON_RENDERER: pixman (default) or gl.
weston_options=(--weston-renderer "${BENCH_WESTON_RENDERER:-pixman}")
if [[ -n "${BENCH_DEMO:-}" ]]; then
  read -r -a demo <<<"$BENCH_DEMO"
else
  source Scripts/env.sh
  swift build -c release --product slider-demo -q
  swift build -c release --product slider-weston-input -q
  export WAYLAND_SLIDER_WESTON_MODULE="$PWD/.build/release/slider-weston-input"
  demo=(.build/release/slider-demo)
fi
