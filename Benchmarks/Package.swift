// swift-tools-version:6.1
import PackageDescription

// Benchmarks for SliderCore, kept in their own package so the library itself does not depend on
// ordo-one/benchmark. Run from this directory: `swift package --disable-sandbox benchmark`.
let package = Package(
    name: "SliderCoreBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "render-frames", targets: ["RenderFrames"]),
        .executable(name: "peer-slider", targets: ["PeerSlider"]),
    ],
    dependencies: [
        .package(name: "WaylandSlider", path: ".."),
        // The MallocInterposer trait supplies the malloc metrics; the package's other default trait
        // (RuntimeInterposer) is left off on purpose: its dependency is not available on this machine.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SliderCoreBenchmarks",
            dependencies: [
                .product(name: "SliderCore", package: "WaylandSlider"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SliderCoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The slider scene and the three measured frames, shared by the two renderer executables.
        .target(
            name: "RenderFixture",
            dependencies: [
                .product(name: "SliderCore", package: "WaylandSlider"),
                .product(name: "WaylandSlider", package: "WaylandSlider"),
            ],
            path: "Benchmarks/RenderFixture"
        ),
        .executableTarget(
            name: "SliderRendererBenchmarks",
            dependencies: [
                "RenderFixture",
                .product(name: "WaylandSlider", package: "WaylandSlider"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SliderRendererBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
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
