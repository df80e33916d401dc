extension RGBAImage {
    /// How far this image is from `other`: the largest difference of any channel of any pixel (255 when the
    /// sizes differ), and how many pixels have a channel more than `tolerance` apart.
    package func difference(from other: RGBAImage, tolerance: Int = 2) -> (maximum: Int, pixelsOver: Int) {
        guard width == other.width, height == other.height else { return (255, width * height) }
        var maximum = 0, over = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            var worst = 0
            for c in 0..<4 { worst = Swift.max(worst, abs(Int(pixels[i + c]) - Int(other.pixels[i + c]))) }
            maximum = Swift.max(maximum, worst)
            if worst > tolerance { over += 1 }
        }
        return (maximum, over)
    }
}
