import CWaylandClient
import CWaylandProtocols
import SliderCore

/// A wl_touch, translated into `InputEvent`s: several points at once, each tied to the surface it went
/// down on; frame and cancel go to every surface with points down. Times are the compositor's
/// milliseconds, and nanoseconds where it sends them (`InputTimestamps`).
package final class TouchDevice {
    let proxy: OpaquePointer
    private unowned let delivery: InputDelivery
    private var pointIDs: [Int32] = []
    private var pointSurfaces: [OpaquePointer] = []
    private var liftedIDs: [Int32] = []
    private var lastTime: UInt32 = 0
    /// The last timed event's time to the nanosecond, nil when the compositor sent none.
    private var lastPreciseTime: Double?
    private var timestamps: InputTimestamps?

    init(proxy: OpaquePointer, delivery: InputDelivery) {
        self.proxy = proxy
        self.delivery = delivery
        pointIDs.reserveCapacity(10)
        pointSurfaces.reserveCapacity(10)
        liftedIDs.reserveCapacity(10)
        // The proxy is destroyed in deinit, so no event can reach a released object.
        wl_touch_add_listener(proxy, TouchDevice.listener, Unmanaged.passUnretained(self).toOpaque())
        timestamps = delivery.timestamps { zwp_input_timestamps_manager_v1_get_touch_timestamps($0, proxy) }
    }

    deinit {
        // Before the touch it belongs to.
        timestamps = nil
        if wl_proxy_get_version(proxy) >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }

    /// The seat lost touch: every point down on our surfaces is cancelled.
    func lost() { touchCancel() }

    /// Our surface is being destroyed: its points are dropped without events.
    func forget(_ surface: OpaquePointer) {
        for i in pointSurfaces.indices.reversed() where pointSurfaces[i] == surface {
            liftedIDs.removeAll { $0 == pointIDs[i] }
            pointIDs.remove(at: i)
            pointSurfaces.remove(at: i)
        }
    }

    private func surface(of id: Int32) -> OpaquePointer? {
        pointIDs.firstIndex(of: id).map { pointSurfaces[$0] }
    }

    /// The surfaces with points down, each once (for frame and cancel).
    private func forEachSurface(_ body: (OpaquePointer) -> Void) {
        for (i, surface) in pointSurfaces.enumerated() where !pointSurfaces[..<i].contains(surface) { body(surface) }
    }

    private func touchDown(time: UInt32, surface downSurface: OpaquePointer?, id: Int32, at point: Point) {
        (lastTime, lastPreciseTime) = (time, timestamps?.take())
        // An id lifted since the last frame may come down again before that frame: mutter 48 sends the frame
        // that ends a surface's last up only with the next touch. The lifted point's group ends here.
        if let lifted = liftedIDs.firstIndex(of: id), let i = pointIDs.firstIndex(of: id) {
            let liftedFrom = pointSurfaces[i]
            liftedIDs.remove(at: lifted)
            pointIDs.remove(at: i)
            pointSurfaces.remove(at: i)
            delivery.deliver(InputEvent(time: time, .touchFrame), to: liftedFrom, preciseTime: lastPreciseTime)
        }
        guard let downSurface, delivery.owns(downSurface), surface(of: id) == nil else { return }
        pointIDs.append(id)
        pointSurfaces.append(downSurface)
        delivery.deliver(InputEvent(time: time, .touchDown(id: id, point)), to: downSurface, preciseTime: lastPreciseTime)
    }

    private func touchUp(time: UInt32, id: Int32) {
        (lastTime, lastPreciseTime) = (time, timestamps?.take())
        guard let surface = surface(of: id) else { return }
        delivery.deliver(InputEvent(time: time, .touchUp(id: id)), to: surface, preciseTime: lastPreciseTime)
        // The point stays listed until the frame, so the frame reaches the surface it lifted from.
        liftedIDs.append(id)
    }

    private func touchMotion(time: UInt32, id: Int32, to point: Point) {
        (lastTime, lastPreciseTime) = (time, timestamps?.take())
        guard let surface = surface(of: id) else { return }
        delivery.deliver(InputEvent(time: time, .touchMotion(id: id, point)), to: surface, preciseTime: lastPreciseTime)
    }

    private func touchFrame() {
        forEachSurface { delivery.deliver(InputEvent(time: lastTime, .touchFrame), to: $0, preciseTime: lastPreciseTime) }
        for id in liftedIDs {
            if let i = pointIDs.firstIndex(of: id) { pointIDs.remove(at: i); pointSurfaces.remove(at: i) }
        }
        liftedIDs.removeAll(keepingCapacity: true)
    }

    private func touchCancel() {
        forEachSurface { delivery.deliver(InputEvent(time: lastTime, .touchCancel), to: $0, preciseTime: lastPreciseTime) }
        pointIDs.removeAll(keepingCapacity: true)
        pointSurfaces.removeAll(keepingCapacity: true)
        liftedIDs.removeAll(keepingCapacity: true)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TouchDevice? {
        data.map { Unmanaged<TouchDevice>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_touch_listener> = {
        let table = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        table.initialize(to: wl_touch_listener(
            down: { data, _, _, time, surface, id, x, y in
                from(data)?.touchDown(time: time, surface: surface, id: id, at: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
            },
            up: { data, _, _, time, id in from(data)?.touchUp(time: time, id: id) },
            motion: { data, _, time, id, x, y in
                from(data)?.touchMotion(time: time, id: id, to: Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)))
            },
            frame: { data, _ in from(data)?.touchFrame() },
            cancel: { data, _ in from(data)?.touchCancel() },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))
        return UnsafePointer(table)
    }()
}
