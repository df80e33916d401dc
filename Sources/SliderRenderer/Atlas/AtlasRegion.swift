/// A rectangle of the texture atlas, in texels.
struct AtlasRegion: Equatable, Sendable {
    var x: Int, y: Int, width: Int, height: Int

    /// The region's texture coordinates (u0, v0, u1, v1) in an atlas of `size` texels square. Texel centres
    /// of the outermost row and column, so bilinear filtering never reads a neighbour.
    func textureCoordinates(atlasSize size: Int) -> (Float, Float, Float, Float) {
        let s = Float(size)
        return ((Float(x) + 0.5) / s, (Float(y) + 0.5) / s, (Float(x + width) - 0.5) / s, (Float(y + height) - 0.5) / s)
    }
}
