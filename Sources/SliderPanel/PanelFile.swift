import Foundation
import SliderCore
import SliderRenderer
import Yams

/// `slider-demo panel --config FILE`: a panel described by a YAML file a person edits by hand. YAML through
/// Yams because every node keeps its line and column, so a wrong value (a range the wrong way round, an
/// unknown key, a duplicate id) is refused with the line it is on, not only a syntax error.
///
///     title: Living room
///     theme: ios-light              # ios-light, ios-dark, material-light, material-dark
///     scale: auto                   # auto (fill the output, as a kiosk), or a zoom from 1 to 3
///     haptics: true                 # detents on the vibration motor, where there is one
///     sliders:
///       - id: volume                # required, unique: the JSON lines name it
///         label: Volume
///         range: [0, 100]
///         value: 40                 # a range slider (thumbs: 2) takes [lower, upper]
///         step: 5                   # or discrete-values: N (N evenly spaced values)
///         snap: always              # always, on-release, never
///         anchor: 50
///         orientation: horizontal   # or vertical
///         ticks: always             # always, never, while-dragging
///         popup: true               # while dragging; always: a value label that stays
///         value-scale: linear       # logarithmic (bounds above 0), or power with exponent: 3
///         key-step: 1               # the arrow keys' and the wheel's step, in values
///         page-step: 10             # Page Up / Page Down
///         decimals: 0               # the value's text (popup, screen reader): decimal places
///         unit: "%"                 # and a unit after the number
///         end-symbols: [speaker-quiet, speaker-loud]   # or end-images: [a.png, b.png]
package struct PanelFile: Equatable {
    package var title = "Sliders"
    package var theme = Theme.iosLight
    /// nil: automatic (the panel fills the window's size).
    package var zoom: Double?
    package var haptics = false
    package var sliders: [SliderEntry] = []

    /// One slider of the file.
    package struct SliderEntry: Equatable {
        package var id: String
        package var label: String?
        package var range: ClosedRange<Double> = 0...1
        package var values: [Double]?
        package var thumbs = 1
        package var step: Double?
        package var discreteValues: Int?
        package var snap: SnapMode?
        package var anchor: Double?
        package var orientation = Orientation.horizontal
        package var ticks: TickVisibility?
        package var popup = false
        package var popupAlwaysShown = false
        package var valueScale = ValueScale.linear
        package var keyStep: Double?
        package var pageStep: Double?
        package var decimals: Int?
        package var unit: String?
        package var endSymbols: [SliderSymbol]?
        package var endImages: [EndImage]?
    }

    /// An end image: its file, read and checked when the panel file is (a size over the limit refused from the
    /// PNG's header, a corrupt file with its line), before any window opens.
    package struct EndImage: Equatable {
        package var path: String
        package var image: RGBAImage
    }

    /// What is wrong with a file, and where: "FILE:LINE:COLUMN: message".
    package struct Error: Swift.Error, CustomStringConvertible, Equatable {
        package var path: String
        package var line: Int
        package var column: Int
        package var message: String
        package var description: String { "\(path):\(line):\(column): \(message)" }
    }

    /// The most a panel file may hold, in bytes: a panel of `maximumSliders` sliders with every key takes
    /// under 30 KiB. A longer file is refused before it is parsed (no more than this is read of it).
    package static let maximumFileBytes = 256 * 1024

    /// The most sliders a panel may have (a 1080-point-high kiosk shows about 20 rows of them).
    package static let maximumSliders = 64

    /// Reads and checks the file at `path`; throws `PanelFile.Error` for the first problem.
    package static func load(_ path: String) throws(PanelFile.Error) -> PanelFile {
        let data = try readAtMost(maximumFileBytes + 1, of: path)
        guard data.count <= maximumFileBytes else {
            throw Error(path: path, line: 0, column: 0, message: "the file is over \(maximumFileBytes / 1024) KiB, the most a panel file may be")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw Error(path: path, line: 0, column: 0, message: "not UTF-8 text") }
        return try parse(text, path: path)
    }

    /// The first `limit` bytes of the file at `path` (all of it when shorter); the system's reason when it
    /// cannot be read (a folder, no such file, no permission).
    private static func readAtMost(_ limit: Int, of path: String) throws(PanelFile.Error) -> [UInt8] {
        func failure() -> PanelFile.Error { Error(path: path, line: 0, column: 0, message: "cannot read the file: \(String(cString: strerror(errno)))") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, limit - count) }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            count += read
        }
        return Array(bytes[..<count])
    }

    /// Reads a panel from YAML `text` (`path` names it in errors).
    package static func parse(_ text: String, path: String) throws(PanelFile.Error) -> PanelFile {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, path: path)
        } catch {
            throw Error(path: path, line: 0, column: 0, message: "\(error)")
        }
        guard let root else { throw Error(path: path, line: 1, column: 1, message: "the file is empty: a panel needs `sliders:`") }
        return try PanelReader(path: path).panel(root)
    }

    /// A YAML error at its line and column, in libyaml's words (never the line itself, which may be long).
    private static func syntaxError(_ error: YamlError, path: String) -> PanelFile.Error {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return Error(path: path, line: mark.line, column: mark.column, message: "YAML: \(problem)")
        case .reader(let problem, let offset?, _, let yaml):
            let before = yaml.prefix(offset)
            let line = before.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
            let column = before.reversed().prefix { !$0.isNewline }.count + 1
            return Error(path: path, line: line, column: column, message: "YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return Error(path: path, line: context.mark.line, column: context.mark.column,
                         message: "YAML: duplicate keys \(BriefQuote.list(duplicates))")
        default:
            let firstLine = String(describing: error).prefix { !$0.isNewline }
            return Error(path: path, line: 0, column: 0, message: "YAML: \(BriefQuote.of(String(firstLine), mark: ""))")
        }
    }
}

/// Turns the YAML nodes into a `PanelFile`, checking each value where it is.
private struct PanelReader {
    let path: String

    func fail(_ node: Node, _ message: String) -> PanelFile.Error {
        PanelFile.Error(path: path, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, message: message)
    }

    /// The pairs of a mapping, with unknown keys refused.
    func mapping(_ node: Node, _ what: String, keys: Set<String>) throws(PanelFile.Error) -> [(key: String, keyNode: Node, value: Node)] {
        guard let mapping = node.mapping else { throw fail(node, "\(what) must be a mapping of keys to values") }
        var pairs: [(key: String, keyNode: Node, value: Node)] = []
        for (key, value) in mapping {
            guard let name = key.string, keys.contains(name) else {
                throw fail(key, "unknown key \(key.string.map { BriefQuote.of($0) } ?? "") in \(what); known: \(keys.sorted().joined(separator: ", "))")
            }
            pairs.append((name, key, value))
        }
        return pairs
    }

    func string(_ node: Node, _ key: String) throws(PanelFile.Error) -> String {
        guard let scalar = node.scalar else { throw fail(node, "\(key) must be text") }
        return scalar.string
    }

    func number(_ node: Node, _ key: String) throws(PanelFile.Error) -> Double {
        guard let value = node.float ?? node.int.map(Double.init), value.isFinite else { throw fail(node, "\(key) must be a finite number") }
        return value
    }

    func numbers(_ node: Node, _ key: String) throws(PanelFile.Error) -> [Double] {
        guard let sequence = node.sequence else { throw fail(node, "\(key) must be a list of numbers, such as [0, 100]") }
        var values: [Double] = []
        for item in sequence { values.append(try number(item, key)) }
        return values
    }

    func bool(_ node: Node, _ key: String) throws(PanelFile.Error) -> Bool {
        guard let value = node.bool else { throw fail(node, "\(key) must be true or false") }
        return value
    }

    func choice<T>(_ node: Node, _ key: String, _ choices: [(String, T)]) throws(PanelFile.Error) -> T {
        let text = node.string ?? ""
        guard let found = choices.first(where: { $0.0 == text }) else {
            throw fail(node, "\(key) must be one of \(choices.map(\.0).joined(separator: ", ")), not \(BriefQuote.of(text))")
        }
        return found.1
    }

    func panel(_ root: Node) throws(PanelFile.Error) -> PanelFile {
        var panel = PanelFile()
        var sawSliders = false
        for (key, _, value) in try mapping(root, "the panel", keys: ["title", "theme", "scale", "haptics", "sliders"]) {
            switch key {
            case "title": panel.title = try string(value, key)
            case "theme": panel.theme = try choice(value, key, Theme.allCases.map { ($0.rawValue, $0) })
            case "scale":
                if value.string == "auto" { panel.zoom = nil; continue }
                let zoom = try number(value, key)
                guard (1...3).contains(zoom) else { throw fail(value, "scale must be auto or a zoom from 1 to 3, not \(zoom)") }
                panel.zoom = zoom
            case "haptics": panel.haptics = try bool(value, key)
            default:
                sawSliders = true
                guard let list = value.sequence, !list.isEmpty else { throw fail(value, "sliders must be a list of at least one slider") }
                guard list.count <= PanelFile.maximumSliders else {
                    throw fail(value, "\(list.count) sliders: a panel has at most \(PanelFile.maximumSliders)")
                }
                var ids: Set<String> = []
                for item in list {
                    let entry = try slider(item)
                    guard ids.insert(entry.id).inserted else { throw fail(item, "a second slider with the id \(BriefQuote.of(entry.id))") }
                    panel.sliders.append(entry)
                }
            }
        }
        guard sawSliders else { throw fail(root, "the panel has no `sliders:` list") }
        return panel
    }

    static let sliderKeys: Set<String> = ["id", "label", "range", "value", "thumbs", "step", "discrete-values", "snap", "anchor", "orientation",
                                          "ticks", "popup", "value-scale", "exponent", "key-step", "page-step", "decimals", "unit", "end-symbols",
                                          "end-images"]

    func slider(_ node: Node) throws(PanelFile.Error) -> PanelFile.SliderEntry {
        let pairs = try mapping(node, "a slider", keys: Self.sliderKeys)
        guard let idNode = pairs.first(where: { $0.key == "id" })?.value else { throw fail(node, "a slider needs an id") }
        let id = try string(idNode, "id")
        guard !id.isEmpty else { throw fail(idNode, "id must not be empty") }
        var entry = PanelFile.SliderEntry(id: id)
        var valueNode: Node?, scaleNode: Node?, exponentNode: Node?
        for (key, _, value) in pairs {
            switch key {
            case "label": entry.label = try string(value, key)
            case "range":
                let bounds = try numbers(value, key)
                guard bounds.count == 2, bounds[0] < bounds[1] else { throw fail(value, "range must be [minimum, maximum] with minimum < maximum") }
                entry.range = bounds[0]...bounds[1]
            case "value":
                valueNode = value
                entry.values = value.sequence != nil ? try numbers(value, key) : [try number(value, key)]
            case "thumbs":
                guard let thumbs = value.int, thumbs == 1 || thumbs == 2 else { throw fail(value, "thumbs must be 1 or 2") }
                entry.thumbs = thumbs
            case "step":
                let step = try number(value, key)
                guard step > 0 else { throw fail(value, "step must be more than 0") }
                entry.step = step
            case "discrete-values":
                guard let count = value.int, count >= 2, count <= 10_000 else { throw fail(value, "discrete-values must be a whole number from 2 to 10000") }
                entry.discreteValues = count
            case "snap": entry.snap = try choice(value, key, [("always", SnapMode.always), ("on-release", .onRelease), ("never", .never)])
            case "anchor": entry.anchor = try number(value, key)
            case "orientation": entry.orientation = try choice(value, key, [("horizontal", Orientation.horizontal), ("vertical", .vertical)])
            case "ticks": entry.ticks = try choice(value, key, [("always", TickVisibility.always), ("never", .never), ("while-dragging", .whileDragging)])
            case "popup":
                guard let shown = value.bool ?? (value.string == "always" ? true : nil) else { throw fail(value, "popup must be true, false or always") }
                (entry.popup, entry.popupAlwaysShown) = (shown, value.string == "always")
            case "value-scale": scaleNode = value
            case "exponent": exponentNode = value
            case "key-step": entry.keyStep = try number(value, key)
            case "page-step": entry.pageStep = try number(value, key)
            case "decimals":
                guard let places = value.int, (0...6).contains(places) else { throw fail(value, "decimals must be a whole number from 0 to 6") }
                entry.decimals = places
            case "unit": entry.unit = try string(value, key)
            case "end-symbols":
                let names = SliderSymbol.allCases.map { (Self.kebab("\($0)"), $0) }
                guard let list = value.sequence, list.count == 2 else { throw fail(value, "end-symbols must be [minimum-end, maximum-end]") }
                var symbols: [SliderSymbol] = []
                for item in list { symbols.append(try choice(item, key, names)) }
                entry.endSymbols = symbols
            case "end-images":
                guard let list = value.sequence, list.count == 2 else { throw fail(value, "end-images must be [minimum-end.png, maximum-end.png]") }
                var images: [PanelFile.EndImage] = []
                for item in list {
                    let file = try string(item, key)
                    do {
                        images.append(PanelFile.EndImage(path: file, image: try RGBAImage(contentsOfPNG: file, maximumSide: RGBAImage.maximumRegisteredSide)))
                    } catch {
                        throw fail(item, "\(error)")
                    }
                }
                entry.endImages = images
            default: break
            }
        }
        if entry.step != nil && entry.discreteValues != nil { throw fail(node, "a slider takes step or discrete-values, not both") }
        if entry.endSymbols != nil && entry.endImages != nil { throw fail(node, "a slider takes end-symbols or end-images, not both") }
        if let values = entry.values, let valueNode {
            guard values.count == entry.thumbs else {
                throw fail(valueNode, entry.thumbs == 2 ? "a slider with two thumbs takes value: [lower, upper]" : "value must be one number")
            }
            guard values.allSatisfy(entry.range.contains) else { throw fail(valueNode, "value must be within the range \(entry.range)") }
            guard values.count < 2 || values[0] <= values[1] else { throw fail(valueNode, "the lower value must not be above the upper") }
        }
        if let anchor = entry.anchor, !entry.range.contains(anchor) { throw fail(node, "anchor must be within the range \(entry.range)") }
        entry.valueScale = try valueScale(scaleNode, exponent: exponentNode)
        // The slider's own rules, as a slider applies them: an error names the key it is about.
        do {
            try entry.apply(to: Slider(isRange: entry.thumbs == 2, name: entry.id, clock: ManualClock()))
        } catch {
            let key: String? = switch error {
            case .logarithmicScaleNeedsPositiveBounds: "value-scale"
            case .invalidExponent: "exponent"
            case .invalidStep(.keyboardStep, _), .nonFiniteValue(.keyboardStep): "key-step"
            case .invalidStep(.pageStep, _), .nonFiniteValue(.pageStep): "page-step"
            default: nil
            }
            throw fail(pairs.first { $0.key == key }?.value ?? node, "\(error)")
        }
        return entry
    }

    /// `value-scale: linear | logarithmic | power` and the power's `exponent`.
    func valueScale(_ node: Node?, exponent: Node?) throws(PanelFile.Error) -> ValueScale {
        let name = try node.map { (node: Node) throws(PanelFile.Error) in
            try choice(node, "value-scale", [("linear", "linear"), ("logarithmic", "logarithmic"), ("power", "power")])
        }
        switch (name, exponent) {
        case ("power", let exponent?): return .power(try number(exponent, "exponent"))
        case ("power", nil): throw fail(node!, "value-scale: power needs an exponent, such as exponent: 3")
        case (_, let exponent?): throw fail(exponent, "exponent is for value-scale: power")
        case ("logarithmic", nil): return .logarithmic
        default: return .linear
        }
    }

    /// "speakerQuiet" → "speaker-quiet".
    static func kebab(_ name: String) -> String {
        name.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }
}
