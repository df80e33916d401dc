import SliderRenderer
import SliderCore

/// What a window asks the compositor for.
public struct WindowConfiguration: Equatable, Sendable {
    /// The title the compositor shows in task lists and decorations.
    public var title: String
    /// The application id (desktop file name) compositors group windows by.
    public var appID: String
    /// The content size in points (logical pixels) until the compositor chooses one. 1...16384 each. A
    /// compositor's size is taken when it fits 8192 x 4096 pixels at scale 1, and the output's scale only up to
    /// what keeps the window's buffer within that many pixels.
    public var size: Size
    /// The largest side of a window in points, asked for or configured (a compositor's larger size is ignored).
    package static let maximumSide = 16384.0
    /// Ask to be fullscreen on the current output (kiosks).
    public var isFullscreen: Bool
    /// Show no pointer image over the window (touch kiosks).
    public var hidesCursor: Bool
    /// Give the window a title bar (move, close): the compositor's, where it offers
    /// zxdg_decoration_manager_v1, else libdecor's, drawn on subsurfaces around the content (weston, GNOME).
    /// A fullscreen window has none either way. Default: true.
    public var isDecorated: Bool
    /// Where the window publishes its sliders for screen readers (AT-SPI 2). Default: `.automatic`.
    public var accessibility: AccessibilityBus
    /// How frames reach the compositor; nil (the default) chooses: wl_shm buffers of our own for the CPU
    /// renderer or when the GL driver renders in software, else an EGL window surface
    /// (`WAYLAND_SLIDER_PRESENTATION=egl|shm` overrides the automatic choice).
    public var presentation: PresentationPath?
    /// What draws the frames; nil (the default) chooses: the CPU renderer where there is no GPU (no DRM
    /// render node), else GLES2 (`WAYLAND_SLIDER_RENDERER=gles|cpu` overrides the automatic choice). The CPU
    /// renderer presents through wl_shm only.
    public var renderer: RendererKind?
    /// The window's icon where the compositor takes one from the window (xdg_toplevel_icon_v1); nil: the
    /// compositor's choice (the app id's desktop file). Default: nil.
    public var icon: WindowIcon?
    /// Show the window as a panel or overlay on an output's edge (a layer surface) instead of an xdg
    /// toplevel; nil (the default): a toplevel. Title, decorations and fullscreen do not apply then.
    public var layer: LayerPlacement?
    /// Vibration for the sliders' step and limit events (`HapticsConfiguration`); nil (the default): off.
    public var haptics: HapticsConfiguration?
    /// Which slider the wheel moves: the one under the pointer (the default), or the focused one whatever the
    /// pointer's position, as a panel's knob turns it (`WheelTarget`).
    public var wheelTarget = WheelTarget.hoveredSlider
    /// What decides when a frame may be drawn (`FramePacing`): for the benchmark. Default: frame callbacks.
    @_spi(Internals) public var framePacing = FramePacing.deadline
    /// A window created fullscreen draws only the area its sliders cover, on a subsurface over a one-pixel
    /// background (`CoveredArea`), where the compositor offers wp_viewporter and wl_subcompositor: its buffers
    /// are that area's size, not the output's (a 1920 x 1080 panel: 15 MiB instead of 30). The default; false
    /// draws the whole window (the tests compare both).
    @_spi(Internals) public var drawsOnlySliderArea = true

    /// Where to find the AT-SPI accessibility bus.
    public enum AccessibilityBus: Equatable, Sendable {
        /// `AT_SPI_BUS_ADDRESS`, else the `org.a11y.Bus` of the session bus (`DBUS_SESSION_BUS_ADDRESS`)
        /// when one runs; off when there is none, or with `NO_AT_BRIDGE=1`.
        case automatic
        /// The `org.a11y.Bus` of the session bus at this D-Bus address.
        case session(address: String)
        /// Not published.
        case off
    }

    public init(title: String = "Sliders", appID: String = "org.waylandslider.Sliders", size: Size = Size(width: 480, height: 340),
                isFullscreen: Bool = false, hidesCursor: Bool = false, isDecorated: Bool = true, accessibility: AccessibilityBus = .automatic,
                presentation: PresentationPath? = nil, renderer: RendererKind? = nil, icon: WindowIcon? = nil, haptics: HapticsConfiguration? = nil,
                layer: LayerPlacement? = nil) {
        self.title = title
        self.appID = appID
        self.size = size
        self.isFullscreen = isFullscreen
        self.hidesCursor = hidesCursor
        self.isDecorated = isDecorated
        self.accessibility = accessibility
        self.presentation = presentation
        self.renderer = renderer
        self.icon = icon
        self.haptics = haptics
        self.layer = layer
    }
}
