import SliderRenderer

/// Reading the panel tests' screenshots: a part of one, a pixel of one.
extension RGBAImage {
    /// The `width` x `height` pixels at `x`, `y` (clipped to the image).
    func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var part = RGBAImage(width: width, height: height)
        for row in 0..<height where y + row >= 0 && y + row < self.height {
            for column in 0..<width where x + column >= 0 && x + column < self.width {
                let from = ((y + row) * self.width + x + column) * 4, to = (row * width + column) * 4
                part.pixels[to..<to + 4] = pixels[from..<from + 4]
            }
        }
        return part
    }

    /// The R, G, B, A bytes at `x`, `y`.
    func pixel(x: Int, y: Int) -> [UInt8] { Array(pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
}
