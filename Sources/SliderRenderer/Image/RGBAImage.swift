/// An 8-bit RGBA image, top row first, with premultiplied alpha (as GL renders it).
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, premultiplied.
    public var pixels: [UInt8]

    /// A transparent image.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
    }

    /// An image of the given pixels; nil unless there are exactly `width * height * 4` of them.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard width >= 0, height >= 0, !overflow, area <= Int.max / 4, pixels.count == area * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The largest side of an image a renderer takes (`registerImage`): the images and the glyphs share one
    /// 1024 x 1024 atlas, so a larger image could leave no room for a label (`atlasFull` when there is none).
    public static let maximumRegisteredSide = 512

    /// Throws `.invalidImageSize` unless both sides are 1 to `maximumRegisteredSide`.
    package func checkRegistrable() throws(RendererError) {
        let sides = 1...RGBAImage.maximumRegisteredSide
        guard sides.contains(width), sides.contains(height) else {
            throw .invalidImageSize(path: nil, width: width, height: height, maximumSide: RGBAImage.maximumRegisteredSide)
        }
    }

    /// The pixel at (x, y) as four bytes (premultiplied).
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
