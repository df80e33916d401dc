import Foundation

/// A child process started with posix_spawn and reaped with waitpid. Foundation's Process is not used:
/// on Linux its SIGCHLD monitor can touch a Process already released (a crash seen in the Wayland tests).
public final class ChildProcess {
    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public let pid: pid_t
    private var exitStatus: Int32?

    /// Starts `path` with `arguments` and `environment`; standard output and error go to `outputPath`
    /// (created or truncated), standard input reads `standardInput` (a descriptor of this process, which should
    /// be close-on-exec so no other child inherits it) or /dev/null.
    public init(_ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment, outputPath: String,
                standardInput: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))") }
        pid = child
    }

    /// True until the process has exited (reaps it when it has).
    public var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid || reaped < 0 { exitStatus = status; return false }
        return true
    }

    /// Waits for the process to exit; returns its exit code (128 + signal when killed).
    @discardableResult
    public func wait() -> Int32 {
        if exitStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            exitStatus = status
        }
        let status = exitStatus ?? 0
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    public func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// SIGKILL, then reaps it: the process vanishes at once, as in a crash.
    public func killNow() {
        guard isRunning else { return }
        signal(SIGKILL)
        wait()
    }

    /// SIGTERM, then SIGKILL if it has not exited within `grace` seconds.
    public func stop(grace: Double = 3) {
        guard isRunning else { return }
        signal(SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning && Date() < deadline { usleep(10_000) }
        killNow()
    }

    /// Polls `ready` every 20 ms until it holds; throws (after stopping the process) when the process exits
    /// first or `timeout` seconds pass. `name` and `log` make the error say which program and what it said.
    public func waitUntil(ready: () -> Bool, timeout: Double, name: String, log: () -> String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard isRunning else { throw SpawnError(description: "\(name) exited at start-up:\n\(log())") }
            if ready() { return }
            usleep(20_000)
        }
        stop()
        throw SpawnError(description: "\(name) did not start within \(Int(timeout)) s:\n\(log())")
    }

    /// Runs a command to completion; returns its output, throws with the output when it fails.
    public static func run(_ path: String, _ arguments: [String]) throws -> String {
        let output = NSTemporaryDirectory() + "slider-child-\(UUID().uuidString).log"
        defer { unlink(output) }
        let child = try ChildProcess(path, arguments, outputPath: output)
        let status = child.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw SpawnError(description: "\(([path] + arguments).joined(separator: " ")) exited with \(status):\n\(text)") }
        return text
    }
}
