import CWaylandClient
import CWaylandProtocols
import SliderCore

/// What receives the input a seat's devices translate for one of our surfaces: its frame loop.
protocol InputReceiver: AnyObject {
    /// An event for the receiver's surface. `recorded` events came from the compositor (for recording);
    /// key repeats and replayed events did not. `preciseTime` is the event's time to the nanosecond where the
    /// compositor sent one (`InputTimestamps`), in seconds.
    func receive(_ event: InputEvent, recorded: Bool, preciseTime: Double?)
}

/// Input from the compositor to our surfaces: the seats as they come and go (each with its pointer, touch
/// and keyboard), the cursor over our surfaces, key repeat, and which receiver each of our wl_surfaces
/// delivers to. Devices translate; this only finds the receiver.
///
/// Receivers are held weakly: a frame loop that goes stops receiving, and its surface's entry goes with
/// the surface (`forget`).
package final class InputDelivery {
    /// The seats offered now.
    package private(set) var seats: [Seat] = []
    /// The pointer image over our surfaces; nil before `setCursor`.
    private(set) var cursor: Cursor?
    let globals: Globals
    private var surfaces: [Entry] = []

    private struct Entry {
        let surface: OpaquePointer
        weak var receiver: InputReceiver?
    }

    init(globals: Globals) {
        self.globals = globals
        for global in globals.registry.globals { globalAdded(global) }
    }

    /// Binds a seat announced by the registry.
    func globalAdded(_ global: Global) {
        guard global.interface == "wl_seat",
              let (proxy, _) = globals.registry.bind(global, interface: slider_wl_seat_interface(), supported: 8) else { return }
        seats.append(Seat(globalName: global.name, proxy: proxy, delivery: self, connection: globals.connection))
    }

    /// Releases a seat the registry says is gone.
    func globalRemoved(_ name: UInt32) { seats.removeAll { $0.globalName == name } }

    /// Sets the pointer image for our surfaces (the compositor's arrow or the theme's, or hidden).
    package func setCursor(hidden: Bool) {
        cursor = Cursor(compositor: globals.compositor, shm: globals.shm, shapeManager: globals.cursorShapeManager, isHidden: hidden)
    }

    /// Registers `surface` as ours (devices ignore events on other surfaces, such as a cursor's).
    func adopt(_ surface: OpaquePointer) {
        if !owns(surface) { surfaces.append(Entry(surface: surface)) }
    }

    /// Forgets a surface about to be destroyed: no device may name it again.
    func forget(_ surface: OpaquePointer) {
        surfaces.removeAll { $0.surface == surface }
        for seat in seats { seat.surfaceDestroyed(surface) }
    }

    /// Whether `surface` is one of ours.
    func owns(_ surface: OpaquePointer) -> Bool { surfaces.contains { $0.surface == surface } }

    /// Makes `receiver` (held weakly) the receiver of the input on `surface`, one of ours.
    func setReceiver(_ receiver: InputReceiver?, for surface: OpaquePointer) {
        if let i = surfaces.firstIndex(where: { $0.surface == surface }) { surfaces[i].receiver = receiver }
    }

    /// Hands a translated event to the receiver of `surface`.
    func deliver(_ event: InputEvent, to surface: OpaquePointer, recorded: Bool = true, preciseTime: Double? = nil) {
        guard let receiver = surfaces.first(where: { $0.surface == surface })?.receiver else { return }
        receiver.receive(event, recorded: recorded, preciseTime: preciseTime)
    }

    /// A device's subscription to its events' times to the nanosecond, where the compositor offers them;
    /// `subscribe` makes it from the manager.
    func timestamps(_ subscribe: (OpaquePointer) -> OpaquePointer?) -> InputTimestamps? {
        globals.inputTimestampsManager.flatMap { manager in InputTimestamps { subscribe(manager) } }
    }

    /// When the next key repeat is due on any seat (seconds on the presentation clock).
    var nextKeyRepeat: Double? {
        var deadline: Double?
        for seat in seats { if let d = seat.keyboard?.nextDeadline() { deadline = min(deadline ?? d, d) } }
        return deadline
    }

    /// Delivers the key repeats due at `now`.
    func fireKeyRepeats(now: Double) {
        for seat in seats { seat.keyboard?.fireRepeats(now: now) }
    }
}
