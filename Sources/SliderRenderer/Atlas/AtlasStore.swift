/// Where textured primitives' texels live: a GL texture (`TextureAtlas`) or memory the CPU renderer samples
/// (`PixelAtlas`). Both pack regions the same way (`AtlasPacker`), so a primitive samples the same texels on
/// either renderer.
protocol AtlasStore: AnyObject {
    /// Makes an empty atlas (transparent everywhere).
    init() throws(RendererError)
    /// Texels per side.
    var size: Int { get }
    /// Copies `pixels` (RGBA8 rows, top first, `width` x `height`, premultiplied) into a new region and
    /// returns it.
    func add(width: Int, height: Int, pixels: UnsafeBufferPointer<UInt8>) throws(RendererError) -> AtlasRegion
    /// Frees what must be freed in a particular context (the GL texture); nothing for memory.
    func delete()
}

extension AtlasStore {
    /// Adds a distance field stored in alpha (white elsewhere): `distances` is one byte per texel, 128 on
    /// the edge, more inside.
    func addDistanceField(width: Int, height: Int, distances: UnsafeBufferPointer<UInt8>, rowStride: Int) throws(RendererError) -> AtlasRegion {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width { rgba[(y * width + x) * 4 + 3] = distances[y * rowStride + x] }
        }
        return try rgba.withUnsafeElements { buffer throws(RendererError) in try add(width: width, height: height, pixels: buffer) }
    }
}

/// Places regions in an atlas in shelves (rows of regions), each with transparent padding around it so
/// filtering at its edge reads nothing of its neighbours. Regions never move and are never evicted.
struct AtlasPacker {
    let size: Int
    /// Transparent texels kept around every region.
    let padding = 2
    private var shelfY = 0, shelfHeight = 0, cursorX = 0

    init(size: Int) { self.size = size }

    /// The place of a new `width` x `height` region; throws `atlasFull` when it does not fit.
    mutating func place(width: Int, height: Int) throws(RendererError) -> AtlasRegion {
        guard width > 0, height > 0, width + 2 * padding <= size, height + 2 * padding <= size else {
            throw .atlasFull(width: width, height: height)
        }
        if cursorX + width + 2 * padding > size {
            shelfY += shelfHeight
            shelfHeight = 0
            cursorX = 0
        }
        guard shelfY + height + 2 * padding <= size else { throw .atlasFull(width: width, height: height) }
        let region = AtlasRegion(x: cursorX + padding, y: shelfY + padding, width: width, height: height)
        cursorX += width + 2 * padding
        shelfHeight = max(shelfHeight, height + 2 * padding)
        return region
    }
}
