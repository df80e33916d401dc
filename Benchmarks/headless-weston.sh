# Sourced by Benchmarks/embedded-cost.sh, which runs two programs in turn on one headless weston as
# `slider-demo bench` starts its own: pixman, repaint-window=15, no panel and no animations. (One program on the
# bench's own compositor: `slider-demo host`.)
# start_headless_weston RUNTIME SOCKET WIDTH HEIGHT [WESTON ARGUMENT ...] starts it in RUNTIME (a private
# XDG_RUNTIME_DIR), sets $weston to its process id, and returns once its socket is there.
start_headless_weston() {
    local runtime="$1" socket="$2" width="$3" height="$4"
    shift 4
    printf '[core]\nrepaint-window=15\nidle-time=0\n[shell]\npanel-position=none\nstartup-animation=none\nanimation=none\n' \
        >"$runtime/weston.ini"
    XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --use-pixman --socket="$socket" --shell=desktop-shell.so \
        --config="$runtime/weston.ini" --width="$width" --height="$height" --idle-time=0 --log="$runtime/weston.log" "$@" &
    weston=$!
    for _ in $(seq 100); do [[ -S "$runtime/$socket" ]] && break; sleep 0.05; done
}
