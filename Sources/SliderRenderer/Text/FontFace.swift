import CFreeType

/// A FreeType face at the atlas's size, rendering glyphs as signed distance fields (FT_RENDER_MODE_SDF).
final class FontFace {
    /// The em size glyphs are rasterized at, in atlas texels; drawing scales them to the text's size.
    static let rasterSize = 48
    let path: String
    private var library: FT_Library?
    private let face: FT_Face
    /// Ascender and cap height, in atlas texels (for centring text on its digits).
    let ascender: Double
    let capHeight: Double

    init(path: String) throws(RendererError) {
        self.path = path
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw .font(path: path, code: initError) }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, 0, &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw .font(path: path, code: openError)
        }
        let sizeError = FT_Set_Pixel_Sizes(face, 0, FT_UInt(FontFace.rasterSize))
        guard sizeError == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .font(path: path, code: sizeError)
        }
        self.library = library
        self.face = face
        ascender = Double(face.pointee.size.pointee.metrics.ascender) / 64
        // The height of "H": what digits and capitals share, so a label centres visually.
        if FT_Load_Char(face, 0x48, Int32(FT_LOAD_NO_BITMAP)) == 0 {
            capHeight = Double(face.pointee.glyph.pointee.metrics.horiBearingY) / 64
        } else {
            capHeight = ascender * 0.73
        }
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The FreeType library's version ("2.12.1"): glyphs rendered by another version may differ.
    var freeTypeVersion: String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// Whether the font has a glyph for `scalar`.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }

    /// A rendered glyph: its distance field (one byte per texel) and metrics in atlas texels.
    struct RenderedGlyph {
        var width: Int, height: Int, pitch: Int
        var bitmap: [UInt8]
        /// From the pen position to the bitmap's left edge, and from the baseline up to its top edge.
        var left: Int, top: Int
        var advance: Double
    }

    /// Renders `scalar` as a distance field; throws FreeType's error.
    func render(_ scalar: Unicode.Scalar) throws(RendererError) -> RenderedGlyph {
        var error = FT_Load_Char(face, FT_ULong(scalar.value), Int32(FT_LOAD_DEFAULT))
        guard error == 0 else { throw .font(path: path, code: error) }
        let slot = face.pointee.glyph!
        let advance = Double(slot.pointee.advance.x) / 64
        // A space has no outline: nothing to render, only an advance.
        guard slot.pointee.outline.n_points > 0 else {
            return RenderedGlyph(width: 0, height: 0, pitch: 0, bitmap: [], left: 0, top: 0, advance: advance)
        }
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_SDF)
        guard error == 0 else { throw .font(path: path, code: error) }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        // Rows top first, each at least `width` bytes: what FreeType's SDF renderer writes, and what the
        // atlas and the disk cache read.
        guard height == 0 || pitch >= width else { throw .font(path: path, code: Int32(FT_Err_Invalid_Argument)) }
        var bytes = [UInt8](repeating: 0, count: max(pitch, 0) * height)
        if let buffer = bitmap.buffer, pitch > 0 {
            for i in 0..<bytes.count { bytes[i] = buffer[i] }
        }
        return RenderedGlyph(width: width, height: height, pitch: pitch, bitmap: bytes, left: Int(slot.pointee.bitmap_left),
                             top: Int(slot.pointee.bitmap_top), advance: advance)
    }
}
