import Glibc

/// The CPU renderer's atlas: RGBA8 texels in memory, packed as `TextureAtlas` packs them, sampled the way
/// GL_LINEAR with GL_CLAMP_TO_EDGE samples the texture. The memory comes from calloc, so pages no region
/// touches are never made resident: an atlas holding a few glyphs costs their rows, not 4 MiB.
final class PixelAtlas: AtlasStore {
    let size: Int
    private var packer: AtlasPacker
    /// The RGBA8 texels, `size` x `size`, rows top to bottom (the CPU renderer's C kernel samples them).
    let texels: UnsafeMutablePointer<UInt8>

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
}
