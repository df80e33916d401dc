import Testing
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer

/// Redrawing only the damage gives exactly the pixels a full redraw gives.
@Suite(.serialized) struct PartialRedrawTests {
    func sliders() throws -> [Slider] {
        let clock = ManualClock()
        let a = Slider(clock: clock), b = Slider(clock: clock)
        a.frame = Rect(x: 10, y: 10, width: 380, height: 44)
        b.frame = Rect(x: 10, y: 60, width: 380, height: 44)
        b.style = .material()
        try b.setStepping(.count(9))
        b.style.tickVisibility = .always
        try a.setValue(0.3, animated: false)
        try b.setValue(0.5, animated: false)
        return [a, b]
    }

    @Test(arguments: [1.0, 1.5, 2.0])
    func thumbMoveRedrawsLittleAndMatchesAFullRedraw(scale: Double) throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110)
        let target = try OffscreenTarget(width: Int(400 * scale), height: Int(110 * scale))
        let renderer = try SliderRenderer()
        renderer.clearColor = .white
        let first = try renderer.render(RenderHarness.scene(sliders, size: size, scale: scale), bufferAge: 1)
        #expect(first.isFullRedraw && first.drawCalls == 1)
        var results: [FrameResult] = []
        for value in [0.34, 0.42, 0.41] {
            try sliders[0].setValue(value, animated: false)
            results.append(try renderer.render(RenderHarness.scene(sliders, size: size, scale: scale), bufferAge: 1))
        }
        try sliders[1].setValue(0.625, animated: false)
        results.append(try renderer.render(RenderHarness.scene(sliders, size: size, scale: scale), bufferAge: 1))
        let partial = try target.readPixels()
        let full = try RenderHarness.render(RenderHarness.scene(sliders, size: size, scale: scale), background: .white)
        try RenderHarness.save(partial, as: "partial-redraw@\(scale)")
        let difference = ImageDifference(partial, full)
        #expect(difference.maximum == 0, "partial vs full: \(difference)")
        for r in results {
            #expect(!r.isFullRedraw && r.drawCalls == 1)
            #expect(r.redrawn.area < target.width * target.height / 4, "redrew \(r.redrawn)")
        }
    }

    @Test(arguments: [2, 3])
    func olderBuffersGetTheDamageOfEveryFrameSince(buffers: Int) throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110)
        let target = try OffscreenTarget(width: 400, height: 110, bufferCount: buffers)
        let renderer = try SliderRenderer()
        renderer.clearColor = .white
        var ages: [Int] = []
        for (i, value) in [0.3, 0.35, 0.5, 0.55, 0.8, 0.2, 0.21].enumerated() {
            try sliders[i % 2].setValue(value, animated: false)
            ages.append(target.bufferAge)
            let result = try renderer.render(RenderHarness.scene(sliders, size: size, scale: 1), bufferAge: target.bufferAge)
            #expect(result.isFullRedraw == (target.bufferAge == 0))
            let drawn = try target.readPixels()
            let full = try RenderHarness.render(RenderHarness.scene(sliders, size: size, scale: 1), background: .white)
            let difference = ImageDifference(drawn, full)
            #expect(difference.maximum == 0, "frame \(i), buffer age \(target.bufferAge): \(difference)")
            try target.swapBuffers()
        }
        #expect(ages == [0] + Array(repeating: 0, count: buffers - 1) + Array(repeating: buffers, count: 7 - buffers))
    }

    @Test func unknownBufferContentsRedrawEverything() throws {
        let sliders = try sliders()
        let size = Size(width: 400, height: 110)
        let target = try OffscreenTarget(width: 400, height: 110)
        let renderer = try SliderRenderer()
        try renderer.render(RenderHarness.scene(sliders, size: size, scale: 1), bufferAge: 1)
        try sliders[0].setValue(0.9, animated: false)
        let r = try renderer.render(RenderHarness.scene(sliders, size: size, scale: 1), bufferAge: 0)
        #expect(r.isFullRedraw)
        let same = try renderer.render(RenderHarness.scene(sliders, size: size, scale: 1), bufferAge: 1)
        #expect(same.redrawn.isEmpty && same.drawCalls == 0, "nothing changed, nothing drawn")
        renderer.invalidate()
        #expect(try renderer.render(RenderHarness.scene(sliders, size: size, scale: 1), bufferAge: 1).isFullRedraw)
        _ = target
    }

    /// A drag with the value popup (text, arrow, bubble) and symbols: each partial frame equals a full one.
    @Test(arguments: [1.0, 2.0])
    func aDragWithThePopupRedrawsPartiallyAndExactly(scale: Double) throws {
        let clock = ManualClock()
        let router = InputRouter()
        let slider = Slider(clock: clock)
        slider.style = .material()
        slider.frame = Rect(x: 10, y: 50, width: 380, height: 44)
        slider.minimumValueImage = .symbol(.minus)
        slider.maximumValueImage = .symbol(.plus)
        try slider.setStepping(.size(0.01))
        router.add(slider)
        let target = try OffscreenTarget(width: Int(400 * scale), height: Int(110 * scale))
        let renderer = try SliderRenderer()
        renderer.clearColor = .white
        func scene() -> Scene {
            var scene = Scene()
            SceneBuilder.build([slider], pixelWidth: Int(400 * scale), pixelHeight: Int(110 * scale), scale: scale, into: &scene,
                               textMetrics: renderer.textMetrics)
            return scene
        }
        try renderer.render(scene(), bufferAge: 1)
        var time: UInt32 = 0
        func send(_ kind: InputEvent.Kind) {
            time += 16
            clock.advance(by: 0.016)
            router.handle(InputEvent(time: time, kind))
            router.handle(InputEvent(time: time, .pointerFrame))
        }
        send(.pointerMotion(slider.layout.thumbCenter(atPosition: 0)))
        send(.pointerButton(button: PointerButton.left, state: .pressed))
        var redrawn = 0
        for i in 1...12 {
            send(.pointerMotion(slider.layout.thumbCenter(atPosition: Double(i) / 13)))
            let result = try renderer.render(scene(), bufferAge: 1)
            #expect(!result.isFullRedraw)
            #expect(result.texturedQuads >= 2, "the popup's arrow and digits are in the damage")
            redrawn = max(redrawn, result.redrawn.area)
        }
        // Released: the popup fades out (no fade here: reduced motion), then a move far from the end
        // symbols samples no texture and is drawn by the shapes-only program.
        slider.reducesMotion = true
        send(.pointerButton(button: PointerButton.left, state: .released))
        try renderer.render(scene(), bufferAge: 1)
        try slider.setValue(0.5, animated: false)
        let plain = try renderer.render(scene(), bufferAge: 1)
        #expect(plain.texturedQuads == 0 && plain.drawCalls == 1, "\(plain)")
        let partial = try target.readPixels()
        let full = try RenderHarness.render(scene(), background: .white)
        try RenderHarness.save(partial, as: "partial-redraw-popup@\(scale)")
        let difference = ImageDifference(partial, full)
        #expect(difference.maximum == 0, "partial vs full with the popup: \(difference)")
        #expect(redrawn < target.width * target.height / 2, "largest redraw \(redrawn) px")
    }
}
