import CWaylandClient

/// The one outstanding wl_surface.frame callback of a surface: the compositor's hint that a new frame would
/// now be shown. Requesting a new one drops the old.
final class FrameCallback {
    private var callback: OpaquePointer?
    /// Called when the compositor sends the callback's done.
    var onDone: (() -> Void)?

    deinit { cancel() }

    /// Destroys the outstanding callback, if any: call before the surface's connection can go away.
    func cancel() {
        if let callback { wl_callback_destroy(callback) }
        callback = nil
    }

    /// Asks for a callback with `surface`'s next commit.
    func request(on surface: OpaquePointer) {
        if let callback { wl_callback_destroy(callback) }
        callback = wl_surface_frame(surface)
        if let callback {
            // Destroyed in deinit, so the listener can hold this object unretained.
            wl_callback_add_listener(callback, FrameCallback.listener, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_callback_listener> = {
        let table = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        table.initialize(to: wl_callback_listener(done: { data, callback, _ in
            guard let data else { return }
            let frame = Unmanaged<FrameCallback>.fromOpaque(data).takeUnretainedValue()
            if let callback { wl_callback_destroy(callback) }
            frame.callback = nil
            frame.onDone?()
        }))
        return UnsafePointer(table)
    }()
}
