import Foundation

/// Descriptors and memory after the first and the last of a run of make-and-release cycles, as
/// `slider-lifetime-cycles` and the C programs' "cycled" line report them; and running those programs.
package struct ResourceCycles: CustomStringConvertible {
    /// One cycle's line from `slider-lifetime-cycles`.
    package struct Cycle: Decodable {
        package var cycle: Int
        package var descriptors: Int
        package var residentKiB: Int
        package var allocatedKiB: Int
        package var released: Bool
        package var iconBuffersOpen: Int
        package var iconBuffers: Int
    }

    package var count: Int
    package var descriptors: (first: Int, last: Int)
    package var residentKiB: (first: Int, last: Int)
    /// Anonymous and shared memory: what the process allocated (the rest of resident is mapped files'
    /// pages, such as library code first run in a later cycle).
    package var allocatedKiB: (first: Int, last: Int)
    /// Cycles whose host was still referenced after its release.
    package var unreleased: [Int] = []
    /// The most window icon buffers mapped while a window was open, and after a release.
    package var iconBuffers: (open: Int, afterRelease: Int) = (0, 0)

    package var allocatedGrowthKiB: Int { allocatedKiB.last - allocatedKiB.first }

    package var description: String {
        "\(count) cycles: descriptors \(descriptors.first) → \(descriptors.last), resident \(residentKiB.first) → \(residentKiB.last) KiB, "
            + "allocated \(allocatedKiB.first) → \(allocatedKiB.last) KiB (\(allocatedGrowthKiB) KiB)"
            + (unreleased.isEmpty ? "" : ", still referenced after cycles \(unreleased)")
            + (iconBuffers == (0, 0) ? "" : ", icon buffers \(iconBuffers.open) open, \(iconBuffers.afterRelease) after a release")
    }

    /// Parses `slider-lifetime-cycles`' JSON lines; the figures after the first `warmUp` cycles (those that
    /// first load what the rest reuse, such as each presentation path's libraries) are "first".
    package init(jsonLines output: String, warmUp: Int = 1) throws {
        // Standard error shares the output: only the JSON lines are cycles.
        let cycles = try output.split(separator: "\n").filter { $0.hasPrefix("{") }.map { try JSONDecoder().decode(Cycle.self, from: Data($0.utf8)) }
        guard cycles.count >= warmUp, let last = cycles.last else { throw ChildProcess.SpawnError(description: "no cycle was reported:\n\(output)") }
        let first = cycles[max(warmUp, 1) - 1]
        count = cycles.count
        descriptors = (first.descriptors, last.descriptors)
        residentKiB = (first.residentKiB, last.residentKiB)
        allocatedKiB = (first.allocatedKiB, last.allocatedKiB)
        unreleased = cycles.filter { !$0.released }.map(\.cycle)
        iconBuffers = (cycles.map(\.iconBuffersOpen).max() ?? 0, cycles.map(\.iconBuffers).max() ?? 0)
    }

    /// Parses the "cycled N descriptors F L resident-kib F L allocated-kib F L" line in `output`.
    package init(cycledLine output: String) throws {
        guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("cycled ") }) else {
            throw ChildProcess.SpawnError(description: "no cycled line in:\n\(output)")
        }
        let fields = line.split(separator: " ").compactMap { Int($0) }
        guard line.hasPrefix("cycled "), fields.count == 7 else { throw ChildProcess.SpawnError(description: "not a cycled line: \(line)") }
        count = fields[0]
        descriptors = (fields[1], fields[2])
        residentKiB = (fields[3], fields[4])
        allocatedKiB = (fields[5], fields[6])
    }

    /// The built `slider-lifetime-cycles`, beside the running test bundle or program.
    package static var lifetimeCyclesProgram: String {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("slider-lifetime-cycles").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "slider-lifetime-cycles (not built: run `swift build` first)"
    }

    /// Runs `program` to its end (on `socket` when given, with no accessibility bridge) and returns its
    /// output; throws with its output when it fails.
    package static func run(_ program: String, _ arguments: [String], socket: String? = nil) throws -> String {
        let log = NSTemporaryDirectory() + "lifetime-\(UUID().uuidString).log"
        // A glyph cache of its own: the shared one is rewritten by whatever else runs, so a later cycle could
        // decode a bigger file than the first and leave the heap bigger. (A 3.4 MiB growth seen once beside
        // the whole suite was put down to this; a 3 MiB one seen later in the canvas cycles was llvmpipe's:
        // see `canvasCycle` in slider-lifetime-cycles.)
        let cache = NSTemporaryDirectory() + "lifetime-cache-\(UUID().uuidString)"
        defer {
            unlink(log)
            try? FileManager.default.removeItem(atPath: cache)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_AT_BRIDGE"] = "1"
        environment["XDG_CACHE_HOME"] = cache
        if let socket { environment["WAYLAND_DISPLAY"] = socket }
        let child = try ChildProcess(program, arguments, environment: environment, outputPath: log)
        let status = child.wait()
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard status == 0 else { throw ChildProcess.SpawnError(description: "\(program) exited with \(status):\n\(output)") }
        return output
    }
}
