#!/usr/bin/env python3
"""Where a WaylandSlider window's resident memory goes: peer-slider (one slider in an 800 x 200 window, or
fullscreen on a 1920 x 1080 output; weston's output scale N; its thumb moved every frame) under a private
headless weston, its /proc/PID/smaps read at the end of the moving phase and summed by what is mapped (each
library, the heap, anonymous memory, the wl_shm buffers).

    /usr/bin/python3 Benchmarks/Peers/rss-breakdown.py [SECONDS] [--renderer cpu|gles] [--scale N] [--fullscreen [--output WxH]]
    (it builds peer-slider first: `swift build -c release --static-swift-stdlib --product peer-slider` in Benchmarks/;
    Peers/peer_build.py)
"""
import argparse
import collections
import os
import shutil
import subprocess
import tempfile
import time

import peer_build


def smaps_by_mapping(pid):
    """Rss and Pss in KiB per mapping name (the file's name, or [heap], [stack], [anon], the memfd's name)."""
    totals = collections.defaultdict(lambda: [0, 0])
    name = None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            fields = line.split()
            if "-" in fields[0] and len(fields) >= 5 and ":" not in fields[0]:
                path = " ".join(fields[5:]) if len(fields) > 5 else "[anon]"
                name = os.path.basename(path) if path.startswith("/") else path
            elif fields[0] == "Rss:":
                totals[name][0] += int(fields[1])
            elif fields[0] == "Pss:":
                totals[name][1] += int(fields[1])
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=3.0)
    parser.add_argument("--renderer", choices=["cpu", "gles"], default="cpu")
    parser.add_argument("--scale", type=int, default=1, choices=[1, 2, 3], help="weston's output scale (default 1)")
    parser.add_argument("--fullscreen", action="store_true", help="fullscreen on a 1920 x 1080 output (--output sets another)")
    parser.add_argument("--output", default="1920x1080", help="the output's size with --fullscreen, WIDTHxHEIGHT (default 1920x1080)")
    arguments = parser.parse_args()
    peer_slider = peer_build.peer_slider("rss-breakdown.py")
    runtime = tempfile.mkdtemp(prefix="slider-rss-")
    os.chmod(runtime, 0o700)
    env = {"PATH": "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime}
    width, height = tuple(int(side) for side in arguments.output.split("x")) if arguments.fullscreen else (1024, 768)
    weston = subprocess.Popen(["weston", "--backend=headless-backend.so", "--use-pixman", "--socket=wayland-rss", "--idle-time=0",
                               f"--width={width}", f"--height={height}", f"--scale={arguments.scale}"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        socket = os.path.join(runtime, "wayland-rss")
        deadline = time.monotonic() + 10
        while not os.path.exists(socket):
            if time.monotonic() > deadline or weston.poll() is not None:
                raise SystemExit("rss-breakdown.py: weston did not start")
            time.sleep(0.02)
        program_env = dict(os.environ, XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY=socket, WAYLAND_SLIDER_RENDERER=arguments.renderer)
        for name in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "WAYLAND_DEBUG"):
            program_env.pop(name, None)
        slider = subprocess.Popen([peer_slider, str(arguments.seconds)] + (["--fullscreen"] if arguments.fullscreen else []), env=program_env, stdout=subprocess.PIPE, text=True)
        totals = None
        for line in slider.stdout:
            if "moving-end" in line:
                totals = smaps_by_mapping(slider.pid)
                with open(f"/proc/{slider.pid}/status") as f:
                    status = {l.split(":")[0]: l.split(":")[1].strip() for l in f if ":" in l}
        slider.wait()
    finally:
        weston.terminate()
        weston.wait()
        shutil.rmtree(runtime, ignore_errors=True)
    if totals is None:
        raise SystemExit("rss-breakdown.py: peer-slider printed no moving-end marker")
    rss = sum(r for r, _ in totals.values())
    print(f"peer-slider, renderer {arguments.renderer}, scale {arguments.scale}{', fullscreen' if arguments.fullscreen else ''}: RSS {rss / 1024:.1f} MiB at the end of the moving phase "
          f"(VmHWM {status.get('VmHWM')}, RssAnon {status.get('RssAnon')}, RssFile {status.get('RssFile')}, RssShmem {status.get('RssShmem')})")
    print(f"{'mapping':44} {'RSS KiB':>8} {'PSS KiB':>8}")
    for name, (r, p) in sorted(totals.items(), key=lambda item: -item[1][0]):
        if r >= 64:
            print(f"{name[:44]:44} {r:8d} {p:8d}")
    print(f"{'(mappings under 64 KiB each)':44} {sum(r for r, _ in totals.values() if r < 64):8d}")


main()
