import CBufferHoldingCompositor
import Foundation
import SliderRenderer

/// A minimal compositor of the tests' own (Sources/CBufferHoldingCompositor, on libwayland-server) that
/// keeps every wl_shm buffer a client commits until the test releases it: what a client's buffer chain must
/// survive without waiting inside a frame. Configures a toplevel at once, answers frame callbacks at once,
/// and keeps a copy of the last committed buffer. Runs on a thread of its own; stopped when released.
package final class BufferHoldingCompositor {
    package struct StartError: Error, CustomStringConvertible { package let description: String }

    /// The absolute path of the Wayland socket: pass it as `socket:` to a client.
    package let socketPath: String
    private let runtimeDirectory: URL
    private let compositor: OpaquePointer

    package init() throws {
        runtimeDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-holding-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        socketPath = runtimeDirectory.appendingPathComponent("wayland-holding").path
        guard let compositor = slider_holding_compositor_start(socketPath) else {
            throw StartError(description: "the buffer-holding compositor could not listen at \(socketPath) (errno \(errno))")
        }
        self.compositor = compositor
    }

    deinit {
        slider_holding_compositor_stop(compositor)
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// Buffers committed and not yet released.
    package var heldBuffers: Int { Int(slider_holding_compositor_held_buffers(compositor)) }

    /// Commits that attached a buffer, so far.
    package var bufferCommits: Int { Int(slider_holding_compositor_buffer_commits(compositor)) }

    /// Releases the buffer held longest; false when none is held.
    @discardableResult
    package func releaseOldestBuffer() -> Bool { slider_holding_compositor_release_oldest(compositor) == 0 }

    /// The last committed buffer (premultiplied, as the client drew it); nil when none was committed.
    package func lastFrame(maximumPixels: Int = 4096 * 4096) -> RGBAImage? {
        var argb = [UInt8](repeating: 0, count: maximumPixels * 4)
        var width: Int32 = 0, height: Int32 = 0
        guard slider_holding_compositor_last_frame(compositor, &argb, argb.count, &width, &height) == 0 else { return nil }
        return argb.withUnsafeBufferPointer { RGBAImage(argb8888: $0.baseAddress!, width: Int(width), height: Int(height)) }
    }
}
