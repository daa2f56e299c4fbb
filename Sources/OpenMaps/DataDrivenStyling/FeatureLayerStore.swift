import Foundation

/// The feature layers of one map. It holds one `FeatureLayer<PlaceFeature>` per feature type,
/// one ``DatasetFeatureLayer`` per dataset ID and one tap view per layer. Each is made on first
/// request and kept for the map's life, so a request always returns the same instance, as in
/// the SDK.
///
/// The map view owns it and uses it on the main actor only.
final class FeatureLayerStore {
    private var placeLayers: [FeatureType: FeatureLayer<PlaceFeature>] = [:]
    private var datasetLayers: [String: DatasetFeatureLayer] = [:]
    /// The `FeatureLayer<any Feature>` the tap callback gets, by the state it views.
    private var tapViews: [ObjectIdentifier: FeatureLayer<any Feature>] = [:]
    /// Every layer's state, in the order the layers were first asked for.
    private(set) var states: [FeatureLayerState] = []

    init() {}

    /// The map's layer for a feature type, made on first request.
    func placeLayer(of featureType: FeatureType, on mapView: GMSMapView) -> FeatureLayer<PlaceFeature> {
        if let layer = placeLayers[featureType] { return layer }
        let state = FeatureLayerState(featureType: featureType, mapView: mapView)
        state.isAvailable = mapView.mapID != nil && BoundaryLayer.kind(of: featureType) != nil
        let layer = FeatureLayer<PlaceFeature>(state: state)
        placeLayers[featureType] = layer
        states.append(state)
        return layer
    }

    /// The map's layer for a dataset, made on first request. Its feature type is `.dataset`.
    func datasetLayer(of datasetID: String, on mapView: GMSMapView) -> DatasetFeatureLayer {
        if let layer = datasetLayers[datasetID] { return layer }
        let state = FeatureLayerState(featureType: .dataset, datasetID: datasetID, mapView: mapView)
        let layer = DatasetFeatureLayer(state: state)
        datasetLayers[datasetID] = layer
        states.append(state)
        return layer
    }

    /// The `FeatureLayer<any Feature>` to pass to `mapView(_:didTap:in:atLocation:)` for one of
    /// this map's layers. It shares the layer's state and is the same instance on every tap.
    func tapView<Value>(of layer: FeatureLayer<Value>) -> FeatureLayer<any Feature> {
        tapView(of: layer.state)
    }

    /// The `FeatureLayer<any Feature>` viewing a layer's state, made on first request.
    func tapView(of state: FeatureLayerState) -> FeatureLayer<any Feature> {
        let key = ObjectIdentifier(state)
        if let view = tapViews[key] { return view }
        let view = FeatureLayer<any Feature>(state: state)
        tapViews[key] = view
        return view
    }

    /// The state of the map's layer for a feature type, if it was asked for.
    func state(of featureType: FeatureType) -> FeatureLayerState? {
        placeLayers[featureType]?.state
    }

    /// Changes whenever any layer's style is set, so the map knows to draw again.
    var revision: Int {
        states.reduce(0) { $0 &+ $1.revision }
    }
}
