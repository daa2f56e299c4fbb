import Foundation

/// SDK-wide services. OpenMaps works offline and needs no key.
public final class GMSServices: Sendable {
    private init() {}

    /// Accepts any key (none is needed) and returns true, so ported apps start unchanged.
    @discardableResult
    public class func provideAPIKey(_ APIKey: String) -> Bool { true }

    /// The OpenMaps version.
    public class func sdkVersion() -> String { "0.3.0 (OpenMaps)" }

    /// The licences of the open data and software OpenMaps ships with.
    public class func openSourceLicenseInfo() -> String {
        "OpenMaps links Cairo, Pango, HarfBuzz, libpng, libjpeg-turbo and zlib; text uses Roboto (Apache 2.0) and Noto (OFL 1.1)."
    }
}
