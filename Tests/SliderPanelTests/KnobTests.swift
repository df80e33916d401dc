import Foundation
import PrivateCompositors
@testable import SliderPanel
import Testing
@_spi(Internals) import WaylandSlider

/// `knob: focused`, as a machine panel's rotary encoder drives it: wheel steps and keys through weston's seat,
/// the pointer parked away from every slider. The steps turn the focused slider (the first, from the start),
/// Enter moves focus on, the arrow keys turn the slider focused now; each detent one JSON line of one step.
@Suite struct KnobTests {
    static let file = """
        knob: focused
        sliders:
          - id: volume
            range: [0, 100]
            value: 50
            step: 5
          - id: balance
            range: [-10, 10]
            value: 0
            step: 1

        """

    /// evdev's key codes (linux/input-event-codes.h).
    static let enter: UInt32 = 28, right: UInt32 = 106

    func values(_ panel: PipedProcess, of id: String) -> [Double] {
        ((try? panel.jsonObjects()) ?? []).filter { $0["id"] as? String == id }.compactMap { $0["value"] as? Double }
    }

    @Test func theKnobTurnsTheFocusedSliderAndEnterMovesFocus() throws {
        let folder = try ScratchFolder("knob")
        let path = folder.file("knob.yaml")
        try Self.file.write(toFile: path, atomically: true, encoding: .utf8)
        let weston = try HeadlessWeston(width: 1024, height: 768)
        let panel = try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary), [path, "--fullscreen", "--hide-cursor"], on: weston,
                                     environment: ["WAYLAND_SLIDER_RENDERER": "cpu"], ready: { $0.contains { $0.contains("showing 2 sliders") } })
        let input = try InjectedInput(globalOn: weston)
        input.movePointer(to: Point(x: 1000, y: 760))
        try input.roundtrip()
        // Two detents up, one down: the volume, focused from the start, one step each.
        for notches: Int32 in [-1, -1, 1] {
            input.scroll(notches: notches)
            try input.roundtrip()
        }
        try panel.waitFor { _ in values(panel, of: "volume").count == 3 }
        #expect(values(panel, of: "volume") == [55, 60, 55], "\(panel.lines)")
        // The knob's press (Enter): the balance now, by the knob and by the arrow keys.
        input.key(Self.enter, pressed: true)
        input.key(Self.enter, pressed: false)
        input.scroll(notches: -1)
        try input.roundtrip()
        input.key(Self.right, pressed: true)
        input.key(Self.right, pressed: false)
        try input.roundtrip()
        // The arrow key is a keyboard gesture: its press moves (editing), its release ends it.
        try panel.waitFor { _ in values(panel, of: "balance").count == 3 }
        #expect(values(panel, of: "balance") == [1, 2, 2] && values(panel, of: "volume").count == 3, "\(panel.lines)")
        let knobLines = panel.lines.filter { $0.hasPrefix("{") }.prefix(4)
        #expect(knobLines.allSatisfy { $0.contains("\"editing\":false") && $0.contains("valueChanged") }, "a knob's step is no gesture: \(knobLines)")
    }

    @Test func aKnobIsFocusedOrPointer() throws {
        #expect(try PanelFile.parse("knob: focused\nsliders:\n  - id: v\n", path: "p.yaml").wheelTarget == .focusedSlider)
        #expect(try PanelFile.parse("sliders:\n  - id: v\n", path: "p.yaml").wheelTarget == .hoveredSlider)
        #expect(throws: PanelFile.Error(path: "p.yaml", line: 1, column: 7, message: "knob must be one of focused, pointer, not \"turn\"")) {
            try PanelFile.parse("knob: turn\nsliders:\n  - id: v\n", path: "p.yaml")
        }
    }
}
