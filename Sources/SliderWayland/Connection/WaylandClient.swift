import CLibdecor
import CWaylandClient
import CWaylandProtocols
import Glibc
import SliderCore

/// A client's view of one compositor: the connection, the globals it binds (strictly: one round trip,
/// `min(offered, supported)` versions, each missing required global named), the outputs and seats as they
/// come and go, and the `SliderSurface` each of its surfaces delivers input to.
///
/// Required: wl_compositor 4+ (damage_buffer), and xdg_wm_base for windows or wl_subcompositor for surfaces
/// embedded in a host's (`init(borrowing:)`). Optional, used when offered: wl_seat,
/// wl_output, wl_shm (cursor images), wp_viewporter with wp_fractional_scale_manager_v1, zxdg_decoration_manager_v1,
/// wp_presentation. `missingOptionalGlobals` names those absent.
package final class WaylandClient {
    package let connection: WaylandConnection
    package let registry: Registry
    let compositor: OpaquePointer
    /// xdg_wm_base; nil on a borrowed connection (only subsurfaces are made there).
    let wmBase: OpaquePointer?
    /// wl_subcompositor, bound on a borrowed connection (embedded surfaces are subsurfaces of the host's).
    let subcompositor: OpaquePointer?
    let shm: OpaquePointer?
    let viewporter: OpaquePointer?
    let fractionalScaleManager: OpaquePointer?
    let decorationManager: OpaquePointer?
    package let presentation: OpaquePointer?
    /// The outputs (monitors) offered now.
    package private(set) var outputs: [Output] = []
    /// The seats offered now.
    package private(set) var seats: [Seat] = []
    /// Optional globals the compositor does not offer (for a start-up warning).
    package private(set) var missingOptionalGlobals: [String] = []
    /// When each step of starting up ended, from connecting to the first frame committed (the surfaces
    /// made on this connection add theirs).
    package var startup: StartupTimeline
    /// The clock wp_presentation timestamps are on (CLOCK_MONOTONIC until the compositor names one).
    package private(set) var presentationClock: clockid_t = CLOCK_MONOTONIC
    /// The pointer image over our surfaces; nil before `setCursor`.
    var cursor: Cursor?
    /// Other connections `dispatch` waits on beside the compositor's (the accessibility bus).
    package var auxiliarySources: [AuxiliaryEventSource] = []
    /// libdecor's context, made when the first window needs client-side decorations.
    private var libdecor: OpaquePointer?
    /// Replays recorded keys with xkbcommon's default keymap and repeats held ones; made on first use.
    private var replayKeyboard: KeyboardDevice?
    /// Our wl_surfaces, and the frame loop each delivers its input to once one is attached.
    private(set) var ownedSurfaces: [(proxy: OpaquePointer, frameLoop: SliderSurface?)] = []

    /// Connects to `socket` (WAYLAND_DISPLAY when nil) and binds the globals.
    package convenience init(socket: String? = nil) throws(WaylandError) {
        let start = MonotonicTime.seconds()
        try self.init(connection: WaylandConnection(socket: socket), start: start)
    }

    /// Binds the globals on a host program's connection (`struct wl_display *`), on an event queue of our own:
    /// see `WaylandConnection.init(borrowing:)`. wl_subcompositor is required.
    package convenience init(borrowing display: OpaquePointer) throws(WaylandError) {
        let start = MonotonicTime.seconds()
        try self.init(connection: WaylandConnection(borrowing: display), start: start)
    }

    private init(connection: WaylandConnection, start: Double) throws(WaylandError) {
        self.connection = connection
        startup = StartupTimeline(start: start)
        startup.mark("connected")
        registry = try Registry(connection: connection)
        (compositor, _) = try registry.bindRequired("wl_compositor", interface: slider_wl_compositor_interface(), minimum: 4, supported: 5)
        if connection.isBorrowed {
            // No xdg_wm_base: the host's windows are the host's, and an unanswered ping on a queue the host
            // does not dispatch could mark its client unresponsive.
            (subcompositor, _) = try registry.bindRequired("wl_subcompositor", interface: slider_wl_subcompositor_interface(), minimum: 1, supported: 1)
            wmBase = nil
        } else {
            (wmBase, _) = try registry.bindRequired("xdg_wm_base", interface: slider_xdg_wm_base_interface(), minimum: 1, supported: 4)
            subcompositor = nil
        }
        shm = registry.bindOptional("wl_shm", interface: slider_wl_shm_interface(), supported: 1)?.0
        viewporter = registry.bindOptional("wp_viewporter", interface: slider_wp_viewporter_interface(), supported: 1)?.0
        fractionalScaleManager = registry.bindOptional("wp_fractional_scale_manager_v1", interface: slider_wp_fractional_scale_manager_v1_interface(), supported: 1)?.0
        decorationManager = registry.bindOptional("zxdg_decoration_manager_v1", interface: slider_zxdg_decoration_manager_v1_interface(), supported: 1)?.0
        presentation = registry.bindOptional("wp_presentation", interface: slider_wp_presentation_interface(), supported: 1)?.0
        for (name, proxy) in [("wl_shm", shm), ("wp_viewporter", viewporter), ("wp_fractional_scale_manager_v1", fractionalScaleManager),
                              ("zxdg_decoration_manager_v1", decorationManager), ("wp_presentation", presentation)] where proxy == nil {
            missingOptionalGlobals.append(name)
        }
        if registry.first("wl_seat") == nil { missingOptionalGlobals.append("wl_seat") }
        // The listeners below hold this object unretained; every proxy is destroyed in deinit.
        let me = Unmanaged.passUnretained(self).toOpaque()
        if let wmBase { xdg_wm_base_add_listener(wmBase, WaylandClient.wmBaseListener, me) }
        if let presentation { wp_presentation_add_listener(presentation, WaylandClient.presentationListener, me) }
        for global in registry.globals { globalAdded(global) }
        registry.onGlobalAdded = { [unowned self] in globalAdded($0) }
        registry.onGlobalRemoved = { [unowned self] name in
            seats.removeAll { $0.globalName == name }
            if outputs.contains(where: { $0.globalName == name }) {
                outputs.removeAll { $0.globalName == name }
                outputsChanged()
            }
        }
        // Seat capabilities, output scales and the presentation clock arrive in reply to the binds.
        try connection.roundtrip()
        startup.mark("globals bound")
    }

    deinit {
        registry.onGlobalAdded = nil
        registry.onGlobalRemoved = nil
        cursor = nil
        replayKeyboard = nil
        if let libdecor { libdecor_unref(libdecor) }
        seats.removeAll()
        outputs.removeAll()
        if let presentation { wp_presentation_destroy(presentation) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let shm { wl_shm_destroy(shm) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        wl_compositor_destroy(compositor)
        _ = try? connection.flush()
    }

    private func globalAdded(_ global: Global) {
        switch global.interface {
        case "wl_seat":
            if let (proxy, _) = registry.bind(global, interface: slider_wl_seat_interface(), supported: 8) {
                seats.append(Seat(globalName: global.name, proxy: proxy, client: self))
            }
        case "wl_output":
            if let (proxy, _) = registry.bind(global, interface: slider_wl_output_interface(), supported: 3) {
                let output = Output(globalName: global.name, proxy: proxy)
                output.onScaleChanged = { [unowned self] in outputsChanged() }
                outputs.append(output)
            }
        default: break
        }
    }

    /// An output came, went or changed its scale: every surface re-picks its buffer scale.
    private func outputsChanged() {
        for entry in ownedSurfaces { entry.frameLoop?.role.updateScale(notify: true) }
    }

    /// libdecor's context on this connection, made on first use; nil when libdecor cannot start (it then
    /// said why on standard error) and the window goes undecorated.
    func libdecorContext() -> OpaquePointer? {
        if libdecor == nil { libdecor = libdecor_new(connection.display, WaylandClient.libdecorInterface) }
        return libdecor
    }

    nonisolated(unsafe) private static let libdecorInterface: UnsafeMutablePointer<libdecor_interface> = {
        let table = UnsafeMutablePointer<libdecor_interface>.allocate(capacity: 1)
        var interface = libdecor_interface()
        interface.error = { _, _, message in
            let text = "WaylandSlider: libdecor: \(message.map { String(cString: $0) } ?? "error")\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
        }
        table.initialize(to: interface)
        return table
    }()

    /// Sets the pointer image for our surfaces (the theme's arrow, or hidden).
    package func setCursor(hidden: Bool) {
        cursor = Cursor(compositor: compositor, shm: shm, isHidden: hidden)
    }

    /// Registers a surface as ours; input on it reaches the frame loop `attach(_:to:)` names.
    func adopt(_ surface: OpaquePointer) { if !owns(surface) { ownedSurfaces.append((surface, nil)) } }

    /// Forgets a surface about to be destroyed.
    func release(_ surface: OpaquePointer) { ownedSurfaces.removeAll { $0.proxy == surface } }

    /// Whether `surface` is one of ours (input on other clients' surfaces never reaches us, but a cursor
    /// surface or a destroyed one can be named in an event).
    func owns(_ surface: OpaquePointer) -> Bool { ownedSurfaces.contains { $0.proxy == surface } }

    /// Makes `frameLoop` the receiver of the input on `surface` (one of ours); nil detaches it.
    func attach(_ frameLoop: SliderSurface?, to surface: OpaquePointer) {
        if let i = ownedSurfaces.firstIndex(where: { $0.proxy == surface }) { ownedSurfaces[i].frameLoop = frameLoop }
    }

    /// Hands a translated event to the frame loop of `surface`; `recorded` events are also reported to its
    /// `onInput` (the compositor's events are, key repeats and replayed events are not).
    func deliver(_ event: InputEvent, to surface: OpaquePointer, recorded: Bool = true) {
        guard let frameLoop = ownedSurfaces.first(where: { $0.proxy == surface })?.frameLoop else { return }
        frameLoop.receive(event, recorded: recorded)
    }

    /// Feeds a replayed key through the replay keyboard (xkbcommon's default keymap when the event names no
    /// keysym, and key repeat), on `surface`; a key before any keyboard_enter enters first. Returns false
    /// when no keymap could be compiled.
    func replayKey(_ event: InputEvent, on surface: OpaquePointer) -> Bool {
        if replayKeyboard == nil {
            guard let keymap = Keymap() else { return false }
            replayKeyboard = KeyboardDevice(proxy: nil, client: self, keymap: keymap)
        }
        guard let keyboard = replayKeyboard else { return false }
        switch event.kind {
        case .keyboardEnter: keyboard.enter(surface)
        case .keyboardLeave: keyboard.leave()
        case .key(let keysym, let state, let modifiers, let code):
            // A script that starts typing without a keyboard_enter types into the window anyway.
            if keyboard.focus == nil { keyboard.enter(surface) }
            guard state != .repeated else { return true }
            keyboard.key(time: event.time, code: code, pressed: state == .pressed, keysym: keysym,
                         modifiers: keysym == Keysym.none && modifiers.isEmpty ? nil : modifiers)
        default: return false
        }
        return true
    }

    /// Sets `surface`'s opaque region to `size` from the origin (points), or to none when nil: an opaque
    /// surface lets the compositor skip drawing what lies beneath it.
    func setOpaqueRegion(of surface: OpaquePointer, size: Size?) {
        guard let size, let region = wl_compositor_create_region(compositor) else {
            wl_surface_set_opaque_region(surface, nil)
            return
        }
        wl_region_add(region, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_set_opaque_region(surface, region)
        wl_region_destroy(region)
    }

    /// Marks `rect` (top-left origin, device pixels) of `surface`'s next buffer as changed.
    func damageBuffer(of surface: OpaquePointer, _ rect: PixelRect) {
        wl_surface_damage_buffer(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// The output proxy's `Output`, if it is one we bound.
    func output(for proxy: OpaquePointer) -> Output? { outputs.first { $0.proxy == proxy } }

    /// When the next key repeat is due on any seat (local seconds on `presentationClock`).
    var nextTimerDeadline: Double? {
        var deadline = replayKeyboard?.nextDeadline
        for seat in seats { if let d = seat.keyboard?.nextDeadline { deadline = min(deadline ?? d, d) } }
        return deadline
    }

    /// Delivers the key repeats due at `now`.
    func fireTimers(now: Double) {
        for seat in seats { seat.keyboard?.fireRepeats(now: now) }
        replayKeyboard?.fireRepeats(now: now)
    }

    // MARK: Listeners

    nonisolated(unsafe) private static let wmBaseListener: UnsafePointer<xdg_wm_base_listener> = {
        let table = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        table.initialize(to: xdg_wm_base_listener(ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }))
        return UnsafePointer(table)
    }()

    nonisolated(unsafe) private static let presentationListener: UnsafePointer<wp_presentation_listener> = {
        let table = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
        table.initialize(to: wp_presentation_listener(clock_id: { data, _, clock in
            guard let data else { return }
            Unmanaged<WaylandClient>.fromOpaque(data).takeUnretainedValue().presentationClock = clockid_t(clock)
        }))
        return UnsafePointer(table)
    }()
}
