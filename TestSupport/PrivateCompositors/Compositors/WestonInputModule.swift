import Foundation

/// Finds the weston input module (TestSupport/WestonInputModule: a seat with pointer, keyboard and touch, and
/// the slider_test_input protocol that injects input into it), which SwiftPM builds as the shared object
/// `slider-weston-input` (an executable target linked as a library). Looked for, in order:
/// `WAYLAND_SLIDER_WESTON_MODULE` (a path), beside the running executable (the build folder), and in
/// `../libexec/waylandslider/` from it (where Scripts/install.sh installs it beside `bin/slider-demo`).
package enum WestonInputModule {
    /// The library's file name.
    package static let fileName = "slider-weston-input"
    /// The environment variable that names the module's path.
    package static let environmentVariable = "WAYLAND_SLIDER_WESTON_MODULE"

    /// The module's path; throws, naming where it looked, when it is in none of those places.
    package static func path() throws -> String {
        let files = FileManager.default
        if let named = ProcessInfo.processInfo.environment[environmentVariable], !named.isEmpty {
            guard files.isReadableFile(atPath: named) else {
                throw ChildProcess.SpawnError(description: "\(environmentVariable)=\(named): no such readable file")
            }
            return named
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        // Beside the executable; a test bundle sits in the build folder too, and `swift run`'s binaries do.
        let installed = executable.deletingLastPathComponent().appendingPathComponent("libexec/waylandslider")
        for folder in [executable, installed] {
            let candidate = folder.appendingPathComponent(fileName).path
            if files.isReadableFile(atPath: candidate) { return candidate }
        }
        throw ChildProcess.SpawnError(description: "the weston input module \(fileName) is neither beside \(executable.path) nor in \(installed.path), "
                                      + "and \(environmentVariable) is not set: build it with `swift build --product slider-weston-input` (Scripts/test.sh does)")
    }
}
