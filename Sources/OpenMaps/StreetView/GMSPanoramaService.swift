import Foundation
import Logging
import MapGeometry

/// The completion handler of a panorama request: a panorama and no error, or no panorama
/// and an error. Called once, asynchronously, on the main actor (as ``GMSReverseGeocodeCallback``
/// is; the SDK's handler carries no isolation, and in practice arrives on the main queue).
public typealias GMSPanoramaCallback = @MainActor (GMSPanorama?, Error?) -> Void

/// What OpenMaps reports where the SDK finds no panorama: it has no Street View imagery, so
/// that is every request.
enum PanoramaCoverage {
    /// The error domain the SDK was observed to use when it finds no panorama (it has no
    /// public constant for it, so neither has OpenMaps).
    static let errorDomain = "com.google.maps.GMSPanoramaService"
    /// The error code the SDK was observed to use when it finds no panorama.
    static let noPanoramaCode = 0

    /// The error for "no panorama here": domain `com.google.maps.GMSPanoramaService`, code 0,
    /// as the SDK was observed to give where it has no coverage (observed behaviour, not a
    /// documented contract).
    static func noPanoramaError() -> NSError {
        NSError(
            domain: errorDomain, code: noPanoramaCode,
            userInfo: [NSLocalizedFailureReasonErrorKey: "No panorama found: OpenMaps has no Street View imagery."])
    }
}

/// Looks up Street View panoramas by location or ID.
///
/// A plain `NSObject` with no actor isolation, as in the SDK. OpenMaps has no Street View
/// imagery: it finds the panoramas an app registered in ``PanoramaCatalog`` (an OpenMaps
/// addition; any `source` finds them), and elsewhere behaves as the SDK does where it has no
/// coverage. Every request calls back once, asynchronously on the main actor, with a
/// panorama and no error, or with no panorama and an `NSError` in the domain
/// `"com.google.maps.GMSPanoramaService"` with code 0 (the values the SDK was observed to
/// give; it documents neither).
public final class GMSPanoramaService: NSObject, Sendable {
    private static let logger = Logger(label: "OpenMaps.StreetView")

    /// The search radius in metres of the requests that take none. The SDK documents no
    /// default; 50 m is OpenMaps' choice (the Street View Static API's snapping distance).
    static let defaultRadius: UInt = 50

    /// A panorama service.
    public override init() {
        super.init()
    }

    /// Asks for the panorama nearest a coordinate (within 50 m). Here: a registered panorama
    /// or none (see the class).
    public func requestPanoramaNearCoordinate(_ coordinate: CLLocationCoordinate2D, callback: @escaping GMSPanoramaCallback) {
        requestPanoramaNearCoordinate(coordinate, radius: GMSPanoramaService.defaultRadius, source: .default, callback: callback)
    }

    /// Asks for the panorama nearest a coordinate within `radius` metres. Here: a registered
    /// panorama or none (see the class).
    public func requestPanoramaNearCoordinate(
        _ coordinate: CLLocationCoordinate2D, radius: UInt, callback: @escaping GMSPanoramaCallback
    ) {
        requestPanoramaNearCoordinate(coordinate, radius: radius, source: .default, callback: callback)
    }

    /// Asks for the panorama from `source` nearest a coordinate (within 50 m). Here: a
    /// registered panorama or none (see the class).
    public func requestPanoramaNearCoordinate(
        _ coordinate: CLLocationCoordinate2D, source: GMSPanoramaSource, callback: @escaping GMSPanoramaCallback
    ) {
        requestPanoramaNearCoordinate(coordinate, radius: GMSPanoramaService.defaultRadius, source: source, callback: callback)
    }

    /// Asks for the panorama from `source` nearest a coordinate within `radius` metres.
    /// Here: a registered panorama or none (see the class).
    public func requestPanoramaNearCoordinate(
        _ coordinate: CLLocationCoordinate2D, radius: UInt, source: GMSPanoramaSource,
        callback: @escaping GMSPanoramaCallback
    ) {
        if !CLLocationCoordinate2DIsValid(coordinate) {
            GMSPanoramaService.logger.warning(
                "requestPanoramaNearCoordinate with invalid coordinate \(coordinate.latitude), \(coordinate.longitude)")
        }
        GMSPanoramaService.report(PanoramaCatalog.shared.nearest(to: coordinate, radius: Double(radius)), callback)
    }

    /// Asks for the panorama with an ID (only IDs the SDK gave are supported). Here: a
    /// registered panorama or none (see the class).
    public func requestPanorama(withID panoramaID: String, callback: @escaping GMSPanoramaCallback) {
        if panoramaID.isEmpty {
            GMSPanoramaService.logger.warning("requestPanorama(withID:) with an empty ID")
        }
        GMSPanoramaService.report(PanoramaCatalog.shared.entry(panoramaID), callback)
    }

    /// Calls back once, later, on the main actor: with the panorama found, or with the
    /// no-coverage error.
    private static func report(_ found: PanoramaCatalog.Entry?, _ callback: @escaping GMSPanoramaCallback) {
        let carried = found.map { FoundPanorama(entry: $0) }
        Task { @MainActor in
            if let carried {
                callback(carried.entry.panorama(), nil)
            } else {
                callback(nil, PanoramaCoverage.noPanoramaError())
            }
        }
    }
}

/// A catalog entry carried to the main actor: its image is never changed once registered.
private struct FoundPanorama: @unchecked Sendable {
    let entry: PanoramaCatalog.Entry
}
