import Foundation

/// A program on a private weston whose standard input is a pipe the test writes lines to and closes to stop
/// it (an example host, the demo's configured panel); its output (standard output and error) is read as it
/// comes.
package final class PipedProcess {
    private let child: ChildProcess
    /// Its output, and its temporary folder (TMPDIR): removed with it.
    private let scratch: ScratchFolder
    private let outputPath: String
    private var input: Int32

    /// Starts `executable` with `arguments` on `weston`'s socket, with `environment` added to this process's,
    /// and waits (up to 20 s) until its lines satisfy `ready` (by default: one says "ready").
    package convenience init(_ executable: URL, _ arguments: [String] = [], on weston: HeadlessWeston, environment extra: [String: String] = [:],
                             ready: ([String]) -> Bool = { $0.contains("ready") }) throws {
        try self.init(executable, arguments, socket: weston.socketPath, environment: extra, ready: ready)
    }

    /// Starts `executable` with `arguments` on the compositor at `socket`, as above.
    package init(_ executable: URL, _ arguments: [String] = [], socket: String, environment extra: [String: String] = [:],
                 ready: ([String]) -> Bool = { $0.contains("ready") }) throws {
        var fds: [Int32] = [0, 0]
        // Created close-on-exec (a socket pair: Glibc's module has no pipe2): no other child of this test process
        // (tests run side by side) may inherit the write end, or the host would never see its input end.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw ChildProcess.SpawnError(description: "socketpair failed: errno \(errno)")
        }
        scratch = try ScratchFolder("slider-piped")
        outputPath = scratch.file("output.log")
        let temporary = try scratch.temporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        environment["WAYLAND_DISPLAY"] = socket
        environment.removeValue(forKey: "DISPLAY")
        environment.merge(extra) { $1 }
        do {
            child = try ChildProcess(executable.path, arguments, environment: environment, outputPath: outputPath, standardInput: fds[0])
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[0])
        input = fds[1]
        try waitFor(timeout: 20, ready)
    }

    /// The process id.
    package var pid: pid_t { child.pid }

    deinit {
        if input >= 0 { close(input) }
        child.stop()
    }

    /// Everything it printed so far, line by line.
    package var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// Polls the output until `condition` holds for its lines; throws with the output when the program exits
    /// or `timeout` seconds pass first.
    package func waitFor(timeout: Double = 30, _ condition: ([String]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(lines) {
            guard child.isRunning else { throw ChildProcess.SpawnError(description: "the program exited; it printed:\n\(lines.joined(separator: "\n"))") }
            guard Date() < deadline else {
                throw ChildProcess.SpawnError(description: "the program did not print what the test waits for within \(Int(timeout)) s; it printed:\n"
                                              + lines.joined(separator: "\n"))
            }
            usleep(10_000)
        }
    }

    /// Sends one command line.
    package func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
    }

    /// The JSON objects among `lines` (those that start with "{"), in order; throws at one that does not read
    /// as a JSON object.
    package static func jsonObjects(in lines: [String]) throws -> [[String: Any]] {
        try lines.filter { $0.hasPrefix("{") }.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ChildProcess.SpawnError(description: "not a JSON object: \(line)")
            }
            return object
        }
    }

    /// The JSON objects it printed so far (`jsonObjects(in:)` of its lines).
    package func jsonObjects() throws -> [[String: Any]] { try PipedProcess.jsonObjects(in: lines) }

    /// Everything it printed so far, as one text.
    package var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Ends it with SIGKILL, now (no chance to save or clean up), and reaps it.
    package func kill() { child.killNow() }

    /// Sends `signal` and waits up to `timeout` seconds for it to exit; returns the exit status (128 + the
    /// signal's number where one ended it), nil when it is still running.
    package func signalAndWait(_ signal: Int32, timeout: Double = 10) -> Int32? {
        child.signal(signal)
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning && Date() < deadline { usleep(5_000) }
        return child.isRunning ? nil : child.wait()
    }

    /// Closes standard input (which ends an example host); returns the exit status.
    package func finish() -> Int32 {
        close(input)
        input = -1
        let deadline = Date().addingTimeInterval(10)
        while child.isRunning && Date() < deadline { usleep(10_000) }
        return child.isRunning ? { child.stop(); return -1 }() : child.wait()
    }
}
