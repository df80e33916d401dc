import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct SliderStyleTests {
    @Test func iOSPresetCarriesEveryNumberOfTheSpec() {
        let light = SliderStyle.iOS(.light), dark = SliderStyle.iOS(.dark)
        #expect(light.metrics.trackThickness == 4)
        #expect(light.metrics.thumbDiameter == 28)
        #expect(light.metrics.thumbHitSize == 44 && light.metrics.trackHitThickness == 44)
        #expect(light.metrics.imageSize == 20 && light.metrics.imageSpacing == 8)
        #expect(light.normal.minimumTrack == Color(hex: 0x007AFF))
        #expect(light.normal.maximumTrack == Color(hex: 0x787880, alpha: 0.20))
        #expect(dark.normal.maximumTrack == Color(hex: 0x787880, alpha: 0.36))
        #expect(light.normal.thumb == .white)
        #expect(light.thumbShadows == [
            Shadow(offset: Point(x: 0, y: 0.5), blur: 4, color: Color(red: 0, green: 0, blue: 0, alpha: 0.12)),
            Shadow(offset: Point(x: 0, y: 0.5), blur: 1, color: Color(red: 0, green: 0, blue: 0, alpha: 0.04)),
        ])
        #expect(light.tickVisibility == .never)
        #expect(light.colors(for: .highlighted) == light.normal, "dragging does not change the look")
        #expect(light.colors(for: .disabled).minimumTrack.alpha == 0.3)
        #expect(light.colors(for: .disabled).maximumTrack.alpha == 0.2 * 0.3)
        #expect(light.colors(for: .disabled).thumb == .white, "opaque: white at 30 % over the white system background")
        #expect(dark.colors(for: .disabled).thumb == Color(red: 0.3, green: 0.3, blue: 0.3), "white at 30 % over black")
    }

    @Test func materialPresetMatchesMDCSlider() {
        let style = SliderStyle.material()
        #expect(style.metrics.trackThickness == 2)
        #expect(style.metrics.thumbDiameter == 12)
        #expect(style.thumbShadows.isEmpty)
        #expect(style.normal.maximumTrack == Color(red: 0, green: 0, blue: 0, alpha: 0.26))
        #expect(style.normal.minimumTrack == style.normal.thumb)
        #expect(style.tickVisibility == .whileDragging)
        #expect(SliderStyle.material(.dark).normal.maximumTrack.red == 1)
    }

    @Test func statesResolveToTheirOwnColoursOrFallBack() {
        var style = SliderStyle.iOS()
        var focused = style.normal
        focused.thumb = Color(hex: 0xFF0000)
        style.focused = focused
        #expect(style.colors(for: .focused).thumb == Color(hex: 0xFF0000))
        #expect(style.colors(for: .highlighted) == style.normal)
        let slider = Slider()
        slider.style = style
        slider.isFocused = true
        #expect(slider.state == .focused)
        slider.isEnabled = false
        #expect(slider.state == .disabled)
    }
}
