import Foundation
import PrivateCompositors
import Testing

/// The host program EmbeddingInAHostProgram.md's snippets talk to: what it must offer them.
protocol HostProgram {
    /// Asks the host's own loop for a frame.
    func scheduleRedraw()
}

/// The DocC articles' Swift blocks compile (Snippets.swift, built with the tests) and are the articles'
/// current ones: the generator, run in its check mode, finds Snippets.swift up to date.
@Suite struct DocumentationSnippetTests {
    @Test func theSnippetsAreTheArticlesBlocks() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = try ChildProcess.run("/bin/bash", ["-c", "cd \"\(root.path)\" && /usr/bin/python3 Scripts/doc-snippets.py --check 2>&1"])
        #expect(output.contains("every Swift block of the DocC articles is in the tests"), "\(output)")
    }
}
