import Foundation

/// The package's root folder (this file is TestSupport/PrivateCompositors/Fixtures/PackageRoot.swift).
package enum PackageRoot {
    package static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
