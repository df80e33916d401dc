import SliderRenderer

/// The largest per-channel difference between two images of one size (255 when sizes differ), and how
/// many pixels differ by more than `tolerance`.
func difference(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 2) -> (maximum: Int, pixelsOver: Int) {
    guard a.width == b.width, a.height == b.height else { return (255, a.width * a.height) }
    var maximum = 0, over = 0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
        var pixelMaximum = 0
        for c in 0..<4 { pixelMaximum = max(pixelMaximum, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
        maximum = max(maximum, pixelMaximum)
        if pixelMaximum > tolerance { over += 1 }
    }
    return (maximum, over)
}
