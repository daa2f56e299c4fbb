import Basemap
import Foundation
import Logging
import MapGeometry

/// The kind of map drawn.
public enum GMSMapViewType: UInt, Sendable {
    case normal = 1
    case satellite
    case terrain
    case hybrid
    case none
}

/// A map style in Google's styling JSON (an array of `featureType`/`elementType`/`stylers`
/// rules), mapped onto the basemap's layers. Checked when made.
public final class GMSMapStyle: NSObject, Sendable {
    /// Why a style could not be made; the description names the bad entry.
    public typealias StyleError = MapStyleError

    /// The JSON text.
    public let jsonString: String
    let rules: MapStyleRules

    /// A style from JSON text; throws a `StyleError` naming the problem.
    public init(jsonString style: String) throws {
        rules = try MapStyleRules(json: style)
        jsonString = style
        super.init()
    }

    /// A style from a JSON file: a regular file of at most 4 MB (a FIFO would block the
    /// caller for ever).
    public convenience init(contentsOfFileURL fileURL: URL) throws {
        let data: Data
        switch RegularFile.read(atPath: fileURL.path, limit: MapStyleRules.maximumBytes) {
        case .success(let read): data = read
        case .failure(.notRegular): throw StyleError(description: "map style file \(fileURL.path) is not a regular file")
        case .failure(.tooLarge): throw StyleError(description: "map style is longer than \(MapStyleRules.maximumBytes) bytes")
        case .failure(.unreadable): throw StyleError(description: "map style file \(fileURL.path) cannot be read")
        }
        try self.init(jsonString: String(decoding: data, as: UTF8.self))
    }
}
