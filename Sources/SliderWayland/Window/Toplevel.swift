import CLibdecor
import CWaylandClient
import CWaylandProtocols
import SliderCore

/// A surface shown as an xdg_toplevel: title, app id and icon, configure / ack, the size the compositor chooses
/// (or ours), fullscreen, close, and decorations: the compositor's where it offers xdg-decoration, else
/// libdecor's. The surface's scale follows the outputs it is on (`WaylandSurface`).
///
/// No buffer is attached before the first configure; `isConfigured` says when drawing may start.
package final class Toplevel: WindowRole {
    /// The surface this role shows.
    package let surface: WaylandSurface
    /// The xdg role objects, when this object made them; nil when libdecor made its own for its frame.
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    /// libdecor's context and frame, when libdecor decorates the window (the compositor draws no decorations).
    private var libdecor: LibdecorContext?
    var libdecorFrame: OpaquePointer?
    private var decoration: OpaquePointer?
    /// The window's icon, where the compositor takes one.
    private var icon: ToplevelIcon?
    /// Held strongly: the connection must outlive the proxies this object destroys in deinit.
    private let client: WaylandClient

    /// The content size in points; the compositor's choice once it made one, else the requested size.
    package private(set) var size: Size
    /// The size the window last had when it was not fullscreen (at first the requested size): where it goes
    /// back to when it leaves fullscreen and the compositor leaves the size to it.
    private var windowedSize: Size
    /// True after the first configure was acknowledged.
    package private(set) var isConfigured = false
    /// True once the compositor asked the window to close.
    package private(set) var isCloseRequested = false
    /// Whether the compositor says the window is fullscreen.
    package private(set) var isFullscreen = false
    /// The decoration mode the compositor chose (nil without xdg-decoration: no decorations).
    package private(set) var decorationMode: UInt32?
    package var onGeometryChanged: (() -> Void)?
    package var onNeedsCommit: (() -> Void)?

    /// The configure being received: its size (0 x 0: the client's choice) and whether it is fullscreen.
    var pendingSize: (width: Int32, height: Int32) = (0, 0)
    var pendingFullscreen = false
    /// Fullscreen was asked for (at creation or with `setFullscreen(true)`), whatever the compositor says yet.
    private var wantsFullscreen = false
    private var appliedWindowGeometry: Size?

    /// Creates the surface and role and commits once without a buffer, asking for the first configure.
    package init(client: WaylandClient, configuration: WindowConfiguration) throws(WaylandError) {
        let width = configuration.size.width, height = configuration.size.height
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= WindowConfiguration.maximumSide,
              height <= WindowConfiguration.maximumSide else {
            throw .invalidSize(width: width, height: height)
        }
        try configuration.icon?.validate()
        self.client = client
        size = Size(width: width.rounded(), height: height.rounded())
        windowedSize = size
        surface = try WaylandSurface(client: client, followsOutputs: true)
        surface.contentSizeChanged(to: size)
        // Every proxy below is destroyed in deinit, so the listeners can hold this object unretained.
        let me = Unmanaged.passUnretained(self).toOpaque()
        wantsFullscreen = configuration.isFullscreen
        // Where the compositor draws no decorations (weston, GNOME), libdecor does, unless the window asked for
        // none or is fullscreen (a kiosk).
        let decoratesItself = configuration.isDecorated && !configuration.isFullscreen && client.globals.decorationManager == nil
        if decoratesItself, let context = client.libdecorContext() {
            guard let frame = libdecor_decorate(context.pointer, surface.proxy, Toplevel.libdecorFrameInterface, me) else {
                throw .connectionLost(errno: 0)
            }
            libdecor = context
            libdecorFrame = frame
            libdecor_frame_set_title(frame, configuration.title)
            libdecor_frame_set_app_id(frame, configuration.appID)
            libdecor_frame_map(frame)
        } else {
            guard let wmBase = client.globals.wmBase else { throw .missingGlobal("xdg_wm_base", minimumVersion: 1) }
            guard let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface.proxy),
                  let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
                throw .connectionLost(errno: 0)
            }
            self.xdgSurface = xdgSurface
            self.toplevel = toplevel
            xdg_surface_add_listener(xdgSurface, Toplevel.xdgSurfaceListener, me)
            xdg_toplevel_add_listener(toplevel, Toplevel.toplevelListener, me)
            xdg_toplevel_set_title(toplevel, configuration.title)
            xdg_toplevel_set_app_id(toplevel, configuration.appID)
            if configuration.isFullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) }
            if configuration.isDecorated, let manager = client.globals.decorationManager,
               let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel) {
                self.decoration = decoration
                zxdg_toplevel_decoration_v1_add_listener(decoration, Toplevel.decorationListener, me)
                zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
            }
        }
        let xdgToplevel = toplevel ?? libdecorFrame.flatMap { libdecor_frame_get_xdg_toplevel($0) }
        if let description = configuration.icon, let manager = client.globals.toplevelIconManager, let xdgToplevel {
            icon = try ToplevelIcon(description, manager: manager, shm: client.globals.shm, toplevel: xdgToplevel)
        }
        // xdg-shell's initial commit: no buffer, a request for the first configure.
        try surface.commit(.unchanged)
    }

    deinit {
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        if let libdecorFrame { libdecor_frame_unref(libdecorFrame) }
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
    }

    /// Asks the compositor to make the window fullscreen, or to leave fullscreen.
    package func setFullscreen(_ fullscreen: Bool) {
        wantsFullscreen = fullscreen
        if let libdecorFrame {
            if fullscreen { libdecor_frame_set_fullscreen(libdecorFrame, nil) } else { libdecor_frame_unset_fullscreen(libdecorFrame) }
        } else if let toplevel {
            if fullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
        }
    }

    /// Sets the window geometry for the commit about to be made. It is set explicitly: cage 0.1.4 keeps
    /// showing a window at the size it mapped with, black around it, until the geometry says otherwise.
    /// libdecor sets the geometry of its frames itself.
    package func prepareCommit() {
        if let xdgSurface, appliedWindowGeometry != size {
            xdg_surface_set_window_geometry(xdgSurface, 0, 0, Int32(size.width), Int32(size.height))
            appliedWindowGeometry = size
        }
    }

    private func configured(serial: UInt32) {
        if let xdgSurface { xdg_surface_ack_configure(xdgSurface, serial) }
        // The acknowledgement applies with the surface's next commit, and sway shows a window's new state
        // (a newly mapped window among it) only once a commit carries it, waiting up to 200 ms (its
        // transaction timeout) for one: a configure that changes nothing drawn is committed at once. One
        // that changes the size or state is committed with the frame that shows it.
        if !applyConfigure() { onNeedsCommit?() }
    }

    /// The compositor (or the decoration's close button) asks the window to close.
    func closeRequested() { isCloseRequested = true }

    /// Takes the pending configure (size, fullscreen) as the window's state; notifies a change. True when
    /// the window's state changed.
    @discardableResult
    func applyConfigure() -> Bool {
        var changed = !isConfigured
        if let next = configuredSize, next != size {
            size = next
            surface.contentSizeChanged(to: size)
            changed = true
        }
        if pendingFullscreen != isFullscreen { isFullscreen = pendingFullscreen; changed = true }
        if !isFullscreen { windowedSize = size }
        isConfigured = true
        if changed { onGeometryChanged?() }
        return changed
    }

    /// The size the pending configure asks for: its own; or, when it leaves the size to the client (0 x 0),
    /// while the window wants to be fullscreen the output's size in points (cage 0.1.4 configures a kiosk
    /// window 0 x 0 first and shows the first buffer at the size it has), turned as the output is, and
    /// otherwise the size the window had before it was fullscreen (weston configures a window leaving
    /// fullscreen 0 x 0); nil to keep the current size, which stays too for a size that does not fit
    /// `SurfaceScale.maximumPixelArea` at scale 1.
    private var configuredSize: Size? {
        guard let size = askedSize, SurfaceScale.fitsAtOne(size) else { return nil }
        return size
    }

    private var askedSize: Size? {
        // A side below 0 or past what a window can be (2^31 - 1) is no size an output has: the current one stays.
        let sides = 0...Int32(WindowConfiguration.maximumSide)
        guard sides.contains(pendingSize.width), sides.contains(pendingSize.height) else { return nil }
        if pendingSize.width > 0, pendingSize.height > 0 { return Size(width: Double(pendingSize.width), height: Double(pendingSize.height)) }
        guard wantsFullscreen || pendingFullscreen else { return windowedSize }
        guard let output = (surface.outputs + client.outputs.all).first(where: { $0.pixelWidth > 0 && $0.pixelHeight > 0 }) else { return nil }
        let scale = Double(max(output.scale, 1))
        let pixels = output.transformedPixelSize
        return Size(width: (Double(pixels.width) / scale).rounded(), height: (Double(pixels.height) / scale).rounded())
    }

    // MARK: Listeners

    static func from(_ data: UnsafeMutableRawPointer?) -> Toplevel? {
        data.map { Unmanaged<Toplevel>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) private static let xdgSurfaceListener: UnsafePointer<xdg_surface_listener> = {
        let table = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        table.initialize(to: xdg_surface_listener(configure: { data, _, serial in from(data)?.configured(serial: serial) }))
        return UnsafePointer(table)
    }()

    nonisolated(unsafe) private static let toplevelListener: UnsafePointer<xdg_toplevel_listener> = {
        let table = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        table.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, states in
                guard let window = from(data) else { return }
                window.pendingSize = (width, height)
                var fullscreen = false
                if let states, states.pointee.size > 0, let raw = states.pointee.data {
                    let values = raw.assumingMemoryBound(to: UInt32.self)
                    for i in 0..<(states.pointee.size / MemoryLayout<UInt32>.size)
                    where values[i] == XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue { fullscreen = true }
                }
                window.pendingFullscreen = fullscreen
            },
            close: { data, _ in from(data)?.closeRequested() },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))
        return UnsafePointer(table)
    }()

    nonisolated(unsafe) private static let decorationListener: UnsafePointer<zxdg_toplevel_decoration_v1_listener> = {
        let table = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)
        table.initialize(to: zxdg_toplevel_decoration_v1_listener(configure: { data, _, mode in from(data)?.decorationMode = mode }))
        return UnsafePointer(table)
    }()
}
