import Foundation
import HeadlessWeston
import SliderRenderer

/// Where a test saves a screenshot to be looked at: `.build/renders/<name>` under the package root.
func renders(_ name: String) throws -> String {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/renders")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}
