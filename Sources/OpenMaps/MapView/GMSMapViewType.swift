import Foundation
import Logging

/// The kind of map drawn.
public enum GMSMapViewType: Int, Sendable {
    case normal = 1
    case satellite
    case terrain
    case hybrid
    case none
}

/// A map style in Google's styling JSON (an array of `featureType`/`elementType`/`stylers`
/// rules). Parsed and checked when made; applied to the basemap.
public final class GMSMapStyle: Sendable {
    /// Why a style could not be made.
    public struct StyleError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The JSON text.
    public let jsonString: String

    /// A style from JSON text; throws a `StyleError` naming the problem for anything but an
    /// array of rule objects.
    public init(jsonString style: String) throws {
        guard let data = style.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data)
        else { throw StyleError(description: "map style is not valid JSON") }
        guard let rules = object as? [Any] else { throw StyleError(description: "map style must be a JSON array of rules") }
        for (index, rule) in rules.enumerated() {
            guard let fields = rule as? [String: Any] else {
                throw StyleError(description: "map style rule \(index) is not an object")
            }
            guard fields["stylers"] is [Any] else {
                throw StyleError(description: "map style rule \(index) has no \"stylers\" array")
            }
        }
        jsonString = style
    }

    /// A style from a JSON file.
    public convenience init(contentsOfFileURL fileURL: URL) throws {
        guard let data = try? Data(contentsOf: fileURL) else {
            throw StyleError(description: "map style file \(fileURL.path) cannot be read")
        }
        try self.init(jsonString: String(decoding: data, as: UTF8.self))
    }
}
