import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
@testable import SliderPanel
import SliderRenderer
import Testing

/// `value-scale: decibel` and `marks:`: a mixer's fader from -∞ to +6 dB on Ardour's fader law, its floor
/// written -∞, and the marks' texts under the track, on the decibel scale and a linear one.
@Suite struct FaderTests {
    static let file = """
        sliders:
          - id: master
            label: Master
            value-scale: decibel
            range: [-.inf, 6]
            value: -.inf
            step: 0.1
            decimals: 1
            unit: dB
            popup: always
            marks: [-60, -40, -20, -10, -6, 0, 6]
          - id: pan
            label: Pan
            range: [-100, 100]
            value: 0
            marks: [-100, 0, 100]

        """

    /// Ardour's own figures: 0 dB (gain 1) at gain_to_slider_position_with_max(1, +6 dB), which is
    /// ((6 · log2(2 / 10^(6/20)) + 192) / 198)^8, about 0.782 of the travel; the top at 1, the floor at 0.
    @Test func theFaderLawIsArdours() {
        let floor = ValueScale.decibelFloor(below: 6)
        let position = { (db: Double) in ValueScale.decibel.position(of: db, minimum: floor, maximum: 6) }
        let ardour = Double.pow((6 * Double.log2(2 / Double.pow(10, 6.0 / 20)) + 192) / 198, 8)
        #expect(abs(position(0) - ardour) < 1e-12 && abs(position(0) - 0.782) < 1e-3, "\(position(0))")
        #expect(position(6) == 1 && position(floor) == 0)
        #expect(position(-20) < position(-6) && position(-6) < position(0))
        for db in [-150.0, -60, -20.5, -6, 0, 3.3, 6] {
            #expect(abs(ValueScale.decibel.value(atPosition: position(db), minimum: floor, maximum: 6) - db) < 1e-9, "\(db)")
        }
        // A finite minimum starts the travel there.
        #expect(ValueScale.decibel.position(of: -60, minimum: -60, maximum: 6) == 0)
    }

    @Test func aFaderFromMinusInfinityShowsItsFloorAsMinusInfinity() throws {
        let panel = try FilePanel(PanelFile.parse(Self.file, path: "fader.yaml"), clock: SystemClock())
        let master = panel.sliders[0]
        #expect(master.model.minimumValue == 6 - 199 && master.value == master.model.minimumValue)
        #expect(master.accessibilityValue == "-∞ dB")
        try master.setValue(-6, animated: false)
        #expect(master.accessibilityValue == "-6.0 dB")
        #expect(master.marks == [-60, -40, -20, -10, -6, 0, 6] && panel.sliders[1].marks == [-100, 0, 100])
        // "-inf" as a person writes it reads too.
        let written = try PanelFile.parse(Self.file.replacingOccurrences(of: "-.inf", with: "-inf"), path: "fader.yaml")
        #expect(written.sliders[0].range?.first == -.infinity)
    }

    @Test(arguments: [RendererKind.cpu, .gles])
    func theMarksAreWrittenUnderTheTrack(_ kind: RendererKind) throws {
        let panel = try FilePanel(PanelFile.parse(Self.file, path: "fader.yaml"), clock: SystemClock())
        let size = Size(width: 640, height: 220)
        panel.layout(in: size)
        _ = SliderCollection(panel.sliders).prepareFrame()
        let withoutMarks = Self.file.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("marks:") }.joined(separator: "\n")
        let bare = try FilePanel(PanelFile.parse(withoutMarks, path: "fader.yaml"), clock: SystemClock())
        bare.layout(in: size)
        _ = SliderCollection(bare.sliders).prepareFrame()
        for scale in [1.0, 2, 3, 4.8] {
            let image = try kind.image(of: panel.sliders, size: size, scale: scale, background: Theme.iosLight.background)
            try image.writePNG(to: Renders.path("fader-marks@\(scale)-\(kind.rawValue).png"))
            // Under the track at 0 dB there is text; without marks, background.
            let zero = panel.sliders[0].layout.thumbCenter(atPosition: panel.sliders[0].model.position(of: 0))
            let under = Rect(x: zero.x - 6, y: zero.y + 19, width: 12, height: 12)
            let withMarks = try kind.image(of: panel.sliders, size: size, scale: scale, background: Theme.iosLight.background)
            let without = try kind.image(of: bare.sliders, size: size, scale: scale, background: Theme.iosLight.background)
            let crop = { (image: RGBAImage) in image.cropped(x: Int(under.minX * scale), y: Int(under.minY * scale), width: Int(under.width * scale), height: Int(under.height * scale)) }
            #expect(crop(withMarks).difference(from: crop(without)).maximum > 60, "the 0 dB mark's text at \(scale)")
        }
    }
}
