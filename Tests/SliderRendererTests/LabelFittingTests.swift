import Foundation
import Testing
@_spi(Internals) import SliderCore
@_spi(Internals) import SliderRenderer

/// A label longer than its room is cut to it as each renderer measures its glyphs: outside the room the
/// window shows exactly what it shows with a short label (the track, the thumb, the background), at every
/// scale the tests look at.
@Suite(.serialized) struct LabelFittingTests {
    static func labelled(_ name: String) throws -> Slider {
        let s = Slider(name: "volume", clock: ManualClock())
        s.frame = Rect(x: 4, y: 4, width: 232, height: 44)
        s.showsLabel = true
        s.accessibilityLabel = name
        try s.setValue(0.1, animated: false)
        return s
    }

    @Test(arguments: RendererKind.allCases, [1.0, 2.0, 3.0, 4.8])
    func aLongLabelStaysInsideItsRoom(_ renderer: RendererKind, _ scale: Double) throws {
        let size = Size(width: 240, height: 52)
        let short = try renderer.image(of: [Self.labelled("V")], size: size, scale: scale, background: .white)
        let long = try renderer.image(of: [Self.labelled("Master output volume of the living room")], size: size, scale: scale, background: .white)
        let room = try #require(Self.labelled("V").layout.labelRect)
        let firstColumn = Int((room.maxX * scale).rounded(.up))
        var differing = 0
        for y in 0..<long.height {
            for x in firstColumn..<long.width where long[x, y] != short[x, y] { differing += 1 }
        }
        try RenderHarness.save(long, as: "long-label-\(renderer)-\(scale)")
        #expect(differing == 0, "\(renderer) x\(scale): \(differing) pixels right of the label's room differ")
        var inked = 0
        for y in 0..<long.height {
            for x in 0..<firstColumn where long[x, y] != short[x, y] { inked += 1 }
        }
        #expect(inked > 0, "the long label is drawn in its room")
    }
}
