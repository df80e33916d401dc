import Foundation

/// The C library staged with its pkg-config file (Scripts/c-library.sh, from the library `swift build` put
/// beside the test bundle) and the C example hosts compiled against it with `cc $(pkg-config ...)`
/// (Examples/build.sh), once per test process, in its scratch folder (`ScratchFolder.forProcess`).
package enum CExamples {
    package static let packageRoot = PackageRoot.url

    /// The folder with `subsurface-host` and `gl-host`; throws with the compiler's output when a step fails.
    package static func binaries() throws -> URL { try built.get() }

    /// The same hosts built with LeakSanitizer (`-fsanitize=leak`), which reports at exit every allocation
    /// nothing points to any more.
    package static func leakCheckedBinaries() throws -> URL { try leakChecked.get() }

    private static let built: Result<URL, Error> = Result { try build(flags: "") }
    private static let leakChecked: Result<URL, Error> = Result { try build(flags: "-fsanitize=leak -g -fno-omit-frame-pointer") }

    /// The build folder with the library, `slider-demo` and the weston module (`BuiltProducts`).
    package static func buildFolder() throws -> URL { try BuiltProducts.folder(holding: "libwaylandslider.so") }

    /// The prefix the C library is staged in for this test run (lib, include, lib/pkgconfig).
    package static func stagedPrefix() throws -> URL { try staged.get() }

    private static let staged: Result<URL, Error> = Result {
        let library = try buildFolder()
        let prefix = URL(fileURLWithPath: try ScratchFolder.forProcess().file("c-library-\(UUID().uuidString.prefix(8))/prefix"))
        _ = try ChildProcess.run("/bin/bash", ["-c", "cd \"\(packageRoot.path)\" && bash Scripts/c-library.sh --built \"\(library.path)\" --prefix \"\(prefix.path)\""])
        return prefix
    }

    private static func build(flags: String) throws -> URL {
        let prefix = try stagedPrefix()
        let bin = prefix.deletingLastPathComponent().appendingPathComponent("bin-\(UUID().uuidString.prefix(8))")
        let script = """
            set -e
            cd "\(packageRoot.path)"
            PKG_CONFIG_PATH="\(prefix.path)/lib/pkgconfig" EXAMPLE_CFLAGS="\(flags)" bash Examples/build.sh "\(bin.path)"
            """
        _ = try ChildProcess.run("/bin/bash", ["-c", script])
        return bin
    }
}
