import Foundation
import SliderRenderer
@_spi(Internals) import SliderWayland

/// A compositor a test (or the demo) started for itself, headless, in a private runtime directory: what a
/// client needs to connect, and ways to end it.
package protocol PrivateCompositor: AnyObject {
    /// A short name for reports ("weston", "sway", "cage").
    var name: String { get }
    /// The absolute path of the Wayland socket: pass it as `socket:` to a client.
    var socketPath: String { get }
    /// The compositor's process id, while it runs.
    var pid: pid_t? { get }
    /// The process groups of what the compositor runs: each ends when the compositor is released.
    var processGroups: [pid_t] { get }
    /// The compositor's log so far.
    var log: String { get }
    /// Its private runtime directory (its socket, log and configuration).
    var runtimeDirectory: URL { get }
    /// Ends the compositor and what it runs (SIGTERM, then SIGKILL after a grace time).
    func stop()
    /// SIGKILL: the compositor vanishes mid-run, as in a crash.
    func kill()
    /// What the compositor shows now of `surface`, device pixels, straight RGBA: weston reads back the
    /// surface's own area; sway, cage and KWin capture their whole output, which a tiled, kiosk or
    /// fullscreen window fills from (0, 0).
    func screenshot(showing surface: FrameLoop) throws -> RGBAImage
    /// The private weston this compositor runs inside, whose touchscreen reaches its seat (sway, cage, labwc
    /// and KWin started with a `touchscreen`), nil otherwise.
    var touchHost: HeadlessWeston? { get }
}

extension PrivateCompositor {
    package var touchHost: HeadlessWeston? { nil }

    /// What the compositor's release does: ends it and removes its runtime directory. Also for a program that
    /// ends on a signal (`slider-demo`), whose objects are not released.
    package func shutDown() {
        stop()
        try? FileManager.default.removeItem(at: runtimeDirectory)
        StaleXDisplays.remove()
    }
}

extension HeadlessWeston: PrivateCompositor {
    package var name: String { "weston" }

    package func screenshot(showing surface: FrameLoop) throws -> RGBAImage {
        let (width, height) = surface.role.layoutPixelSize
        return try InjectedInput(surface: surface).capture(width: width, height: height)
    }
}

/// True when something listens on the Unix socket at `path` (its file appears at bind, a moment before
/// listen): how the launchers tell a compositor is ready.
func unixSocketAcceptsConnections(_ path: String) -> Bool {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (i, byte) in bytes.enumerated() { buffer[i] = byte }
    }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
    }
}
