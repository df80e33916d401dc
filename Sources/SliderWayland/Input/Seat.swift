import CWaylandClient

/// A wl_seat: the pointer, touch and keyboard it has now, created and destroyed as its capabilities come
/// and go. Translates nothing itself; each device does.
package final class Seat {
    /// The registry name this seat was bound from.
    package let globalName: UInt32
    package let proxy: OpaquePointer
    /// The seat's name as the compositor announced it ("default", "slider-test"); empty until then.
    package private(set) var name = ""
    package private(set) var pointer: PointerDevice?
    package private(set) var touch: TouchDevice?
    package private(set) var keyboard: KeyboardDevice?
    private unowned let delivery: InputDelivery
    /// Held so the display outlives the seat's and its devices' proxies, destroyed in deinit: a copy of
    /// `InputDelivery.seats` may outlive the client (an optimized build released one after the client's
    /// connection had closed, and releasing the wl_pointer on the closed display crashed).
    private let connection: WaylandConnection

    init(globalName: UInt32, proxy: OpaquePointer, delivery: InputDelivery, connection: WaylandConnection) {
        self.globalName = globalName
        self.proxy = proxy
        self.delivery = delivery
        self.connection = connection
        // The proxy is destroyed in deinit, so no event can reach a released object.
        wl_seat_add_listener(proxy, Seat.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        pointer = nil
        touch = nil
        keyboard = nil
        if wl_proxy_get_version(proxy) >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    /// Our surface `surface` is about to be destroyed: no device may still name it (a new surface could be
    /// made at the same address).
    func surfaceDestroyed(_ surface: OpaquePointer) {
        pointer?.forget(surface)
        touch?.forget(surface)
        keyboard?.forget(surface)
    }

    /// The capabilities this seat has devices for now (wl_seat.capability bits).
    package var capabilities: UInt32 {
        (pointer != nil ? WL_SEAT_CAPABILITY_POINTER.rawValue : 0) | (touch != nil ? WL_SEAT_CAPABILITY_TOUCH.rawValue : 0)
            | (keyboard != nil ? WL_SEAT_CAPABILITY_KEYBOARD.rawValue : 0)
    }

    private func seatCapabilities(_ capabilities: UInt32) {
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasPointer, pointer == nil, let proxy = wl_seat_get_pointer(proxy) {
            pointer = PointerDevice(proxy: proxy, delivery: delivery)
        } else if !hasPointer, let device = pointer {
            pointer = nil
            device.lost()
        }
        if hasTouch, touch == nil, let proxy = wl_seat_get_touch(proxy) {
            touch = TouchDevice(proxy: proxy, delivery: delivery)
        } else if !hasTouch, let device = touch {
            touch = nil
            device.lost()
        }
        if hasKeyboard, keyboard == nil, let proxy = wl_seat_get_keyboard(proxy) {
            keyboard = KeyboardDevice(proxy: proxy, delivery: delivery)
        } else if !hasKeyboard, let device = keyboard {
            keyboard = nil
            device.lost()
        }
    }

    nonisolated(unsafe) private static let listener: UnsafePointer<wl_seat_listener> = {
        let table = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        table.initialize(to: wl_seat_listener(
            capabilities: { data, _, capabilities in
                guard let data else { return }
                Unmanaged<Seat>.fromOpaque(data).takeUnretainedValue().seatCapabilities(capabilities)
            },
            name: { data, _, name in
                guard let data, let name else { return }
                Unmanaged<Seat>.fromOpaque(data).takeUnretainedValue().name = String(cString: name)
            }))
        return UnsafePointer(table)
    }()
}
