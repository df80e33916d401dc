@_spi(Internals) import SliderWayland
import Foundation

/// A frame-timing run as a Chrome trace (the Trace Event Format's JSON object form), which Perfetto's UI
/// and chrome://tracing open: one process with a named track each for start-up (exec to the first frame
/// presented, step by step), the phases, the frames (render spans), the input each frame shows, the commits
/// and the presentations. Times are microseconds from the earliest of them on CLOCK_MONOTONIC (the window's
/// presentation clock).
package struct ChromeTrace: Encodable {
    /// One trace event: `ph` "X" (complete: `ts` and `dur`), "i" (instant, thread-scoped), "M" (metadata).
    package struct Event: Encodable {
        package var name: String
        package var ph: String
        package var ts: Double
        package var dur: Double?
        package var pid: Int32
        package var tid: Int
        package var s: String?
        package var args: [String: Double]?
        /// Metadata events name things: `name` is "process_name" or "thread_name", `label` the name.
        package var label: String?

        private enum CodingKeys: String, CodingKey { case name, ph, ts, dur, pid, tid, s, args }

        package func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(ph, forKey: .ph)
            try container.encode(ts, forKey: .ts)
            try container.encodeIfPresent(dur, forKey: .dur)
            try container.encode(pid, forKey: .pid)
            try container.encode(tid, forKey: .tid)
            try container.encodeIfPresent(s, forKey: .s)
            if let label {
                try container.encode(["name": label], forKey: .args)
            } else {
                try container.encodeIfPresent(args, forKey: .args)
            }
        }
    }

    /// The tracks, in the order the viewers show them.
    package enum Track: Int, CaseIterable {
        case startup = 1, phases, frames, input, commits, presentations

        var title: String {
            switch self {
            case .startup: "start-up"
            case .phases: "phases"
            case .frames: "frames (render)"
            case .input: "input (oldest each frame shows)"
            case .commits: "commits"
            case .presentations: "presentations"
            }
        }
    }

    package var traceEvents: [Event] = []
    package let displayTimeUnit = "ms"

    /// A step of start-up, from the end of the one before: what it did, and when it began and ended.
    package struct StartupStep {
        package var name: String
        package var start: Double
        package var end: Double

        package init(name: String, start: Double, end: Double) {
            (self.name, self.start, self.end) = (name, start, end)
        }
    }

    /// The trace of `startup` and `phases` (measured parts only) of the process `processName` (`pid`).
    package init(startup: [StartupStep] = [], phases: [FramePhase], processName: String, pid: Int32 = getpid()) {
        let origin = (startup.map(\.start) + phases.map(\.start)).min() ?? 0
        func micros(_ seconds: Double) -> Double { ((seconds - origin) * 1_000_000).rounded() }
        func event(_ name: String, _ ph: String, _ track: Track, at time: Double, duration: Double? = nil,
                   args: [String: Double]? = nil) -> Event {
            Event(name: name, ph: ph, ts: micros(time), dur: duration.map { ($0 * 1_000_000).rounded() }, pid: pid, tid: track.rawValue,
                  s: ph == "i" ? "t" : nil, args: args)
        }
        traceEvents.append(Event(name: "process_name", ph: "M", ts: 0, pid: pid, tid: 0, label: processName))
        for track in Track.allCases {
            traceEvents.append(Event(name: "thread_name", ph: "M", ts: 0, pid: pid, tid: track.rawValue, label: track.title))
            traceEvents.append(Event(name: "thread_sort_index", ph: "M", ts: 0, pid: pid, tid: track.rawValue,
                                     args: ["sort_index": Double(track.rawValue)]))
        }
        for step in startup {
            traceEvents.append(event(step.name, "X", .startup, at: step.start, duration: max(0, step.end - step.start)))
        }
        var number = 0
        for phase in phases {
            traceEvents.append(event(phase.name, "X", .phases, at: phase.start, duration: max(0, phase.end - phase.start),
                                     args: ["frames": Double(phase.frames)]))
            for frame in phase.timeline {
                number += 1
                let label = "frame \(number)"
                traceEvents.append(event(label, "X", .frames, at: frame.commitTime - frame.renderDuration, duration: frame.renderDuration,
                                         args: ["frame": Double(number), "redrawnPixels": Double(frame.redrawnPixels)]))
                if let input = frame.inputTime {
                    traceEvents.append(event("input shown by \(label)", "i", .input, at: input,
                                             args: ["frame": Double(number), "toCommitMs": (frame.commitTime - input) * 1000]))
                }
                traceEvents.append(event("commit \(label)", "i", .commits, at: frame.commitTime, args: ["frame": Double(number)]))
                if let present = frame.presentTime {
                    var args = ["frame": Double(number), "fromCommitMs": (present - frame.commitTime) * 1000]
                    if let input = frame.inputTime { args["fromInputMs"] = (present - input) * 1000 }
                    traceEvents.append(event("present \(label)", "i", .presentations, at: present, args: args))
                }
            }
        }
    }

    /// The trace as JSON.
    package func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
