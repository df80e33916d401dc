import CLibcExtensions
import Dispatch
@_spi(Internals) import SliderCore

/// Draws a `Scene` with the CPU into memory: the signed distance functions of `Shaders/slider.frag`
/// evaluated per pixel with SIMD (eight pixels at a time, `RowCompositor`), shadows by the same closed-form
/// Gaussian integral, text, symbols and images sampled from an atlas in memory as GL_LINEAR samples the
/// texture. No EGL, no GL driver: for machines without a GPU, where Mesa's llvmpipe would otherwise JIT the
/// shader with LLVM. Only the damage the target lacks (buffer age) is drawn: a small damage (a moved thumb)
/// on the calling thread, a large one (a first frame, a resize, a high scale) in row stripes spread over
/// the CPUs.
///
/// The target is premultiplied ARGB8888, wl_shm's format (a 32-bit word A R G B; bytes B, G, R, A on
/// little-endian machines). Not thread-safe.
@_spi(Internals) public final class CPURenderer: SceneRenderer {
    public var clearColor = Color.clear

    /// The largest target drawn, per side (a wl_shm buffer of 16384 x 16384 is already 1 GiB).
    public static let maximumSide = 16384

    private let textures: TextureResources<PixelAtlas>
    private var redraws = RedrawTracker()
    private var items: [RasterItem] = []
    /// One row buffer per thread that draws (the first is the calling thread's).
    private var rows = [RowCompositor()]

    /// The most threads a frame is drawn on: the CPUs this process may run on (its affinity), at most 8.
    /// (Not `ProcessInfo`, whose first use makes a process 1.7 MiB larger.)
    public var threadLimit = min(Int(slider_usable_cpus()), 8)
    /// The work (pixels written, plus pixels each item composites) a frame needs per thread before another
    /// thread draws part of it: a moved thumb stays well under it on one thread (allocation-free), a full
    /// frame of a million pixels is shared out.
    public var workPerThread = 1 << 19
    /// Threads the last drawn frame used.
    public private(set) var lastFrameThreads = 1

    /// A renderer whose text uses the font `fontPattern` (a fontconfig pattern) names, loaded when text is
    /// first measured or drawn; glyphs are kept on disk between runs as `SliderRenderer`'s are.
    public convenience init(fontPattern: String = "sans-serif") {
        self.init(fontPattern: fontPattern, glyphCacheDirectory: GlyphDiskCache.defaultDirectory)
    }

    /// As `init(fontPattern:)`, with the glyphs kept in `glyphCacheDirectory` (nil: not kept).
    package init(fontPattern: String, glyphCacheDirectory: String?) {
        textures = TextureResources(fontPattern: fontPattern, glyphCacheDirectory: glyphCacheDirectory)
        items.reserveCapacity(128)
    }

    deinit { for row in rows { row.deallocate() } }

    public var fontError: RendererError? { textures.fontError }

    public var textMetrics: TextMeasuring { textures }

    /// Glyphs FreeType rendered, and glyphs read from the disk cache instead, since this renderer was made.
    package var glyphCounts: (rendered: Int, loaded: Int) {
        (textures.glyphs?.renderedCount ?? 0, textures.glyphs?.loadedCount ?? 0)
    }

    public func registerImage(_ image: RGBAImage, id: UInt32) throws(RendererError) {
        try textures.register(image, id: id)
    }

    public func invalidate() {
        redraws.invalidate()
    }

    /// Draws `scene` into `buffer`: `scene.pixelWidth` x `scene.pixelHeight` ARGB8888 words, rows `stride`
    /// bytes apart.
    ///
    /// `bufferAge` says what `buffer` holds: 0 unknown (everything is drawn), n the frame drawn n frames ago
    /// (1: the previous one). Only the damage since then is drawn; the result says which rect that was.
    /// Throws for a target of no or too many pixels, a stride shorter than a row, a buffer shorter than the
    /// rows (`bufferTooSmall`), and the scenes `SliderRenderer` refuses (a non-finite or huge coordinate, an
    /// unregistered image, text without a font); nothing is drawn then.
    @discardableResult
    public func render(_ scene: Scene, into buffer: UnsafeMutableRawBufferPointer, stride: Int, bufferAge: Int = 0) throws(RendererError) -> FrameResult {
        let width = scene.pixelWidth, height = scene.pixelHeight
        guard width > 0, height > 0, width <= CPURenderer.maximumSide, height <= CPURenderer.maximumSide, stride >= width * 4 else {
            throw .invalidTargetSize(width: width, height: height)
        }
        let (rows, overflow) = stride.multipliedReportingOverflow(by: height - 1)
        let needed = overflow ? Int.max : rows.addingReportingOverflow(width * 4).partialValue
        guard let pixels = buffer.baseAddress, buffer.count >= needed, !overflow else { throw .bufferTooSmall(bytes: buffer.count, needed: needed) }
        var result = try redraws.beginFrame(of: scene, bufferAge: bufferAge, maximumWidth: CPURenderer.maximumSide, maximumHeight: CPURenderer.maximumSide,
                                            textures: textures)
        let region = result.redrawn
        guard !region.isEmpty else { return result }
        collectItems(of: scene, in: region, into: &result)
        textures.saveRenderedGlyphs()
        // One pass over the items, as the GLES2 renderer's one draw call; none when only the clear colour is drawn.
        result.drawCalls = items.isEmpty ? 0 : 1
        draw(region, into: pixels, stride: stride)
        return result
    }

    /// The items of the primitives that reach into `region`, in drawing order (one per glyph for text).
    private func collectItems(of scene: Scene, in region: PixelRect, into result: inout FrameResult) {
        items.removeAll(keepingCapacity: true)
        let target = Rect(x: 0, y: 0, width: Double(scene.pixelWidth), height: Double(scene.pixelHeight))
        for p in scene.primitives {
            guard p.rect.width > 0, p.rect.height > 0 else { continue }
            let b = p.bounds
            guard b.maxX > Double(region.x), b.minX < Double(region.maxX), b.maxY > Double(region.y), b.minY < Double(region.maxY) else { continue }
            switch p.kind {
            case .roundedRect, .circle, .shadow, .tick:
                append(RasterItem(shape: p, target: target), in: region, into: &result)
            case .image, .text:
                // Made on first use: a window with no text and no icons never allocates the atlas.
                guard let atlas = try? textures.atlas() else { continue }
                textures.forEachTexturedQuad(of: p) { quad in
                    let c = quad.region.textureCoordinates(atlasSize: atlas.size)
                    let uv = quad.flipped ? SIMD4(c.0, c.3, c.2, c.1) : SIMD4(c.0, c.1, c.2, c.3)
                    if append(RasterItem(textured: quad, uv: uv, target: target), in: region, into: &result) { result.texturedQuads += 1 }
                }
            }
        }
    }

    @discardableResult
    private func append(_ item: RasterItem, in region: PixelRect, into result: inout FrameResult) -> Bool {
        guard !item.isEmpty, item.x1 > region.x, item.x0 < region.maxX, item.y1 > region.y, item.y0 < region.maxY else { return false }
        items.append(item)
        result.quads += 1
        return true
    }

    /// `color` clamped to 0...1 and premultiplied, as the rows composite it.
    private static func premultiplied(_ color: Color) -> SIMD4<Float> {
        let a = Float(min(max(color.alpha, 0), 1))
        return SIMD4(Float(min(max(color.red, 0), 1)) * a, Float(min(max(color.green, 0), 1)) * a, Float(min(max(color.blue, 0), 1)) * a, a)
    }

    /// `color` as the premultiplied ARGB8888 word this renderer writes for it (a one-pixel background of
    /// the same colour as the frames' clear colour).
    package static func argb8888Word(_ color: Color) -> UInt32 { RowCompositor.word(premultiplied(color)) }

    /// Composites the items over the clear colour into every row of `region`, on as many threads as the
    /// work pays for (`RowStripes`).
    private func draw(_ region: PixelRect, into pixels: UnsafeMutableRawPointer, stride: Int) {
        let clear = CPURenderer.premultiplied(clearColor)
        let atlas = items.contains { $0.kind == .distanceField || $0.kind == .image } ? try? textures.atlas() : nil
        let threads = max(1, min(threadLimit, RowStripes.count(in: region), work(in: region) / max(workPerThread, 1)))
        lastFrameThreads = threads
        if rows.count < threads { rows.append(contentsOf: (rows.count..<threads).map { _ in RowCompositor() }) }
        items.withUnsafeBufferPointer { items in
            rows.withUnsafeMutableBufferPointer { rows in
                let stripes = RowStripes(region: region, pixels: pixels, stride: stride, clear: clear, items: items, atlas: atlas,
                                         rows: rows, threads: threads)
                if threads == 1 {
                    stripes.draw(thread: 0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: threads) { stripes.draw(thread: $0) }
                }
            }
        }
    }

    /// The pixels `region` writes plus those each item composites in it.
    private func work(in region: PixelRect) -> Int {
        var total = region.width * region.height
        for item in items {
            let w = min(item.x1, region.maxX) - max(item.x0, region.x), h = min(item.y1, region.maxY) - max(item.y0, region.y)
            if w > 0, h > 0 { total += w * h }
        }
        return total
    }
}
