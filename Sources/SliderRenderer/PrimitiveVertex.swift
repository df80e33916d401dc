import CGLES2

/// One vertex of a primitive's quad, as the vertex shader reads it. Every field is a Float, so the layout
/// has no padding: 18 floats, 72 bytes. `checkLayout()` verifies that at start-up.
struct PrimitiveVertex {
    /// a_position: device pixels, y down.
    var x: Float, y: Float
    /// a_rect: the shape's x0, y0, x1, y1.
    var rect: (Float, Float, Float, Float)
    /// a_shape: corner radius, border width, Gaussian sigma, kind.
    var shape: (Float, Float, Float, Float)
    /// a_fill and a_border: premultiplied RGBA.
    var fill: (Float, Float, Float, Float)
    var border: (Float, Float, Float, Float)

    /// The attributes in shader order: name, location, component count and byte offset.
    static let attributes: [(name: String, location: GLuint, components: GLint, offset: Int)] = [
        ("a_position", 0, 2, 0),
        ("a_rect", 1, 4, 8),
        ("a_shape", 2, 4, 24),
        ("a_fill", 3, 4, 40),
        ("a_border", 4, 4, 56),
    ]

    static let floatsPerVertex = 18

    /// True when Swift lays the struct out exactly as `attributes` says (a changed field would otherwise
    /// feed the shader garbage without any error).
    static func checkLayout() -> Bool {
        guard MemoryLayout<PrimitiveVertex>.stride == floatsPerVertex * MemoryLayout<Float>.stride else { return false }
        let offsets = [
            MemoryLayout<PrimitiveVertex>.offset(of: \.x), MemoryLayout<PrimitiveVertex>.offset(of: \.rect),
            MemoryLayout<PrimitiveVertex>.offset(of: \.shape), MemoryLayout<PrimitiveVertex>.offset(of: \.fill),
            MemoryLayout<PrimitiveVertex>.offset(of: \.border),
        ]
        return offsets == attributes.map { Optional($0.offset) }
    }
}
