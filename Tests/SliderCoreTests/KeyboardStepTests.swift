import Testing
@_spi(Internals) @testable import SliderCore

/// Keyboard and page steps an application sets (Slint #4549: the arrow step was fixed), in values; the
/// automatic ones where none is set.
@Suite struct KeyboardStepTests {
    @Test func setStepsMoveByThemAndNilRestoresTheAutomaticOnes() throws {
        let (s, _) = try loggedSlider()
        try s.setBounds(minimum: 0, maximum: 100)
        #expect(s.keyboardStep == 1 && s.pageStep == 10, "1 % and 10 % of the range")
        try s.setKeyboardStep(5)
        try s.setPageStep(25)
        #expect(s.keyboardStep == 5 && s.pageStep == 25)
        s.handleKey(Keysym.right, state: .pressed, time: 0)
        #expect(s.value == 5)
        s.handleKey(Keysym.pageUp, state: .repeated, time: 0.05)
        #expect(s.value == 30)
        s.handleKey(Keysym.pageUp, state: .released, time: 0.1)
        s.scroll(notches: 2, time: 1)
        #expect(s.value == 40, "the wheel takes the keyboard step")
        try s.setKeyboardStep(nil)
        try s.setPageStep(nil)
        #expect(s.keyboardStep == 1 && s.pageStep == 10)
    }

    @Test func onAGridAStepIsAWholeNumberOfGridSteps() throws {
        let (s, _) = try loggedSlider()
        try s.setBounds(minimum: 0, maximum: 20)
        try s.setStepping(.size(1))
        try s.setKeyboardStep(2.4)
        try s.setPageStep(0.2)
        s.handleKey(Keysym.right, state: .pressed, time: 0)
        #expect(s.value == 2, "2.4 is two grid steps")
        s.handleKey(Keysym.right, state: .released, time: 0.05)
        s.handleKey(Keysym.pageUp, state: .pressed, time: 1)
        #expect(s.value == 3, "a page step under one grid step is one")
    }

    @Test func badStepsAreRefusedByName() throws {
        let (s, _) = try loggedSlider()
        #expect(throws: SliderError.invalidStep(.keyboardStep, 0)) { try s.setKeyboardStep(0) }
        #expect(throws: SliderError.invalidStep(.pageStep, -1)) { try s.setPageStep(-1) }
        #expect(throws: SliderError.nonFiniteValue(.keyboardStep)) { try s.setKeyboardStep(.nan) }
        #expect(throws: SliderError.nonFiniteValue(.pageStep)) { try s.setPageStep(.infinity) }
        #expect(s.keyboardStep == 0.01, "a refused step changes nothing")
        #expect("\(SliderError.invalidStep(.keyboardStep, 0))" == "keyboardStep 0.0: it must be above 0")
    }

    /// On a continuous slider with a scale other than linear, the automatic steps are 1 % and 10 % of the
    /// track, not of the values (1 % of 20 Hz to 20 kHz would jump from 20 Hz to 220 Hz).
    @Test func automaticStepsOnAScaleMoveAlongTheTrack() throws {
        let (s, _) = try loggedSlider()
        try s.setBounds(minimum: 20, maximum: 20_000)
        try s.setValueScale(.logarithmic)
        s.handleKey(Keysym.right, state: .pressed, time: 0)
        #expect(abs(s.model.position(of: s.value) - 0.01) < 1e-12, "\(s.value)")
        s.handleKey(Keysym.pageUp, state: .repeated, time: 0.05)
        #expect(abs(s.model.position(of: s.value) - 0.11) < 1e-12, "\(s.value)")
        try s.setKeyboardStep(100)
        let before = s.value
        s.handleKey(Keysym.right, state: .repeated, time: 0.1)
        #expect(abs(s.value - (before + 100)) < 1e-9, "a step set is in values")
    }

    /// A stepped slider that does not snap moves the same way: arrows and pages alike, 1 % and 10 % of the
    /// track (Page Up moved 10 % of the values there, 2 kHz from 20 Hz).
    @Test func onAGridThatDoesNotSnapTheAutomaticStepsMoveAlongTheTrackToo() throws {
        let (s, _) = try loggedSlider()
        try s.setBounds(minimum: 20, maximum: 20_000)
        try s.setStepping(.size(1))
        s.snapMode = .never
        try s.setValueScale(.logarithmic)
        s.handleKey(Keysym.pageUp, state: .pressed, time: 0)
        #expect(abs(s.model.position(of: s.value) - 0.1) < 1e-12, "\(s.value)")
        s.handleKey(Keysym.right, state: .repeated, time: 0.05)
        #expect(abs(s.model.position(of: s.value) - 0.11) < 1e-12, "\(s.value)")
    }
}
