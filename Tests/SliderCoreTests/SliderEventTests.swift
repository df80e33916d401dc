import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct SliderEventTests {
    @Test func editingBeginsOnceAndEndsOnceAfterTheRelease() throws {
        let (s, log) = try loggedSlider()
        s.beginTracking(.pointer, at: s.point(for: 0.2), time: 0)
        #expect(log.events.first == .editingChanged(true))
        for i in 1...5 { s.continueTracking(.pointer, at: s.point(for: 0.2 + Double(i) * 0.1), time: Double(i) * 0.02) }
        #expect(log.editing == [true], "no end before the release")
        s.endTracking(.pointer, time: 0.2)
        #expect(log.editing == [true, false])
        #expect(log.events.last == .editingChanged(false))
        s.endTracking(.pointer, time: 0.3)
        #expect(log.editing == [true, false], "a second release is not a second end")
    }

    @Test func discontinuousSliderReportsOnceOnRelease() {
        let (s, log) = loggedSlider { $0.isContinuous = false }
        s.beginTracking(.pointer, at: s.point(for: 0.2), time: 0)
        for i in 1...5 { s.continueTracking(.pointer, at: s.point(for: 0.2 + Double(i) * 0.1), time: Double(i) * 0.02) }
        #expect(log.valueChanges.isEmpty)
        s.endTracking(.pointer, time: 0.2)
        #expect(log.valueChanges.count == 1)
        #expect(abs(log.valueChanges[0] - 0.7) < 1e-9)
        #expect(log.events.suffix(2) == [.valueChanged(thumb: 0, value: s.value), .editingChanged(false)])
    }

    @Test func discontinuousGestureEndingWhereItBeganReportsNothing() throws {
        let (s, log) = try loggedSlider { $0.isContinuous = false; try $0.setValue(0.5, animated: false) }
        s.beginTracking(.pointer, at: s.thumbCenter(), time: 0)
        s.continueTracking(.pointer, at: s.thumbCenter().offset(dx: 50), time: 0.1)
        s.continueTracking(.pointer, at: s.thumbCenter().offset(dx: -50), time: 0.2)
        s.endTracking(.pointer, time: 0.3)
        #expect(log.valueChanges.isEmpty)
    }

    @Test func rateLimitedUpdatesAlwaysDeliverTheFinalValue() {
        let (s, log) = loggedSlider { $0.valueChangeInterval = 0.1 }
        s.beginTracking(.pointer, at: s.point(for: 0), time: 0)
        for i in 1...50 { s.continueTracking(.pointer, at: s.point(for: Double(i) / 60), time: Double(i) * 0.01) }
        s.endTracking(.pointer, time: 0.51)
        #expect(log.valueChanges.count <= 7, "about one per 0.1 s over 0.5 s")
        #expect(abs((log.valueChanges.last ?? 0) - 50.0 / 60) < 1e-9)
    }

    @Test func snapOnReleaseLandsOnTheGridAndEasesThere() throws {
        let clock = ManualClock()
        let s = Slider(clock: clock)
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        try s.setStepping(.size(0.25))
        s.snapMode = .onRelease
        let log = EventLog(s)
        s.beginTracking(.pointer, at: s.point(for: 0), time: 0)
        s.continueTracking(.pointer, at: s.point(for: 0.6), time: 0.1)
        #expect(abs(s.value - 0.6) < 1e-9, "continuous while dragging")
        s.endTracking(.pointer, time: 0.2)
        #expect(s.value == 0.5)
        #expect(log.events.suffix(2) == [.valueChanged(thumb: 0, value: 0.5), .editingChanged(false)])
        #expect(abs(s.presentationValue(ofThumb: 0) - 0.6) < 1e-9, "the thumb starts where the finger left it")
        clock.advance(by: 0.05)
        let mid = s.presentationValue(ofThumb: 0)
        #expect(mid < 0.6 && mid > 0.5)
        #expect(mid < 0.55, "ease-out: past half way at half time")
        clock.advance(by: 0.05)
        #expect(s.presentationValue(ofThumb: 0) == 0.5)
        #expect(!s.advanceAnimations())
    }

    @Test func snapAlwaysKeepsDragValuesOnTheGrid() throws {
        let (s, log) = try loggedSlider()
        try s.setStepping(.size(0.1))
        s.beginTracking(.pointer, at: s.point(for: 0), time: 0)
        for i in 1...40 { s.continueTracking(.pointer, at: s.point(for: Double(i) / 40), time: Double(i) * 0.01) }
        #expect(log.valueChanges.allSatisfy { DecimalGrid.decimalPlaces(of: $0).map { $0 <= 1 } ?? false })
        #expect(log.valueChanges == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0], "each value once, in order, never twice")
    }

    @Test func specificCallbacksFireAlongsideOnEvent() {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        var values: [Double] = [], editing: [Bool] = [], cancels = 0
        s.onValueChanged = { values.append($0) }
        s.onEditingChanged = { editing.append($0) }
        s.onCancel = { cancels += 1 }
        s.beginTracking(.pointer, at: s.point(for: 0.5), time: 0)
        s.cancelTracking(where: { _ in true })
        #expect(values == [0.5, 0])
        #expect(editing == [true, false])
        #expect(cancels == 1)
    }
}
