import SliderCore
import Testing

/// Colours as a panel maker writes them (CSS's hex forms and named colours) and WCAG 2's contrast between
/// them, which the panel file holds a maker's colours to.
@Suite struct ColorCSSTests {
    @Test(arguments: [
        ("#e4572e", Color(hex: 0xE4572E)),
        ("#E4572E", Color(hex: 0xE4572E)),
        ("#e4572e80", Color(hex: 0xE4572E, alpha: 128.0 / 255)),
        ("SteelBlue", Color(hex: 0x4682B4)),
        ("rebeccapurple", Color(hex: 0x663399)),
        ("white", Color.white),
    ])
    func cssColoursRead(_ text: String, _ color: Color) {
        #expect(Color(css: text) == color)
    }

    @Test(arguments: ["", "#", "#abc", "#e4572", "#e4572e8", "#gggggg", "blu", " red", "red ", "#+4572e", "transparent"])
    func otherTextIsNoColour(_ text: String) {
        #expect(Color(css: text) == nil, "\(text)")
    }

    @Test func everyNamedColourReadsBackAsItsHex() {
        #expect(Color(css: "darkgreen")?.cssHex == "#006400")
        #expect(Color(css: "#e4572e80")?.cssHex == "#e4572e80")
        #expect(Color(hex: 0x0000FF, alpha: 1).cssHex == "#0000ff")
    }

    /// WCAG's own figures: black on white 21:1, a colour on itself 1:1, #767676 on white (the lightest grey
    /// that passes 4.5:1) 4.54:1.
    @Test func contrastIsWCAGs() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(Color(hex: 0x808080).contrastRatio(with: Color(hex: 0x808080)) == 1)
        #expect(abs(Color(hex: 0x767676).contrastRatio(with: .white) - 4.54) < 0.005)
        #expect(Color(hex: 0x777777).contrastRatio(with: .white) < 4.5)
    }

    @Test func aTranslucentColourShowsMixedWithWhatIsUnder() {
        let shown = Color(hex: 0x000000, alpha: 0.25).composited(over: .white)
        #expect(abs(shown.red - 0.75) < 1e-9 && shown.alpha == 1)
        #expect(Color(hex: 0x123456).composited(over: .black) == Color(hex: 0x123456))
    }

    /// The palette over a preset: the accent fills and rings the focus (at the preset's ring opacity), and
    /// replaces the fill's colour where Material uses it too (thumb, popup, whose text stays readable).
    @Test func aPaletteTakesThePresetsPlaces() {
        let orange = Color(hex: 0xFFA500)
        let ios = SliderStyle.iOS(.light).applying(SliderPalette(accent: orange, text: .black))
        #expect(ios.normal.minimumTrack == orange && ios.normal.thumb == .white && ios.normal.image == .black)
        #expect(ios.normal.focusRing == orange && ios.disabled == nil && ios.disabledAlpha == 0.3)
        let material = SliderStyle.material(.light).applying(SliderPalette(accent: orange, track: Color(hex: 0xDDDDDD)))
        #expect(material.normal.thumb == orange && material.normal.maximumTrack == Color(hex: 0xDDDDDD))
        #expect(material.normal.focusRing == orange.withAlpha(multipliedBy: 0.5))
        #expect(material.valuePopup.background == orange && material.valuePopup.text == .black, "black reads better on orange")
        #expect(material.disabled?.minimumTrack == .black, "Material's disabled look stays on-surface")
        let thumb = SliderStyle.material(.light).applying(SliderPalette(accent: orange, thumb: .white))
        #expect(thumb.normal.thumb == .white)
    }
}
