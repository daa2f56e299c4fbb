import Foundation

/// A feature's metadata, as the SDK's `GMSFeature` (Swift name `Feature`).
///
/// As in the SDK, the type is a method here, `featureType()`, while ``PlaceFeature`` also has a
/// `featureType` property. Do not keep references to feature objects: a map makes new ones for
/// each style pass and each tap.
public protocol Feature: NSObjectProtocol {
    /// The type of this feature.
    func featureType() -> FeatureType
}

extension Feature where Self: PlaceFeature {
    /// The type of this place feature: its `featureType` property.
    ///
    /// Provides `featureType()` for place features. The SDK gets it from Objective-C, where the
    /// property's getter is the method. Swift cannot declare a property and a method with no
    /// arguments under the same name in one class.
    public func featureType() -> FeatureType {
        let type: FeatureType = self.featureType
        return type
    }
}

/// A feature with a Place ID: a country, a locality, a postal code area and so on, as the SDK's
/// `GMSPlaceFeature` (Swift name `PlaceFeature`). A plain `NSObject` with no actor isolation.
///
/// The map makes one for each style question and each tap on a styled boundary (see
/// ``FeatureLayer`` for the place ID scheme).
open class PlaceFeature: NSObject, Feature {
    /// The type of this feature.
    public let featureType: FeatureType
    /// The Place ID of this feature.
    public let placeID: String

    /// A place feature, for tests. In an app, only the map makes place features.
    public init(featureType: FeatureType, placeID: String) {
        self.featureType = featureType
        self.placeID = placeID
        super.init()
    }

    open override var description: String {
        "PlaceFeature(featureType: \(featureType.rawValue), placeID: \(placeID))"
    }
}

/// A feature of an uploaded dataset, as the SDK's `GMSDatasetFeature` (Swift name
/// `DatasetFeature`). Its ``featureType()`` is always ``FeatureType/dataset``. A plain `NSObject`
/// with no actor isolation.
///
/// OpenMaps makes none: it has no datasets, so no dataset layer is available (see
/// ``FeatureLayer/isAvailable``).
open class DatasetFeature: NSObject, Feature {
    /// The ID of the dataset this feature belongs to.
    public let datasetID: String
    /// The feature's attributes in the dataset, by name.
    public let datasetAttributes: [String: String]

    /// A dataset feature, for tests. In an app, only the map makes dataset features.
    public init(datasetID: String, datasetAttributes: [String: String] = [:]) {
        self.datasetID = datasetID
        self.datasetAttributes = datasetAttributes
        super.init()
    }

    /// Always ``FeatureType/dataset``.
    open func featureType() -> FeatureType {
        .dataset
    }

    open override var description: String {
        "DatasetFeature(datasetID: \(datasetID), datasetAttributes: \(datasetAttributes))"
    }
}
