import Foundation
import SliderCore
@testable import SliderPanel
import Testing

/// The configured panel's input lines, in the process: every refusal says why and quotes little, a line of
/// any length or bytes costs at most a line's worth of memory, and the lines after a bad one still apply.
@Suite struct PanelValueLinesTests {
    final class Complaints: @unchecked Sendable { var lines: [String] = [] }

    func panel() throws -> (PanelValueLines, Slider, Complaints) {
        let slider = Slider(name: "volume", clock: ManualClock())
        try slider.setBounds(minimum: 0, maximum: 100)
        let complaints = Complaints()
        let lines = PanelValueLines(sliders: [slider], clock: ManualClock(), write: { _ in }, complain: { complaints.lines.append($0) })
        return (lines, slider, complaints)
    }

    /// A number of 500 digits (built outside the arguments: Swift 6.0's type checker gives up on them).
    static let longNumberLine = #"{"id":"volume","value":"# + String(repeating: "8", count: 500) + "}"
    static let longNumberReason = "not JSON (Number " + String(repeating: "8", count: 60) + "... is not representable in Swift)"

    @Test(arguments: [
        (#"{"id":"volume","value":NaN}"#, "not JSON (Invalid value around character 23)"),
        (#"{"id":"volume","value":Infinity}"#, "not JSON (Invalid value around character 23)"),
        (#"{"id":"volume","value":1e400}"#, "not JSON (Number 1e400 is not representable in Swift)"),
        // The fuzzer's find: Foundation's message quotes the number whole; the complaint quotes 60 digits of it.
        (PanelValueLinesTests.longNumberLine, PanelValueLinesTests.longNumberReason),
        (#"{"id":"volume","value":1e-400}"#, "value 1e-400 is too small for a Double: it would be read as 0"),
        (#"{"id":"volume","colour":"red"}"#, #"unknown key "colour": a command has "id", "value", "enabled", "label", "thumb""#),
        (#"{"id":"volume","value":10,"value":90}"#, #"the key "value" is given twice"#),
        (#"{"id":"volume","value":"40"}"#, "value must be a finite number or a list of them ([lower, upper])"),
        (#"{"value":40}"#, #"no "id": a command names the slider it is for"#),
        (#"[1, 2]"#, "not a command: a JSON object"),
        (#"{"id":"volume"}"#, #"nothing to change: a command has "value", "enabled" or "label""#),
    ])
    func aBadLineIsRefusedWithItsReasonAndTheNextStillApplies(_ line: String, _ reason: String) throws {
        let (lines, slider, complaints) = try panel()
        lines.receive(Array((line + "\n" + #"{"id":"volume","value":25}"# + "\n").utf8))
        #expect(complaints.lines.count == 1 && complaints.lines.first?.hasPrefix("input line 1: \(reason)") == true, "\(complaints.lines)")
        #expect(slider.value == 25, "the next line applied")
    }

    /// A range's two values in one command move both thumbs, in the order that keeps them apart (past the
    /// upper thumb: the upper first); a value list that does not fit the slider, or a `thumb` beside two values,
    /// is refused and changes nothing.
    @Test func aRangesTwoValuesMoveBothThumbs() throws {
        let range = Slider(isRange: true, name: "window", clock: ManualClock())
        try range.setBounds(minimum: 0, maximum: 24)
        try range.setValue(2, ofThumb: 0, animated: false)
        try range.setValue(4, ofThumb: 1, animated: false)
        let complaints = Complaints()
        let lines = PanelValueLines(sliders: [range], clock: ManualClock(), write: { _ in }, complain: { complaints.lines.append($0) })
        lines.receive(Array((#"{"id":"window","value":[18,22]}"# + "\n").utf8))
        #expect(range.model.value(ofThumb: 0) == 18 && range.model.value(ofThumb: 1) == 22, "\(complaints.lines)")
        lines.receive(Array((#"{"id":"window","value":[1,2,3]}"# + "\n" + #"{"id":"window","thumb":1,"value":[1,2]}"# + "\n"
                             + #"{"id":"window","value":[9,3]}"# + "\n").utf8))
        #expect(complaints.lines == ["input line 2: \"window\" has no thumb 2", "input line 3: \"thumb\" names the thumb of one value, not of 2",
                                     "input line 4: [9.0, 3.0] has the lower value above the upper"], "\(complaints.lines)")
        #expect(range.model.value(ofThumb: 0) == 18 && range.model.value(ofThumb: 1) == 22)
    }

    /// The lines hold their sliders and each slider's event closure holds the lines: weakly, so both go when
    /// released (they held each other: the fuzzer's panels, one per input, grew to 2 GiB).
    @Test func theLinesAndTheirSlidersAreFreedTogether() throws {
        weak var released: PanelValueLines?
        weak var releasedSlider: Slider?
        do {
            let (lines, slider, _) = try panel()
            lines.receive(Array(#"{"id":"volume","value":25}"#.utf8 + [0x0A]))
            #expect(slider.value == 25)
            released = lines
            releasedSlider = slider
        }
        #expect(released == nil && releasedSlider == nil)
    }

    @Test func invalidUTF8IsRefusedNotDrawnAsReplacementCharacters() throws {
        let (lines, slider, complaints) = try panel()
        lines.receive(Array(#"{"id":"volume","label":"Vol"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8) + [0x0A])
        #expect(complaints.lines == ["input line 1: not UTF-8 text, refused"], "\(complaints.lines)")
        #expect(slider.accessibilityLabel != "Vol\u{FFFD}\u{FFFD}", "nothing applied: \(String(describing: slider.accessibilityLabel))")
    }

    /// A 10 MB line, in reads of 4 KiB as the panel reads standard input: one complaint that quotes its start,
    /// not the line; the panel keeps no more of it than the longest line it takes.
    @Test func aHugeLineIsRefusedQuotingOnlyItsStart() throws {
        let (lines, slider, complaints) = try panel()
        let huge = Array((#"{"id":"volume","label":""# + String(repeating: "x", count: 10_000_000) + #""}"#).utf8) + [0x0A]
        for start in stride(from: 0, to: huge.count, by: 4096) { lines.receive(huge[start..<min(start + 4096, huge.count)]) }
        lines.receive(Array(#"{"id":"volume","value":60}"#.utf8))
        lines.finish()
        #expect(complaints.lines.count == 1, "\(complaints.lines.map { $0.prefix(200) })")
        let complaint = try #require(complaints.lines.first)
        #expect(complaint.hasPrefix("input line 1: longer than 4096 bytes, refused: '{\"id\":\"volume\",\"label\":\"xxx") && complaint.count < 200, "\(complaint.prefix(300))")
        #expect(slider.value == 60, "the last line, without its newline, applied at the end of input")
    }
}
