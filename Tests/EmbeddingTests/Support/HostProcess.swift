import Foundation
import HeadlessWeston

/// An example host running on a private weston: its standard input is a pipe the test writes commands to
/// and closes to stop it; its output (one line per slider callback) is read as it comes.
final class HostProcess {
    private let child: ChildProcess
    private let outputPath: String
    private var input: Int32

    /// Starts `executable` on `weston`'s socket, with `environment` added to this process's, and waits (up
    /// to 20 s) for it to print "ready".
    init(_ executable: URL, on weston: HeadlessWeston, environment extra: [String: String] = [:]) throws {
        var fds: [Int32] = [0, 0]
        // Created close-on-exec (a socket pair: Glibc's module has no pipe2): no other child of this test process
        // (tests run side by side) may inherit the write end, or the host would never see its input end.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw ChildProcess.SpawnError(description: "socketpair failed: errno \(errno)")
        }
        outputPath = NSTemporaryDirectory() + "slider-host-\(UUID().uuidString).log"
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = weston.socketPath
        environment.removeValue(forKey: "DISPLAY")
        environment.merge(extra) { $1 }
        do {
            child = try ChildProcess(executable.path, [], environment: environment, outputPath: outputPath, standardInput: fds[0])
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[0])
        input = fds[1]
        try waitFor(timeout: 20) { $0.contains("ready") }
    }

    /// The host's process id.
    var pid: pid_t { child.pid }

    deinit {
        if input >= 0 { close(input) }
        child.stop()
        unlink(outputPath)
    }

    /// Everything the host printed so far, line by line.
    var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// Polls the output until `condition` holds for its lines; throws with the output when the host exits
    /// or `timeout` seconds pass first.
    func waitFor(timeout: Double = 30, _ condition: ([String]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(lines) {
            guard child.isRunning else { throw ChildProcess.SpawnError(description: "the host exited; it printed:\n\(lines.joined(separator: "\n"))") }
            guard Date() < deadline else {
                throw ChildProcess.SpawnError(description: "the host did not print what the test waits for within \(Int(timeout)) s; it printed:\n"
                                              + lines.joined(separator: "\n"))
            }
            usleep(10_000)
        }
    }

    /// Sends one command line.
    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
    }

    /// Everything the host printed so far, as one text.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Closes standard input, which ends the host; returns its exit status.
    func finish() -> Int32 {
        close(input)
        input = -1
        let deadline = Date().addingTimeInterval(10)
        while child.isRunning && Date() < deadline { usleep(10_000) }
        return child.isRunning ? { child.stop(); return -1 }() : child.wait()
    }
}

extension [String] {
    /// The last value a `value LABEL V` line reported for `label`.
    func lastValue(of label: String) -> Double? {
        last { $0.hasPrefix("value \(label) ") }.flatMap { Double($0.split(separator: " ")[2]) }
    }

    /// The `step LABEL direction D count C value V` lines for `label`, as (direction, count).
    func steps(of label: String) -> [(direction: Int, count: Int)] {
        filter { $0.hasPrefix("step \(label) ") }.map {
            let parts = $0.split(separator: " ")
            return (Int(parts[3]) ?? 0, Int(parts[5]) ?? 0)
        }
    }

    /// The number after `key` on its last line (`host-frames N`, `slider-frames volume N`).
    func count(after key: String) -> Int? { last { $0.hasPrefix(key + " ") }.flatMap { Int($0.split(separator: " ").last!) } }
}
