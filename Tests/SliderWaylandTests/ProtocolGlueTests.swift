import Foundation
import PrivateCompositors
import Testing

@Suite struct ProtocolGlueTests {
    @Test func theCommittedGlueIsWhatWaylandScannerGeneratesNow() throws {
        let script = PackageRoot.url.appendingPathComponent("Scripts/generate-protocols.sh").path
        let output = try ChildProcess.run("/bin/bash", [script, "--check"])
        #expect(!output.contains("stale"), "\(output)")
    }
}
