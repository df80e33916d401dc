import Foundation
import HeadlessWeston

/// Where the demo's window goes: the running Wayland session, or, when there is none (a fresh server,
/// CI), a private headless weston the demo starts itself and stops on exit.
struct DisplaySession {
    /// The socket to connect to: nil for WAYLAND_DISPLAY.
    let socket: String?
    /// The private compositor, when the demo started one.
    let headless: HeadlessWeston?

    var isHeadless: Bool { headless != nil }

    /// True when WAYLAND_DISPLAY names a socket that exists (absolute, or in XDG_RUNTIME_DIR).
    static var hasSession: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return false }
        if display.hasPrefix("/") { return FileManager.default.fileExists(atPath: display) }
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/" + display)
    }

    /// Uses the session when there is one (unless `forceHeadless`), else starts weston with an output of
    /// `width` x `height` device pixels at integer `scale`.
    static func open(forceHeadless: Bool, width: Int, height: Int, scale: Int) throws -> DisplaySession {
        if hasSession && !forceHeadless { return DisplaySession(socket: nil, headless: nil) }
        let weston = try HeadlessWeston(width: width, height: height, scale: scale)
        return DisplaySession(socket: weston.socketPath, headless: weston)
    }
}
