import Foundation
import SliderCore
import SliderRenderer
@_spi(Internals) import SliderWayland

/// A private headless KWin: one output of the given size in points at a fractional or integer scale, its own
/// D-Bus session bus (KWin needs one) and runtime dir. Started with KWin's own test switches:
/// KWIN_WAYLAND_NO_PERMISSION_CHECKS (clients may bind the restricted fake-input protocol) and
/// KWIN_SCREENSHOT_NO_PERMISSION_CHECKS (screenshots over D-Bus).
///
/// KWin 5.27 (Debian 12) runs `--virtual`, composites with OpenGL on Mesa's llvmpipe, and takes screenshots
/// through its screenshot effect (org.kde.KWin.ScreenShot2). KWin 6 (Debian 13) composites its virtual output
/// with OpenGL only through a DRM render node, which a container has none of; with QPainter its screenshot
/// effect is not loaded (ScreenShot2 is never registered). So KWin 6 runs on its X11-windowed backend, its
/// output a window of a private Xvfb: still QPainter, and what it shows is that window's pixels, read through
/// X (python3-xlib). Its output, `X11-0`, is scaled through output management as the virtual one is, but
/// KWin 6 offers no rotation for it (`canTurnOutput`).
///
/// KWin's fake input has touch requests, but the touches they send reached no window (KWin 5.27 and 6.3). With
/// a `touchscreen`, KWin runs on its Wayland backend in a private weston whose input module has a touchscreen
/// (`touchHost`), its output a window there as large as weston's, at (0, 0): a touch sent through weston at a
/// point of its output reaches KWin as a touch of its own seat's touchscreen at the same point, and KWin's own
/// touch handling passes it to its clients. Screenshots are then weston's, of KWin's output window.
///
/// Debian installs kwin_wayland with a file capability (cap_sys_resource) that an unprivileged container
/// cannot grant, so exec fails with EPERM until it is removed: Scripts/install-deps.sh does (`setcap -r`).
package final class HeadlessKWin: PrivateCompositor {
    package struct StartError: Error, CustomStringConvertible { package let description: String }

    package let runtimeDirectory: URL
    package let socketPath: String
    /// The output in points, and its scale (1.25, 1.5, 2 ...).
    package let outputPoints: (width: Int, height: Int)
    package let scale: Double
    private let busAddress: String
    private var bus: ChildProcess?
    private var process: ChildProcess?
    /// KWin 6's X server, whose window is its output.
    private var xserver: PrivateXServer?
    /// The weston whose touchscreen reaches KWin's seat (`touchscreen`), nil without one.
    package let touchHost: HeadlessWeston?
    private let logPath: String

    /// Whether this machine's KWin is KWin 5 (`--virtual` with OpenGL and ScreenShot2) rather than KWin 6.
    package static let isKWin5: Bool = ((try? ChildProcess.run("/usr/bin/kwin_wayland", ["--version"])) ?? "").contains("kwin 5.")

    /// Whether the output can be turned while KWin runs (KWin 6's X11-windowed output cannot).
    package static var canTurnOutput: Bool { isKWin5 }

    /// Whether KWin runs on its X11-windowed backend (KWin 6 with screenshots) rather than `--virtual`.
    private var isWindowed: Bool { xserver != nil }

    /// The output's name in KWin's output management.
    private var outputName: String { isWindowed ? "X11-0" : "Virtual-0" }

    package var name: String { "kwin" }

    /// Starts a session bus and KWin, and waits (up to 20 s) until KWin's socket accepts connections.
    /// Without `screenshots`, KWin 6 runs `--virtual` too (QPainter; nothing can be read back): its output
    /// repaints on its own timer, not as a window of an X server, for measuring frame timing. With a
    /// `touchscreen` KWin runs inside a private weston (`touchHost`) of `width` x `height` pixels at scale 1,
    /// refreshed `refresh` times a second (nil: weston's 60 Hz; the rate is weston's, whose frame callbacks pace
    /// KWin's output).
    package init(width: Int = 1280, height: Int = 720, scale: Double = 1, screenshots: Bool = true, touchscreen: Bool = false,
                 refresh: Double? = nil) throws {
        let binary = "/usr/bin/kwin_wayland"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw StartError(description: "kwin_wayland is not installed (Scripts/install-deps.sh installs kwin-wayland)")
        }
        if touchscreen, scale != 1 { throw StartError(description: "KWin with a touchscreen shows weston's output at scale 1, not \(scale)") }
        if refresh != nil, !touchscreen { throw StartError(description: "KWin's headless output refreshes at 60 Hz: a rate is set for the weston KWin runs inside") }
        outputPoints = (width, height)
        self.scale = scale
        // weston 10's pixman renderer crashed (SIGSEGV in libpixman) once KWin 5.27 grew the shm pool its
        // cursor's buffer was in; its GL renderer (llvmpipe without a GPU) runs it. KWin 6.3 passes weston's
        // presentation times on as they come, under its own clock's name (CLOCK_MONOTONIC): weston presents on
        // that clock here (its headless backend's is CLOCK_MONOTONIC_RAW, 260 ms apart on this VM one day).
        touchHost = touchscreen ? try HeadlessWeston(width: width, height: height, refresh: refresh, renderer: HeadlessKWin.isKWin5 ? .gl : .pixman,
                                                     monotonicPresentationClock: true) : nil
        runtimeDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-kwin-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        logPath = runtimeDirectory.appendingPathComponent("kwin.log").path
        let busPath = runtimeDirectory.appendingPathComponent("bus").path
        busAddress = "unix:path=\(busPath)"
        socketPath = runtimeDirectory.appendingPathComponent("kwin-0").path
        // Both die with this process (setpriv's parent-death signal), as the private weston does.
        let bus = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile",
                                                        "--address=\(busAddress)"],
                                   environment: ["PATH": "/usr/bin:/bin"], outputPath: runtimeDirectory.appendingPathComponent("dbus.log").path)
        self.bus = bus
        var environment = ["PATH": "/usr/bin:/bin", "HOME": runtimeDirectory.path, "XDG_RUNTIME_DIR": runtimeDirectory.path,
                           "DBUS_SESSION_BUS_ADDRESS": busAddress, "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1",
                           "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1", "QT_QPA_PLATFORM": "offscreen"]
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: busPath) {
            guard bus.isRunning, Date() < deadline else { throw StartError(description: "dbus-daemon did not start") }
            usleep(10_000)
        }
        var backend = ["--virtual", "--width", "\(width)", "--height", "\(height)", "--scale", "\(scale)"]
        if let touchHost {
            backend = ["--wayland-display", touchHost.socketPath, "--width", "\(width)", "--height", "\(height)"]
        } else if !HeadlessKWin.isKWin5, screenshots {
            // The X11-windowed output is a window of the given size in pixels, at scale 1 until told otherwise.
            let pixels = (width: Int((Double(width) * scale).rounded()), height: Int((Double(height) * scale).rounded()))
            let xserver = try PrivateXServer(width: pixels.width, height: pixels.height, logPath: runtimeDirectory.appendingPathComponent("xvfb.log").path)
            self.xserver = xserver
            environment["DISPLAY"] = xserver.display
            backend = ["--x11-display", xserver.display, "--width", "\(pixels.width)", "--height", "\(pixels.height)"]
        }
        let process = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", binary, "--socket", "kwin-0"] + backend
                                                            + ["--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"],
                                       environment: environment, outputPath: logPath)
        self.process = process
        let socket = socketPath
        do {
            try process.waitUntil(ready: { unixSocketAcceptsConnections(socket) }, timeout: 20, name: "kwin_wayland", log: { self.log })
        } catch {
            stop()
            throw StartError(description: "\(error)")
        }
        if !HeadlessKWin.isKWin5, scale != 1 { try configureOutput("scale.\(scale)") }
    }

    deinit {
        shutDown()
    }

    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    package var pid: pid_t? { process.flatMap { $0.isRunning ? $0.pid : nil } }

    /// The process groups of KWin, of its private session bus, and of its X server or weston.
    package var processGroups: [pid_t] {
        [bus, process].compactMap { $0?.processGroup } + (xserver.map { [$0.processGroup] } ?? []) + (touchHost?.processGroups ?? [])
    }

    package func kill() { process?.killNow() }

    /// SIGTERM to KWin, its bus and its X server or weston, then SIGKILL for what has not exited within 3 s.
    package func stop() {
        process?.stop()
        bus?.stop()
        xserver?.stop()
        touchHost?.shutDown()
    }

    /// Changes KWin's output through its output management, as `kscreen-doctor output.NAME.SETTING`
    /// does (`rotation.right`, `rotation.normal`, `scale.1.5`), and returns once KWin has applied it.
    /// kscreen-doctor exits with 0 whether or not KWin took the settings (KWin 6's output, for one, does not
    /// turn), so they are read back (`kscreen-doctor -j`) and a setting KWin did not take is an error.
    /// A configuration KWin refused whole is sent again, up to three times in all: on a loaded machine
    /// kscreen-doctor once sent the output disabled ("applying config failed! Disabling all outputs through
    /// configuration changes is not allowed"), as if it had not read the output's state yet.
    package func configureOutput(_ settings: String...) throws {
        var applied = ""
        for _ in 0..<3 {
            applied = try kscreenDoctor(settings.map { "output.\(outputName).\($0)" })
            if !applied.contains("applying config failed") { break }
        }
        let report = try kscreenDoctor(["-j"])
        guard let json = report.firstIndex(of: "{").map({ Data(report[$0...].utf8) }),
              let configuration = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let output = (configuration["outputs"] as? [[String: Any]])?.first(where: { $0["name"] as? String == outputName }) else {
            throw StartError(description: "kscreen-doctor -j did not list \(outputName): \(report)")
        }
        // kscreen's rotations: 1 normal, 2 left, 4 inverted, 8 right.
        let rotations = ["normal": 1, "left": 2, "inverted": 4, "right": 8]
        for setting in settings {
            let (name, value) = (setting.prefix { $0 != "." }, setting.drop { $0 != "." }.dropFirst())
            let taken = switch name {
            case "scale": Double(value).map { abs(((output["scale"] as? Double) ?? 0) - $0) < 0.001 } ?? false
            case "rotation": rotations[String(value)].map { (output["rotation"] as? Int) == $0 } ?? false
            default: false
            }
            guard taken else {
                throw StartError(description: "KWin did not take \(setting) for \(outputName) (now scale \(output["scale"] ?? "?"), rotation \(output["rotation"] ?? "?")): \(applied)")
            }
        }
    }

    /// Runs kscreen-doctor against this KWin and returns what it wrote.
    private func kscreenDoctor(_ arguments: [String]) throws -> String {
        let output = runtimeDirectory.appendingPathComponent("kscreen-doctor.out").path
        let environment = ["PATH": "/usr/bin:/bin", "HOME": runtimeDirectory.path, "XDG_RUNTIME_DIR": runtimeDirectory.path, "LANG": "C.UTF-8",
                           "WAYLAND_DISPLAY": socketPath, "DBUS_SESSION_BUS_ADDRESS": busAddress, "QT_QPA_PLATFORM": "wayland"]
        let doctor = try ChildProcess("/usr/bin/kscreen-doctor", arguments, environment: environment, outputPath: output)
        let status = doctor.wait()
        let report = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw StartError(description: "kscreen-doctor \(arguments.joined(separator: " ")) exited with \(status): \(report)") }
        return report
    }

    /// The whole output, which a fullscreen window fills, as KWin shows it now.
    package func screenshot(showing surface: FrameLoop) throws -> RGBAImage { try screenshot() }

    /// The whole output at its native resolution: inside weston (`touchscreen`) through weston's input module;
    /// on KWin 5 through KWin's org.kde.KWin.ScreenShot2 D-Bus interface (python3-dbus passes the pipe KWin
    /// writes the pixels to), on KWin 6 from its output's X window.
    package func screenshot() throws -> RGBAImage {
        if let touchHost {
            let area = Rect(x: 0, y: 0, width: Double(outputPoints.width), height: Double(outputPoints.height))
            return try InjectedInput(globalOn: touchHost).capture(area: area, scale: 1)
        }
        let path = runtimeDirectory.appendingPathComponent("screenshot-\(UUID().uuidString.prefix(8)).raw").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = runtimeDirectory.appendingPathComponent("screenshot.out").path
        let (script, target) = xserver.map { (HeadlessKWin.windowScript, $0.display) } ?? (HeadlessKWin.screenshotScript, busAddress)
        let helper = try ChildProcess("/usr/bin/python3", ["-c", script, target, path],
                                      environment: ["PATH": "/usr/bin:/bin"], outputPath: output)
        let report = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        guard helper.wait() == 0, let header = report().split(separator: "\n").last?.split(separator: " ").compactMap({ Int($0) }),
              header.count == 3, let data = FileManager.default.contents(atPath: path) else {
            throw StartError(description: "KWin's screenshot failed: \(report())")
        }
        let (width, height, stride) = (header[0], header[1], header[2])
        guard data.count >= stride * height, stride >= width * 4 else { throw StartError(description: "KWin's screenshot is short: \(report())") }
        // QImage::Format_ARGB32 / RGB32: 32-bit 0xAARRGGBB words, B G R A in memory; RGBAImage is R G B A.
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let source = [UInt8](data)
        do {
            for y in 0..<height {
                for x in 0..<width {
                    let s = y * stride + x * 4, d = (y * width + x) * 4
                    rgba[d] = source[s + 2]
                    rgba[d + 1] = source[s + 1]
                    rgba[d + 2] = source[s]
                    rgba[d + 3] = 255
                }
            }
        }
        guard let image = RGBAImage(width: width, height: height, pixels: rgba) else { throw StartError(description: "bad screenshot size") }
        return image
    }

    /// Asks KWin for the first output's pixels into a pipe and writes them to a file; prints "width height stride".
    /// The screenshot effect registers ScreenShot2; KWin 5.27 reloads its effects when an output changes, and
    /// until it has, the object is unknown: the helper asks again (for at most 10 s) while that is the answer.
    private static let screenshotScript = """
    import dbus, os, sys, time
    bus = dbus.bus.BusConnection(sys.argv[1])
    deadline = time.monotonic() + 10
    while True:
        read_end, write_end = os.pipe()
        try:
            shots = dbus.Interface(bus.get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2"), "org.kde.KWin.ScreenShot2")
            info = shots.CaptureActiveScreen({"native-resolution": True}, dbus.types.UnixFd(write_end))
            break
        except dbus.exceptions.DBusException as error:
            os.close(read_end)
            os.close(write_end)
            reloading = error.get_dbus_name() in ("org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownMethod")
            if not reloading or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
    os.close(write_end)
    with open(sys.argv[2], "wb") as out:
        while True:
            chunk = os.read(read_end, 1 << 20)
            if not chunk:
                break
            out.write(chunk)
    if info.get("type") != "raw" or int(info.get("format")) not in (4, 5, 6):
        sys.exit("unexpected screenshot: %s" % dict(info))
    print(int(info["width"]), int(info["height"]), int(info["stride"]))
    """

    /// Reads KWin 6's output window (the X server's one mapped top-level window) and writes its pixels to a
    /// file; prints "width height stride". A 24-bit ZPixmap is 32-bit B G R X words, as KWin 5's ARGB32.
    private static let windowScript = """
    import sys
    from Xlib import X, display
    screen = display.Display(sys.argv[1]).screen()
    windows = [w for w in screen.root.query_tree().children if w.get_attributes().map_state == X.IsViewable]
    if len(windows) != 1:
        sys.exit("KWin's output is not the one window shown: %d mapped" % len(windows))
    geometry = windows[0].get_geometry()
    image = windows[0].get_image(0, 0, geometry.width, geometry.height, X.ZPixmap, 0xFFFFFFFF)
    if image.depth != 24 or len(image.data) % geometry.height:
        sys.exit("unexpected image: depth %d, %d bytes" % (image.depth, len(image.data)))
    with open(sys.argv[2], "wb") as out:
        out.write(image.data)
    print(geometry.width, geometry.height, len(image.data) // geometry.height)
    """
}
