import Foundation

/// Builds Sources/WestonInputModule (a seat with pointer, keyboard and touch, and the slider_test_input
/// protocol that injects input into it) with the C compiler against libweston-10-dev, into
/// `.build/weston-input-module/`, again only when a source is newer than the built module. A missing
/// compiler or library is an error with the compiler's message.
public enum WestonInputModule {
    /// The package's root directory (this file is Sources/HeadlessWeston/WestonInputModule.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: String?

    /// The path of the built module, building it first if this process has not.
    public static func path() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        // The protocol's interface tables are the same for client and server: the client target's copy serves.
        let sources = ["Sources/WestonInputModule/slider-test-input.c", "Sources/CSliderTestInput/slider-test-input-protocol.c"]
            .map { packageRoot.appendingPathComponent($0).path }
        let outputDirectory = packageRoot.appendingPathComponent(".build/weston-input-module")
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let output = outputDirectory.appendingPathComponent("slider-test-input.so").path
        if let built = modificationDate(output), sources.allSatisfy({ (modificationDate($0) ?? .distantFuture) < built }) {
            self.built = output
            return output
        }
        let flags = try ChildProcess.run("/usr/bin/pkg-config", ["--cflags", "--libs", "libweston-10", "wayland-server"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        // Built under a private name and renamed: several processes may build at once.
        let temporary = output + ".\(getpid()).tmp"
        _ = try ChildProcess.run("/usr/bin/cc", ["-shared", "-fPIC", "-O1", "-Wall", "-Werror", "-Wno-unused-parameter", "-o", temporary] + sources + flags)
        guard rename(temporary, output) == 0 else { throw ChildProcess.SpawnError(description: "cannot move the module to \(output)") }
        built = output
        return output
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
