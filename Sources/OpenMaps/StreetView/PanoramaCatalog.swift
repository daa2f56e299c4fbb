import Foundation
import Logging
import MapDrawing
import MapGeometry
import MapUIKit

/// Panoramas an app brings: equirectangular images registered at coordinates, with their
/// heading and links to each other. ``GMSPanoramaService`` and ``GMSPanoramaView`` find them as
/// the SDK finds Street View imagery, and the view draws them.
///
/// An OpenMaps addition: the SDK has no such type, and OpenMaps has no Street View imagery of
/// its own. Without registered panoramas both answer as the SDK does where it has no coverage.
///
/// ```swift
/// let link = GMSPanoramaLink()
/// link.heading = 90
/// link.panoramaID = "square-east"
/// try PanoramaCatalog.shared.register(
///     panoramaID: "square", image: squareImage,
///     coordinate: CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9525), heading: 0, links: [link])
/// panoramaView.moveNearCoordinate(CLLocationCoordinate2D(latitude: 60.1699, longitude: 24.9525))
/// ```
///
/// Safe to use from any thread.
public final class PanoramaCatalog: @unchecked Sendable {
    /// The catalog the service and every panorama view use.
    public static let shared = PanoramaCatalog()

    /// The most panoramas a catalog holds.
    public static let maximumCount = 10_000

    @available(*, deprecated, renamed: "PanoramaRegistrationError")
    public typealias RegistrationError = PanoramaRegistrationError

    /// One registered panorama.
    struct Entry {
        let panoramaID: String
        let coordinate: CLLocationCoordinate2D
        /// Compass heading at the image's horizontal centre, degrees in 0..<360.
        let heading: Double
        let links: [(heading: Double, panoramaID: String)]
        let image: Bitmap

        /// The SDK's panorama object for this entry (new each time, as the SDK makes them).
        func panorama() -> GMSPanorama {
            GMSPanorama(
                coordinate: coordinate, panoramaID: panoramaID,
                links: links.map { link in
                    let made = GMSPanoramaLink()
                    made.heading = CGFloat(link.heading)
                    made.panoramaID = link.panoramaID
                    return made
                })
        }
    }

    private static let logger = Logger(label: "OpenMaps.StreetView")
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    /// A catalog of its own (tests); apps use ``shared``.
    public init() {}

    /// Registers a panorama, replacing one with the same ID.
    ///
    /// - Parameters:
    ///   - panoramaID: the panorama's ID, as ``GMSPanorama/panoramaID`` and links give it.
    ///   - image: an equirectangular image: 360° of heading across, from straight up (top
    ///     row) to straight down; 2:1 is the usual shape (another is drawn stretched, logged).
    ///   - coordinate: where it was taken.
    ///   - heading: the compass heading at the image's horizontal centre, in degrees.
    ///   - links: the neighbouring panoramas' IDs and headings; copied.
    public func register(
        panoramaID: String, image: UIImage, coordinate: CLLocationCoordinate2D, heading: CLLocationDirection = 0,
        links: [GMSPanoramaLink] = []
    ) throws(PanoramaRegistrationError) {
        guard !panoramaID.isEmpty else { throw .emptyID }
        guard CLLocationCoordinate2DIsValid(coordinate) else { throw .invalidCoordinate }
        let bitmap = image.bitmap
        guard !bitmap.isEmpty else { throw .emptyImage }
        if bitmap.width != bitmap.height * 2 {
            PanoramaCatalog.logger.warning(
                "panorama \(panoramaID): image is \(bitmap.width) x \(bitmap.height), not 2:1; drawn stretched to 360 by 180 degrees")
        }
        let entry = Entry(
            panoramaID: panoramaID, coordinate: coordinate, heading: PanoramaCatalog.wrap(heading.isFinite ? heading : 0),
            links: links.compactMap { link in
                let heading = Double(link.heading)
                guard heading.isFinite, !link.panoramaID.isEmpty else { return nil }
                return (PanoramaCatalog.wrap(heading), link.panoramaID)
            },
            image: bitmap)
        lock.lock()
        defer { lock.unlock() }
        guard entries[panoramaID] != nil || entries.count < PanoramaCatalog.maximumCount else { throw .full }
        entries[panoramaID] = entry
    }

    /// Removes a panorama; nothing happens for an ID not registered.
    public func remove(panoramaID: String) {
        lock.withLock { _ = entries.removeValue(forKey: panoramaID) }
    }

    /// Removes every panorama.
    public func removeAll() {
        lock.withLock { entries.removeAll() }
    }

    /// The IDs of the registered panoramas, sorted.
    public var panoramaIDs: [String] {
        lock.withLock { entries.keys.sorted() }
    }

    /// The panorama with an ID.
    func entry(_ panoramaID: String) -> Entry? {
        lock.withLock { entries[panoramaID] }
    }

    /// The panorama nearest a coordinate within `radius` metres (the first by ID among equals).
    func nearest(to coordinate: CLLocationCoordinate2D, radius: Double) -> Entry? {
        guard CLLocationCoordinate2DIsValid(coordinate), radius.isFinite, radius >= 0 else { return nil }
        let all = lock.withLock { Array(entries.values) }
        var best: (distance: Double, entry: Entry)?
        for entry in all {
            let distance = Geodesy.distance(from: coordinate, to: entry.coordinate)
            guard distance <= radius else { continue }
            if let current = best, current.distance < distance || (current.distance == distance && current.entry.panoramaID < entry.panoramaID) {
                continue
            }
            best = (distance, entry)
        }
        return best?.entry
    }

    /// A heading wrapped into 0..<360.
    static func wrap(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}

/// Why a panorama was not registered.
public enum PanoramaRegistrationError: Error, Equatable, CustomStringConvertible {
    /// The ID is empty.
    case emptyID
    /// The coordinate is not a valid one.
    case invalidCoordinate
    /// The image has no pixels.
    case emptyImage
    /// The catalog holds ``PanoramaCatalog/maximumCount`` panoramas already.
    case full

    public var description: String {
        switch self {
        case .emptyID: "a panorama needs a non-empty ID"
        case .invalidCoordinate: "a panorama needs a valid coordinate"
        case .emptyImage: "a panorama needs an image with pixels"
        case .full: "the catalog holds \(PanoramaCatalog.maximumCount) panoramas already"
        }
    }
}
