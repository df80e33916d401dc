import Foundation
import SliderRenderer

/// Where the tests keep what is to be looked at after a run (screenshots, renders, a failed run's images):
/// `.build/renders/` under the package root, which the suite leaves in place; nothing else a test writes
/// outlives it.
package enum Renders {
    /// The folder, made when missing.
    package static func folder() throws -> URL {
        let directory = PackageRoot.url.appendingPathComponent(".build/renders")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The path of `name` in the folder.
    package static func path(_ name: String) throws -> String { try folder().appendingPathComponent(name).path }

    /// Writes `image` as `<name>.png` in the folder.
    package static func save(_ image: RGBAImage, as name: String) throws {
        try image.writePNG(to: path("\(name).png"))
    }
}
