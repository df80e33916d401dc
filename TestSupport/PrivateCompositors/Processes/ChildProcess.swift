import CLibcExtensions
import Foundation
@_spi(Internals) import SliderWayland

/// A child process started with posix_spawn in a process group of its own, and stopped as a group: what
/// it started (a bus launcher's bus and registry, a compositor's Xwayland or shell client) ends with it.
/// This process reaps its orphaned descendants (it is their subreaper), so a stopped group leaves neither
/// processes nor zombies. Foundation's Process is not used: on Linux its SIGCHLD monitor can touch a
/// Process already released (a crash seen in the Wayland tests); swift-subprocess ties a child's life to an
/// async closure, and the compositors here live as long as a synchronous test's fixture object.
package final class ChildProcess {
    package struct SpawnError: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    package let pid: pid_t
    /// The process group the child leads, with everything it starts.
    package var processGroup: pid_t { pid }
    private var exitStatus: Int32?

    /// Set once per process: orphans of our children come back to us, to be reaped with their group.
    private static let adoptsOrphans: Void = { _ = slider_become_child_subreaper() }()
    /// The children started here and not yet reaped: their exit status is theirs to collect.
    nonisolated(unsafe) private static var started: Set<pid_t> = []
    private static let startedLock = NSLock()

    /// Starts `path` with `arguments` and `environment` in a new process group; standard output and error go
    /// to `outputPath` (created or truncated), standard input reads `standardInput` (a descriptor of this
    /// process, which should be close-on-exec so no other child inherits it) or /dev/null.
    package init(_ path: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment, outputPath: String,
                standardInput: Int32? = nil) throws {
        ChildProcess.adoptsOrphans
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
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A child starts with every signal at its default and none blocked, whatever this process does: an
        // ignored signal stays ignored across exec, and a blocked one stays blocked. slider-demo ignores
        // SIGTERM while it installs its handler and Dispatch's worker threads block every signal, so a
        // program it or a test started ignored or held the SIGTERM meant to stop it, and was killed after
        // the grace, its buffered output lost.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))") }
        pid = child
        ChildProcess.startedLock.withLock { _ = ChildProcess.started.insert(child) }
        ChildProcess.reapOrphans()
    }

    /// Records that the child exited and was reaped.
    private func reaped(_ status: Int32) {
        exitStatus = status
        ChildProcess.startedLock.withLock { _ = ChildProcess.started.remove(pid) }
    }

    /// Reaps the orphans this process adopted that have exited: descendants whose parent went first and
    /// that no ChildProcess here is waiting for (a compositor's shell client, a killed demo's weston).
    package static func reapOrphans() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        let me = getpid()
        for pid in entries.compactMap({ pid_t($0) }) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, fields[0] == "Z", pid_t(fields[1]) == me,
                  !startedLock.withLock({ started.contains(pid) }) else { continue }
            var status: Int32 = 0
            waitpid(pid, &status, WNOHANG)
        }
    }

    /// True until the process has exited (reaps it when it has).
    package var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || result < 0 { reaped(status); return false }
        return true
    }

    /// Waits for the process to exit; returns its exit code (128 + signal when killed).
    @discardableResult
    package func wait() -> Int32 {
        if exitStatus == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped(status)
        }
        let status = exitStatus ?? 0
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Sends `signal` to the process and everything in its group.
    package func signal(_ signal: Int32) {
        kill(-processGroup, signal)
    }

    /// SIGKILL to the group, then reaps it: the process and what it started vanish at once, as in a crash.
    package func killNow() {
        signal(SIGKILL)
        wait()
        reapGroup(until: MonotonicTime.seconds() + 1)
    }

    /// `first` (SIGTERM; SIGINT to stop a program as Ctrl-C at a terminal does, which many end cleanly on)
    /// to the group, then SIGKILL to what is left of it after `grace` seconds; returns when nothing of the
    /// group is left, not even a zombie (within another second).
    package func stop(with first: Int32 = SIGTERM, grace: Double = 3) {
        guard isRunning || !ChildProcess.processes(inGroup: processGroup).isEmpty else { return }
        signal(first)
        let deadline = MonotonicTime.seconds() + grace
        while MonotonicTime.seconds() < deadline {
            if reapGroupIfEnded() { return }
            usleep(10_000)
        }
        killNow()
    }

    /// Reaps what of the group has exited (the child, and the orphans we adopted); true when the child has
    /// been reaped and no process of the group is left running, and so none is left at all.
    private func reapGroupIfEnded() -> Bool {
        // Nothing of the group running means every member is dead: one more reap takes the last zombies.
        var ended = ChildProcess.processes(inGroup: processGroup, includingZombies: false).isEmpty
        var status: Int32 = 0
        while case let reapedPID = waitpid(-processGroup, &status, WNOHANG), reapedPID > 0 {
            if reapedPID == pid { reaped(status) }
        }
        // A member forked between the look into /proc and the leader's exit was not seen: cage 0.1.4 stopped
        // as it started forks its kiosk client after the SIGTERM, and the client, orphaned before it could
        // ask for a death signal, ran on. With the leader reaped the group's id stays reserved while any
        // member lives, so what the group still holds is ours: killed, and the group looked at again.
        if ended, !isRunning, kill(-processGroup, SIGKILL) == 0 {
            ended = ChildProcess.processes(inGroup: processGroup, includingZombies: false).isEmpty
        }
        ChildProcess.reapOrphans()
        // A multithreaded child whose main thread has exited shows as a zombie before its last thread is gone,
        // and only then can it be reaped: the group has not ended while the child is unreaped.
        return ended && !isRunning
    }

    /// Reaps the group until none of it is left or `deadline` (MonotonicTime) passes.
    private func reapGroup(until deadline: Double) {
        while !reapGroupIfEnded(), MonotonicTime.seconds() < deadline { usleep(5_000) }
    }

    /// The processes in group `group` now (/proc), zombies (exited, not yet reaped) with them unless
    /// `includingZombies` is false. A process whose main thread is a zombie while other threads of it are
    /// still exiting counts as running.
    package static func processes(inGroup group: pid_t, includingZombies: Bool = true) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { pid_t($0) }.filter { pid in
            // /proc/PID/stat: "pid (comm) state ppid pgrp ...", the command name in parentheses may hold anything.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == group else { return false }
            let exited = (fields[0] == "Z" || fields[0] == "X")
                && ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"))?.count ?? 0) <= 1
            return includingZombies || !exited
        }
    }

    /// Polls `ready` every 20 ms until it holds; throws (after stopping the process) when the process exits
    /// first or `timeout` seconds pass. `name` and `log` make the error say which program and what it said.
    package func waitUntil(ready: () -> Bool, timeout: Double, name: String, log: () -> String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard isRunning else { throw SpawnError(description: "\(name) exited at start-up:\n\(log())") }
            if ready() { return }
            usleep(20_000)
        }
        stop()
        throw SpawnError(description: "\(name) did not start within \(Int(timeout)) s:\n\(log())")
    }

    /// Runs a command to completion; returns its output, throws with the output when it fails. Its temporary
    /// folder (TMPDIR) is a scratch folder removed after it: what a tool leaves there (SwiftPM's lock files and
    /// temporary directories) does not outlive the run.
    package static func run(_ path: String, _ arguments: [String]) throws -> String {
        let scratch = try ScratchFolder("slider-run")
        let output = scratch.file("output.log")
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = try scratch.temporaryFolder()
        let child = try ChildProcess(path, arguments, environment: environment, outputPath: output)
        let status = child.wait()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw SpawnError(description: "\(([path] + arguments).joined(separator: " ")) exited with \(status):\n\(text)") }
        return text
    }
}
