import Foundation

/// Identifies a kind of feature that data-driven styling can style, as the SDK's
/// `GMSFeatureType` (imported into Swift as `FeatureType`, an extensible string enum).
///
/// The SDK does not publish the string values of its `GMSFeatureType…` constants. OpenMaps uses
/// Google's documented feature type names (`"ADMINISTRATIVE_AREA_LEVEL_1"`, `"COUNTRY"`,
/// `"LOCALITY"`, …), so code that compares `rawValue` with literal strings may differ from the
/// SDK; code that compares with the static members does not.
public struct FeatureType: RawRepresentable, Hashable, Sendable {
    /// The identifier.
    public let rawValue: String

    /// A feature type from its identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A feature type from its identifier (the unlabelled form Swift gives extensible enums).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// First-level civil entities below the country, such as states (`GMSFeatureTypeAdministrativeAreaLevel1`).
    /// Raw value `"ADMINISTRATIVE_AREA_LEVEL_1"` (OpenMaps' choice; see the type's note).
    public static let administrativeAreaLevel1 = FeatureType(rawValue: "ADMINISTRATIVE_AREA_LEVEL_1")
    /// Second-level civil entities, such as counties (`GMSFeatureTypeAdministrativeAreaLevel2`).
    /// Raw value `"ADMINISTRATIVE_AREA_LEVEL_2"` (OpenMaps' choice).
    public static let administrativeAreaLevel2 = FeatureType(rawValue: "ADMINISTRATIVE_AREA_LEVEL_2")
    /// Countries (`GMSFeatureTypeCountry`). Raw value `"COUNTRY"` (OpenMaps' choice).
    public static let country = FeatureType(rawValue: "COUNTRY")
    /// Cities and towns (`GMSFeatureTypeLocality`). Raw value `"LOCALITY"` (OpenMaps' choice).
    public static let locality = FeatureType(rawValue: "LOCALITY")
    /// Postal code areas (`GMSFeatureTypePostalCode`). Raw value `"POSTAL_CODE"` (OpenMaps' choice).
    public static let postalCode = FeatureType(rawValue: "POSTAL_CODE")
    /// School districts (`GMSFeatureTypeSchoolDistrict`). Raw value `"SCHOOL_DISTRICT"` (OpenMaps' choice).
    public static let schoolDistrict = FeatureType(rawValue: "SCHOOL_DISTRICT")
    /// Features of an uploaded dataset (`GMSFeatureTypeDataset`). Raw value `"DATASET"` (OpenMaps' choice).
    public static let dataset = FeatureType(rawValue: "DATASET")
}
