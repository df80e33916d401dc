import CGLES2

/// One RGBA8 texture holding every glyph, built-in symbol and user image, packed in shelves (rows of
/// regions), so all textured primitives draw in the renderer's single draw call. Regions are uploaded as
/// they are added; the atlas never moves or evicts one. Create and use it with the renderer's context current.
final class TextureAtlas {
    /// Texels per side.
    let size: Int
    private(set) var texture: GLuint = 0
    private var shelfY = 0, shelfHeight = 0, cursorX = 0
    /// Transparent texels kept around every region, so filtering at its edge reads nothing of its neighbours.
    private let padding = 2

    init(size: Int = 1024) throws(RendererError) {
        self.size = size
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        // Transparent to start with: padding between regions must read as nothing.
        let clear = [UInt8](repeating: 0, count: size * size * 4)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        clear.withUnsafeBytes {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(size), GLsizei(size), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        if let error = SliderRenderer.drainErrors() {
            glDeleteTextures(1, &texture)
            throw .glError(code: error, during: "atlas set-up")
        }
    }

    func delete() { glDeleteTextures(1, &texture) }

    /// Copies `pixels` (RGBA8 rows, top first, `width` x `height`) into a new region and returns it.
    func add(width: Int, height: Int, pixels: UnsafeBufferPointer<UInt8>) throws(RendererError) -> AtlasRegion {
        precondition(pixels.count >= width * height * 4, "atlas upload shorter than its size")
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
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(region.x), GLint(region.y), GLsizei(width), GLsizei(height),
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        if let error = SliderRenderer.drainErrors() { throw .glError(code: error, during: "atlas upload") }
        return region
    }

    /// Adds a distance field stored in alpha (white elsewhere): `distances` is one byte per texel, 128 on
    /// the edge, more inside.
    func addDistanceField(width: Int, height: Int, distances: UnsafeBufferPointer<UInt8>, rowStride: Int) throws(RendererError) -> AtlasRegion {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width { rgba[(y * width + x) * 4 + 3] = distances[y * rowStride + x] }
        }
        return try rgba.withUnsafeBufferPointer { buffer throws(RendererError) in try add(width: width, height: height, pixels: buffer) }
    }
}
