import Testing
@_spi(Internals) @testable import SliderCore

/// The value popup (docs/BEHAVIOUR.md, "The value popup"), at the scene level.
@Suite struct ValuePopupTests {
    /// A material slider (popup enabled) 360 pt wide at `x`, in a 400 x 120 pt window.
    func makeSurface(x: Double = 20, y: Double = 50) -> (TestSurface, Slider) {
        let surface = TestSurface()
        let slider = surface.addSlider(y: y)
        slider.style = .material()
        slider.frame = Rect(x: x, y: y, width: 360, height: 44)
        return (surface, slider)
    }

    func popups(_ surface: TestSurface, scale: Double = 2, width: Int = 800, height: Int = 240) -> [Primitive] {
        var scene = Scene()
        SceneBuilder.build(surface.router.sliders, pixelWidth: width, pixelHeight: height, scale: scale, into: &scene)
        return scene.primitives.filter {
            if case .arrow = $0.slot { return true }
            if case .text = $0.slot { return true }
            return false
        }
    }

    @Test func appearsOnlyWhenThePressBeganOnTheThumb() {
        let (surface, slider) = makeSurface()
        surface.press(at: slider.layout.thumbCenter(atPosition: 0.8))
        #expect(!slider.wantsValuePopup(ofThumb: 0), "a press on the track shows no popup")
        surface.release()
        let thumb = slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.value))
        surface.press(at: Point(x: thumb.x + 12, y: thumb.y))
        #expect(slider.wantsValuePopup(ofThumb: 0), "the thumb's hit area is larger than the thumb")
        surface.release()
        #expect(!slider.wantsValuePopup(ofThumb: 0))
    }

    @Test func fadesInAndOut() {
        let (surface, slider) = makeSurface()
        surface.press(at: slider.layout.thumbCenter(atPosition: 0))
        #expect(slider.valuePopupOpacity(ofThumb: 0) == 0)
        #expect(slider.isAnimating)
        surface.clock.advance(by: 0.075)
        #expect(abs(slider.valuePopupOpacity(ofThumb: 0) - 0.5) < 1e-9)
        surface.clock.advance(by: 0.1)
        #expect(slider.valuePopupOpacity(ofThumb: 0) == 1)
        #expect(!slider.isAnimating)
        surface.release()
        #expect(slider.valuePopupOpacity(ofThumb: 0) == 1)
        surface.clock.advance(by: 0.075)
        #expect(abs(slider.valuePopupOpacity(ofThumb: 0) - 0.5) < 1e-6)
        surface.clock.advance(by: 0.08)
        #expect(slider.valuePopupOpacity(ofThumb: 0) == 0)
        slider.reducesMotion = true
        surface.press(at: slider.layout.thumbCenter(atPosition: 0))
        #expect(slider.valuePopupOpacity(ofThumb: 0) == 1, "reduced motion: no fade")
    }

    @Test func theArrowIsOverTheThumbInEveryFrameOfADrag() {
        let (surface, slider) = makeSurface()
        surface.press(at: slider.layout.thumbCenter(atPosition: 0))
        surface.clock.advance(by: 0.2)
        for i in 0...40 {
            let target = slider.layout.thumbCenter(atPosition: Double(i) / 40)
            surface.move(to: target)
            var scene = Scene()
            SceneBuilder.build([slider], pixelWidth: 800, pixelHeight: 240, scale: 2, into: &scene)
            let thumb = scene.primitives.first { $0.kind == .circle }!
            let arrow = scene.primitives.first { if case .arrow = $0.slot { true } else { false } }!
            let text = scene.primitives.first { if case .text = $0.slot { true } else { false } }!
            #expect(abs(arrow.rect.midX - thumb.rect.midX) <= 0.5, "frame \(i): arrow \(arrow.rect.midX), thumb \(thumb.rect.midX)")
            #expect(arrow.rect.maxY <= thumb.rect.minY, "the arrow is above the thumb")
            guard case .text(let run) = text.slot else { return }
            #expect(run.string == slider.accessibilityValue, "frame \(i): the popup shows the value the slider reports")
        }
    }

    @Test(arguments: [0.0, 1.0])
    func staysInsideTheWindowAtBothEdgesWithTheArrowOnTheThumb(_ position: Double) {
        // The slider spans the whole 400 pt window, so a centred bubble would stick out at either end.
        let (surface, slider) = makeSurface(x: 0)
        slider.frame = Rect(x: 0, y: 50, width: 400, height: 44)
        surface.press(at: slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.value)))
        surface.move(to: slider.layout.thumbCenter(atPosition: position))
        surface.clock.advance(by: 0.2)
        slider.formatter.custom = { _ in "a long label" }
        var scene = Scene()
        SceneBuilder.build([slider], pixelWidth: 800, pixelHeight: 240, scale: 2, into: &scene)
        let thumb = scene.primitives.first { $0.kind == .circle }!
        let arrow = scene.primitives.first { if case .arrow = $0.slot { true } else { false } }!
        let bubble = scene.primitives[scene.primitives.firstIndex(of: arrow)! - 1]
        #expect(bubble.rect.minX >= 0 && bubble.rect.maxX <= 800, "bubble \(bubble.rect)")
        #expect(arrow.rect.minX >= bubble.rect.minX + bubble.cornerRadius - 1e-9)
        #expect(arrow.rect.maxX <= bubble.rect.maxX - bubble.cornerRadius + 1e-9)
        // At the very edge the arrow stops at the bubble's corner; it still points at the thumb.
        #expect(arrow.rect.minX <= thumb.rect.maxX && arrow.rect.maxX >= thumb.rect.minX, "arrow \(arrow.rect) vs thumb \(thumb.rect)")
    }

    /// The arrow's base lies on the bubble's straight edge at every scale, also for a value so short that
    /// the bubble would be round (the defect scale 4.8 showed: a base wider than the flat part stuck out past
    /// the corner), anywhere on the track and at both window edges.
    @Test(arguments: [1.0, 1.25, 1.5, 2.0, 3.0, 4.8])
    func theArrowsBaseIsOnTheBubblesStraightEdge(scale: Double) {
        for text in ["", "5", "50", "a long label"] {
            for x in [0.0, 20] {
                let (surface, slider) = makeSurface(x: x)
                slider.formatter.custom = { _ in text }
                surface.press(at: slider.layout.thumbCenter(atPosition: slider.model.position(of: slider.value)))
                surface.clock.advance(by: 0.2)
                for i in 0...20 {
                    surface.move(to: slider.layout.thumbCenter(atPosition: Double(i) / 20))
                    var scene = Scene()
                    SceneBuilder.build([slider], pixelWidth: Int(400 * scale), pixelHeight: Int(120 * scale), scale: scale, into: &scene)
                    guard let arrowIndex = scene.primitives.firstIndex(where: { if case .arrow = $0.slot { true } else { false } }) else {
                        Issue.record("no arrow at scale \(scale)")
                        return
                    }
                    let arrow = scene.primitives[arrowIndex], bubble = scene.primitives[arrowIndex - 1]
                    let corner = min(bubble.cornerRadius, bubble.rect.height / 2)
                    #expect(arrow.rect.minX >= bubble.rect.minX + corner - 1e-6 && arrow.rect.maxX <= bubble.rect.maxX - corner + 1e-6,
                            "scale \(scale), \"\(text)\", step \(i): arrow \(arrow.rect), bubble \(bubble.rect) with corner \(corner)")
                    #expect(abs(arrow.rect.minX - arrow.rect.minX.rounded()) < 1e-6, "the arrow is on device pixels")
                }
            }
        }
    }

    @Test func goesBelowTheThumbWhenThereIsNoRoomAbove() {
        let (surface, slider) = makeSurface(y: 0)
        surface.press(at: slider.layout.thumbCenter(atPosition: 0))
        surface.clock.advance(by: 0.2)
        var scene = Scene()
        SceneBuilder.build([slider], pixelWidth: 800, pixelHeight: 240, scale: 2, into: &scene)
        let thumb = scene.primitives.first { $0.kind == .circle }!
        let arrow = scene.primitives.first { if case .arrow = $0.slot { true } else { false } }!
        #expect(arrow.slot == .arrow(pointsDown: false))
        #expect(arrow.rect.minY >= thumb.rect.maxY)
    }

    @Test func bubbleEdgesAreOnDevicePixels() {
        let (surface, slider) = makeSurface()
        surface.press(at: slider.layout.thumbCenter(atPosition: 0))
        surface.move(to: slider.layout.thumbCenter(atPosition: 0.3331))
        surface.clock.advance(by: 0.2)
        for scale in [1.0, 1.25, 1.5, 2.0] {
            for p in popups(surface, scale: scale, width: Int(400 * scale), height: Int(120 * scale)) {
                for edge in [p.rect.minX, p.rect.minY, p.rect.maxX, p.rect.maxY] {
                    #expect(abs(edge - edge.rounded()) < 1e-6, "scale \(scale): \(p.rect)")
                }
            }
        }
    }

    @Test func theIOSStyleHasNoPopupAndMaterialHasOne() {
        #expect(!SliderStyle.iOS().valuePopup.isEnabled)
        #expect(SliderStyle.material().valuePopup.isEnabled)
    }
}
