import Foundation
import SliderCore

/// `--events`: every slider event as one JSON line on standard output,
///
///     {"slider":"volume","kind":"valueChanged","thumb":0,"value":0.64,"time":1.532}
///     {"slider":"volume","kind":"step","boundary":0.7,"count":1,"direction":1,"time":1.548}
///
/// kinds: valueChanged, editingBegan, editingEnded, step, limit (with "end": "minimum"/"maximum"), cancel;
/// `time` is seconds since the demo started. Scrubbing-rate changes are not printed.
final class EventPrinter {
    private let start: Double
    private let clock: AnimationClock
    private let write: (String) -> Void

    /// Prints with `write` (standard output unless named).
    init(clock: AnimationClock, write: @escaping (String) -> Void = { print($0) }) {
        self.clock = clock
        self.write = write
        start = clock.now
    }

    /// Prints the events of `slider` from now on.
    func attach(to slider: Slider) {
        // The closure keeps the printer alive as long as the slider (the printer holds no slider: no cycle).
        slider.onEvent = { [self, unowned slider] event in
            if let line = line(for: event, of: slider) { write(line) }
        }
    }

    func line(for event: SliderEvent, of slider: Slider) -> String? {
        var fields = "\"slider\":\(quoted(slider.name)),"
        switch event {
        case .valueChanged(let thumb, let value): fields += "\"kind\":\"valueChanged\",\"thumb\":\(thumb),\"value\":\(number(value)),"
        case .editingChanged(let began): fields += "\"kind\":\"\(began ? "editingBegan" : "editingEnded")\","
        case .cancelled: fields += "\"kind\":\"cancel\","
        case .step(let step):
            fields += "\"kind\":\"step\",\"thumb\":\(step.thumb),\"boundary\":\(number(step.boundary)),\"count\":\(step.count),\"direction\":\(step.direction),"
        case .limit(let limit):
            fields += "\"kind\":\"limit\",\"thumb\":\(limit.thumb),\"end\":\"\(limit.end)\","
        case .scrubbingRateChanged: return nil
        }
        return "{\(fields)\"time\":\(number(((clock.now - start) * 1000).rounded() / 1000))}"
    }

    private func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
