// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WaylandSlider",
    products: [
        .library(name: "SliderCore", targets: ["SliderCore"]),
        .executable(name: "slider-demo", targets: ["SliderDemo"]),
    ],
    targets: [
        // Pure Swift: no C module is imported. The standard library's rounding and square root lower to
        // libm calls, and without Foundation nothing else links libm, so it is named here.
        .target(name: "SliderCore", path: "Sources/SliderCore", linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "SliderDemo", dependencies: ["SliderCore"], path: "Demo"),
        .testTarget(name: "SliderCoreTests", dependencies: ["SliderCore"], path: "Tests/SliderCoreTests"),
    ]
)
