import CGLES2

/// One RGBA8 texture holding every glyph, built-in symbol and user image, packed in shelves
/// (`AtlasPacker`), so all textured primitives draw in the renderer's single draw call. Regions are uploaded
/// as they are added. Create and use it with the renderer's context current.
final class TextureAtlas: AtlasStore {
    /// Texels per side.
    let size: Int
    private(set) var texture: GLuint = 0
    private var packer: AtlasPacker

    convenience init() throws(RendererError) { try self.init(size: 1024) }

    init(size: Int) throws(RendererError) {
        self.size = size
        packer = AtlasPacker(size: size)
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
        let region = try packer.place(width: width, height: height)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(region.x), GLint(region.y), GLsizei(width), GLsizei(height),
                        GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        if let error = SliderRenderer.drainErrors() { throw .glError(code: error, during: "atlas upload") }
        return region
    }
}
