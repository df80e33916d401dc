import Testing
@_spi(Internals) @testable import SliderCore

/// Gestures through `Slider`'s tracking entry points (the router's tests cover the same through events).
@Suite struct TrackingEngineTests {
    @Test func thumbGrabbedOffCentreKeepsItsOffset() throws {
        let (s, _) = try loggedSlider { try $0.setValue(0.5, animated: false) }
        let c = s.thumbCenter()
        #expect(s.beginTracking(.pointer, at: Point(x: c.x + 10, y: c.y), time: 0))
        #expect(s.value == 0.5, "no jump on press")
        s.continueTracking(.pointer, at: Point(x: c.x + 10 + 37.2, y: c.y), time: 0.1)
        #expect(abs(s.thumbCenter().x - (c.x + 37.2)) < 0.5)
        s.endTracking(.pointer, time: 0.2)
        #expect(abs(s.value - (0.5 + 37.2 / 372)) < 1e-9)
    }

    /// The window resizes or the output turns mid-drag: the value stays where it was, and motion from the
    /// pointer's last point is measured in the new layout (its travel, its origin), for a mouse and a finger.
    @Test(arguments: [TrackingSource.pointer, .touch(4)])
    func aDragGoesOnThroughANewLayoutFromTheValueItHad(_ source: TrackingSource) throws {
        let (s, log) = try loggedSlider { try $0.setValue(0.5, animated: false) }
        let c = s.thumbCenter()
        #expect(s.beginTracking(source, at: c, time: 0))
        s.continueTracking(source, at: Point(x: c.x + 37.2, y: c.y), time: 0.1)
        let before = s.value
        #expect(abs(before - (0.5 + 37.2 / 372)) < 1e-9)
        // Twice as wide and 100 pt lower: the thumb is drawn elsewhere, the finger has not moved.
        s.frame = Rect(x: 0, y: 100, width: 800, height: 44)
        #expect(s.value == before && s.isTracking, "no jump for a layout change")
        s.continueTracking(source, at: Point(x: c.x + 37.2 + 77.2, y: c.y + 100), time: 0.2)
        #expect(abs(s.value - (before + 77.2 / 772)) < 1e-9, "77.2 pt of the new 772 pt travel: \(s.value)")
        s.endTracking(source, time: 0.3)
        #expect(abs(s.value - (before + 0.1)) < 1e-9 && log.editing == [true, false])
    }

    @Test func tapAndSlideJumpsToAPressOnTheTrack() throws {
        let (s, log) = try loggedSlider()
        #expect(s.beginTracking(.pointer, at: s.point(for: 0.75), time: 0))
        #expect(abs(s.value - 0.75) < 1e-9)
        s.continueTracking(.pointer, at: s.point(for: 0.8), time: 0.1)
        s.endTracking(.pointer, time: 0.2)
        #expect(abs(s.value - 0.8) < 1e-9)
        #expect(log.editing == [true, false])
    }

    @Test func slideThumbIgnoresTrackPresses() {
        let (s, log) = loggedSlider { $0.tracking.policy = .slideThumb }
        #expect(!s.beginTracking(.pointer, at: s.point(for: 0.75), time: 0))
        #expect(s.value == 0 && log.events.isEmpty)
        #expect(s.beginTracking(.pointer, at: s.thumbCenter(), time: 0))
        s.continueTracking(.pointer, at: s.point(for: 0.5), time: 0.1)
        #expect(abs(s.value - 0.5) < 1e-9)
    }

    @Test func tapOnlyMovesOnTapAndIgnoresDrags() {
        let (s, _) = loggedSlider { $0.tracking.policy = .tapOnly }
        #expect(s.beginTracking(.pointer, at: s.point(for: 0.25), time: 0))
        #expect(abs(s.value - 0.25) < 1e-9)
        s.continueTracking(.pointer, at: s.point(for: 0.9), time: 0.1)
        s.endTracking(.pointer, time: 0.2)
        #expect(abs(s.value - 0.25) < 1e-9)
    }

    @Test func slideOnlyMovesByTheDragDistanceWithoutJumping() throws {
        let (s, _) = try loggedSlider { $0.tracking.policy = .slideOnly; try $0.setValue(0.2, animated: false) }
        #expect(s.beginTracking(.pointer, at: s.point(for: 0.7), time: 0))
        #expect(s.value == 0.2)
        s.continueTracking(.pointer, at: s.point(for: 0.8), time: 0.1)
        #expect(abs(s.value - 0.3) < 1e-9)
    }

    @Test func touchWaitsForTheDragThreshold() throws {
        let (s, log) = try loggedSlider { try $0.setValue(0.5, animated: false) }
        let c = s.thumbCenter()
        #expect(s.beginTracking(.touch(3), at: c, time: 0))
        s.continueTracking(.touch(3), at: Point(x: c.x + 7, y: c.y), time: 0.05)
        #expect(s.value == 0.5 && log.events.isEmpty, "under 8 pt nothing happens")
        s.continueTracking(.touch(3), at: Point(x: c.x + 20, y: c.y), time: 0.1)
        #expect(log.editing == [true])
        #expect(abs(s.thumbCenter().x - (c.x + 20)) < 0.5, "the thumb catches up with the finger, keeping the press offset")
    }

    @Test func touchSwipeAcrossTheTrackIsLeftToTheScroller() throws {
        let (s, log) = try loggedSlider { try $0.setValue(0.5, animated: false) }
        let c = s.thumbCenter()
        #expect(s.beginTracking(.touch(1), at: c, time: 0))
        s.continueTracking(.touch(1), at: Point(x: c.x + 3, y: c.y + 30), time: 0.05)
        s.continueTracking(.touch(1), at: Point(x: c.x + 60, y: c.y + 30), time: 0.1)
        s.endTracking(.touch(1), time: 0.15)
        #expect(s.value == 0.5)
        #expect(log.events.isEmpty)
    }

    @Test func touchTapOnTheTrackMovesTheThumbOnRelease() throws {
        let (s, log) = try loggedSlider()
        #expect(s.beginTracking(.touch(1), at: s.point(for: 0.6), time: 0))
        #expect(s.value == 0)
        s.endTracking(.touch(1), time: 0.1)
        #expect(abs(s.value - 0.6) < 1e-9)
        #expect(log.editing == [true, false])
        let thumbTap = s.thumbCenter()
        #expect(s.beginTracking(.touch(2), at: Point(x: thumbTap.x + 9, y: thumbTap.y), time: 1))
        s.endTracking(.touch(2), time: 1.1)
        #expect(abs(s.value - 0.6) < 1e-9, "a tap on the thumb itself does not move it by the offset")
    }

    @Test func cancelRestoresTheValueAtPressAndSaysSo() throws {
        let (s, log) = try loggedSlider { try $0.setValue(0.3, animated: false) }
        s.beginTracking(.touch(1), at: s.thumbCenter(), time: 0)
        s.continueTracking(.touch(1), at: s.point(for: 0.9), time: 0.1)
        #expect(s.value > 0.8)
        s.cancelTracking(where: { $0.isTouch })
        #expect(s.value == 0.3)
        #expect(log.cancels == 1)
        #expect(log.events.suffix(3) == [.valueChanged(thumb: 0, value: 0.3), .cancelled, .editingChanged(false)])
        #expect(!s.isTracking)
    }

    /// A finger that held still and then jumped in the last moments before lift-off (the contact's centroid
    /// rolling off a capacitive screen) leaves the value where it rested, whatever the jump's size up to a
    /// thumb's radius, whether the screen sent nothing while the finger was still or kept sending jitter.
    @Test(arguments: [0.004, 0.02, 0.045], [false, true])
    func aJumpJustBeforeLiftOffAfterAHoldIsUndone(_ jumpBeforeLift: Double, _ jitterWhileHeld: Bool) throws {
        let (s, log) = try loggedSlider { try $0.setValue(0.5, animated: false) }
        let radius = s.style.metrics.thumbDiameter / 2
        for (n, jump) in [1.0, 5, 10, -radius + 0.25].enumerated() {
            let t0 = Double(n) * 10
            let c = s.thumbCenter()
            s.beginTracking(.touch(1), at: c, time: t0)
            // A deliberate drag of 40 pt, then the finger rests for 0.3 s.
            for i in 1...10 { s.continueTracking(.touch(1), at: Point(x: c.x + 4 * Double(i), y: c.y), time: t0 + 0.016 * Double(i)) }
            var t = t0 + 0.16
            while jitterWhileHeld && t < t0 + 0.46 {
                s.continueTracking(.touch(1), at: Point(x: c.x + 40 + (Int(t * 1000) % 2 == 0 ? 0.1 : -0.1), y: c.y + 0.2), time: t)
                t += 0.008
            }
            let rested = s.value
            let lift = t0 + 0.46 + jumpBeforeLift
            s.continueTracking(.touch(1), at: Point(x: c.x + 40 + jump / 2, y: c.y + 3), time: lift - jumpBeforeLift)
            s.continueTracking(.touch(1), at: Point(x: c.x + 40 + jump, y: c.y + 5), time: lift - jumpBeforeLift / 2)
            s.endTracking(.touch(1), time: lift)
            #expect(abs(s.value - rested) < 1e-9, "a \(jump) pt jump \(jumpBeforeLift * 1000) ms before lift-off is undone")
        }
        #expect(log.editing.count == 8, "every gesture began and ended")
    }

    @Test func aFingerHeldOnTheThumbThatJumpsPastTheSlopAsItLiftsLeavesTheValue() throws {
        let (s, log) = try loggedSlider { try $0.setValue(0.5, animated: false) }
        let c = s.thumbCenter()
        s.beginTracking(.touch(1), at: c, time: 0)
        s.continueTracking(.touch(1), at: Point(x: c.x + 12, y: c.y), time: 0.295)
        s.endTracking(.touch(1), time: 0.3)
        #expect(s.value == 0.5, "held 0.3 s, jumped 12 pt (past the 8 pt slop) 5 ms before lift-off")
        #expect(log.editing == [true, false])
    }

    /// Deliberate motion is kept: a fast drag lifted while moving, a flick farther than a thumb's radius
    /// after a hold, a slow move after a hold that lasts longer than the jump interval, and the mouse.
    @Test func deliberateMotionBeforeLiftOffIsKept() throws {
        let (s, _) = try loggedSlider { try $0.setValue(0.2, animated: false) }
        let radius = s.style.metrics.thumbDiameter / 2
        // A fast drag at 60 Hz and 600 pt/s, lifted 2 ms after its last motion.
        var c = s.thumbCenter()
        s.beginTracking(.touch(1), at: c, time: 0)
        for i in 1...12 { s.continueTracking(.touch(1), at: Point(x: c.x + 10 * Double(i), y: c.y), time: 0.0167 * Double(i)) }
        var moved = s.value
        s.endTracking(.touch(1), time: 0.0167 * 12 + 0.002)
        #expect(s.value == moved && s.value > 0.5, "a fast drag keeps its last motion")
        // A hold, then a flick of two radii in the last 20 ms.
        c = s.thumbCenter()
        s.beginTracking(.touch(2), at: c, time: 1)
        s.continueTracking(.touch(2), at: Point(x: c.x - 20, y: c.y), time: 1.05)
        s.continueTracking(.touch(2), at: Point(x: c.x - 20 - radius, y: c.y), time: 1.49)
        s.continueTracking(.touch(2), at: Point(x: c.x - 20 - 2 * radius, y: c.y), time: 1.495)
        moved = s.value
        s.endTracking(.touch(2), time: 1.5)
        #expect(s.value == moved, "a flick farther than a thumb's radius is kept")
        // A hold, then a slow deliberate move of 10 pt over 0.2 s at 60 Hz.
        c = s.thumbCenter()
        s.beginTracking(.touch(3), at: c, time: 2)
        s.continueTracking(.touch(3), at: Point(x: c.x + 20, y: c.y), time: 2.05)
        for i in 1...12 { s.continueTracking(.touch(3), at: Point(x: c.x + 20 + Double(i) * 10 / 12, y: c.y), time: 2.4 + 0.0167 * Double(i)) }
        moved = s.value
        s.endTracking(.touch(3), time: 2.4 + 0.0167 * 12 + 0.001)
        #expect(s.value == moved, "a move longer than the jump interval is kept")
        // The mouse has no contact to roll: a hold then a small quick move is kept.
        c = s.thumbCenter()
        s.beginTracking(.pointer, at: c, time: 3)
        s.continueTracking(.pointer, at: Point(x: c.x + 5, y: c.y), time: 3.395)
        moved = s.value
        s.endTracking(.pointer, time: 3.4)
        #expect(s.value == moved && moved != 0, "the pointer's last motion is kept")
    }

    @Test func fineScrubbingSlowsContinuouslyAwayFromTheTrack() throws {
        let scrub = FineScrubbing(isEnabled: true)
        #expect(scrub.rate(atDistance: 0) == 1)
        #expect(abs(scrub.rate(atDistance: 50) - 0.5) < 1e-9)
        #expect(abs(scrub.rate(atDistance: 100) - 0.25) < 1e-9)
        #expect(abs(scrub.rate(atDistance: 150) - 0.1) < 1e-9)
        #expect(scrub.rate(atDistance: 400) == 0.1)
        var previous = 1.0
        for d in stride(from: 0.0, through: 200, by: 0.5) {
            let r = scrub.rate(atDistance: d)
            #expect(r <= previous && previous - r < 0.01, "monotonic and without steps at \(d)")
            previous = r
        }
        #expect(FineScrubbing().rate(atDistance: 100) == 1, "off by default")

        let (s, log) = try loggedSlider { $0.tracking.fineScrubbing.isEnabled = true; try $0.setValue(0.5, animated: false) }
        let c = s.thumbCenter()
        s.beginTracking(.pointer, at: c, time: 0)
        s.continueTracking(.pointer, at: Point(x: c.x, y: c.y + 22 + 100), time: 0.1)
        #expect(abs(s.scrubbingRate - 0.25) < 1e-9)
        s.continueTracking(.pointer, at: Point(x: c.x + 40, y: c.y + 22 + 100), time: 0.2)
        #expect(abs(s.value - (0.5 + 10.0 / 372)) < 1e-9, "40 pt at rate 1/4 moves the thumb 10 pt")
        #expect(log.events.contains(.scrubbingRateChanged(0.25)))
    }

    @Test func keyboardArrowsPagesHomeAndEnd() throws {
        let (s, log) = try loggedSlider()
        try s.setStepping(.size(0.05))
        s.handleKey(Keysym.right, state: .pressed, time: 0)
        #expect(s.value == 0.05)
        s.handleKey(Keysym.right, state: .repeated, time: 0.05)
        s.handleKey(Keysym.up, state: .repeated, time: 0.1)
        #expect(s.value == 0.15)
        s.handleKey(Keysym.up, state: .released, time: 0.15)
        #expect(log.editing == [true, false], "a held key is one gesture")
        s.handleKey(Keysym.pageUp, state: .pressed, time: 1)
        #expect(s.value == 0.25)
        s.handleKey(Keysym.end, state: .pressed, time: 1.1)
        #expect(s.value == 1)
        s.handleKey(Keysym.pageDown, state: .pressed, time: 1.2)
        #expect(s.value == 0.9)
        s.handleKey(Keysym.home, state: .pressed, time: 1.3)
        #expect(s.value == 0)
        s.handleKey(Keysym.left, state: .pressed, time: 1.4)
        #expect(s.value == 0)
        #expect(!s.handleKey(0x61, state: .pressed, time: 2), "letters are not the slider's")
    }

    @Test func arrowsSwapInRightToLeftButUpStillIncreases() throws {
        let (s, _) = try loggedSlider { $0.layoutDirection = .rightToLeft; try $0.setValue(0.5, animated: false) }
        s.handleKey(Keysym.left, state: .pressed, time: 0)
        #expect(s.value == 0.51)
        s.handleKey(Keysym.right, state: .pressed, time: 0.1)
        s.handleKey(Keysym.right, state: .pressed, time: 0.2)
        #expect(abs(s.value - 0.49) < 1e-12)
        s.handleKey(Keysym.up, state: .pressed, time: 0.3)
        #expect(abs(s.value - 0.5) < 1e-12)
        let (v, _) = loggedSlider { $0.orientation = .vertical; $0.frame = Rect(x: 0, y: 0, width: 44, height: 300) }
        v.handleKey(Keysym.right, state: .pressed, time: 0)
        v.handleKey(Keysym.up, state: .pressed, time: 0.1)
        #expect(v.value == 0.02)
    }

    @Test func escapeCancelsAKeyboardGesture() throws {
        let (s, log) = try loggedSlider()
        try s.setStepping(.size(0.1))
        s.handleKey(Keysym.right, state: .pressed, time: 0)
        s.handleKey(Keysym.right, state: .repeated, time: 0.05)
        #expect(s.value == 0.2)
        #expect(s.handleKey(Keysym.escape, state: .pressed, time: 0.1))
        #expect(s.value == 0)
        #expect(log.cancels == 1 && log.editing == [true, false])
        #expect(!s.handleKey(Keysym.right, state: .released, time: 0.2), "the release after a cancel is not a second end")
        #expect(!s.handleKey(Keysym.escape, state: .pressed, time: 0.3), "Escape with nothing to cancel is left to the app")
    }

    @Test func stackedRangeThumbsPickTheOneThatCanMoveTowardThePress() throws {
        let (s, _) = try loggedSlider()
        let r = Slider(isRange: true, clock: ManualClock())
        r.frame = s.frame
        try r.setValue(0.5, ofThumb: 1, animated: false)
        try r.setValue(0.5, ofThumb: 0, animated: false)
        let c = r.thumbCenter(0)
        r.beginTracking(.pointer, at: Point(x: c.x + 5, y: c.y), time: 0)
        r.continueTracking(.pointer, at: Point(x: c.x + 50, y: c.y), time: 0.1)
        #expect(r.upperValue > 0.6 && r.value == 0.5, "a press right of stacked thumbs takes the upper one")
        r.endTracking(.pointer, time: 0.2)

        try r.setValue(0.5, ofThumb: 1, animated: false)
        r.beginTracking(.pointer, at: c, time: 1)
        r.continueTracking(.pointer, at: Point(x: c.x - 50, y: c.y), time: 1.1)
        #expect(r.value < 0.4 && r.upperValue == 0.5, "a press on the centre waits for the first motion: left takes the lower")
        r.endTracking(.pointer, time: 1.2)

        try r.setValue(1, ofThumb: 1, animated: false)
        try r.setValue(1, ofThumb: 0, animated: false)
        r.beginTracking(.pointer, at: r.thumbCenter(1), time: 2)
        r.continueTracking(.pointer, at: r.point(for: 0.7), time: 2.1)
        #expect(r.value < 0.75 && r.upperValue == 1, "stacked at the maximum: only the lower can move")
    }

    @Test func twoFingersMoveTwoThumbsAndAThirdIsRefused() throws {
        let r = Slider(isRange: true, clock: ManualClock())
        r.frame = Rect(x: 0, y: 0, width: 400, height: 44)
        let log = EventLog(r)
        try r.setValue(0.8, ofThumb: 1, animated: false)
        try r.setValue(0.2, ofThumb: 0, animated: false)
        let a = r.thumbCenter(0), b = r.thumbCenter(1)
        #expect(r.beginTracking(.touch(1), at: a, time: 0))
        #expect(r.beginTracking(.touch(2), at: b, time: 0))
        #expect(!r.beginTracking(.touch(3), at: r.point(for: 0.5), time: 0))
        for i in 1...5 {
            r.continueTracking(.touch(1), at: Point(x: a.x + Double(i) * 10, y: a.y), time: Double(i) * 0.02)
            r.continueTracking(.touch(2), at: Point(x: b.x - Double(i) * 10, y: b.y), time: Double(i) * 0.02)
        }
        #expect(r.value > 0.3 && r.upperValue < 0.7)
        r.endTracking(.touch(1), time: 0.2)
        #expect(log.editing == [true], "editing lasts while a finger is down")
        r.endTracking(.touch(2), time: 0.2)
        #expect(log.editing == [true, false])
    }

    @Test func disabledSliderIgnoresInput() {
        let (s, log) = loggedSlider { $0.isEnabled = false }
        #expect(!s.beginTracking(.pointer, at: s.point(for: 0.5), time: 0))
        #expect(!s.handleKey(Keysym.right, state: .pressed, time: 0))
        s.scroll(notches: 3, time: 0)
        #expect(s.value == 0 && log.events.isEmpty)
    }

    @Test func disablingMidDragCancels() throws {
        let (s, log) = try loggedSlider()
        s.beginTracking(.pointer, at: s.point(for: 0.5), time: 0)
        s.isEnabled = false
        #expect(s.value == 0 && log.cancels == 1 && log.editing == [true, false])
    }
}
