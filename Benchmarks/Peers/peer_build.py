"""The peer-slider build that compare.py and rss-breakdown.py measure: the one Benchmarks/ builds with the
Swift runtime linked in, as Scripts/install.sh links the programs it installs and the Debian packages ship
them. A build against the toolchain's shared runtime reaches main about 2 ms later (its 10 Swift
libraries, loaded and relocated first: docs/BENCHMARKS.md), so measuring it would time what no package ships; it is
refused, with the command that builds the other (an earlier build is still measured with --before)."""
import os
import subprocess

PEER_SLIDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "release", "peer-slider")
BUILD = "swift build -c release --static-swift-stdlib --product peer-slider (in Benchmarks/)"


def shared_swift_runtime(path):
    """True when the program at `path` loads the Swift runtime as a shared library (libswiftCore.so among
    its DT_NEEDED entries, as readelf prints them)."""
    dynamic = subprocess.run(["readelf", "--dynamic", path], capture_output=True, text=True, check=True).stdout
    return "[libswiftCore.so]" in dynamic


def peer_slider(script):
    """The path of the peer-slider to measure; stops `script` with what to run when it is missing or was
    built against the shared runtime."""
    if not os.access(PEER_SLIDER, os.X_OK):
        raise SystemExit(f"{script}: {PEER_SLIDER} is missing: {BUILD}")
    if shared_swift_runtime(PEER_SLIDER):
        raise SystemExit(f"{script}: {PEER_SLIDER} loads the Swift runtime as shared libraries, which no package ships: {BUILD}")
    return PEER_SLIDER
