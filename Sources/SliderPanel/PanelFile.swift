import Foundation
import SliderCore
import SliderRenderer
import Yams

/// `slider-panel FILE`: a panel described by a YAML file a person edits by hand. Each slider is a
/// `SliderDescription`, decoded by Yams' decoder and held to the description's rules; YAML through Yams because
/// every node keeps its line and column, so a wrong value (a range the wrong way round, an unknown key, a
/// duplicate id) is refused with the line it is on, not only a syntax error. Every key, the panel's
/// (`PanelFile.Key`) and a slider's (`SliderDescription.CodingKeys`), where a line says "or", one of the two:
///
///     title: Living room
///     theme: ios-light              # ios-light, ios-dark, material-light, material-dark
///     scale: auto                   # auto (fill the output, as a kiosk), or a zoom from 1 to 3
///     haptics: true                 # detents on the vibration motor, where there is one
///     state: /var/lib/slider-panel/living-room.json   # where the values are kept across restarts
///     colors:                       # the maker's colours for every slider, over the theme's (#rrggbb,
///       accent: "#e4572e"           # #rrggbbaa or a CSS name): the fill, the focus ring
///       track: "#d8d8d8"            # the rest of the track
///       thumb: white
///       background: "#fafafa"       # the window's
///       text: "#202020"             # labels and end symbols
///     text-size: 17                 # the labels' and popups' text, in points (8 to 72; default 13)
///     row-height: 64                # the distance between rows, in points (44 to 400; default 52)
///     knob: focused                 # the wheel (a rotary encoder) and arrow keys turn the focused slider,
///                                   # Enter moves focus on; pointer (default): the wheel moves the one under it
///     locale: de_DE.UTF-8           # numbers as the room writes them (21,5): the C library's locale data;
///                                   # default: the environment's (LC_ALL, LC_NUMERIC, LANG)
///     idle:                         # after this many seconds without input (up to a day):
///       dim-after: 60               # dim
///       dim-to: 0.2                 # to this much of the full brightness (0 to 1; default 0.2)
///       off-after: 300              # turn off (black, the backlight at 0)
///       backlight: auto             # auto: a writable /sys/class/backlight device, else the pixels;
///                                   # pixels; or a device's folder, /sys/class/backlight/NAME
///     sliders:
///       - id: volume                # required, unique: the JSON lines name it
///         label: Volume
///         range: [0, 100]
///         thumbs: 1                 # 2: a range slider, whose value is [lower, upper]
///         value: 40
///         step: 5                   # the distance between values, or
///         discrete-values: 21       # the number of evenly spaced values
///         snap: always              # always, on-release, never
///         anchor: 50
///         orientation: horizontal   # or vertical
///         ticks: always             # always, never, while-dragging
///         popup: true               # while dragging; always: a value label that stays
///         value-scale: power        # linear, logarithmic (bounds above 0), decibel (a fader: Ardour's
///         exponent: 3               # law, the minimum may be -inf), or power with its exponent
///         marks: [0, 50, 100]       # values written under the track
///         key-step: 1               # the arrow keys' and the wheel's step, in values
///         page-step: 10             # Page Up / Page Down
///         decimals: 0               # the value's text (popup, screen reader): decimal places
///         unit: "%"                 # and a unit after the number
///         end-symbols: [speaker-quiet, speaker-loud]   # or
///         end-images: [a.png, b.png]
///         enabled: true             # false: shown, takes no input
///         inverted: false           # true: the maximum at the leading end
///         layout-direction: left-to-right   # or right-to-left
///         continuous: true          # false: a change is reported when the gesture ends
///         change-interval: 0        # else at most one report per this many seconds while dragging
///         minimum-separation: 0     # a range's least distance between its thumbs, in values
///         hint: Sets the volume     # what a screen reader says after the label and value
///         colors: {accent: orange}  # this slider's, over the panel's; its background fills its row
package struct PanelFile: Equatable {
    package var title = "Sliders"
    package var theme = Theme.iosLight
    /// nil: automatic (the panel fills the window's size).
    package var zoom: Double?
    package var haptics = false
    /// The state file's path (`PanelStateFile`); nil: values start from the file's `value:` at every start.
    package var state: String?
    /// The maker's colours for every slider (each slider's own over them) and the window's background.
    package var colors: SliderPalette?
    /// The labels' and value popups' text size in points; nil: the theme's (13).
    package var textSize: Double?
    /// The distance between rows of horizontal sliders, in points; nil: 52.
    package var rowHeight: Double?
    /// The number symbols values are written with (`locale:`, else the environment's locale).
    package var numberSymbols = NumberSymbols(locale: "") ?? .c
    /// When the panel dims and turns off without input; nil: it stays lit.
    package var idle: IdleSettings?
    /// Which slider the wheel moves: `knob: focused` (a rotary encoder) or `knob: pointer` (the default).
    package var wheelTarget = WheelTarget.hoveredSlider

    /// What the window is drawn on: the file's background, or the theme's.
    package var background: Color { colors?.background ?? theme.background }

    /// The text sizes and row heights a file may give: text a person can read, rows a finger can hit (44 points,
    /// the least touch target of Apple's and WCAG 2.5.5's guidance) up to a few to a screen.
    package static let textSizes = 8.0...72.0, rowHeights = 44.0...400.0

    /// WCAG 2's least contrast between a control's parts (1.4.11) and between text and its background (1.4.3).
    package static let leastPartContrast = 3.0, leastTextContrast = 4.5
    /// The sliders, in the file's order.
    package var sliders: [SliderDescription] = []
    /// The end images the sliders name (`end-images`), read and checked, by slider id.
    package var endImages: [String: [EndImage]] = [:]

    /// The panel's own keys, as a panel file writes them. A slider's are `SliderDescription.CodingKeys`: the
    /// two lists are the ones the file's documentation (above, the man page and KIOSKS.md) is checked against.
    package enum Key: String, CaseIterable {
        case title, theme, scale, haptics, state, colors, sliders
        case textSize = "text-size", rowHeight = "row-height", knob, idle, locale
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
        let data: [UInt8]
        do {
            data = try FileBytes.read(atMost: maximumFileBytes + 1, of: path)
        } catch {
            throw Error(path: path, line: 0, column: 0, message: error.description)
        }
        guard data.count <= maximumFileBytes else {
            throw Error(path: path, line: 0, column: 0, message: "the file is over \(maximumFileBytes / 1024) KiB, the most a panel file may be")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw Error(path: path, line: 0, column: 0, message: "not UTF-8 text") }
        return try parse(text, path: path)
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
        var colorsNode: Node?
        var sliderNodes: [Node] = []
        for (key, _, value) in try mapping(root, "the panel", keys: Set(PanelFile.Key.allCases.map(\.rawValue))) {
            switch PanelFile.Key(rawValue: key) {
            case .title: panel.title = try string(value, key)
            case .theme: panel.theme = try choice(value, key, Theme.allCases.map { ($0.rawValue, $0) })
            case .scale:
                if value.string == "auto" { panel.zoom = nil; continue }
                let zoom = try number(value, key)
                guard (1...3).contains(zoom) else { throw fail(value, "scale must be auto or a zoom from 1 to 3, not \(zoom)") }
                panel.zoom = zoom
            case .haptics: panel.haptics = try bool(value, key)
            case .state:
                let path = try string(value, key)
                guard !path.isEmpty, !path.hasSuffix("/"), !path.utf8.contains(0) else {
                    throw fail(value, "state must be the path of a file, not \(BriefQuote.of(path))")
                }
                panel.state = path
            case .colors:
                panel.colors = try palette(value)
                colorsNode = value
            case .idle:
                panel.idle = try idle(value)
            case .locale:
                let name = try string(value, key)
                guard !name.isEmpty, !name.utf8.contains(0), let symbols = NumberSymbols(locale: name) else {
                    throw fail(value, "locale \(BriefQuote.of(name)) is not installed here (see `locale -a`; generate it with locale-gen or localedef)")
                }
                panel.numberSymbols = symbols
            case .knob:
                panel.wheelTarget = try choice(value, key, [("focused", WheelTarget.focusedSlider), ("pointer", .hoveredSlider)])
            case .textSize:
                let size = try number(value, key)
                guard PanelFile.textSizes.contains(size) else { throw fail(value, "text-size must be from 8 to 72 points, not \(size)") }
                panel.textSize = size
            case .rowHeight:
                let height = try number(value, key)
                guard PanelFile.rowHeights.contains(height) else { throw fail(value, "row-height must be from 44 to 400 points, not \(height)") }
                panel.rowHeight = height
            case .sliders, nil:
                sawSliders = true
                guard let list = value.sequence, !list.isEmpty else { throw fail(value, "sliders must be a list of at least one slider") }
                guard list.count <= PanelFile.maximumSliders else {
                    throw fail(value, "\(list.count) sliders: a panel has at most \(PanelFile.maximumSliders)")
                }
                var ids: Set<String> = []
                for item in list {
                    let description = try slider(item)
                    guard ids.insert(description.id).inserted else { throw fail(item, "a second slider with the id \(BriefQuote.of(description.id))") }
                    panel.sliders.append(description)
                    sliderNodes.append(item)
                    if let files = description.endImages { panel.endImages[description.id] = try endImages(files, of: item) }
                }
            }
        }
        guard sawSliders else { throw fail(root, "the panel has no `sliders:` list") }
        for (description, node) in zip(panel.sliders, sliderNodes) {
            let own = node.mapping?.first { $0.key.string == SliderDescription.CodingKeys.colors.rawValue }?.value
            try checkContrast(of: description, in: panel, at: own ?? colorsNode ?? node)
        }
        return panel
    }

    /// `idle:`: each wait above 0 and at most a day, off after dim, a level from 0 to 1, a backlight by name or
    /// folder.
    func idle(_ node: Node) throws(PanelFile.Error) -> IdleSettings {
        var settings = IdleSettings()
        for (key, _, value) in try mapping(node, "idle", keys: Set(IdleSettings.Key.allCases.map(\.rawValue))) {
            switch IdleSettings.Key(rawValue: key) {
            case .dimAfter, .offAfter:
                let seconds = try number(value, key)
                guard seconds > 0 && seconds <= IdleSettings.longestWait else {
                    throw fail(value, "\(key) must be a number of seconds above 0 and at most 86400 (a day), not \(seconds)")
                }
                if key == IdleSettings.Key.dimAfter.rawValue { settings.dimAfter = seconds } else { settings.offAfter = seconds }
            case .dimTo:
                let level = try number(value, key)
                guard (0...1).contains(level) else { throw fail(value, "dim-to must be a brightness from 0 to 1, not \(level)") }
                settings.dimTo = level
            case .backlight, nil:
                let text = try string(value, key)
                switch text {
                case "auto": settings.backlight = .automatic
                case "pixels": settings.backlight = .pixels
                default:
                    guard text.hasPrefix("/"), !text.utf8.contains(0) else {
                        throw fail(value, "backlight must be auto, pixels or a backlight device's folder (/sys/class/backlight/NAME), not \(BriefQuote.of(text))")
                    }
                    settings.backlight = .device(text)
                }
            }
        }
        guard settings.dimAfter != nil || settings.offAfter != nil else { throw fail(node, "idle needs dim-after, off-after or both") }
        if let dim = settings.dimAfter, let off = settings.offAfter, off <= dim {
            throw fail(node, "off-after (\(off) s) must come after dim-after (\(dim) s)")
        }
        return settings
    }

    /// A panel's or a slider's `colors:`, decoded by Yams' decoder; an error at the colour it is about.
    func palette(_ node: Node) throws(PanelFile.Error) -> SliderPalette {
        do {
            return try YAMLDecoder().decode(SliderPalette.self, from: node)
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error, let key = context.codingPath.first?.stringValue,
                  let entry = node.mapping?.first(where: { $0.key.string == key }) else {
                throw fail(node, "colors must be a mapping of accent, track, thumb, background and text to colours")
            }
            throw fail(entry.value, BriefQuote.words(of: "\(context.debugDescription.hasPrefix("has no") ? "colors " : "")\(context.debugDescription)"))
        } catch {
            throw fail(node, BriefQuote.words(of: "\(error)"))
        }
    }

    /// Refuses the colours a slider ends up with, where the file gave any of them, when its fill and track
    /// stand out from each other less than WCAG's 3:1 or its label from its background less than 4.5:1; each
    /// colour as it shows over the background.
    func checkContrast(of description: SliderDescription, in panel: PanelFile, at node: Node) throws(PanelFile.Error) {
        let own = description.colors ?? SliderPalette(), shared = panel.colors ?? SliderPalette()
        let given = own.merged(over: shared)
        guard given != SliderPalette() else { return }
        let style = panel.theme.style.applying(own.merged(over: SliderPalette(accent: shared.accent, track: shared.track, thumb: shared.thumb, text: shared.text)))
        let background = (own.background ?? panel.background).composited(over: panel.background)
        func ratio(_ a: Color, _ b: Color) -> (Double, String) {
            let value = a.contrastRatio(with: b)
            return (value, "\((value * 100).rounded(.down) / 100):1")
        }
        if given.accent != nil || given.track != nil || given.background != nil {
            let fill = style.normal.minimumTrack.composited(over: background), track = style.normal.maximumTrack.composited(over: background)
            let (value, text) = ratio(fill, track)
            guard value >= PanelFile.leastPartContrast else {
                throw fail(node, "\(BriefQuote.of(description.id)): the fill \(fill.cssHex) and the track \(track.cssHex) on \(background.cssHex) have a contrast of \(text); WCAG asks at least 3:1 between a control's parts")
            }
        }
        if given.text != nil || given.background != nil {
            let label = style.normal.image.composited(over: background)
            let (value, text) = ratio(label, background)
            guard value >= PanelFile.leastTextContrast else {
                throw fail(node, "\(BriefQuote.of(description.id)): the text \(label.cssHex) on \(background.cssHex) has a contrast of \(text); WCAG asks at least 4.5:1 for text")
            }
        }
    }

    /// One slider: its keys checked against the description's, decoded by Yams' decoder, then held to the
    /// description's rules (`SliderDescription.validate()`); an error is placed at the key it is about.
    func slider(_ node: Node) throws(PanelFile.Error) -> SliderDescription {
        let keys = Set(SliderDescription.CodingKeys.allCases.map(\.rawValue))
        let pairs = try mapping(node, "a slider", keys: keys)
        guard pairs.contains(where: { $0.key == "id" }) else { throw fail(node, "a slider needs an id") }
        let valueNode = { (key: SliderDescription.CodingKeys?) in pairs.first { $0.key == key?.rawValue }?.value ?? node }
        let description: SliderDescription
        do {
            description = try YAMLDecoder().decode(SliderDescription.self, from: node)
        } catch let error as DecodingError {
            throw decodingFailure(error, in: valueNode)
        } catch {
            throw fail(node, BriefQuote.words(of: "\(error)"))
        }
        do {
            try description.validate()
        } catch {
            throw fail(valueNode(error.property), error.message)
        }
        return description
    }

    /// A decoding error (in the description's words) at the node of the key, and list item, it names.
    func decodingFailure(_ error: DecodingError, in valueNode: (SliderDescription.CodingKeys?) -> Node) -> PanelFile.Error {
        let described = SliderDescription.Error(error)
        var node = valueNode(described.property)
        let path = switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c), .keyNotFound(_, let c): c.codingPath
        @unknown default: [CodingKey]()
        }
        if path.count > 1, let index = path[1].intValue, let items = node.sequence, index < items.count {
            node = items[index]
        } else if path.count > 1, let entry = node.mapping?.first(where: { $0.key.string == path[1].stringValue }) {
            node = entry.key
        }
        return fail(node, BriefQuote.words(of: described.message))
    }

    /// The end images a slider names, read and checked (a size over the limit refused from the PNG's header,
    /// a corrupt file), each failure at its file's line.
    func endImages(_ files: [String], of node: Node) throws(PanelFile.Error) -> [PanelFile.EndImage] {
        let items = node.mapping?.first { $0.key.string == SliderDescription.CodingKeys.endImages.rawValue }?.value.sequence ?? []
        var images: [PanelFile.EndImage] = []
        for (index, file) in files.enumerated() {
            do {
                images.append(PanelFile.EndImage(path: file, image: try RGBAImage(contentsOfPNG: file, maximumSide: RGBAImage.maximumRegisteredSide)))
            } catch {
                throw fail(index < items.count ? items[index] : node, "\(error)")
            }
        }
        return images
    }
}
