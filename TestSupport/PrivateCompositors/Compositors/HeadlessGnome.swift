import CWaylandClient
import Foundation
import SliderDBus
import SliderCore
import SliderRenderer
@_spi(Internals) import SliderWayland

/// A private headless GNOME Shell (48 on Debian 13: `gnome-shell --headless --wayland --no-x11
/// --virtual-monitor`, mutter's surfaceless renderer), with a session bus and a system bus of its own (the
/// shell stops at start-up without a system bus to ask logind through; with one that answers nothing it
/// runs) and its own runtime dir. One virtual monitor of the given size in points, at the given scale: a
/// fractional one through the monitor configuration mutter reads at start (`monitors.xml`; Debian's mutter 48
/// enables `scale-monitor-framebuffer`), for the scales mutter offers for that mode (1.25 and 1.5 for 1280 x
/// 720 points).
///
/// Input goes through mutter's remote desktop (org.gnome.Mutter.RemoteDesktop: a session whose virtual
/// keyboard, pointer and touchscreen are the seat's), the way GNOME's own remote desktop drives the shell.
/// Absolute pointer motion and touch are placed in a screen-cast stream of the monitor (a screen-cast session
/// tied to the remote desktop one), which needs PipeWire: a PipeWire daemon of its own runs beside the shell,
/// and nothing consumes the stream.
/// Screenshots come from org.gnome.Shell.Screenshot, which answers only a few well-known callers: this
/// connection owns one of them, org.gnome.Screenshot, on its private bus.
///
/// The shell opens its overview once started; Escape, sent through the remote desktop, closes it before any
/// window is shown, once the start-up animation has ended (see `leaveTheOverview`). Stopped (SIGTERM, then SIGKILL after 3 s) when released, and by the kernel when this
/// process dies first.
package final class HeadlessGnome: PrivateCompositor {
    package struct StartError: Error, CustomStringConvertible { package let description: String }

    package let runtimeDirectory: URL
    package let socketPath: String
    /// The monitor's size in points, and its scale.
    package let outputPoints: (width: Int, height: Int)
    package let scale: Double
    /// The monitor's refresh rate in Hz.
    package let refresh: Double
    private var buses: [ChildProcess] = []
    private var pipeWire: ChildProcess?
    private var process: ChildProcess?
    private let logPath: String
    private var connection: DBusConnection?
    /// The remote desktop session's object path.
    private var session = ""
    /// The screen-cast stream of the monitor (its object path), whose pixels absolute positions are in.
    private var stream = ""

    package var name: String { "gnome" }

    /// Starts the buses and the shell, waits (up to 30 s) until the shell's socket accepts connections and
    /// its remote desktop and screenshot services are on the bus, and leaves the overview. The monitor
    /// refreshes `refresh` times a second (`--virtual-monitor WxH@R`).
    package init(width: Int = 1280, height: Int = 720, scale: Double = 1, refresh: Double = 60) throws {
        let binary = "/usr/bin/gnome-shell"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw StartError(description: "gnome-shell is not installed (Scripts/install-deps.sh installs it on Debian 13)")
        }
        outputPoints = (width, height)
        self.scale = scale
        let pixels = (width: Int((Double(width) * scale).rounded()), height: Int((Double(height) * scale).rounded()))
        runtimeDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-gnome-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        logPath = runtimeDirectory.appendingPathComponent("gnome-shell.log").path
        socketPath = runtimeDirectory.appendingPathComponent("gnome-0").path
        // Its settings from a key file (GLib's keyfile backend: no dconf): no notification banners (the shell
        // puts "Screen Lock disabled" over the first window it shows) and no hot corner.
        let settings = runtimeDirectory.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try """
        [org/gnome/desktop/notifications]
        show-banners=false
        [org/gnome/desktop/interface]
        enable-hot-corners=false
        """.write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        self.refresh = refresh
        try HeadlessGnome.monitorConfiguration(pixels: pixels, scale: scale, refresh: refresh)
            .write(to: runtimeDirectory.appendingPathComponent("config/monitors.xml"), atomically: true, encoding: .utf8)
        // Run as root, the shell shows a notification ("Logged in as a privileged user") over every window: it
        // runs as `nobody` then, in a runtime dir of its own that root still reaches.
        let asNobody = geteuid() == 0
        if asNobody {
            for path in ["", "config", "config/monitors.xml", "config/glib-2.0", "config/glib-2.0/settings", "config/glib-2.0/settings/keyfile"] {
                let item = runtimeDirectory.appendingPathComponent(path).path
                guard chown(item, 65534, 65534) == 0 else { throw StartError(description: "cannot hand \(item) to nobody (errno \(errno))") }
            }
        }
        // The shell has once exited at start-up under heavy load, its own 25 s D-Bus call timed out
        // ("StartServiceByName for org.gnome.SessionManager: Timeout was reached"): a shell that exits
        // while starting is started once more, on fresh buses; any other failure is final.
        for attempt in 1...2 {
            do {
                try start(binary: binary, pixels: pixels, asNobody: asNobody, attempt: attempt)
                return
            } catch {
                let exited = process.map { !$0.isRunning } ?? false
                let failure = "\(error)\n\(log)"
                stop()
                buses = []
                pipeWire = nil
                process = nil
                guard attempt == 1, exited else {
                    throw StartError(description: attempt == 1 ? failure : "gnome-shell exited while starting, twice; the second time: \(failure)")
                }
            }
        }
    }

    /// Starts the buses (named for `attempt`), PipeWire and the shell, and waits until the shell serves.
    private func start(binary: String, pixels: (width: Int, height: Int), asNobody: Bool, attempt: Int) throws {
        let session = try startBus("session-\(attempt)")
        let system = try startBus("system-\(attempt)")
        let environment = ["PATH": "/usr/bin:/bin", "HOME": runtimeDirectory.path, "XDG_RUNTIME_DIR": runtimeDirectory.path, "LANG": "C.UTF-8",
                           "DBUS_SESSION_BUS_ADDRESS": session, "DBUS_SYSTEM_BUS_ADDRESS": system, "XDG_CURRENT_DESKTOP": "GNOME",
                           "XDG_CONFIG_HOME": runtimeDirectory.appendingPathComponent("config").path, "GSETTINGS_BACKEND": "keyfile"]
        let user = asNobody ? ["--reuid=65534", "--regid=65534", "--clear-groups"] : []
        try startPipeWire(environment: environment, user: user)
        let process = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM"] + user + ["--", binary, "--headless", "--wayland", "--no-x11",
                                                            "--wayland-display", "gnome-0", "--virtual-monitor", "\(pixels.width)x\(pixels.height)@\(String(format: "%g", refresh))"],
                                       environment: environment, outputPath: logPath)
        self.process = process
        let socket = socketPath
        let connection = try DBusConnection(address: session)
        self.connection = connection
        try process.waitUntil(ready: {
            guard unixSocketAcceptsConnections(socket) else { return false }
            return (try? connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                                         arguments: { $0.string("org.gnome.Shell.Screenshot") }, reply: { (reply) throws(DBusError) in try reply.bool() })) == true
        }, timeout: 30, name: "gnome-shell", log: { self.log })
        try connection.requestName("org.gnome.Screenshot")
        try startRemoteDesktop()
        try leaveTheOverview()
        try bringUpThePointerAndTouchscreen()
    }

    deinit {
        shutDown()
    }

    /// The shell opens its overview as its start-up animation begins: waits (up to 10 s) until the animation
    /// has ended, then leaves the overview with Escape, as a user would, and waits until it has closed.
    ///
    /// The end is the shell's "GNOME Shell started at" message (logged at `startup-complete`, to standard
    /// error where there is no journal). Until then a reactive cover over the whole stage (layout.js's
    /// `_coverPane`) takes every pointer and touch event; it goes when the overview's dash has risen, and
    /// Escape pressed before that hid the overview with the dash's easing unfinished, which then never ended:
    /// the cover stayed, and no pointer event reached a window in about two starts of three (keys did).
    private func leaveTheOverview() throws {
        func overviewActive() -> Bool? {
            try? connection?.call("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties", "Get",
                                  arguments: { $0.string("org.gnome.Shell"); $0.string("OverviewActive") },
                                  reply: { (reply) throws(DBusError) in try reply.variant { () throws(DBusError) in try reply.bool() } })
        }
        let deadline = Date().addingTimeInterval(10)
        while overviewActive() != true || !log.contains("GNOME Shell started at") {
            guard Date() < deadline else { throw StartError(description: "gnome-shell did not open its overview within 10 s") }
            usleep(20_000)
        }
        while overviewActive() != false {
            guard Date() < deadline else { throw StartError(description: "Escape did not close gnome-shell's overview") }
            tap([1])
            usleep(100_000)
        }
    }

    /// mutter gives its seat the remote desktop's pointer and touchscreen with their first events, and a touch
    /// that brings the touchscreen up reaches no client (none has a wl_touch yet). So both arrive here, over
    /// the empty desktop, before any window: a motion, and a touch put down and lifted; then this waits (up to
    /// 5 s) until a client sees the seat with pointer, touch and keyboard.
    ///
    /// Under load the shell handled the lift more than its long-press time after the touch: the desktop's
    /// background menu opened, and held every pointer event from the windows shown after it (a screenshot
    /// showed the menu; 2 of the matrix's 26 starts in each of two runs of the suite beside two busy loops).
    /// `closeMenus`, handled after the lift, closes the menu if it opened.
    private func bringUpThePointerAndTouchscreen() throws {
        let client = try WaylandClient(socket: socketPath)
        let all = WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_TOUCH.rawValue | WL_SEAT_CAPABILITY_KEYBOARD.rawValue
        let center = Point(x: Double(outputPoints.width) / 2, y: Double(outputPoints.height) / 2)
        try movePointer(to: center)
        try touch(0, down: true, at: center)
        try touch(0, at: nil)
        closeMenus()
        let deadline = MonotonicTime.seconds() + 5
        while !client.input.seats.contains(where: { $0.capabilities & all == all }) {
            guard MonotonicTime.seconds() < deadline else {
                throw StartError(description: "gnome-shell's seat did not get the remote desktop's pointer and touchscreen within 5 s")
            }
            _ = try client.connection.dispatch(timeout: 0.05)
        }
    }

    /// mutter's stored monitor configuration for the virtual monitor (connector Meta-0, as mutter names it)
    /// at `pixels` and `scale`: read at start, so the first frame of every window is at that scale.
    private static func monitorConfiguration(pixels: (width: Int, height: Int), scale: Double, refresh: Double) -> String {
        """
        <monitors version="2">
          <configuration>
            <layoutmode>logical</layoutmode>
            <logicalmonitor>
              <x>0</x>
              <y>0</y>
              <scale>\(scale)</scale>
              <primary>yes</primary>
              <monitor>
                <monitorspec>
                  <connector>Meta-0</connector>
                  <vendor>MetaVendor</vendor>
                  <product>MetaVirtualMonitor</product>
                  <serial>0x00</serial>
                </monitorspec>
                <mode>
                  <width>\(pixels.width)</width>
                  <height>\(pixels.height)</height>
                  <rate>\(String(format: "%.3f", refresh))</rate>
                </mode>
              </monitor>
            </logicalmonitor>
          </configuration>
        </monitors>
        """
    }

    /// Both private buses' configuration: a session bus's, open to every user (the shell may run as another
    /// user than this process).
    private static let busConfiguration = """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <include>/usr/share/dbus-1/session.conf</include>
      <policy context="default"><allow user="*"/></policy>
    </busconfig>
    """

    /// Starts a private bus (`busConfiguration`, written once per runtime dir) and returns its address.
    private func startBus(_ name: String) throws -> String {
        let path = runtimeDirectory.appendingPathComponent("\(name)-bus").path
        let configuration = runtimeDirectory.appendingPathComponent("bus.conf")
        if !FileManager.default.fileExists(atPath: configuration.path) {
            try HeadlessGnome.busConfiguration.write(to: configuration, atomically: true, encoding: .utf8)
        }
        let bus = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/bin/dbus-daemon", "--config-file=\(configuration.path)",
                                                        "--nofork", "--nopidfile", "--address=unix:path=\(path)"],
                                   environment: ["PATH": "/usr/bin:/bin"], outputPath: runtimeDirectory.appendingPathComponent("\(name)-bus.log").path)
        buses.append(bus)
        try bus.waitUntil(ready: { unixSocketAcceptsConnections(path) }, timeout: 20, name: "dbus-daemon (\(name))", log: { "" })
        return "unix:path=\(path)"
    }

    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    package var pid: pid_t? { process.flatMap { $0.isRunning ? $0.pid : nil } }

    /// The process groups of the shell, of PipeWire and of the two buses.
    package var processGroups: [pid_t] { ([process, pipeWire] + buses).compactMap { $0?.processGroup } }

    package func kill() { process?.killNow() }

    /// SIGTERM to the shell, PipeWire and the buses, then SIGKILL for what has not exited within 3 s.
    package func stop() {
        connection = nil
        process?.stop()
        pipeWire?.stop()
        for bus in buses { bus.stop() }
    }

    /// Starts a PipeWire daemon in the runtime dir, as the shell's user, and waits (up to 20 s) for its socket.
    private func startPipeWire(environment: [String: String], user: [String]) throws {
        let socket = runtimeDirectory.appendingPathComponent("pipewire-0").path
        let log = runtimeDirectory.appendingPathComponent("pipewire.log").path
        let pipeWire = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM"] + user + ["--", "/usr/bin/pipewire"], environment: environment, outputPath: log)
        self.pipeWire = pipeWire
        try pipeWire.waitUntil(ready: { unixSocketAcceptsConnections(socket) }, timeout: 20, name: "pipewire",
                               log: { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" })
    }

    // MARK: Input through the remote desktop session

    /// Starts the remote desktop session input goes through, with a screen-cast session tied to it that
    /// records the monitor (the stream absolute positions refer to).
    private func startRemoteDesktop() throws {
        guard let connection else { throw StartError(description: "gnome-shell has stopped") }
        session = try connection.call("org.gnome.Mutter.RemoteDesktop", "/org/gnome/Mutter/RemoteDesktop", "org.gnome.Mutter.RemoteDesktop",
                                      "CreateSession", reply: { (reply) throws(DBusError) in try reply.objectPath() })
        let sessionID = try connection.call("org.gnome.Mutter.RemoteDesktop", session, "org.freedesktop.DBus.Properties", "Get",
                                            arguments: { $0.string("org.gnome.Mutter.RemoteDesktop.Session"); $0.string("SessionId") },
                                            reply: { (reply) throws(DBusError) in try reply.variant { () throws(DBusError) in try reply.string() } })
        let screenCast = try connection.call("org.gnome.Mutter.ScreenCast", "/org/gnome/Mutter/ScreenCast", "org.gnome.Mutter.ScreenCast", "CreateSession",
                                             arguments: { writer in
                                                 writer.container("a", "{sv}") { entries in
                                                     entries.container("e", "sv") { entry in
                                                         entry.string("remote-desktop-session-id")
                                                         entry.container("v", "s") { $0.string(sessionID) }
                                                     }
                                                 }
                                             },
                                             reply: { (reply) throws(DBusError) in try reply.objectPath() })
        stream = try connection.call("org.gnome.Mutter.ScreenCast", screenCast, "org.gnome.Mutter.ScreenCast.Session", "RecordMonitor",
                                     arguments: { $0.string("Meta-0"); $0.container("a", "{sv}") { _ in } },
                                     reply: { (reply) throws(DBusError) in try reply.objectPath() })
        try remote("Start")
    }

    /// Calls a method of the remote desktop session and waits for its reply, or, when not `waiting`, sends it
    /// and goes on (mutter handles the calls of one connection in order).
    private func remote(_ member: String, waiting: Bool = true, arguments: (inout DBusMessageWriter) -> Void = { _ in }) throws {
        guard let connection else { throw StartError(description: "gnome-shell has stopped") }
        let interface = "org.gnome.Mutter.RemoteDesktop.Session"
        if waiting {
            try connection.call("org.gnome.Mutter.RemoteDesktop", session, interface, member, arguments: arguments, reply: { _ in })
        } else {
            try connection.send("org.gnome.Mutter.RemoteDesktop", session, interface, member, arguments: arguments)
        }
    }

    /// Closes the shell's open menu, if any, with Escape, as a user would; on the empty desktop Escape does
    /// nothing.
    package func closeMenus() { tap([1]) }

    /// Presses and releases each evdev key code in turn.
    package func tap(_ codes: [UInt32]) {
        for code in codes {
            try? remote("NotifyKeyboardKeycode") { $0.uint32(code); $0.bool(true) }
            try? remote("NotifyKeyboardKeycode") { $0.uint32(code); $0.bool(false) }
        }
    }

    /// Moves the pointer to `point` of the monitor, in points (the window under it gets it in its own);
    /// `waiting` for mutter's reply, or not (as a device sends input, whatever the shell is doing).
    package func movePointer(to point: Point, waiting: Bool = true) throws {
        try remote("NotifyPointerMotionAbsolute", waiting: waiting) { $0.string(stream); $0.double(point.x * scale); $0.double(point.y * scale) }
    }

    /// Presses (true) or releases a button (linux/input-event-codes.h).
    package func button(_ pressed: Bool, _ button: UInt32 = PointerButton.left, waiting: Bool = true) throws {
        try remote("NotifyPointerButton", waiting: waiting) { $0.int32(Int32(button)); $0.bool(pressed) }
    }

    /// Wheel notches (negative: up / left).
    package func scroll(notches: Int, horizontal: Bool = false) throws {
        try remote("NotifyPointerAxisDiscrete") { $0.uint32(horizontal ? 1 : 0); $0.int32(Int32(notches)) }
    }

    /// Puts finger `slot` down at `point` of the monitor (points), moves it there, or lifts it (`point` nil).
    package func touch(_ slot: UInt32, down: Bool = false, at point: Point?, waiting: Bool = true) throws {
        guard let point else { return try remote("NotifyTouchUp", waiting: waiting) { $0.uint32(slot) } }
        try remote(down ? "NotifyTouchDown" : "NotifyTouchMotion", waiting: waiting) { $0.string(stream); $0.uint32(slot); $0.double(point.x * scale); $0.double(point.y * scale) }
    }

    // MARK: Screenshots

    /// The whole monitor as the shell shows it now, through org.gnome.Shell.Screenshot (a PNG file).
    package func screenshot(showing surface: FrameLoop) throws -> RGBAImage { try screenshot() }

    package func screenshot() throws -> RGBAImage {
        guard let connection else { throw StartError(description: "gnome-shell has stopped") }
        let path = runtimeDirectory.appendingPathComponent("screenshot-\(UUID().uuidString.prefix(8)).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let taken = try connection.call("org.gnome.Shell.Screenshot", "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot", "Screenshot",
                                        arguments: { $0.bool(false); $0.bool(false); $0.string(path) }, reply: { (reply) throws(DBusError) in try reply.bool() })
        guard taken else { throw StartError(description: "org.gnome.Shell.Screenshot did not take the screenshot") }
        do { return try RGBAImage(contentsOfPNG: path) } catch { throw StartError(description: "the shell's screenshot: \(error)") }
    }
}
