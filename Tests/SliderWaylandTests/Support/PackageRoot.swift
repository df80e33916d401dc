import Foundation

/// The package's root directory (this file is Tests/SliderWaylandTests/Support/PackageRoot.swift).
enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
