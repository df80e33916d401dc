import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct TextRunTests {
    @Test func shortTextIsStoredWhole() {
        let run = TextRun("21.5 °C", pixelSize: 26)
        #expect(run.string == "21.5 °C")
        #expect(!run.isTruncated)
        #expect(run.count == "21.5 °C".utf8.count)
    }

    @Test func longTextIsCutAtACharacterBoundaryWithAnEllipsis() {
        let run = TextRun(String(repeating: "é", count: 40), pixelSize: 12)
        #expect(run.isTruncated)
        #expect(run.count <= TextRun.capacity)
        #expect(run.string.hasSuffix("…"))
        #expect(run.string.dropLast().allSatisfy { $0 == "é" }, "no character was split: \(run.string)")
    }

    @Test func equalTextCompareEqualAndDifferentTextDoesNot() {
        #expect(TextRun("0.5", pixelSize: 13) == TextRun("0.5", pixelSize: 13))
        #expect(TextRun("0.5", pixelSize: 13) != TextRun("0.6", pixelSize: 13))
        #expect(TextRun("0.5", pixelSize: 13) != TextRun("0.5", pixelSize: 26))
    }

    @Test func scalarsComeOutInOrder() {
        var scalars: [Unicode.Scalar] = []
        TextRun("a€😀", pixelSize: 10).forEachScalar { scalars.append($0) }
        #expect(scalars == ["a", "€", "😀"])
    }

    @Test func badSizesDrawNothing() {
        #expect(TextRun("1", pixelSize: .nan).pixelSize == 0)
        #expect(TextRun("1", pixelSize: -3).pixelSize == 0)
    }
}
