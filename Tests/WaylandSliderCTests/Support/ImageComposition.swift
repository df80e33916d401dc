import SliderCore
import SliderRenderer

extension RGBAImage {
    /// An opaque image of one colour.
    static func filled(width: Int, height: Int, with color: Color) -> RGBAImage {
        let pixel = color.bytes
        return RGBAImage(width: width, height: height, pixels: Array((0..<width * height).map { _ in pixel }.joined()))!
    }

    /// This image with `image` copied over it with its top-left corner at `x`, `y` (clipped to this image).
    func pasting(_ image: RGBAImage, atX x: Int, y: Int) -> RGBAImage {
        var pixels = self.pixels
        for row in 0..<image.height where (0..<height).contains(y + row) {
            for column in 0..<image.width where (0..<width).contains(x + column) {
                let from = (row * image.width + column) * 4, to = ((y + row) * width + x + column) * 4
                for channel in 0..<4 { pixels[to + channel] = image.pixels[from + channel] }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }
}

extension Color {
    /// Straight 8-bit RGBA, rounded.
    var bytes: [UInt8] { [red, green, blue, alpha].map { UInt8(($0 * 255).rounded()) } }
}
