import Foundation
import Logging

/// SDK-wide services. OpenMaps works offline: it needs no API key, reports nothing and sends
/// no usage attribution; every call is accepted so ported apps start unchanged.
public final class GMSServices: NSObject, Sendable {
    private static let logger = Logger(label: "OpenMaps.Map")
    private static let instance = GMSServices()

    private override init() {
        super.init()
    }

    /// The shared services object (made on first use; the SDK's throws without a key, this
    /// one never does).
    public class func sharedServices() -> NSObjectProtocol { instance }

    /// Accepts any key (none is needed) and returns true.
    @discardableResult
    public class func provideAPIKey(_ APIKey: String) -> Bool { true }

    /// Accepts any options (there are none to set) and returns true.
    @discardableResult
    public class func provideAPIOptions(_ APIOptions: [String]) -> Bool { true }

    /// Accepted and ignored: OpenMaps reports nothing.
    public class func setAbnormalTerminationReportingEnabled(_ enabled: Bool) {}

    /// Accepted and ignored: OpenMaps sends no usage attribution.
    public class func addInternalUsageAttributionID(_ internalUsageAttributionID: String) {}

    /// Accepted and ignored: OpenMaps draws with Cairo on the CPU.
    @available(*, deprecated, message: "The Metal renderer is the only renderer in the SDK.")
    public class func setMetalRendererEnabled(_ enabled: Bool) {}

    /// The version of the Maps SDK for iOS whose API OpenMaps implements ("10.0.0"), so
    /// version checks in ported apps take the current path.
    public class func sdkVersion() -> String { "10.0.0" }

    /// ``sdkVersion()`` with OpenMaps' own version.
    public class func sdkLongVersion() -> String { "10.0.0 (OpenMaps 0.4.0)" }

    /// The licences of the open data and software OpenMaps ships with.
    public class func openSourceLicenseInfo() -> String {
        """
        OpenMaps draws maps from open data and software.

        Basemap data: Natural Earth (public domain) and © OpenStreetMap contributors, under the \
        Open Database License (ODbL) 1.0 (https://www.openstreetmap.org/copyright); the basemap's \
        tiles are a derivative database under the ODbL.
        Geocoding data: place names from GeoNames (CC-BY 4.0, https://www.geonames.org); country \
        and state polygons from Natural Earth (public domain); streets and addresses © \
        OpenStreetMap contributors (ODbL 1.0).

        Software: Cairo (LGPL 2.1 / MPL 1.1), Pango and HarfBuzz (LGPL 2+ / MIT), libpng, \
        libjpeg-turbo and zlib (their permissive licences), SQLite (public domain); SwiftNIO, \
        Hummingbird, swift-log and swift-argument-parser (Apache 2.0).
        Fonts: Roboto (Apache 2.0); Noto, Noto CJK and Noto Color Emoji (SIL Open Font License \
        1.1); DejaVu (free licence).
        """
    }
}
