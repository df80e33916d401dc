@_spi(Internals) import SliderCore

extension OffscreenTarget {
    /// Draws `sliders`, laid out in `size` points at `scale` device pixels per point, over `background` on a
    /// new offscreen target, the way a window of that size shows them, and returns the pixels (top row first,
    /// premultiplied, as `readPixels()` gives them). The target's context is left current.
    public static func image(of sliders: [Slider], size: Size, scale: Double, background: Color) throws(RendererError) -> RGBAImage {
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        let target = try OffscreenTarget(width: width, height: height)
        let renderer = try SliderRenderer()
        renderer.clearColor = background
        var scene = Scene()
        SceneBuilder.build(sliders, pixelWidth: width, pixelHeight: height, scale: scale, into: &scene, textMetrics: renderer.textMetrics,
                           background: background)
        try renderer.render(scene)
        return try target.readPixels()
    }
}

extension RendererKind {
    /// Draws `sliders` as `OffscreenTarget.image(of:size:scale:background:)` does, with this renderer: what
    /// a window drawn by it shows.
    public func image(of sliders: [Slider], size: Size, scale: Double, background: Color) throws(RendererError) -> RGBAImage {
        guard self == .cpu else { return try OffscreenTarget.image(of: sliders, size: size, scale: scale, background: background) }
        let width = Int((size.width * scale).rounded()), height = Int((size.height * scale).rounded())
        let renderer = CPURenderer()
        renderer.clearColor = background
        var scene = Scene()
        SceneBuilder.build(sliders, pixelWidth: width, pixelHeight: height, scale: scale, into: &scene, textMetrics: renderer.textMetrics,
                           background: background)
        let words = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(1, width * height))
        defer { words.deallocate() }
        try renderer.render(scene, into: UnsafeMutableRawBufferPointer(words), stride: width * 4)
        return RGBAImage(argb8888: UnsafeRawPointer(words.baseAddress!).assumingMemoryBound(to: UInt8.self), width: width, height: height)!
    }
}
