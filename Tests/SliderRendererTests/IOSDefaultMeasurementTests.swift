import Testing
import SliderCore
@testable import SliderRenderer

/// The iOS default at scale 2, measured from its pixels as a person with a loupe would.
@Suite(.serialized) struct IOSDefaultMeasurementTests {
    static let background = Color(hex: 0x404040)

    static func render() throws -> (RGBAImage, Slider) {
        let s = Slider(clock: ManualClock())
        s.frame = Rect(x: 10, y: 20, width: 300, height: 44)
        try s.setValue(0.5, animated: false)
        let scene = RenderHarness.scene([s], size: Size(width: 320, height: 84), scale: 2)
        let image = try RenderHarness.render(scene, background: background)
        try RenderHarness.save(image, as: "ios-default-measured@2")
        return (image, s)
    }

    /// `color` at `alpha` over the background, as 8-bit channels.
    static func over(_ color: Color, alpha: Double = 1) -> [Double] {
        let bg = [background.red, background.green, background.blue]
        let fg = [color.red, color.green, color.blue]
        let a = color.alpha * alpha
        return (0..<3).map { (fg[$0] * a + bg[$0] * (1 - a)) * 255 }
    }

    static func channels(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Double] {
        let p = image[x, y]
        return [Double(p.red), Double(p.green), Double(p.blue)]
    }

    static func close(_ a: [Double], _ b: [Double], within tolerance: Double) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func trackIsEightPixelsHighInTheSpecColours() throws {
        let (image, s) = try IOSDefaultMeasurementTests.render()
        let fillColumn = Int(s.layout.trackRect.minX * 2) + 60
        let trackColumn = Int(s.layout.trackRect.maxX * 2) - 60
        let blue = IOSDefaultMeasurementTests.over(Color(hex: 0x007AFF))
        let gray = IOSDefaultMeasurementTests.over(Color(hex: 0x787880, alpha: 0.2))
        let blueRows = (0..<image.height).filter { IOSDefaultMeasurementTests.close(IOSDefaultMeasurementTests.channels(image, fillColumn, $0), blue, within: 2) }
        let grayRows = (0..<image.height).filter { IOSDefaultMeasurementTests.close(IOSDefaultMeasurementTests.channels(image, trackColumn, $0), gray, within: 2) }
        #expect(blueRows.count == 8, "minimum track rows in #007AFF: \(blueRows)")
        #expect(grayRows.count == 8, "maximum track rows in #787880 at 20 %: \(grayRows)")
        #expect(blueRows.last! - blueRows.first! == 7, "one solid band")
    }

    @Test func thumbIs56PixelsAcrossWhiteWithAShadowBelow() throws {
        let (image, s) = try IOSDefaultMeasurementTests.render()
        let center = s.layout.thumbCenter(atPosition: s.model.position(of: s.value))
        let cx = Int(center.x * 2), cy = Int(center.y * 2)
        let white = IOSDefaultMeasurementTests.over(.white)
        #expect(IOSDefaultMeasurementTests.close(IOSDefaultMeasurementTests.channels(image, cx, cy), white, within: 2))
        // Width: pixels on the centre row at least half way from the background to white.
        let half = (255 + 0x40) / 2.0
        let row = (0..<image.width).filter { Double(image[$0, cy].green) >= half }
        #expect(row.count == 56, "thumb row width \(row.count) px")
        let column = (0..<image.height).filter { Double(image[cx, $0].green) >= half }
        #expect(column.count == 56, "thumb column height \(column.count) px")
        // The shadow (offset 0.5 pt down, blur 4 pt, black 12 %): darker than the background just below the
        // thumb, darker below than above, gone far away.
        guard let bottom = column.max(), let top = column.min() else { return }
        let below = Double(image[cx, bottom + 3].green), above = Double(image[cx, top - 3].green)
        #expect(below < 0x40 - 2, "shadow below the thumb: \(below)")
        #expect(below < above, "the shadow falls downward: below \(below), above \(above)")
        #expect(abs(Double(image[cx, min(image.height - 1, bottom + 30)].green) - 0x40) <= 1, "no shadow 15 pt away")
    }
}
