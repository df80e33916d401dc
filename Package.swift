// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The libweston whose headers this machine has (libweston-14 on Debian 13, libweston-10 on Debian 12): the
/// weston input module builds against either, and the version is in its pkg-config name.
let libweston: String = {
    let environment = ProcessInfo.processInfo.environment
    let searchPath = (environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(String.init)
        + ["/usr/lib/pkgconfig", "/usr/share/pkgconfig", "/usr/local/lib/pkgconfig"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
            .filter { $0.hasSuffix("-linux-gnu") }.map { "/usr/lib/\($0)/pkgconfig" }
    let versions = (10...20).reversed().map { "libweston-\($0)" }
    return versions.first { name in searchPath.contains { FileManager.default.fileExists(atPath: "\($0)/\(name).pc") } }
        ?? "libweston-10"
}()

/// The project's own scripts (Scripts/env.sh) build the renderer optimized in debug builds too, for the suite's
/// time (the CPU renderer's inner loops are C, `CCPURaster`, and fast either way). A package that depends on
/// this one never sets it, so it sees no unsafe flag.
let rendererSettings: [SwiftSetting] = ProcessInfo.processInfo.environment["WAYLAND_SLIDER_OPTIMIZE_RENDERER"] == "1"
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "WaylandSlider",
    products: [
        // What a Swift application imports: windows, embedding, the slider and its styles. The modules
        // WaylandSlider re-exports are listed with it: their public API is the product's.
        .library(name: "WaylandSlider", targets: ["WaylandSlider", "SliderCore", "SliderScripts", "SliderWayland", "SliderRenderer"]),
        // The slider's model, input tracking and styles alone, without Wayland or GL.
        .library(name: "SliderCore", targets: ["SliderCore"]),
        // The C API: libwaylandslider.so with include/waylandslider.h; Scripts/install.sh installs it with a
        // pkg-config file (Scripts/c-library.sh stages it so for the tests).
        .library(name: "waylandslider", type: .dynamic, targets: ["WaylandSliderC"]),
        // The panel program a kiosk runs (what the Debian package slider-panel installs): links no test support.
        .executable(name: "slider-panel", targets: ["slider-panel"]),
        // The demo and benchmark, run from a checkout (it starts private compositors with the tests' harness).
        .executable(name: "slider-demo", targets: ["SliderDemo"]),
    ],
    dependencies: [
        // `swift package generate-documentation --target WaylandSlider` (Scripts/test.sh builds the catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // slider-demo's command line.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Elementary functions (log2, exp2) for SliderCore, which imports no C module of its own.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // slider-demo's panel files (YAML: every node keeps its line, for errors that say where).
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // Pure Swift: no C module is imported; swift-numerics' RealModule gives the elementary functions. The
        // standard library's rounding and square root lower to libm calls, and without Foundation nothing
        // else links libm, so it is named here.
        .target(name: "SliderCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")], path: "Sources/SliderCore",
                linkerSettings: [.linkedLibrary("m")]),
        // Input scripts: JSON lines of InputEvent, read with Foundation's JSONDecoder.
        .target(name: "SliderScripts", dependencies: ["SliderCore"], path: "Sources/SliderScripts"),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES2", path: "Sources/CGLES2", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // The CPU renderer's inner loops (shapes, shadows, the row's write) in C: fast in any build.
        .target(name: "CCPURaster", path: "Sources/CCPURaster", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "SliderRenderer", dependencies: ["SliderCore", "CEGL", "CGLES2", "CPNG", "CFreeType", "CFontconfig", "CLibcExtensions", "CCPURaster"],
                path: "Sources/SliderRenderer",
                swiftSettings: rendererSettings),
        .systemLibrary(name: "CWaylandClient", path: "Sources/CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandEGL", path: "Sources/CWaylandEGL", pkgConfig: "wayland-egl", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandCursor", path: "Sources/CWaylandCursor", pkgConfig: "wayland-cursor", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", path: "Sources/CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CLibdecor", path: "Sources/CLibdecor", pkgConfig: "libdecor-0", providers: [.apt(["libdecor-0-dev"])]),
        // wayland-scanner's glue for xdg-shell, xdg-decoration, viewporter, fractional-scale and presentation-time (their XML in protocol/),
        // generated by Scripts/generate-protocols.sh and committed.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"], path: "Sources/CWaylandProtocols", exclude: ["protocol"]),
        // glibc's GNU extensions Swift's Glibc module leaves out: memfd_create, strerrorname_np, malloc_trim.
        .target(name: "CLibcExtensions", path: "Sources/CLibcExtensions"),
        .target(name: "SliderWayland",
                dependencies: ["SliderCore", "SliderRenderer", "CWaylandClient", "CWaylandEGL", "CWaylandCursor", "CWaylandProtocols", "CEGL", "CGLES2", "CXKBCommon",
                               "CLibdecor", "CLibcExtensions"],
                path: "Sources/SliderWayland"),
        // The AT-SPI 2 bridge: sd-bus (libsystemd) at its edge, chosen over GDBus (it would bring GLib and its
        // main loop into a client that has its own) and libdbus (whose own docs call it low-level and
        // leave the loop integration to the caller): sd-bus is one small C library, has a poll fd and a
        // process call that fit the window's loop, and marshals the messages.
        .systemLibrary(name: "CSystemdBus", path: "Sources/CSystemdBus", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .target(name: "SliderDBus", dependencies: ["CSystemdBus"], path: "Sources/SliderDBus"),
        .target(name: "CForceFeedback", path: "Sources/CForceFeedback"),
        .target(name: "SliderHaptics", dependencies: ["SliderCore", "SliderDBus", "CSystemdBus", "CForceFeedback"], path: "Sources/SliderHaptics"),
        .target(name: "SliderAccessibility", dependencies: ["SliderCore", "SliderDBus", "CSystemdBus"], path: "Sources/SliderAccessibility"),
        .target(name: "WaylandSlider", dependencies: ["SliderCore", "SliderScripts", "SliderRenderer", "SliderWayland", "SliderAccessibility", "SliderHaptics"], path: "Sources/WaylandSlider"),
        // The C API: include/waylandslider.h, imported as a module so the compiler checks every `@_cdecl` function in
        // WaylandSliderC against its declaration (HeaderConformance.swift, written by Scripts/generate-c-api-check.py).
        .systemLibrary(name: "CWaylandSliderAPI", path: "Sources/CWaylandSliderAPI"),
        // Its soname carries the major version (Scripts/install.sh installs libwaylandslider.so.VERSION with it).
        // exports.map is the version script Scripts/install.sh links the installed library with (the C API alone).
        .target(name: "WaylandSliderC", dependencies: ["CWaylandSliderAPI", "WaylandSlider", "SliderCore", "SliderRenderer", "SliderWayland"],
                path: "Sources/WaylandSliderC", exclude: ["exports.map"],
                linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libwaylandslider.so.0"])]),
        // The panel program's own model: its YAML file (Yams), its JSON lines in and out, its themes.
        .target(name: "SliderPanel", dependencies: ["SliderCore", "SliderRenderer", "CLibcExtensions", .product(name: "Yams", package: "Yams")],
                path: "Sources/SliderPanel"),
        // A panel file in a window with its lines in and out, and the command-line options for it: what
        // slider-panel is, and slider-demo's `panel --config`.
        .target(name: "PanelProgram", dependencies: ["WaylandSlider", "SliderPanel", "CLibcExtensions", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/PanelProgram"),
        .executableTarget(name: "slider-panel", dependencies: ["PanelProgram", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          path: "Sources/SliderPanelCommand"),
        // The README's Swift example, built so the tests run it (and check the README shows this file).
        .executableTarget(name: "slider-example", dependencies: ["WaylandSlider"], path: "Examples/SwiftWindow"),

        // What the tests, the benchmarks and the demo use, in TestSupport/: no product the packages install links
        // any of it (a test reads slider-panel's symbols to hold that).
        //
        // Private compositors, buses, an X server and feedbackd, each started by a test in a runtime directory
        // of its own and stopped with it; input injected through each compositor; the window fixtures.
        .target(name: "PrivateCompositors",
                dependencies: ["SliderCore", "SliderRenderer", "SliderWayland", "SliderAccessibility", "SliderDBus", "WaylandSlider", "FrameTiming",
                               "CSliderTestInput", "CWaylandClient", "CXKBCommon", "CScriptedCompositor", "CLibcExtensions"],
                path: "TestSupport/PrivateCompositors"),
        // The clients' side of the protocols the tests drive compositors with (the input module's, wlroots'
        // virtual pointer and keyboard, KWin's fake input), generated by Scripts/generate-protocols.sh.
        .target(name: "CSliderTestInput", dependencies: ["CWaylandClient"], path: "TestSupport/CSliderTestInput", exclude: ["protocol"]),
        // The weston module that gives the private headless weston a seat driven by the tests (found beside the
        // executables or through WAYLAND_SLIDER_WESTON_MODULE). weston loads modules as shared objects, and
        // SwiftPM builds a shared object only as a library product, which any package could depend on: this
        // executable target is linked as a shared object instead (-emit-library), a product no one can use.
        .systemLibrary(name: "CWeston", path: "TestSupport/CWeston", pkgConfig: libweston, providers: [.apt(["\(libweston)-dev"])]),
        .executableTarget(name: "slider-weston-input", dependencies: ["CWeston"], path: "TestSupport/WestonInputModule",
                          exclude: ["protocol"], cSettings: [.unsafeFlags(["-Wall", "-Werror", "-Wno-unused-parameter"])],
                          linkerSettings: [.unsafeFlags(["-emit-library"])]),
        // A compositor on libwayland-server that plays a scenario (holding every buffer, hostile configures,
        // scales and keymaps, a ping storm, a closed connection...) for the tests.
        .systemLibrary(name: "CWaylandServer", path: "TestSupport/CWaylandServer", pkgConfig: "wayland-server", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CScriptedCompositor", dependencies: ["CWaylandServer", "CWaylandProtocols"], path: "TestSupport/CScriptedCompositor",
                exclude: ["generated"]),
        // The frame-timing method shared by `slider-demo bench` and `wayland-frames`.
        .target(name: "FrameTiming", dependencies: ["WaylandSlider", "SliderWayland", "SliderRenderer"], path: "TestSupport/FrameTiming"),
        // Makes and releases windows or canvases in a process of its own, for the lifetime tests and
        // Scripts/lifetimes.sh.
        .executableTarget(name: "slider-lifetime-cycles", dependencies: ["WaylandSlider", "SliderWayland", "SliderRenderer", "FrameTiming", "PrivateCompositors"],
                          path: "TestSupport/LifetimeCycles"),
        // Frame timing of a SliderWindow under a private headless weston (the method `slider-demo bench` uses).
        .executableTarget(name: "wayland-frames", dependencies: ["WaylandSlider", "PrivateCompositors", "FrameTiming"], path: "TestSupport/WaylandFrames"),
        // The demo and benchmark program, run from a checkout: it starts private compositors.
        .executableTarget(name: "SliderDemo", dependencies: ["WaylandSlider", "SliderRenderer", "SliderPanel", "PanelProgram", "PrivateCompositors", "FrameTiming",
                                                           .product(name: "ArgumentParser", package: "swift-argument-parser")], path: "Demo",
                          exclude: ["Screenshots", "InputScripts"]),
        // Fuzzing: the checks (run over the kept corpus by the tests) and the libFuzzer programs,
        // built by Scripts/fuzz.sh with --sanitize=fuzzer -DFUZZING (without, they check files they are given).
        .target(name: "SliderFuzzing", dependencies: ["SliderCore", "SliderScripts", "SliderRenderer", "SliderPanel", "SliderWayland", "WaylandSlider",
                                                      "PrivateCompositors"], path: "TestSupport/SliderFuzzing"),
        .executableTarget(name: "fuzz-input-script", dependencies: ["SliderFuzzing"], path: "Fuzz/InputScriptFuzzer"),
        .executableTarget(name: "fuzz-input-router", dependencies: ["SliderFuzzing"], path: "Fuzz/InputRouterFuzzer"),
        .executableTarget(name: "fuzz-panel-file", dependencies: ["SliderFuzzing"], path: "Fuzz/PanelFileFuzzer"),
        .executableTarget(name: "fuzz-panel-lines", dependencies: ["SliderFuzzing"], path: "Fuzz/PanelLinesFuzzer"),
        .executableTarget(name: "fuzz-png", dependencies: ["SliderFuzzing"], path: "Fuzz/PNGFuzzer"),
        .executableTarget(name: "fuzz-protocol", dependencies: ["SliderFuzzing"], path: "Fuzz/ProtocolFuzzer"),

        // The tests: a target per shipped module, named after it, then the test support's and the demo's.
        .testTarget(name: "SliderCoreTests", dependencies: ["SliderCore"], path: "Tests/SliderCoreTests"),
        .testTarget(name: "SliderScriptsTests", dependencies: ["SliderScripts", "SliderCore"], path: "Tests/SliderScriptsTests"),
        .testTarget(name: "SliderRendererTests", dependencies: ["SliderRenderer", "SliderCore"], path: "Tests/SliderRendererTests", exclude: ["Golden", "BadImages"]),
        .testTarget(name: "SliderWaylandTests",
                    dependencies: ["WaylandSlider", "SliderWayland", "SliderRenderer", "SliderCore", "PrivateCompositors", "CWaylandClient", "CWaylandProtocols",
                                   "CGLES2", "FrameTiming"],
                    path: "Tests/SliderWaylandTests", exclude: ["MesaBaseline"]),
        .testTarget(name: "SliderAccessibilityTests", dependencies: ["SliderAccessibility", "WaylandSlider", "SliderWayland", "SliderCore", "PrivateCompositors"],
                    path: "Tests/SliderAccessibilityTests", exclude: ["AccessibilityClient"]),
        .testTarget(name: "SliderHapticsTests", dependencies: ["SliderHaptics", "WaylandSlider", "SliderWayland", "SliderCore", "PrivateCompositors"],
                    path: "Tests/SliderHapticsTests"),
        .testTarget(name: "SliderPanelTests", dependencies: ["SliderPanel", "PanelProgram", "WaylandSlider", "SliderRenderer", "SliderCore", "PrivateCompositors"],
                    path: "Tests/SliderPanelTests"),
        .testTarget(name: "WaylandSliderCTests",
                    dependencies: ["WaylandSliderC", "CWaylandSliderAPI", "WaylandSlider", "SliderWayland", "SliderRenderer", "SliderCore", "PrivateCompositors", "CGLES2",
                                   "SliderPanel"],
                    path: "Tests/WaylandSliderCTests", exclude: ["CPrograms"]),
        // The README's code blocks, run, and the DocC articles' Swift blocks (generated by Scripts/doc-snippets.py),
        // compiled against the API.
        .testTarget(name: "DocumentationTests", dependencies: ["WaylandSlider", "SliderCore", "SliderPanel", "PrivateCompositors", "slider-example"],
                    path: "Tests/DocumentationTests"),
        .testTarget(name: "PrivateCompositorsTests", dependencies: ["PrivateCompositors", "WaylandSlider", "SliderWayland", "SliderCore"],
                    path: "Tests/PrivateCompositorsTests"),
        .testTarget(name: "SliderFuzzingTests", dependencies: ["SliderFuzzing"], path: "Tests/SliderFuzzingTests"),
        .testTarget(name: "FrameTimingTests", dependencies: ["FrameTiming", "SliderWayland"], path: "Tests/FrameTimingTests"),
        .testTarget(name: "SliderDemoTests", dependencies: ["SliderDemo", "SliderPanel", "WaylandSlider", "SliderRenderer", "PrivateCompositors"],
                    path: "Tests/SliderDemoTests"),
    ]
)
