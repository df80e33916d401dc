/// How distances are stored in the atlas, shared by FreeType's SDF glyphs and the built-in symbols: one
/// byte, 128 on the edge, `128 / spread` per texel, larger inside. FreeType's default spread is 8 texels.
enum DistanceFieldEncoding {
    /// Texels of distance from 0 to 128 (and from 128 to 255).
    static let spread = 8.0

    /// The byte for a signed distance in texels (positive inside).
    static func byte(forDistance distance: Double) -> UInt8 {
        UInt8(min(max((128 + distance * 128 / spread).rounded(), 0), 255))
    }

    /// The shader's factor from (sample - 128/255) to texels: d = (sample - edge) * texelsPerUnit.
    static let texelsPerUnit = 255 * spread / 128
    static let edge = 128.0 / 255.0
}
