import Foundation
import SliderCore

/// The configured panel's values as JSON lines: out, every change of a slider's value, as `--events` prints
/// it (`EventPrinter`) with the slider's `id` and whether the user is still dragging (`editing`)
///
///     {"editing":true,"id":"volume","kind":"valueChanged","slider":"volume","thumb":0,"time":2.514,"value":40}
///
/// and, when a gesture ends (or is cancelled), one line per thumb with `editing` false and the value it ended
/// at (`kind` "editingEnded" or "cancel"); in, lines that set a slider's value (thumb 0, or `thumb`), enable or
/// disable it, or relabel it, without a line coming back out:
///
///     {"id":"volume","value":40}
///     {"id":"window","thumb":1,"value":18}
///     {"id":"brightness","enabled":false}
///     {"id":"brightness","label":"Backlight"}
///
/// A line that does not read, names no slider of the panel, or gives a value outside its range is reported on
/// standard error with its line number, and changes nothing; the lines after it still apply.
final class PanelValueLines {
    /// One line out: an `--events` line's fields, the id and `editing`.
    struct Change: Encodable, Equatable {
        var id: String
        var editing: Bool
        var kind: String
        var slider: String
        var thumb: Int?
        var value: Double?
        var time: Double

        init(_ line: EventPrinter.Line, editing: Bool) {
            (id, self.editing, kind, slider, thumb, value, time) = (line.slider, editing, line.kind, line.slider, line.thumb, line.value, line.time)
        }
    }

    /// One line in.
    struct Command: Decodable {
        var id: String
        var thumb: Int?
        var value: Double?
        var enabled: Bool?
        var label: String?
    }

    private let sliders: [String: Slider]
    /// Makes the `--events` fields of each line.
    private let printer: EventPrinter
    private let write: (String) -> Void
    private let complain: (String) -> Void
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    /// Input lines read so far, for the line numbers in complaints.
    private(set) var linesRead = 0
    /// Bytes of a line whose end has not come yet.
    private var pending: [UInt8] = []

    /// Lines out go to `write` (standard output unless named), complaints to `complain` (standard error).
    init(sliders: [Slider], clock: AnimationClock, write: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
         complain: @escaping (String) -> Void = { FileHandle.standardError.write(Data("slider-demo: \($0)\n".utf8)) }) {
        self.sliders = Dictionary(sliders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        printer = EventPrinter(clock: clock)
        self.write = write
        self.complain = complain
        for slider in sliders { attach(to: slider) }
    }

    private func attach(to slider: Slider) {
        slider.onEvent = { [self, unowned slider] event in
            switch event {
            case .valueChanged:
                if let line = printer.fields(for: event, of: slider) { emit(Change(line, editing: slider.isTracking)) }
            case .editingChanged(false), .cancelled:
                for thumb in 0..<slider.model.thumbCount {
                    guard var line = printer.fields(for: .valueChanged(thumb: thumb, value: slider.model.value(ofThumb: thumb)), of: slider),
                          let ended = printer.fields(for: event, of: slider) else { continue }
                    line.kind = ended.kind
                    emit(Change(line, editing: false))
                }
            default: break
            }
        }
    }

    private func emit(_ change: Change) {
        guard let data = try? encoder.encode(change) else { return }
        write(String(decoding: data, as: UTF8.self))
    }

    /// Takes `bytes` read from the input; applies each complete line.
    func receive(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                apply(line: pending)
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
    }

    /// The input ended: a last line without its newline still applies.
    func finish() {
        if !pending.isEmpty { apply(line: pending) }
        pending.removeAll()
    }

    private func apply(line bytes: [UInt8]) {
        linesRead += 1
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        let command: Command
        do {
            command = try JSONDecoder().decode(Command.self, from: Data(text.utf8))
        } catch {
            return complain("input line \(linesRead): not a command (a JSON object with \"id\" and \"value\", \"enabled\" or \"label\"): \(text)")
        }
        guard let slider = sliders[command.id] else {
            return complain("input line \(linesRead): no slider \"\(command.id)\"; the panel has \(sliders.keys.sorted().joined(separator: ", "))")
        }
        guard command.value != nil || command.enabled != nil || command.label != nil else {
            return complain("input line \(linesRead): nothing to change (\"value\", \"enabled\" or \"label\")")
        }
        if let value = command.value {
            let thumb = command.thumb ?? 0
            guard (0..<slider.model.thumbCount).contains(thumb) else {
                return complain("input line \(linesRead): \(command.id) has no thumb \(thumb)")
            }
            guard value >= slider.model.minimumValue && value <= slider.model.maximumValue else {
                return complain("input line \(linesRead): \(value) is outside \(command.id)'s range \(slider.model.minimumValue)...\(slider.model.maximumValue)")
            }
            do { try slider.setValue(value, ofThumb: thumb, animated: false) } catch {
                return complain("input line \(linesRead): \(error)")
            }
        }
        if let enabled = command.enabled { slider.isEnabled = enabled }
        if let label = command.label { slider.accessibilityLabel = label }
    }
}
