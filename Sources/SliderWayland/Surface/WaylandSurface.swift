import CWaylandClient
import CWaylandProtocols
import SliderCore

/// A wl_surface of ours, whatever role gives it its place (an xdg toplevel, a subsurface of a host's
/// surface): the outputs it is on and the scale it is drawn at, its pending per-commit state (buffer scale
/// or viewport, opaque region, frame callback), and `commit(_:)`, the one call that commits it.
///
/// Its scale either follows the outputs it is on (a window: the largest integer scale, or the compositor's
/// fractional preference through wp_fractional_scale_v1 and a wp_viewport where offered) or is fixed by
/// its owner (a subsurface: the host's buffer scale).
package final class WaylandSurface {
    /// The wl_surface proxy (input and frame callbacks name it).
    package let proxy: OpaquePointer
    /// The scale content is drawn at now.
    package private(set) var scale = SurfaceScale.integer(1)
    /// The size in points its role gives it (nil until the role sets it): the scale is taken only up to what
    /// keeps its buffer within `SurfaceScale.maximumPixelArea`.
    private var contentSize: Size?
    /// Called after the scale changed (an output came, went or changed, or the compositor's preference).
    var onScaleChanged: (() -> Void)?
    /// Called when the frame callback of the last frame arrives.
    var onFrameDone: (() -> Void)? {
        get { frameCallback.onDone }
        set { frameCallback.onDone = newValue }
    }
    /// True once a buffer was committed: the surface has content (a toplevel is mapped).
    package private(set) var hasBuffer = false
    /// The buffers committed so far: the frames the surface was given.
    package private(set) var committedFrames = 0

    /// Held strongly: the connection must outlive the proxies destroyed in deinit.
    private let client: WaylandClient
    private let followsOutputs: Bool
    private let frameCallback = FrameCallback()
    private var viewport: OpaquePointer?
    /// The viewport's source is a stretched buffer's centre pixel (`showStretched`).
    private var showsCentrePixel = false
    private var fractionalScale: OpaquePointer?
    private var enteredOutputs: [OpaquePointer] = []
    private var preferredScale120: UInt32?
    private var appliedBufferScale: Int32 = 1
    private var appliedViewportSize: (Int32, Int32)?

    /// Creates a wl_surface on `client`. `followsOutputs`: its scale follows the outputs it is on (and a
    /// fractional scale where offered); otherwise it stays at 1 until `setFixedScale`.
    init(client: WaylandClient, followsOutputs: Bool) throws(WaylandError) {
        guard let proxy = wl_compositor_create_surface(client.globals.compositor) else { throw .connectionLost(errno: 0) }
        self.proxy = proxy
        self.client = client
        self.followsOutputs = followsOutputs
        // Every proxy is destroyed in deinit, so the listeners can hold this object unretained.
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(proxy, WaylandSurface.listener, me)
        if followsOutputs, let viewporter = client.globals.viewporter, let manager = client.globals.fractionalScaleManager,
           let fractional = wp_fractional_scale_manager_v1_get_fractional_scale(manager, proxy) {
            fractionalScale = fractional
            viewport = wp_viewporter_get_viewport(viewporter, proxy)
            wp_fractional_scale_v1_add_listener(fractional, WaylandSurface.fractionalScaleListener, me)
        }
        client.input.adopt(proxy)
        if followsOutputs {
            client.outputs.observe(self)
            updateScale(notify: false)
        }
    }

    deinit {
        frameCallback.cancel()
        client.input.forget(proxy)
        if let viewport { wp_viewport_destroy(viewport) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        wl_surface_destroy(proxy)
    }

    /// The outputs the surface is on now.
    var outputs: [Output] { enteredOutputs.compactMap { client.outputs.output(for: $0) } }

    // MARK: Scale

    /// Draws at integer `factor` from the next commit on (a surface that does not follow its outputs).
    func setFixedScale(_ factor: Int32) {
        guard !followsOutputs, scale != .integer(factor) else { return }
        scale = .integer(factor)
        onScaleChanged?()
    }

    /// An output came, went or changed its scale.
    func outputsChanged() { updateScale(notify: true) }

    /// The role's size changed to `size` points: the scale is chosen again for it.
    func contentSizeChanged(to size: Size) {
        contentSize = size
        updateScale(notify: true)
    }

    /// Re-picks the scale from the outputs and the compositor's fractional preference.
    private func updateScale(notify: Bool) {
        guard followsOutputs else { return }
        let next = SurfaceScale.choose(preferred120: preferredScale120, canUseViewport: viewport != nil,
                                       enteredOutputScales: outputs.map(\.scale), allOutputScales: client.outputs.all.map(\.scale),
                                       fitting: contentSize)
        guard next != scale else { return }
        scale = next
        if notify { onScaleChanged?() }
    }

    // MARK: Pending state

    /// Sets the buffer scale, or the viewport showing a fractionally scaled buffer at `size` points, for
    /// the buffer about to be committed (double-buffered state: it applies with that buffer).
    func applyScale(size: Size) {
        if let viewport, showsCentrePixel {
            wp_viewport_set_source(viewport, wl_fixed_from_int(-1), wl_fixed_from_int(-1), wl_fixed_from_int(-1), wl_fixed_from_int(-1))
            showsCentrePixel = false
        }
        switch scale {
        case .integer(let factor):
            if factor != appliedBufferScale {
                wl_surface_set_buffer_scale(proxy, factor)
                appliedBufferScale = factor
            }
            if let viewport, appliedViewportSize != nil {
                wp_viewport_set_destination(viewport, -1, -1)
                appliedViewportSize = nil
            }
        case .fractional:
            showBuffer(over: size)
        }
    }

    /// Buffer scale 1 and the viewport's destination `size` points, for the next commit: the buffer, of
    /// whatever size, is shown over `size`.
    private func showBuffer(over size: Size) {
        if appliedBufferScale != 1 {
            wl_surface_set_buffer_scale(proxy, 1)
            appliedBufferScale = 1
        }
        let destination = (Int32(size.width), Int32(size.height))
        if let viewport, appliedViewportSize.map({ $0 != destination }) ?? true {
            wp_viewport_set_destination(viewport, destination.0, destination.1)
            appliedViewportSize = destination
        }
    }

    /// Tells the compositor that the surface is opaque over `size` points from the origin, or nowhere
    /// when nil: an opaque surface lets it skip drawing what lies beneath. Applies with the next commit.
    func setOpaqueRegion(_ size: Size?) {
        guard let size, let region = wl_compositor_create_region(client.globals.compositor) else {
            wl_surface_set_opaque_region(proxy, nil)
            return
        }
        wl_region_add(region, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_set_opaque_region(proxy, region)
        wl_region_destroy(region)
    }

    /// The side of a buffer `showStretched` shows: its centre pixel is what is stretched.
    static let stretchedBufferSide = 3

    /// Attaches `buffer` (`stretchedBufferSide` pixels square, of one colour) with its centre pixel stretched
    /// over `size` points by a wp_viewport, for the next commit: a background of one colour at any size for 36
    /// bytes. Only the centre is the viewport's source so that a compositor that filters as it scales reads
    /// the same colour past the pixel's edges: labwc's and cage's wlroots 0.18 scale a lone pixel bilinearly
    /// with nothing beyond it, and showed a dark vignette instead of the background. Needs wp_viewporter
    /// (`CoveredArea` checks).
    func showStretched(_ buffer: OpaquePointer?, over size: Size) {
        if viewport == nil, let viewporter = client.globals.viewporter { viewport = wp_viewporter_get_viewport(viewporter, proxy) }
        showBuffer(over: size)
        if let viewport, !showsCentrePixel {
            wp_viewport_set_source(viewport, wl_fixed_from_int(1), wl_fixed_from_int(1), wl_fixed_from_int(1), wl_fixed_from_int(1))
            showsCentrePixel = true
        }
        if let buffer {
            wl_surface_attach(proxy, buffer, 0, 0)
            wl_surface_damage_buffer(proxy, 0, 0, Int32(Self.stretchedBufferSide), Int32(Self.stretchedBufferSide))
            hasBuffer = true
        }
    }

    /// Lets input pass through the surface to the one beneath (an empty input region).
    func takeNoInput() {
        guard let region = wl_compositor_create_region(client.globals.compositor) else { return }
        wl_surface_set_input_region(proxy, region)
        wl_region_destroy(region)
    }

    /// Asks for a wl_surface.frame callback with the next commit: the compositor's hint that a new frame
    /// would now be shown (at most one outstanding).
    func requestFrameCallback() { frameCallback.request(on: proxy) }

    // MARK: Commit

    /// Commits the surface's pending state with `content`: the only place our surfaces are committed.
    func commit(_ content: SurfaceContent) throws(WaylandError) {
        switch content {
        case .unchanged:
            wl_surface_commit(proxy)
        case .sharedMemoryBuffer(let buffer, let damage):
            wl_surface_attach(proxy, buffer, 0, 0)
            damageBuffer(damage)
            wl_surface_commit(proxy)
            hasBuffer = true
            committedFrames += 1
        case .eglBackBuffer(let window, let damage):
            if !window.supportsSwapWithDamage { damageBuffer(damage) }
            // eglSwapBuffers attaches the back buffer and commits.
            try window.swap(damage: damage)
            hasBuffer = true
            committedFrames += 1
        }
    }

    /// Marks `rect` (top-left origin, device pixels) of the next buffer as changed.
    private func damageBuffer(_ rect: PixelRect) {
        wl_surface_damage_buffer(proxy, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    // MARK: Listeners

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandSurface? {
        data.map { Unmanaged<WaylandSurface>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Filled field by field: libwayland 1.22 (Debian 13) adds preferred_buffer_scale and _transform, which
    /// the surface is bound too old to receive; left empty, the table fits the headers of either release.
    nonisolated(unsafe) private static let listener: UnsafePointer<wl_surface_listener> = {
        var events = wl_surface_listener()
        events.enter = { data, _, output in
            guard let surface = from(data), let output else { return }
            surface.enteredOutputs.append(output)
            surface.updateScale(notify: true)
        }
        events.leave = { data, _, output in
            guard let surface = from(data), let output else { return }
            surface.enteredOutputs.removeAll { $0 == output }
            surface.updateScale(notify: true)
        }
        let table = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
        table.initialize(to: events)
        return UnsafePointer(table)
    }()

    nonisolated(unsafe) private static let fractionalScaleListener: UnsafePointer<wp_fractional_scale_v1_listener> = {
        let table = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
        table.initialize(to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
            guard let surface = from(data) else { return }
            surface.preferredScale120 = scale
            surface.updateScale(notify: true)
        }))
        return UnsafePointer(table)
    }()
}
