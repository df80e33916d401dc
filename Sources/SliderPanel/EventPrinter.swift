import Foundation
@_spi(Internals) import SliderCore

/// `--events`: every slider event as one JSON line on standard output, keys in alphabetical order,
///
///     {"kind":"valueChanged","slider":"volume","thumb":0,"time":1.532,"value":0.64}
///     {"boundary":0.7,"count":1,"direction":1,"kind":"step","slider":"volume","thumb":0,"time":1.548}
///
/// kinds: valueChanged, editingBegan, editingEnded, step, limit (with "end": "minimum"/"maximum"), cancel;
/// `time` is seconds since the demo started. Scrubbing-rate changes are not printed. Written by
/// JSONEncoder: a slider's name is escaped whatever it holds (quotes, backslashes, control characters).
package final class EventPrinter {
    /// One printed line.
    package struct Line: Encodable, Equatable {
        package var slider: String
        package var kind: String
        package var thumb: Int?
        package var value: Double?
        package var boundary: Double?
        package var count: Int?
        package var direction: Int?
        package var end: String?
        package var time: Double
    }

    private let start: Double
    private let clock: AnimationClock
    private let write: (String) -> Void
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Prints with `write` (standard output unless named).
    package init(clock: AnimationClock, write: @escaping (String) -> Void = { print($0) }) {
        self.clock = clock
        self.write = write
        start = clock.now
    }

    /// Prints the events of `slider` from now on.
    package func attach(to slider: Slider) {
        // The closure keeps the printer alive as long as the slider (the printer holds no slider: no cycle).
        slider.onEvent = { [self, unowned slider] event in
            if let line = line(for: event, of: slider) { write(line) }
        }
    }

    /// The JSON line for `event`, nil for the kinds not printed.
    package func line(for event: SliderEvent, of slider: Slider) -> String? {
        guard let fields = fields(for: event, of: slider), let data = try? encoder.encode(fields) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The fields of `event`'s line; a number that is not finite is left out.
    package func fields(for event: SliderEvent, of slider: Slider) -> Line? {
        var line = Line(slider: slider.name, kind: "", time: ((clock.now - start) * 1000).rounded() / 1000)
        func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
        switch event {
        case .valueChanged(let thumb, let value):
            line.kind = "valueChanged"
            line.thumb = thumb
            line.value = finite(value)
        case .editingChanged(let began): line.kind = began ? "editingBegan" : "editingEnded"
        case .cancelled: line.kind = "cancel"
        case .step(let step):
            line.kind = "step"
            line.thumb = step.thumb
            line.boundary = finite(step.boundary)
            line.count = step.count
            line.direction = step.direction
        case .limit(let limit):
            line.kind = "limit"
            line.thumb = limit.thumb
            line.end = "\(limit.end)"
        case .scrubbingRateChanged: return nil
        }
        return line
    }
}
