import Foundation

/// A private X server (Xvfb) on a display number it picks itself (`-displayfd`), for the programs that
/// need X: Orca reads the keyboard map through it, and KWin 6 shows its output in one of its windows.
/// Stopped when released, and by the kernel when this process dies first.
package final class PrivateXServer {
    /// The display, `:N`.
    package let display: String
    private let process: ChildProcess

    /// Starts Xvfb with one `width` x `height` screen of 24-bit colour and waits (up to 20 s) until it
    /// has written the display number it took; `environment` is the server's.
    package init(width: Int, height: Int, logPath: String, environment: [String: String] = ["PATH": "/usr/bin:/bin"]) throws {
        process = try ChildProcess("/usr/bin/setpriv", ["--pdeathsig", "TERM", "--", "/usr/bin/Xvfb", "-displayfd", "1", "-nolisten", "tcp",
                                                        "-screen", "0", "\(width)x\(height)x24"],
                                   environment: environment, outputPath: logPath)
        var number: String?
        let log = { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
        try process.waitUntil(ready: {
            number = log().split(separator: "\n").first { Int($0) != nil }.map(String.init)
            return number != nil
        }, timeout: 20, name: "Xvfb", log: log)
        display = ":" + (number ?? "")
    }

    deinit { stop() }

    /// The server's process group.
    package var processGroup: pid_t { process.processGroup }

    /// SIGTERM, then SIGKILL after `grace` seconds.
    package func stop(grace: Double = 3) {
        process.stop(grace: grace)
        StaleXDisplays.remove()
    }
}
