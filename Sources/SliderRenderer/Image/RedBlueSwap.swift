/// Copies `byteCount` bytes of 4-byte pixels from `source` to `destination`, swapping each pixel's first and
/// third bytes: R, G, B, A (GL's and `RGBAImage`'s order) to B, G, R, A (wl_shm's ARGB8888 on a
/// little-endian machine), and back.
package func copySwappingRedAndBlue(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, byteCount: Int) {
    for i in stride(from: 0, to: byteCount, by: 4) {
        destination[i] = source[i + 2]
        destination[i + 1] = source[i + 1]
        destination[i + 2] = source[i]
        destination[i + 3] = source[i + 3]
    }
}
