"""The peer-slider build that compare.py and rss-breakdown.py measure: the one Benchmarks/ builds with the
Swift runtime linked in, as Scripts/install.sh links the programs it installs and the Debian packages ship
them. A build against the toolchain's shared runtime reaches main about 2 ms later (its 10 Swift
libraries, loaded and relocated first: docs/BENCHMARKS.md), so measuring it would time what no package ships; it is
built first, as Benchmarks/latency.sh builds what it runs (up to date, that takes a second), and refused if
it still loads the shared runtime (an earlier build is still measured with --before)."""
import os
import subprocess

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEER_SLIDER = os.path.join(BENCHMARKS, ".build", "release", "peer-slider")
BUILD = "swift build -c release --static-swift-stdlib --product peer-slider"


def shared_swift_runtime(path):
    """True when the program at `path` loads the Swift runtime as a shared library (libswiftCore.so among
    its DT_NEEDED entries, as readelf prints them)."""
    dynamic = subprocess.run(["readelf", "--dynamic", path], capture_output=True, text=True, check=True).stdout
    return "[libswiftCore.so]" in dynamic


def peer_slider(script):
    """The path of the peer-slider to measure, built first (with the toolchain Scripts/env.sh finds); stops
    `script` when the build fails or it was built against the shared runtime."""
    build = f"source ../Scripts/env.sh >/dev/null && cd Benchmarks && {BUILD} -q"
    if subprocess.run(["bash", "-c", build], cwd=BENCHMARKS).returncode != 0 or not os.access(PEER_SLIDER, os.X_OK):
        raise SystemExit(f"{script}: could not build {PEER_SLIDER} ({BUILD}, in Benchmarks/)")
    if shared_swift_runtime(PEER_SLIDER):
        raise SystemExit(f"{script}: {PEER_SLIDER} loads the Swift runtime as shared libraries, which no package ships ({BUILD}, in Benchmarks/)")
    return PEER_SLIDER
