import RealModule
import Testing
@_spi(Internals) @testable import SliderCore

/// Value scales: positions move in the scale's space, values stay values, both ends exact, and a scale that
/// cannot map the bounds is refused with the reason.
@Suite struct ValueScaleTests {
    func frequency(_ configure: (Slider) throws -> Void = { _ in }) throws -> (Slider, EventLog) {
        let (s, log) = try loggedSlider()
        try s.setBounds(minimum: 20, maximum: 20_000)
        try s.setValueScale(.logarithmic)
        try configure(s)
        return (s, log)
    }

    @Test func aLogarithmicScaleSpreadsRatiosEvenlyAndIsExactAtBothEnds() throws {
        let (s, _) = try frequency()
        let model = s.model
        #expect(model.position(of: 20) == 0 && model.position(of: 20_000) == 1)
        #expect(model.value(atPosition: 0) == 20 && model.value(atPosition: 1) == 20_000)
        #expect(abs(model.position(of: 200) - 1.0 / 3) < 1e-12 && abs(model.position(of: 2000) - 2.0 / 3) < 1e-12, "a decade a third")
        #expect(abs(model.value(atPosition: 0.5) - Double.sqrt(20 * 20_000)) < 1e-9, "the middle is the geometric mean")
        for k in 1..<100 {
            let p = Double(k) / 100
            let v = model.value(atPosition: p)
            #expect(v > 20 && v < 20_000 && abs(model.position(of: v) - p) < 1e-12, "round trip at \(p)")
        }
    }

    @Test func powerAndCustomScales() throws {
        let (s, _) = try loggedSlider()
        try s.setValueScale(.power(3))
        #expect(s.model.value(atPosition: 0.5) == 0.125, "PipeWire's cubic volume: half way is an eighth")
        #expect(abs(s.model.position(of: 0.125) - 0.5) < 1e-12)
        #expect(s.model.position(of: 1) == 1 && s.model.value(atPosition: 1) == 1)
        let squareRoot = CustomValueScale(position: { $0.squareRoot() }, fraction: { $0 * $0 })
        try s.setBounds(minimum: -1, maximum: 1)
        try s.setValueScale(.custom(squareRoot))
        #expect(s.valueScale == .custom(squareRoot))
        #expect(abs(s.model.position(of: -0.5) - 0.5) < 1e-12 && s.model.value(atPosition: 0.5) == -0.5)
        let broken = CustomValueScale(position: { _ in .nan }, fraction: { $0 * 1e9 })
        try s.setValueScale(.custom(broken))
        #expect(s.model.position(of: 0.3) == 0, "NaN reads as 0")
        #expect(s.model.value(atPosition: 0.4) == 1, "past 1 is clamped to the maximum")
        #expect(s.model.position(of: -1) == 0 && s.model.position(of: 1) == 1, "the ends stay pinned")
    }

    @Test func scalesThatCannotMapTheBoundsAreRefusedAndChangeNothing() throws {
        let (s, _) = try loggedSlider()
        #expect(throws: SliderError.logarithmicScaleNeedsPositiveBounds(minimum: 0)) { try s.setValueScale(.logarithmic) }
        #expect(s.valueScale == .linear, "a refused scale changes nothing")
        for exponent in [0, -2, Double.nan, .infinity] {
            do {
                try s.setValueScale(.power(exponent))
                Issue.record("power(\(exponent)) was accepted")
            } catch {
                guard case .invalidExponent = error else { Issue.record("\(error)"); continue }
            }
        }
        #expect(s.valueScale == .linear)
        let (f, _) = try frequency { try $0.setValue(440, animated: false) }
        #expect(throws: SliderError.logarithmicScaleNeedsPositiveBounds(minimum: -5)) { try f.setBounds(minimum: -5, maximum: 100) }
        #expect(throws: SliderError.logarithmicScaleNeedsPositiveBounds(minimum: 0)) { try f.setBounds(minimum: 0, maximum: 20_000) }
        #expect(f.minimumValue == 20 && f.maximumValue == 20_000 && f.value == 440, "bounds under a logarithmic scale stay above 0")
        #expect("\(SliderError.logarithmicScaleNeedsPositiveBounds(minimum: 0))" == "a logarithmic scale needs a minimum above 0, not 0.0")
        #expect("\(SliderError.invalidExponent(-2))" == "power scale exponent -2.0: a finite number above 0")
    }

    /// A drag puts the thumb under the finger in the scale's space; the value snaps to steps counted in values.
    @Test func dragsMoveInTheScalesSpaceAndStepsStayInValues() throws {
        let (s, log) = try frequency { try $0.setValue(20, animated: false) }
        _ = s.beginTracking(.pointer, at: s.thumbCenter(), time: 0)
        s.continueTracking(.pointer, at: s.point(for: 632.455532), time: 0.1)
        #expect(abs(s.value - 632.455532) < 0.01, "the middle of the track: \(s.value)")
        #expect(abs(s.thumbCenter().x - s.layout.thumbCenter(atPosition: 0.5).x) < 1, "the thumb sits half way")
        s.endTracking(.pointer, time: 0.2)
        #expect(log.valueChanges.last.map { abs($0 - 632.455532) < 0.01 } == true)
        try s.setStepping(.size(10))
        #expect(s.value == 630, "snapped to the step in values")
        _ = s.beginTracking(.pointer, at: s.thumbCenter(), time: 1)
        s.continueTracking(.pointer, at: s.point(for: 6_325), time: 1.1)
        #expect(abs(s.value - 6_325) < 150 && s.value.truncatingRemainder(dividingBy: 10) == 0,
                "a point of track is about 117 Hz there; the value is on the grid: \(s.value)")
        s.endTracking(.pointer, time: 1.2)
    }

    /// On a logarithmic scale the ticks fall on round values, denser where a value takes more track: every
    /// decade's 1 and its 2 and 5 where there is room, never closer than the minimum spacing, both ends drawn,
    /// and the same from a grid of a billion steps in bounded work.
    @Test(arguments: [1.0, 0.001]) func logarithmicTicksFallOnRoundValues(step: Double) throws {
        let (s, _) = try frequency { try? $0.setStepping(.size(step)) }
        var values: [Double] = []
        s.layout.forEachTick(of: s.model) { values.append($0) }
        let positions = values.map { s.model.position(of: $0) }
        #expect(values.first == 20 && values.last == 20_000)
        for decade in [100.0, 200, 500, 1000, 2000, 5000, 10_000] { #expect(values.contains(decade), "\(decade) in \(values)") }
        for value in values.dropFirst().dropLast() {
            let magnitude = Double.pow(10, Double.log10(value).rounded(.down) - 1)
            #expect((value / magnitude).rounded() == value / magnitude, "\(value) has two significant digits at most")
        }
        let gaps = zip(positions, positions.dropFirst()).map { ($1 - $0) * s.layout.travelLength }
        #expect(gaps.allSatisfy { $0 >= s.layout.metrics.minimumTickSpacing - 1e-9 }, "\(gaps)")
        #expect(values.count >= 20 && values.count <= Int(s.layout.travelLength / s.layout.metrics.minimumTickSpacing) + 1, "\(values)")
    }

    /// A non-linear scale's ticks are kept from frame to frame, and found again when what they depend on
    /// changes (bounds, grid, scale, track length), not when the value moves.
    @Test func logarithmicTicksAreKeptUntilWhatTheyDependOnChanges() throws {
        let (s, _) = try frequency { try? $0.setStepping(.size(1)) }
        func ticks() -> [Double] {
            var values: [Double] = []
            s.forEachTick(in: s.layout) { values.append($0) }
            return values
        }
        func fresh() -> [Double] {
            var values: [Double] = []
            s.layout.forEachTick(of: s.model) { values.append($0) }
            return values
        }
        let first = ticks()
        #expect(first == fresh() && first.count > 10)
        try s.setValue(5000, animated: false)
        #expect(ticks() == first, "the value is not part of them")
        try s.setBounds(minimum: 50, maximum: 5000)
        #expect(ticks() == fresh() && ticks().first == 50, "new bounds: \(ticks().prefix(3))")
        s.frame.size.width /= 2
        #expect(ticks() == fresh() && ticks().count < first.count, "a shorter track: \(ticks().count)")
        try s.setValueScale(.linear)
        #expect(ticks() == fresh(), "a linear scale walks its grid")
    }

    /// Ticks sit at grid values, placed by the scale; the formatter and the accessible value read values.
    @Test func ticksAndTextFollowValues() throws {
        let (s, _) = try loggedSlider()
        try s.setBounds(minimum: 1, maximum: 1000)
        try s.setStepping(.size(111))
        try s.setValueScale(.logarithmic)
        let positions = s.layout.tickPositions(for: s.model)
        #expect(positions.first == 0 && positions.last == 1)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "\(positions)")
        #expect(abs(positions[1] - Double.log(112) / Double.log(1000)) < 1e-12, "112 is where its logarithm puts it")
        try s.setValue(445, animated: false)
        #expect(s.formatter.string(for: s.value, in: s.model) == "445")
        #expect(s.accessibilityValue == s.formatter.string(for: 445, in: s.model))
    }
}
