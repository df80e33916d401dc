import CGLES2

/// The GL state `SliderRenderer.draw(_:over:viewport:)` changes, read before it draws and put back after,
/// so a host program's own drawing continues as it left it (libmpv's render API documents the same kind of
/// list). Restored: the framebuffer binding; viewport; scissor, blend, depth, stencil, cull-face and
/// alpha-to-coverage enables; blend functions and equations; colour write mask; current program; active
/// texture unit and unit 0's 2D texture; array and element array buffer bindings; the enable flag, pointer,
/// size, type, normalisation, stride and buffer of vertex attributes 0...4; GL_UNPACK_ALIGNMENT.
///
/// Not restored, because the renderer never changes them: clear colour, depth and stencil functions and
/// masks, scissor box, other texture units, the contents of any object the host owns.
struct HostGLState {
    private var framebuffer: GLint = 0
    private var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
    private var capabilities: [(GLenum, GLboolean)] = []
    private var blend: (srcRGB: GLint, dstRGB: GLint, srcAlpha: GLint, dstAlpha: GLint, equationRGB: GLint, equationAlpha: GLint) = (0, 0, 0, 0, 0, 0)
    private var colorMask: (GLboolean, GLboolean, GLboolean, GLboolean) = (0, 0, 0, 0)
    private var program: GLint = 0
    private var activeTexture: GLint = 0
    private var texture0: GLint = 0
    private var arrayBuffer: GLint = 0
    private var elementArrayBuffer: GLint = 0
    private var unpackAlignment: GLint = 4
    private var attributes: [VertexAttribute] = []

    private struct VertexAttribute {
        var location: GLuint
        var enabled: GLint = 0, size: GLint = 4, type: GLint = GLint(GL_FLOAT), normalized: GLint = 0, stride: GLint = 0, buffer: GLint = 0
        var pointer: UnsafeMutableRawPointer?
    }

    /// The capabilities the renderer sets for its draw.
    private static let capabilityNames = [GL_SCISSOR_TEST, GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_SAMPLE_ALPHA_TO_COVERAGE]

    /// Reads the state now current, then makes texture unit 0 active (glyph and image uploads bind the atlas
    /// on the active unit; unit 0's binding is among what `restore()` puts back). `attributeCount` is how many
    /// vertex attributes (from location 0) the renderer uses.
    static func capture(attributeCount: Int) -> HostGLState {
        var state = HostGLState()
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &state.framebuffer)
        withUnsafeMutablePointer(to: &state.viewport) { $0.withMemoryRebound(to: GLint.self, capacity: 4) { glGetIntegerv(GLenum(GL_VIEWPORT), $0) } }
        state.capabilities = capabilityNames.map { (GLenum($0), glIsEnabled(GLenum($0))) }
        glGetIntegerv(GLenum(GL_BLEND_SRC_RGB), &state.blend.srcRGB)
        glGetIntegerv(GLenum(GL_BLEND_DST_RGB), &state.blend.dstRGB)
        glGetIntegerv(GLenum(GL_BLEND_SRC_ALPHA), &state.blend.srcAlpha)
        glGetIntegerv(GLenum(GL_BLEND_DST_ALPHA), &state.blend.dstAlpha)
        glGetIntegerv(GLenum(GL_BLEND_EQUATION_RGB), &state.blend.equationRGB)
        glGetIntegerv(GLenum(GL_BLEND_EQUATION_ALPHA), &state.blend.equationAlpha)
        withUnsafeMutablePointer(to: &state.colorMask) {
            $0.withMemoryRebound(to: GLboolean.self, capacity: 4) { glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), $0) }
        }
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &state.program)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &state.activeTexture)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &state.texture0)
        glGetIntegerv(GLenum(GL_ARRAY_BUFFER_BINDING), &state.arrayBuffer)
        glGetIntegerv(GLenum(GL_ELEMENT_ARRAY_BUFFER_BINDING), &state.elementArrayBuffer)
        glGetIntegerv(GLenum(GL_UNPACK_ALIGNMENT), &state.unpackAlignment)
        state.attributes = (0..<attributeCount).map { index in
            var a = VertexAttribute(location: GLuint(index))
            glGetVertexAttribiv(a.location, GLenum(GL_VERTEX_ATTRIB_ARRAY_ENABLED), &a.enabled)
            glGetVertexAttribiv(a.location, GLenum(GL_VERTEX_ATTRIB_ARRAY_SIZE), &a.size)
            glGetVertexAttribiv(a.location, GLenum(GL_VERTEX_ATTRIB_ARRAY_TYPE), &a.type)
            glGetVertexAttribiv(a.location, GLenum(GL_VERTEX_ATTRIB_ARRAY_NORMALIZED), &a.normalized)
            glGetVertexAttribiv(a.location, GLenum(GL_VERTEX_ATTRIB_ARRAY_STRIDE), &a.stride)
            glGetVertexAttribiv(a.location, GLenum(GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), &a.buffer)
            glGetVertexAttribPointerv(a.location, GLenum(GL_VERTEX_ATTRIB_ARRAY_POINTER), &a.pointer)
            return a
        }
        return state
    }

    /// Sets what the renderer needs that differs from what it sets for each draw itself: no depth, stencil,
    /// culling, scissor or alpha-to-coverage, every colour channel written.
    static func prepareForDraw() {
        for name in [GL_SCISSOR_TEST, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_SAMPLE_ALPHA_TO_COVERAGE] { glDisable(GLenum(name)) }
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        glBlendEquation(GLenum(GL_FUNC_ADD))
    }

    /// Puts the captured state back.
    func restore() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(framebuffer))
        glViewport(viewport.0, viewport.1, viewport.2, viewport.3)
        for (name, enabled) in capabilities { if enabled != 0 { glEnable(name) } else { glDisable(name) } }
        glBlendFuncSeparate(GLenum(blend.srcRGB), GLenum(blend.dstRGB), GLenum(blend.srcAlpha), GLenum(blend.dstAlpha))
        glBlendEquationSeparate(GLenum(blend.equationRGB), GLenum(blend.equationAlpha))
        glColorMask(colorMask.0, colorMask.1, colorMask.2, colorMask.3)
        glUseProgram(GLuint(program))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture0))
        glActiveTexture(GLenum(activeTexture))
        for a in attributes {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(a.buffer))
            glVertexAttribPointer(a.location, a.size, GLenum(a.type), GLboolean(a.normalized != 0 ? GL_TRUE : GL_FALSE), a.stride, a.pointer)
            if a.enabled != 0 { glEnableVertexAttribArray(a.location) } else { glDisableVertexAttribArray(a.location) }
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        glBindBuffer(GLenum(GL_ELEMENT_ARRAY_BUFFER), GLuint(elementArrayBuffer))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), unpackAlignment)
    }
}
