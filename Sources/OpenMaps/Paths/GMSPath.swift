import Foundation
import MapGeometry

/// An immutable ordered list of coordinates, for polylines, polygons and geometry.
open class GMSPath: NSObject, NSCopying, NSMutableCopying {
    var coordinates: [CLLocationCoordinate2D]

    /// An empty path.
    public required override init() {
        coordinates = []
        super.init()
    }

    /// A copy of another path.
    public init(path: GMSPath) {
        coordinates = path.coordinates
        super.init()
    }

    init(coordinates: [CLLocationCoordinate2D]) {
        self.coordinates = coordinates
        super.init()
    }

    /// A path from Google's encoded polyline format; nil when the text is malformed.
    public init?(fromEncodedPath encodedPath: String) {
        guard let decoded = EncodedPolyline.decode(encodedPath) else { return nil }
        coordinates = decoded
        super.init()
    }

    /// A path from Google's encoded polyline format; nil when the text is malformed.
    public class func path(fromEncodedPath encodedPath: String) -> GMSPath? {
        GMSPath(fromEncodedPath: encodedPath)
    }

    /// The number of coordinates.
    public func count() -> UInt { UInt(coordinates.count) }

    /// The coordinate at an index, or kCLLocationCoordinate2DInvalid outside the path.
    public func coordinate(at index: UInt) -> CLLocationCoordinate2D {
        index < coordinates.count ? coordinates[Int(index)] : kCLLocationCoordinate2DInvalid
    }

    /// The path in Google's encoded polyline format.
    public func encodedPath() -> String { EncodedPolyline.encode(coordinates) }

    /// A new path with every coordinate moved by the given degrees.
    /// A mutable path gives a mutable path.
    public func pathOffset(byLatitude deltaLatitude: CLLocationDegrees, longitude deltaLongitude: CLLocationDegrees) -> Self {
        let moved = Self.init()
        moved.coordinates = coordinates.map {
            CLLocationCoordinate2D(latitude: $0.latitude + deltaLatitude, longitude: $0.longitude + deltaLongitude)
        }
        return moved
    }

    /// An immutable copy (`copy()` returns it, as `Any`): the path itself when it is
    /// immutable, as Foundation's immutable objects do.
    open func copy(with zone: NSZone? = nil) -> Any { type(of: self) == GMSPath.self ? self : GMSPath(path: self) }

    /// An independent ``GMSMutablePath`` copy (`mutableCopy()` returns it, as `Any`).
    open func mutableCopy(with zone: NSZone? = nil) -> Any { GMSMutablePath(path: self) }
}

/// A path whose coordinates can be added, replaced and removed; bad indices are ignored.
open class GMSMutablePath: GMSPath {
    public func add(_ coordinate: CLLocationCoordinate2D) { coordinates.append(coordinate) }

    public func addLatitude(_ latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        add(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
    }

    public func insert(_ coordinate: CLLocationCoordinate2D, at index: UInt) {
        guard index <= coordinates.count else { return }
        coordinates.insert(coordinate, at: Int(index))
    }

    public func replaceCoordinate(at index: UInt, with coordinate: CLLocationCoordinate2D) {
        guard index < coordinates.count else { return }
        coordinates[Int(index)] = coordinate
    }

    public func removeCoordinate(at index: UInt) {
        guard index < coordinates.count else { return }
        coordinates.remove(at: Int(index))
    }

    public func removeLastCoordinate() { _ = coordinates.popLast() }

    public func removeAllCoordinates() { coordinates.removeAll() }
}
