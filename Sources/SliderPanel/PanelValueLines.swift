import Foundation
@_spi(Internals) import SliderCore
import Yams

/// The configured panel's values as JSON lines: out, every change of a slider's value, as `--events` prints
/// it (`EventPrinter`) with the slider's `id` and whether the user is still dragging (`editing`)
///
///     {"editing":true,"id":"volume","kind":"valueChanged","slider":"volume","thumb":0,"time":2.514,"value":40}
///
/// and, when a gesture ends (or is cancelled), one line per thumb with `editing` false and the value it ended
/// at (`kind` "editingEnded" or "cancel"); in, lines that set a slider's value (thumb 0, or `thumb`; a range's
/// two as `[lower, upper]`), enable or disable it, or relabel it, without a line coming back out:
///
///     {"id":"volume","value":40}
///     {"id":"window","thumb":1,"value":18}
///     {"id":"window","value":[6,18]}
///     {"id":"brightness","enabled":false}
///     {"id":"brightness","label":"Backlight"}
///
/// A command's settings are a panel file's keys (`Command.settingKeys`), decoded as the panel file decodes
/// them (`SliderDescription`), so a value is read and refused in the same words in both.
///
/// A line that does not read, names no slider of the panel, or gives a value outside its range is reported on
/// standard error with its line number and why, and changes nothing; the lines after it still apply. A line is
/// refused whole when it is not UTF-8, longer than `maximumLineBytes` (the rest of it is not kept), not a JSON
/// object, has a key twice or a key no command has, or a number JSON can write and a Double cannot hold
/// (1e400, 1e-400); a complaint quotes at most `BriefQuote.maximumCharacters` of the line.
package final class PanelValueLines {
    /// One line out: an `--events` line's fields, the id and `editing`.
    package struct Change: Encodable, Equatable {
        package var id: String
        package var editing: Bool
        package var kind: String
        package var slider: String
        package var thumb: Int?
        package var value: Double?
        package var time: Double

        package init(_ line: EventPrinter.Line, editing: Bool) {
            (id, self.editing, kind, slider, thumb, value, time) = (line.slider, editing, line.kind, line.slider, line.thumb, line.value, line.time)
        }
    }

    /// One line in: the settings it changes, as a description of the slider named by `id`, and the thumb a
    /// single value is for.
    package struct Command {
        /// `id`, and what of `value`, `enabled` and `label` the line gives.
        package var settings: SliderDescription
        /// The thumb a single value is for (nil: the first).
        package var thumb: Int?

        /// The panel file's keys a command takes.
        package static let settingKeys: [SliderDescription.CodingKeys] = [.id, .value, .enabled, .label]
        /// The keys a command has: those, and `thumb`.
        package static let keys = settingKeys.map(\.rawValue) + ["thumb"]
    }

    /// The longest line taken, newline not counted: a command is a few dozen bytes.
    package static let maximumLineBytes = 4096

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
    /// Called after each change that settles: a thumb's value reported with `editing` false (a gesture's end, a
    /// key press, a wheel step) and a value set by an input line. What the panel's state file writes on.
    package var onSettledChange: (() -> Void)?
    /// Input lines read so far, for the line numbers in complaints.
    package private(set) var linesRead = 0
    /// Bytes of a line whose end has not come yet (at most `maximumLineBytes`).
    private var pending: [UInt8] = []
    /// The line being read is past `maximumLineBytes`: its bytes are dropped up to its newline.
    private var overlong = false

    /// Lines out go to `write` (standard output unless named), complaints to `complain` (the program's own
    /// standard error, under its name).
    package init(sliders: [Slider], clock: AnimationClock, write: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
         complain: @escaping (String) -> Void) {
        self.sliders = Dictionary(sliders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        printer = EventPrinter(clock: clock)
        self.write = write
        self.complain = complain
        for slider in sliders { attach(to: slider) }
    }

    /// The slider's events go out as lines while this exists: the closure the slider keeps holds it weakly
    /// (this holds the sliders, so a strong hold would keep both alive for good).
    private func attach(to slider: Slider) {
        slider.onEvent = { [weak self, unowned slider] event in
            guard let self else { return }
            switch event {
            case .valueChanged:
                if let line = printer.fields(for: event, of: slider) { emit(Change(line, editing: slider.isTracking)) }
                if !slider.isTracking { onSettledChange?() }
            case .editingChanged(false), .cancelled:
                for thumb in 0..<slider.model.thumbCount {
                    guard var line = printer.fields(for: .valueChanged(thumb: thumb, value: slider.model.value(ofThumb: thumb)), of: slider),
                          let ended = printer.fields(for: event, of: slider) else { continue }
                    line.kind = ended.kind
                    emit(Change(line, editing: false))
                }
                onSettledChange?()
            default: break
            }
        }
    }

    /// Prints the value a thumb starts with where it is not the panel file's but the state file's: a line with
    /// `kind` "restored" and `editing` false, so the program at the other end learns it.
    package func announceRestored(_ slider: Slider, thumb: Int) {
        guard var line = printer.fields(for: .valueChanged(thumb: thumb, value: slider.model.value(ofThumb: thumb)), of: slider) else { return }
        line.kind = "restored"
        emit(Change(line, editing: false))
    }

    private func emit(_ change: Change) {
        guard let data = try? encoder.encode(change) else { return }
        write(String(decoding: data, as: UTF8.self))
    }

    /// Takes `bytes` read from the input; applies each complete line.
    package func receive(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                endLine()
            } else if pending.count < PanelValueLines.maximumLineBytes {
                pending.append(byte)
            } else {
                overlong = true
            }
        }
    }

    /// The input ended: a last line without its newline still applies.
    package func finish() {
        if !pending.isEmpty || overlong { endLine() }
    }

    private func endLine() {
        linesRead += 1
        if overlong {
            complain("input line \(linesRead): longer than \(PanelValueLines.maximumLineBytes) bytes, refused: \(quote(String(decoding: pending, as: UTF8.self)))")
        } else {
            apply(line: pending)
        }
        pending.removeAll(keepingCapacity: true)
        overlong = false
    }

    /// A line in a complaint: its start, in single quotes.
    private func quote(_ text: String) -> String { BriefQuote.of(text, mark: "'") }

    private func apply(line bytes: [UInt8]) {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            return complain("input line \(linesRead): not UTF-8 text, refused")
        }
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return }
        let command: Command
        switch PanelValueLines.command(in: text) {
        case .success(let read): command = read
        case .failure(let reason): return complain("input line \(linesRead): \(reason): \(quote(text))")
        }
        let settings = command.settings, id = settings.id
        guard let slider = sliders[id] else {
            return complain("input line \(linesRead): no slider \(BriefQuote.of(id)); the panel has \(sliders.keys.sorted().joined(separator: ", "))")
        }
        guard settings.value != nil || settings.enabled != nil || settings.label != nil else {
            return complain("input line \(linesRead): nothing to change: a command has \"value\", \"enabled\" or \"label\"")
        }
        if let values = settings.value?.values {
            guard !values.isEmpty else { return complain("input line \(linesRead): value must be a number or [lower, upper]") }
            guard values.count == 1 || command.thumb == nil else {
                return complain("input line \(linesRead): \"thumb\" names the thumb of one value, not of \(values.count)")
            }
            let thumbs = values.count == 1 ? [command.thumb ?? 0] : Array(values.indices)
            if let missing = thumbs.first(where: { !(0..<slider.model.thumbCount).contains($0) }) {
                return complain("input line \(linesRead): \(BriefQuote.of(id)) has no thumb \(missing)")
            }
            if let outside = values.first(where: { !($0 >= slider.model.minimumValue && $0 <= slider.model.maximumValue) }) {
                return complain("input line \(linesRead): \(outside) is outside the range of \(BriefQuote.of(id)), \(slider.model.minimumValue)...\(slider.model.maximumValue)")
            }
            guard values.count == 1 || values[0] <= values[1] else {
                return complain("input line \(linesRead): [\(values[0]), \(values[1])] has the lower value above the upper")
            }
            // A range's two values move the thumbs in the order that keeps them apart.
            let order = values.count == 2 && values[0] > slider.upperValue ? [1, 0] : thumbs.indices.map { $0 }
            for index in order {
                do { try slider.setValue(values[index], ofThumb: thumbs[index], animated: true) } catch {
                    return complain("input line \(linesRead): \(error)")
                }
            }
            onSettledChange?()
        }
        if let enabled = settings.enabled { slider.isEnabled = enabled }
        if let label = settings.label { slider.accessibilityLabel = label }
    }
}

extension PanelValueLines {
    /// Why a line is not a command, in words.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
    }

    /// The command `text` holds. The line is read twice, by two real parsers, each for what it tells: JSON's
    /// own (JSONSerialization: the syntax, with where it breaks, and numbers a Double cannot hold) and YAML's
    /// (Yams: a JSON object is a YAML mapping, and Yams refuses a key given twice, where JSON readers keep the
    /// last; its scalars keep the number as written), then decoded by JSONDecoder.
    package static func command(in text: String) -> Result<Command, Refusal> {
        let data = Data(text.utf8)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let reason = BriefQuote.words(of: (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")
            return .failure(Refusal(description: "not JSON (\(reason.hasSuffix(".") ? String(reason.dropLast()) : reason))"))
        }
        guard object is [String: Any] else {
            return .failure(Refusal(description: "not a command: a JSON object with \"id\" and \"value\", \"enabled\" or \"label\""))
        }
        let mapping: Node.Mapping
        do {
            guard let read = try Yams.compose(yaml: text)?.mapping else { throw Refusal(description: "not a mapping") }
            mapping = read
        } catch YamlError.duplicatedKeysInMapping(let duplicates, _) {
            return .failure(Refusal(description: "the key \(BriefQuote.list(duplicates)) is given twice"))
        } catch {
            return .failure(Refusal(description: "not a command: a JSON object with \"id\" and \"value\", \"enabled\" or \"label\""))
        }
        for (key, value) in mapping {
            let name = key.string ?? "\(key)"
            guard Command.keys.contains(name) else {
                return .failure(Refusal(description: "unknown key \(BriefQuote.of(name)): a command has \(Command.keys.map { "\"\($0)\"" }.joined(separator: ", "))"))
            }
            // JSONSerialization refuses a number past Double's range, but reads one too small for it as 0.
            if let literal = value.scalar, literal.style == .plain, Double(literal.string) == 0,
               literal.string.lowercased().prefix(while: { $0 != "e" }).contains(where: { "123456789".contains($0) }) {
                return .failure(Refusal(description: "\(name) \(BriefQuote.of(literal.string, mark: "")) is too small for a Double: it would be read as 0"))
            }
        }
        var thumb: Int?
        if let node = mapping["thumb"] {
            guard let number = node.int, node.scalar?.style == .plain else { return .failure(Refusal(description: "thumb must be a whole number")) }
            thumb = number
        }
        do {
            return .success(Command(settings: try JSONDecoder().decode(SliderDescription.self, from: data), thumb: thumb))
        } catch DecodingError.keyNotFound(let key, _) where key.stringValue == SliderDescription.CodingKeys.id.rawValue {
            return .failure(Refusal(description: "no \"id\": a command names the slider it is for"))
        } catch let error as DecodingError {
            return .failure(Refusal(description: SliderDescription.Error(error).message))
        } catch {
            return .failure(Refusal(description: "not a command (\(error))"))
        }
    }
}
