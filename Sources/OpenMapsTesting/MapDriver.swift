import Foundation
import MapDrawing
import OpenMaps
import MapGeometry

/// Drives a map view as a person would, on the map's virtual clock: taps, long presses,
/// pans, pinches and marker drags, with touches at 60 events a second. The same test of a
/// map screen gives the same callbacks and frames on every machine and CI.
///
/// ```swift
/// let driver = MapDriver(mapView: mapView, size: CGSize(width: 390, height: 844))
/// let recorder = DelegateRecorder(forwardingTo: myDelegate)
/// mapView.delegate = recorder
/// driver.tap(marker)
/// #expect(recorder.events.starts(with: ["didTap:Sydney", "markerInfoWindow:Sydney"]))
/// #expect(driver.matchesGolden(named: "sydney-selected").passed)
/// ```
@MainActor
public final class MapDriver {
    /// The host the touches go through.
    public let host: GMSMapViewHost
    /// The driven map.
    public var mapView: GMSMapView { host.mapView }
    private var nextFinger = 1

    /// Drives a map, resizing it when a size is given.
    public init(mapView: GMSMapView, size: CGSize? = nil) {
        host = GMSMapViewHost(mapView: mapView, size: size)
    }

    /// Drives the map of a host.
    public init(host: GMSMapViewHost) {
        self.host = host
    }

    private func finger() -> Int {
        defer { nextFinger += 1 }
        return nextFinger
    }

    // MARK: Taps and presses

    /// One finger down for 0.05 s and up; then, when `settle`, time for the double-tap window
    /// to pass, so the tap is reported.
    public func tap(at point: CGPoint, settle: Bool = true) {
        let id = finger()
        host.send(MapTouch(id: id, phase: .began, location: point, timestamp: host.time))
        host.send(MapTouch(id: id, phase: .ended, location: point, timestamp: host.time + 0.05))
        if settle { host.advance(by: GestureThresholds.multiTapInterval + 0.05) }
    }

    /// Taps the centre of a marker's icon; false when the marker is not on the map.
    @discardableResult
    public func tap(_ marker: GMSMarker) -> Bool {
        guard let point = host.iconCenter(of: marker) else { return false }
        tap(at: point)
        return true
    }

    /// Taps the open info window of a marker; false when it has none open.
    @discardableResult
    public func tapInfoWindow(of marker: GMSMarker) -> Bool {
        guard let point = host.infoWindowCenter(of: marker) else { return false }
        tap(at: point)
        return true
    }

    /// Taps an on-map control where it is (or would be); false for the My Location dot
    /// without a location.
    @discardableResult
    public func tap(_ control: MapControl) -> Bool {
        guard let point = host.center(of: control) else { return false }
        tap(at: point)
        return true
    }

    /// Two taps 0.1 s apart at one point.
    public func doubleTap(at point: CGPoint) {
        tap(at: point, settle: false)
        host.advance(by: 0.1)
        tap(at: point)
    }

    /// One finger held still for `duration` seconds, then lifted.
    public func longPress(at point: CGPoint, duration: TimeInterval = 0.7) {
        let id = finger()
        host.send(MapTouch(id: id, phase: .began, location: point, timestamp: host.time))
        host.send(MapTouch(id: id, phase: .ended, location: point, timestamp: host.time + max(0, duration)))
    }

    // MARK: Moving fingers

    /// One finger moving at constant speed from one point to another; it rests 0.1 s before
    /// lifting (no fling) unless `fling`.
    public func pan(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.3, fling: Bool = false) {
        let id = finger()
        let t0 = host.time
        host.send(MapTouch(id: id, phase: .began, location: start, timestamp: t0))
        for (f, time) in steps(duration, from: t0) {
            host.send(MapTouch(id: id, phase: .moved, location: mix((start, end), f), timestamp: time))
        }
        host.send(MapTouch(id: id, phase: .ended, location: end, timestamp: t0 + max(0, duration) + (fling ? 0 : 0.1)))
    }

    /// Two fingers moving from their start points to their end points, resting 0.1 s before
    /// lifting: a pinch, a rotation or a tilt, as the movement makes it.
    public func twoFingers(_ a: (CGPoint, CGPoint), _ b: (CGPoint, CGPoint), duration: TimeInterval = 0.3) {
        let ids = (finger(), finger())
        let t0 = host.time
        host.send(MapTouch(id: ids.0, phase: .began, location: a.0, timestamp: t0))
        host.send(MapTouch(id: ids.1, phase: .began, location: b.0, timestamp: t0))
        for (f, time) in steps(duration, from: t0) {
            host.send(MapTouch(id: ids.0, phase: .moved, location: mix(a, f), timestamp: time))
            host.send(MapTouch(id: ids.1, phase: .moved, location: mix(b, f), timestamp: time))
        }
        host.send(MapTouch(id: ids.0, phase: .ended, location: a.1, timestamp: t0 + max(0, duration) + 0.1))
        host.send(MapTouch(id: ids.1, phase: .ended, location: b.1, timestamp: t0 + max(0, duration) + 0.1))
    }

    /// Two fingers 100 points apart about a centre spreading (scale > 1: zoom in by log2 of
    /// it) or closing (scale < 1).
    public func pinch(about centre: CGPoint, scale: CGFloat, duration: TimeInterval = 0.3) {
        let end = 50 * (scale.isFinite && scale > 0 ? scale : 1)
        twoFingers(
            (CGPoint(x: centre.x - 50, y: centre.y), CGPoint(x: centre.x - end, y: centre.y)),
            (CGPoint(x: centre.x + 50, y: centre.y), CGPoint(x: centre.x + end, y: centre.y)), duration: duration)
    }

    /// Long-presses a draggable marker and drags it to a view point.
    public func drag(_ marker: GMSMarker, to point: CGPoint, duration: TimeInterval = 0.3) {
        guard let start = host.iconCenter(of: marker) else { return }
        let id = finger()
        host.send(MapTouch(id: id, phase: .began, location: start, timestamp: host.time))
        host.advance(by: 0.6)
        let t0 = host.time
        for (f, time) in steps(duration, from: t0) {
            host.send(MapTouch(id: id, phase: .moved, location: mix((start, point), f), timestamp: time))
        }
        host.send(MapTouch(id: id, phase: .ended, location: point, timestamp: t0 + max(0, duration)))
    }

    /// One step per sixtieth of a second over `duration` (at least one).
    private func steps(_ duration: TimeInterval, from t0: TimeInterval) -> [(fraction: Double, time: TimeInterval)] {
        let span = duration.isFinite ? duration.clamped(to: 0...3_600) : 0
        let frames = max(1, Int(saturating: (span * 60).rounded()).clamped(to: 1...216_000))
        return (1...frames).map { frame in
            let fraction = Double(frame) / Double(frames)
            return (fraction, t0 + span * fraction)
        }
    }

    private func mix(_ p: (CGPoint, CGPoint), _ f: Double) -> CGPoint {
        CGPoint(x: p.0.x + (p.1.x - p.0.x) * f, y: p.0.y + (p.1.y - p.0.y) * f)
    }

    // MARK: Time and frames

    /// Runs the map's clock on by `seconds`.
    public func advance(by seconds: TimeInterval) {
        host.advance(by: seconds)
    }

    /// Runs the clock until nothing moves or waits (at most `limit` seconds); returns whether
    /// the map became idle.
    @discardableResult
    public func settle(limit: TimeInterval = 60) -> Bool {
        host.runUntilIdle(limit: limit)
    }

    /// The map as drawn now.
    public func frame(scale: CGFloat = 2) -> Bitmap {
        host.renderFrame(scale: scale)
    }

    /// Compares the map as drawn now with the golden image `name` in `__Goldens__` beside the
    /// test file (see ``GoldenImage``).
    public func matchesGolden(named name: String, scale: CGFloat = 2, testFile: String = #filePath) -> GoldenImage.Result {
        GoldenImage.check(frame(scale: scale), named: name, testFile: testFile)
    }
}
