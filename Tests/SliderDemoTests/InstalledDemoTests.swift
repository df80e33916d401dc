import Foundation
import PrivateCompositors
import SliderRenderer
import Testing

/// `slider-demo` installed elsewhere: the binary and the weston input module copied to a folder outside the
/// checkout, run from there with no Wayland session and no source tree to find anything in.
@Suite(.serialized) struct InstalledDemoTests {
    /// A fresh folder in the system's temporary directory holding copies of the built files.
    ///
    /// Copied by `cp`, not in this process: other tests spawn processes at the same time, and a child spawned
    /// while this process held the copy open for writing would keep that descriptor (FileManager does not
    /// open it close-on-exec), so running the copy would fail with ETXTBSY ("Text file busy") for as long as
    /// that child lives.
    func install(_ files: [String]) throws -> String {
        let folder = NSTemporaryDirectory() + "slider-demo-installed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let built = URL(fileURLWithPath: BuiltProgram.binary).deletingLastPathComponent()
        _ = try ChildProcess.run("/bin/cp", files.map { built.appendingPathComponent($0).path } + [folder + "/"])
        return folder
    }

    @Test func anInstalledDemoRunsHeadlessWithTheModuleBesideIt() throws {
        let folder = try install(["slider-demo", WestonInputModule.fileName])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        #expect(!folder.hasPrefix(checkout), "the folder is outside the checkout")
        let result = try BuiltProgram.run(["--screenshot", "panel.png"], executable: folder + "/slider-demo", workingDirectory: folder)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let image = try RGBAImage(contentsOfPNG: folder + "/panel.png")
        #expect(image.width == 960 && image.height == 680)
    }

    @Test func withoutTheModuleTheErrorSaysWhereItLooked() throws {
        let folder = try install(["slider-demo"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try BuiltProgram.run(["--screenshot", "panel.png"], executable: folder + "/slider-demo", workingDirectory: folder)
        #expect(result.status != 0)
        #expect(result.standardError.contains(WestonInputModule.fileName) && result.standardError.contains(WestonInputModule.environmentVariable),
                "stderr: \(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/panel.png"))
    }
}
