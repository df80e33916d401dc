import Foundation
import SliderRenderer
@_spi(Internals) import SliderWayland

/// A private headless wlroots compositor: sway (1.7 on Debian 12, 1.10 on Debian 13), the kiosk cage (0.1.4,
/// 0.2) or the stacking labwc (0.8, Debian 13): the headless backend with the pixman renderer and no input
/// devices, in a private XDG_RUNTIME_DIR. When this process is root it runs as `nobody` (sway refuses to run
/// as root); root still reaches its socket.
///
/// sway shows one output `HEADLESS-1` of the given size and integer scale, with no borders, gaps or bar, so
/// one window fills the output at (0, 0). labwc shows its output `HEADLESS-1` of the given size and scale
/// (any: set through wlr-output-management), and places windows where it likes: a test's window is
/// fullscreen there.
/// cage shows its 1280 x 720 output turned to portrait (720 x 1280) or turned upside down, still landscape
/// (1280 x 720), and makes every window fill it; it runs `sleep`, a client that never maps, so the test's
/// own window is the one shown. cage 0.1.4 turns its output with `-r`; cage 0.2 dropped the option and
/// offers wlr-output-management instead, through which the output is turned (`wlr-randr`) before any window
/// is shown. The rotation is for screenshots: unrotated, cage scans a fullscreen window's buffer out directly,
/// and wlr-screencopy then reads the last composited frame (black), not the window; rotated, it composites
/// every frame. For another size (`.sized`) cage runs on wlroots' Wayland backend, its output a window that a
/// private sway tiles over an output of that size, as a kiosk on a monitor of that size has it (screenshots
/// are then sway's, of cage's output).
///
/// wlroots has no virtual touch protocol. With a `touchscreen`, the compositor runs on wlroots' Wayland backend
/// in a private weston whose input module has a touchscreen (`touchHost`), its output a window there as
/// large as weston's, at (0, 0): a touch sent through weston at a point of its output reaches the compositor
/// as a touch of its own seat's touchscreen at the same point, and the compositor's own touch handling
/// passes it to its clients.
///
/// Stopped (SIGTERM, then SIGKILL after 3 s) when released, and by the kernel when this process dies first.
package final class HeadlessWlroots: PrivateCompositor {
    package struct StartError: Error, CustomStringConvertible { package let description: String }

    package enum Kind: String, Sendable { case sway, cage, labwc }

    /// The output cage shows its window on.
    package enum KioskOutput: Sendable, Equatable, CustomStringConvertible {
        /// cage's headless 1280 x 720 output turned to portrait: 720 x 1280.
        case portrait
        /// cage's headless output turned upside down: still landscape, 1280 x 720.
        case landscape
        /// An output of `width` x `height` pixels, the window of cage's output in a private sway.
        case sized(width: Int, height: Int)

        package var size: (width: Int, height: Int) {
            switch self {
            case .portrait: (720, 1280)
            case .landscape: (1280, 720)
            case .sized(let width, let height): (width, height)
            }
        }

        /// True for `.sized`: cage's output is then a window of a private sway.
        package var isSized: Bool { if case .sized = self { true } else { false } }

        package var description: String {
            switch self {
            case .portrait: "portrait"
            case .landscape: "landscape"
            case .sized(let width, let height): "\(width)x\(height)"
            }
        }
    }

    package let kind: Kind
    package let runtimeDirectory: URL
    package private(set) var socketPath = ""
    /// The output's size in device pixels as windows see it (cage's portrait: 720 x 1280) and its scale.
    package let outputSize: (width: Int, height: Int)
    package let scale: Double
    private var process: ChildProcess?
    /// The sway that shows a `.sized` cage's output.
    private let host: HeadlessWlroots?
    /// The weston whose touchscreen reaches this compositor's seat (`touchscreen`), nil without one.
    package let touchHost: HeadlessWeston?
    private let logPath: String

    package var name: String { kind.rawValue }

    /// Whether the machine runs Debian 12 (bookworm), from /etc/os-release: it has no labwc.
    package static let isDebian12 = ((try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? "")
        .split(separator: "\n").contains("VERSION_CODENAME=bookworm")
    /// The wlroots compositors with a layer shell this release has: sway, and labwc on Debian 13.
    package static let withLayerShell: [Kind] = isDebian12 ? [.sway] : [.sway, .labwc]

    /// Starts the compositor and waits (up to 10 s) until its socket accepts connections. sway's output is
    /// `width` x `height` device pixels at `scale`, its windows tiled, or `floating` at their own size (for
    /// benchmarks that compare like with like); labwc's too (its windows float); cage's output is `kiosk`, at
    /// scale 1, and cage runs `kioskProgram` (a program and its arguments, as a kiosk's `cage -- PROGRAM`
    /// does; as nobody under root) or, when nil, a client of its own that shows nothing. `refresh` (Hz) sets
    /// the output's mode where it can be set: sway; labwc and an unsized cage 0.2 through wlr-output-management
    /// (their headless outputs otherwise tell clients no refresh: 0). With a `touchscreen` the compositor runs
    /// inside a private weston (`touchHost`) on an output of 1280 x 720 (the window wlroots' Wayland backend
    /// makes for its output), at scale 1, cage's unturned; `refresh` is then weston's output's, whose frame
    /// callbacks pace the compositor's output and whose presentation times it passes on.
    package init(_ kind: Kind, width: Int = 1280, height: Int = 720, scale: Double = 1, refresh: Double? = nil, floating: Bool = false,
                 kiosk: KioskOutput = .portrait, kioskProgram: [String]? = nil, touchscreen: Bool = false) throws {
        self.kind = kind
        let binary = "/usr/bin/\(kind.rawValue)"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw StartError(description: "\(kind.rawValue) is not installed (Scripts/install-deps.sh installs it)")
        }
        if kind == .cage, !FileManager.default.isExecutableFile(atPath: "/usr/bin/Xwayland") {
            throw StartError(description: "cage needs Xwayland to start (Scripts/install-deps.sh installs xwayland)")
        }
        outputSize = kind == .cage && !touchscreen ? kiosk.size : (width, height)
        self.scale = touchscreen || kind == .cage ? 1 : scale
        if let refresh, kind == .cage, !touchscreen, HeadlessWlroots.cageTurnsWithOption || kiosk.isSized {
            throw StartError(description: "cage's output refreshes at its own rate here (cage 0.2's headless output is set through wlr-output-management), not \(refresh) Hz")
        }
        if touchscreen, scale != 1 || kiosk.isSized || (width, height) != (1280, 720) {
            throw StartError(description: "a compositor with a touchscreen shows the 1280 x 720 output wlroots' Wayland backend makes, at scale 1")
        }
        if kind == .cage, case .sized(let width, let height) = kiosk, !touchscreen {
            host = try HeadlessWlroots(.sway, width: width, height: height)
        } else {
            host = nil
        }
        touchHost = touchscreen ? try HeadlessWeston(width: width, height: height, refresh: refresh, reachableByNobody: geteuid() == 0) : nil
        runtimeDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-\(kind.rawValue)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        logPath = runtimeDirectory.appendingPathComponent("\(kind.rawValue).log").path
        let asNobody = geteuid() == 0
        var arguments: [String]
        switch kind {
        case .sway:
            let config = runtimeDirectory.appendingPathComponent("config")
            try """
            output HEADLESS-1 \(refresh.map { "mode --custom \(width)x\(height)@\($0)Hz" } ?? "resolution \(width)x\(height)") scale \(scale)
            default_border none
            default_floating_border none
            gaps inner 0
            gaps outer 0
            focus_follows_mouse no
            \(floating ? "for_window [title=\".*\"] floating enable" : "")
            """.write(to: config, atomically: true, encoding: .utf8)
            arguments = [binary, "-c", config.path]
        case .cage:
            // The kiosk's program (by default a client that never maps a window); it dies with cage.
            let turns = switch kiosk { case .portrait: ["-r"]; case .landscape: ["-r", "-r"]; case .sized: [String]() }
            arguments = [binary] + (HeadlessWlroots.cageTurnsWithOption && !touchscreen ? turns : []) + ["--", "/usr/bin/setpriv", "--pdeathsig", "KILL", "--"]
                + (kioskProgram ?? ["/bin/sleep", "infinity"])
        case .labwc:
            // An empty configuration directory: labwc's defaults, not the machine's ~/.config/labwc.
            let config = runtimeDirectory.appendingPathComponent("labwc")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            arguments = [binary, "--config-dir", config.path]
        }
        if asNobody {
            for path in [runtimeDirectory.path] + (try FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)).map({ runtimeDirectory.appendingPathComponent($0).path }) {
                guard chown(path, 65534, 65534) == 0 else { throw StartError(description: "cannot hand \(path) to nobody (errno \(errno))") }
            }
            arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
        }
        // Through setpriv (util-linux): SIGTERM when this process dies first, and nobody's ids when root.
        arguments = ["--pdeathsig", "TERM"] + arguments
        var environment = ["PATH": "/usr/bin:/bin", "HOME": runtimeDirectory.path, "XDG_RUNTIME_DIR": runtimeDirectory.path,
                           "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1"]
        if let hostSocket = host?.socketPath ?? touchHost?.socketPath {
            environment["WLR_BACKENDS"] = "wayland"
            environment["WAYLAND_DISPLAY"] = hostSocket
        }
        let process = try ChildProcess("/usr/bin/setpriv", arguments, environment: environment, outputPath: logPath)
        self.process = process
        let runtime = runtimeDirectory
        var socket = ""
        do {
            try process.waitUntil(ready: {
                guard let found = HeadlessWlroots.listeningSocket(in: runtime) else { return false }
                socket = found
                // A nested compositor's backend has started once its output is offered (`offerTouchscreen`).
                return !touchscreen || (try? WaylandClient(socket: found))?.globals.registry.first("wl_output") != nil
            }, timeout: 10, name: kind.rawValue, log: { self.log })
        } catch {
            throw StartError(description: "\(error)")
        }
        socketPath = socket
        if let touchHost { try offerTouchscreen(of: touchHost) }
        switch kind {
        case _ where touchHost != nil:
            break
        case .cage where !HeadlessWlroots.cageTurnsWithOption && host == nil:
            // The headless output starts at 1280 x 720, its refresh unknown (0) to clients unless set.
            try configureOutput(["transform", kiosk == .portrait ? "90" : "180"] + (refresh.map { ["custom-mode", "1280x720@\($0)Hz"] } ?? []))
        case .labwc:
            // The headless output starts at 1280 x 720, scale 1, its refresh unknown (0) to clients unless set.
            try configureOutput(["custom-mode", "\(width)x\(height)" + (refresh.map { "@\($0)Hz" } ?? ""), "scale", "\(scale)"])
        default:
            break
        }
    }

    /// Takes weston's touchscreen away and gives it back, once the compositor's backend has started (the start
    /// waits for its output to be offered to clients). wlroots 0.15's Wayland backend makes its touch device
    /// only for a touch capability its host announces after the backend started, and weston announced its own
    /// when the compositor connected, before: so the compositor's seat had no touchscreen. Events on weston's
    /// connection come in order, so the compositor has its touchscreen before any touch sent after this.
    private func offerTouchscreen(of weston: HeadlessWeston) throws {
        let input = try InjectedInput(globalOn: weston)
        input.setTouchPresent(false)
        try input.roundtrip()
        input.setTouchPresent(true)
        try input.roundtrip()
        if let failure = input.failure { throw StartError(description: "weston's input module: \(failure)") }
    }

    /// Whether this machine's cage turns its output with `-r` (cage 0.1.x); cage 0.2 has output management.
    private static let cageTurnsWithOption: Bool = {
        let version = (try? ChildProcess.run("/usr/bin/cage", ["-v"])) ?? ""
        return version.contains("version 0.1.")
    }()

    deinit {
        shutDown()
    }

    /// The first `wayland-N` socket in `directory` that accepts a connection (the file appears at bind,
    /// a moment before listen).
    private static func listeningSocket(in directory: URL) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        for name in names.sorted() where name.hasPrefix("wayland-") && !name.hasSuffix(".lock") {
            let path = directory.appendingPathComponent(name).path
            if unixSocketAcceptsConnections(path) { return path }
        }
        return nil
    }

    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    package var pid: pid_t? { process.flatMap { $0.isRunning ? $0.pid : nil } }

    /// The compositor's process group (with the Xwayland and client it starts), and its host's.
    package var processGroups: [pid_t] {
        (process.map { [$0.processGroup] } ?? []) + (host?.processGroups ?? []) + (touchHost?.processGroups ?? [])
    }

    package func kill() { process?.killNow() }

    /// SIGTERM, then SIGKILL if it has not exited within 3 s (a host after the compositor it shows).
    package func stop() {
        process?.stop()
        host?.stop()
        touchHost?.shutDown()
    }

    /// The socket of the sway that shows a `.sized` cage's output (its input reaches cage through it).
    package var hostSocketPath: String? { host?.socketPath }

    /// Changes the output as `swaymsg output HEADLESS-1 SETTINGS` does (`transform 90`, `scale 2`), and
    /// returns once the compositor has applied it: sway through its IPC, labwc and cage 0.2 through
    /// wlr-output-management (`wlr-randr`); a `.sized` cage's host output is changed, and cage's output, a
    /// window there, follows. cage 0.1.4's own headless output cannot be changed while it runs.
    package func configureOutput(_ settings: String...) throws {
        if let host { return try host.configureOutput(settings) }
        try configureOutput(settings)
    }

    private func configureOutput(_ settings: [String]) throws {
        if kind == .cage, HeadlessWlroots.cageTurnsWithOption { throw StartError(description: "cage 0.1.4 cannot change its output while it runs") }
        if kind != .sway { return try randr(settings) }
        try swaymsg(["output", "HEADLESS-1"] + settings)
    }

    /// Runs a sway IPC command (`swaymsg COMMAND ...`) and returns once sway has answered it.
    package func swaymsg(_ command: [String]) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
        guard kind == .sway, let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) else {
            throw StartError(description: "sway's IPC socket is not in \(runtimeDirectory.path)")
        }
        let output = runtimeDirectory.appendingPathComponent("swaymsg.out").path
        let swaymsg = try ChildProcess("/usr/bin/swaymsg", ["-s", runtimeDirectory.appendingPathComponent(ipc).path] + command,
                                       environment: ["PATH": "/usr/bin:/bin"], outputPath: output)
        guard swaymsg.wait() == 0 else {
            throw StartError(description: "swaymsg \(command.joined(separator: " ")): \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
    }

    /// Applies sway-style output settings (`transform 90`, `scale 1.5`) through wlr-output-management.
    private func randr(_ settings: [String]) throws {
        let options = stride(from: 0, to: settings.count - 1, by: 2).flatMap { ["--\(settings[$0])", settings[$0 + 1]] }
        let output = runtimeDirectory.appendingPathComponent("wlr-randr.out").path
        let randr = try ChildProcess("/usr/bin/wlr-randr", ["--output", "HEADLESS-1"] + options,
                                     environment: ["PATH": "/usr/bin:/bin", "WAYLAND_DISPLAY": socketPath], outputPath: output)
        guard randr.wait() == 0 else {
            throw StartError(description: "wlr-randr --output HEADLESS-1 \(options.joined(separator: " ")): \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
    }

    /// The whole output, which a tiled or kiosk window fills, as the compositor shows it now.
    package func screenshot(showing surface: FrameLoop) throws -> RGBAImage { try screenshot() }

    /// The whole output as the compositor shows it now, through wlr-screencopy (`grim`); a `.sized` cage's
    /// through its host.
    package func screenshot() throws -> RGBAImage {
        if let host { return try host.screenshot() }
        let path = runtimeDirectory.appendingPathComponent("screenshot-\(UUID().uuidString.prefix(8)).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = runtimeDirectory.appendingPathComponent("grim.out").path
        let grim = try ChildProcess("/usr/bin/grim", ["-t", "png", path], environment: ["PATH": "/usr/bin:/bin", "WAYLAND_DISPLAY": socketPath],
                                    outputPath: output)
        guard grim.wait() == 0 else {
            throw StartError(description: "grim failed: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
        do { return try RGBAImage(contentsOfPNG: path) } catch { throw StartError(description: "grim's screenshot: \(error)") }
    }
}
