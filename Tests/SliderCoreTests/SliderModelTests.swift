import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct SliderModelTests {
    @Test func defaultsMatchUISlider() {
        let slider = Slider()
        #expect(slider.value == 0)
        #expect(slider.minimumValue == 0)
        #expect(slider.maximumValue == 1)
        #expect(slider.isContinuous)
        #expect(slider.isEnabled)
        #expect(slider.stepping == .continuous)
        #expect(slider.anchorValue == nil)
        #expect(!slider.isRange)
    }

    @Test func valueOutsideTheBoundsPinsToTheNearestBound() throws {
        let slider = Slider()
        try slider.setValue(7, animated: false)
        #expect(slider.value == 1)
        try slider.setValue(-3, animated: false)
        #expect(slider.value == 0)
    }

    @Test func nonFiniteValuesAreRefusedAndChangeNothing() throws {
        let slider = try Slider(value: 0.4, in: 0...1)
        #expect(throws: SliderError.nonFiniteValue(.value)) { try slider.setValue(.nan, animated: false) }
        #expect(throws: SliderError.nonFiniteValue(.value)) { try slider.setValue(.infinity, animated: true) }
        #expect(throws: SliderError.nonFiniteValue(.value)) { try slider.setValue(-.infinity, animated: false) }
        #expect(slider.value == 0.4)
        #expect(throws: SliderError.nonFiniteValue(.minimumValue)) { try slider.setBounds(minimum: .nan, maximum: 1) }
        #expect(throws: SliderError.nonFiniteValue(.maximumValue)) { try slider.setBounds(minimum: 0, maximum: .infinity) }
        #expect(slider.minimumValue == 0 && slider.maximumValue == 1 && slider.value == 0.4)
        #expect(throws: SliderError.nonFiniteValue(.anchorValue)) { try slider.setAnchorValue(.nan) }
        #expect(throws: SliderError.nonFiniteValue(.stepSize)) { try slider.setStepping(.size(.nan)) }
    }

    @Test func movingABoundPastTheValueMovesTheValue() throws {
        let slider = Slider()
        try slider.setValue(0.5, animated: false)
        try slider.setBounds(minimum: 0.7, maximum: 1)
        #expect(slider.value == 0.7)
        try slider.setBounds(minimum: 0.2, maximum: 0.6)
        #expect(slider.value == 0.6)
    }

    @Test func boundsTheWrongWayRoundAreRefusedAndAZeroSpanIsTaken() throws {
        let slider = Slider()
        try slider.setValue(0.5, animated: false)
        #expect(throws: SliderError.invertedBounds(minimum: 10, maximum: 0)) { try slider.setBounds(minimum: 10, maximum: 0) }
        #expect(slider.minimumValue == 0 && slider.maximumValue == 1 && slider.value == 0.5)
        try slider.setBounds(minimum: 5, maximum: 5)
        #expect(slider.minimumValue == 5 && slider.maximumValue == 5 && slider.value == 5)
        // A zero span is legal: the slider sits at its one value, position 0.
        #expect(slider.model.position(of: 5) == 0)
    }

    @Test func invalidStepsAreRefused() throws {
        let slider = Slider()
        #expect(throws: SliderError.invalidStepSize(0)) { try slider.setStepping(.size(0)) }
        #expect(throws: SliderError.invalidStepSize(-0.1)) { try slider.setStepping(.size(-0.1)) }
        #expect(throws: SliderError.invalidStepCount(1)) { try slider.setStepping(.count(1)) }
        #expect(slider.stepping == .continuous)
        try slider.setBounds(minimum: 0, maximum: 1e15)
        #expect(throws: SliderError.tooManySteps(step: 1e-6, span: 1e15)) { try slider.setStepping(.size(1e-6)) }
        try slider.setStepping(.size(1))
        #expect(throws: SliderError.tooManySteps(step: 1, span: 1e300)) { try slider.setBounds(minimum: 0, maximum: 1e300) }
        #expect(slider.maximumValue == 1e15 && slider.stepping == .size(1))
    }

    @Test func stepSizeAndDiscreteCountAreOneModel() throws {
        let slider = Slider()
        try slider.setStepping(.count(11))
        #expect(slider.model.grid?.step == 0.1)
        try slider.setStepping(.size(0.25))
        #expect(slider.model.grid?.count == 5)
        try slider.setStepping(.continuous)
        #expect(slider.model.grid == nil)
    }

    @Test func snapModes() throws {
        let slider = try Slider(value: 0, in: 0...1, step: 0.1)
        try slider.setValue(0.33, animated: false)
        #expect(slider.value == 0.3)
        slider.snapMode = .never
        try slider.setValue(0.33, animated: false)
        #expect(slider.value == 0.33)
        slider.snapMode = .always
        #expect(slider.value == 0.3)
        slider.snapMode = .onRelease
        try slider.setValue(0.47, animated: false)
        #expect(slider.value == 0.47, "values set by code snap only with .always")
    }

    @Test func offGridValueOnAStepChangeNeverCrashes() throws {
        let slider = try Slider(value: 0.123456, in: 0...1)
        try slider.setStepping(.size(0.3))
        #expect(slider.value == 0)
        try slider.setValue(0.97, animated: false)
        #expect(slider.value == 1)
        try slider.setStepping(.count(2))
        #expect(slider.value == 1)
    }

    @Test func anchorValueIsPinnedIntoTheBoundsWhenUsed() throws {
        let slider = try Slider(value: 0, in: -10...10)
        try slider.setAnchorValue(0)
        #expect(slider.model.effectiveAnchor == 0)
        try slider.setAnchorValue(50)
        #expect(slider.anchorValue == 50)
        #expect(slider.model.effectiveAnchor == 10)
    }

    @Test func rangeThumbsKeepTheirSeparation() throws {
        let slider = Slider(isRange: true)
        try slider.setBounds(minimum: 0, maximum: 10)
        try slider.setValue(8, ofThumb: 1, animated: false)
        try slider.setValue(2, ofThumb: 0, animated: false)
        try slider.setMinimumSeparation(1)
        try slider.setValue(9, ofThumb: 0, animated: false)
        #expect(slider.value == 7)
        try slider.setValue(0, ofThumb: 1, animated: false)
        #expect(slider.upperValue == 8)
        #expect(throws: SliderError.negativeSeparation(-1)) { try slider.setMinimumSeparation(-1) }
        try slider.setMinimumSeparation(100)
        #expect(slider.model.effectiveSeparation == 10)
        #expect(slider.value == 0 && slider.upperValue == 10)
        #expect(throws: SliderError.notARangeSlider) { try Slider().setMinimumSeparation(1) }
        #expect(throws: SliderError.notARangeSlider) { try Slider().setValue(1, ofThumb: 1, animated: false) }
    }

    @Test func rangeSeparationStaysOnTheGrid() throws {
        let slider = Slider(isRange: true)
        try slider.setStepping(.size(0.1))
        try slider.setMinimumSeparation(0.25)
        try slider.setValue(0.5, ofThumb: 1, animated: false)
        try slider.setValue(0.4, ofThumb: 0, animated: false)
        #expect(slider.value == 0.2, "0.25 below 0.5, rounded down onto the grid")
        #expect(slider.upperValue - slider.value >= 0.25)
    }

    @Test func settersThatThrowLeaveEverythingAsItWas() throws {
        let slider = try Slider(value: 0.5, in: 0...1, step: 0.1)
        let before = slider.model
        #expect(throws: SliderError.self) { try slider.setStepping(.size(-1)) }
        #expect(throws: SliderError.self) { try slider.setBounds(minimum: 2, maximum: 1) }
        #expect(slider.model == before)
    }
}
