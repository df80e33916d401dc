#!/usr/bin/env bash
# What publishing the sliders on the AT-SPI accessibility bus costs per value change: `slider-demo bench`
# (a drag of the volume, one value change per frame, on its own headless weston) run alternately with a
# private accessibility bus (a session bus and at-spi2-core's launcher, the registry started on embed) and
# with NO_AT_BRIDGE=1, ROUNDS times each in one run; prints CPU ms per frame for both, their difference
# (the bridge's cost per change) and the ratio. Usage: Benchmarks/accessibility-cost.sh [SECONDS] [ROUNDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source Scripts/env.sh
seconds="${1:-5}"
rounds="${2:-3}"

swift build -c release --product slider-demo >/dev/null
swift build -c release --product slider-weston-input >/dev/null
demo="$(swift build -c release --show-bin-path)/slider-demo"

runtime="$(mktemp -d /tmp/atspi-cost-XXXXXX)"
cleanup() { kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$runtime"; }
trap cleanup EXIT
session="unix:path=$runtime/bus"
dbus-daemon --session --nofork --nopidfile --address="$session" >"$runtime/session.log" 2>&1 &
for _ in $(seq 200); do [[ -S "$runtime/bus" ]] && break; sleep 0.05; done
XDG_RUNTIME_DIR="$runtime" DBUS_SESSION_BUS_ADDRESS="$session" /usr/libexec/at-spi-bus-launcher --launch-immediately >"$runtime/launcher.log" 2>&1 &
for _ in $(seq 200); do
    dbus-send --bus="$session" --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.NameHasOwner \
        string:org.a11y.Bus 2>/dev/null | grep -q "boolean true" && break
    sleep 0.05
done

results="$runtime/results"
for round in $(seq "$rounds"); do
    env -u WAYLAND_DISPLAY -u AT_SPI_BUS_ADDRESS XDG_RUNTIME_DIR="$runtime" DBUS_SESSION_BUS_ADDRESS="$session" \
        "$demo" bench --seconds "$seconds" --json | tail -1 | sed 's/^/on /' >>"$results"
    env -u WAYLAND_DISPLAY -u AT_SPI_BUS_ADDRESS -u DBUS_SESSION_BUS_ADDRESS NO_AT_BRIDGE=1 \
        "$demo" bench --seconds "$seconds" --json | tail -1 | sed 's/^/off /' >>"$results"
done
python3 - "$results" <<'PY'
import json, statistics, sys
rows = [line.split(" ", 1) for line in open(sys.argv[1])]
cpu = {"on": [], "off": []}
for mode, report in rows:
    cpu[mode].append(json.loads(report)["measured"]["cpuMsPerFrame"])
for mode in ("on", "off"):
    print(f"bus {mode:3}: CPU ms per frame (one value change each) " + " ".join(f"{v:.3f}" for v in cpu[mode])
          + f"   median {statistics.median(cpu[mode]):.3f}")
on, off = statistics.median(cpu["on"]), statistics.median(cpu["off"])
print(f"the bridge's cost per value change: {on - off:+.3f} ms (on / off {on / off:.3f})")
PY
