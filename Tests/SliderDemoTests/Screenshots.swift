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

/// `compositor`'s screenshots until one `shows` what is expected or 5 s pass (a frame may still be on its
/// way); returns the last.
func screenshot(of compositor: HeadlessWlroots, until shows: (RGBAImage) -> Bool) throws -> RGBAImage {
    let deadline = Date().addingTimeInterval(5)
    var shot = try compositor.screenshot()
    while !shows(shot) && Date() < deadline { shot = try compositor.screenshot() }
    return shot
}
