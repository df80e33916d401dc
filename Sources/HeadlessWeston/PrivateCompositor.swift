import Foundation

/// A compositor a test (or the demo) started for itself, headless, in a private runtime directory: what a
/// client needs to connect, and ways to end it.
public protocol PrivateCompositor: AnyObject {
    /// A short name for reports ("weston", "sway", "cage").
    var name: String { get }
    /// The absolute path of the Wayland socket: pass it as `socket:` to a client.
    var socketPath: String { get }
    /// The compositor's process id, while it runs.
    var pid: pid_t? { get }
    /// The compositor's log so far.
    var log: String { get }
    /// SIGKILL: the compositor vanishes mid-run, as in a crash.
    func kill()
}

extension HeadlessWeston: PrivateCompositor {
    public var name: String { "weston" }
}
