import CWaylandClient
import SliderCore
@_spi(Internals) import SliderRenderer

/// A window that draws only what its sliders cover: the window's own surface shows one pixel of the
/// background (the centre of a 3 x 3 buffer), stretched over the whole window by wp_viewporter, and the sliders are drawn on a
/// desynchronized subsurface the size of the area they cover. A fullscreen panel's buffers are then that
/// area's, not the output's (two buffers of 1920 x 1080 are 15.8 MiB).
///
/// The subsurface takes no input: pointer and touch go to the window's surface, in the window's points, where
/// the sliders are laid out. The area grows to cover whatever a frame draws (a popup, a slider moved) and is
/// fitted anew when the window's size changes; each change redraws the whole area.
package final class CoveredArea: SurfaceRole {
    /// The subsurface's wl_surface: the frames are drawn here.
    package let surface: WaylandSurface
    /// The window's role (its surface shows the background and takes the input).
    package let window: any WindowRole
    /// The covered rectangle in the window's points.
    package private(set) var area: Rect
    package var size: Size { area.size }
    package var layoutSize: Size { window.size }
    package var origin: Point { area.origin }
    package var inputSurface: WaylandSurface { window.surface }
    package var isConfigured: Bool { window.isConfigured }
    package var onGeometryChanged: (() -> Void)?
    package var onNeedsCommit: (() -> Void)?

    private let subsurface: OpaquePointer
    /// Held strongly: the connection must outlive the proxies this object destroys in deinit.
    private let client: WaylandClient
    private let shm: OpaquePointer
    /// The one-pixel background the window's surface shows, and the one it showed before (kept until the
    /// next colour: the compositor may still read it).
    private var backgroundPixel: SharedMemoryBuffer?
    private var previousBackgroundPixel: SharedMemoryBuffer?
    private var backgroundColor: Color?
    /// The window's surface needs a commit: its size, place of the area, background or role state changed.
    private var windowNeedsCommit = true
    private var attachesBackground = true
    /// The window size the area was fitted for.
    private var fittedWindowSize: Size

    /// The window's surface as a background with the sliders on a subsurface, where the compositor offers
    /// wl_subcompositor, wp_viewporter and wl_shm; nil elsewhere (the window then draws everything itself).
    package static func make(client: WaylandClient, window: any WindowRole) throws(WaylandError) -> CoveredArea? {
        guard let subcompositor = client.globals.subcompositor, client.globals.viewporter != nil, let shm = client.globals.shm else { return nil }
        return try CoveredArea(client: client, window: window, subcompositor: subcompositor, shm: shm)
    }

    private init(client: WaylandClient, window: any WindowRole, subcompositor: OpaquePointer, shm: OpaquePointer) throws(WaylandError) {
        let surface = try WaylandSurface(client: client, followsOutputs: true)
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface.proxy, window.surface.proxy) else { throw .connectionLost(errno: 0) }
        self.client = client
        self.surface = surface
        self.subsurface = subsurface
        self.window = window
        self.shm = shm
        area = Rect(x: 0, y: 0, width: 1, height: 1)
        fittedWindowSize = window.size
        wl_subsurface_set_desync(subsurface)
        surface.takeNoInput()
        // The area never outgrows the window: its scale is bounded as the window's is, for the window's size.
        surface.contentSizeChanged(to: window.size)
        window.onGeometryChanged = { [unowned self] in
            windowNeedsCommit = true
            surface.contentSizeChanged(to: window.size)
            onGeometryChanged?()
        }
        window.onNeedsCommit = { [unowned self] in
            windowNeedsCommit = true
            onNeedsCommit?()
        }
    }

    deinit {
        window.onGeometryChanged = nil
        window.onNeedsCommit = nil
        wl_subsurface_destroy(subsurface)
        backgroundPixel?.destroy()
        previousBackgroundPixel?.destroy()
    }

    /// Grows the area to cover `drawn` (window points; nil: nothing drawn, the area stays), or fits it to
    /// `drawn` alone once the window's size changed. The area's edges are whole points, and at a fractional
    /// scale whole pixels too.
    package func cover(_ drawn: @autoclosure () -> Rect?) -> Bool {
        guard let drawn = drawn() else { return false }
        let windowSize = window.size
        let refit = windowSize != fittedWindowSize
        fittedWindowSize = windowSize
        let needed = refit ? drawn : drawn.union(area)
        // At n/120 the area starts and ends on multiples of 120/gcd(n, 120) points: whole pixels both sides.
        let step = Double(120 / gcd(Int((scale.factor * 120).rounded()), 120))
        func down(_ v: Double) -> Double { (v / step).rounded(.down) * step }
        func up(_ v: Double) -> Double { (v / step).rounded(.up) * step }
        let x0 = max(0, down(needed.minX)), y0 = max(0, down(needed.minY))
        let x1 = min(windowSize.width, max(x0 + 1, up(needed.maxX))), y1 = min(windowSize.height, max(y0 + 1, up(needed.maxY)))
        let fitted = Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
        guard fitted != area else { return false }
        if fitted.origin != area.origin { windowNeedsCommit = true }
        area = fitted
        return true
    }

    package func backgroundChanged(_ color: Color) {
        guard color != backgroundColor else { return }
        backgroundColor = color
        let side = WaylandSurface.stretchedBufferSide
        guard let pixel = try? SharedMemoryBuffer(shm: shm, width: side, height: side, name: "wayland-slider-background") else { return }
        pixel.pixels.initializeMemory(as: UInt32.self, repeating: CPURenderer.argb8888Word(color), count: side * side)
        previousBackgroundPixel?.destroy()
        previousBackgroundPixel = backgroundPixel
        backgroundPixel = pixel
        attachesBackground = true
        windowNeedsCommit = true
    }

    /// Before each frame of the area: the window's surface is committed first when its state changed (its
    /// size, the background, the area's place, the toplevel's geometry).
    package func prepareCommit() {
        if windowNeedsCommit { commitWindow() }
    }

    package func commitWaitingState() throws(WaylandError) { commitWindow() }

    /// Commits the window's surface: the role's state, the background stretched over the window, opaque
    /// where the background is, and the area's place (subsurface position is the parent's state).
    private func commitWindow() {
        window.prepareCommit()
        window.surface.showStretched(attachesBackground ? backgroundPixel?.proxy : nil, over: window.size)
        attachesBackground = false
        window.surface.setOpaqueRegion((backgroundColor?.alpha ?? 0) >= 1 ? window.size : nil)
        wl_subsurface_set_position(subsurface, Int32(area.minX), Int32(area.minY))
        try? window.surface.commit(.unchanged)
        windowNeedsCommit = false
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }
