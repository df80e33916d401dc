import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct SceneBuilderTests {
    func scene(_ sliders: [Slider], width: Int = 400, height: Int = 100, scale: Double = 1) -> Scene {
        var scene = Scene()
        SceneBuilder.build(sliders, pixelWidth: width, pixelHeight: height, scale: scale, into: &scene)
        return scene
    }

    @Test func iOSDefaultAtScaleTwoInDevicePixels() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 10, y: 10, width: 380, height: 44)
        try s.setValue(0.5, animated: false)
        let sc = scene([s], width: 800, height: 200, scale: 2)
        #expect(sc.primitives.map(\.kind) == [.roundedRect, .roundedRect, .roundedRect, .shadow, .shadow, .circle])
        let below = sc.primitives[0], above = sc.primitives[1], fill = sc.primitives[2], thumb = sc.primitives[5]
        #expect(below.rect.width == 0, "the fill starts at the track's start: nothing below it")
        #expect(above.rect.height == 8 && above.rect.maxX == 780)
        #expect(above.cornerRadius == 4)
        #expect(above.fillColor == Color(hex: 0x787880, alpha: 0.2))
        #expect(thumb.rect.width == 56 && thumb.rect.height == 56)
        #expect(fill.fillColor == Color(hex: 0x007AFF))
        #expect(fill.rect.minX == 20 && fill.rect.maxX == thumb.rect.midX)
        #expect(above.rect.minX == fill.rect.maxX - 8, "the track piece runs two radii under the fill")
        #expect(sc.primitives[3].rect.minY == thumb.rect.minY + 1, "shadow offset 0.5 pt = 1 px at scale 2")
        #expect(sc.primitives[3].blur == 8)
        #expect(sc.primitives[3].bounds.maxY > thumb.rect.maxY + 10, "the shadow's quad covers its blur")
    }

    @Test func anchorFillGrowsFromTheAnchorAndRangeFillsBetweenThumbs() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        try s.setBounds(minimum: -10, maximum: 10)
        try s.setAnchorValue(0)
        try s.setValue(-5, animated: false)
        let primitives = scene([s]).primitives
        let fill = primitives[2].rect
        let mid = s.layout.thumbCenter(atPosition: 0.5).x
        #expect(fill.maxX == mid && abs(fill.minX - s.layout.thumbCenter(atPosition: 0.25).x) < 1e-9)
        #expect(primitives[0].rect.maxX == fill.minX + 4 && primitives[1].rect.minX == fill.maxX - 4,
                "track on both sides of an anchored fill, each two radii under it")

        let r = Slider(isRange: true, clock: ManualClock())
        r.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        try r.setValue(0.7, ofThumb: 1, animated: false)
        try r.setValue(0.3, ofThumb: 0, animated: false)
        let rs = scene([r])
        #expect(rs.primitives[2].rect.minX == r.thumbCenter(0).x && rs.primitives[2].rect.maxX == r.thumbCenter(1).x)
        #expect(rs.primitives.filter { $0.kind == .circle }.count == 2)
    }

    @Test func disabledSliderDrawsAtThirtyPercent() {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        s.isEnabled = false
        let sc = scene([s])
        #expect(sc.primitives[1].fillColor.alpha == 0.2 * 0.3)
        #expect(sc.primitives[2].fillColor.alpha == 0.3)
        #expect(sc.primitives[3].fillColor.alpha == 0.12 * 0.3, "the shadow dims with the slider")
        #expect(sc.primitives[5].fillColor == Color.white.withAlpha(multipliedBy: 0.3),
                "shape by shape without a background (over one: dimmed as a group, next test)")
    }

    @Test func materialTicksShowWhileDraggingInTwoColours() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        s.style = .material()
        try s.setStepping(.count(5))
        try s.setValue(0.5, animated: false)
        #expect(!scene([s]).primitives.contains { $0.kind == .tick })
        s.beginTracking(.pointer, at: s.thumbCenter(), time: 0)
        let ticks = scene([s]).primitives.filter { $0.kind == .tick }
        #expect(ticks.count == 5)
        s.endTracking(.pointer, time: 0.1)
        s.style = .iOS()
        s.style.tickVisibility = .always
        let iOSTicks = scene([s]).primitives.filter { $0.kind == .tick }
        #expect(iOSTicks.filter { $0.fillColor == s.style.normal.filledTick }.count == 3, "0, 0.25, 0.5 are under the fill")
        #expect(iOSTicks.filter { $0.fillColor == s.style.normal.backgroundTick }.count == 2)
    }

    @Test func endImagesAndFocusRingHaveTheirPrimitives() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        s.minimumValueImage = .symbol(.speakerQuiet)
        s.maximumValueImage = .user(id: 7)
        s.isFocused = true
        s.isFocusVisible = true
        let sc = scene([s])
        let images = sc.primitives.filter { $0.kind == .image }
        #expect(images.map(\.slot) == [.image(.symbol(.speakerQuiet)), .image(.user(id: 7))])
        #expect(images[0].rect == Rect(x: 0, y: 12, width: 20, height: 20))
        let ring = sc.primitives.last!
        #expect(ring.borderWidth == 2 && ring.fillColor == .clear && ring.rect.width == 28 + 2 * 2 + 2)
    }

    @Test func thumbMoveDamagesOnlyOldAndNewThumbAreas() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 800, height: 44)
        try s.setValue(0.5, animated: false)
        let before = scene([s], width: 800, height: 44)
        try s.setValue(0.52, animated: false)
        let after = scene([s], width: 800, height: 44)
        let damage = after.damage(since: before)
        #expect(!damage.isEmpty)
        let area = damage.reduce(0) { $0 + $1.area }
        #expect(area < 2 * 56 * 56, "a small thumb move repaints about the old and new thumb areas: \(area) px")
        let thumbs = [before, after].map { $0.primitives.first { $0.kind == .circle }!.bounds }
        for t in thumbs {
            let covering = PixelRect(covering: t, limitWidth: 800, limitHeight: 44)
            #expect(damage.contains { $0.x <= covering.x && $0.maxX >= covering.maxX && $0.y <= covering.y && $0.maxY >= covering.maxY })
        }
        #expect(after.damage(since: after).isEmpty)
    }

    @Test func damageIsWholeTargetWhenTheSizeChangesAndStaysWithinLimits() throws {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        let a = scene([s], width: 400, height: 44), b = scene([s], width: 500, height: 44)
        #expect(b.damage(since: a) == [PixelRect(x: 0, y: 0, width: 500, height: 44)])
        var many = [Slider]()
        for i in 0..<12 {
            let m = Slider(clock: ManualClock())
            m.frame = Rect(x: 0, y: Double(i) * 60, width: 400, height: 44)
            many.append(m)
        }
        let c = scene(many, width: 400, height: 720)
        for m in many { try m.setValue(1, animated: false) }
        let d = scene(many, width: 400, height: 720).damage(since: c, limit: 8)
        #expect(d.count <= 8)
    }

    @Test func negativeAndZeroSizedFramesDrawNothingWrong() {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 50, y: 10, width: -200, height: -44)
        let sc = scene([s])
        #expect(sc.primitives.allSatisfy { $0.rect.isFinite })
        #expect(s.layout.travelLength == 0)
        #expect(!s.beginTracking(.pointer, at: Point(x: 300, y: 300), time: 0))
        let router = InputRouter()
        router.add(s)
        router.handle(InputEvent(time: 1, .pointerButton(button: PointerButton.left, state: .pressed)))
        router.handle(InputEvent(time: 2, .touchUp(id: 99)))
        router.handle(InputEvent(time: 3, .key(keysym: Keysym.right, state: .pressed, modifiers: [])))
        router.handle(InputEvent(time: 4, .pointerFrame))
        #expect(s.value == 0)
    }

    @Test func hugeOrNonFiniteGeometryNeverTraps() {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 1e300, y: -1e300, width: 1e308, height: 44)
        let sc = scene([s])
        let d = sc.damage(since: Scene(pixelWidth: 400, pixelHeight: 100))
        #expect(d.allSatisfy { $0.x >= 0 && $0.maxX <= 400 })
        #expect(PixelRect(covering: Rect(x: .nan, y: 0, width: 1, height: 1), limitWidth: 10, limitHeight: 10).isEmpty)
    }

    /// Disabled over an opaque background: the whole slider dimmed as one group (iOS: "entire slider
    /// dimmed", alpha 0.3), each colour mixed toward the background with its alpha kept, so the thumb hides
    /// the track as it does enabled. Without a background each shape is dimmed on its own.
    @Test(arguments: [SliderStyle.iOS(.dark), .material(.light)])
    func aDisabledSliderOverAnOpaqueBackgroundIsDimmedAsOneGroup(style: SliderStyle) throws {
        let s = Slider(clock: ManualClock())
        s.style = style
        s.frame = Rect(x: 10, y: 10, width: 380, height: 44)
        try s.setValue(0.5, animated: false)
        var undimmed = Scene()
        s.style.normal = style.disabled ?? style.normal
        SceneBuilder.build([s], pixelWidth: 400, pixelHeight: 100, scale: 1, into: &undimmed)
        s.style = style
        s.isEnabled = false
        let background = Color(hex: 0x1C1C1E)
        var grouped = Scene(), single = Scene()
        SceneBuilder.build([s], pixelWidth: 400, pixelHeight: 100, scale: 1, into: &grouped, background: background)
        SceneBuilder.build([s], pixelWidth: 400, pixelHeight: 100, scale: 1, into: &single)
        let k = style.disabledAlpha
        #expect(grouped.count == undimmed.count && grouped.primitives.map(\.rect) == undimmed.primitives.map(\.rect))
        for (dimmed, original) in zip(grouped.primitives, undimmed.primitives) {
            let c = original.fillColor, d = dimmed.fillColor
            #expect(d.alpha == c.alpha, "alpha kept: \(original.kind)")
            #expect(abs(d.red - (k * c.red + (1 - k) * background.red)) < 1e-12 && abs(d.blue - (k * c.blue + (1 - k) * background.blue)) < 1e-12)
        }
        let thumb = grouped.primitives.last { $0.kind == .circle }
        #expect(thumb?.fillColor.alpha == 1, "the dimmed thumb is opaque: nothing beneath shows through")
        #expect(single.primitives.last { $0.kind == .circle }?.fillColor.alpha == k, "without a background each shape is dimmed alone")
        var translucent = Scene()
        SceneBuilder.build([s], pixelWidth: 400, pixelHeight: 100, scale: 1, into: &translucent, background: background.withAlpha(multipliedBy: 0.5))
        #expect(translucent == single, "a translucent background is no uniform colour to dim toward")
    }
}
