import Foundation
import Logging
import MapDrawing
import OpenMaps
import OpenMapsUtils
import MapGeometry

/// Runs a scenario on a hosted map in virtual time, through the public hosting API only,
/// and reports the delegate's callbacks as JSON lines.
@MainActor
public final class ScenarioRunner {
    private typealias Timing = Scenario.Step.Timing
    private static let logger = Logger(label: "OpenMaps.Replay")
    private let scenario: Scenario
    private let mapView: GMSMapView
    private let host: GMSMapViewHost
    private var log: ReplayLog!
    private var markers: [String: GMSMarker] = [:]
    /// When each marker id was last added, for the `end` line's order (latest last).
    private var addedAt: [String: Int] = [:]
    private var additions = 0
    private var nextTouchID = 1
    /// Clustering (an OpenMaps addition): the manager, its renderer, and its delegate.
    private var clusterManager: GMUClusterManager?
    private var clusterRenderer: GMUDefaultClusterRenderer?
    private var clusterTaps: ClusterTapLogger?

    /// Sets up the map of a scenario on a screen of `scale` (the scale icons and info windows
    /// are made at). `tileWait`, when given, replaces the host's real-time bounds on waiting
    /// for tile layers (per frame, in all): a test on a loaded machine may allow more.
    public init(scenario: Scenario, scale: CGFloat = UIScreen.standardScale, tileWait: (perFrame: TimeInterval, total: TimeInterval)? = nil) {
        self.scenario = scenario
        let spec = scenario.camera
        let camera = GMSCameraPosition(
            latitude: spec.latitude ?? 0, longitude: spec.longitude ?? 0, zoom: Float(spec.zoom ?? 2),
            bearing: spec.bearing ?? 0, viewingAngle: spec.viewingAngle ?? 0)
        let options = GMSMapViewOptions()
        options.frame = CGRect(origin: .zero, size: scenario.size)
        options.camera = camera
        mapView = GMSMapView(options: options)
        host = GMSMapViewHost(mapView: mapView, scale: scale)
        if let tileWait {
            host.tileWaitPerFrame = tileWait.perFrame
            host.tileWaitBudget = tileWait.total
        }
        log = ReplayLog(
            forwardingTo: ScriptedDelegate(
                spec: scenario.delegate, ids: { [unowned self] in self.id(of: $0) }, marker: { [unowned self] in self.markers[$0] }),
            clock: { [unowned host] in host.time }, ids: { [unowned self] in self.id(of: $0) })
        UIScreen.withScale(host.scale) { configure() }
    }

    /// Applies the scenario's map: settings, basemap, layers, markers and overlays.
    private func configure() {
        if let padding = scenario.padding { mapView.padding = padding }
        if let minZoom = scenario.minZoom ?? scenario.maxZoom.map({ _ in kGMSMinZoomLevel }) {
            mapView.setMinZoom(minZoom, maxZoom: scenario.maxZoom ?? kGMSMaxZoomLevel)
        }
        if let settings = scenario.settings { apply(settings) }
        if let enabled = scenario.myLocationEnabled { mapView.isMyLocationEnabled = enabled }
        if let location = scenario.myLocation {
            host.setMyLocation(CLLocation(latitude: location.latitude, longitude: location.longitude))
        }
        if let type = scenario.mapType { mapView.mapType = type }
        if let style = scenario.mapStyle { mapView.mapStyle = try? GMSMapStyle(jsonString: style) }
        if let mbtiles = scenario.mbtiles {
            // Checked when the scenario was read; a file changed since keeps the embedded basemap.
            do { try mapView.useBasemap(mbtilesPath: mbtiles) } catch { ScenarioRunner.logger.warning("\(error)") }
        }
        for spec in scenario.tileLayers {
            let layer = GMSURLTileLayer(urlConstructor: { x, y, zoom in spec.url(x: x, y: y, zoom: zoom) })
            layer.zIndex = spec.zIndex
            layer.opacity = spec.opacity
            layer.tileSize = spec.tileSize
            layer.fadeIn = spec.fadeIn
            layer.map = mapView
        }
        for spec in scenario.markers { add(spec) }
        for spec in scenario.overlays { add(spec) }
        if let spec = scenario.clustering { cluster(spec) }
    }

    /// Sets up the cluster manager over the scenario's items (clustered at the start).
    private func cluster(_ spec: Scenario.ClusteringSpec) {
        let algorithm: GMUClusterAlgorithm =
            switch spec.algorithm {
            case .distanceBased: GMUNonHierarchicalDistanceBasedAlgorithm()
            case .gridBased: GMUGridBasedClusterAlgorithm()
            case .simple: GMUSimpleClusterAlgorithm()
            case .hierarchical: HierarchicalClusterAlgorithm()
            }
        let renderer = GMUDefaultClusterRenderer(mapView: mapView, clusterIconGenerator: GMUDefaultClusterIconGenerator())
        renderer.animatesClusters = spec.animates
        renderer.reusesMarkers = spec.reusesMarkers
        renderer.minimumClusterSize = spec.minimumClusterSize
        renderer.maximumClusterZoom = spec.maximumClusterZoom
        let manager = GMUClusterManager(map: mapView, algorithm: algorithm, renderer: renderer)
        manager.add(spec.items.map { ReplayClusterItem($0) })
        clusterManager = manager
        clusterRenderer = renderer
        clusterTaps = ClusterTapLogger(answer: spec.didTapCluster) { [unowned self] selector, fields in
            self.log.record(selector, at: self.host.time, fields)
        }
        manager.cluster()
    }

    /// Runs every step and then until the map is idle (60 virtual seconds at most); returns
    /// the log, ending with the `end` line. The map starts laid out, its tiles drawn, and idle;
    /// only then does the delegate listen. Every frame awaits the tiles it asked tile layers
    /// for, so the log is the same on every run.
    public func run() async -> [String] {
        host.prepareTiles()
        await host.runUntilIdleAwaitingTiles()
        if let clusterManager {
            // The manager hears the map first and passes every callback on to the log.
            clusterManager.setDelegate(clusterTaps, mapDelegate: log.delegate)
        } else {
            mapView.delegate = log.delegate
        }
        for step in scenario.steps {
            await perform(step)
            // A long replay shares the main actor with whatever else the process runs.
            await Task.yield()
        }
        await host.runUntilIdleAwaitingTiles(limit: 60)
        return log.drain() + [endLine()]
    }

    /// The last frame, drawn at a scale.
    public func renderFrame(scale: CGFloat) -> Bitmap {
        host.renderFrame(scale: scale)
    }

    // MARK: Steps

    private func perform(_ step: Scenario.Step) async {
        switch step {
        case .tap(let target):
            guard let point = resolve(target) else { return }
            await touch(at: [point], down: Timing.tap)
        case .doubleTap(let point):
            await touch(at: [point], down: Timing.tap, settle: false)
            await advance(by: Timing.doubleTapGap)
            await touch(at: [point], down: Timing.tap)
        case .twoFingerTap(let point):
            await touch(at: [CGPoint(x: point.x - 10, y: point.y), CGPoint(x: point.x + 10, y: point.y)], down: Timing.tap)
        case .longPress(let target):
            guard let point = resolve(target) else { return }
            await touch(at: [point], down: Timing.longPress)
        case .pan(let from, let to, let duration, let fling):
            await move(fingers: [(from, to)], duration: duration, rest: fling ? 0 : Timing.rest)
        case .pinch(let center, let scale, let duration):
            let half = 50.0, spread = 50.0 * scale
            await move(
                fingers: [
                    (CGPoint(x: center.x - half, y: center.y), CGPoint(x: center.x - spread, y: center.y)),
                    (CGPoint(x: center.x + half, y: center.y), CGPoint(x: center.x + spread, y: center.y)),
                ], duration: duration, rest: Timing.rest)
        case .rotate(let center, let degrees, let duration):
            // Fingers 100 pt apart turn about the centre, clockwise on screen for positive degrees.
            let left = CGPoint(x: center.x - 50, y: center.y), right = CGPoint(x: center.x + 50, y: center.y)
            await move(fingers: [(left, left), (right, right)], duration: duration, rest: Timing.rest, turning: (center, degrees))
        case .tilt(let center, let degrees, let duration):
            let c = center ?? CGPoint(x: scenario.size.width / 2, y: scenario.size.height / 2)
            let rise = degrees / ScenarioRunner.tiltDegreesPerPoint
            await move(
                fingers: [
                    (CGPoint(x: c.x - 50, y: c.y), CGPoint(x: c.x - 50, y: c.y - rise)),
                    (CGPoint(x: c.x + 50, y: c.y), CGPoint(x: c.x + 50, y: c.y - rise)),
                ], duration: duration, rest: Timing.rest)
        case .drag(let id, let to, let duration):
            guard let marker = markers[id], let start = MapInspection(host).iconCenter(of: marker) else { return }
            await drag(from: start, to: to, duration: duration)
        case .touches(let touches):
            let start = host.time
            var ids: [Int: Int] = [:]
            for touch in touches {
                let id = ids[touch.id] ?? { nextTouchID += 1; ids[touch.id] = nextTouchID; return nextTouchID }()
                await host.sendAwaitingTiles(MapTouch(id: id, phase: touch.phase, location: touch.location, timestamp: start + touch.t))
            }
            await settleGesture()
        case .wait(let seconds):
            await advance(by: seconds)
        default:
            UIScreen.withScale(host.scale) { change(step) }
        }
    }

    /// Performs a step that changes the map in code, at this moment.
    private func change(_ step: Scenario.Step) {
        switch step {
        case .tap, .doubleTap, .twoFingerTap, .longPress, .pan, .pinch, .rotate, .tilt, .drag, .touches, .wait:
            break
        case .select(let id):
            mapView.selectedMarker = id.flatMap { markers[$0] }
        case .set(let id, let changes):
            guard let marker = markers[id] else { return }
            if let title = changes.title { marker.title = title }
            if let snippet = changes.snippet { marker.snippet = snippet }
            if let position = changes.position { marker.position = position }
            if let tracks = changes.tracksInfoWindowChanges { marker.tracksInfoWindowChanges = tracks }
            if changes.removeFromMap { marker.map = nil }
        case .addMarker(let spec):
            add(spec)
        case .addOverlay(let spec):
            add(spec)
        case .animate(let spec, let duration):
            let camera = merged(spec)
            if let duration {
                CATransaction.begin()
                CATransaction.setAnimationDuration(duration)
                mapView.animate(to: camera)
                CATransaction.commit()
            } else {
                mapView.animate(to: camera)
            }
        case .move(let spec):
            mapView.camera = merged(spec)
        case .update(let update):
            mapView.animate(with: update.update)
        case .clear:
            mapView.clear()
        case .settings(let settings):
            apply(settings)
        case .padding(let padding):
            mapView.padding = padding
        case .minMaxZoom(let low, let high):
            mapView.setMinZoom(low, maxZoom: high)
        case .mapStyle(let style):
            mapView.mapStyle = try? GMSMapStyle(jsonString: style)
        case .mapType(let type):
            mapView.mapType = type
        case .cluster:
            clusterManager?.cluster()
        }
    }

    private func resolve(_ target: Scenario.Target) -> CGPoint? {
        switch target {
        case .point(let point): return point
        case .marker(let id): return markers[id].flatMap { MapInspection(host).iconCenter(of: $0) }
        case .infoWindow(let id): return markers[id].flatMap { MapInspection(host).infoWindowCenter(of: $0) }
        case .control(let control): return MapInspection(host).center(of: control)
        }
    }

    /// Fingers down together at points, held still for `down` seconds, then lifted; then
    /// (with `settle`) time runs until the recognizers have decided.
    private func touch(at points: [CGPoint], down: TimeInterval, settle: Bool = true) async {
        let start = host.time
        let ids = points.map { _ in nextTouchID += 1; return nextTouchID }
        for (id, point) in zip(ids, points) {
            await host.sendAwaitingTiles(MapTouch(id: id, phase: .began, location: point, timestamp: start))
        }
        for (id, point) in zip(ids, points) {
            await host.sendAwaitingTiles(MapTouch(id: id, phase: .ended, location: point, timestamp: start + down))
        }
        if settle { await settleGesture() }
    }

    /// Degrees of viewing angle per point two fingers rise (the engine's tilt gesture rate).
    static let tiltDegreesPerPoint = 0.25

    /// Fingers moving at constant speed at 60 Hz from start to end points (or, with `turning`,
    /// turning about a centre by degrees clockwise), resting `rest` seconds before lifting.
    private func move(
        fingers paths: [(CGPoint, CGPoint)], duration: TimeInterval, rest: TimeInterval, turning: (CGPoint, Double)? = nil
    ) async {
        let t0 = host.time
        let ids = paths.map { _ in nextTouchID += 1; return nextTouchID }
        for (id, path) in zip(ids, paths) {
            await host.sendAwaitingTiles(MapTouch(id: id, phase: .began, location: path.0, timestamp: t0))
        }
        func position(_ path: (CGPoint, CGPoint), _ f: Double) -> CGPoint {
            if let (c, degrees) = turning {
                let a = degrees * f * .pi / 180
                let dx = path.0.x - c.x, dy = path.0.y - c.y
                return CGPoint(x: c.x + dx * cos(a) - dy * sin(a), y: c.y + dx * sin(a) + dy * cos(a))
            }
            return CGPoint(x: path.0.x + (path.1.x - path.0.x) * f, y: path.0.y + (path.1.y - path.0.y) * f)
        }
        let frames = max(1, Int(saturating: (duration * 60).rounded()))
        for frame in 1...frames {
            let f = Double(frame) / Double(frames)
            for (id, path) in zip(ids, paths) {
                await host.sendAwaitingTiles(MapTouch(id: id, phase: .moved, location: position(path, f), timestamp: t0 + duration * f))
            }
        }
        for (id, path) in zip(ids, paths) {
            await host.sendAwaitingTiles(MapTouch(id: id, phase: .ended, location: position(path, 1), timestamp: t0 + duration + rest))
        }
        await settleGesture()
    }

    private func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval) async {
        nextTouchID += 1
        let id = nextTouchID
        let t0 = host.time
        await host.sendAwaitingTiles(MapTouch(id: id, phase: .began, location: start, timestamp: t0))
        let moveStart = t0 + Timing.longPress
        let frames = max(1, Int(saturating: (duration * 60).rounded()))
        for frame in 1...frames {
            let f = Double(frame) / Double(frames)
            let point = CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
            await host.sendAwaitingTiles(MapTouch(id: id, phase: .moved, location: point, timestamp: moveStart + duration * f))
        }
        await host.sendAwaitingTiles(MapTouch(id: id, phase: .ended, location: end, timestamp: moveStart + duration + Timing.rest))
        await settleGesture()
    }

    private func settleGesture() async {
        let limit = host.time + 60
        while MapInspection(host).isRecognizingGesture && host.time < limit {
            await host.advanceAwaitingTiles(to: host.time + GMSMapViewHost.frameInterval)
        }
    }

    private func advance(by seconds: TimeInterval) async {
        await host.advanceAwaitingTiles(to: host.time + seconds)
    }

    // MARK: Set-up helpers

    private func merged(_ spec: Scenario.CameraSpec) -> GMSCameraPosition {
        let current = mapView.camera
        return GMSCameraPosition(
            latitude: spec.latitude ?? current.target.latitude, longitude: spec.longitude ?? current.target.longitude,
            zoom: spec.zoom.map(Float.init) ?? current.zoom, bearing: spec.bearing ?? current.bearing,
            viewingAngle: spec.viewingAngle ?? current.viewingAngle)
    }

    private func apply(_ settings: Scenario.SettingsSpec) {
        let s = mapView.settings
        for (key, value) in settings.values {
            switch key {
            case "scrollGestures": s.scrollGestures = value
            case "zoomGestures": s.zoomGestures = value
            case "tiltGestures": s.tiltGestures = value
            case "rotateGestures": s.rotateGestures = value
            case "compassButton": s.compassButton = value
            case "myLocationButton": s.myLocationButton = value
            case "allowScrollGesturesDuringRotateOrZoom": s.allowScrollGesturesDuringRotateOrZoom = value
            case "indoorPicker": s.indoorPicker = value
            default: break
            }
        }
    }

    private func add(_ spec: Scenario.MarkerSpec) {
        let marker = GMSMarker(position: spec.position)
        marker.title = spec.title
        marker.snippet = spec.snippet
        if let size = spec.iconSize { marker.icon = ScenarioRunner.icon(size: size) }
        if let anchor = spec.groundAnchor { marker.groundAnchor = anchor }
        if let anchor = spec.infoWindowAnchor { marker.infoWindowAnchor = anchor }
        if let z = spec.zIndex { marker.zIndex = z }
        if let tappable = spec.tappable { marker.isTappable = tappable }
        if let draggable = spec.draggable { marker.isDraggable = draggable }
        if let flat = spec.flat { marker.isFlat = flat }
        if let rotation = spec.rotation { marker.rotation = rotation }
        if let opacity = spec.opacity { marker.opacity = Float(min(max(opacity, 0), 1)) }
        if let tracks = spec.tracksInfoWindowChanges { marker.tracksInfoWindowChanges = tracks }
        marker.userData = spec.id
        markers[spec.id] = marker
        additions += 1
        addedAt[spec.id] = additions
        marker.map = mapView
    }

    private func add(_ spec: Scenario.OverlaySpec) {
        let overlay: GMSOverlay
        switch spec.kind {
        case .circle:
            let circle = GMSCircle(position: spec.position ?? CLLocationCoordinate2D(), radius: spec.radius ?? 0)
            if let color = spec.strokeColor { circle.strokeColor = UIColor(color) }
            if let color = spec.fillColor { circle.fillColor = UIColor(color) }
            if let width = spec.strokeWidth { circle.strokeWidth = width }
            overlay = circle
        case .polyline:
            let line = GMSPolyline(path: ScenarioRunner.path(spec.path))
            if let color = spec.strokeColor { line.strokeColor = UIColor(color) }
            if let width = spec.strokeWidth { line.strokeWidth = width }
            if let geodesic = spec.geodesic { line.geodesic = geodesic }
            overlay = line
        case .polygon:
            let polygon = GMSPolygon(path: ScenarioRunner.path(spec.path))
            polygon.holes = spec.holes.map(ScenarioRunner.path)
            if let color = spec.strokeColor { polygon.strokeColor = UIColor(color) }
            if let color = spec.fillColor { polygon.fillColor = UIColor(color) }
            if let width = spec.strokeWidth { polygon.strokeWidth = width }
            if let geodesic = spec.geodesic { polygon.geodesic = geodesic }
            overlay = polygon
        case .groundOverlay:
            let bounds = spec.bounds.map { GMSCoordinateBounds(coordinate: $0.0, coordinate: $0.1) }
            let ground = GMSGroundOverlay(bounds: bounds, icon: spec.iconSize.map(ScenarioRunner.checkerboard))
            if let bearing = spec.bearing { ground.bearing = bearing }
            if let opacity = spec.opacity { ground.opacity = Float(min(max(opacity, 0), 1)) }
            overlay = ground
        }
        if let tappable = spec.tappable { overlay.isTappable = tappable }
        if let z = spec.zIndex { overlay.zIndex = z }
        overlay.userData = spec.id
        overlay.map = mapView
    }

    private static func path(_ coordinates: [CLLocationCoordinate2D]) -> GMSPath {
        let path = GMSMutablePath()
        coordinates.forEach(path.add)
        return path
    }

    /// A scenario's ground overlay image: a two-colour checkerboard of a size.
    static func checkerboard(size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { context in
            let cell = max(size.width, size.height) / 8
            for row in 0..<max(0, Int(saturating: (size.height / cell).rounded(.up))) {
                for column in 0..<max(0, Int(saturating: (size.width / cell).rounded(.up))) {
                    ((row + column) % 2 == 0 ? UIColor(red: 0.98, green: 0.74, blue: 0.02, alpha: 1) : UIColor(red: 0.13, green: 0.47, blue: 0.71, alpha: 1)).setFill()
                    context.fill(CGRect(x: CGFloat(column) * cell, y: CGFloat(row) * cell, width: cell, height: cell))
                }
            }
        }
    }

    /// A scenario's plain icon: a blue disc with a white ring, of a size.
    static func icon(size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { _ in
            let rect = CGRect(origin: .zero, size: size).insetBy(dx: 1, dy: 1)
            UIColor.white.setFill()
            UIBezierPath(ovalIn: rect).fill()
            UIColor(red: 0.26, green: 0.52, blue: 0.96, alpha: 1).setFill()
            UIBezierPath(ovalIn: rect.insetBy(dx: min(3, rect.width / 4), dy: min(3, rect.height / 4))).fill()
        }
    }

    private func id(of marker: GMSMarker) -> String {
        if let cluster = marker.userData as? GMUCluster { return ClusterTapLogger.name(of: cluster) }
        if let item = marker.userData as? ReplayClusterItem { return item.id }
        return (marker.userData as? String) ?? "?"
    }

    private func endLine() -> String {
        var line = JSONLine()
        line.add("event", string: "end")
        line.add("t", number: host.time, decimals: 3)
        let selected = mapView.selectedMarker
        line.add("selectedMarker", string: selected.map(id))
        line.add("infoWindow", string: selected.flatMap { MapInspection(host).isInfoWindowOpen(for: $0) ? id(of: $0) : nil })
        line.add("camera", ReplayLog.camera(mapView.camera))
        let order = addedAt.sorted { $0.value < $1.value }.map(\.key)
        let entries = order.compactMap { key -> String? in
            guard let marker = markers[key], marker.map === mapView else { return nil }
            return JSONLine.quote(key) + ":{\"position\":" + ReplayLog.coordinate(marker.position) + "}"
        }
        line.add("markers", "{" + entries.joined(separator: ",") + "}")
        if let shown = clusterRenderer?.markers.filter({ $0.map === mapView }) {
            // What the cluster renderer shows at the end (an OpenMaps addition).
            var counts = JSONLine()
            counts.add("clusters", number: Double(shown.filter { $0.userData is GMUCluster }.count), decimals: 0)
            counts.add("items", number: Double(shown.filter { !($0.userData is GMUCluster) }.count), decimals: 0)
            line.add("clustering", counts.text)
        }
        return line.text
    }
}
