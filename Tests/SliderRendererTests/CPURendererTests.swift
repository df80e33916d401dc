import Testing
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer

/// The CPU renderer's own behaviour: only the damage a buffer lacks is drawn, and it comes out exactly as a
/// full redraw; bad scenes and targets are refused with the GLES2 renderer's errors and draw nothing. (Its
/// pixels against the reference, the GLES2 renderer and the goldens: ReferenceComparisonTests,
/// GoldenImageTests, FeatureGoldenTests.)
@Suite struct CPURendererTests {
    /// A target of ARGB8888 words the renderer draws into.
    final class Buffer {
        let width: Int, height: Int
        var words: [UInt32]
        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            words = Array(repeating: 0xDEAD_BEEF, count: width * height)
        }
        @discardableResult
        func render(_ scene: Scene, with renderer: CPURenderer, bufferAge: Int) throws -> FrameResult {
            try words.withUnsafeMutableBytes { try renderer.render(scene, into: $0, stride: width * 4, bufferAge: bufferAge) }
        }
        var image: RGBAImage {
            words.withUnsafeBytes { RGBAImage(argb8888: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height)! }
        }
    }

    func sliders() throws -> [Slider] {
        let clock = ManualClock()
        let a = Slider(clock: clock), b = Slider(clock: clock)
        a.frame = Rect(x: 10, y: 10, width: 380, height: 44)
        b.frame = Rect(x: 10, y: 60, width: 380, height: 44)
        b.style = .material()
        try b.setStepping(.count(9))
        b.style.tickVisibility = .always
        b.minimumValueImage = .symbol(.minus)
        b.maximumValueImage = .symbol(.plus)
        try a.setValue(0.3, animated: false)
        try b.setValue(0.5, animated: false)
        return [a, b]
    }

    func fullRender(_ scene: Scene) throws -> RGBAImage {
        let renderer = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil)
        renderer.clearColor = .white
        return try RenderHarness.renderCPU(scene, with: renderer)
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func aThumbMoveRedrawsLittleAndMatchesAFullRedraw(scale: Double) throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110)
        let buffer = Buffer(width: Int(400 * scale), height: Int(110 * scale))
        let renderer = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil)
        renderer.clearColor = .white
        let first = try buffer.render(RenderHarness.scene(sliders, size: size, scale: scale), with: renderer, bufferAge: 1)
        #expect(first.isFullRedraw && first.drawCalls == 1)
        for value in [0.34, 0.42, 0.41] {
            try sliders[0].setValue(value, animated: false)
            let result = try buffer.render(RenderHarness.scene(sliders, size: size, scale: scale), with: renderer, bufferAge: 1)
            #expect(!result.isFullRedraw && result.redrawn.area < buffer.width * buffer.height / 4, "redrew \(result.redrawn)")
        }
        try sliders[1].setValue(0.625, animated: false)
        try buffer.render(RenderHarness.scene(sliders, size: size, scale: scale), with: renderer, bufferAge: 1)
        let difference = ImageDifference(buffer.image, try fullRender(RenderHarness.scene(sliders, size: size, scale: scale)))
        try RenderHarness.save(buffer.image, as: "cpu-partial-redraw@\(scale)")
        #expect(difference.maximum == 0, "partial vs full: \(difference)")
    }

    /// A large damage is shared out in row stripes among threads, and comes out exactly as drawn on one:
    /// a full frame and a partial one whose region starts mid-stripe, at a high and a fractional scale.
    @Test(arguments: [(4.8, 4), (2.5, 3)])
    func aLargeDamageIsSharedOutAndComesOutAsOnOneThread(scale: Double, threads: Int) throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110)
        let width = Int(400 * scale), height = Int(110 * scale)
        let one = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil), many = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil)
        one.threadLimit = 1
        many.threadLimit = threads
        many.workPerThread = 1
        let alone = Buffer(width: width, height: height), shared = Buffer(width: width, height: height)
        for value in [0.3, 0.7] {
            try sliders[0].setValue(value, animated: false)
            let scene = RenderHarness.scene(sliders, size: size, scale: scale)
            let a = try alone.render(scene, with: one, bufferAge: 1), b = try shared.render(scene, with: many, bufferAge: 1)
            #expect(a.redrawn == b.redrawn)
            #expect(one.lastFrameThreads == 1 && many.lastFrameThreads == threads)
            #expect(alone.words == shared.words, "scale \(scale), \(threads) threads, redrawn \(b.redrawn)")
        }
    }

    /// With the default work per thread (and up to 8 threads), a full frame of a million pixels is shared
    /// out and a moved thumb stays on the calling thread.
    @Test func aFullLargeFrameIsWorthThreadsAndAMovedThumbIsNot() throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110), scale = 4.8
        let renderer = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil)
        renderer.threadLimit = 8
        let buffer = Buffer(width: Int(400 * scale), height: Int(110 * scale))
        try buffer.render(RenderHarness.scene(sliders, size: size, scale: scale), with: renderer, bufferAge: 1)
        #expect(renderer.lastFrameThreads > 1, "a \(buffer.width) x \(buffer.height) frame is worth more than one thread")
        try sliders[0].setValue(0.71, animated: false)
        let move = try buffer.render(RenderHarness.scene(sliders, size: size, scale: scale), with: renderer, bufferAge: 1)
        #expect(!move.isFullRedraw && renderer.lastFrameThreads == 1, "a moved thumb (\(move.redrawn)) is drawn on the calling thread")
    }

    /// Buffers used in turn, as the wl_shm chain uses them (a new one a copy of the newest): each is given the
    /// damage of every frame since it was drawn, and a frame that changed nothing draws nothing, whatever the
    /// buffer's age, and is no frame of their ages.
    @Test(arguments: [2, 3, 4])
    func buffersUsedInTurnGetTheDamageOfEveryFrameSince(count: Int) throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110)
        let renderer = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil)
        renderer.clearColor = .white
        let buffers = (0..<count).map { _ in Buffer(width: 400, height: 110) }
        var held: [Int?] = Array(repeating: nil, count: count)
        var frame = 0, next = 0
        let changes = [(0, 0.3), (1, 0.35), (1, 0.35), (0, 0.5), (0, 0.55), (0, 0.55), (1, 0.8), (0, 0.2), (0, 0.21), (1, 0.6)]
        for (i, (index, value)) in changes.enumerated() {
            try sliders[index].setValue(value, animated: false)
            let scene = RenderHarness.scene(sliders, size: size, scale: 1)
            // As the presenter does: a buffer that holds nothing starts as a copy of the newest.
            if held[next] == nil, let newest = held.indices.filter({ held[$0] != nil }).max(by: { held[$0]! < held[$1]! }) {
                buffers[next].words = buffers[newest].words
                held[next] = held[newest]
            }
            let age = held[next].map { frame + 1 - $0 } ?? 0
            let result = try buffers[next].render(scene, with: renderer, bufferAge: age)
            #expect(result.isFullRedraw == (age == 0) || result.redrawn.isEmpty)
            let unchanged = i > 0 && changes[i - 1] == changes[i]
            #expect(result.redrawn.isEmpty == unchanged, "frame \(i): \(result.redrawn)")
            guard !result.redrawn.isEmpty else { continue }
            frame += 1
            held[next] = frame
            let difference = ImageDifference(buffers[next].image, try fullRender(scene))
            #expect(difference.maximum == 0, "frame \(i), buffer age \(age): \(difference)")
            next = (next + 1) % count
        }
    }

    @Test func unknownContentsOrAnInvalidateRedrawEverythingAndNoChangeDrawsNothing() throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110)
        let buffer = Buffer(width: 400, height: 110)
        let renderer = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil)
        try buffer.render(RenderHarness.scene(sliders, size: size, scale: 1), with: renderer, bufferAge: 1)
        try sliders[0].setValue(0.9, animated: false)
        #expect(try buffer.render(RenderHarness.scene(sliders, size: size, scale: 1), with: renderer, bufferAge: 0).isFullRedraw)
        let same = try buffer.render(RenderHarness.scene(sliders, size: size, scale: 1), with: renderer, bufferAge: 3)
        #expect(same.redrawn.isEmpty && same.drawCalls == 0, "nothing changed, nothing drawn, however old the buffer")
        #expect(try buffer.render(RenderHarness.scene(sliders, size: size, scale: 1), with: renderer, bufferAge: 0).isFullRedraw,
                "unknown contents are drawn in full even when nothing changed")
        renderer.invalidate()
        #expect(try buffer.render(RenderHarness.scene(sliders, size: size, scale: 1), with: renderer, bufferAge: 1).isFullRedraw)
    }

    @Test func badScenesAndTargetsAreRefusedAndDrawNothing() throws {
        let renderer = CPURenderer(fontPattern: "sans-serif", glyphCacheDirectory: nil)
        let buffer = Buffer(width: 100, height: 50)
        var scene = Scene(pixelWidth: 100, pixelHeight: 50, scale: 1)
        scene.append(Primitive(kind: .circle, rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 10, fillColor: .black))
        let bad: [Primitive] = [
            Primitive(kind: .roundedRect, rect: Rect(x: .nan, y: 0, width: 10, height: 10), fillColor: .black),
            Primitive(kind: .shadow, rect: Rect(x: 0, y: 0, width: 10, height: 10), fillColor: .black, blur: .infinity),
            Primitive(kind: .roundedRect, rect: Rect(x: 1e9, y: 0, width: 10, height: 10), fillColor: .black),
            Primitive(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 10, height: 10), fillColor: Color(red: .nan, green: 0, blue: 0)),
        ]
        for primitive in bad {
            var refused = scene
            refused.append(primitive)
            #expect(throws: RendererError.invalidPrimitive(index: 1)) { try buffer.render(refused, with: renderer, bufferAge: 0) }
        }
        var unknown = scene
        unknown.append(Primitive(kind: .image, rect: Rect(x: 0, y: 0, width: 10, height: 10), fillColor: .white, slot: .image(.user(id: 7))))
        #expect(throws: RendererError.unknownImage(id: 7)) { try buffer.render(unknown, with: renderer, bufferAge: 0) }
        #expect(buffer.words.allSatisfy { $0 == 0xDEAD_BEEF }, "a refused scene draws nothing")

        #expect(throws: RendererError.invalidTargetSize(width: 0, height: 0)) { try buffer.render(Scene(), with: renderer, bufferAge: 0) }
        let huge = CPURenderer.maximumSide + 1
        #expect(throws: RendererError.invalidTargetSize(width: huge, height: 1)) {
            try buffer.render(Scene(pixelWidth: huge, pixelHeight: 1), with: renderer, bufferAge: 0)
        }
        var words = [UInt32](repeating: 0xDEAD_BEEF, count: 100 * 50)
        #expect(throws: RendererError.invalidTargetSize(width: 100, height: 50)) {
            try words.withUnsafeMutableBytes { try renderer.render(scene, into: $0, stride: 99 * 4) }
        }
        // A buffer a row short, or a word short, is refused before anything is written (it was a pointer
        // with no length: nothing could tell).
        let short = 100 * 4 * 49 + 99 * 4
        #expect(throws: RendererError.bufferTooSmall(bytes: short, needed: 100 * 4 * 50)) {
            try words.withUnsafeMutableBytes { try renderer.render(scene, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<short]), stride: 100 * 4) }
        }
        #expect(throws: RendererError.bufferTooSmall(bytes: 400 * 50, needed: 500 * 49 + 400)) {
            try words.withUnsafeMutableBytes { try renderer.render(scene, into: $0, stride: 500) }
        }
        #expect(throws: RendererError.bufferTooSmall(bytes: 0, needed: Int.max)) {
            try renderer.render(scene, into: UnsafeMutableRawBufferPointer(start: nil, count: 0), stride: Int.max / 2)
        }
        #expect(words.allSatisfy { $0 == 0xDEAD_BEEF }, "nothing was written")
    }

    /// A disabled slider over an opaque background is dimmed as one group on both renderers: at the thumb's
    /// centre, over the track, the pixel is the disabled thumb's colour at `disabledAlpha` over the
    /// background, as if no track were beneath (per-shape dimming let the track show through the thumb: the
    /// line across the Material dark disabled thumb in the README's screenshot).
    @Test(arguments: RendererKind.allCases)
    func aDisabledSliderIsDimmedAsOneGroup(renderer: RendererKind) throws {
        let slider = Slider(clock: ManualClock())
        slider.style = .material(.dark)
        slider.frame = Rect(x: 10, y: 8, width: 220, height: 44)
        try slider.setValue(0.5, animated: false)
        slider.isEnabled = false
        let background = Color(hex: 0x121212)
        let image = try renderer.image(of: [slider], size: Size(width: 240, height: 60), scale: 2, background: background)
        try RenderHarness.save(image, as: "disabled-group-\(renderer)")
        let centre = slider.layout(atScale: 2).thumbCenter(atPosition: 0.5)
        let pixel = image[Int(centre.x * 2), Int(centre.y * 2)]
        let thumb = try #require(slider.style.disabled).thumb
        let k = slider.style.disabledAlpha
        func expected(_ channel: Double, _ back: Double) -> Double { (k * channel + (1 - k) * back) * 255 }
        #expect(abs(Double(pixel.red) - expected(thumb.red, background.red)) <= 1, "\(pixel)")
        #expect(abs(Double(pixel.green) - expected(thumb.green, background.green)) <= 1, "\(pixel)")
        #expect(abs(Double(pixel.blue) - expected(thumb.blue, background.blue)) <= 1, "\(pixel)")
        #expect(pixel.alpha == 255)
    }
}
