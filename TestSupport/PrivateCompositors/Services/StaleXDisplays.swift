import Foundation

/// The lock files and sockets of X displays whose server has gone: an X server (Xvfb, or the Xwayland a
/// compositor starts: wlroots and KWin make the display's lock and socket themselves) removes them when it
/// ends cleanly, not when it is killed, and a stale lock makes a later server on that display look for
/// another. X servers take a lock whose process is gone as stale; so does this, after a test's compositor or
/// X server ended, so that the suite leaves nothing in /tmp.
package enum StaleXDisplays {
    /// Removes `/tmp/.X<N>-lock` and `/tmp/.X11-unix/X<N>` of every display whose lock names a process that
    /// no longer exists (a lock still being written, with no process id yet, is left alone), and a display's
    /// socket that has no lock (a server makes its lock first and removes it last).
    package static func remove() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        for name in names where name.hasPrefix(".X") && name.hasSuffix("-lock") {
            let display = name.dropFirst(2).dropLast(5)
            // The process id, right-aligned in 10 characters and a newline (wlroots writes a NUL after it).
            guard Int(display) != nil, let text = try? String(contentsOfFile: "/tmp/" + name, encoding: .utf8),
                  let pid = pid_t(text.filter(\.isNumber)), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink("/tmp/.X11-unix/X\(display)")
            unlink("/tmp/" + name)
        }
        for socket in (try? FileManager.default.contentsOfDirectory(atPath: "/tmp/.X11-unix")) ?? [] where socket.hasPrefix("X") {
            let display = socket.dropFirst()
            guard Int(display) != nil, !FileManager.default.fileExists(atPath: "/tmp/.X\(display)-lock") else { continue }
            unlink("/tmp/.X11-unix/" + socket)
        }
    }
}
