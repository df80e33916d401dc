import FrameTiming
import Foundation
@_spi(Internals) import WaylandSlider

/// `bench --scenario soak`: the soak scenario for `--seconds`, paced at 60 steps a second by the clock (a
/// frame that takes longer than a step is followed by every step it delayed, so what is played depends on the
/// time, not on how fast frames are drawn), watching the
/// process's resident memory (sampled every 10 s; growth counted from the end of a warm-up of a sixth of
/// the run, at most 10 s), frames the compositor discarded, commit intervals and render times, and the
/// sliders' events. GL errors are read after every frame (the renderer throws on any, which ends the run
/// with an error), so a finished run has had none.
struct SoakRun {
    struct Result: Codable {
        var compositor: String
        var seconds: Double
        var cycles: Int
        /// Steps of the scenario played (60 a second).
        var steps: Int
        var frames: Int
        var presentedFrames: Int
        /// Frames the compositor reported discarded (replaced before they were shown): the frames dropped.
        var discardedFrames: Int
        var glErrors: Int
        /// Milliseconds between commits and render times, over the last frames the statistics keep (4096).
        var commitIntervalMs: Distribution?
        var renderMs: Distribution?
        var warmUpSeconds: Double
        var rssAfterWarmUpMiB: Double
        var rssAtEndMiB: Double
        var rssGrowthMiB: Double
        /// Seconds since the run started, MiB.
        var rssSamples: [[Double]]
        var peakRSSMiB: Double
        /// Slider events per kind over the run; editing began and ended the same number of times.
        var events: [String: Int]
    }

    /// Counts the panel's events without allocating per event.
    final class EventCounter {
        var valueChanged = 0, editingBegan = 0, editingEnded = 0, steps = 0, limits = 0, cancels = 0
    }

    static func run(seconds: Double, compositor: String, window: SliderWindow, panel: ControlPanel) throws -> Result {
        let counter = EventCounter()
        for slider in panel.sliders {
            slider.onEvent = { event in
                switch event {
                case .valueChanged: counter.valueChanged += 1
                case .editingChanged(let began): if began { counter.editingBegan += 1 } else { counter.editingEnded += 1 }
                case .step: counter.steps += 1
                case .limit: counter.limits += 1
                case .cancelled: counter.cancels += 1
                case .scrubbingRateChanged: break
                }
            }
        }
        var scenario = SoakScenario(panel: panel)
        let warmUp = min(10, seconds / 6)
        let start = MonotonicTime.seconds()
        var nextTick = start, nextSample = start
        var samples: [[Double]] = []
        samples.reserveCapacity(Int(seconds / 10) + 2)
        var rssAfterWarmUp: Double?
        guard let statistics = window.statistics else { throw DemoError(description: "the soak needs a window that measures its frames") }
        statistics.reset()
        while true {
            let now = MonotonicTime.seconds()
            if now - start >= seconds { break }
            if rssAfterWarmUp == nil && now - start >= warmUp { rssAfterWarmUp = ProcessUsage.residentMiB() }
            if now >= nextSample {
                samples.append([((now - start) * 10).rounded() / 10, ProcessUsage.residentMiB() ?? 0])
                nextSample += 10
            }
            while now >= nextTick {
                for event in scenario.nextFrame() { window.replay(event) }
                nextTick += 1.0 / 60
            }
            try window.dispatch(timeout: max(0, min(nextTick, start + seconds) - MonotonicTime.seconds()))
        }
        // The steps due before the end that the last dispatch held up, so a run plays 60 a second exactly.
        while nextTick <= start + seconds {
            for event in scenario.nextFrame() { window.replay(event) }
            nextTick += 1.0 / 60
        }
        for event in scenario.letGo() { window.replay(event) }
        try window.waitUntilShown(timeout: 2)
        let end = ProcessUsage.residentMiB() ?? 0
        samples.append([((MonotonicTime.seconds() - start) * 10).rounded() / 10, end])
        let frames = statistics.frames
        var intervals: [Double] = []
        for (a, b) in zip(frames, frames.dropFirst()) { intervals.append((b.commitTime - a.commitTime) * 1000) }
        let afterWarmUp = rssAfterWarmUp ?? end
        return Result(compositor: compositor, seconds: seconds, cycles: scenario.cycles, steps: scenario.steps, frames: statistics.committedCount,
                      presentedFrames: statistics.presentedCount, discardedFrames: statistics.discardedCount, glErrors: 0,
                      commitIntervalMs: Distribution(intervals), renderMs: Distribution(frames.map { $0.renderDuration * 1000 }),
                      warmUpSeconds: warmUp, rssAfterWarmUpMiB: afterWarmUp, rssAtEndMiB: end, rssGrowthMiB: end - afterWarmUp,
                      rssSamples: samples, peakRSSMiB: ProcessUsage.peakResidentMiB(),
                      events: ["valueChanged": counter.valueChanged, "editingBegan": counter.editingBegan, "editingEnded": counter.editingEnded,
                               "step": counter.steps, "limit": counter.limits, "cancelled": counter.cancels])
    }
}

extension SoakRun.Result {
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    var table: String {
        func ms(_ d: Distribution?) -> String { d.map { String(format: "%.2f / %.2f / %.2f / %.2f", $0.median, $0.p95, $0.p99, $0.maximum) } ?? "-" }
        let balanced = events["editingBegan"] == events["editingEnded"] ? "balanced" : "NOT balanced"
        return [
            "slider-demo bench --scenario soak: the panel under \(compositor), \(String(format: "%.0f", seconds)) s: \(cycles) cycles of drag, popup, two fingers, keys and wheel",
            "frames: \(frames) committed (\(String(format: "%.1f", Double(frames) / seconds)) per second), \(presentedFrames) presented, \(discardedFrames) discarded by the compositor (dropped)",
            "commit interval ms p50/p95/p99/max: \(ms(commitIntervalMs)); render ms: \(ms(renderMs)) (last \(min(frames, 4096)) frames)",
            String(format: "RSS: %.2f MiB after %.0f s warm-up, %.2f MiB at the end: growth %+.3f MiB (peak %.1f MiB)", rssAfterWarmUpMiB, warmUpSeconds,
                   rssAtEndMiB, rssGrowthMiB, peakRSSMiB),
            "RSS every 10 s (MiB): " + rssSamples.map { String(format: "%.2f", $0[1]) }.joined(separator: " "),
            "GL errors: \(glErrors) (glGetError after every frame)",
            "events: " + events.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "; editing \(balanced)",
        ].joined(separator: "\n")
    }
}
