import Foundation
import PrivateCompositors
import Testing

/// Scripts/install.sh as a distribution's package build calls it: into a temporary DESTDIR with PREFIX
/// /usr/local. The C example is built from the installed header and pkg-config file alone and runs on the
/// installed library; the installed slider-panel says the library's version and shows a panel file; the
/// uninstall leaves nothing behind, not even the folders the install made.
@Suite struct InstallTests {
    static let prefix = "/usr/local"

    @Test func anInstallIntoADestdirIsWhatACProgramAndThePanelNeedAndTheUninstallRemovesIt() throws {
        let built = try CExamples.buildFolder()
        let destdir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("slider-install-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: destdir) }
        let staged = destdir.path + Self.prefix
        let script = CExamples.packageRoot.appendingPathComponent("Scripts/install.sh").path
        _ = try ChildProcess.run("/usr/bin/env", ["DESTDIR=\(destdir.path)", "PREFIX=\(Self.prefix)", "/bin/bash", script, "--built", built.path])

        // The library under its version, its soname and the development name linking to it.
        let files = FileManager.default
        #expect(try files.destinationOfSymbolicLink(atPath: "\(staged)/lib/libwaylandslider.so.0") == "libwaylandslider.so.0.1.0")
        #expect(try files.destinationOfSymbolicLink(atPath: "\(staged)/lib/libwaylandslider.so") == "libwaylandslider.so.0")
        let dynamic = try ChildProcess.run("/usr/bin/readelf", ["-d", "\(staged)/lib/libwaylandslider.so.0.1.0"])
        #expect(dynamic.contains("Library soname: [libwaylandslider.so.0]"), "\(dynamic)")
        for file in ["include/waylandslider.h", "include/waylandslider.hpp", "bin/slider-panel", "share/man/man1/slider-panel.1",
                     "share/bash-completion/completions/slider-panel", "share/zsh/vendor-completions/_slider-panel",
                     "share/fish/vendor_completions.d/slider-panel.fish"] {
            #expect(files.fileExists(atPath: "\(staged)/\(file)"), "\(file) is installed")
        }
        // What only the tests and the demo use is not installed.
        for file in ["bin/slider-demo", "libexec/waylandslider/slider-weston-input"] {
            #expect(!files.fileExists(atPath: "\(staged)/\(file)"), "\(file) is not installed")
        }
        let completion = try String(contentsOfFile: "\(staged)/share/bash-completion/completions/slider-panel", encoding: .utf8)
        #expect(completion.contains("--exit-at-end-of-input") && completion.contains("complete"), "the program's own bash completion")
        // The pkg-config file names the final paths, never the staging root.
        let pc = try String(contentsOfFile: "\(staged)/lib/pkgconfig/waylandslider.pc", encoding: .utf8)
        #expect(pc.contains("prefix=/usr/local\n") && pc.contains("libdir=/usr/local/lib\n") && !pc.contains(destdir.path), "\(pc)")

        // The C example from the installed files only (pkg-config's sysroot is the DESTDIR), run on the
        // installed library.
        let hosts = destdir.appendingPathComponent("hosts").path
        let examples = CExamples.packageRoot.appendingPathComponent("Examples/build.sh").path
        _ = try ChildProcess.run("/usr/bin/env", ["PKG_CONFIG_PATH=\(staged)/lib/pkgconfig", "PKG_CONFIG_SYSROOT_DIR=\(destdir.path)",
                                                  "/bin/bash", examples, hosts])
        let needed = try ChildProcess.run("/usr/bin/readelf", ["-d", "\(hosts)/subsurface-host"])
        #expect(needed.contains("Shared library: [libwaylandslider.so.0]"), "the host needs the library by its soname: \(needed)")
        let weston = try HeadlessWeston(width: 480, height: 240)
        let host = try PipedProcess(URL(fileURLWithPath: "\(hosts)/subsurface-host"), on: weston,
                                   environment: ["LD_LIBRARY_PATH": "\(staged)/lib", "WAYLAND_SLIDER_PRESENTATION": "shm"])
        #expect(host.lines.contains("presentation volume shm"), "\(host.lines)")
        // Through a file handle: String(contentsOfFile:) reads only the first page of a /proc file.
        let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/\(host.pid)/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        let libraries = maps.split(separator: "\n").filter { $0.contains("libwaylandslider") }
        #expect(!libraries.isEmpty && libraries.allSatisfy { $0.hasSuffix("\(staged)/lib/libwaylandslider.so.0.1.0") },
                "the host runs on the installed library: \(libraries)")

        // The installed panel program says the version the library is installed under, and shows a panel file.
        let version = try ChildProcess.run("\(staged)/bin/slider-panel", ["--version"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(pc.contains("Version: \(version)\n") && files.fileExists(atPath: "\(staged)/lib/libwaylandslider.so.\(version)"), "--version: \(version)")
        let config = destdir.appendingPathComponent("panel.yaml").path
        try "sliders:\n  - id: volume\n    label: Volume\n".write(toFile: config, atomically: true, encoding: .utf8)
        let panel = try PipedProcess(URL(fileURLWithPath: "\(staged)/bin/slider-panel"), [config, "--exit-at-end-of-input"], on: weston,
                                     ready: { $0.contains { $0.contains("showing 1 slider") } })
        #expect(panel.lines.contains { $0.contains("showing 1 slider from \(config)") }, "\(panel.lines)")

        _ = try ChildProcess.run("/usr/bin/env", ["DESTDIR=\(destdir.path)", "PREFIX=\(Self.prefix)", "/bin/bash", script, "--uninstall"])
        // Nothing is left, not even the folders the install made (DESTDIR was empty: /usr and all below it).
        let left = files.enumerator(atPath: destdir.path + "/usr")?.allObjects ?? []
        #expect(!files.fileExists(atPath: destdir.path + "/usr"), "the uninstall left /usr and \(left)")
    }
}
