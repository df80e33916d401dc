import Foundation
import Testing
@_spi(Internals) import SliderCore
@testable import SliderRenderer

/// Whole sliders against committed PNGs, drawn by each renderer. Tolerance: mean absolute difference at most 0.25/255 per channel and
/// no channel of any pixel more than 8/255 off (room for another LLVM or CPU, none for a visible change).
/// `UPDATE_GOLDENS=1 swift test --filter GoldenImageTests` rewrites them; look at them before committing.
@Suite(.serialized) struct GoldenImageTests {
    static func panel(style: SliderStyle, background: Color, scale: Double) throws -> Scene {
        let clock = ManualClock()
        func make(_ y: Double, _ configure: (Slider) throws -> Void) rethrows -> Slider {
            let s = Slider(clock: clock)
            s.style = style
            s.frame = Rect(x: 16, y: y, width: 288, height: 44)
            try configure(s)
            return s
        }
        let volume = try make(8) { s in try s.setValue(0.35, animated: false) }
        let stepped = try make(56) { s in
            try s.setStepping(.count(6))
            s.style.tickVisibility = .always
            try s.setValue(0.6, animated: false)
        }
        let range = Slider(isRange: true, clock: clock)
        range.style = style
        range.frame = Rect(x: 16, y: 104, width: 288, height: 44)
        try range.setValue(0.85, ofThumb: 1, animated: false)
        try range.setValue(0.2, ofThumb: 0, animated: false)
        let disabled = try make(152) { s in try s.setValue(0.5, animated: false); s.isEnabled = false }
        return RenderHarness.scene([volume, stepped, range, disabled], size: Size(width: 320, height: 200), scale: scale, background: background)
    }

    static let cases: [(name: String, style: SliderStyle, background: Color, scale: Double)] = [
        ("panel-ios-light@2", .iOS(.light), .white, 2),
        ("panel-ios-dark@1.5", .iOS(.dark), .black, 1.5),
        ("panel-material-light@1.25", .material(.light), .white, 1.25),
        ("panel-material-dark@1", .material(.dark), Color(hex: 0x121212), 1),
    ]

    @Test(arguments: RendererKind.allCases, 0..<cases.count)
    func panelMatchesItsGolden(renderer: RendererKind, index: Int) throws {
        let c = GoldenImageTests.cases[index]
        let image = try RenderHarness.render(try GoldenImageTests.panel(style: c.style, background: c.background, scale: c.scale),
                                             background: c.background, with: renderer)
        try RenderHarness.save(image, as: "golden-\(c.name)-\(renderer)")
        let path = RenderHarness.goldenDirectory.appendingPathComponent(c.name + ".png").path
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1", renderer == .gles {
            try image.writePNG(to: path)
        }
        let golden = try RGBAImage(contentsOfPNG: path)
        #expect(golden.width == image.width && golden.height == image.height)
        guard golden.width == image.width, golden.height == image.height else { return }
        let difference = ImageDifference(image, golden)
        print("golden \(c.name) \(renderer): \(difference)")
        #expect(difference.meanAbsolute <= 0.25, "\(c.name) \(renderer): \(difference)")
        #expect(difference.maximum <= 8, "\(c.name) \(renderer): \(difference)")
    }
}
