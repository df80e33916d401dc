import Foundation
import SliderRenderer

/// Runs a built program (`slider-demo` unless another is named) as a user would, without a Wayland session
/// (WAYLAND_DISPLAY removed), and collects its output. The binary is the one `swift build` put next to the
/// test bundle (`BuiltProducts`).
package enum BuiltProgram {
    package struct Result {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String
        /// The program's process id (the shell execs it).
        package var pid: pid_t
        package var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
        /// The renderer the screenshot line names ("drawn by the CPU renderer" or "drawn by GLES2").
        package var renderer: RendererKind { lines.last?.contains("drawn by the CPU renderer") == true ? .cpu : .gles }

        /// The last line of standard output that is a JSON object (what `--json` prints).
        package func jsonReport() throws -> [String: Any] {
            guard let json = lines.last(where: { $0.hasPrefix("{") }) else { throw FixtureError(description: "no JSON line: \(standardOutput)") }
            guard let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
                throw FixtureError(description: "not a JSON object: \(json)")
            }
            return report
        }
    }

    package static var binary: String { BuiltProducts.program("slider-demo") }
    /// The panel program the packages install.
    package static var panelBinary: String { BuiltProducts.program("slider-panel") }

    /// Runs `executable` (the built `slider-demo` unless named) from `workingDirectory` (a fresh scratch folder
    /// unless named), with `environment` added to this process's. Its temporary folder (TMPDIR) is one in that
    /// scratch folder, removed with it: what the program leaves there (a weston's runtime folder when it was
    /// killed) does not outlive the run.
    package static func run(_ arguments: [String], executable: String = binary, workingDirectory: String? = nil, environment added: [String: String] = [:],
                    timeout: Double = 120) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ChildProcess.SpawnError(description: "no program at \(executable): run `swift build` before `swift test` (Scripts/test.sh does)")
        }
        let scratch = try ScratchFolder("slider-program")
        let directory = scratch.path
        let temporary = try scratch.temporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment["TMPDIR"] = temporary
        environment.merge(added) { $1 }
        // Standard output and error apart: the demo prints events on one and complaints on the other.
        let out = directory + "/out", err = directory + "/err"
        let script = "cd \"\(workingDirectory ?? directory)\" && exec \"$0\" \"$@\" 2>\(err)"
        let child = try ChildProcess("/bin/sh", ["-c", script, executable] + arguments, environment: environment, outputPath: out)
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning && Date() < deadline { usleep(20_000) }
        if child.isRunning { child.signal(SIGKILL) }
        let status = child.wait()
        return Result(status: status, standardOutput: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                      standardError: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", pid: child.pid)
    }
}
