import Testing
@_spi(Internals) @testable import SliderWayland

@Suite struct SurfaceScaleTests {
    @Test func theLargestScaleOfTheOutputsTheSurfaceIsOnWins() {
        #expect(SurfaceScale.choose(preferred120: nil, canUseViewport: true, enteredOutputScales: [1, 2], allOutputScales: [1, 2, 3]) == .integer(2))
    }

    @Test func beforeEnteringAnyOutputAllOutputsAreConsidered() {
        #expect(SurfaceScale.choose(preferred120: nil, canUseViewport: false, enteredOutputScales: [], allOutputScales: [1, 2]) == .integer(2))
        #expect(SurfaceScale.choose(preferred120: nil, canUseViewport: false, enteredOutputScales: [], allOutputScales: []) == .integer(1))
    }

    @Test func aFractionalPreferenceNeedsAViewport() {
        #expect(SurfaceScale.choose(preferred120: 150, canUseViewport: true, enteredOutputScales: [2], allOutputScales: [2]) == .fractional(numerator120: 150))
        #expect(SurfaceScale.choose(preferred120: 150, canUseViewport: false, enteredOutputScales: [2], allOutputScales: [2]) == .integer(2))
        #expect(SurfaceScale.choose(preferred120: 240, canUseViewport: true, enteredOutputScales: [1], allOutputScales: [1]) == .integer(2))
    }

    @Test func fractionalBufferSizesRoundHalfUp() {
        let scale = SurfaceScale.fractional(numerator120: 150)
        #expect(scale.factor == 1.25)
        #expect(scale.pixelSize(for: 481, 341) == (601, 426))
        #expect(SurfaceScale.integer(2).pixelSize(for: 480, 340) == (960, 680))
    }
}
