import Foundation
import HeadlessWeston
import SliderRenderer

/// Writes a screenshot to `.build/renders/<name>.png` under the package root, to be looked at.
func save(_ image: RGBAImage, as name: String) throws {
    let directory = PackageRoot.url.appendingPathComponent(".build/renders")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try image.writePNG(to: directory.appendingPathComponent("\(name).png").path)
}
