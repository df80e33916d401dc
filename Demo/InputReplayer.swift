import Foundation
import SliderWayland
import WaylandSlider

/// Plays an input script into a window in real time: each line `t - t(previous line)` ms after the one
/// before (gaps are capped at 10 s, and a time going backwards counts as no gap), through the client's
/// input translation as if the compositor had sent it, with the window dispatching and drawing in between.
struct InputReplayer {
    let script: InputScript

    /// Plays every line, then lets the window finish the frames it owes.
    func play(into window: SliderWindow) throws(WaylandError) {
        guard var previous = script.lines.first?.time else { return }
        var due = MonotonicTime.seconds()
        for line in script.lines {
            let gap = Int32(bitPattern: line.time &- previous)
            previous = line.time
            due += Double(min(max(gap, 0), 10_000)) / 1000
            while true {
                let wait = due - MonotonicTime.seconds()
                if wait <= 0 { break }
                try window.dispatch(timeout: wait)
            }
            window.client.replay(line.event, on: window.toplevel.surface)
            try window.dispatch(timeout: 0)
        }
        try window.waitUntilShown(timeout: 2)
    }
}
