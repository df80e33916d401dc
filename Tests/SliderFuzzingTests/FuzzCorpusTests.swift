import Foundation
import SliderFuzzing
import Testing

/// The fuzzers' kept corpus (Fuzz/Corpus: seeds and every input a fuzzer found failing, once fixed) run
/// through the same checks as regression tests; `Scripts/fuzz.sh` fuzzes from it.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus").path

    func inputs(_ name: String) throws -> [(name: String, bytes: [UInt8])] {
        let files = FuzzCorpus.files(at: FuzzCorpusTests.corpus + "/" + name)
        return try files.map { path in
            let data = try #require(FileManager.default.contents(atPath: path), "\(path) reads")
            return (URL(fileURLWithPath: path).lastPathComponent, Array(data))
        }
    }

    @Test func theInputScriptCorpusKeepsEveryInvariant() throws {
        let inputs = try inputs("input-script")
        #expect(inputs.count >= 4, "the corpus is there: \(inputs.map(\.name))")
        for input in inputs {
            #expect(InputScriptCheck.violations(in: input.bytes) == [], "\(input.name)")
        }
    }

    @Test func theInputRouterCorpusKeepsEveryInvariant() throws {
        let inputs = try inputs("input-router")
        #expect(inputs.count >= 3, "the corpus is there: \(inputs.map(\.name))")
        for input in inputs {
            #expect(InputRouterCheck.violations(in: input.bytes) == [], "\(input.name)")
        }
    }

    @Test(arguments: ["panel-file", "panel-lines", "png", "protocol"])
    func theCorpusKeepsEveryInvariant(_ name: String) throws {
        let check: ([UInt8]) -> [String] = switch name {
        case "panel-file": PanelFileCheck.violations
        case "panel-lines": PanelLinesCheck.violations
        case "png": PNGCheck.violations
        default: ProtocolCheck.violations
        }
        let inputs = try inputs(name)
        #expect(inputs.count >= 1, "the corpus is there")
        for input in inputs {
            #expect(check(input.bytes) == [], "\(input.name)")
        }
    }

    /// The corpus reaches every enabled slider and every kind of event, so the regression run is not vacuous.
    @Test func theRouterCorpusReachesEverySliderAndEvent() throws {
        var counts: [String: Int] = [:]
        for input in try inputs("input-router") { counts.merge(InputRouterCheck.eventCounts(in: input.bytes), uniquingKeysWith: +) }
        for key in ["volume valueChanged", "volume step", "volume limit", "volume editingBegan", "volume cancelled",
                    "range valueChanged", "range step", "vertical valueChanged"] {
            #expect(counts[key, default: 0] > 0, "\(key): \(counts)")
        }
        #expect(counts.keys.allSatisfy { !$0.hasPrefix("disabled") }, "the disabled slider sent nothing")
    }
}
