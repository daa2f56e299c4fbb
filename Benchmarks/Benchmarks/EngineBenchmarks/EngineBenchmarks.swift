import Basemap
import Benchmark
import CHeapStats
import Foundation
import MapDrawing
import MapGeometry
import OpenMaps
import OpenMapsTesting

/// Engine figures of the engine-core issue.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 5_000
    )

    Benchmark("Tap: touch began + ended to didTapAt, no rendering (2 touch events)") { @MainActor benchmark async in
        let iterations = benchmark.scaledIterations
        do {
            let fixture = EngineFixture(markers: 100, zoomGestures: false)
            var time = 0.0
            benchmark.startMeasurement()
            for index in iterations {
                let point = CGPoint(x: 20 + Double(index % 50), y: 760)
                fixture.host.send(MapTouch(id: index * 2, phase: .began, location: point, timestamp: time))
                fixture.host.send(MapTouch(id: index * 2, phase: .ended, location: point, timestamp: time + 0.001))
                time += 0.002
            }
            benchmark.stopMeasurement()
            blackHole(fixture.delegate.taps)
        }
    }

    Benchmark("Pan at 60 touch events per second: engine time per touch event (no drawing)", configuration: .init(timeUnits: .nanoseconds)) { @MainActor benchmark async in
        let iterations = benchmark.scaledIterations
        let fixture = EngineFixture(markers: 100, zoomGestures: true)
        var time = 0.0
        var finger = 0
        var step = 0
        benchmark.startMeasurement()
        for _ in iterations {
            // Two-second pans: 120 moves, then lift and start again.
            if step % 120 == 0 {
                if finger > 0 {
                    fixture.host.send(MapTouch(id: finger, phase: .ended, location: CGPoint(x: 500, y: 200), timestamp: time))
                }
                finger += 1
                time += 1.0 / 60
                fixture.host.send(MapTouch(id: finger, phase: .began, location: CGPoint(x: 100, y: 200), timestamp: time))
            }
            step += 1
            time += 1.0 / 60
            let x = 100 + Double(step % 120) * 3.3
            fixture.host.send(MapTouch(id: finger, phase: .moved, location: CGPoint(x: x, y: 200), timestamp: time))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Projection round trip under tilt 45 and bearing 30", configuration: .init(timeUnits: .nanoseconds)) { @MainActor benchmark async in
        let iterations = benchmark.scaledIterations
        let map = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 640, height: 400),
            camera: GMSCameraPosition(latitude: 60.17, longitude: 24.94, zoom: 15, bearing: 30, viewingAngle: 45))
        let projection = map.projection
        var point = CGPoint(x: 100, y: 250)
        benchmark.startMeasurement()
        for index in iterations {
            point.x = 100 + Double(index % 400)
            blackHole(projection.point(for: projection.coordinate(for: point)))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Marker moved on a map: a position change reaching the map from the nonisolated model", configuration: .init(timeUnits: .nanoseconds)) { @MainActor benchmark async in
        let fixture = EngineFixture(markers: 100, zoomGestures: false)
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.5, longitude: -0.127))
        marker.map = fixture.mapView
        var latitude = 51.5
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            latitude = latitude > 51.6 ? 51.5 : latitude + 1e-5
            marker.position = CLLocationCoordinate2D(latitude: latitude, longitude: -0.127)
        }
        benchmark.stopMeasurement()
        blackHole(marker.position)
    }

    Benchmark("Hit test among 100,000 markers (indexed)", configuration: .init(timeUnits: .nanoseconds)) { @MainActor benchmark async in
        let fixture = ManyMarkers.shared
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            index = (index + 1) % fixture.points.count
            blackHole(fixture.host.marker(at: fixture.points[index]))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("Hit test among 100,000 markers (linear scan)", configuration: .init(timeUnits: .microseconds, maxIterations: 50)) { @MainActor benchmark async in
        let fixture = ManyMarkers.shared
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            index = (index + 1) % fixture.points.count
            let point = fixture.points[index]
            blackHole(fixture.markers.last { fixture.host.iconHitTest($0, point) })
        }
        benchmark.stopMeasurement()
    }

    for count in [10_000, 100_000] {
    Benchmark(
        "Add \(count == 10_000 ? "10,000" : "100,000") markers and draw the first frame (1280x800 at scale 2)",
        configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 10)
    ) { @MainActor benchmark async in
        for _ in benchmark.scaledIterations {
            let map = GMSMapView(
                frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 11))
            map.mapType = .none
            let host = GMSMapViewHost(mapView: map)
            var random = UnitRandom(seed: 5)
            for _ in 0..<count {
                let a = random.nextUnit(), b = random.nextUnit()
                let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.4 + a * 0.2, longitude: -0.3 + b * 0.35))
                marker.map = map
            }
            blackHole(host.renderFrame(scale: 2))
        }
    }
    }

    Benchmark(
        "100,000 markers on a map: peak resident memory",
        configuration: .init(metrics: [.peakMemoryResident], maxDuration: .seconds(10), maxIterations: 1)
    ) { @MainActor benchmark async in
        blackHole(ManyMarkers.shared.markers.count)
    }

    // Memory per marker: the heap the C allocator holds (glibc's mallinfo2, where Swift objects
    // live too) after 100,000 markers are on a map and one frame is drawn, less what it held
    // for the same map and frame with none, divided by the count. (Resident pages are not a
    // per-marker figure: freed heap stays resident, so a second round would reuse the first's.)
    Benchmark(
        "Memory per marker: 100,000 default markers added to a map and drawn",
        configuration: .init(
            metrics: [.custom("heap bytes per marker", useScalingFactor: false)],
            maxDuration: .seconds(20), maxIterations: 3)
    ) { @MainActor benchmark async in
        for _ in benchmark.scaledIterations {
            benchmark.measurement(.custom("heap bytes per marker", useScalingFactor: false), MemoryPerMarker.heapBytes(count: 100_000))
        }
    }

    Benchmark("Frame: 1,000 default markers + info window, 1280x800 at scale 2", configuration: .init(timeUnits: .milliseconds)) { @MainActor benchmark async in
        let fixture = EngineFixture(markers: 1_000, zoomGestures: true)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(fixture.host.renderFrame(scale: 2))
        }
        benchmark.stopMeasurement()
    }

    // The zoom-15 tile is the top-left quarter of the zoom-14 tile's vectors (the data's
    // highest zoom is 14, as in OpenMapTiles).
    // Decoded once, before measuring: the benchmark is the drawing.
    let denseTile = EmbeddedBasemap.url.flatMap { try? MBTilesReader(path: $0.path) }.flatMap { try? $0.tile(z: 14, x: 9327, y: 4742) }
    Benchmark("Basemap tile of dense central Helsinki, zoom 15, scale 2", configuration: .init(timeUnits: .milliseconds)) { benchmark in
        guard let tile = denseTile else { return }
        let renderer = TileRenderer()
        for _ in benchmark.scaledIterations {
            blackHole(renderer.render(tile, zoom: 15, scale: 2, source: (0, 0, 2048)))
        }
    }

    Benchmark(
        "Basemap tile of dense central Helsinki, zoom 15, scale 2, with its labels: drawn, labels placed afresh (text measured) and drawn on it",
        configuration: .init(timeUnits: .milliseconds, maxIterations: 500)
    ) { @MainActor benchmark async in
        guard let tile = denseTile else { return }
        // The tile's own square: a 256-point view at zoom 15 on its centre (zoom-15 tile 18654, 9484).
        let n = Double(1 << 15), x = 18_654.5, y = 9_484.5
        let center = CLLocationCoordinate2D(
            latitude: atan(sinh(Double.pi * (1 - 2 * y / n))) * 180 / Double.pi, longitude: x / n * 360 - 180)
        let viewport = Viewport(target: center, zoom: 15, width: 256, height: 256)
        let tiles = BasemapTiles(), renderer = TileRenderer()
        // The data decoded before measuring, as above.
        blackHole(LabelPlacer().labels(for: viewport, tiles: tiles))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let bitmap = renderer.render(tile, zoom: 15, scale: 2, source: (0, 0, 2048))
            // A fresh placer each time: nothing placed or measured before is reused.
            let placer = LabelPlacer()
            placer.draw(placer.labels(for: viewport, tiles: tiles), style: tiles.style, in: Canvas(bitmap: bitmap, scale: 2))
            blackHole(bitmap)
        }
    }

    // The same tile and labels as the engine makes them when tiles render at once (replays,
    // `openmaps render`): the tile rendered on another core while the labels are placed and
    // their sprites drawn here (`BasemapTiles.prepare(_:scale:willRender:whileRendering:)`),
    // then the labels drawn on it.
    Benchmark(
        "Basemap tile of dense central Helsinki, zoom 15, scale 2, with its labels, as the engine makes them: the tile rendered on another core while its labels are placed (text measured) and their sprites drawn, then drawn on it",
        configuration: .init(timeUnits: .milliseconds, maxIterations: 500)
    ) { @MainActor benchmark async in
        let n = Double(1 << 15), x = 18_654.5, y = 9_484.5
        let center = CLLocationCoordinate2D(
            latitude: atan(sinh(Double.pi * (1 - 2 * y / n))) * 180 / Double.pi, longitude: x / n * 360 - 180)
        let viewport = Viewport(target: center, zoom: 15, width: 256, height: 256)
        let key = TileKey(z: 15, x: 18_654, y: 9_484)
        // Fresh tiles each sample (one iteration a sample: nothing rendered), their data
        // decoded before measuring.
        let tiles = BasemapTiles()
        blackHole(LabelPlacer().labels(for: viewport, tiles: tiles))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let placer = LabelPlacer()
            _ = tiles.prepare([key], scale: 2, willRender: {}) {
                placer.makeSprites(for: placer.placeAhead(for: viewport, tiles: tiles), style: tiles.style, scale: 2)
            }
            guard let bitmap = tiles.bitmap(for: key, scale: 2) else { return }
            placer.draw(placer.labels(for: viewport, tiles: tiles), style: tiles.style, in: Canvas(bitmap: bitmap, scale: 2))
            blackHole(bitmap)
        }
    }

    Benchmark("Decoding the dense central Helsinki tile (zoom 14: under 4 zoom-15 tiles, 16 at zoom 16)", configuration: .init(timeUnits: .milliseconds)) { benchmark in
        guard let url = EmbeddedBasemap.url, let reader = try? MBTilesReader(path: url.path) else { return }
        for _ in benchmark.scaledIterations { blackHole(try? reader.tile(z: 14, x: 9327, y: 4742)) }
    }
    Benchmark(
        "Label placement over dense central Helsinki, zoom 15.5, 1280x800, first time: gathering, measuring text, placing (no drawing)",
        configuration: .init(timeUnits: .milliseconds, maxIterations: 200)
    ) { @MainActor benchmark async in
        let tiles = BasemapTiles()
        var viewport = Viewport(target: CLLocationCoordinate2D(latitude: 60.1690, longitude: 24.9440), zoom: 15.5, width: 1280, height: 800)
        // The tiles decoded before measuring (their decoding is measured above).
        blackHole(LabelPlacer().labels(for: viewport, tiles: tiles))
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            // A fresh placer and a new zoom each time: nothing placed or measured before is reused.
            viewport.zoom = 15.5 + Double(iteration % 2) * 0.01
            blackHole(LabelPlacer().labels(for: viewport, tiles: tiles))
        }
    }

    /// Label placement over dense central Helsinki by one placer, again after a camera change
    /// each iteration (the placer's kept tiles' labels and measured texts reused).
    func placedAgain(_ name: String, _ change: @escaping @Sendable (inout Viewport, Int) -> Void) {
        Benchmark(
            "Label placement over dense central Helsinki, zoom 15.5, 1280x800, \(name) (no drawing)",
            configuration: .init(timeUnits: .milliseconds, maxIterations: 500)
        ) { @MainActor benchmark async in
            let tiles = BasemapTiles(), placer = LabelPlacer()
            var viewport = Viewport(target: CLLocationCoordinate2D(latitude: 60.1690, longitude: 24.9440), zoom: 15.5, width: 1280, height: 800)
            blackHole(placer.labels(for: viewport, tiles: tiles))
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                change(&viewport, iteration)
                blackHole(placer.labels(for: viewport, tiles: tiles))
            }
        }
    }
    // A pinch or a flight's frames: a new zoom each time, the same tiles under it.
    placedAgain("while zooming: placed again at each new zoom over the same tiles") { viewport, iteration in
        viewport.zoom = 15.51 + Double(iteration % 2) * 0.01
    }
    // 100 points east and back: past the pan margin, so every call places again.
    placedAgain("again after a pan past its margin") { viewport, iteration in
        viewport.target = CLLocationCoordinate2D(latitude: 60.1690, longitude: 24.9440 + Double(iteration % 2) * 0.0012)
    }

    for (bearing, tilt) in [(0.0, 0.0), (30.0, 45.0)] {
        let name = bearing == 0 && tilt == 0 ? "" : ", bearing \(Int(bearing)) and tilt \(Int(tilt))"
        Benchmark(
            "Frame while panning over Helsinki: cached tiles, labels, 100 markers, 1280x800 at scale 2\(name)",
            configuration: .init(timeUnits: .microseconds, maxIterations: 500)
        ) { @MainActor benchmark async in
            panningFrames(benchmark, bearing: bearing, tilt: tilt)
        }
    }

    for styled in [false, true] {
        Benchmark(
            "Frame while panning at zoom 3 over Europe, 1280x800 at scale 2: \(styled ? "every country styled (data-driven styling)" : "basemap only")",
            configuration: .init(timeUnits: .microseconds, maxDuration: .seconds(8), maxIterations: 300)
        ) { @MainActor benchmark async in
            zoom3Frames(benchmark, styled: styled)
        }
    }

    Benchmark(
        "Panorama frame: a 4096x2048 equirectangular image through the camera, 1280x800 at scale 2, turning",
        configuration: .init(timeUnits: .microseconds, maxDuration: .seconds(8), maxIterations: 300)
    ) { @MainActor benchmark async in
        await panoramaFrames(benchmark)
    }

    Benchmark("Frame: 100 default markers + info window, 1280x800 at scale 2") { @MainActor benchmark async in
        let iterations = benchmark.scaledIterations
        do {
            let fixture = EngineFixture(markers: 100, zoomGestures: true)
            benchmark.startMeasurement()
            for _ in iterations {
                blackHole(fixture.host.renderFrame(scale: 2))
            }
            benchmark.stopMeasurement()
        }
    }

    // A screen's frame: the map alone, then the same map under five controls laid out with
    // constraints (issue 21: at most 10% more).
    Benchmark("Screen frame: a map alone, 390x844 at scale 2", configuration: .init(timeUnits: .microseconds, maxDuration: .seconds(5))) { @MainActor benchmark async in
        let host = ScreenFixture.host(controls: false)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(host.renderFrame()) }
        benchmark.stopMeasurement()
    }

    Benchmark("Screen frame: the map plus five controls, 390x844 at scale 2", configuration: .init(timeUnits: .microseconds, maxDuration: .seconds(5))) { @MainActor benchmark async in
        let host = ScreenFixture.host(controls: true)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(host.renderFrame()) }
        benchmark.stopMeasurement()
    }

    // The whole screen of issue 22: a navigation bar with a bar button, the map and five controls.
    Benchmark("Screen frame: navigation bar, map and five controls, 390x844 at scale 2", configuration: .init(timeUnits: .microseconds, maxDuration: .seconds(5))) { @MainActor benchmark async in
        let host = ScreenFixture.host(controls: true, navigationBar: true)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(host.renderFrame()) }
        benchmark.stopMeasurement()
    }
}

/// A phone screen over central Helsinki at zoom 14, with or without five controls (four
/// buttons and a switch) pinned over the map with constraints.
@MainActor
enum ScreenFixture {
    static func host(controls: Bool, navigationBar: Bool = false) -> ScreenHost {
        let controller = UIViewController()
        controller.title = "Places"
        controller.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in })
        let options = GMSMapViewOptions()
        options.camera = GMSCameraPosition(latitude: 60.1699, longitude: 24.9384, zoom: 14)
        let map = GMSMapView(options: options)
        map.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(map)
        var constraints = [
            map.topAnchor.constraint(equalTo: controller.view.topAnchor),
            map.bottomAnchor.constraint(equalTo: controller.view.bottomAnchor),
            map.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            map.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
        ]
        if controls {
            let buttons: [UIControl] = [
                UIButton(configuration: .filled(), primaryAction: UIAction(title: "Directions") { _ in }),
                UIButton(configuration: .tinted(), primaryAction: UIAction(title: "Save") { _ in }),
                UIButton(configuration: .gray(), primaryAction: UIAction(title: "Share") { _ in }),
                UIButton(type: .system, primaryAction: UIAction(title: "More") { _ in }),
                UISwitch(),
            ]
            var previous: UIView?
            for control in buttons {
                control.translatesAutoresizingMaskIntoConstraints = false
                controller.view.addSubview(control)
                constraints.append(control.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor))
                if let previous {
                    constraints.append(control.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: 8))
                } else {
                    constraints.append(control.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 12))
                }
                previous = control
            }
        }
        NSLayoutConstraint.activate(constraints)
        let root = navigationBar ? UINavigationController(rootViewController: controller) : controller
        let host = ScreenHost(rootViewController: root)
        host.runUntilIdle()
        blackHole(host.renderFrame())
        return host
    }
}

/// 100,000 markers over London on a 640 x 400 map, and tap points over the view.
@MainActor
final class ManyMarkers {
    static let shared = ManyMarkers()
    let map: GMSMapView
    let host: GMSMapViewHost
    var markers: [GMSMarker] = []
    var points: [CGPoint] = []

    init() {
        map = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 12))
        map.mapType = .none
        host = GMSMapViewHost(mapView: map)
        var seed: UInt64 = 9
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<100_000 {
            let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.3 + next() * 0.4, longitude: -0.5 + next() * 0.7))
            marker.map = map
            markers.append(marker)
        }
        points = (0..<1_000).map { _ in CGPoint(x: next() * 640, y: next() * 400) }
    }
}

/// Memory per marker, measured as the difference between a map with markers and the same map
/// without.
@MainActor
enum MemoryPerMarker {
    /// Heap bytes per marker: `count` markers over London on a 640 x 400 map, one frame drawn
    /// at scale 2, against the same map and frame with none.
    static func heapBytes(count: Int) -> Int {
        let map = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 640, height: 400), camera: GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 11))
        map.mapType = .none
        let host = GMSMapViewHost(mapView: map)
        blackHole(host.renderFrame(scale: 2))
        let heapBefore = openmaps_heap_bytes_in_use()
        var random = UnitRandom(seed: 5)
        var markers: [GMSMarker] = []
        markers.reserveCapacity(count)
        for _ in 0..<count {
            let a = random.nextUnit(), b = random.nextUnit()
            let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 51.4 + a * 0.2, longitude: -0.3 + b * 0.35))
            marker.map = map
            markers.append(marker)
        }
        blackHole(host.renderFrame(scale: 2))
        // The array holding them is the app's, not the SDK's: its 8 bytes a marker are left out.
        let arrayBytes = markers.capacity * MemoryLayout<GMSMarker>.stride
        let heap = Int(openmaps_heap_bytes_in_use()) - Int(heapBefore) - arrayBytes
        blackHole(markers)
        return max(0, heap) / count
    }
}

@MainActor
final class CountingDelegate: GMSMapViewDelegate {
    var taps = 0
    func mapView(_ mapView: GMSMapView, didTapAt coordinate: CLLocationCoordinate2D) { taps += 1 }
}

/// A 640 x 400 point map over London with markers spread over the view and one window open.
@MainActor
final class EngineFixture {
    let mapView: GMSMapView
    let host: GMSMapViewHost
    let delegate = CountingDelegate()

    init(markers count: Int, zoomGestures: Bool) {
        mapView = GMSMapView(
            frame: CGRect(x: 0, y: 0, width: 640, height: 400),
            camera: GMSCameraPosition(latitude: 51.5, longitude: -0.127, zoom: 13))
        mapView.settings.zoomGestures = zoomGestures
        mapView.mapType = .none  // "no basemap" figures
        mapView.delegate = delegate
        host = GMSMapViewHost(mapView: mapView)
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var first: GMSMarker?
        for index in 0..<count {
            let marker = GMSMarker(position: mapView.projection.coordinate(for: CGPoint(x: 20 + next() * 600, y: 50 + next() * 300)))
            marker.title = "Marker \(index)"
            marker.snippet = "Snippet \(index)"
            marker.map = mapView
            first = first ?? marker
        }
        mapView.selectedMarker = first
        host.runUntilIdle()
    }
}

/// Frames of a map panned 3 points a frame over central Helsinki with 100 markers, tiles warm.
@MainActor
func panningFrames(_ benchmark: Benchmark, bearing: Double, tilt: Double) {
    let map = GMSMapView(
        frame: CGRect(x: 0, y: 0, width: 640, height: 400),
        camera: GMSCameraPosition(latitude: 60.1687, longitude: 24.9445, zoom: 15.4, bearing: bearing, viewingAngle: tilt))
    let host = GMSMapViewHost(mapView: map)
    var random = UnitRandom(seed: 3)
    for _ in 0..<100 {
        let a = random.nextUnit(), b = random.nextUnit()
        let marker = GMSMarker(position: CLLocationCoordinate2D(latitude: 60.163 + a * 0.012, longitude: 24.93 + b * 0.03))
        marker.map = map
    }
    // Warm the tile cache over the panned area.
    host.prepareTiles()
    _ = host.renderFrame(scale: 2)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        // Pans 3 points a frame.
        map.camera = GMSCameraPosition(
            target: map.projection.coordinate(for: CGPoint(x: 323, y: 200)), zoom: 15.4, bearing: bearing, viewingAngle: tilt)
        blackHole(host.renderFrame(scale: 2))
    }
    benchmark.stopMeasurement()
}

/// Frames of a map at zoom 3 panning 3 points a frame, with or without a style on every
/// country (a fill and a border per country).
@MainActor
func zoom3Frames(_ benchmark: Benchmark, styled: Bool) {
    let options = GMSMapViewOptions()
    options.mapID = GMSMapID(identifier: "benchmarks")
    options.frame = CGRect(x: 0, y: 0, width: 640, height: 400)
    options.camera = GMSCameraPosition(latitude: 50, longitude: 15, zoom: 3)
    let map = GMSMapView(options: options)
    let host = GMSMapViewHost(mapView: map)
    if styled {
        let fills = [UIColor.systemRed, .systemBlue, .systemGreen, .systemOrange, .systemPurple].map { $0.withAlphaComponent(0.5) }
        map.featureLayer(of: .country).style = { place in
            FeatureStyle(fill: fills[place.placeID.utf8.reduce(0) { $0 + Int($1) } % fills.count], stroke: .darkGray, strokeWidth: 1)
        }
    }
    host.prepareTiles()
    _ = host.renderFrame(scale: 2)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        map.camera = GMSCameraPosition(target: map.projection.coordinate(for: CGPoint(x: 323, y: 200)), zoom: 3)
        blackHole(host.renderFrame(scale: 2))
    }
    benchmark.stopMeasurement()
}

/// Frames of a panorama view of 640 x 400 points at scale 2 over a registered 4096 x 2048
/// image, the camera turning 1° and tilting a little each frame.
@MainActor
func panoramaFrames(_ benchmark: Benchmark) async {
    let canvas = Canvas(size: CGSize(width: 4096, height: 2048), scale: 1)
    for band in 0..<64 {
        let shade = Double(band) / 64
        canvas.fill(CGRect(x: Double(band) * 64, y: 0, width: 64, height: 2048), with: Color(red: shade, green: 0.5, blue: 1 - shade, alpha: 1))
    }
    canvas.fill(CGRect(x: 0, y: 1024, width: 4096, height: 1024), with: Color(red: 0.5, green: 0.5, blue: 0.45, alpha: 0.6))
    let link = GMSPanoramaLink()
    link.heading = 90
    link.panoramaID = "benchmark-next"
    try? PanoramaCatalog.shared.register(
        panoramaID: "benchmark", image: UIImage(bitmap: canvas.bitmap, scale: 1),
        coordinate: CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9525), links: [link])
    let view = GMSPanoramaView(frame: CGRect(x: 0, y: 0, width: 640, height: 400))
    let host = GMSPanoramaViewHost(panoramaView: view)
    view.move(toPanoramaID: "benchmark")
    for _ in 0..<1_000 where view.panorama == nil { await Task.yield() }
    _ = host.renderFrame(scale: 2)
    var heading = 0.0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        heading += 1
        view.camera = GMSPanoramaCamera(heading: heading, pitch: sin(heading / 20) * 20, zoom: 1)
        blackHole(host.renderFrame(scale: 2))
    }
    benchmark.stopMeasurement()
}

/// A small deterministic generator of numbers in 0..<1 (a linear congruential sequence).
struct UnitRandom {
    var seed: UInt64

    mutating func nextUnit() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
}
