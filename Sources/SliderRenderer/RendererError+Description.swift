extension RendererError: CustomStringConvertible {
    /// What went wrong, in words a person can act on.
    public var description: String {
        switch self {
        case .noCurrentContext:
            return "no EGL context is current on this thread"
        case .contextMismatch:
            return "another EGL context is current than the one the renderer was made in"
        case .contextLost:
            return "the GL context was lost (a GPU reset or a GL error): make the renderer anew"
        case .glError(let code, let during):
            return "GL error 0x\(String(code, radix: 16)) during \(during)"
        case .shaderCompilation(let stage, let log):
            return "the \(stage) shader did not compile: \(log)"
        case .programLink(let log):
            return "the shader program did not link: \(log)"
        case .missingExtension(let name):
            return "the GL driver lacks \(name), which the renderer needs"
        case .invalidTargetSize(let width, let height):
            return "invalid target size \(width) x \(height) pixels: sides must be at least 1 and within the driver's limit"
        case .invalidPrimitive(let index):
            return "primitive \(index) of the scene has a NaN or infinite field, or a coordinate beyond ±1e7 pixels"
        case .tooManyPrimitives(let count):
            return "\(count) primitives: one frame draws at most 16383"
        case .egl(let call, let code):
            return "\(call) failed with EGL error 0x\(String(code, radix: 16))"
        case .incompleteFramebuffer(let status):
            return "the offscreen framebuffer is incomplete (status 0x\(String(status, radix: 16)))"
        case .png(let path, let reason):
            return "\(path): not a PNG that can be read or written (\(reason))"
        case .invalidImageSize(let path?, let width, let height, let maximumSide):
            return "\(path): an image of \(width) x \(height) pixels; sides must be 1 to \(maximumSide)"
        case .invalidImageSize(nil, let width, let height, let maximumSide):
            return "an image of \(width) x \(height) pixels; sides must be 1 to \(maximumSide)"
        case .fontNotFound(let pattern):
            return "fontconfig found no font for \"\(pattern)\" (install fonts-dejavu-core, or name an installed font)"
        case .font(let path, let code):
            return "FreeType could not use the font \(path) (error \(code))"
        case .unknownImage(let id):
            return "no image is registered under id \(id)"
        case .atlasFull(let width, let height):
            return "no room left in the image atlas for \(width) x \(height) pixels"
        case .bufferTooSmall(let bytes, let needed):
            return "a pixel buffer of \(bytes) bytes for a frame that needs \(needed)"
        case .invalidScale(let scale):
            return "invalid drawing scale \(scale): a finite number above 0, at most 16"
        }
    }
}
