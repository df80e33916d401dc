#!/usr/bin/env python3
"""Measures WaylandSlider, GTK 4's GtkScale and Qt Quick Controls' Slider the same way under one private
headless compositor: an 800 x 200 window whose slider moves every frame for SECONDS, then SECONDS with
nothing changing. Each program prints markers (first-frame, moving-start, moving-end frames=N, idle-end);
this script samples the process's CPU time (/proc/PID/stat, user + system) at them and its peak RSS (VmHWM)
at the end.

    python3 Benchmarks/Peers/compare.py [SECONDS] [--compositor weston|sway|cage|kwin]
    (after `swift build -c release` in Benchmarks/)

The compositors, all headless: weston 10 (pixman, desktop shell, repaint-window=15), sway 1.7 (pixman,
windows floating at their own size), cage 0.1.4 (kiosk: every window fills its 1280 x 720 output, so there
the programs draw 1280 x 720, not 800 x 200), KWin 5.27 (--virtual, its own session bus). sway and cage
run as nobody when this runs as root (sway refuses root).

Needs the compositor, python3-gi + gir1.2-gtk-4.0, qmlscene + qtwayland5 + qml-module-qtquick-controls2.
"""
import argparse
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


def wait_for_socket(process, socket, name):
    for _ in range(1000):
        if process.poll() is not None:
            raise SystemExit(f"{name} exited at start-up")
        if os.path.exists(socket):
            time.sleep(0.5)  # the shell or the first output is still starting
            return
        time.sleep(0.02)
    raise SystemExit(f"{name} did not start")


def as_nobody(runtime, command):
    """sway refuses root: drop to nobody (the runtime dir is handed over first)."""
    if os.geteuid() != 0:
        return command
    for root, dirs, files in os.walk(runtime):
        for entry in [root] + [os.path.join(root, f) for f in files]:
            os.chown(entry, 65534, 65534)
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] + command


def start_compositor(kind, runtime):
    """Starts `kind` headless in `runtime`; returns the processes to stop and the socket path."""
    env = {"PATH": "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime}
    log = open(os.path.join(runtime, f"{kind}.log"), "w")
    if kind == "weston":
        config = os.path.join(runtime, "weston.ini")
        with open(config, "w") as f:
            f.write("[core]\nrepaint-window=15\nidle-time=0\n[shell]\npanel-position=none\nstartup-animation=none\n"
                    "animation=none\nclose-animation=none\nfocus-animation=none\n")
        process = subprocess.Popen(["weston", "--backend=headless-backend.so", "--use-pixman", "--socket=wayland-peers",
                                    f"--config={config}", "--width=1024", "--height=768", "--idle-time=0"],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
        socket = os.path.join(runtime, "wayland-peers")
        wait_for_socket(process, socket, kind)
        return [process], socket
    if kind in ("sway", "cage"):
        env.update(WLR_BACKENDS="headless", WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1")
        if kind == "sway":
            config = os.path.join(runtime, "config")
            with open(config, "w") as f:
                f.write("output HEADLESS-1 resolution 1024x768\ndefault_border none\ndefault_floating_border none\n"
                        "for_window [title=\".*\"] floating enable\n")
            command = ["sway", "-c", config]
        else:
            command = ["cage", "--", "sleep", "infinity"]
        process = subprocess.Popen(as_nobody(runtime, command), env=env, stdout=log, stderr=subprocess.STDOUT)
        socket = os.path.join(runtime, "wayland-1" if kind == "sway" else "wayland-0")
        for _ in range(500):
            names = sorted(n for n in os.listdir(runtime) if n.startswith("wayland-") and not n.endswith(".lock"))
            if names:
                socket = os.path.join(runtime, names[0])
                break
            time.sleep(0.02)
        wait_for_socket(process, socket, kind)
        return [process], socket
    if kind == "kwin":
        bus_path = os.path.join(runtime, "bus")
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", f"--address=unix:path={bus_path}"],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
        wait_for_socket(bus, bus_path, "dbus-daemon")
        env.update(DBUS_SESSION_BUS_ADDRESS=f"unix:path={bus_path}", QT_QPA_PLATFORM="offscreen")
        process = subprocess.Popen(["kwin_wayland", "--virtual", "--socket", "kwin-0", "--width", "1024", "--height", "768",
                                    "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
        socket = os.path.join(runtime, "kwin-0")
        wait_for_socket(process, socket, kind)
        return [process, bus], socket
    raise SystemExit(f"unknown compositor {kind}")


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
    parser = argparse.ArgumentParser(description="WaylandSlider, GTK 4 and Qt Quick measured the same way.")
    parser.add_argument("seconds", nargs="?", default="10", help="seconds moving, then as many idle (default 10)")
    parser.add_argument("--compositor", choices=["weston", "sway", "cage", "kwin"], default="weston")
    arguments = parser.parse_args()
    seconds = arguments.seconds
    peer_slider = os.path.join(BENCHMARKS, ".build", "release", "peer-slider")
    runtime = tempfile.mkdtemp(prefix="slider-peers-")
    os.chmod(runtime, 0o700)
    processes, socket = start_compositor(arguments.compositor, runtime)
    print(f"compare.py: {seconds} s moving + {seconds} s idle per program under headless {arguments.compositor}", flush=True)
    try:
        results = [
            measure("WaylandSlider", [peer_slider, seconds], socket, runtime, {}),
            measure("GTK 4 GtkScale", [sys.executable if sys.executable.startswith("/usr/") else "/usr/bin/python3",
                                       os.path.join(HERE, "gtk_scale.py"), seconds], socket, runtime, {"GDK_BACKEND": "wayland"}),
            measure("Qt Quick Slider", ["qmlscene", qml_copy(runtime, seconds)], socket, runtime,
                    {"QT_QPA_PLATFORM": "wayland", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1"}),
        ]
    finally:
        for process in processes:
            process.terminate()
            process.wait()
        shutil.rmtree(runtime, ignore_errors=True)
    print(f"{'program':18} {'frames':>7} {'fps':>6} {'CPU ms/frame':>13} {'first frame ms':>15} {'peak RSS MiB':>13} {'idle CPU ms':>12}")
    for r in results:
        def get(key, fmt):
            return format(r[key], fmt) if r.get(key) is not None else "-"
        print(f"{r['name']:18} {get('frames', 'd'):>7} {get('fps', '.1f'):>6} {get('cpuMsPerFrame', '.3f'):>13} "
              f"{get('firstFrameMs', '.0f'):>15} {get('peakRSSMiB', '.1f'):>13} {get('idleCpuMs', '.0f'):>12}")
    print(json.dumps(results))


main()
