import Foundation
import Testing
@_spi(Internals) import SliderCore
@_spi(Internals) @testable import SliderRenderer

/// A style scaled by a factor, in frames scaled by it, draws what the unscaled sliders draw on an output
/// whose scale is that factor: the same device pixels, whether the size comes from the output or the style.
@Suite(.serialized) struct StyleScalingTests {
    /// Volume with its symbols and label, a stepped slider with ticks, a dragged one showing its popup, all
    /// in a 240 x 150 pt panel times `zoom`.
    static func panel(zoom: Double) throws -> [Slider] {
        let clock = ManualClock()
        let router = InputRouter()
        func make(_ y: Double) throws -> Slider {
            let s = Slider(clock: clock)
            s.style = try SliderStyle.iOS().scaled(by: zoom)
            s.frame = Rect(x: 8, y: y, width: 224, height: 44).scaled(by: zoom)
            router.add(s)
            return s
        }
        let volume = try make(4)
        volume.minimumValueImage = .symbol(.speakerQuiet)
        volume.maximumValueImage = .symbol(.speakerLoud)
        volume.showsLabel = true
        volume.accessibilityLabel = "Volume"
        try volume.setValue(0.7, animated: false)
        let stepped = try make(52)
        try stepped.setStepping(.count(8))
        stepped.style.tickVisibility = .always
        try stepped.setValue(0.5, animated: false)
        let dragged = try make(100)
        dragged.style.valuePopup.isEnabled = true
        try dragged.setValue(0.4, animated: false)
        let thumb = dragged.layout.thumbCenter(atPosition: 0.4)
        router.handle(InputEvent(time: 10, .pointerMotion(thumb)))
        router.handle(InputEvent(time: 10, .pointerFrame))
        router.handle(InputEvent(time: 20, .pointerButton(button: PointerButton.left, state: .pressed)))
        router.handle(InputEvent(time: 20, .pointerFrame))
        clock.advance(by: 1)
        return [volume, stepped, dragged]
    }

    @Test(arguments: [2.0, 3.0])
    func aScaledStyleDrawsWhatTheOutputScaleDraws(_ factor: Double) throws {
        let size = Size(width: 240, height: 150)
        let byOutput = try OffscreenTarget.image(of: Self.panel(zoom: 1), size: size, scale: factor, background: .white)
        let byStyle = try OffscreenTarget.image(of: Self.panel(zoom: factor), size: Size(width: size.width * factor, height: size.height * factor),
                                                scale: 1, background: .white)
        try RenderHarness.save(byStyle, as: "style-scaled-\(factor)")
        #expect(byStyle.width == byOutput.width && byStyle.height == byOutput.height)
        let difference = byStyle.difference(from: byOutput)
        #expect(difference.maximum <= 2, "x\(factor): max difference \(difference.maximum), \(difference.pixelsOver) pixels over 2")
    }
}
