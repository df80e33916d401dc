import SliderPanel

/// The panel-file reader fed arbitrary text. Invariants: it returns (no crash, no hang); a refusal points at a
/// line of the text (0 for the file as a whole) and is a line long, whatever it quotes (an image's path is
/// named whole); a panel it accepts keeps the file's rules: 1 to `maximumSliders` sliders, unique non-empty
/// ids, one or two thumbs with one value each inside the range, a zoom from 1 to 3 when one is given.
public enum PanelFileCheck {
    public static func violations<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [String] {
        let text = String(decoding: Array(bytes), as: UTF8.self)
        let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        do {
            let panel = try PanelFile.parse(text, path: "fuzz.yaml")
            return accepted(panel)
        } catch {
            var found: [String] = []
            if error.line < 0 || error.line > lineCount + 1 || error.column < 0 {
                found.append("a refusal at \(error.line):\(error.column) of \(lineCount) lines: \(error)")
            }
            if error.message.isEmpty { found.append("a refusal without a reason at \(error.line):\(error.column)") }
            let namesAnImage = error.message.contains("PNG") || error.message.contains("an image of")
            if error.message.count > 400 && !namesAnImage {
                found.append("a refusal of \(error.message.count) characters: \(error.message.prefix(120))...")
            }
            return found
        }
    }

    private static func accepted(_ panel: PanelFile) -> [String] {
        var found: [String] = []
        if !(1...PanelFile.maximumSliders).contains(panel.sliders.count) { found.append("\(panel.sliders.count) sliders accepted") }
        if let zoom = panel.zoom, !(1...3).contains(zoom) { found.append("zoom \(zoom) accepted") }
        if Set(panel.sliders.map(\.id)).count != panel.sliders.count { found.append("duplicate ids accepted: \(panel.sliders.map(\.id))") }
        for slider in panel.sliders {
            if slider.id.isEmpty { found.append("an empty id accepted") }
            let thumbs = slider.thumbs ?? 1, range = slider.range ?? [0, 1]
            if !(1...2).contains(thumbs) { found.append("\(slider.id): \(thumbs) thumbs accepted") }
            if range.count != 2 || !range.allSatisfy(\.isFinite) || range[0] >= range[1] {
                found.append("\(slider.id): range \(range) accepted")
            } else if let values = slider.value?.values, values.count != thumbs || !values.allSatisfy((range[0]...range[1]).contains) {
                found.append("\(slider.id): values \(values) for \(thumbs) thumbs in \(range) accepted")
            }
            if let images = slider.endImages, images.count != 2 || panel.endImages[slider.id]?.count != 2 {
                found.append("\(slider.id): \(images.count) end images accepted")
            }
            do { try slider.validate() } catch { found.append("\(slider.id): accepted though its description says \(error)") }
        }
        return found
    }
}
