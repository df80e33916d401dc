#!/usr/bin/env python3
"""Measures WaylandSlider, GTK 4's GtkScale and Qt Quick Controls' Slider the same way under one private
headless compositor, next to two floors (weston-simple-egl: a triangle redrawn whole every frame by GL;
weston-simple-shm: a pattern redrawn whole by the CPU into wl_shm buffers). WaylandSlider runs twice, with
its CPU renderer and with GLES2 (WAYLAND_SLIDER_RENDERER). Each
slider sits in an 800 x 200 window (or a fullscreen one) and moves every frame for SECONDS, then rests for
SECONDS. Every program runs --rounds times, taking turns; the tables give medians.

    /usr/bin/python3 Benchmarks/Peers/compare.py [SECONDS] [--compositor weston|sway|cage|kwin|labwc|gnome]
        [--scale N] [--fullscreen] [--cold] [--rounds N] [--egl-window] [--before PEER_SLIDER] [--startup-steps]
        [--chart FILE]
    (it builds peer-slider first, `swift build -c release --static-swift-stdlib --product peer-slider` in
    Benchmarks/: the Swift runtime linked in, as the installed programs have it; Peers/peer_build.py)

Two tables: every program undecorated (all draw the same pixels), then every program decorated the way it
draws by default on the compositor (GTK: client-side decorations and their shadow; Qt: its own title bar;
WaylandSlider: libdecor's). Fullscreen has no decorated table (nothing is decorated fullscreen).

What is measured, the same way for every program:
- frames: buffers committed to the slider's surface, seen on the wire. The compositor runs with
  WAYLAND_DEBUG=server and this script reads its protocol log (one line per request, timestamped): a frame
  is a wl_surface.commit after a wl_surface.attach of a buffer, on the surface that committed most.
- first frame: from exec to the first such commit, on the wire. First drawn: to the compositor's answer to
  the frame callbacks that commit asked for (sent from the repaint that took the buffer, before the frame is
  on the screen: weston 10 with repaint-window=15 presents it about a refresh later). First presented: to
  the first wp_presentation feedback that says presented, the first frame on the screen whichever it was,
  for the programs that ask for feedback.
- CPU per frame: the program's user + system CPU time (/proc/PID/stat, every thread: llvmpipe's too)
  between its moving-start and moving-end markers, over the frames committed between them. The floor prints
  no markers: it is sampled from 0.5 s after its first frame for SECONDS.
- peak RSS (VmHWM) and the CPU used in the SECONDS at rest.

The compositors, all headless, as the release packages them (Debian 12 / Debian 13): weston 10 / 14 (pixman,
repaint-window=15, the output 1024 x 768, or 1920 x 1080 with --fullscreen), sway 1.7 / 1.10 (pixman,
windows floating at their own size), cage 0.1.4 / 0.2 (kiosk: every window fills its output: the programs
draw 1280 x 720, not 800 x 200), KWin 5.27 / 6.3 (--virtual, its own session bus), and on Debian 13 labwc
0.8 (pixman; windows float) and GNOME Shell 48 (--headless with a 1024 x 768 virtual monitor, its own
session and system buses; its overview, open at start, is closed with Escape through mutter's remote
desktop before anything is measured). --scale sets weston's output scale (2: the sliders draw 1600 x 400
pixels; weston-simple-egl ignores the scale and stays 250 x 250). sway, cage, labwc and GNOME Shell run as
nobody when this runs as root (sway refuses root; GNOME Shell puts a notification over the windows).
--cold gives every program an empty cache directory (no Mesa shader cache, no Qt shader cache, no
fontconfig user cache): a first start after installing rather than a usual start.

Needs the compositor and the peers: `bash Scripts/install-deps.sh Benchmarks/Peers/packages.txt` installs
them for the release (GTK 4.8 and Qt 5.15's qmlscene on Debian 12, GTK 4.18 and Qt 6.8's on Debian 13).
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import peer_build

HERE = os.path.dirname(os.path.abspath(__file__))
TICK = os.sysconf("SC_CLK_TCK")
DEBIAN_PYTHON = sys.executable if sys.executable.startswith("/usr/") else "/usr/bin/python3"
FLOOR = "floor: weston-simple-egl"
# The second floor: a bare wl_shm client that redraws a 250 x 250 pattern with the CPU, no GL at all.
SHM_FLOOR = "floor: weston-simple-shm"


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def peak_rss_mib(pid):
    """VmHWM in MiB; None once the process has exited (a zombie has no memory left to report)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except FileNotFoundError:
        pass
    return None


def wire_now():
    """Now as libwayland's debug log stamps it: CLOCK_REALTIME in microseconds, modulo 2^32."""
    return (time.time_ns() // 1000) & 0xFFFFFFFF


def wire_seconds(stamp, since):
    """Seconds from wire stamp `since` to `stamp` (both modulo 2^32 microseconds; negative if before)."""
    delta = (stamp - since) & 0xFFFFFFFF
    return (delta - (1 << 32) if delta >= 1 << 31 else delta) / 1e6


class WireLog:
    """The compositor's WAYLAND_DEBUG=server log: the buffers each program's surfaces committed. libwayland
    1.21 (Debian 12) names objects `wl_surface@12`, 1.23 (Debian 13) `wl_surface#12`."""
    REQUEST = re.compile(r"^\[\s*(\d+)\.(\d{3})\]\s+(wl_surface[@#]\d+)\.(attach|commit|frame)\((.*)\)")
    FEEDBACK = re.compile(r"^\[\s*\d+\.\d{3}\]\s+wp_presentation[@#]\d+\.feedback\((wl_surface[@#]\d+), new id (wp_presentation_feedback[@#]\d+)\)")
    ANSWER = re.compile(r"^\[\s*(\d+)\.(\d{3})\]\s+-> ((?:wl_callback|wp_presentation_feedback)[@#]\d+)\.(done|presented)\(")

    def __init__(self, path):
        self.path = path

    @staticmethod
    def attaches_buffer(arguments):
        """Whether a wl_surface.attach's arguments name a buffer (not null)."""
        return arguments.startswith(("wl_buffer@", "wl_buffer#"))

    def offset(self):
        return os.path.getsize(self.path)

    def buffer_commits(self, offset):
        """{surface: [wire stamps of commits that carried a newly attached buffer]} logged after `offset`."""
        commits, pending = {}, {}
        with open(self.path, errors="replace") as f:
            f.seek(offset)
            for line in f:
                match = self.REQUEST.match(line)
                if not match:
                    continue
                stamp = int(match.group(1)) * 1000 + int(match.group(2))
                surface, request, arguments = match.group(3), match.group(4), match.group(5)
                if request == "frame":
                    continue
                if request == "attach":
                    pending[surface] = self.attaches_buffer(arguments)
                elif pending.pop(surface, False):
                    commits.setdefault(surface, []).append(stamp)
        return commits

    def first_frame_answers(self, offset, surface):
        """The wire stamps at which the compositor answered `surface`'s first frame after `offset`: the frame
        callbacks its first buffer commit asked for (sent from the repaint that drew the frame), and the first
        wp_presentation feedback of any of its commits that says presented (sent once a frame is on the
        screen: the first frame shown, whichever it was; sway 1.10 discards the first commit's feedback when a
        commit acknowledging its second configure follows before it repaints). None where none came."""
        attached, asked, committed, feedbacks = False, [], None, set()
        drawn = presented = None
        with open(self.path, errors="replace") as f:
            f.seek(offset)
            for line in f:
                match = self.REQUEST.match(line)
                if match and match.group(3) == surface and committed is None:
                    request, arguments = match.group(4), match.group(5)
                    if request == "frame":
                        asked.append(arguments.split("new id ")[-1])
                    elif request == "attach":
                        attached = self.attaches_buffer(arguments)
                    elif attached:
                        committed = set(asked)
                    else:
                        asked = []
                    continue
                feedback = self.FEEDBACK.match(line)
                if feedback and feedback.group(1) == surface:
                    feedbacks.add(feedback.group(2))
                    continue
                answer = self.ANSWER.match(line)
                if answer:
                    stamp = int(answer.group(1)) * 1000 + int(answer.group(2))
                    if answer.group(4) == "done" and committed and answer.group(3) in committed and drawn is None:
                        drawn = stamp
                    elif answer.group(4) == "presented" and answer.group(3) in feedbacks and presented is None:
                        presented = stamp
                    if drawn is not None and presented is not None:
                        break
        return drawn, presented


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


def dbus_daemon(runtime, name, env):
    """A private bus open to every user (GNOME Shell runs as nobody); returns the process and its address."""
    config = os.path.join(runtime, "bus.conf")
    with open(config, "w") as f:
        f.write("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
                " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n<busconfig>\n"
                "  <include>/usr/share/dbus-1/session.conf</include>\n  <policy context=\"default\"><allow user=\"*\"/></policy>\n"
                "</busconfig>\n")
    path = os.path.join(runtime, f"{name}-bus")
    # A session of its own: the services it starts (the shell's calendar server) end with it.
    bus = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile", f"--address=unix:path={path}"],
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    wait_for_socket(bus, path, "dbus-daemon")
    return bus, f"unix:path={path}"


def leave_gnome_overview(address):
    """GNOME Shell opens its overview once started: waits for it, then closes it with Escape through mutter's
    remote desktop, as a user would, and waits until it has closed."""
    import dbus
    bus = dbus.bus.BusConnection(address)
    deadline = time.monotonic() + 30
    while True:
        try:
            shell = dbus.Interface(bus.get_object("org.gnome.Shell", "/org/gnome/Shell"), "org.freedesktop.DBus.Properties")
            if shell.Get("org.gnome.Shell", "OverviewActive"):
                break
        except dbus.DBusException:
            pass
        if time.monotonic() > deadline:
            raise SystemExit("compare.py: GNOME Shell did not open its overview within 30 s")
        time.sleep(0.05)
    desktop = bus.get_object("org.gnome.Mutter.RemoteDesktop", "/org/gnome/Mutter/RemoteDesktop")
    session = dbus.Interface(bus.get_object("org.gnome.Mutter.RemoteDesktop", desktop.CreateSession(dbus_interface="org.gnome.Mutter.RemoteDesktop")),
                             "org.gnome.Mutter.RemoteDesktop.Session")
    session.Start()
    while shell.Get("org.gnome.Shell", "OverviewActive"):
        if time.monotonic() > deadline:
            raise SystemExit("compare.py: Escape did not close GNOME Shell's overview")
        for pressed in (True, False):
            session.NotifyKeyboardKeycode(dbus.UInt32(1), pressed)  # KEY_ESC
        time.sleep(0.1)
    session.Stop()


def start_compositor(kind, runtime, log_path, scale, fullscreen):
    """Starts `kind` headless in `runtime`, its protocol log in `log_path`; returns the processes to stop and
    the socket path."""
    env = {"PATH": "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime, "WAYLAND_DEBUG": "server"}
    log = open(log_path, "w")
    width, height = (1920, 1080) if fullscreen else (1024, 768)
    if kind == "weston":
        config = os.path.join(runtime, "weston.ini")
        with open(config, "w") as f:
            f.write("[core]\nrepaint-window=15\nidle-time=0\n[shell]\npanel-position=none\nstartup-animation=none\n"
                    "animation=none\nclose-animation=none\nfocus-animation=none\n")
        process = subprocess.Popen(["weston", "--backend=headless-backend.so", "--use-pixman", "--socket=wayland-peers",
                                    f"--config={config}", f"--width={width}", f"--height={height}", f"--scale={scale}",
                                    "--idle-time=0"], env=env, stdout=log, stderr=subprocess.STDOUT)
        socket = os.path.join(runtime, "wayland-peers")
        wait_for_socket(process, socket, kind)
        return [process], socket
    if scale != 1 or fullscreen:
        raise SystemExit("compare.py: --scale and --fullscreen are for weston")
    if kind in ("sway", "cage", "labwc"):
        env.update(WLR_BACKENDS="headless", WLR_RENDERER="pixman", WLR_LIBINPUT_NO_DEVICES="1")
        if kind == "sway":
            config = os.path.join(runtime, "config")
            with open(config, "w") as f:
                f.write("output HEADLESS-1 resolution 1024x768\ndefault_border none\ndefault_floating_border none\n"
                        "for_window [title=\".*\"] floating enable\n")
            command = ["sway", "-c", config]
        elif kind == "labwc":
            # An empty configuration directory: labwc's defaults, not the machine's ~/.config/labwc.
            config = os.path.join(runtime, "labwc")
            os.mkdir(config)
            command = ["labwc", "--config-dir", config]
        else:
            command = ["cage", "--", "sleep", "infinity"]
        # In a session of its own, stopped with what it started: cage 0.2 waits for its child after SIGTERM.
        process = subprocess.Popen(as_nobody(runtime, command), env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
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
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_socket(bus, bus_path, "dbus-daemon")
        env.update(DBUS_SESSION_BUS_ADDRESS=f"unix:path={bus_path}", QT_QPA_PLATFORM="offscreen")
        kwin5 = "kwin 5." in subprocess.run(["kwin_wayland", "--version"], capture_output=True, text=True).stdout
        process = subprocess.Popen(["kwin_wayland", "--virtual", "--socket", "kwin-0", "--width", "1024", "--height", "768",
                                    "--no-lockscreen"] + (["--no-global-shortcuts", "--no-kactivities"] if kwin5 else []),
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
        socket = os.path.join(runtime, "kwin-0")
        wait_for_socket(process, socket, kind)
        return [process, bus], socket
    if kind == "gnome":
        # Its settings from a key file (no dconf): no notification banners, no hot corner.
        settings = os.path.join(runtime, "config", "glib-2.0", "settings")
        os.makedirs(settings)
        with open(os.path.join(settings, "keyfile"), "w") as f:
            f.write("[org/gnome/desktop/notifications]\nshow-banners=false\n[org/gnome/desktop/interface]\nenable-hot-corners=false\n")
        session_bus, session_address = dbus_daemon(runtime, "session", env)
        system_bus, system_address = dbus_daemon(runtime, "system", env)
        env.update(DBUS_SESSION_BUS_ADDRESS=session_address, DBUS_SYSTEM_BUS_ADDRESS=system_address, XDG_CURRENT_DESKTOP="GNOME",
                   XDG_CONFIG_HOME=os.path.join(runtime, "config"), GSETTINGS_BACKEND="keyfile", LANG="C.UTF-8")
        process = subprocess.Popen(as_nobody(runtime, ["gnome-shell", "--headless", "--wayland", "--no-x11", "--wayland-display", "gnome-0",
                                                       "--virtual-monitor", "1024x768"]),
                                   env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        socket = os.path.join(runtime, "gnome-0")
        wait_for_socket(process, socket, kind)
        leave_gnome_overview(session_address)
        return [process, session_bus, system_bus], socket
    raise SystemExit(f"compare.py: unknown compositor {kind}")


def program_environment(socket, runtime, extra, cold):
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime, WAYLAND_DISPLAY=socket, **extra)
    # No X11, and no session bus: no program publishes accessibility or talks to a portal.
    for name in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "WAYLAND_DEBUG"):
        env.pop(name, None)
    if cold:
        env["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="cache-", dir=runtime)
    return env


def wire_figures(result, log, offset, spawned, window):
    """Adds the first frame and the frames committed between the wire stamps `window`, from the log."""
    commits = log.buffer_commits(offset)
    if not commits:
        return
    surface = max(commits, key=lambda s: len(commits[s]))
    stamps = commits[surface]
    result["firstFrameMs"] = wire_seconds(stamps[0], spawned) * 1000
    drawn, presented = log.first_frame_answers(offset, surface)
    if drawn is not None:
        result["firstDrawnMs"] = wire_seconds(drawn, spawned) * 1000
    if presented is not None:
        result["firstPresentedMs"] = wire_seconds(presented, spawned) * 1000
    if window and "cpuMs" in result:
        start, end = window
        frames = sum(1 for s in stamps if wire_seconds(s, start) >= 0 and wire_seconds(s, end) <= 0)
        result["frames"] = frames
        result["fps"] = frames / max(wire_seconds(end, start), 1e-9)
        result["cpuMsPerFrame"] = result["cpuMs"] / max(frames, 1)


STARTUP_STEP = re.compile(r"^startup: (.+) at (\d+\.\d+)$")


def measure(name, command, socket, runtime, log, extra_env, cold):
    """Runs a program that prints the markers (first-frame, moving-start, moving-end frames=N, idle-end), and
    with --startup-steps peer-slider's start-up steps (`startup: STEP at SECONDS`)."""
    env = program_environment(socket, runtime, extra_env, cold)
    offset = log.offset()
    spawned, spawned_monotonic = wire_now(), time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    result = {"name": name}
    moving, resting, window = None, None, None
    for line in process.stdout:
        step = STARTUP_STEP.match(line)
        if step:
            # peer-slider --timeline: a start-up step's end on CLOCK_MONOTONIC, as time.monotonic() reads it.
            result["step: " + step[1]] = (float(step[2]) - spawned_monotonic) * 1000
        elif line.startswith("startup: CPU before main "):
            result["step: CPU before main"] = float(line.split()[4])
        elif "moving-start" in line:
            moving = (wire_now(), cpu_seconds(process.pid))
        elif "moving-end" in line and moving:
            now, cpu = wire_now(), cpu_seconds(process.pid)
            window = (moving[0], now)
            result.update(cpuMs=(cpu - moving[1]) * 1000, ownFrames=int(line.split("frames=")[1].split()[0]),
                          peakRSSMiB=peak_rss_mib(process.pid))
            resting = cpu
        elif "idle-end" in line and resting is not None:
            # The program exits right after this marker; once it is a zombie, VmHWM is gone.
            peak = peak_rss_mib(process.pid)
            result.update(idleCpuMs=(cpu_seconds(process.pid) - resting) * 1000,
                          peakRSSMiB=max(peak or 0, result.get("peakRSSMiB") or 0) or None)
        elif line.strip() and "first-frame" not in line:
            sys.stderr.write(f"  [{name}] {line}")
    process.wait()
    wire_figures(result, log, offset, spawned, window)
    return result


def measure_floor(name, command, socket, runtime, log, seconds, cold):
    """Runs weston-simple-egl, which prints no markers: sampled from 0.5 s after its first frame on the wire."""
    env = program_environment(socket, runtime, {}, cold)
    offset = log.offset()
    spawned = wire_now()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = {"name": name}
    window = None
    try:
        deadline = time.monotonic() + 10
        while not log.buffer_commits(offset) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.5)
        start, cpu = wire_now(), cpu_seconds(process.pid)
        time.sleep(seconds)
        result["cpuMs"] = (cpu_seconds(process.pid) - cpu) * 1000
        window = (start, wire_now())
        result["peakRSSMiB"] = peak_rss_mib(process.pid)
    finally:
        process.terminate()
        process.wait()
    wire_figures(result, log, offset, spawned, window)
    return result


def qml_viewer():
    """Qt's QML scene viewer: Qt 5's qmlscene on Debian 12, Qt 6's (qmlscene-qt6) on Debian 13."""
    for candidate in ("qmlscene", "/usr/lib/qt6/bin/qmlscene"):
        if shutil.which(candidate):
            return candidate
    raise SystemExit("compare.py: no qmlscene: bash Scripts/install-deps.sh Benchmarks/Peers/packages.txt")


def qml_copy(runtime, seconds, fullscreen):
    """qt_slider.qml with `seconds` and `fullscreen` set (qmlscene takes every argument for a file to load)."""
    with open(os.path.join(HERE, "qt_slider.qml")) as f:
        source = f.read().replace("property real seconds: 10", f"property real seconds: {float(seconds)}")
    source = source.replace("property bool fullscreen: false", f"property bool fullscreen: {'true' if fullscreen else 'false'}")
    path = os.path.join(runtime, "qt_slider.qml")
    with open(path, "w") as f:
        f.write(source)
    return path


def median_result(name, measured):
    """The median of each figure over the rounds, with the range of CPU per frame and first frame."""
    result = {"name": name, "rounds": len(measured)}
    for key in sorted({k for r in measured for k in r if k != "name"}):
        values = sorted(r[key] for r in measured if r.get(key) is not None)
        if values:
            middle = len(values) // 2
            result[key] = values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2
            if key in ("cpuMsPerFrame", "firstFrameMs", "firstDrawnMs", "firstPresentedMs"):
                result[key + "Range"] = [values[0], values[-1]]
    return result


def print_startup_steps(results, rounds):
    """Each program's start-up steps (peer-slider --timeline): medians in ms from exec, and how long each
    took; the commit and presentation on the wire beside them."""
    for result in results:
        steps = [(key[len("step: "):], value) for key, value in result.items() if key.startswith("step: ") and key != "step: CPU before main"]
        if not steps:
            continue
        print(f"\nstart-up of {result['name']} (ms from exec, medians of {rounds} rounds; "
              f"CPU before main {result.get('step: CPU before main', 0):.2f} ms)")
        print(f"  {'step':<32} {'ends at':>8} {'took':>6}")
        previous = 0.0
        for step, end in sorted(steps, key=lambda item: item[1]):
            print(f"  {step:<32} {end:8.2f} {end - previous:6.2f}")
            previous = end
        for label, key in (("first commit, on the wire", "firstFrameMs"), ("first presented, on the wire", "firstPresentedMs")):
            if result.get(key) is not None:
                print(f"  {label:<32} {result[key]:8.2f}")


def ratio(value, against):
    return f"{value / against:.2f}x" if value is not None and against else "-"


def print_table(title, results, floors):
    qt = next((r for r in results if r["name"].startswith("Qt")), {})
    floor, shm_floor = floors

    def spread(r, key, fmt):
        low_high = r.get(key + "Range")
        return f"{format(r[key], fmt)} ({format(low_high[0], fmt)}-{format(low_high[1], fmt)})" if low_high else "-"
    print(f"\n{title}")
    print(f"{'program':32} {'frames':>6} {'fps':>5} {'CPU ms/frame (range)':>22} {'x Qt':>6} {'x floor':>7} {'x shm':>6} "
          f"{'first frame ms (range)':>22} {'x Qt':>6} {'first drawn ms (range)':>22} {'first presented ms':>18} {'peak RSS MiB':>12} {'rest CPU ms':>11}")
    for r in results + floors:
        def get(key, fmt):
            return format(r[key], fmt) if r.get(key) is not None else "-"
        print(f"{r['name']:32} {get('frames', '.0f'):>6} {get('fps', '.1f'):>5} {spread(r, 'cpuMsPerFrame', '.3f'):>22} "
              f"{ratio(r.get('cpuMsPerFrame'), qt.get('cpuMsPerFrame')):>6} {ratio(r.get('cpuMsPerFrame'), floor.get('cpuMsPerFrame')):>7} "
              f"{ratio(r.get('cpuMsPerFrame'), shm_floor.get('cpuMsPerFrame')):>6} "
              f"{spread(r, 'firstFrameMs', '.0f'):>22} {ratio(r.get('firstFrameMs'), qt.get('firstFrameMs')):>6} "
              f"{spread(r, 'firstDrawnMs', '.0f'):>22} {spread(r, 'firstPresentedMs', '.0f'):>18} {get('peakRSSMiB', '.1f'):>12} {get('idleCpuMs', '.0f'):>11}")


def write_chart(path, tables, floors, caption):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystemExit("compare.py: the chart needs matplotlib (Debian: python3-matplotlib); run with /usr/bin/python3")
    figure, axes = plt.subplots(1, 2, figsize=(12, 4.8))
    colours = {"WaylandSlider": "#2f6fdf", "GTK": "#4e9a06", "Qt": "#41cd52", "floor": "#888888"}
    for axis, key, label in ((axes[0], "cpuMsPerFrame", "CPU ms per frame (lower is better)"),
                             (axes[1], "firstFrameMs", "first frame after exec, ms (lower is better)")):
        names, values, fills = [], [], []
        for title, results in tables:
            for r in results:
                names.append(f"{r['name']}\n{title}")
                values.append(r.get(key) or 0)
                fills.append(next(c for k, c in colours.items() if r["name"].startswith(k)))
        for floor in floors:
            names.append(floor["name"])
            values.append(floor.get(key) or 0)
            fills.append(colours["floor"])
        bars = axis.barh(range(len(names)), values, color=fills)
        axis.bar_label(bars, fmt="%.2f" if key == "cpuMsPerFrame" else "%.0f", padding=3, fontsize=8)
        axis.set_yticks(range(len(names)), names, fontsize=8)
        axis.invert_yaxis()
        axis.set_title(label, fontsize=10)
        axis.margins(x=0.18)
    figure.suptitle(caption, fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser(description="WaylandSlider, GTK 4 and Qt Quick measured the same way, next to the floor.")
    parser.add_argument("seconds", nargs="?", type=float, default=10.0, help="seconds moving, then as many at rest (default 10)")
    parser.add_argument("--compositor", choices=["weston", "sway", "cage", "kwin", "labwc", "gnome"], default="weston")
    parser.add_argument("--scale", type=int, default=1, choices=[1, 2, 3], help="weston's output scale (default 1)")
    parser.add_argument("--fullscreen", action="store_true", help="every program fullscreen on a 1920 x 1080 output (weston)")
    parser.add_argument("--cold", action="store_true", help="an empty cache directory for every program")
    parser.add_argument("--rounds", type=int, default=3, help="runs of every program, taking turns; medians are reported (default 3)")
    parser.add_argument("--egl-window", action="store_true",
                        help="also WaylandSlider on the EGL window path (how it presented before the wl_shm path)")
    parser.add_argument("--before", metavar="PEER_SLIDER",
                        help="another build of peer-slider (an earlier commit's), measured in the same run as 'WaylandSlider, before'")
    parser.add_argument("--startup-steps", action="store_true",
                        help="WaylandSlider's start-up step by step (peer-slider --timeline): when each ended, in ms from exec")
    parser.add_argument("--chart", help="where to write the PNG bar chart (default compare-COMPOSITOR-scaleN[-fullscreen].png)")
    arguments = parser.parse_args()
    if not 0 < arguments.seconds <= 600:
        parser.error("SECONDS must be above 0 and at most 600")
    if not 1 <= arguments.rounds <= 50:
        parser.error("--rounds takes 1 to 50")
    seconds, fullscreen = arguments.seconds, arguments.fullscreen
    setting = f"{arguments.compositor}-scale{arguments.scale}" + ("-fullscreen" if fullscreen else "")
    chart = arguments.chart or f"compare-{setting}.png"
    peer_slider = peer_build.peer_slider("compare.py")
    qt = qml_viewer()
    runtime = tempfile.mkdtemp(prefix="slider-peers-")
    os.chmod(runtime, 0o700)
    log = WireLog(os.path.join(runtime, "compositor.log"))
    processes, socket = start_compositor(arguments.compositor, runtime, log.path, arguments.scale, fullscreen)
    size = "fullscreen 1920 x 1080" if fullscreen else "kiosk 1280 x 720" if arguments.compositor == "cage" else "800 x 200"
    caches = "cold" if arguments.cold else "warm"
    print(f"compare.py: {seconds:g} s moving + {seconds:g} s at rest per program, {arguments.rounds} rounds (medians), {size} "
          f"at scale {arguments.scale}, headless {arguments.compositor}, {caches} caches", flush=True)
    full = ["--fullscreen"] if fullscreen else []
    timeline = ["--timeline"] if arguments.startup_steps else []
    gtk = [DEBIAN_PYTHON, os.path.join(HERE, "gtk_scale.py"), str(seconds)] + full
    qml = qml_copy(runtime, seconds, fullscreen)
    programs = [
        ("undecorated", "WaylandSlider, CPU renderer", [peer_slider, str(seconds)] + full + timeline, {"WAYLAND_SLIDER_RENDERER": "cpu"}),
        ("undecorated", "WaylandSlider, GLES2", [peer_slider, str(seconds)] + full + timeline, {"WAYLAND_SLIDER_RENDERER": "gles"}),
    ] + ([
        ("undecorated", "WaylandSlider, EGL window", [peer_slider, str(seconds)] + full + timeline, {"WAYLAND_SLIDER_PRESENTATION": "egl"}),
    ] if arguments.egl_window else []) + ([
        ("undecorated", "WaylandSlider, before", [arguments.before, str(seconds)] + full + timeline, {}),
    ] if arguments.before else []) + [
        ("undecorated", "GTK 4 GtkScale", gtk + ["--undecorated"], {"GDK_BACKEND": "wayland"}),
        ("undecorated", "Qt Quick Slider", [qt, qml], {"QT_QPA_PLATFORM": "wayland", "QT_WAYLAND_DISABLE_WINDOWDECORATION": "1"}),
        (None, FLOOR, ["weston-simple-egl", "-o"] + (["-f"] if fullscreen else []), {}),
        (None, SHM_FLOOR, ["weston-simple-shm"], {}),
    ]
    if not fullscreen:
        programs += [
            ("decorated", "WaylandSlider (libdecor)", [peer_slider, str(seconds), "--decorated"] + timeline, {}),
            ("decorated", "GTK 4 GtkScale (CSD)", gtk, {"GDK_BACKEND": "wayland"}),
            ("decorated", "Qt Quick Slider (Qt's)", [qt, qml], {"QT_QPA_PLATFORM": "wayland"}),
        ]
    runs = {name: [] for _, name, _, _ in programs}
    try:
        # Untimed: the compositor's own first-window work (cursor theme, shell) would otherwise fall on
        # whichever program comes first.
        measure_floor("warm-up", ["weston-simple-egl", "-o"], socket, runtime, log, 0.5, arguments.cold)
        for turn in range(arguments.rounds):
            # Each round starts one program later: no program always runs first, or after the same one.
            shift = turn % len(programs)
            for table, name, command, extra in programs[shift:] + programs[:shift]:
                if table is None:
                    runs[name].append(measure_floor(name, command, socket, runtime, log, seconds, arguments.cold))
                else:
                    runs[name].append(measure(name, command, socket, runtime, log, extra, arguments.cold))
    finally:
        for process in processes:
            # One started in a session of its own is stopped with everything it started.
            if os.getpgid(process.pid) == process.pid:
                os.killpg(process.pid, signal.SIGTERM)
            else:
                process.terminate()
            process.wait()
        shutil.rmtree(runtime, ignore_errors=True)
    results = {name: median_result(name, measured) for name, measured in runs.items()}
    floors = [results[FLOOR], results[SHM_FLOOR]]
    tables = [(title, [results[name] for table, name, _, _ in programs if table == title])
              for title in ("undecorated", "decorated") if any(table == title for table, _, _, _ in programs)]
    for name, measured in runs.items():
        for r in measured:
            if r.get("ownFrames") and r.get("frames") and abs(r["ownFrames"] - r["frames"]) > 0.05 * r["frames"]:
                print(f"note: {name} counted {r['ownFrames']} frames itself, {r['frames']} on the wire")
    for title, results_of_table in tables:
        print_table(f"{title} ({size}, scale {arguments.scale}; medians of {arguments.rounds} rounds; "
                    "x Qt, x floor, x shm: ratios of the medians in this run)", results_of_table, floors)
    if arguments.startup_steps:
        print_startup_steps([results[name] for _, name, _, _ in programs], arguments.rounds)
    print(f"\nfloor: weston-simple-egl -o{' -f' if fullscreen else ''}, a 250 x 250 triangle redrawn whole every frame"
          f"{' (fullscreen: 1920 x 1080)' if fullscreen else ''}, sampled from 0.5 s after its first frame;\n"
          "shm floor (x shm): weston-simple-shm, a 250 x 250 pattern redrawn whole by the CPU every frame, no GL")
    write_chart(chart, tables, floors, f"{size}, scale {arguments.scale}, headless {arguments.compositor}, {seconds:g} s per program, "
                f"medians of {arguments.rounds} rounds, {caches} caches")
    print(f"chart: {os.path.abspath(chart)}")
    print(json.dumps({"setting": setting, "seconds": seconds, "rounds": arguments.rounds, "tables": dict(tables), "floors": floors,
                      "runs": runs}))


main()
