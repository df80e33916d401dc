import CWaylandClient
import CWaylandProtocols
import Glibc
import SliderCore

/// The compositor's singleton globals this client binds, strictly: one round trip, `min(offered,
/// supported)` versions, each missing required global named in the error.
///
/// Required: wl_compositor 4+ (damage_buffer), and xdg_wm_base on a connection of our own (windows) or
/// wl_subcompositor on a borrowed one (surfaces embedded in a host's). Optional, used when offered: wl_shm
/// (software frames, cursor images), wp_viewporter with wp_fractional_scale_manager_v1,
/// zxdg_decoration_manager_v1, wp_presentation, wp_cursor_shape_manager_v1 (the compositor's cursor, no
/// theme loaded), xdg_toplevel_icon_manager_v1 (window icons), wp_fifo_manager_v1 and
/// wp_commit_timing_manager_v1 (the benchmark's pacing choices: `FramePacing`), zwlr_layer_shell_v1 (windows
/// as panels and overlays: `LayerPlacement`), zwp_input_timestamps_manager_v1 (input times to the
/// nanosecond: `InputTimestamps`). Seats and outputs, which come and go, are
/// `InputDelivery`'s and `Outputs`' to bind.
package final class Globals {
    package let connection: WaylandConnection
    package let registry: Registry
    let compositor: OpaquePointer
    /// xdg_wm_base; nil on a borrowed connection (only subsurfaces are made there).
    let wmBase: OpaquePointer?
    /// wl_subcompositor: required on a borrowed connection (embedded surfaces are subsurfaces of the host's),
    /// optional on our own (a fullscreen window's covered area).
    let subcompositor: OpaquePointer?
    let shm: OpaquePointer?
    let viewporter: OpaquePointer?
    let fractionalScaleManager: OpaquePointer?
    let decorationManager: OpaquePointer?
    package let presentation: OpaquePointer?
    let cursorShapeManager: OpaquePointer?
    /// xdg_toplevel_icon_manager_v1; nil on a borrowed connection (the host's windows are the host's).
    let toplevelIconManager: OpaquePointer?
    /// wp_fifo_manager_v1 (refresh-cycle barriers on commits).
    let fifoManager: OpaquePointer?
    /// wp_commit_timing_manager_v1 (a target presentation time per commit).
    let commitTimingManager: OpaquePointer?
    /// zwp_input_timestamps_manager_v1 (pointer and touch event times to the nanosecond).
    let inputTimestampsManager: OpaquePointer?
    /// ext_idle_notifier_v1 (the compositor says when the seat has had no input for a while).
    let idleNotifier: OpaquePointer?
    /// zwlr_layer_shell_v1 and its version (panels and overlays); nil on a borrowed connection.
    let layerShell: (proxy: OpaquePointer, version: UInt32)?
    /// Optional globals the compositor does not offer (for a start-up warning).
    package private(set) var missingOptionalGlobals: [String] = []
    /// The clock wp_presentation timestamps are on (CLOCK_MONOTONIC until the compositor names one).
    package private(set) var presentationClock: clockid_t = CLOCK_MONOTONIC

    /// Reads the registry on `connection` and binds the globals; the clock and the seats' and outputs'
    /// first events arrive with the caller's next round trip.
    init(connection: WaylandConnection) throws(WaylandError) {
        self.connection = connection
        registry = try Registry(connection: connection)
        (compositor, _) = try registry.bindRequired("wl_compositor", interface: slider_wl_compositor_interface(), minimum: 4, supported: 5)
        if connection.isBorrowed {
            // No xdg_wm_base: the host's windows are the host's, and an unanswered ping on a queue the host
            // does not dispatch could mark its client unresponsive.
            (subcompositor, _) = try registry.bindRequired("wl_subcompositor", interface: slider_wl_subcompositor_interface(), minimum: 1, supported: 1)
            wmBase = nil
        } else {
            (wmBase, _) = try registry.bindRequired("xdg_wm_base", interface: slider_xdg_wm_base_interface(), minimum: 1, supported: 4)
            // A fullscreen window's sliders go on a subsurface where offered (`CoveredArea`).
            subcompositor = registry.bindOptional("wl_subcompositor", interface: slider_wl_subcompositor_interface(), supported: 1)?.0
        }
        shm = registry.bindOptional("wl_shm", interface: slider_wl_shm_interface(), supported: 1)?.0
        viewporter = registry.bindOptional("wp_viewporter", interface: slider_wp_viewporter_interface(), supported: 1)?.0
        fractionalScaleManager = registry.bindOptional("wp_fractional_scale_manager_v1", interface: slider_wp_fractional_scale_manager_v1_interface(), supported: 1)?.0
        decorationManager = registry.bindOptional("zxdg_decoration_manager_v1", interface: slider_zxdg_decoration_manager_v1_interface(), supported: 1)?.0
        presentation = registry.bindOptional("wp_presentation", interface: slider_wp_presentation_interface(), supported: 1)?.0
        cursorShapeManager = registry.bindOptional("wp_cursor_shape_manager_v1", interface: slider_wp_cursor_shape_manager_v1_interface(), supported: 1)?.0
        toplevelIconManager = wmBase == nil ? nil
            : registry.bindOptional("xdg_toplevel_icon_manager_v1", interface: slider_xdg_toplevel_icon_manager_v1_interface(), supported: 1)?.0
        fifoManager = registry.bindOptional("wp_fifo_manager_v1", interface: slider_wp_fifo_manager_v1_interface(), supported: 1)?.0
        commitTimingManager = registry.bindOptional("wp_commit_timing_manager_v1", interface: slider_wp_commit_timing_manager_v1_interface(), supported: 1)?.0
        inputTimestampsManager = registry.bindOptional("zwp_input_timestamps_manager_v1", interface: slider_zwp_input_timestamps_manager_v1_interface(),
                                                       supported: 1)?.0
        idleNotifier = registry.bindOptional("ext_idle_notifier_v1", interface: slider_ext_idle_notifier_v1_interface(), supported: 1)?.0
        layerShell = wmBase == nil ? nil
            : registry.bindOptional("zwlr_layer_shell_v1", interface: slider_zwlr_layer_shell_v1_interface(), supported: 4).map { ($0.0, $0.1) }
        for (name, proxy) in [("wl_shm", shm), ("wp_viewporter", viewporter), ("wp_fractional_scale_manager_v1", fractionalScaleManager),
                              ("zxdg_decoration_manager_v1", decorationManager), ("wp_presentation", presentation)] where proxy == nil {
            missingOptionalGlobals.append(name)
        }
        if registry.first("wl_seat") == nil { missingOptionalGlobals.append("wl_seat") }
        // The listeners hold this object unretained; the proxies are destroyed in deinit.
        let me = Unmanaged.passUnretained(self).toOpaque()
        if let wmBase { xdg_wm_base_add_listener(wmBase, Globals.wmBaseListener, me) }
        if let presentation { wp_presentation_add_listener(presentation, Globals.presentationListener, me) }
    }

    deinit {
        // Its destroy request came in version 3; before, the proxy alone goes.
        if let layerShell { if layerShell.version >= 3 { zwlr_layer_shell_v1_destroy(layerShell.proxy) } else { wl_proxy_destroy(layerShell.proxy) } }
        if let inputTimestampsManager { zwp_input_timestamps_manager_v1_destroy(inputTimestampsManager) }
        if let idleNotifier { ext_idle_notifier_v1_destroy(idleNotifier) }
        if let commitTimingManager { wp_commit_timing_manager_v1_destroy(commitTimingManager) }
        if let fifoManager { wp_fifo_manager_v1_destroy(fifoManager) }
        if let toplevelIconManager { xdg_toplevel_icon_manager_v1_destroy(toplevelIconManager) }
        if let cursorShapeManager { wp_cursor_shape_manager_v1_destroy(cursorShapeManager) }
        if let presentation { wp_presentation_destroy(presentation) }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let shm { wl_shm_destroy(shm) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        wl_compositor_destroy(compositor)
    }

    /// Now on the clock wp_presentation timestamps are on, in seconds: input arrival, commits and
    /// presentation times are on this one line.
    package var now: Double { MonotonicTime.seconds(on: presentationClock) }

    /// An input event's time (the compositor's milliseconds on CLOCK_MONOTONIC, as weston, wlroots, KWin and
    /// mutter stamp them, wrapped to 32 bits) on the presentation clock. An event time that cannot be on that
    /// clock (later than its arrival, or more than a second before it: a compositor with a clock of its own)
    /// gives `receivedAt`, the arrival, instead.
    /// A timestamp to the nanosecond (`InputTimestamps`, on the same clock), where the compositor sent one,
    /// is taken instead of the milliseconds, under the same rule.
    package func presentationTime(ofEventTime milliseconds: UInt32, precisely precise: Double?, receivedAt arrival: Double) -> Double {
        MonotonicTime.age(ofEventTime: milliseconds, precisely: precise, now: MonotonicTime.seconds()).map { now - $0 } ?? arrival
    }

    nonisolated(unsafe) private static let wmBaseListener: UnsafePointer<xdg_wm_base_listener> = {
        let table = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        table.initialize(to: xdg_wm_base_listener(ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }))
        return UnsafePointer(table)
    }()

    nonisolated(unsafe) private static let presentationListener: UnsafePointer<wp_presentation_listener> = {
        let table = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
        table.initialize(to: wp_presentation_listener(clock_id: { data, _, clock in
            guard let data else { return }
            Unmanaged<Globals>.fromOpaque(data).takeUnretainedValue().presentationClock = clockid_t(clock)
        }))
        return UnsafePointer(table)
    }()
}
