// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so that `swift build` of OpenMaps stays quick.
// Run them with `make benchmarks` (release mode, package-benchmark).
let package = Package(
    name: "OpenMapsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "OpenMaps", path: ".."),
        .package(
            url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    ],
    targets: [
        // glibc's count of heap bytes in use, for memory per marker.
        .target(name: "CHeapStats", path: "Sources/CHeapStats"),
        .executableTarget(
            name: "FoundationBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "OpenMaps", package: "OpenMaps"),
                .product(name: "MapDrawing", package: "OpenMaps"),
            ],
            path: "Benchmarks/FoundationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "OpenMaps", package: "OpenMaps"),
                .product(name: "OpenMapsTesting", package: "OpenMaps"),
                .product(name: "MapDrawing", package: "OpenMaps"),
                .product(name: "Basemap", package: "OpenMaps"),
                .product(name: "MapGeometry", package: "OpenMaps"),
                "CHeapStats",
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "UtilsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "OpenMapsUtils", package: "OpenMaps"),
            ],
            path: "Benchmarks/UtilsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "ConstraintSolver", package: "OpenMaps"),
            ],
            path: "Benchmarks/LayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "GeocoderBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "Geocoding", package: "OpenMaps"),
                .product(name: "MapGeometry", package: "OpenMaps"),
            ],
            path: "Benchmarks/GeocoderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "GeocoderThroughput",
            dependencies: [
                .product(name: "Geocoding", package: "OpenMaps"),
                .product(name: "MapGeometry", package: "OpenMaps"),
            ],
            path: "Sources/GeocoderThroughput"
        ),
        // The hierarchical clustering beside Supercluster's C++ port (`make cluster-compare`).
        .executableTarget(
            name: "ClusterCompare",
            dependencies: [.product(name: "OpenMapsUtils", package: "OpenMaps")],
            path: "Sources/ClusterCompare"
        ),
        // Frame times while 100,000 items re-cluster in the background (`make cluster-frames`).
        .executableTarget(
            name: "ClusterFrames",
            dependencies: [.product(name: "OpenMapsUtils", package: "OpenMaps"), .product(name: "OpenMaps", package: "OpenMaps")],
            path: "Sources/ClusterFrames"
        ),
        // End to end: `openmaps serve` in its own process, driven over its WebSocket the way
        // the page drives it (`make playground-benchmark`).
        .executableTarget(
            name: "PlaygroundThroughput",
            dependencies: [
                .product(name: "MapDrawing", package: "OpenMaps"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ],
            path: "Sources/PlaygroundThroughput"
        ),
    ],
    swiftLanguageModes: [.v6]
)
