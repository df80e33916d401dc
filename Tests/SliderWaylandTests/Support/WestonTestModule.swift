import Foundation

/// Builds Tests/WestonTestModule (the seat and test-input protocol weston loads for these tests) with the C
/// compiler, once per source change, into `.build/weston-test-module/`. A missing compiler or libweston-10-dev
/// is a test failure with the compiler's message, never a skip.
enum WestonTestModule {
    struct BuildError: Error, CustomStringConvertible { let description: String }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: String?

    /// The path of the built module.
    static func path() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let sourceDirectory = packageRoot.appendingPathComponent("Tests/WestonTestModule")
        let sources = ["slider-test-input.c", "generated/slider-test-input-protocol.c"].map { sourceDirectory.appendingPathComponent($0).path }
        let outputDirectory = packageRoot.appendingPathComponent(".build/weston-test-module")
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let output = outputDirectory.appendingPathComponent("slider-test-input.so").path
        let flags = try ChildProcess.run("/usr/bin/pkg-config", ["--cflags", "--libs", "libweston-10", "wayland-server"])
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let temporary = output + ".\(getpid()).tmp"
        _ = try ChildProcess.run("/usr/bin/cc", ["-shared", "-fPIC", "-Wall", "-Werror", "-Wno-unused-parameter", "-o", temporary] + sources + flags)
        guard rename(temporary, output) == 0 else { throw BuildError(description: "cannot move the module to \(output)") }
        built = output
        return output
    }
}
