/// Measures text the way the renderer will draw it, so the scene can size boxes around it.
@_spi(Internals) public protocol TextMeasuring {
    /// The advance width of `text` at its `pixelSize`, in device pixels.
    func width(of text: TextRun) -> Double
}

/// Widths from DejaVu Sans's advances (digits 0.636 em, which every value label is mostly made of), for
/// scenes built without a renderer at hand. The renderer's glyph atlas measures exactly.
@_spi(Internals) public struct ApproximateTextMetrics: TextMeasuring {
    public init() {}

    public func width(of text: TextRun) -> Double {
        var ems = 0.0
        text.forEachScalar { scalar in
            switch scalar {
            case "0"..."9": ems += 0.636
            case " ", ".", ",": ems += 0.318
            case "-", "\u{2212}": ems += 0.361
            case "%": ems += 0.950
            default: ems += 0.6
            }
        }
        return ems * text.pixelSize
    }
}

extension TextMeasuring {
    /// `text` at `pixelSize` as a run no wider than `width` device pixels: whole when it fits, else cut at a
    /// character boundary and ended in "…" (only the ellipsis when no character fits beside it; an empty run
    /// when not even that fits).
    public func run(_ text: String, pixelSize: Double, fittingWidth width: Double) -> TextRun {
        let whole = TextRun(text, pixelSize: pixelSize)
        guard self.width(of: whole) > width else { return whole }
        var characters = Substring(text).prefix(TextRun.capacity)
        while true {
            let cut = TextRun(characters.isEmpty ? "…" : characters + "…", pixelSize: pixelSize)
            if self.width(of: cut) <= width { return cut }
            if characters.isEmpty { return TextRun("", pixelSize: pixelSize) }
            characters = characters.dropLast()
            while characters.last?.isWhitespace == true { characters = characters.dropLast() }
        }
    }
}
