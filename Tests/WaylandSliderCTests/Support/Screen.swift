import Foundation
import PrivateCompositors
import SliderCore
import SliderRenderer
import Testing

/// Captures weston's output at (0, 0), `width` x `height` points, until it equals `expected` (within 2/255)
/// or 5 s pass (a frame may still be on its way); saves the last capture and the expected image as
/// `.build/renders/<name>.png` and `<name>-expected.png`, to be looked at.
func expectScreen(_ input: InjectedInput, equals expected: RGBAImage, _ name: String,
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    let area = Rect(x: 0, y: 0, width: Double(expected.width), height: Double(expected.height))
    let (shot, maximum, pixelsOver) = try input.capture(area: area, matching: expected)
    let directory = CExamples.packageRoot.appendingPathComponent(".build/renders")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try shot.writePNG(to: directory.appendingPathComponent("\(name).png").path)
    try expected.writePNG(to: directory.appendingPathComponent("\(name)-expected.png").path)
    #expect(maximum <= 2, "\(name): max difference \(maximum), \(pixelsOver) pixels over", sourceLocation: sourceLocation)
}
