import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
@testable import SliderPanel
import SliderRenderer
import Testing

/// A panel in the maker's colours (`colors:` for the panel and per slider, `text-size`, `row-height`), drawn
/// by both renderers and read back pixel by pixel: the fill in the accent, the track, the window's and a
/// slider's own background, a disabled slider dimmed as the theme dims it; colours whose contrast WCAG would
/// fail are refused with the ratio, at their line.
@Suite struct PanelColorsTests {
    static let file = """
        theme: ios-light
        colors: {accent: "#c0392b", track: "#bdc3c7", background: "#fdfefe", text: "#1b2631"}
        text-size: 20
        row-height: 72
        sliders:
          - id: heater
            label: Heater
            value: 0.5
          - id: fan
            label: Fan
            value: 0.5
            colors: {accent: darkgreen, background: "#eaf2f8"}
          - id: spare
            label: Spare
            value: 0.5
            enabled: false

        """

    static func panel() throws -> FilePanel {
        try FilePanel(PanelFile.parse(file, path: "colors.yaml"), clock: SystemClock())
    }

    /// The pixel at `point` (points) of an image drawn at `scale`.
    static func pixel(_ image: RGBAImage, _ point: Point, scale: Double) -> Color {
        let x = Int(point.x * scale), y = Int(point.y * scale), i = (y * image.width + x) * 4
        let p = image.pixels
        return Color(red: Double(p[i]) / 255, green: Double(p[i + 1]) / 255, blue: Double(p[i + 2]) / 255, alpha: Double(p[i + 3]) / 255)
    }

    static func near(_ a: Color, _ b: Color, within: Double = 2.5 / 255) -> Bool {
        abs(a.red - b.red) <= within && abs(a.green - b.green) <= within && abs(a.blue - b.blue) <= within
    }

    @Test(arguments: RendererKind.allCases)
    func theMakersColoursAreWhatIsDrawn(_ kind: RendererKind) throws {
        let panel = try Self.panel()
        let size = Size(width: 720, height: 300)
        panel.layout(in: size)
        let background = Color(hex: 0xFDFEFE), track = Color(hex: 0xBDC3C7)
        for scale in [1.0, 2, 3, 4.8] {
            let image = try kind.image(of: panel.sliders, size: size, scale: scale, background: panel.file.background)
            try image.writePNG(to: Renders.path("panel-colors@\(scale)-\(kind.rawValue).png"))
            let (heater, fan, spare) = (panel.sliders[0], panel.sliders[1], panel.sliders[2])
            let fill = { (slider: Slider) in slider.layout.thumbCenter(atPosition: 0.2) }
            let rest = { (slider: Slider) in slider.layout.thumbCenter(atPosition: 0.8) }
            #expect(Self.near(Self.pixel(image, Point(x: 2, y: 2), scale: scale), background), "the window's background at \(scale)")
            #expect(Self.near(Self.pixel(image, fill(heater), scale: scale), Color(hex: 0xC0392B)), "the heater's fill at \(scale): \(Self.pixel(image, fill(heater), scale: scale).cssHex)")
            #expect(Self.near(Self.pixel(image, rest(heater), scale: scale), track), "the heater's track at \(scale)")
            #expect(Self.near(Self.pixel(image, fill(fan), scale: scale), Color(hex: 0x006400)), "the fan's own accent at \(scale)")
            let fanBackground = Point(x: fan.frame.maxX - 4, y: fan.frame.minY + 3)
            #expect(Self.near(Self.pixel(image, fanBackground, scale: scale), Color(hex: 0xEAF2F8)), "the fan's own background at \(scale)")
            // Disabled, as the iOS theme dims: the whole slider at 30 % over what it is drawn on.
            let dimmed = Color(hex: 0xC0392B, alpha: 0.3).composited(over: background)
            #expect(Self.near(Self.pixel(image, fill(spare), scale: scale), dimmed, within: 3.5 / 255), "the disabled fill at \(scale): \(Self.pixel(image, fill(spare), scale: scale).cssHex), expected \(dimmed.cssHex)")
        }
        // Rows 72 points apart (where the window leaves no room to spread them), labels room for larger text.
        #expect(panel.size.height == 32 + 72 * 3 && panel.size.width > 400, "\(panel.size)")
        #expect(panel.sliders[0].style.metrics.labelFontSize == 20 && panel.sliders[0].style.valuePopup.fontSize == 20)
    }

    func refusal(_ text: String) -> String {
        do {
            _ = try PanelFile.parse(text, path: "p.yaml")
            return "read"
        } catch {
            return error.description
        }
    }

    @Test func coloursThatStandOutTooLittleAreRefusedWithTheirRatio() {
        let fillAndTrack = refusal("colors: {accent: \"#dddddd\", track: \"#eeeeee\"}\nsliders:\n  - id: volume\n")
        #expect(fillAndTrack.hasPrefix("p.yaml:1:9: \"volume\": the fill #dddddd and the track #eeeeee on #f2f2f7 have a contrast of 1.1")
                && fillAndTrack.hasSuffix(":1; WCAG asks at least 3:1 between a control's parts"), "\(fillAndTrack)")
        let text = refusal("sliders:\n  - id: volume\n  - id: fan\n    colors:\n      text: \"#999999\"\n")
        #expect(text.hasPrefix("p.yaml:5:7: \"fan\": the text #999999 on #f2f2f7 has a contrast of 2.")
                && text.hasSuffix("; WCAG asks at least 4.5:1 for text"), "\(text)")
        // A background alone is held to both: the theme's label and track on it.
        let background = refusal("colors: {background: \"#8a8a8e\"}\nsliders:\n  - id: volume\n")
        #expect(background.contains("\"volume\": the ") && background.contains("WCAG asks at least"), "\(background)")
        // Without colours of its own a file is not held to them: the theme's are the theme's.
        #expect(refusal("sliders:\n  - id: volume\n") == "read")
        #expect(refusal("colors: {accent: \"#b00020\", text: black}\nsliders:\n  - id: volume\n") == "read")
    }

    @Test(arguments: [
        ("colors: {accent: blu}\nsliders:\n  - id: v\n", "p.yaml:1:18: accent must be #rrggbb, #rrggbbaa or a CSS colour name, not \"blu\""),
        ("colors: {acent: red}\nsliders:\n  - id: v\n", "p.yaml:1:17: colors has no acent; a colour is one of accent, track, thumb, background, text"),
        ("colors: red\nsliders:\n  - id: v\n", "p.yaml:1:9: colors must be a mapping of accent, track, thumb, background and text to colours"),
        ("sliders:\n  - id: v\n    colors: {thumb: \"#12345\"}\n", "p.yaml:3:14: colors thumb must be #rrggbb, #rrggbbaa or a CSS colour name, not \"#12345\""),
        ("text-size: 100\nsliders:\n  - id: v\n", "p.yaml:1:12: text-size must be from 8 to 72 points, not 100.0"),
        ("row-height: 30\nsliders:\n  - id: v\n", "p.yaml:1:13: row-height must be from 44 to 400 points, not 30.0"),
    ])
    func aWrongColourOrSizeIsRefusedAtItsLine(_ text: String, _ message: String) {
        #expect(refusal(text) == message)
    }
}
