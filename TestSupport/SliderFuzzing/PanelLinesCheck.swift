import SliderCore
import SliderPanel

/// The panel's input lines fed arbitrary bytes, in reads of arbitrary sizes (the input's first byte, 1 to
/// 256, cuts the rest), to a panel of a stepped slider and a range slider. Invariants: it returns; every
/// complaint names a line that was read and is a line long (a refused line or value is quoted briefly); the
/// sliders' values stay finite and in their ranges, the range's thumbs in order; the panel keeps no more of a
/// line than the longest it takes.
public enum PanelLinesCheck {
    public static func violations<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [String] {
        let input = Array(bytes)
        let chunk = max(1, Int(input.first ?? 1))
        let volume: Slider, hours = Slider(isRange: true, name: "hours", clock: ManualClock())
        do {
            volume = try Slider(value: 40, in: 0...100, step: 5, name: "volume", clock: ManualClock())
            try hours.setBounds(minimum: 0, maximum: 24)
        } catch {
            return ["the panel could not be made: \(error)"]
        }
        var complaints: [String] = []
        var written = 0
        let lines = PanelValueLines(sliders: [volume, hours], clock: ManualClock(), write: { _ in written += 1 }, complain: { complaints.append($0) })
        for start in stride(from: 0, to: input.count, by: chunk) { lines.receive(input[start..<min(start + chunk, input.count)]) }
        lines.finish()
        var found: [String] = []
        for complaint in complaints {
            guard complaint.hasPrefix("input line "),
                  let number = Int(complaint.dropFirst("input line ".count).prefix { $0.isNumber }),
                  (1...max(lines.linesRead, 1)).contains(number) else {
                found.append("a complaint without a line read (\(lines.linesRead) lines): \(complaint.prefix(120))")
                continue
            }
            if complaint.count > 400 { found.append("a complaint of \(complaint.count) characters: \(complaint.prefix(120))...") }
        }
        for slider in [volume, hours] {
            let values = (0..<slider.model.thumbCount).map { slider.model.value(ofThumb: $0) }
            if !values.allSatisfy({ $0.isFinite && $0 >= slider.model.minimumValue && $0 <= slider.model.maximumValue }) {
                found.append("\(slider.name): values \(values) outside \(slider.model.minimumValue)...\(slider.model.maximumValue)")
            }
            if values != values.sorted() { found.append("\(slider.name): thumbs out of order \(values)") }
        }
        if written != 0 { found.append("\(written) lines written for values the input set (a value set this way is not printed back)") }
        return found
    }
}
