extension RGBAImage {
    /// An image from pixels in wl_shm's and pixman's ARGB8888 (a native-endian 32-bit ARGB word: B, G, R, A
    /// in memory on little-endian), `width * 4` bytes a row; nil when the sizes do not agree.
    package init?(argb8888 bytes: UnsafePointer<UInt8>, width: Int, height: Int) {
        let size = width * height * 4
        var pixels = [UInt8](repeating: 0, count: size)
        pixels.withUnsafeMutableBufferPointer { copySwappingRedAndBlue(from: bytes, to: $0.baseAddress!, byteCount: size) }
        self.init(width: width, height: height, pixels: pixels)
    }
}
