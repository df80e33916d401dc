import Glibc

/// The CPU renderer's atlas: RGBA8 texels in memory, packed as `TextureAtlas` packs them, sampled the way
/// GL_LINEAR with GL_CLAMP_TO_EDGE samples the texture. The memory comes from calloc, so pages no region
/// touches are never made resident: an atlas holding a few glyphs costs their rows, not 4 MiB.
final class PixelAtlas: AtlasStore {
    let size: Int
    private var packer: AtlasPacker
    private let texels: UnsafeMutablePointer<UInt8>

    convenience init() throws(RendererError) { try self.init(size: 1024) }

    init(size: Int) throws(RendererError) {
        self.size = size
        packer = AtlasPacker(size: size)
        guard let memory = calloc(size * size, 4) else { throw .atlasFull(width: size, height: size) }
        texels = memory.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(texels) }

    func delete() {}

    func add(width: Int, height: Int, pixels: UnsafeBufferPointer<UInt8>) throws(RendererError) -> AtlasRegion {
        precondition(pixels.count >= width * height * 4, "atlas upload shorter than its size")
        let region = try packer.place(width: width, height: height)
        for row in 0..<height {
            let source = pixels.baseAddress! + row * width * 4
            (texels + ((region.y + row) * size + region.x) * 4).update(from: source, count: width * 4)
        }
        return region
    }

    /// The texel at (x, y), clamped to the atlas, as premultiplied RGBA in 0...1.
    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let cx = min(max(x, 0), size - 1), cy = min(max(y, 0), size - 1)
        let p = texels + (cy * size + cx) * 4
        return SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255)
    }

    /// The bilinear sample at texture coordinates (u, v) in 0...1, as GL_LINEAR computes it: texel centres at
    /// half-integers, the four nearest weighted by distance.
    @inline(__always)
    func sample(u: Float, v: Float) -> SIMD4<Float> {
        let s = u * Float(size) - 0.5, t = v * Float(size) - 0.5
        let x0 = s.rounded(.down), y0 = t.rounded(.down)
        let fx = s - x0, fy = t - y0
        let ix = Int(x0), iy = Int(y0)
        let top = texel(ix, iy) + (texel(ix + 1, iy) - texel(ix, iy)) * fx
        let bottom = texel(ix, iy + 1) + (texel(ix + 1, iy + 1) - texel(ix, iy + 1)) * fx
        return top + (bottom - top) * fy
    }
}
