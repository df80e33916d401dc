import Foundation
@_spi(Internals) import WaylandSlider

/// Plays an input script into a window in real time: each line `t - t(previous line)` ms after the one
/// before (gaps are capped at 10 s, and a time going backwards counts as no gap), through the window's
/// input path as if the compositor had sent it, with the window dispatching and drawing in between.
struct InputReplayer {
    let script: InputScript

    /// Plays every line, then lets the window finish the frames it owes.
    func play(into window: SliderWindow) throws(WaylandError) {
        guard var previous = script.events.first?.time else { return }
        var due = MonotonicTime.seconds()
        for (index, event) in script.events.enumerated() {
            let gap = Int32(bitPattern: event.time &- previous)
            previous = event.time
            due += Double(min(max(gap, 0), 10_000)) / 1000
            while true {
                let wait = due - MonotonicTime.seconds()
                if wait <= 0 { break }
                try window.dispatch(timeout: wait)
            }
            window.replay(event, nextEventTime: script.events.dropFirst(index + 1).first?.time)
            try window.dispatch(timeout: 0)
        }
        try window.waitUntilShown(timeout: 2)
    }
}
