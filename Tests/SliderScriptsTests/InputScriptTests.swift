import SliderCore
import SliderScripts
import Testing

/// The input-script reader: every documented record type, edge values, enumerations by name and number,
/// and errors that name the line, the column and the field.
@Suite struct InputScriptTests {
    /// One line of every documented type, with the edge values a recording can hold: 0 and 1 (which the
    /// first reader refused), negative, fractional and huge numbers.
    static let everyType = """
        {"t":0,"type":"pointer_enter","x":0,"y":1}
        {"t":1,"type":"pointer_motion","x":-12.25,"y":1e6}
        {"t":2,"type":"pointer_frame"}
        {"t":3,"type":"pointer_button","button":272,"state":"pressed"}
        {"t":3,"type":"pointer_button","button":0,"state":0}
        {"t":4,"type":"pointer_axis","axis":"vertical","value":-0.5}
        {"t":4,"type":"pointer_axis","axis":"horizontal_scroll","value":15}
        {"t":5,"type":"pointer_axis_discrete","axis":0,"steps":1}
        {"t":5,"type":"pointer_axis_discrete","axis":1,"steps":-2147483648}
        {"t":6,"type":"pointer_axis_value120","axis":"vertical","value120":-60}
        {"t":7,"type":"pointer_axis_source","source":0}
        {"t":7,"type":"pointer_axis_source","source":"wheel_tilt"}
        {"t":7,"type":"pointer_axis_source","source":1}
        {"t":8,"type":"pointer_axis_stop","axis":"vertical"}
        {"t":9,"type":"pointer_leave"}
        {"t":10,"type":"touch_down","id":0,"x":0.5,"y":94}
        {"t":10,"type":"touch_down","id":1,"x":1,"y":0}
        {"t":11,"type":"touch_motion","id":-1,"x":-3,"y":2.75}
        {"t":12,"type":"touch_frame"}
        {"t":13,"type":"touch_up","id":0}
        {"t":14,"type":"touch_cancel"}
        {"t":15,"type":"keyboard_enter"}
        {"t":16,"type":"key","key":106,"state":"pressed"}
        {"t":16,"type":"key","key":106,"state":2,"keysym":65363,"modifiers":["shift","control","alt","logo"]}
        {"t":4294967295,"type":"key","key":1,"state":0}
        {"t":17,"type":"keyboard_leave"}
        {"t":18,"type":"key_repeat_info","rate":0,"delay":-1}
        """

    @Test func everyDocumentedTypeReadsWithEdgeValues() throws {
        let script = InputScript(parsing: InputScriptTests.everyType)
        #expect(script.errors.isEmpty, "\(script.errors)")
        #expect(script.events.count == 27)
        let e = script.events.map(\.kind)
        #expect(e[0] == .pointerEnter(Point(x: 0, y: 1)))
        #expect(e[1] == .pointerMotion(Point(x: -12.25, y: 1_000_000)))
        #expect(e[4] == .pointerButton(button: 0, state: .released), "state by wl_pointer.button_state number")
        #expect(e[6] == .pointerAxis(axis: .horizontal, value: 15), "axis by the protocol's name")
        #expect(e[7] == .pointerAxisDiscrete(axis: .vertical, discrete: 1))
        #expect(e[8] == .pointerAxisDiscrete(axis: .horizontal, discrete: Int32.min))
        #expect(e[10] == .pointerAxisSource(.wheel), "source 0 is the wheel")
        #expect(e[11] == .pointerAxisSource(.wheelTilt))
        #expect(e[15] == .touchDown(id: 0, Point(x: 0.5, y: 94)), "the first finger is id 0")
        #expect(e[16] == .touchDown(id: 1, Point(x: 1, y: 0)))
        #expect(e[17] == .touchMotion(id: -1, Point(x: -3, y: 2.75)))
        #expect(e[22] == .key(keysym: Keysym.none, state: .pressed, modifiers: [], code: 106))
        #expect(e[23] == .key(keysym: 65363, state: .repeated, modifiers: [.shift, .control, .alt, .logo], code: 106))
        #expect(script.events[24].time == UInt32.max)
        #expect(e[26] == .keyRepeatInfo(rate: 0, delay: -1), "what the compositor sent, kept as sent (the keyboard clamps it)")
    }

    @Test func writingAndReadingAgainGivesTheSameEvents() throws {
        let script = InputScript(parsing: InputScriptTests.everyType)
        let again = InputScript(parsing: script.text)
        #expect(again.errors.isEmpty, "\(again.errors)")
        #expect(again.events == script.events)
        #expect(InputScript.line(for: script.events[10]) == #"{"source":"wheel","t":7,"type":"pointer_axis_source"}"#, "enumerations are written by name")
        #expect(InputScript.line(for: script.events[15]) == #"{"id":0,"t":10,"type":"touch_down","x":0.5,"y":94}"#, "integers stay integers")
    }

    /// A bad line is reported with its line, the column of the field and why; every other line is kept.
    @Test(arguments: [
        (#"{"t":1,"type":"pointer_wiggle","x":1}"#, 8, "unknown type \"pointer_wiggle\""),
        (#"{"t":1,"type":"pointer_motion","x":1,"y":2,"z":3}"#, 44, "pointer_motion has no field \"z\""),
        (#"{"t":1, "type":"touch_down", "id":1.5, "x":1, "y":2}"#, 30, "\"id\": must be a whole number"),
        (#"{"t":1,"type":"pointer_button","button":-1,"state":"pressed"}"#, 32, "\"button\": must be a whole number from 0"),
        (#"{"t":4294967296,"type":"pointer_frame"}"#, 2, "\"t\": must be a whole number"),
        (#"{"t":1,"type":"pointer_motion","x":"left","y":3}"#, 32, "\"x\":"),
        (#"{"t":1,"type":"pointer_button","button":272,"state":"down"}"#, 45, "\"state\": \"down\" is not one of"),
        (#"{"t":1,"type":"pointer_axis_source","source":7}"#, 37, "\"source\": 7.0 is not one of"),
        (#"{"t":1,"type":"key","key":30,"state":true}"#, 30, "\"state\":"),
        (#"{"t":1,"type":"touch_up"}"#, 25, "no \"id\""),
        (#"[1,2]"#, 1, "not a JSON object"),
    ])
    func aBadLineNamesItsLineColumnAndField(_ bad: String, _ column: Int, _ reason: String) throws {
        let script = InputScript(parsing: "# a comment\n{\"t\":0,\"type\":\"pointer_frame\"}\n\(bad)\n{\"t\":2,\"type\":\"touch_frame\"}\n")
        #expect(script.events.map(\.kind) == [.pointerFrame, .touchFrame], "the other lines are kept")
        let error = try #require(script.errors.first)
        #expect(script.errors.count == 1)
        #expect(error.line == 3)
        #expect(error.column == column, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
        #expect(error.description.hasPrefix("line 3, column \(column): "))
    }

    @Test func aLineThatIsNotJSONIsReportedWithoutAColumn() {
        let script = InputScript(parsing: "{\"t\":1,\"type\":\"pointer_frame\"\n{\"t\":2,\"type\":\"touch_frame\"}")
        #expect(script.events.map(\.kind) == [.touchFrame])
        #expect(script.errors.first?.line == 1 && script.errors.first?.column == nil)
        #expect(script.errors.first?.reason.hasPrefix("not valid JSON") == true)
    }

    @Test func windowsLineEndsAndAByteOrderMarkAreRead() {
        let script = InputScript(parsing: "\u{FEFF}{\"t\":1,\"type\":\"pointer_frame\"}\r\n{\"t\":2,\"type\":\"touch_frame\"}\r\n")
        #expect(script.errors.isEmpty, "\(script.errors)")
        #expect(script.events.map(\.kind) == [.pointerFrame, .touchFrame])
    }

    /// Scripts of the first format hold wl_keyboard.modifiers records; their modifiers apply to later keys.
    @Test func modifiersRecordsOfTheFirstFormatApplyToTheKeysAfterThem() {
        let script = InputScript(parsing: """
            {"t":1,"type":"key","key":106,"state":"pressed"}
            {"t":2,"type":"modifiers","depressed":1,"latched":0,"locked":0,"group":0}
            {"t":3,"type":"key","key":106,"state":"pressed"}
            {"t":4,"type":"modifiers","depressed":4,"latched":0,"locked":64,"group":0}
            {"t":5,"type":"key","key":106,"state":"released","modifiers":["alt"]}
            {"t":6,"type":"modifiers","depressed":0,"latched":0,"locked":0,"group":0}
            {"t":7,"type":"key","key":106,"state":"released"}
            {"t":8,"type":"modifiers","depressed":"shift"}
            """)
        #expect(script.events.map(\.kind) == [
            .key(keysym: Keysym.none, state: .pressed, modifiers: [], code: 106),
            .key(keysym: Keysym.none, state: .pressed, modifiers: [.shift], code: 106),
            .key(keysym: Keysym.none, state: .released, modifiers: [.control, .logo, .alt], code: 106),
            .key(keysym: Keysym.none, state: .released, modifiers: [], code: 106),
        ])
        #expect(script.errors.map(\.line) == [8], "a malformed modifiers line is an error too")
    }
}
