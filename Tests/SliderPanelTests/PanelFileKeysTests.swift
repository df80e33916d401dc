import Foundation
import PrivateCompositors
import SliderCore
@testable import SliderPanel
import Testing

/// One list of keys: a slider's are `SliderDescription.CodingKeys`, the panel's own `PanelFile.Key`. The three
/// places that list them for a person (the panel file's doc comment in PanelFile.swift, the man page and
/// KIOSKS.md) are checked against the two lists: a key added to the code and missing from one fails here, and so
/// does a key documented that the code does not have. The JSON lines' commands take a subset of the slider's.
@Suite struct PanelFileKeysTests {
    static let sliderKeys = Set(SliderDescription.CodingKeys.allCases.map(\.rawValue))
    static let panelKeys = Set(PanelFile.Key.allCases.map(\.rawValue))
    /// The keys of a `colors:` mapping, the panel's and a slider's: `SliderPalette.CodingKeys`.
    static let colorKeys = Set(SliderPalette.CodingKeys.allCases.map(\.rawValue))
    /// The keys of `idle:` (`IdleSettings.Key`), which the man page lists in its IDLE section.
    static let idleKeys = Set(IdleSettings.Key.allCases.map(\.rawValue))

    static func text(_ path: String) throws -> String {
        try String(contentsOf: PackageRoot.url.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `key:` words of YAML lines (`key: value`, `- key: value`) in `lines`.
    static func yamlKeys(_ lines: some Sequence<Substring>) -> Set<String> {
        Set(lines.compactMap { line in
            line.firstMatch(of: /^\s*(?:- )?([a-z][a-z-]*):/).map { String($0.output.1) }
        })
    }

    /// The doc comment's example panel file names every key once, the panel's and a slider's.
    @Test func thePanelFilesDocCommentListsEveryKey() throws {
        let source = try Self.text("Sources/SliderPanel/PanelFile.swift")
        let example = source.split(separator: "\n").filter { $0.hasPrefix("///     ") }.map { $0.dropFirst(3) }
        let documented = Self.yamlKeys(example), all = Self.sliderKeys.union(Self.panelKeys).union(Self.colorKeys).union(Self.idleKeys)
        #expect(documented == all, "missing: \(all.subtracting(documented).sorted()), not keys: \(documented.subtracting(all).sorted())")
    }

    /// The man page's PANEL FILES section: the panel's keys (`.Cm KEY` lines before the slider list), then the
    /// slider keys list (`.It Cm KEY , KEY ...` entries).
    @Test func theManPageListsEveryKey() throws {
        let page = try Self.text("docs/slider-panel.1")
        let sections = page.components(separatedBy: ".Sh PANEL FILES")
        try #require(sections.count == 2, "the man page has a PANEL FILES section")
        let section = sections[1].components(separatedBy: "\n.Sh ")[0]
        let parts = section.components(separatedBy: "a list of sliders with these keys:")
        try #require(parts.count == 2, "the man page introduces the slider keys with \"a list of sliders with these keys:\"")
        let panel = Set(parts[0].components(separatedBy: "The panel's keys:").last!.split(separator: "\n")
            .filter { $0.hasPrefix(".Cm ") }.compactMap { $0.dropFirst(4).split(separator: " ").first.map(String.init) })
        let list = parts[1].components(separatedBy: "\n.El").first!
        let slider = Set(list.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }
            .flatMap { $0.dropFirst(7).components(separatedBy: " , ").map { $0.trimmingCharacters(in: .whitespaces) } })
        let panelKeys = Self.panelKeys.union(Self.colorKeys)
        #expect(panel == panelKeys, "the panel's keys: missing \(panelKeys.subtracting(panel).sorted()), not keys \(panel.subtracting(panelKeys).sorted())")
        let idle = page.components(separatedBy: ".Sh IDLE").last?.components(separatedBy: "\n.Sh ").first ?? ""
        for key in Self.idleKeys { #expect(idle.contains("Cm \(key)"), "the man page's IDLE section names \(key)") }
        #expect(slider == Self.sliderKeys, "a slider's keys: missing \(Self.sliderKeys.subtracting(slider).sorted()), not keys \(slider.subtracting(Self.sliderKeys).sorted())")
    }

    /// KIOSKS.md's panel file: every key in its example or, in backticks, in the paragraph after it; and the
    /// example is a panel file the program reads.
    @Test func theKioskGuideNamesEveryKeyAndItsExampleReads() throws {
        let guide = try Self.text("docs/KIOSKS.md")
        let openings = guide.components(separatedBy: "```yaml\n")
        try #require(openings.count >= 2, "KIOSKS.md has a YAML example")
        let blocks = openings[1].components(separatedBy: "\n```")
        try #require(blocks.count >= 2, "the YAML example ends")
        let example = blocks[0]
        let paragraphs = blocks[1].components(separatedBy: "\n\n")
        try #require(paragraphs.count >= 2, "a paragraph follows the example")
        let paragraph = paragraphs[1]
        let quoted = Set(paragraph.matches(of: /`([a-z][a-z-]*)(?::[^`]*)?`/).map { String($0.output.1) })
        let named = Self.yamlKeys(example.split(separator: "\n")).union(quoted)
        let all = Self.sliderKeys.union(Self.panelKeys).union(Self.colorKeys).union(Self.idleKeys)
        #expect(all.subtracting(named).isEmpty, "KIOSKS.md names no \(all.subtracting(named).sorted())")
        let panel = try PanelFile.parse(example, path: "KIOSKS.md")
        #expect(panel.sliders.count >= 4)
    }

    /// A command on standard input takes the description's keys for what it sets, decoded as the file decodes
    /// them, and `thumb`.
    @Test func aCommandTakesTheDescriptionsKeys() {
        #expect(Set(PanelValueLines.Command.settingKeys.map(\.rawValue)).isSubset(of: Self.sliderKeys))
        #expect(PanelValueLines.Command.keys == PanelValueLines.Command.settingKeys.map(\.rawValue) + ["thumb"])
    }
}
