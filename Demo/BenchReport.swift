import Foundation
import FrameTiming

/// The benchmark's results, as a table for people and as JSON for tools.
struct Report {
    var compositor: String
    var scenario: String
    var replay: String?
    var seconds: Double
    /// Seconds from process start to the first frame committed / presented.
    var firstCommit: Double?
    var firstPresent: Double?
    /// Seconds from process start until the demo's own headless weston was up (nil in a session): part of
    /// the first-frame times above, not of the window's.
    var compositorStartup: Double?
    var peakRSS: Double
    var clear: FramePhase
    var measured: FramePhase
    var idle: FramePhase
    var drawsThroughRetainedFramebuffer: Bool
    /// How frames reached the compositor (`PresentationPath`'s raw value).
    var presentation: String
    var pixelWidth: Int
    var pixelHeight: Int

    var cpuRatio: Double? {
        guard let a = measured.cpuPerFrame, let b = clear.cpuPerFrame, b > 0 else { return nil }
        return a / b
    }

    /// Seconds shown as milliseconds.
    private func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.3f", $0 * 1000) } ?? "-" }
    /// A value already in milliseconds.
    private func decimal(_ value: Double) -> String { String(format: "%.3f", value) }
    private func triple(_ d: Distribution?) -> String {
        d.map { "\(decimal($0.median)) / \(decimal($0.p95)) / \(decimal($0.p99)) / \(decimal($0.maximum))" } ?? "-"
    }

    var table: String {
        var lines = ["slider-demo bench: the panel (480 x 340 pt, \(pixelWidth) x \(pixelHeight) px) under \(compositor), \(seconds) s per phase after 0.5 s warm-up",
                     "presentation: " + (presentation == "sharedMemory" ? "wl_shm buffers of our own, each given only the damage it lacks"
                                         : "EGL window surface, " + (drawsThroughRetainedFramebuffer ? "no buffer age (retained framebuffer copied to the window)" : "buffer age"))]
        func row(_ cells: [String]) -> String {
            let widths = [10, 7, 7, 13, 40, 40]
            return zip(cells, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined(separator: " ")
        }
        lines.append(row(["phase", "frames", "fps", "CPU ms/frame", "render ms p50/p95/p99/max", "input->commit ms p50/p95/p99/max"]))
        for phase in [clear, measured] {
            lines.append(row([phase.name, "\(phase.frames)", String(format: "%.1f", phase.fps), ms(phase.cpuPerFrame), triple(phase.render),
                              triple(phase.inputToCommit)]))
        }
        lines.append("input->present ms p50/p95/p99/max (\(measured.name)): \(triple(measured.inputToPresent))")
        lines.append(String(format: "CPU per frame, %@ / clear: %@", measured.name, cpuRatio.map { String(format: "%.2f", $0) } ?? "-"))
        lines.append("idle \(String(format: "%.1f", idle.seconds)) s: \(idle.frames) frames, \(ms(idle.cpuSeconds)) ms CPU")
        lines.append("first frame: committed \(ms(firstCommit)) ms, presented \(ms(firstPresent)) ms after process start"
                     + (compositorStartup.map { ", of which starting the compositor took \(ms($0)) ms" } ?? ""))
        lines.append(String(format: "peak RSS: %.1f MiB", peakRSS))
        return lines.joined(separator: "\n")
    }

    var json: String {
        func number(_ value: Double?) -> String { value.map { $0.isFinite ? String(format: "%.6g", $0) : "null" } ?? "null" }
        func distribution(_ d: Distribution?) -> String {
            guard let d else { return "null" }
            return "{\"count\":\(d.count),\"median\":\(number(d.median)),\"p95\":\(number(d.p95)),\"p99\":\(number(d.p99)),\"max\":\(number(d.maximum))}"
        }
        func phase(_ p: FramePhase) -> String {
            "{\"name\":\"\(p.name)\",\"seconds\":\(number(p.seconds)),\"frames\":\(p.frames),\"fps\":\(number(p.fps)),"
                + "\"cpuMsPerFrame\":\(number(p.cpuPerFrame.map { $0 * 1000 })),\"renderMs\":\(distribution(p.render)),"
                + "\"inputToCommitMs\":\(distribution(p.inputToCommit)),\"inputToPresentMs\":\(distribution(p.inputToPresent))}"
        }
        var machine = utsname()
        uname(&machine)
        let release = withUnsafeBytes(of: machine.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let arch = withUnsafeBytes(of: machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "{\"compositor\":\"\(compositor)\",\"scenario\":\"\(scenario)\",\"secondsPerPhase\":\(number(seconds)),"
            + "\"machine\":{\"kernel\":\"\(release)\",\"arch\":\"\(arch)\",\"cpus\":\(ProcessInfo.processInfo.activeProcessorCount)},"
            + "\"firstFrameCommittedMs\":\(number(firstCommit.map { $0 * 1000 })),\"firstFramePresentedMs\":\(number(firstPresent.map { $0 * 1000 })),"
            + "\"compositorStartupMs\":\(number(compositorStartup.map { $0 * 1000 })),"
            + "\"peakRSSMiB\":\(number(peakRSS)),\"clear\":\(phase(clear)),\"measured\":\(phase(measured)),"
            + "\"idle\":{\"seconds\":\(number(idle.seconds)),\"frames\":\(idle.frames),\"cpuMs\":\(number(idle.cpuSeconds * 1000))},"
            + "\"cpuPerFrameRatioToClear\":\(number(cpuRatio)),\"retainedFramebuffer\":\(drawsThroughRetainedFramebuffer),\"presentation\":\"\(presentation)\","
            + "\"pixelWidth\":\(pixelWidth),\"pixelHeight\":\(pixelHeight)}"
    }
}
