import PrivateCompositors
import SliderCore
@_spi(Internals) @testable import SliderWayland
import Testing

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

    /// A compositor's scale is taken only up to what keeps the surface within 8192 x 4096 pixels: a surface of
    /// 4096 x 2048 points on an output of scale 16 (a 2^32-pixel buffer) is drawn at 2, one of 3000 x 1500 at
    /// 2 (2.73 is not whole) or at 327/120 where a fractional scale is taken; one that does not fit even at 1 at 1.
    @Test func theScaleIsTakenOnlyUpToWhatKeepsTheBufferWithinItsArea() {
        let outputs: [Int32] = [16]
        #expect(SurfaceScale.choose(preferred120: nil, canUseViewport: false, enteredOutputScales: outputs, allOutputScales: outputs,
                                    fitting: Size(width: 4096, height: 2048)) == .integer(2))
        #expect(SurfaceScale.choose(preferred120: nil, canUseViewport: false, enteredOutputScales: outputs, allOutputScales: outputs,
                                    fitting: Size(width: 3000, height: 1500)) == .integer(2))
        let fractional = SurfaceScale.choose(preferred120: 16 * 120, canUseViewport: true, enteredOutputScales: outputs,
                                             allOutputScales: outputs, fitting: Size(width: 3000, height: 1500))
        #expect(fractional == .fractional(numerator120: 327))
        let pixels = fractional.pixelSize(for: 3000, 1500)
        #expect(Double(pixels.width * pixels.height) <= SurfaceScale.maximumPixelArea, "\(pixels)")
        #expect(SurfaceScale.choose(preferred120: nil, canUseViewport: false, enteredOutputScales: outputs, allOutputScales: outputs,
                                    fitting: Size(width: 16384, height: 16384)) == .integer(1))
        #expect(SurfaceScale.choose(preferred120: nil, canUseViewport: false, enteredOutputScales: outputs, allOutputScales: outputs,
                                    fitting: Size(width: 400, height: 84)) == .integer(16))
    }
}
