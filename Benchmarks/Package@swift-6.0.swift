// swift-tools-version:6.0
import PackageDescription

// What of the benchmarks Swift 6.0 builds (Debian 13's swiftlang: the distributions' Swift, and the aarch64
// cross build): the programs measured from outside, without ordo-one/benchmark, whose plugin needs Swift 6.1
// (Package.swift has the benchmarks too, for 6.1 and later).
let package = Package(
    name: "SliderCoreBenchmarks",
    products: [
        .executable(name: "render-frames", targets: ["RenderFrames"]),
        .executable(name: "peer-slider", targets: ["PeerSlider"]),
    ],
    dependencies: [
        .package(name: "WaylandSlider", path: ".."),
    ],
    targets: [
        // The slider scene and the three measured frames, shared by the benchmarks and render-frames.
        .target(
            name: "RenderFixture",
            dependencies: [
                .product(name: "SliderCore", package: "WaylandSlider"),
                .product(name: "WaylandSlider", package: "WaylandSlider"),
            ],
            path: "Benchmarks/RenderFixture"
        ),
        // Renders frames for instruction-counts.sh (callgrind), outside the benchmark framework.
        .executableTarget(
            name: "RenderFrames",
            dependencies: ["RenderFixture", .product(name: "WaylandSlider", package: "WaylandSlider")],
            path: "Benchmarks/RenderFrames"
        ),
        // One slider moved every frame, for Peers/compare.py against GTK 4 and Qt Quick measured the same way.
        .executableTarget(
            name: "PeerSlider",
            dependencies: [.product(name: "WaylandSlider", package: "WaylandSlider")],
            path: "Benchmarks/PeerSlider"
        ),
    ]
)
