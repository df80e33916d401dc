import Foundation

/// A headless weston for one test: pixman renderer, desktop-shell, a private XDG_RUNTIME_DIR and socket,
/// the test input module loaded, `repaint-window=15` (about 57 Hz instead of the default 39 Hz).
/// Stopped (SIGTERM, then SIGKILL) when released; `kill()` ends it abruptly as a crash would.
final class Weston {
    struct StartError: Error, CustomStringConvertible { let description: String }

    let runtimeDirectory: URL
    /// The absolute path of the Wayland socket; pass it as `socket:` to a client.
    let socketPath: String
    private var process: ChildProcess?
    private let logPath: String

    /// Starts weston with an output of `width` x `height` device pixels at `scale`, and waits (up to 10 s)
    /// until it listens and the test module has created its seat.
    init(width: Int = 1024, height: Int = 768, scale: Int = 1) throws {
        let module = try WestonTestModule.path()
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
        socketPath = runtimeDirectory.appendingPathComponent("wayland-test").path
        logPath = runtimeDirectory.appendingPathComponent("weston.log").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else {
            throw StartError(description: "weston is not installed (Scripts/install-deps.sh installs it)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "DISPLAY")
        let process = try ChildProcess("/usr/bin/weston", [
            "--backend=headless-backend.so", "--use-pixman", "--debug", "--socket=wayland-test", "--config=\(config.path)",
            "--modules=\(module)", "--width=\(width)", "--height=\(height)", "--scale=\(scale)", "--idle-time=0", "--log=\(logPath)",
        ], environment: environment, outputPath: runtimeDirectory.appendingPathComponent("weston.out").path)
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if !process.isRunning { throw StartError(description: "weston exited at start-up:\n\(log)") }
            if FileManager.default.fileExists(atPath: socketPath), log.contains("slider-test-input: seat"), log.contains("desktop-shell") {
                return
            }
            usleep(20_000)
        }
        stop()
        throw StartError(description: "weston did not start within 10 s:\n\(log)")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// weston's log so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// SIGKILL: the compositor vanishes mid-run, as in a crash.
    func kill() {
        guard let process, process.isRunning else { return }
        process.signal(SIGKILL)
        process.wait()
    }

    func stop() {
        guard let process, process.isRunning else { return }
        process.signal(SIGTERM)
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill() }
    }
}
