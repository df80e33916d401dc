#!/usr/bin/env python3
"""Measures WaylandSlider, GTK 4's GtkScale and Qt Quick Controls' Slider the same way under one private
headless weston (pixman renderer, desktop shell, repaint-window=15): an 800 x 200 window whose slider
moves every frame for SECONDS, then SECONDS with nothing changing. Each program prints markers
(first-frame, moving-start, moving-end frames=N, idle-end); this script samples the process's CPU time
(/proc/PID/stat, user + system) at them and its peak RSS (VmHWM) at the end.

    python3 Benchmarks/Peers/compare.py [SECONDS]     (after `swift build -c release` in Benchmarks/)

Needs weston, python3-gi + gir1.2-gtk-4.0, qmlscene + qtwayland5 + qml-module-qtquick-controls2.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(HERE)
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def peak_rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def start_weston(runtime):
    config = os.path.join(runtime, "weston.ini")
    with open(config, "w") as f:
        f.write("[core]\nrepaint-window=15\nidle-time=0\n[shell]\npanel-position=none\nstartup-animation=none\n"
                "animation=none\nclose-animation=none\nfocus-animation=none\n")
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("DISPLAY", None)
    log = open(os.path.join(runtime, "weston.log"), "w")
    weston = subprocess.Popen(["weston", "--backend=headless-backend.so", "--use-pixman", "--socket=wayland-peers",
                               f"--config={config}", "--width=1024", "--height=768", "--idle-time=0"],
                              env=env, stdout=log, stderr=subprocess.STDOUT)
    socket = os.path.join(runtime, "wayland-peers")
    for _ in range(500):
        if os.path.exists(socket):
            time.sleep(0.5)  # the shell client is still starting
            return weston, socket
        time.sleep(0.02)
    raise SystemExit("weston did not start")


def measure(name, command, socket, runtime, extra_env):
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY=socket, **extra_env)
    env.pop("DISPLAY", None)
    spawned = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    result = {"name": name}
    marks = {}
    for line in process.stdout:
        now = time.monotonic()
        if "first-frame" in line and "first" not in marks:
            marks["first"] = now
            result["firstFrameMs"] = (now - spawned) * 1000
        elif "moving-start" in line:
            marks["moving"] = (now, cpu_seconds(process.pid))
        elif "moving-end" in line:
            frames = int(line.split("frames=")[1].split()[0])
            start, cpu = marks["moving"]
            used = cpu_seconds(process.pid) - cpu
            marks["idle"] = (now, cpu_seconds(process.pid))
            result.update(frames=frames, fps=frames / (now - start), cpuMsPerFrame=used * 1000 / max(frames, 1))
        elif "idle-end" in line:
            start, cpu = marks["idle"]
            result.update(idleCpuMs=(cpu_seconds(process.pid) - cpu) * 1000, idleSeconds=now - start,
                          peakRSSMiB=peak_rss_mib(process.pid))
        elif line.strip():
            sys.stderr.write(f"  [{name}] {line}")
    process.wait()
    return result


def qml_copy(runtime, seconds):
    """qt_slider.qml with `seconds` set (qmlscene takes every argument for a file to load)."""
    with open(os.path.join(HERE, "qt_slider.qml")) as f:
        source = f.read().replace("property real seconds: 10", f"property real seconds: {float(seconds)}")
    path = os.path.join(runtime, "qt_slider.qml")
    with open(path, "w") as f:
        f.write(source)
    return path


def main():
    seconds = sys.argv[1] if len(sys.argv) > 1 else "10"
    peer_slider = os.path.join(BENCHMARKS, ".build", "release", "peer-slider")
    runtime = tempfile.mkdtemp(prefix="slider-peers-")
    os.chmod(runtime, 0o700)
    weston, socket = start_weston(runtime)
    try:
        results = [
            measure("WaylandSlider", [peer_slider, seconds], socket, runtime, {}),
            measure("GTK 4 GtkScale", [sys.executable if sys.executable.startswith("/usr/") else "/usr/bin/python3",
                                       os.path.join(HERE, "gtk_scale.py"), seconds], socket, runtime, {"GDK_BACKEND": "wayland"}),
            measure("Qt Quick Slider", ["qmlscene", qml_copy(runtime, seconds)], socket, runtime,
                    {"QT_QPA_PLATFORM": "wayland", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1"}),
        ]
    finally:
        weston.terminate()
        weston.wait()
        shutil.rmtree(runtime, ignore_errors=True)
    print(f"{'program':18} {'frames':>7} {'fps':>6} {'CPU ms/frame':>13} {'first frame ms':>15} {'peak RSS MiB':>13} {'idle CPU ms':>12}")
    for r in results:
        def get(key, fmt):
            return format(r[key], fmt) if r.get(key) is not None else "-"
        print(f"{r['name']:18} {get('frames', 'd'):>7} {get('fps', '.1f'):>6} {get('cpuMsPerFrame', '.3f'):>13} "
              f"{get('firstFrameMs', '.0f'):>15} {get('peakRSSMiB', '.1f'):>13} {get('idleCpuMs', '.0f'):>12}")
    print(json.dumps(results))


main()
