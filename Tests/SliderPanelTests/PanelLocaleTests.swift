import Foundation
import PrivateCompositors
@_spi(Internals) import SliderCore
@testable import SliderPanel
import SliderRenderer
import Testing
@_spi(Internals) import WaylandSlider

/// `locale:`: the panel's numbers in the room's language, read from the C library's locale data (no ICU). The
/// test generates de_DE.UTF-8 and fr_FR.UTF-8 with localedef into a folder of its own (LOCPATH), runs the panel
/// on a private weston with a value label that stays, and compares the screen with the panel drawn offscreen
/// in the symbols the place uses (and against the C locale's, which must differ); the JSON lines keep JSON's
/// numbers.
@Suite struct PanelLocaleTests {
    /// The generated locales' folder, made once per test process.
    static let locales: Result<String, Error> = Result {
        let folder = try ScratchFolder.forProcess().file("locales")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["de_DE", "fr_FR"] {
            let output = try ChildProcess.run("/usr/bin/localedef", ["-i", name, "-f", "UTF-8", folder + "/" + name + ".UTF-8"])
            guard FileManager.default.fileExists(atPath: folder + "/" + name + ".UTF-8/LC_NUMERIC") else {
                throw ChildProcess.SpawnError(description: "localedef made no \(name).UTF-8: \(output)")
            }
        }
        return folder
    }

    static func file(locale: String?) -> String {
        (locale.map { "locale: \($0)\n" } ?? "") + """
        knob: focused
        sliders:
          - id: setpoint
            range: [0, 2000]
            value: 1234.5
            decimals: 1
            unit: °C
            popup: always

        """
    }

    @Test(arguments: [("de_DE.UTF-8", NumberSymbols(decimalSeparator: ",", groupingSeparator: ".", grouping: [3])),
                      ("fr_FR.UTF-8", NumberSymbols(decimalSeparator: ",", groupingSeparator: "\u{202F}", grouping: [3]))])
    func theValueIsWrittenAsThePlaceWritesIt(_ locale: String, _ symbols: NumberSymbols) throws {
        let folder = try ScratchFolder("panel-locale")
        let path = folder.file("panel.yaml")
        try Self.file(locale: locale).write(toFile: path, atomically: true, encoding: .utf8)
        let weston = try HeadlessWeston(width: 800, height: 600)
        let panel = try PipedProcess(URL(fileURLWithPath: BuiltProgram.panelBinary), [path, "--fullscreen", "--hide-cursor"], on: weston,
                                     environment: ["WAYLAND_SLIDER_RENDERER": "cpu", "LOCPATH": try Self.locales.get(), "LANG": "C.UTF-8"],
                                     ready: { $0.contains { $0.contains("showing 1 slider") } })
        // The same panel drawn here, in the symbols the place uses, focused as a knob's is; and in the C locale's.
        func render(_ symbols: NumberSymbols) throws -> RGBAImage {
            let shown = try FilePanel(PanelFile.parse(Self.file(locale: nil), path: path), clock: SystemClock())
            shown.layout(in: Size(width: 800, height: 600))
            shown.sliders[0].formatter.numberSymbols = symbols
            let collection = SliderCollection(shown.sliders)
            collection.router.focus(shown.sliders[0], visible: true)
            _ = collection.prepareFrame()
            return try RendererKind.cpu.image(of: shown.sliders, size: Size(width: 800, height: 600), scale: 1, background: Theme.iosLight.background)
        }
        let expected = try render(symbols), c = try render(.c)
        #expect(expected.difference(from: c).maximum > 100, "the label differs between the two")
        let input = try InjectedInput(globalOn: weston)
        let screen = try input.capture(area: Rect(x: 0, y: 0, width: 800, height: 600), matching: expected)
        try screen.image.writePNG(to: Renders.path("panel-locale-\(locale).png"))
        #expect(screen.maximum <= 2, "the screen against \(symbols): max difference \(screen.maximum), \(screen.pixelsOver) pixels over")
        // The JSON lines keep JSON's numbers (the right arrow key, which `knob: focused` sends to the slider).
        panel.send(#"{"id":"setpoint","value":1500.5}"#)
        input.key(106, pressed: true)
        input.key(106, pressed: false)
        try input.roundtrip()
        try panel.waitFor { $0.contains { $0.contains("\"editing\":false") } }
        let values = try panel.jsonObjects().map { $0["value"] as? Double }
        #expect(!values.isEmpty && values.allSatisfy { $0.map { $0 > 1500 && $0 < 2000 } == true }, "JSON's numbers: \(panel.lines)")
    }

    @Test func aLocaleThatIsNotInstalledIsRefusedAtItsLine() {
        #expect(throws: PanelFile.Error(path: "p.yaml", line: 1, column: 9,
                                        message: "locale \"xx_YY.UTF-8\" is not installed here (see `locale -a`; generate it with locale-gen or localedef)")) {
            try PanelFile.parse("locale: xx_YY.UTF-8\nsliders:\n  - id: v\n", path: "p.yaml")
        }
    }
}
