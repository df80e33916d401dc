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
        #expect(light.disabled == nil && light.disabledAlpha == 0.3, "the normal colours, dimmed as a group")
        #expect(light.colors(for: .disabled).minimumTrack.alpha == 0.3)
        #expect(light.colors(for: .disabled).maximumTrack.alpha == 0.2 * 0.3)
        #expect(dark.colors(for: .disabled).thumb == Color.white.withAlpha(multipliedBy: 0.3), "shape by shape: white at 30 %")
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

    /// Every length of the style, by name: the metrics' and the value popup's, and each shadow's offset and blur.
    func lengths(_ style: SliderStyle) -> [String: Double] {
        var lengths: [String: Double] = [:]
        for child in Mirror(reflecting: style.metrics).children {
            if let label = child.label, let value = child.value as? Double { lengths["metrics.\(label)"] = value }
        }
        for name in ["fontSize", "height", "horizontalPadding", "cornerRadius", "arrowWidth", "arrowHeight", "gap"] {
            let child = Mirror(reflecting: style.valuePopup).children.first { $0.label == name }
            lengths["valuePopup.\(name)"] = child?.value as? Double
        }
        for (index, shadow) in style.thumbShadows.enumerated() {
            lengths["shadow\(index).x"] = shadow.offset.x
            lengths["shadow\(index).y"] = shadow.offset.y
            lengths["shadow\(index).blur"] = shadow.blur
        }
        return lengths
    }

    @Test(arguments: [0.5, 2, 2.5])
    func aScaledStyleMultipliesEveryLengthAndKeepsTheRest(_ factor: Double) throws {
        var style = SliderStyle.iOS()
        style.valuePopup.isEnabled = true
        style.tickVisibility = .always
        let scaled = try style.scaled(by: factor)
        let before = lengths(style), after = lengths(scaled)
        #expect(before.count == 13 + 7 + 6, "every metric, popup length and shadow: \(before.keys.sorted())")
        for (name, value) in before {
            #expect(after[name] == value * factor, "\(name): \(value) -> \(after[name] ?? .nan)")
        }
        #expect(scaled.normal == style.normal && scaled.disabledAlpha == style.disabledAlpha)
        #expect(scaled.thumbShadows.map(\.color) == style.thumbShadows.map(\.color))
        #expect(scaled.valuePopup.background == style.valuePopup.background && scaled.valuePopup.isEnabled)
        #expect(scaled.valuePopup.fadeDuration == style.valuePopup.fadeDuration, "a duration is not a length")
        #expect(scaled.tickVisibility == .always)
        #expect(try style.scaled(by: 1) == style)
    }

    /// A slider twice the size with the style scaled by 2 lays its parts out exactly twice as large (pixel
    /// snapping alike: the small one snaps at scale 2, the large one at scale 1).
    @Test func aScaledStyleInADoubledFrameLaysOutTwiceAsLarge() throws {
        func layout(_ factor: Double) throws -> SliderLayout {
            let slider = Slider()
            slider.scale = 2 / factor
            slider.style = try SliderStyle.iOS().scaled(by: factor)
            slider.minimumValueImage = .symbol(.speakerQuiet)
            slider.maximumValueImage = .symbol(.speakerLoud)
            slider.showsLabel = true
            slider.frame = Rect(x: 10 * factor, y: 20 * factor, width: 300 * factor, height: 44 * factor)
            return slider.layout
        }
        let one = try layout(1), two = try layout(2)
        #expect(two.trackRect == one.trackRect.scaled(by: 2), "\(two.trackRect) vs \(one.trackRect)")
        #expect(two.minimumImageRect == one.minimumImageRect?.scaled(by: 2) && two.labelRect == one.labelRect?.scaled(by: 2))
        #expect(two.thumbCenter(atPosition: 0.3) == Point(x: one.thumbCenter(atPosition: 0.3).x * 2, y: one.thumbCenter(atPosition: 0.3).y * 2))
    }

    @Test(arguments: [0, -1, Double.nan, .infinity, -.infinity])
    func aScaleThatIsNotAPositiveNumberIsRefused(_ factor: Double) {
        #expect(throws: SliderError.self) { try SliderStyle.iOS().scaled(by: factor) }
        do {
            _ = try SliderStyle.iOS().scaled(by: factor)
        } catch {
            if case .invalidScale(let refused) = error {
                #expect(refused == factor || (refused.isNaN && factor.isNaN))
            } else {
                Issue.record("\(error)")
            }
        }
    }
}
