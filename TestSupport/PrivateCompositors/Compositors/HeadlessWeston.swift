import Foundation

/// A private headless weston: pixman renderer (or its GL renderer), a private XDG_RUNTIME_DIR and socket,
/// `repaint-window=15` (about 57 Hz instead of the default 39), no start-up or window animations, and
/// optionally the input module (a seat with pointer, keyboard and touch driven by `InjectedInput`).
///
/// Stopped (SIGTERM, then SIGKILL after 3 s) when released, and by the kernel when this process dies first;
/// `kill()` ends it abruptly, as a crash would.
package final class HeadlessWeston {
    package struct StartError: Error, CustomStringConvertible { package let description: String }

    /// The shell weston runs: desktop-shell (frame callbacks work on the headless backend) or kiosk-shell
    /// (every window fullscreen; weston 10's kiosk-shell sends no frame callbacks on the headless backend).
    package enum Shell: String, Sendable { case desktop = "desktop-shell.so", kiosk = "kiosk-shell.so" }

    /// What weston composites with: pixman (the CPU), or its GL renderer on the machine's EGL (a GPU's
    /// driver; Mesa's llvmpipe without one).
    package enum Renderer: String, Sendable, CaseIterable { case pixman, gl }

    package let runtimeDirectory: URL
    /// What it composites with.
    package let renderer: Renderer
    /// The absolute path of the Wayland socket: pass it as `socket:` to a client.
    package let socketPath: String
    private var process: ChildProcess?
    private let logPath: String

    /// Starts weston with one output of `width` x `height` device pixels at integer `scale`, refreshed
    /// `refresh` times a second (nil: the headless backend's 60 Hz; weston 10's is 60 Hz only), and waits
    /// (up to 10 s) until it listens (and the input module has created its seat). `reachableByNobody` opens its
    /// socket to every user (a compositor nested in it runs as nobody when this process is root).
    /// `monotonicPresentationClock` has the input module put weston's presentation times on CLOCK_MONOTONIC
    /// (the headless backend's own is CLOCK_MONOTONIC_RAW; the DRM backend's is CLOCK_MONOTONIC).
    package init(width: Int = 1024, height: Int = 768, scale: Int = 1, refresh: Double? = nil, shell: Shell = .desktop,
                 renderer: Renderer = .pixman, withInputModule: Bool = true, reachableByNobody: Bool = false,
                 monotonicPresentationClock: Bool = false) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else {
            throw StartError(description: "weston is not installed (Scripts/install-deps.sh installs it)")
        }
        if let refresh, refresh != 60, !HeadlessWeston.setsRefreshRate {
            throw StartError(description: "this weston's headless output refreshes at 60 Hz only (--refresh-rate came with weston 12), not \(refresh) Hz")
        }
        let module = withInputModule ? try WestonInputModule.path() : nil
        self.renderer = renderer
        runtimeDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-weston-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let config = runtimeDirectory.appendingPathComponent("weston.ini")
        try """
        [core]
        repaint-window=15
        idle-time=0
        [shell]
        background-color=0xff20262e
        panel-position=none
        startup-animation=none
        animation=none
        close-animation=none
        focus-animation=none
        [keyboard]
        repeat-rate=40
        repeat-delay=400
        """.write(to: config, atomically: true, encoding: .utf8)
        socketPath = runtimeDirectory.appendingPathComponent("wayland-headless").path
        logPath = runtimeDirectory.appendingPathComponent("weston.log").path
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "SLIDER_TEST_INPUT_PRESENTATION_CLOCK")
        if monotonicPresentationClock {
            guard module != nil else { throw StartError(description: "weston's presentation clock is set by the input module: start it with one") }
            environment["SLIDER_TEST_INPUT_PRESENTATION_CLOCK"] = "monotonic"
        }
        var arguments = ["--backend=headless-backend.so", "--use-\(renderer.rawValue)", "--debug", "--socket=wayland-headless", "--shell=\(shell.rawValue)",
                         "--config=\(config.path)", "--width=\(width)", "--height=\(height)", "--scale=\(scale)", "--idle-time=0",
                         "--log=\(logPath)"]
        if let module { arguments.append("--modules=\(module)") }
        if let refresh, HeadlessWeston.setsRefreshRate { arguments.append("--refresh-rate=\(Int((refresh * 1000).rounded()))") }
        // Through setpriv (util-linux) so weston gets SIGTERM if this process dies without stopping it (a
        // crash, SIGKILL): the kernel's parent-death signal, which posix_spawn cannot set itself. It is tied to
        // the spawning thread, which outlives weston here (main thread, or the one thread a test runs on).
        let launcher = FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            ? ("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/bin/weston"] + arguments)
            : ("/usr/bin/weston", arguments)
        let process = try ChildProcess(launcher.0, launcher.1, environment: environment,
                                       outputPath: runtimeDirectory.appendingPathComponent("weston.out").path)
        self.process = process
        do {
            try process.waitUntil(ready: { [socketPath] in
                let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                return FileManager.default.fileExists(atPath: socketPath) && log.contains(shell.rawValue)
                    && (module == nil || log.contains("slider-test-input: seat"))
            }, timeout: 10, name: "weston", log: { self.log })
        } catch {
            throw StartError(description: "\(error)")
        }
        if reachableByNobody {
            guard chmod(runtimeDirectory.path, 0o711) == 0, chmod(socketPath, 0o777) == 0 else {
                throw StartError(description: "cannot open \(socketPath) to other users (errno \(errno))")
            }
        }
    }

    deinit {
        shutDown()
    }

    /// Whether this machine's weston takes the headless output's `--refresh-rate` (weston 12 and later).
    package static let setsRefreshRate: Bool = {
        let help = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-weston-help-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: help) }
        guard let process = try? ChildProcess("/usr/bin/weston", ["--help"], environment: [:], outputPath: help.path) else { return false }
        _ = process.wait()
        return ((try? String(contentsOf: help, encoding: .utf8)) ?? "").contains("--refresh-rate")
    }()

    /// weston's log so far.
    package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The process groups of what this compositor runs (weston, and the shell client it starts): each ends
    /// when the compositor is released.
    package var processGroups: [pid_t] { process.map { [$0.processGroup] } ?? [] }

    /// weston's process id, while it runs.
    package var pid: pid_t? { process.flatMap { $0.isRunning ? $0.pid : nil } }

    /// SIGKILL: the compositor vanishes mid-run, as in a crash.
    package func kill() { process?.killNow() }

    /// SIGTERM, then SIGKILL if weston has not exited within 3 s.
    package func stop() { process?.stop() }
}
