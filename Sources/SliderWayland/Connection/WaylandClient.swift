import CWaylandClient
import CWaylandProtocols
import Glibc
import SliderCore

/// A client's view of one compositor: the connection, the globals it binds (strictly: one round trip,
/// `min(offered, supported)` versions, each missing required global named), the outputs and seats as they
/// come and go, and where translated input goes.
///
/// Required: wl_compositor 4+ (damage_buffer) and xdg_wm_base. Optional, used when offered: wl_seat,
/// wl_output, wl_shm (cursor images), wp_viewporter with wp_fractional_scale_manager_v1, zxdg_decoration_manager_v1,
/// wp_presentation. `missingOptionalGlobals` names those absent.
public final class WaylandClient {
    public let connection: WaylandConnection
    public let registry: Registry
    let compositor: OpaquePointer
    let wmBase: OpaquePointer
    let shm: OpaquePointer?
    let viewporter: OpaquePointer?
    let fractionalScaleManager: OpaquePointer?
    let decorationManager: OpaquePointer?
    package let presentation: OpaquePointer?
    /// The outputs (monitors) offered now.
    public private(set) var outputs: [Output] = []
    /// The seats offered now.
    public private(set) var seats: [Seat] = []
    /// Optional globals the compositor does not offer (for a start-up warning).
    public private(set) var missingOptionalGlobals: [String] = []
    /// The clock wp_presentation timestamps are on (CLOCK_MONOTONIC until the compositor names one).
    public private(set) var presentationClock: clockid_t = CLOCK_MONOTONIC
    /// The pointer image over our surfaces; nil before `setCursor`.
    var cursor: Cursor?
    /// Receives translated input for surfaces this client owns.
    public weak var inputSink: InputSink?
    /// Called with every wl_pointer, wl_touch and wl_keyboard event that reached one of our surfaces, as
    /// the compositor sent it (for recording input); replayed events are not reported.
    public var onInput: ((WaylandInputEvent) -> Void)?
    private var isReplaying = false
    private var replayPointer: PointerDevice?
    private var replayTouch: TouchDevice?
    private var replayKeyboard: KeyboardDevice?
    /// Called when an output's scale changes (windows re-pick their buffer scale).
    package var onOutputsChanged: (() -> Void)?
    private var ownedSurfaces: [OpaquePointer] = []

    /// Connects to `socket` (WAYLAND_DISPLAY when nil) and binds the globals.
    public init(socket: String? = nil) throws(WaylandError) {
        connection = try WaylandConnection(socket: socket)
        registry = try Registry(connection: connection)
        (compositor, _) = try registry.bindRequired("wl_compositor", interface: slider_wl_compositor_interface(), minimum: 4, supported: 5)
        (wmBase, _) = try registry.bindRequired("xdg_wm_base", interface: slider_xdg_wm_base_interface(), minimum: 1, supported: 4)
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
        xdg_wm_base_add_listener(wmBase, WaylandClient.wmBaseListener, me)
        if let presentation { wp_presentation_add_listener(presentation, WaylandClient.presentationListener, me) }
        for global in registry.globals { globalAdded(global) }
        registry.onGlobalAdded = { [unowned self] in globalAdded($0) }
        registry.onGlobalRemoved = { [unowned self] name in
            seats.removeAll { $0.globalName == name }
            if outputs.contains(where: { $0.globalName == name }) {
                outputs.removeAll { $0.globalName == name }
                onOutputsChanged?()
            }
        }
        // Seat capabilities, output scales and the presentation clock arrive in reply to the binds.
        try connection.roundtrip()
    }

    deinit {
        registry.onGlobalAdded = nil
        registry.onGlobalRemoved = nil
        cursor = nil
        replayPointer = nil
        replayTouch = nil
        replayKeyboard = nil
        seats.removeAll()
        outputs.removeAll()
        if let presentation { wp_presentation_destroy(presentation) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let shm { wl_shm_destroy(shm) }
        xdg_wm_base_destroy(wmBase)
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
                output.onScaleChanged = { [unowned self] in onOutputsChanged?() }
                outputs.append(output)
            }
        default: break
        }
    }

    /// Sets the pointer image for our surfaces (the theme's arrow, or hidden).
    package func setCursor(hidden: Bool) {
        cursor = Cursor(compositor: compositor, shm: shm, isHidden: hidden)
    }

    /// Registers a surface as ours: input on it is delivered to `inputSink`.
    func adopt(_ surface: OpaquePointer) { if !owns(surface) { ownedSurfaces.append(surface) } }

    /// Forgets a surface about to be destroyed.
    func release(_ surface: OpaquePointer) { ownedSurfaces.removeAll { $0 == surface } }

    /// Whether `surface` is one of ours (input on other clients' surfaces never reaches us, but a cursor
    /// surface or a destroyed one can be named in an event).
    func owns(_ surface: OpaquePointer) -> Bool { ownedSurfaces.contains(surface) }

    func deliver(_ event: InputEvent, to surface: OpaquePointer) {
        inputSink?.handle(event, on: surface)
    }

    func record(_ event: WaylandInputEvent) {
        if !isReplaying { onInput?(event) }
    }

    /// Feeds a recorded event through the same translation as the compositor's events, on `surface` (one
    /// of ours), with a pointer, touch and keyboard of its own (key codes through the default keymap; a key
    /// before any keyboard_enter enters first).
    /// Returns false for a key event when no keymap could be compiled.
    @discardableResult
    public func replay(_ event: WaylandInputEvent, on surface: OpaquePointer) -> Bool {
        isReplaying = true
        defer { isReplaying = false }
        switch event {
        case .pointerEnter, .pointerLeave, .pointerMotion, .pointerButton, .pointerAxis, .pointerAxisDiscrete,
             .pointerAxisValue120, .pointerAxisSource, .pointerAxisStop, .pointerFrame:
            let pointer = replayPointer ?? PointerDevice(proxy: nil, client: self)
            replayPointer = pointer
            pointer.handle(event, surface: surface)
        case .touchDown, .touchUp, .touchMotion, .touchFrame, .touchCancel:
            let touch = replayTouch ?? TouchDevice(proxy: nil, client: self)
            replayTouch = touch
            touch.handle(event, surface: surface)
        case .keyboardEnter, .keyboardLeave, .key, .modifiers:
            if replayKeyboard == nil {
                guard let keymap = Keymap() else { return false }
                replayKeyboard = KeyboardDevice(proxy: nil, client: self, keymap: keymap)
            }
            // A script that starts typing without a keyboard_enter types into the window anyway.
            if case .key = event, replayKeyboard?.focus == nil { replayKeyboard?.handle(.keyboardEnter, surface: surface) }
            replayKeyboard?.handle(event, surface: surface)
        }
        return true
    }

    /// The output proxy's `Output`, if it is one we bound.
    func output(for proxy: OpaquePointer) -> Output? { outputs.first { $0.proxy == proxy } }

    /// When the next key repeat is due on any seat (local seconds on `presentationClock`).
    public var nextTimerDeadline: Double? {
        var deadline = replayKeyboard?.nextDeadline
        for seat in seats { if let d = seat.keyboard?.nextDeadline { deadline = min(deadline ?? d, d) } }
        return deadline
    }

    /// Delivers the key repeats due at `now`.
    public func fireTimers(now: Double) {
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
