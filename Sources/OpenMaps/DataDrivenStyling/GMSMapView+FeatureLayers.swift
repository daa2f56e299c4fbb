import Foundation

extension GMSMapView {
    /// The feature layer of a feature type.
    ///
    /// Each map has one layer per feature type: asking again for the same type returns the
    /// same instance. On a map with a map ID the country, admin-1 and locality layers are
    /// available (see ``FeatureLayer/isAvailable``); other types are not, as in the SDK for
    /// types a map does not support. `.dataset` is accepted but never useful: use
    /// ``datasetFeatureLayer(of:)``.
    public func featureLayer(of featureType: FeatureType) -> FeatureLayer<PlaceFeature> {
        featureLayerStore.placeLayer(of: featureType, on: self)
    }

    /// The feature layer of a dataset, by its ID.
    ///
    /// Each map has one layer per dataset ID: asking again for the same ID returns the same
    /// instance. Its feature type is ``FeatureType/dataset``. OpenMaps has no datasets, so the
    /// layer is never available (see ``FeatureLayer/isAvailable``).
    public func datasetFeatureLayer(of datasetID: String) -> DatasetFeatureLayer {
        featureLayerStore.datasetLayer(of: datasetID, on: self)
    }
}
