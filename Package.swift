// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WaylandSlider",
    products: [
        .library(name: "SliderCore", targets: ["SliderCore"]),
        .library(name: "SliderRenderer", targets: ["SliderRenderer"]),
        .executable(name: "slider-demo", targets: ["SliderDemo"]),
    ],
    targets: [
        // Pure Swift: no C module is imported. The standard library's rounding and square root lower to
        // libm calls, and without Foundation nothing else links libm, so it is named here.
        .target(name: "SliderCore", path: "Sources/SliderCore", linkerSettings: [.linkedLibrary("m")]),
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES2", path: "Sources/CGLES2", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "SliderRenderer", dependencies: ["SliderCore", "CEGL", "CGLES2", "CPNG"], path: "Sources/SliderRenderer"),
        .executableTarget(name: "SliderDemo", dependencies: ["SliderCore", "SliderRenderer"], path: "Demo"),
        .testTarget(name: "SliderCoreTests", dependencies: ["SliderCore"], path: "Tests/SliderCoreTests"),
        .testTarget(name: "SliderRendererTests", dependencies: ["SliderRenderer", "SliderCore"], path: "Tests/SliderRendererTests"),
    ]
)
