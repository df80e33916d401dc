import Testing
@_spi(Internals) @testable import SliderCore

/// A value label always shown (MDC's `labelBehavior` visible): the popup of each thumb from the first frame,
/// without a gesture, laid out inside the window as the dragged popup is.
@Suite struct ValueLabelTests {
    func popups(_ s: Slider, width: Int = 400, height: Int = 120) -> [Primitive] {
        s.advanceAnimations()
        var scene = Scene()
        SceneBuilder.build([s], pixelWidth: width, pixelHeight: height, scale: 1, into: &scene)
        return scene.primitives.filter { if case .text = $0.slot { true } else { false } }
    }

    @Test func anAlwaysShownLabelIsThereWithoutAGestureAndAtOnce() throws {
        let (s, _) = loggedSlider { $0.frame = Rect(x: 0, y: 60, width: 400, height: 44) }
        try s.setValue(0.25, animated: false)
        s.style.valuePopup.isEnabled = true
        #expect(popups(s).isEmpty, "the popup alone shows only while dragging")
        s.style.valuePopup.isAlwaysShown = true
        #expect(s.isAnimating, "a frame is asked for")
        let shown = popups(s)
        #expect(shown.count == 1 && s.valuePopupOpacity(ofThumb: 0) == 1, "at full opacity in the first frame: \(shown)")
        #expect(shown.first?.slot == .text(TextRun(s.formatter.string(for: 0.25, in: s.model), pixelSize: s.style.valuePopup.fontSize)))
        #expect(shown.first.map { abs($0.rect.midX - s.thumbCenter().x) < 1 && $0.rect.maxY < s.layout.thumbRect(atPosition: 0.25).minY } == true,
                "above the thumb")
        s.isEnabled = false
        #expect(popups(s).count == 1, "a disabled slider still shows its value")
        s.style.valuePopup.isAlwaysShown = false
        s.advanceAnimations()
        #expect(s.isAnimating, "it fades out")
    }

    @Test func aRangeShowsBothValuesInsideTheWindow() throws {
        let s = Slider(isRange: true, clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        s.style.valuePopup.isEnabled = true
        s.style.valuePopup.isAlwaysShown = true
        let shown = popups(s, height: 120)
        #expect(shown.count == 2)
        #expect(shown.allSatisfy { $0.rect.minX >= 0 && $0.rect.maxX <= 400 && $0.rect.minY >= 44 && $0.rect.maxY <= 120 },
                "kept inside the window, below the thumb where there is no room above: \(shown.map(\.rect))")
    }
}
