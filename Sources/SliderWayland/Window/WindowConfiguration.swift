import SliderCore

/// What a window asks the compositor for.
public struct WindowConfiguration: Equatable, Sendable {
    /// The title the compositor shows in task lists and decorations.
    public var title: String
    /// The application id (desktop file name) compositors group windows by.
    public var appID: String
    /// The content size in points (logical pixels) until the compositor chooses one. 1...16384 each.
    public var size: Size
    /// Ask to be fullscreen on the current output (kiosks).
    public var isFullscreen: Bool
    /// Show no pointer image over the window (touch kiosks).
    public var hidesCursor: Bool
    /// Give the window a title bar (move, close): the compositor's, where it offers
    /// zxdg_decoration_manager_v1, else libdecor's, drawn on subsurfaces around the content (weston, GNOME).
    /// A fullscreen window has none either way. Default: true.
    public var isDecorated: Bool

    public init(title: String = "Sliders", appID: String = "org.waylandslider.Sliders", size: Size = Size(width: 480, height: 340),
                isFullscreen: Bool = false, hidesCursor: Bool = false, isDecorated: Bool = true) {
        self.title = title
        self.appID = appID
        self.size = size
        self.isFullscreen = isFullscreen
        self.hidesCursor = hidesCursor
        self.isDecorated = isDecorated
    }
}
