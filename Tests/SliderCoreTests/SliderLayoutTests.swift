import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct SliderLayoutTests {
    let bounds = Rect(x: 10, y: 20, width: 400, height: 44)
    let metrics = SliderStyle.iOS().metrics

    @Test func iOSTrackAndThumbGeometry() {
        let layout = SliderLayout(bounds: bounds, metrics: metrics)
        #expect(layout.trackRect == Rect(x: 10, y: 40, width: 400, height: 4))
        #expect(layout.thumbRect(atPosition: 0) == Rect(x: 10, y: 28, width: 28, height: 28))
        #expect(layout.thumbRect(atPosition: 1) == Rect(x: 382, y: 28, width: 28, height: 28))
        #expect(layout.thumbHitRect(atPosition: 0).size == Size(width: 44, height: 44))
        #expect(layout.trackHitRect.height == 44)
        #expect(layout.travelLength == 372)
    }

    @Test func endImagesShortenTheTrack() {
        let layout = SliderLayout(bounds: bounds, metrics: metrics, hasMinimumImage: true, hasMaximumImage: true)
        #expect(layout.minimumImageRect == Rect(x: 10, y: 32, width: 20, height: 20))
        #expect(layout.maximumImageRect == Rect(x: 390, y: 32, width: 20, height: 20))
        #expect(layout.trackRect.minX == 38 && layout.trackRect.maxX == 382)
    }

    @Test func rightToLeftPutsTheMinimumOnTheRight() {
        let layout = SliderLayout(bounds: bounds, metrics: metrics, layoutDirection: .rightToLeft, hasMinimumImage: true)
        #expect(layout.thumbCenter(atPosition: 0).x == 368, "the minimum image shortens the right end by 28 pt")
        #expect(layout.thumbCenter(atPosition: 1).x == 24)
        #expect(layout.minimumImageRect?.minX == 390)
        #expect(layout.position(at: Point(x: 100, y: 42)) > 0.7)
    }

    @Test func verticalPutsTheMinimumAtTheBottomAndInvertedSwaps() {
        let vertical = SliderLayout(bounds: Rect(x: 0, y: 0, width: 44, height: 300), metrics: metrics, orientation: .vertical)
        #expect(vertical.thumbCenter(atPosition: 0).y == 286)
        #expect(vertical.thumbCenter(atPosition: 1).y == 14)
        #expect(vertical.trackRect.width == 4 && vertical.trackRect.height == 300)
        let inverted = SliderLayout(bounds: Rect(x: 0, y: 0, width: 44, height: 300), metrics: metrics, orientation: .vertical, isInverted: true)
        #expect(inverted.thumbCenter(atPosition: 0).y == 14)
        let invertedH = SliderLayout(bounds: bounds, metrics: metrics, isInverted: true)
        #expect(invertedH.thumbCenter(atPosition: 0).x == 396)
    }

    @Test func positionRoundTrips() {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let layout = SliderLayout(bounds: bounds, metrics: metrics, layoutDirection: direction)
            for p in stride(from: 0.0, through: 1.0, by: 0.125) {
                let along = layout.alongCoordinate(atPosition: p)
                #expect(abs(layout.position(atAlong: along) - p) < 1e-12)
            }
        }
    }

    @Test(arguments: [1.0, 1.25, 1.5, 2.0])
    func rectsLandOnDevicePixels(scale: Double) {
        let layout = SliderLayout(bounds: Rect(x: 10.3, y: 20.7, width: 333.3, height: 44), metrics: metrics,
                                  hasMinimumImage: true, hasMaximumImage: true, scale: scale)
        func onGrid(_ x: Double) -> Bool { abs(x * scale - (x * scale).rounded()) < 1e-9 }
        let t = layout.trackRect
        #expect(onGrid(t.minX) && onGrid(t.maxX) && onGrid(t.minY) && onGrid(t.maxY))
        for p in stride(from: 0.0, through: 1.0, by: 0.1) {
            let thumb = layout.thumbRect(atPosition: p)
            #expect(onGrid(thumb.minX) && onGrid(thumb.minY))
            #expect(thumb.width * scale == (28 * scale).rounded(), "the thumb keeps its size wherever it is")
        }
        if let image = layout.minimumImageRect { #expect(onGrid(image.minX) && onGrid(image.minY)) }
    }

    @Test func ticksFollowTheGrid() throws {
        let layout = SliderLayout(bounds: bounds, metrics: metrics)
        var model = SliderModel()
        try model.setStepping(.size(0.25))
        #expect(layout.tickStride(for: model) == 1)
        #expect(layout.tickPositions(for: model) == [0, 0.25, 0.5, 0.75, 1])
        try model.setStepping(.continuous)
        #expect(!layout.showsTicks(for: model) && layout.tickPositions(for: model).isEmpty)
    }

    /// Ticks closer than `minimumTickSpacing` are thinned to every 2nd, 5th, 10th, 20th … step, never all
    /// dropped: both ends always show, and no two drawn ticks are closer than the spacing.
    @Test func denseTicksAreThinnedNotDropped() throws {
        let travel100 = SliderLayout(bounds: Rect(x: 0, y: 0, width: 400, height: 44), metrics: metrics)
        let width = 100 + 400 - travel100.travelLength
        let layout = SliderLayout(bounds: Rect(x: 0, y: 0, width: width, height: 44), metrics: metrics)
        #expect(abs(layout.travelLength - 100) < 1e-9)
        var model = SliderModel()
        try model.setBounds(minimum: 0, maximum: 103)
        try model.setStepping(.size(1))
        #expect(layout.tickStride(for: model) == 10, "0.97 pt steps: every 10th is 9.7 pt apart")
        var values: [Double] = []
        layout.forEachTick(of: model) { values.append($0) }
        #expect(values == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 103], "100 is 2.9 pt from the end: left out")
        let positions = layout.tickPositions(for: model)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { ($1 - $0) * layout.travelLength >= metrics.minimumTickSpacing })

        try model.setBounds(minimum: 0, maximum: 1)
        try model.setStepping(.size(1e-9))
        #expect(layout.tickStride(for: model) == 100_000_000)
        #expect(layout.tickPositions(for: model).count == 11, "a billion steps: ticks every tenth, drawn in bounded work")

        let tiny = SliderLayout(bounds: Rect(x: 0, y: 0, width: 400 - travel100.travelLength + 5, height: 44), metrics: metrics)
        try model.setStepping(.size(0.5))
        #expect(tiny.tickStride(for: model) == nil && tiny.tickPositions(for: model).isEmpty, "a 5 pt track has no room for two ticks")
    }

    @Test func degenerateBoundsGiveAnEmptyLayoutNotACrash() {
        let nan = SliderLayout(bounds: Rect(x: .nan, y: 0, width: 10, height: 10), metrics: metrics, scale: .nan)
        #expect(nan.bounds == .zero && nan.scale == 1)
        let tiny = SliderLayout(bounds: Rect(x: 0, y: 0, width: 10, height: 44), metrics: metrics)
        #expect(tiny.travelLength == 0)
        #expect(tiny.position(at: Point(x: 9, y: 22)) == 0)
    }
}

/// A shown label takes room before the track: at the leading edge (left, or right right-to-left), above a
/// vertical slider; the scene draws the accessibility name there.
@Suite struct SliderLabelTests {
    func labelled(_ configure: (Slider) -> Void = { _ in }) -> Slider {
        let s = Slider(name: "volume", clock: ManualClock())
        s.frame = Rect(x: 20, y: 10, width: 360, height: 44)
        s.accessibilityLabel = "Volume"
        configure(s)
        return s
    }

    @Test func theLabelTakesRoomAtTheLeadingEdge() {
        let plain = labelled()
        #expect(plain.layout.labelRect == nil)
        let s = labelled { $0.showsLabel = true }
        let width = s.style.metrics.labelWidth
        #expect(s.layout.labelRect == Rect(x: 20, y: 10, width: width, height: 44))
        #expect(s.layout.trackRect.minX == 20 + width && s.layout.trackRect.maxX == plain.layout.trackRect.maxX)
        let rtl = labelled { $0.showsLabel = true; $0.layoutDirection = .rightToLeft }
        #expect(rtl.layout.labelRect?.maxX == 380 && rtl.layout.trackRect.maxX == 380 - width)
        let vertical = labelled { $0.showsLabel = true; $0.orientation = .vertical; $0.frame = Rect(x: 0, y: 0, width: 44, height: 300) }
        #expect(vertical.layout.labelRect == Rect(x: 0, y: 0, width: 44, height: vertical.style.metrics.labelHeight))
        #expect(vertical.layout.trackRect.minY == vertical.style.metrics.labelHeight)
    }

    @Test func theSceneDrawsTheAccessibilityName() {
        func labels(_ s: Slider) -> [Primitive] {
            var scene = Scene()
            SceneBuilder.build([s], pixelWidth: 400, pixelHeight: 80, scale: 1, into: &scene)
            return scene.primitives.filter { $0.kind == .text }
        }
        #expect(labels(labelled()).isEmpty, "no label unless asked")
        let s = labelled { $0.showsLabel = true }
        let drawn = labels(s)
        #expect(drawn.count == 1)
        #expect(drawn.first?.slot == .text(TextRun("Volume", pixelSize: s.style.metrics.labelFontSize)))
        #expect(drawn.first.map { $0.rect.minX == 20 && abs($0.rect.midY - 32) < 1e-9 } == true, "leading, centred: \(drawn)")
        s.accessibilityLabel = nil
        #expect(labels(s).first?.slot == .text(TextRun("volume", pixelSize: s.style.metrics.labelFontSize)), "falls back to name")
    }

    /// A name wider than the label's room is cut to fit it and ends in "…", horizontal or vertical, at any
    /// scale: its text never reaches the track.
    @Test(arguments: [1.0, 2.0, 4.8])
    func aLongLabelIsCutToItsRoom(_ scale: Double) throws {
        let metrics = ApproximateTextMetrics()
        for vertical in [false, true] {
            let s = labelled {
                $0.showsLabel = true
                $0.accessibilityLabel = "Master output volume of the living room"
                if vertical { $0.orientation = .vertical; $0.frame = Rect(x: 0, y: 0, width: 44, height: 300) }
            }
            var scene = Scene()
            SceneBuilder.build([s], pixelWidth: Int(400 * scale), pixelHeight: Int(320 * scale), scale: scale, into: &scene)
            let drawn = try #require(scene.primitives.first { $0.kind == .text })
            guard case .text(let run) = drawn.slot else { Issue.record("not text: \(drawn)"); continue }
            let room = try #require(s.layout.labelRect).scaled(by: scale)
            #expect(run.string.hasSuffix("…") && run.string.count > 1, "\(run.string)")
            #expect(metrics.width(of: run) <= room.width + 1e-9, "\(run.string): \(metrics.width(of: run)) px in \(room.width)")
            #expect(drawn.rect.minX >= room.minX - 1e-9 && drawn.rect.maxX <= room.maxX + 1e-9, "\(drawn.rect) in \(room)")
            #expect(abs(drawn.rect.width - metrics.width(of: run)) < 1e-9)
        }
    }

    @Test func fittingCutsAtCharactersAndGivesUpOnlyWhenNothingFits() {
        let metrics = ApproximateTextMetrics()
        let wide = metrics.run("Balance", pixelSize: 10, fittingWidth: 1000)
        #expect(wide.string == "Balance")
        let cut = metrics.run("Bass boost", pixelSize: 10, fittingWidth: 38)
        #expect(cut.string == "Bass…", "a cut drops the space before the ellipsis: \(cut.string)")
        let accented = metrics.run("e\u{301}e\u{301}e\u{301}e\u{301}", pixelSize: 10, fittingWidth: 20)
        #expect(accented.string.unicodeScalars.last == "…" && accented.string.dropLast().allSatisfy { $0 == "e\u{301}" })
        #expect(metrics.run("Volume", pixelSize: 10, fittingWidth: 6).string == "…")
        #expect(metrics.run("Volume", pixelSize: 10, fittingWidth: 2).count == 0)
    }
}
