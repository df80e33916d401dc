import SliderRenderer

extension RGBAImage {
    /// An image from pixels in wl_shm's and pixman's ARGB8888 (a native-endian 32-bit ARGB word: B, G, R, A
    /// in memory on little-endian), `width * 4` bytes a row; nil when the sizes do not agree.
    package init?(argb8888 bytes: UnsafePointer<UInt8>, width: Int, height: Int) {
        let size = width * height * 4
        var pixels = [UInt8](repeating: 0, count: size)
        for i in stride(from: 0, to: size, by: 4) {
            pixels[i] = bytes[i + 2]
            pixels[i + 1] = bytes[i + 1]
            pixels[i + 2] = bytes[i]
            pixels[i + 3] = bytes[i + 3]
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
