import Foundation
import PrivateCompositors
import Testing

/// What an embedding makes is freed when it goes: the C example hosts make and destroy a subsurface (in
/// subsurface-host, on each presentation path) or a canvas (in gl-host's GL context) with a slider 100 times
/// (`cycle 100`), and a Swift
/// program does the same with `SliderCanvas` in a host context of its own. The descriptors and memory after
/// the last cycle are those after the first, within 2 descriptors and 2 MiB of allocated memory (anonymous
/// and shared: the rest of resident memory is mapped files' pages, not held by anything). Built with
/// LeakSanitizer, the hosts exit with no leak whose allocation was ours (Scripts/lifetimes.sh: 1000 cycles).
@Suite(.serialized) struct EmbeddedLifetimeTests {
    static let cycles = 100
    static let boundKiB = 2048

    /// A host and, for a subsurface host, the presentation its subsurfaces take (`WAYLAND_SLIDER_PRESENTATION`).
    static let embeddings: [(host: String, presentation: String?)] = [("subsurface-host", "egl"), ("subsurface-host", "shm"), ("gl-host", nil)]

    @Test(arguments: embeddings)
    func aHostMakingAndDestroying100EmbeddingsKeepsNothing(_ host: String, _ presentation: String?) throws {
        let weston = try HeadlessWeston(width: 480, height: 240)
        let process = try PipedProcess(try CExamples.binaries().appendingPathComponent(host), on: weston,
                                      environment: presentation.map { ["WAYLAND_SLIDER_PRESENTATION": $0] } ?? [:])
        process.send("cycle \(Self.cycles)")
        try process.waitFor(timeout: 120) { $0.contains { $0.hasPrefix("cycled ") } }
        let cycles = try ResourceCycles(cycledLine: process.output)
        let name = [host, presentation].compactMap { $0 }.joined(separator: ", ")
        print("\(name) lifetime: \(cycles)")
        #expect(cycles.count == Self.cycles)
        #expect(cycles.descriptors.last <= cycles.descriptors.first + 2, "\(name): \(cycles)")
        #expect(cycles.allocatedGrowthKiB <= Self.boundKiB, "\(name): \(cycles)")
        #expect(process.finish() == 0)
    }

    @Test func aSwiftCanvasMadeAndReleased100TimesInAHostContextIsFreed() throws {
        let cycles = try ResourceCycles(jsonLines: ResourceCycles.run(ResourceCycles.lifetimeCyclesProgram, ["canvas", "\(Self.cycles)"]))
        print("canvas lifetime: \(cycles)")
        #expect(cycles.count == Self.cycles)
        #expect(cycles.unreleased.isEmpty, "\(cycles)")
        #expect(cycles.descriptors.last <= cycles.descriptors.first + 2, "\(cycles)")
        #expect(cycles.allocatedGrowthKiB <= Self.boundKiB, "\(cycles)")
    }

    /// LeakSanitizer reports, at the host's exit, every allocation nothing points to. Mesa's, LLVM's and the
    /// other libraries' own are not ours to fix; a report is ours when one of the first frames above the
    /// allocation is in libwaylandslider or the host.
    @Test(arguments: embeddings)
    func aHostMakingAndDestroyingEmbeddingsRunsCleanUnderLeakSanitizer(_ host: String, _ presentation: String?) throws {
        let weston = try HeadlessWeston(width: 480, height: 240)
        var environment = ["LSAN_OPTIONS": "exitcode=23:print_suppressions=0"]
        environment["WAYLAND_SLIDER_PRESENTATION"] = presentation
        let process = try PipedProcess(try CExamples.leakCheckedBinaries().appendingPathComponent(host), on: weston, environment: environment)
        process.send("cycle 20")
        try process.waitFor(timeout: 120) { $0.contains { $0.hasPrefix("cycled ") } }
        let status = process.finish()
        let reports = LeakReport.parse(process.output)
        let ours = reports.filter { $0.isOurs(host: host) }
        #expect(ours.isEmpty, "\(host): leaks of ours:\n\(ours.map(\.text).joined(separator: "\n\n"))")
        #expect(status == 0 || (status == 23 && ours.isEmpty), "\(host) exited with \(status)")
        print("\(host) under LeakSanitizer: \(reports.count) reports, \(ours.count) of ours")
    }
}

/// One "Direct leak" or "Indirect leak" block of a LeakSanitizer report.
struct LeakReport {
    var text: String
    /// The stack's frames, allocation site first (LeakSanitizer's own interceptor dropped).
    var frames: [String]

    static func parse(_ output: String) -> [LeakReport] {
        output.components(separatedBy: "\n\n").compactMap { block in
            guard block.contains("leak of") else { return nil }
            let frames = block.split(separator: "\n").filter { $0.contains(" #") || $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
                .map(String.init).filter { !$0.contains("lsan_interceptors") && !$0.contains("__interceptor_") }
            return LeakReport(text: block, frames: frames)
        }
    }

    /// Whether one of the first three frames above the allocation is in our library or the host program.
    func isOurs(host: String) -> Bool {
        frames.prefix(3).contains { $0.contains("libwaylandslider") || $0.contains("/\(host)+") || $0.contains("(\(host)+") }
    }
}
