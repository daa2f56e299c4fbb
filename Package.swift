// swift-tools-version:6.2
import PackageDescription

/// OpenMaps: the Maps SDK for iOS programming model, on Linux.
///
/// Layers, each importing only those below it:
/// MapGeometry, ConstraintSolver → MapDrawing → MapUIKit → Basemap / Geocoding → OpenMaps → OpenMapsUtils,
/// OpenMapsTesting (the users' test product), MapReplay → OpenMapsPlayground → openmaps.
let package = Package(
    name: "OpenMaps",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenMaps", targets: ["OpenMaps"]),
        /// Drive, inspect and check map screens in tests (as HummingbirdTesting is to
        /// Hummingbird): touches on the virtual clock, delegate recording, golden images.
        .library(name: "OpenMapsTesting", targets: ["OpenMapsTesting"]),
        /// The drawing layer (Cairo + Pango) on its own, for hosts that compose frames.
        .library(name: "MapDrawing", targets: ["MapDrawing"]),
        /// The Cassowary constraint solver under Auto Layout, on its own.
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        /// Geometry (projection, geodesy, spatial index) on its own.
        .library(name: "MapGeometry", targets: ["MapGeometry"]),
        /// The basemap (MBTiles reading, vector tiles, tile rendering) on its own.
        .library(name: "Basemap", targets: ["Basemap"]),
        /// The offline reverse geocoder on its own.
        .library(name: "Geocoding", targets: ["Geocoding"]),
        /// Any app's view controller, or a whole app, live in a browser: the page is the
        /// phone's screen and touch surface (`Playground.run`).
        .library(name: "OpenMapsPlayground", targets: ["OpenMapsPlayground"]),
        /// Google's Maps SDK for iOS Utility Library (7.x) on OpenMaps: clustering, a point
        /// quadtree, heatmaps, GeoJSON and KML, geometry helpers (`import OpenMapsUtils`).
        .library(name: "OpenMapsUtils", targets: ["OpenMapsUtils"]),
        .executable(name: "openmaps", targets: ["openmaps"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        // `make docs`: the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libxml2's SAX2 parser for KML: its "huge" mode and entity declarations, which
        // Foundation's XMLParser does not expose.
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // PNG and JPEG codecs: a thin C layer so that libpng's and libjpeg's
        // longjmp-based error handling never crosses Swift frames.
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("z")]
        ),

        // Perspective drawing of images: a tight pixel loop cairo has no equivalent of.
        .target(name: "CRaster"),
        // Memory hints (a prefetch) for loops that read scattered memory in a known order.
        .target(name: "CMemoryHints"),

        // Layers.
        .target(name: "MapGeometry"),
        // Auto Layout's engine: an incremental Cassowary solver (no dependencies).
        .target(name: "ConstraintSolver"),
        .target(
            name: "MapDrawing",
            dependencies: [
                "MapGeometry", "CCairo", "CImageCodecs", "CRaster",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "MapUIKit",
            dependencies: ["MapGeometry", "MapDrawing", "ConstraintSolver", .product(name: "Logging", package: "swift-log")]),
        // The embedded basemap: MBTiles reading, vector tile decoding (data built by tools/basemap).
        .target(
            name: "Basemap",
            dependencies: ["MapGeometry", "MapDrawing", "CSQLite", "CZlib", .product(name: "Logging", package: "swift-log")],
            resources: [.copy("Resources/basemap.mbtiles")]
        ),
        // The offline reverse geocoder and its data (built by tools/geocoder).
        .target(name: "Geocoding", dependencies: ["MapGeometry"], resources: [.copy("Resources/geocoder.omgc")]),
        .target(
            name: "OpenMaps",
            dependencies: [
                "MapGeometry", "MapDrawing", "MapUIKit", "Geocoding", "Basemap",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "OpenMapsTesting", dependencies: ["OpenMaps", "MapDrawing"]),
        // The utility library's API (clustering, quadtree, heatmaps, GeoJSON, KML, geometry).
        .target(name: "OpenMapsUtils", dependencies: ["OpenMaps", "MapDrawing", "Basemap", "CMemoryHints", "CXML2", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "MapReplay",
            dependencies: ["OpenMaps", "OpenMapsUtils", "MapDrawing", "Basemap", .product(name: "Logging", package: "swift-log")]),
        // The playground: maps in sessions served to a browser (the page is its screen and touch surface).
        .target(
            name: "OpenMapsPlayground",
            dependencies: [
                "OpenMaps", "OpenMapsUtils", "MapReplay", "MapDrawing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Web"), .copy("Data")]
        ),
        .executableTarget(
            name: "openmaps",
            dependencies: [
                "OpenMaps", "MapReplay", "MapDrawing", "Geocoding", "OpenMapsPlayground",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Tests: one target per source target.
        .target(
            name: "LocalTileServer", dependencies: ["MapDrawing", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Tests/Support/LocalTileServer"),
        // What several test targets make the same way (a map view of a frame and camera).
        .target(name: "MapTestSupport", dependencies: ["OpenMaps"], path: "Tests/Support/MapTestSupport"),
        .testTarget(name: "MapGeometryTests", dependencies: ["MapGeometry"]),
        // Checked against kiwisolver's answers on random systems (tools/solver/kiwi_oracle.py).
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"], exclude: ["Oracle"]),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding"]),
        .testTarget(name: "BasemapTests", dependencies: ["Basemap", "MapDrawing", "OpenMapsTesting", "HostileData"], exclude: ["__Goldens__"]),
        .testTarget(name: "MapDrawingTests", dependencies: ["MapDrawing", "CRaster", "OpenMapsTesting"]),
        .testTarget(
            name: "MapUIKitTests", dependencies: ["MapUIKit", "MapDrawing", "OpenMapsTesting"], exclude: ["__Goldens__", "Controls/__Goldens__"]),
        .testTarget(
            name: "MapReplayTests", dependencies: ["MapReplay", "OpenMaps", "MapDrawing", "OpenMapsTesting", "LocalTileServer"],
            exclude: ["Scenarios", "__Goldens__"]),
        // The guides' own Swift code, compiled with only the import changed.
        .testTarget(name: "OpenMapsTestingTests", dependencies: ["OpenMapsTesting", "OpenMaps", "MapTestSupport"], exclude: ["__Goldens__"]),
        .testTarget(name: "GuideCompatibilityTests", dependencies: ["OpenMaps", "OpenMapsTesting"]),
        .testTarget(
            name: "OpenMapsUtilsTests", dependencies: ["OpenMapsUtils", "OpenMaps", "MapTestSupport", "OpenMapsTesting", "MapDrawing", "LocalTileServer"],
            exclude: ["__Goldens__", "Fixtures"]),
        // Our own code in the guides' style, one file per guide topic (Tests/GuideSnippets,
        // linked into both targets): asserted in Swift 6 mode, compiled and loaded in Swift 5
        // mode, as the SDK's Xcode projects build it.
        .testTarget(name: "GuideSnippetsTests", dependencies: ["OpenMaps", "OpenMapsTesting"]),
        .testTarget(
            name: "GuideSnippetsSwift5Tests", dependencies: ["OpenMaps", "OpenMapsTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "PlaygroundTests",
            dependencies: [
                "OpenMapsPlayground", "OpenMaps", "OpenMapsTesting", "MapDrawing", "MapReplay", "HostileData",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ], exclude: ["__Goldens__"]),
        // Hostile input run by the `openmaps` executable in child processes (docs/limits.md).
        .target(name: "HostileData", dependencies: ["CSQLite", "CZlib", "CHeapProbe"], path: "Tests/Support/HostileData"),
        .target(name: "CHeapProbe", path: "Tests/Support/CHeapProbe"),
        // The libraries' hostile cases there run as exit tests (the test runner as a child process).
        .testTarget(
            name: "HostileInputTests",
            dependencies: ["openmaps", "HostileData", "OpenMaps", "OpenMapsUtils", "MapUIKit", "MapDrawing", "ConstraintSolver", "Geocoding", "Basemap"]),
        // The fuzzing harness: a short deterministic slice here, longer runs with `make fuzz`.
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "OpenMaps", "OpenMapsUtils", "ConstraintSolver", "MapReplay", "Basemap", "MapDrawing", "OpenMapsPlayground", "OpenMapsTesting", "MapTestSupport",
                "HostileData",
            ],
            exclude: ["Corpus"]),
        .testTarget(
            name: "OpenMapsTests",
            dependencies: ["OpenMaps", "MapDrawing", "OpenMapsTesting", "LocalTileServer", "HostileData", "MapTestSupport"],
            exclude: [
                "__Goldens__", "Engine/__Goldens__", "StreetView/__Goldens__", "DarkMap/__Goldens__", "DataDrivenStyling/__Goldens__",
                "AdvancedMarkers/__Goldens__", "Cities/__Goldens__", "Screen/__Goldens__",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Our own code builds without warnings: each is an error (SwiftPM ignores this setting for a
// package used as a dependency). Google's guide code in GuideCompatibilityTests stays word for
// word, deprecated calls and all, so its warnings are not shown.
let cTargets: Set<String> = ["CImageCodecs", "CRaster", "CMemoryHints", "CHeapProbe"]
for target in package.targets where target.type != .system && !cTargets.contains(target.name) {
    let setting: SwiftSetting =
        target.name == "GuideCompatibilityTests" ? .unsafeFlags(["-suppress-warnings"]) : .treatAllWarnings(as: .error)
    target.swiftSettings = (target.swiftSettings ?? []) + [setting]
}
