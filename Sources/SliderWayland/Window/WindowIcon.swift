import SliderRenderer

/// A window's icon, where the compositor shows one (task switchers, title bars, docks): given through
/// xdg_toplevel_icon_v1 (KWin 6; elsewhere the compositor finds an icon from the app id's desktop file).
/// The compositor takes the name when the desktop's icon theme has it, else the images.
public struct WindowIcon: Equatable, Sendable {
    /// A name from the freedesktop icon theme ("audio-volume-high"), or nil.
    public var name: String?
    /// Square images, premultiplied RGBA, one per size the icon can be drawn at (1 to 1024 pixels a side).
    public var images: [RGBAImage]

    public init(name: String? = nil, images: [RGBAImage] = []) {
        self.name = name
        self.images = images
    }

    /// The largest side an icon image may have.
    public static let maximumSide = 1024

    /// Throws `WaylandError.invalidIcon` for an image that is not square or not 1...`maximumSide` pixels.
    func validate() throws(WaylandError) {
        for image in images where image.width != image.height || !(1...Self.maximumSide).contains(image.width) {
            throw .invalidIcon(width: image.width, height: image.height)
        }
    }
}
