import Foundation
import Geocoding
import Logging

/// An address: a reverse-geocoding result.
public final class GMSAddress: NSObject, NSCopying, Sendable {
    /// Where the address is.
    public let coordinate: CLLocationCoordinate2D
    /// Street and house number, or the street's name.
    public let thoroughfare: String?
    /// The city, town or municipality (docs/behaviour.md rule 27).
    public let locality: String?
    /// The district or neighbourhood.
    public let subLocality: String?
    /// The state, province or region.
    public let administrativeArea: String?
    public let postalCode: String?
    public let country: String?
    /// The address as lines in the country's usual order: at least two.
    public let lines: [String]?

    init(_ result: ReverseGeocodeResult) {
        coordinate = result.coordinate
        thoroughfare = result.thoroughfare
        locality = result.locality
        subLocality = result.subLocality
        administrativeArea = result.administrativeArea
        postalCode = result.postalCode
        country = result.country
        lines = result.lines
        super.init()
    }

    /// The address itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// An address with nothing known (the SDK's, for tests): coordinate (0, 0), every part nil.
    public override init() {
        coordinate = CLLocationCoordinate2D()
        (thoroughfare, locality, subLocality, administrativeArea, postalCode, country, lines) = (nil, nil, nil, nil, nil, nil, nil)
        super.init()
    }

    /// The first line.
    @available(*, deprecated, message: "Use lines instead.")
    public func addressLine1() -> String? { lines?.first }
    /// The second line.
    @available(*, deprecated, message: "Use lines instead.")
    public func addressLine2() -> String? { (lines?.count ?? 0) > 1 ? lines?[1] : nil }

    public override var description: String { (lines ?? []).joined(separator: ", ") }
}

/// The SDK's other name for an address result.
public typealias GMSReverseGeocodeResult = GMSAddress

/// The answer to a reverse geocode: addresses, most specific and nearest first.
public final class GMSReverseGeocodeResponse: NSObject, NSCopying, Sendable {
    private let all: [GMSAddress]

    /// A response with no results (the SDK's, for tests).
    public override convenience init() {
        self.init([])
    }

    init(_ results: [GMSAddress]) {
        all = results
        super.init()
    }

    /// The response itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The first (most specific) result, or nil when there is none (open ocean).
    public func firstResult() -> GMSAddress? { all.first }
    /// Every result, or nil when there is none.
    public func results() -> [GMSAddress]? { all.isEmpty ? nil : all }
}

/// The domain of geocoder errors.
public let kGMSGeocoderErrorDomain = "OpenMaps.GMSGeocoder"

/// Geocoder error codes (docs/behaviour.md rule 26).
public enum GMSGeocoderErrorCode: Int, Sendable {
    /// The coordinate is not valid (NaN, latitude beyond ±90, longitude beyond ±180).
    case invalidCoordinate = 1
    /// The geocoder failed inside (its data could not be read).
    case `internal` = 2
}

/// The completion handler of a reverse geocode, called on the main actor.
public typealias GMSReverseGeocodeCallback = @MainActor (GMSReverseGeocodeResponse?, Error?) -> Void

/// Reverse geocoding with no network, over the offline pack (GeoNames places, Natural Earth
/// countries and states, OpenStreetMap streets and addresses where the extracts reach).
public final class GMSGeocoder: NSObject, Sendable {
    private static let logger = Logger(label: "OpenMaps.Geocoder")

    public override init() {
        super.init()
    }

    /// A geocoder (the SDK's factory).
    public class func geocoder() -> GMSGeocoder { GMSGeocoder() }

    /// Finds the addresses at a coordinate and calls back asynchronously on the main actor:
    /// a response (empty in open ocean) or an error in `kGMSGeocoderErrorDomain`.
    public func reverseGeocodeCoordinate(
        _ coordinate: CLLocationCoordinate2D, completionHandler: @escaping GMSReverseGeocodeCallback
    ) {
        Task {
            let outcome: Result<GMSReverseGeocodeResponse, Error>
            do {
                outcome = .success(try await reverseGeocodeCoordinate(coordinate))
            } catch {
                outcome = .failure(error)
            }
            await MainActor.run {
                switch outcome {
                case .success(let response): completionHandler(response, nil)
                case .failure(let error): completionHandler(nil, error)
                }
            }
        }
    }

    /// Finds the addresses at a coordinate.
    public func reverseGeocodeCoordinate(_ coordinate: CLLocationCoordinate2D) async throws -> GMSReverseGeocodeResponse {
        guard CLLocationCoordinate2DIsValid(coordinate) else {
            throw GMSGeocoder.error(.invalidCoordinate, "invalid coordinate \(coordinate.latitude), \(coordinate.longitude)")
        }
        let geocoder: ReverseGeocoder
        do {
            geocoder = try await SharedGeocoder.shared.geocoder()
        } catch {
            GMSGeocoder.logger.error("geocoder data unavailable: \(error)")
            throw GMSGeocoder.error(.internal, "geocoder data unavailable: \(error)")
        }
        do {
            return GMSReverseGeocodeResponse(try geocoder.reverseGeocode(coordinate).map(GMSAddress.init))
        } catch {
            throw GMSGeocoder.error(.invalidCoordinate, "invalid coordinate")
        }
    }

    static func error(_ code: GMSGeocoderErrorCode, _ message: String) -> NSError {
        NSError(domain: kGMSGeocoderErrorDomain, code: code.rawValue, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
