import Foundation

/// A folder of a test's own in the temporary folder, removed with everything in it when the object goes: what
/// a test writes there (a panel file, a screenshot to compare, a program's output, the temporary files of a
/// program it runs) is gone after the test. What is worth looking at after a run goes to `Renders` instead.
package final class ScratchFolder: Sendable {
    /// The folder's path.
    package let path: String

    /// Makes `<temporary folder>/<prefix>-XXXXXXXX`, readable by the unprivileged user the compositors run as.
    package init(_ prefix: String) throws {
        path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, 0o755)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A folder for what a test process makes once and shares between its tests (a C program compiled once, the
    /// C library staged once), removed when the process exits.
    package static func forProcess() throws -> ScratchFolder { try processFolder.get() }

    private static let processFolder: Result<ScratchFolder, Error> = Result {
        let folder = try ScratchFolder("slider-tests-\(getpid())")
        processFolderPath = folder.path
        atexit {
            if let path = ScratchFolder.processFolderPath { try? FileManager.default.removeItem(atPath: path) }
        }
        return folder
    }

    nonisolated(unsafe) private static var processFolderPath: String?

    /// The path of `name` in the folder.
    package func file(_ name: String) -> String { path + "/" + name }

    /// A folder in this one, writable by everyone as /tmp is (mode 1777, whatever the umask): the temporary
    /// folder (TMPDIR) of a program the test runs, whose compositors run as nobody.
    package func temporaryFolder() throws -> String {
        let folder = file("tmp")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard chmod(folder, 0o1777) == 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder]) }
        return folder
    }
}
