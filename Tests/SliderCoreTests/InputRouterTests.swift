import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct InputRouterTests {
    @Test func pointerEventsWaitForTheirFrame() {
        let surface = TestSurface()
        let slider = surface.addSlider()
        let p = slider.point(for: 0.5)
        surface.send(.pointerMotion(p))
        surface.send(.pointerButton(button: PointerButton.left, state: .pressed))
        #expect(slider.value == 0, "nothing happens before wl_pointer.frame")
        surface.send(.pointerFrame, after: 0)
        #expect(abs(slider.value - 0.5) < 1e-9)
    }

    @Test func motionAndPressInOneFrameActAtTheNewPosition() {
        let surface = TestSurface()
        let slider = surface.addSlider()
        surface.pointer(.pointerEnter(Point(x: 1, y: 1)))
        surface.pointer(.pointerMotion(slider.point(for: 0.7)), .pointerButton(button: PointerButton.left, state: .pressed))
        #expect(abs(slider.value - 0.7) < 1e-9)
    }

    @Test func hitAreaIs44PointsAroundTheTrack() {
        let surface = TestSurface()
        let slider = surface.addSlider()
        let track = slider.layout.trackRect
        #expect(surface.router.slider(at: Point(x: track.midX, y: track.midY - 21.9)) === slider)
        #expect(surface.router.slider(at: Point(x: track.midX, y: track.midY + 21.9)) === slider)
        #expect(surface.router.slider(at: Point(x: track.midX, y: track.midY - 22.5)) == nil)
        surface.press(at: Point(x: track.midX, y: track.midY - 30))
        #expect(slider.value == 0 && surface.router.pointerGrab == nil)
    }

    @Test func theGrabStaysWithThePressedSliderAcrossOthers() {
        let surface = TestSurface()
        let top = surface.addSlider(y: 20), bottom = surface.addSlider(y: 70)
        surface.press(at: top.point(for: 0.2))
        surface.move(to: bottom.point(for: 0.9))
        surface.move(to: Point(x: 1000, y: -500))
        #expect(surface.router.pointerGrab === top)
        #expect(top.value == 1, "dragging far past the end pins to the maximum")
        #expect(bottom.value == 0)
        surface.release()
        #expect(surface.router.pointerGrab == nil && !top.isTracking)
    }

    @Test func overlappingHitRegionsGoToTheNearestTrack() {
        let surface = TestSurface()
        let top = surface.addSlider(y: 20), bottom = surface.addSlider(y: 50)
        let between = Point(x: 200, y: top.layout.trackRect.midY + 12)
        #expect(surface.router.slider(at: between) === top)
        let nearBottom = Point(x: 200, y: bottom.layout.trackRect.midY - 10)
        #expect(surface.router.slider(at: nearBottom) === bottom)
    }

    @Test func eachTouchIdBelongsToOneSliderAndRangeTakesTwo() throws {
        let surface = TestSurface()
        let range = surface.addSlider(isRange: true, y: 20)
        let single = surface.addSlider(y: 80)
        try range.setValue(0.8, ofThumb: 1, animated: false)
        try range.setValue(0.2, ofThumb: 0, animated: false)
        let a = range.thumbCenter(0), b = range.thumbCenter(1), c = single.thumbCenter()
        surface.send(.touchDown(id: 10, a)); surface.send(.touchDown(id: 11, b), after: 0); surface.send(.touchDown(id: 12, c), after: 0)
        surface.send(.touchFrame, after: 0)
        for i in 1...4 {
            surface.send(.touchMotion(id: 10, a.offset(dx: Double(i) * 10)))
            surface.send(.touchMotion(id: 11, b.offset(dx: -Double(i) * 10)), after: 0)
            surface.send(.touchMotion(id: 12, c.offset(dx: Double(i) * 20)), after: 0)
            surface.send(.touchFrame, after: 0)
        }
        #expect(range.value > 0.25 && range.upperValue < 0.75)
        #expect(single.value > 0.15)
        surface.touch(.touchUp(id: 12))
        #expect(!single.isTracking && range.isTracking)
        surface.touch(.touchCancel)
        #expect(range.value == 0.2 && range.upperValue == 0.8, "wl_touch.cancel restores the press values")
        #expect(!range.isTracking)
    }

    @Test func wheelMovesOnlyTheHoveredSliderOneStepPerNotch() throws {
        let surface = TestSurface()
        let slider = surface.addSlider()
        try slider.setStepping(.size(0.1))
        let log = EventLog(slider)
        surface.pointer(.pointerAxisSource(.wheel), .pointerAxisValue120(axis: .vertical, value120: -120), after: 1000)
        #expect(slider.value == 0, "not hovered: the wheel is not ours")
        surface.pointer(.pointerEnter(slider.point(for: 0.5)), after: 1000)
        surface.pointer(.pointerAxisSource(.wheel), .pointerAxisValue120(axis: .vertical, value120: -120), after: 1000)
        #expect(slider.value == 0.1)
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -60), after: 20)
        #expect(slider.value == 0.1, "half a notch waits")
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -60), after: 20)
        #expect(slider.value == 0.2)
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: 240), after: 20)
        #expect(slider.value == 0)
        surface.pointer(.pointerAxisDiscrete(axis: .horizontal, discrete: 3), after: 20)
        #expect(slider.value == 0.3, "right moves toward the maximum")
        #expect(log.valueChanges == [0.1, 0.2, 0, 0.3])
        #expect(log.editing.isEmpty, "the wheel is not a gesture")
    }

    @Test func wheelDoesNotHijackAPageScrollThatArrivesUnderThePointer() throws {
        let surface = TestSurface()
        let slider = surface.addSlider()
        try slider.setStepping(.size(0.1))
        surface.pointer(.pointerEnter(Point(x: 200, y: 200)), after: 1000)
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -120), after: 1000)
        surface.pointer(.pointerMotion(slider.point(for: 0.5)), .pointerAxisValue120(axis: .vertical, value120: -120), after: 50)
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -120), after: 50)
        #expect(slider.value == 0, "the scroll began elsewhere")
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -120), after: 800)
        #expect(slider.value == 0.1, "after a pause, a new scroll over the slider is the slider's")
    }

    @Test func tabMovesFocusThroughThumbsAndKeysGoToTheFocusedSlider() throws {
        let surface = TestSurface()
        let a = surface.addSlider(y: 20), range = surface.addSlider(isRange: true, y: 80)
        try a.setStepping(.size(0.1))
        surface.key(Keysym.tab)
        #expect(surface.router.focusedSlider === a && a.isFocusVisible)
        surface.key(Keysym.right)
        #expect(a.value == 0.1)
        surface.key(Keysym.tab)
        #expect(surface.router.focusedSlider === range && range.focusedThumb == 0 && !a.isFocused)
        surface.key(Keysym.tab)
        #expect(range.focusedThumb == 1)
        surface.key(Keysym.left)
        #expect(range.upperValue == 0.99)
        surface.key(Keysym.tab, modifiers: .shift)
        #expect(range.focusedThumb == 0)
        surface.key(Keysym.isoLeftTab)
        #expect(surface.router.focusedSlider === a)
    }

    /// A knob (`wheelTarget` `.focusedSlider`): wheel steps go to the focused slider wherever the pointer is,
    /// one step and one detent each; with none focused, the first enabled one takes focus and shows its ring;
    /// Return and keypad Enter move focus on, past a disabled slider; a slider held by the pointer keeps it.
    @Test func aKnobTurnsTheFocusedSliderWhereverThePointerIs() throws {
        let surface = TestSurface()
        let off = surface.addSlider(y: 20), a = surface.addSlider(y: 80), b = surface.addSlider(y: 140)
        off.isEnabled = false
        for slider in [a, b] { try slider.setStepping(.size(0.1)) }
        surface.router.wheelTarget = .focusedSlider
        let log = EventLog(a)
        surface.pointer(.pointerEnter(Point(x: 5, y: 300)), after: 1000)
        surface.pointer(.pointerAxisSource(.wheel), .pointerAxisValue120(axis: .vertical, value120: -120), after: 10)
        #expect(surface.router.focusedSlider === a && a.isFocusVisible && a.value == 0.1, "the first enabled slider, its ring shown")
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -120), after: 150)
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -120), after: 150)
        #expect(a.value == 0.3 && log.steps.map(\.value) == [0.1, 0.2, 0.3], "a detent per step: \(log.steps)")
        surface.key(Keysym.returnKey)
        #expect(surface.router.focusedSlider === b && b.isFocusVisible && !a.isFocused)
        surface.pointer(.pointerMotion(a.point(for: 0.9)), .pointerAxisValue120(axis: .vertical, value120: -120), after: 10)
        #expect(b.value == 0.1 && a.value == 0.3, "the focused slider turns, not the one under the pointer")
        surface.key(Keysym.right)
        #expect(b.value == 0.2)
        surface.key(Keysym.keypadEnter)
        #expect(surface.router.focusedSlider === a, "past the disabled slider, around")
        surface.press(at: b.point(for: 0.5))
        surface.pointer(.pointerAxisValue120(axis: .vertical, value120: -120), after: 10)
        #expect(b.value == 0.5 && a.value == 0.3, "a press holds the pointer: the knob waits")
    }

    @Test func clickFocusesWithoutAFocusRing() {
        let surface = TestSurface()
        let a = surface.addSlider()
        surface.press(at: a.point(for: 0.5))
        #expect(a.isFocused && !a.isFocusVisible)
    }

    @Test func leavingTheSurfaceMidPressCancels() {
        let surface = TestSurface()
        let a = surface.addSlider()
        let log = EventLog(a)
        surface.press(at: a.point(for: 0.4))
        surface.move(to: a.point(for: 0.9))
        surface.pointer(.pointerLeave)
        #expect(a.value == 0 && log.cancels == 1 && log.editing == [true, false])
        surface.release()
        #expect(log.editing == [true, false])
    }

    @Test func timestampsThatWrapAroundStayMonotonic() {
        var timeline = InputTimeline()
        #expect(timeline.seconds(for: UInt32.max - 5) == 0)
        #expect(timeline.seconds(for: 4) == 0.01)
        #expect(timeline.seconds(for: 2) == 0.008)
    }

    @Test func removingASliderMidGestureCancelsIt() {
        let surface = TestSurface()
        let a = surface.addSlider()
        let log = EventLog(a)
        surface.press(at: a.point(for: 0.4))
        surface.router.remove(a)
        #expect(log.cancels == 1 && surface.router.pointerGrab == nil && surface.router.sliders.isEmpty)
        surface.release()
    }
}
